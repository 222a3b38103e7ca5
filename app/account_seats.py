"""Seats and spectator links bound to an account, so that every device the person signs in on can open them.

A binding is made only with the credential itself (the seat's token or the table's spectator key, in a request's
body), checked against the table as a seat is everywhere else: an account never holds a seat it was not given.

The credential is kept sealed (AES-GCM under a server key, ``SEAL_KEY`` in ``ServerKeyRow``, made at first use), not
hashed like everywhere else: a device that signs in must be handed the token itself to play in the seat, and a hash
cannot be turned back into one. The sealing binds each token to its account, table and seat (the associated data),
so a sealed value copied to another row does not open. A binding whose seat is gone (left, removed, or given a new
token) is dropped the next time the account's tables are listed.
"""

from __future__ import annotations

import base64
import secrets
from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError

from app.errors import ApiError
from app.held import Held
from app.invitations import Invitations
from app.mine import your_tables
from app.models import AccountSeatRow, ServerKeyRow
from app.seats import hash_token, same_secret
from app.service import TableService
from app.shield import runs_to_end
from app.timing import now

SEAL_KEY = "account_seal_key"
NONCE_BYTES = 12
MAX_BOUND = 100  # one account's tables, as many as one browser's list holds


@dataclass(frozen=True)
class Credential:
    """What opens a table for its holder: a seat token, or (``token`` None) a spectator key."""

    table_id: str
    token: str | None = None
    spectate: str | None = None

    def body(self) -> dict[str, str]:
        if self.token:
            return {"table_id": self.table_id, "token": self.token}
        return {"table_id": self.table_id, "spectate": self.spectate or ""}


def _aad(account_id: str, table_id: str, seat_id: int | None) -> bytes:
    return f"tabletop account seat\0{account_id}\0{table_id}\0{seat_id}".encode()


def _seat_id(held: Held, token: str) -> int | None:
    hashed = hash_token(token)
    seat = next((s for s in held.seats if s.token_hash is not None and same_secret(hashed, s.token_hash)), None)
    return None if seat is None else seat.id


