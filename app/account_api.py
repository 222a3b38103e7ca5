"""The Accounts section of API.md: passkey ceremonies, the session cookie, and the seats bound to an account.

Every POST here can be authorised by the session cookie (or sets it), so every one first passes ``same_origin``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import Field

from app.account_seats import AccountSeats
from app.accounts import Account, Accounts, relying_party
from app.api import Body, HeldTable, limited
from app.deps import from_state
from app.seats import Credential
from app.sessions import (
    SameOrigin,
    SignedInDep,
    clear_cookie,
    end_session,
    set_cookie,
    signed_in_as,
    start_session,
)

router = APIRouter(prefix="/api/account")


AccountsDep = Annotated[Accounts, Depends(from_state("accounts"))]
AccountSeatsDep = Annotated[AccountSeats, Depends(from_state("account_seats"))]


class NewAccount(Body):
    name: str


class Answer(Body):
    credential: dict[str, Any] = Field(description="The browser's PublicKeyCredential, as JSON (binary fields in "
                                                   "base64url).")


class Rename(Body):
    name: str


class Bind(Body):
    tables: list[HeldTable] = Field(max_length=100)


class Forget(Body):
    table_id: str = Field(max_length=64)


def _public(name: str) -> dict[str, Any]:
    return {"name": name}


@router.get("")
async def who_am_i(request: Request, accounts: AccountsDep) -> dict[str, Any]:
    """Who this device is signed in as (``account`` null: nobody), and whether passkeys can work at this address."""
    relying = relying_party(request.app.state.settings, request)
    who = await signed_in_as(request)
    account = None if who is None else {**_public(who.name), "passkeys": await accounts.passkey_count(who.account_id)}
    return {"account": account, "passkeys": {"available": relying.rp_id is not None, "reason": relying.reason}}


@router.post("/register/options", dependencies=[SameOrigin])
async def register_options(body: NewAccount, request: Request, accounts: AccountsDep) -> dict[str, Any]:
    limited(request, "account_limiter", "passkey attempts")
    relying = relying_party(request.app.state.settings, request)
    return {"options": await accounts.register_options(relying, body.name)}


async def _signed_in(request: Request, response: Response, account: Account) -> dict[str, Any]:
    """Start this device's session for ``account`` (ending the one it had: a device signs in as one account at a
    time) and set its cookie."""
    before = await signed_in_as(request)
    token = await start_session(request.app.state.service, account.id, before.session_id if before else None)
    set_cookie(response, request, token)
    return {"account": _public(account.name)}


@router.post("/register", status_code=201, dependencies=[SameOrigin])
async def register(body: Answer, request: Request, response: Response, accounts: AccountsDep) -> dict[str, Any]:
    """Create the account with the passkey just made, and sign this device in."""
    limited(request, "account_limiter", "passkey attempts")
    account = await accounts.register(relying_party(request.app.state.settings, request), body.credential)
    return await _signed_in(request, response, account)


@router.post("/login/options", dependencies=[SameOrigin])
async def login_options(request: Request, accounts: AccountsDep) -> dict[str, Any]:
    limited(request, "account_limiter", "passkey attempts")
    return {"options": await accounts.login_options(relying_party(request.app.state.settings, request))}


@router.post("/login", dependencies=[SameOrigin])
async def login(body: Answer, request: Request, response: Response, accounts: AccountsDep) -> dict[str, Any]:
    """Sign this device in with a passkey's answer."""
    limited(request, "account_limiter", "passkey attempts")
    account = await accounts.login(relying_party(request.app.state.settings, request), body.credential)
    return await _signed_in(request, response, account)


@router.post("/passkeys/options", dependencies=[SameOrigin])
async def passkey_options(request: Request, who: SignedInDep, accounts: AccountsDep) -> dict[str, Any]:
    relying = relying_party(request.app.state.settings, request)
    return {"options": await accounts.add_options(relying, Account(who.account_id, who.name))}


@router.post("/passkeys", status_code=201, dependencies=[SameOrigin])
async def add_passkey(body: Answer, request: Request, who: SignedInDep, accounts: AccountsDep) -> dict[str, Any]:
    """Add the passkey just made (on this device, or through it) to the signed-in account."""
    account = Account(who.account_id, who.name)
    await accounts.add_passkey(relying_party(request.app.state.settings, request), account, body.credential)
    return {"passkeys": await accounts.passkey_count(who.account_id)}


@router.post("/name", dependencies=[SameOrigin])
async def rename(body: Rename, who: SignedInDep, accounts: AccountsDep) -> dict[str, Any]:
    account = await accounts.rename(Account(who.account_id, who.name), body.name)
    return {"account": _public(account.name)}


@router.post("/sign-out", dependencies=[SameOrigin])
async def sign_out(request: Request, response: Response) -> dict[str, Any]:
    """End this device's session (others stay signed in). Signed out already: nothing to do, same answer."""
    who = await signed_in_as(request)
    if who is not None:
        await end_session(request.app.state.service, who.session_id)
    clear_cookie(response, request)
    return {"account": None}


@router.post("/seats", dependencies=[SameOrigin])
async def bind_seats(body: Bind, who: SignedInDep, seats: AccountSeatsDep) -> dict[str, Any]:
    """Bind seats and spectator links this browser holds to the account (credentials in the body)."""
    asked = [Credential(t.table_id, t.token, t.spectate) for t in body.tables]
    return await seats.bind(who.account_id, asked)


@router.post("/seats/forget", dependencies=[SameOrigin])
async def forget_seats(body: Forget, who: SignedInDep, seats: AccountSeatsDep) -> dict[str, Any]:
    """Drop the account's binding at a table (the person stopped watching it, or forgot a finished one): its other
    devices stop listing it. The same answer when there was none."""
    await seats.forget(who.account_id, body.table_id)
    return {"forgotten": True}
