"""Optional accounts with passkeys (WebAuthn, through the ``webauthn`` package): no password, no e-mail, a display
name and nothing else.

Each ceremony is two requests: the options (with a fresh challenge) and the browser's answer, which the library
verifies against that challenge, our relying party id and our origin. A challenge is stored only as its hash, lasts
``CHALLENGE_LIFETIME`` and is spent by the first answer that names it, verified or not: a replayed answer finds
nothing. Sign-in is usernameless (a discoverable credential, no allowCredentials): the passkey is found by the hash
of its credential id. A signature counter that does not go up (when either side counts) is what a copied
authenticator shows: refused.

The relying party id is PUBLIC_URL's host. Without PUBLIC_URL (one machine) it is the request's host when that is a
loopback name (localhost): browsers refuse an IP address as a relying party and offer WebAuthn only to https pages
and to localhost, so anywhere else the page is told why passkeys cannot work here (``Relying.reason``).
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

from fastapi import Request
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from app.errors import ApiError
from app.guards import host_name
from app.models import AccountRow, AuthChallengeRow, PasskeyRow
from app.names import NAME_MAX, check_person_name, clean_text
from app.service import TableService
from app.sessions import our_origin
from app.settings import Settings
from app.shield import runs_to_end
from app.timing import aware, now

RP_NAME = "Tabletop Secrets"
CHALLENGE_LIFETIME = timedelta(minutes=5)
CEREMONY_TIMEOUT_MS = 120_000  # what the browser is told to give the person; the challenge outlasts it
CHALLENGE_BYTES = 32
ACCOUNT_ID_BYTES = 16  # 32 hex characters, as AccountRow.id holds
LOOPBACK_NAMES = ("localhost",)


@dataclass(frozen=True)
class Relying:
    """Who we are to a passkey: the relying party id and the origin answers must come from; or, where passkeys
    cannot work, ``reason`` (for the page to say)."""

    rp_id: str | None
    origin: str | None
    reason: str | None = None


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


def _is_loopback_name(host: str) -> bool:
    return host in LOOPBACK_NAMES or host.endswith(".localhost")


def relying_party(settings: Settings, request: Request) -> Relying:
    """The relying party for a request (see the module's text)."""
    origin = our_origin(request)  # the origin our pages are served from, as the Origin rule knows it
    if settings.public_url:
        parts = urlsplit(settings.public_url)
        host = (parts.hostname or "").lower()
        if _is_ip(host):
            return Relying(None, None, "Passkeys cannot work on this server: browsers accept them only on a named "
                                       "site, and this one is reached by an IP address. Its operator can set "
                                       "PUBLIC_URL to an https address with a name.")
        if parts.scheme != "https" and not _is_loopback_name(host):
            return Relying(None, None, "Passkeys cannot work on this server: browsers offer them only on https "
                                       "sites (or at localhost), and this one is served over plain http.")
        asked = host_name(request.headers.get("host", ""))
        if asked != host:
            return Relying(None, None, f"Passkeys work at {origin}, this site's own address; open it there to "
                                       "create an account or sign in.")
        return Relying(host, origin)
    host = host_name(request.headers.get("host", ""))
    if _is_loopback_name(host):
        return Relying(host, origin)
    if _is_ip(host):
        return Relying(None, None, "Passkeys cannot work at an IP address (browsers refuse one as a passkey's site). "
                                   "On this computer, open the same page at localhost instead of 127.0.0.1; "
                                   "elsewhere the server's operator sets PUBLIC_URL to its https address.")
    return Relying(None, None, "Passkeys are not set up on this server: its operator sets PUBLIC_URL to the https "
                               "address it is reached at.")


def usable(relying: Relying) -> tuple[str, str]:
    if relying.rp_id is None or relying.origin is None:
        raise ApiError(409, "passkeys_unavailable", relying.reason or "Passkeys cannot work on this server.")
    return relying.rp_id, relying.origin


def _hash(raw: bytes) -> str:
    return hashlib.sha256(raw).hexdigest()


def account_id_for(challenge: bytes) -> str:
    """A new account's id, derived from its registration challenge: the passkey stores it as its user handle, and
    the server needs to keep nothing but the challenge's hash between the two requests."""
    return hashlib.sha256(b"tabletop account\0" + challenge).digest()[:ACCOUNT_ID_BYTES].hex()


def refused(why: str = "") -> ApiError:
    return ApiError(403, "passkey_refused", "Your passkey's answer could not be verified, so nothing was changed"
                                            f"{': ' + why if why else ''}. Please try again.")


def expired_attempt() -> ApiError:
    return ApiError(410, "attempt_expired", "This passkey attempt has expired or was already used. Please start "
                                            "again.")


def _challenge_of(credential: dict[str, Any]) -> bytes:
    """The challenge an answer signed, read from its clientDataJSON (the library checks it again, verifying)."""
    try:
        response = credential["response"]
        client_data = json.loads(base64url_to_bytes(response["clientDataJSON"]))
        challenge = base64url_to_bytes(client_data["challenge"])
    except (KeyError, TypeError, ValueError) as exc:
        raise refused("it is incomplete") from exc
    if not isinstance(challenge, bytes) or not challenge:
        raise refused("it is incomplete")
    return challenge


def _credential_id(credential: dict[str, Any]) -> bytes:
    raw = credential.get("rawId")
    if not isinstance(raw, str) or not raw or len(raw) > 1400:
        raise refused("it names no passkey")
    try:
        return base64url_to_bytes(raw)
    except ValueError as exc:
        raise refused("it names no passkey") from exc


def display_name(name: Any) -> str:
    return check_person_name(clean_text(name, NAME_MAX, "name"))


@dataclass(frozen=True)
class Account:
    id: str
    name: str


class Accounts:
    """The ceremonies and the account's one editable fact (its name), through the table service's database."""

    def __init__(self, service: TableService) -> None:
        self.service = service

    async def _challenge(self, purpose: str, account_id: str | None = None, name: str | None = None) -> bytes:
        challenge = secrets.token_bytes(CHALLENGE_BYTES)
        stamp = now()
        async with self.service.writing() as session:
            await session.execute(delete(AuthChallengeRow).where(AuthChallengeRow.expires_at <= stamp))
            session.add(AuthChallengeRow(challenge_hash=_hash(challenge), purpose=purpose, account_id=account_id,
                                         name=name, expires_at=stamp + CHALLENGE_LIFETIME, created_at=stamp))
            await session.commit()
        return challenge

    async def _spend(self, challenge: bytes, purpose: str) -> AuthChallengeRow:
        """Take the challenge out of the store, once: of two answers naming it, only the first finds it."""
        async with self.service.writing() as session:
            row = await session.scalar(select(AuthChallengeRow).where(
                AuthChallengeRow.challenge_hash == _hash(challenge)))
            if row is None or row.purpose != purpose:
                raise expired_attempt()
            gone = await session.execute(delete(AuthChallengeRow).where(AuthChallengeRow.id == row.id))
            await session.commit()
        if getattr(gone, "rowcount", 0) != 1 or aware(row.expires_at) <= now():
            raise expired_attempt()
        return row

    # ----------------------------------------------------------------- registration

    def _creation_options(self, rp_id: str, challenge: bytes, user_id: bytes, name: str) -> dict[str, Any]:
        options = generate_registration_options(
            rp_id=rp_id, rp_name=RP_NAME, user_name=name, user_id=user_id, user_display_name=name,
            challenge=challenge, timeout=CEREMONY_TIMEOUT_MS,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED, require_resident_key=True,
                user_verification=UserVerificationRequirement.REQUIRED))
        parsed: dict[str, Any] = json.loads(options_to_json(options))
        return parsed

    @runs_to_end
    async def register_options(self, relying: Relying, name: Any) -> dict[str, Any]:
        """Options to create a new account's first passkey."""
        rp_id, _ = usable(relying)
        clean = display_name(name)
        challenge = await self._challenge("register", name=clean)
        return self._creation_options(rp_id, challenge, bytes.fromhex(account_id_for(challenge)), clean)

    @runs_to_end
    async def add_options(self, relying: Relying, account: Account) -> dict[str, Any]:
        """Options to add a passkey to the signed-in account (another device, another platform)."""
        rp_id, _ = usable(relying)
        challenge = await self._challenge("add", account_id=account.id)
        return self._creation_options(rp_id, challenge, bytes.fromhex(account.id), account.name)

    def _verified_creation(self, relying: Relying, credential: dict[str, Any], challenge: bytes) -> PasskeyRow:
        rp_id, origin = usable(relying)
        try:
            verified = verify_registration_response(credential=credential, expected_challenge=challenge,
                                                    expected_rp_id=rp_id, expected_origin=origin,
                                                    require_user_verification=True)
        except (WebAuthnException, KeyError, TypeError, ValueError) as exc:
            raise refused() from exc
        return PasskeyRow(credential_hash=_hash(verified.credential_id),
                          public_key=bytes_to_base64url(verified.credential_public_key),
                          sign_count=verified.sign_count, created_at=now())

    @runs_to_end
    async def register(self, relying: Relying, credential: dict[str, Any]) -> Account:
        """A new account with the passkey the browser just made."""
        usable(relying)
        challenge = _challenge_of(credential)
        spent = await self._spend(challenge, "register")
        passkey = self._verified_creation(relying, credential, challenge)
        account = AccountRow(id=account_id_for(challenge), name=spent.name or "?", created_at=now())
        passkey.account_id = account.id
        async with self.service.writing() as session:
            session.add(account)
            await session.flush()
            session.add(passkey)
            try:
                await session.commit()
            except IntegrityError as exc:
                raise known_passkey() from exc
        return Account(account.id, account.name)

    @runs_to_end
    async def add_passkey(self, relying: Relying, account: Account, credential: dict[str, Any]) -> None:
        usable(relying)
        challenge = _challenge_of(credential)
        spent = await self._spend(challenge, "add")
        if spent.account_id != account.id:
            raise expired_attempt()  # started signed in as someone else: this device's session changed since
        passkey = self._verified_creation(relying, credential, challenge)
        passkey.account_id = account.id
        async with self.service.writing() as session:
            session.add(passkey)
            try:
                await session.commit()
            except IntegrityError as exc:
                raise known_passkey() from exc

    # ----------------------------------------------------------------- sign-in

    @runs_to_end
    async def login_options(self, relying: Relying) -> dict[str, Any]:
        """Options to sign in with any passkey of this site: the browser offers the ones it has (usernameless)."""
        rp_id, _ = usable(relying)
        challenge = await self._challenge("login")
        options = generate_authentication_options(rp_id=rp_id, challenge=challenge, timeout=CEREMONY_TIMEOUT_MS,
                                                  user_verification=UserVerificationRequirement.REQUIRED)
        parsed: dict[str, Any] = json.loads(options_to_json(options))
        return parsed

    @runs_to_end
    async def login(self, relying: Relying, credential: dict[str, Any]) -> Account:
        rp_id, origin = usable(relying)
        challenge = _challenge_of(credential)
        await self._spend(challenge, "login")
        credential_hash = _hash(_credential_id(credential))
        async with self.service.reading() as session:
            found = (await session.execute(select(PasskeyRow, AccountRow)
                                           .join(AccountRow, AccountRow.id == PasskeyRow.account_id)
                                           .where(PasskeyRow.credential_hash == credential_hash))).first()
        if found is None:
            raise ApiError(403, "unknown_passkey", "This passkey is not known here: it may be for another site, or "
                                                   "the account it was made for no longer exists.")
        passkey, account = found
        try:
            # The library's own counter check is given 0 (it then checks nothing): the rule is ours, just below.
            verified = verify_authentication_response(
                credential=credential, expected_challenge=challenge, expected_rp_id=rp_id, expected_origin=origin,
                credential_public_key=base64url_to_bytes(passkey.public_key), credential_current_sign_count=0,
                require_user_verification=True)
        except (WebAuthnException, KeyError, TypeError, ValueError) as exc:
            raise refused() from exc
        if not counter_moved_on(passkey.sign_count, verified.new_sign_count):
            raise cloned()
        async with self.service.writing() as session:
            # Guarded on the counter read: of two sign-ins with the same count at once, one is refused as a clone.
            moved = await session.execute(
                update(PasskeyRow).where(PasskeyRow.id == passkey.id, PasskeyRow.sign_count == passkey.sign_count)
                .values(sign_count=verified.new_sign_count, last_used_at=now())
                .execution_options(synchronize_session=False))
            if getattr(moved, "rowcount", 0) != 1:
                await session.rollback()
                raise cloned()
            await session.commit()
        return Account(account.id, account.name)

    # ----------------------------------------------------------------- the account

    @runs_to_end
    async def rename(self, account: Account, name: Any) -> Account:
        clean = display_name(name)
        async with self.service.writing() as session:
            await session.execute(update(AccountRow).where(AccountRow.id == account.id).values(name=clean)
                                  .execution_options(synchronize_session=False))
            await session.commit()
        return Account(account.id, clean)

    async def passkey_count(self, account_id: str) -> int:
        async with self.service.reading() as session:
            rows = await session.scalars(select(PasskeyRow.id).where(PasskeyRow.account_id == account_id))
            return len(list(rows))


def known_passkey() -> ApiError:
    return ApiError(409, "passkey_known", "This passkey is already registered here. Sign in with it instead.")


def counter_moved_on(stored: int, new: int) -> bool:
    """Whether a passkey's use counter went up, as it must when either side counts (a copied authenticator sends
    a count already seen); a passkey that never counts sends 0 every time."""
    return (stored == 0 and new == 0) or new > stored


def cloned() -> ApiError:
    return ApiError(403, "passkey_cloned", "This passkey's use counter went backwards, which is what a copied "
                                           "authenticator shows, so it is refused. Sign in with another passkey.")