class AccountSeats:
    def __init__(self, service: TableService) -> None:
        self.service = service
        self._key: AESGCM | None = None

    async def _cipher(self) -> AESGCM:
        """The sealing key, made at first use (two workers making it at once agree on the first stored)."""
        if self._key is not None:
            return self._key
        async with self.service.sessions() as session:
            row = await session.get(ServerKeyRow, SEAL_KEY)
            if row is None:
                made = base64.b64encode(AESGCM.generate_key(bit_length=256)).decode()
                session.add(ServerKeyRow(name=SEAL_KEY, value=made, created_at=now()))
                try:
                    await session.commit()
                except IntegrityError:
                    await session.rollback()
                row = await session.get(ServerKeyRow, SEAL_KEY, populate_existing=True)
            assert row is not None
            self._key = AESGCM(base64.b64decode(row.value))
        return self._key

    async def _seal(self, secret: str, aad: bytes) -> str:
        nonce = secrets.token_bytes(NONCE_BYTES)
        return base64.b64encode(nonce + (await self._cipher()).encrypt(nonce, secret.encode(), aad)).decode()

    async def _unseal(self, sealed: str | None, aad: bytes) -> str | None:
        if not sealed:
            return None
        try:
            raw = base64.b64decode(sealed)
            return (await self._cipher()).decrypt(raw[:NONCE_BYTES], raw[NONCE_BYTES:], aad).decode()
        except Exception:  # noqa: BLE001 - a value that does not open is as good as none
            return None

    @runs_to_end
    async def bind(self, account_id: str, asked: list[Credential]) -> dict[str, Any]:
        """Bind each credential that opens its table to the account; the others are named in ``refused`` and change
        nothing. A seat replaces the account's spectator link at the same table; a spectator link never replaces a
        seat."""
        bound: list[str] = []
        refused: list[str] = []
        checked: list[tuple[Credential, int | None]] = []
        for credential in asked:
            try:
                held = await self.service.held(credential.table_id)
            except ApiError as exc:
                if exc.status != 404:
                    raise
                refused.append(credential.table_id)
                continue
            if credential.token:
                seat_id = _seat_id(held, credential.token)
                if seat_id is None:
                    held = await self.service.held(credential.table_id, fresh=True)  # taken through another worker?
                    seat_id = _seat_id(held, credential.token)
                if seat_id is None:
                    refused.append(credential.table_id)
                    continue
                checked.append((credential, seat_id))
            elif credential.spectate and same_secret(credential.spectate, held.table.spectate_key):
                checked.append((credential, None))
            else:
                refused.append(credential.table_id)
        if not checked:
            return {"bound": bound, "refused": refused}
        sealed = [(c, seat_id, await self._seal(c.token or c.spectate or "", _aad(account_id, c.table_id, seat_id)))
                  for c, seat_id in checked]
        async with self.service.writing() as session:
            rows = list(await session.scalars(select(AccountSeatRow).where(
                AccountSeatRow.account_id == account_id,
                AccountSeatRow.table_id.in_([c.table_id for c, _, _ in sealed]))))
            count = await session.scalar(select(func.count()).select_from(AccountSeatRow)
                                         .where(AccountSeatRow.account_id == account_id)) or 0
            for credential, seat_id, value in sealed:
                mine = [r for r in rows if r.table_id == credential.table_id]
                if seat_id is None and any(r.seat_id is not None for r in mine):
                    bound.append(credential.table_id)  # the account already holds a seat there
                    continue
                for old in mine:
                    await session.delete(old)
                    count -= 1
                if count >= MAX_BOUND:
                    await session.rollback()
                    raise ApiError(409, "account_full", f"Your account already holds {MAX_BOUND} tables, the most it "
                                                        "can; nothing was added. Tables that end expire after a while "
                                                        "and make room.")
                session.add(AccountSeatRow(account_id=account_id, table_id=credential.table_id, seat_id=seat_id,
                                           sealed_token=value, created_at=now()))
                count += 1
                bound.append(credential.table_id)
            try:
                await session.commit()
            except IntegrityError as exc:  # a seat or table went away between the check and the write
                raise ApiError(409, "seat_gone", "A seat went away while it was being added; nothing was added. "
                                                 "Please try again.") from exc
        return {"bound": bound, "refused": refused}

    @runs_to_end
    async def credentials(self, account_id: str) -> list[Credential]:
        """The account's credentials that still open their tables; bindings that no longer do are dropped."""
        async with self.service.reading() as session:
            rows = list(await session.scalars(select(AccountSeatRow).where(AccountSeatRow.account_id == account_id)
                                              .order_by(AccountSeatRow.id)))
        found: list[Credential] = []
        stale: list[int] = []
        for row in rows:
            secret = await self._unseal(row.sealed_token, _aad(account_id, row.table_id, row.seat_id))
            try:
                held = await self.service.held(row.table_id)
            except ApiError as exc:
                if exc.status != 404:
                    raise
                stale.append(row.id)
                continue
            if secret is not None and row.seat_id is not None:
                if _seat_id(held, secret) != row.seat_id:
                    held = await self.service.held(row.table_id, fresh=True)
                if _seat_id(held, secret) == row.seat_id:
                    found.append(Credential(row.table_id, token=secret))
                    continue
            elif secret is not None and same_secret(secret, held.table.spectate_key):
                found.append(Credential(row.table_id, spectate=secret))
                continue
            stale.append(row.id)
        if stale:
            async with self.service.writing() as session:
                await session.execute(delete(AccountSeatRow).where(AccountSeatRow.id.in_(stale)))
                await session.commit()
        return found


async def with_account_tables(service: TableService, seats: AccountSeats, account_id: str,
                              asked: list[tuple[str, str | None, str | None]],
                              invitations: Invitations | None = None) -> dict[str, Any]:
    """"Your tables" for a signed-in device: the browser's own list (``asked``) plus the account's tables it lacks,
    and under ``account`` the credential of each of the account's tables, for the page to keep."""
    held = await seats.credentials(account_id)
    named = {table_id for table_id, _, _ in asked}
    extra = [(c.table_id, c.token, c.spectate) for c in held if c.table_id not in named]
    listed = await your_tables(service, asked, invitations, extra=extra)
    return {**listed, "account": [c.body() for c in held]}
