"""Move my tables to another device: one link that carries every seat token and spectator key of a browser.

Built like a seat link (``app.links``): the link holds a one-time code in its fragment, the database keeps only the
code's hash and the credentials sealed under a key derived from the code, and a claim hands them over once, within
``LIFETIME``. Each credential is checked against its table when the link is made (one that no longer works is left
out, and named) and again when it is claimed (a seat that went in between is named, not handed over).

The QR code of the link is drawn here, in the answer that makes the link, so the code never travels in a request's
address, where a log could keep it.
"""

from __future__ import annotations

import io
import json
import secrets
from datetime import datetime, timedelta

import segno
from sqlalchemy import delete, select, update

from app.errors import ApiError
from app.held import Held
from app.models import MoveLinkRow
from app.sealing import seal_with_code, unseal_with_code
from app.seats import Credential, hash_token, same_secret, seat_for_token
from app.service import TableService
from app.shield import runs_to_end
from app.timing import aware, now

LIFETIME = timedelta(hours=24)
CODE_BYTES = 24  # 32 characters, like a seat link's code
MAX_TABLES = 100  # as "Your tables" asks about at most
SPENT = ""  # the sealed credentials of a used code: nothing left to unseal
ASK = "make a new one on the device that holds your tables (\"Move my tables to another device\" under Your tables)."


def bad_move_link() -> ApiError:
    return ApiError(403, "bad_link", "This move link is not valid: it may be mistyped or incomplete, or so old that "
                                     f"it was deleted; {ASK}")


def used() -> ApiError:
    return ApiError(410, "link_used", "This move link was already used, perhaps on another device, or by this browser "
                                      f"a moment ago; its tables are where it was used. To move them again, {ASK}")


def expired() -> ApiError:
    hours = f"{LIFETIME.total_seconds() / 3600:g}"
    return ApiError(410, "link_expired", f"This move link has expired (a move link lasts {hours} hours); {ASK}")


PURPOSE = "move link"  # the sealing key's own purpose (app.sealing): it shares nothing with a seat link's


def seal(credentials: list[Credential], code: str) -> str:
    return seal_with_code(json.dumps([c.public() for c in credentials], separators=(",", ":")), code, PURPOSE)


def unseal(sealed: str, code: str) -> list[Credential] | None:
    plain = unseal_with_code(sealed, code, PURPOSE)
    try:
        return [Credential(str(c["table_id"]), c.get("token"), c.get("spectate")) for c in json.loads(plain or "")]
    except (ValueError, TypeError, KeyError):
        return None


def move_url(base: str, code: str) -> str:
    # The code rides in the fragment, which browsers never send to a server (or its logs).
    return f"{base}/move#{code}"


def qr_svg(text: str) -> str:
    """A QR code of ``text`` as a standalone SVG document (for an <img> through a data: address)."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", xmldecl=False, svgns=True, scale=4, border=4,
                                     title="QR code of the move link", dark="#000", light="#fff")
    return out.getvalue().decode()


def _works(held: Held, credential: Credential) -> bool:
    if credential.token:
        return seat_for_token(held.seats, credential.token) is not None
    return bool(credential.spectate) and same_secret(credential.spectate, held.table.spectate_key)


class MoveLinks:
    """Making and claiming move links, through the table service's database."""

    def __init__(self, service: TableService) -> None:
        self.service = service

    async def _check(self, credentials: list[Credential]) -> tuple[list[Credential], list[str]]:
        """The credentials that work at their tables now, and the table ids of those that do not."""
        good: list[Credential] = []
        bad: list[str] = []
        for credential in credentials:
            held = await self.service.held_or_none(credential.table_id)
            if held is not None and not _works(held, credential):  # taken a moment ago through another worker?
                held = await self.service.held_or_none(credential.table_id, again=True)
            if held is None:
                bad.append(credential.table_id)
                continue
            if _works(held, credential):
                good.append(credential)
            else:
                bad.append(credential.table_id)
        return good, bad

    @runs_to_end
    async def make(self, credentials: list[Credential]) -> tuple[str, datetime, list[Credential], list[str]]:
        """A one-time code for the credentials that work; returns it, its expiry, what it carries and what was left
        out. Refused when nothing works."""
        if len(credentials) > MAX_TABLES:
            raise ApiError(422, "bad_request", f"At most {MAX_TABLES} tables in one move link.")
        if len({c.table_id for c in credentials}) != len(credentials):
            raise ApiError(422, "bad_request", "Each table may be named once.")
        good, left_out = await self._check(credentials)
        if not good:
            raise ApiError(422, "nothing_to_move", "None of these tables can be moved: each has ended, expired, or "
                                                   "no longer has a seat for this browser.")
        stamp = now()
        code = secrets.token_urlsafe(CODE_BYTES)
        expires = stamp + LIFETIME
        async with self.service.writing() as session:
            # Expired links go as new ones are made: nothing else needs them.
            await session.execute(delete(MoveLinkRow).where(MoveLinkRow.expires_at < stamp)
                                  .execution_options(synchronize_session=False))
            session.add(MoveLinkRow(code_hash=hash_token(code), sealed=seal(good, code), state="open",
                                    expires_at=expires, created_at=stamp))
            await session.commit()
        return code, expires, good, left_out

    @runs_to_end
    async def claim(self, code: str) -> tuple[list[Credential], list[str]]:
        """Trade ``code`` for its credentials, once: those that still work, and the table ids of those that no longer
        do. Every refusal leaves the code as it was."""
        stamp = now()
        # Checked in a plain session, as a seat link's claim is: only a claim that will succeed takes the write lock.
        async with self.service.reading() as session:
            link = await session.scalar(select(MoveLinkRow).where(MoveLinkRow.code_hash == hash_token(code)))
            if link is None:
                raise bad_move_link()
            if link.state != "open":
                raise used()
            if aware(link.expires_at) <= stamp:
                raise expired()
            credentials = unseal(link.sealed, code)
            if credentials is None:  # unreachable: the code's hash matched, so its key opens what it sealed
                raise bad_move_link()
            link_id = link.id
        async with self.service.writing() as session:
            # Guarded on the state, so of two claims at once (even through two workers) only one succeeds.
            marked = await session.execute(
                update(MoveLinkRow).where(MoveLinkRow.id == link_id, MoveLinkRow.state == "open")
                .values(state="used", sealed=SPENT).execution_options(synchronize_session=False))
            if getattr(marked, "rowcount", 0) != 1:
                await session.rollback()
                raise used()
            await session.commit()
        return await self._check(credentials)
