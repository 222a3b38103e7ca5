"""Signed-in devices: an opaque session cookie, the account it names, and the Origin rule for cookie-authorised routes.

The cookie holds a random value the database never sees: only its SHA-256 is stored (``AccountSessionRow``), so a
copy of the database signs nobody in. HttpOnly (no script reads it), SameSite=Lax (a cross-site POST does not carry
it) and Secure when the site is served over https.

A cookie is sent by the browser on its own, whoever's page made the request; a seat token is not. So every route a
cookie can authorise that changes something (or hands back credentials) first checks that the request comes from one
of our own pages (``same_origin``): SameSite covers other sites, this covers other origins of the same site (a
sibling subdomain, another port) and older browsers.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Annotated
from urllib.parse import urlsplit

from fastapi import Depends, Request, Response
from sqlalchemy import delete, select

from app.errors import ApiError
from app.models import AccountRow, AccountSessionRow
from app.seats import hash_token
from app.service import TableService
from app.settings import Settings
from app.shield import runs_to_end
from app.timing import aware, now

COOKIE = "tabletop_session"
LIFETIME = timedelta(days=180)
TOKEN_BYTES = 32


@dataclass(frozen=True)
class SignedIn:
    """The account a request's session cookie names, and that session's row."""

    account_id: str
    name: str
    session_id: int


def our_origin(request: Request) -> str:
    """The origin our own pages are served from: PUBLIC_URL's when set, else the request's scheme and Host."""
    settings: Settings = request.app.state.settings
    if settings.public_url:
        parts = urlsplit(settings.public_url)
        return f"{parts.scheme}://{parts.netloc}".lower()
    return f"{request.url.scheme}://{request.headers.get('host', '')}".lower()


def served_securely(request: Request) -> bool:
    settings: Settings = request.app.state.settings
    return settings.public_url.startswith("https://") or request.url.scheme == "https"


def cross_site() -> ApiError:
    return ApiError(403, "cross_site", "This request came from a page on another site, so it cannot act for a "
                                       "signed-in person. Open this site's own page and try again there.")


def same_origin(request: Request) -> None:
    """Refuse a request made by a page of another origin. A browser names the page's origin on every POST (and says
    where a fetch comes from in Sec-Fetch-Site); a program that is not a browser sends neither and carries no
    browser's cookie, so it passes."""
    origin = request.headers.get("origin")
    if origin is not None:
        if origin.rstrip("/").lower() != our_origin(request):
            raise cross_site()
        return
    if request.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
        raise cross_site()


SameOrigin = Depends(same_origin)


def set_cookie(response: Response, request: Request, token: str) -> None:
    response.set_cookie(COOKIE, token, max_age=int(LIFETIME.total_seconds()), path="/", httponly=True,
                        samesite="lax", secure=served_securely(request))


def clear_cookie(response: Response, request: Request) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=served_securely(request))


def _service(request: Request) -> TableService:
    service: TableService = request.app.state.service
    return service


@runs_to_end
async def start_session(service: TableService, account_id: str, replacing: int | None = None) -> str:
    """A new session for ``account_id`` (ending the device's session ``replacing``, if it had one); returns the
    cookie's value (kept nowhere but in the cookie)."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    stamp = now()
    async with service.writing() as session:
        # Expired sessions go as a new one starts: sessions are few, and nothing else needs to sweep them.
        await session.execute(delete(AccountSessionRow).where(AccountSessionRow.expires_at <= stamp))
        if replacing is not None:
            await session.execute(delete(AccountSessionRow).where(AccountSessionRow.id == replacing))
        session.add(AccountSessionRow(account_id=account_id, token_hash=hash_token(token), created_at=stamp,
                                      expires_at=stamp + LIFETIME))
        await session.commit()
    return token


async def signed_in_as(request: Request) -> SignedIn | None:
    """The account the request's cookie names, or None (no cookie, an unknown one, or an expired session)."""
    token = request.cookies.get(COOKIE)
    if not token or len(token) > 128:
        return None
    async with _service(request).reading() as session:
        found = (await session.execute(
            select(AccountSessionRow, AccountRow).join(AccountRow, AccountRow.id == AccountSessionRow.account_id)
            .where(AccountSessionRow.token_hash == hash_token(token)))).first()
    if found is None:
        return None
    row, account = found
    if aware(row.expires_at) <= now():
        return None
    return SignedIn(account.id, account.name, row.id)


def not_signed_in() -> ApiError:
    return ApiError(401, "not_signed_in", "You are not signed in on this device (or your session has ended). Sign "
                                          "in with your passkey and try again.")


async def signed_in(request: Request) -> SignedIn:
    who = await signed_in_as(request)
    if who is None:
        raise not_signed_in()
    return who


@runs_to_end
async def end_session(service: TableService, session_id: int) -> None:
    async with service.writing() as session:
        await session.execute(delete(AccountSessionRow).where(AccountSessionRow.id == session_id))
        await session.commit()


SignedInDep = Annotated[SignedIn, Depends(signed_in)]
