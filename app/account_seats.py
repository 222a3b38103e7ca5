"""Seats and spectator links bound to an account, so that every device the person signs in on can open them.

A binding is made only with the credential itself (the seat's token or the table's spectator key, in a request's
body), checked against the table as a seat is everywhere else: an account never holds a seat it was not given. An
account has at most one binding per table (a seat there replaces its spectator link).

The credential is kept sealed (AES-GCM, ``app.sealing``), not hashed like everywhere else: a device that signs in must
be handed the token itself to play in the seat, and a hash cannot be turned back into one. The key is the setting
``SEAL_KEY`` when set (kept out of the database, so a copy of the database alone opens no token); without it, a key
made at first use and kept in ``ServerKeyRow`` (the one-machine default). The sealing binds each token to its
account, table and seat (the associated data), so a sealed value copied to another row does not open. A binding whose
seat is gone (left, removed, or given a new token) is dropped the next time the account's tables are listed.
"""

from __future__ import annotations

import base64
from typing import Any

from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from app.errors import ApiError
from app.held import Held
from app.invitations import Invitations
from app.mine import your_tables
from app.models import AccountSeatRow, ServerKeyRow
from app.sealing import open_with_key, seal_with_key
from app.seats import Credential, same_secret, seat_for_token
from app.service import TableService
from app.settings import seal_key_bytes
from app.shield import runs_to_end
from app.timing import now

DB_SEAL_KEY = "account_seal_key"  # the key's name in ServerKeyRow, when SEAL_KEY is not set
MAX_BOUND = 100  # one account's tables, as many as one browser's list holds


def _aad(account_id: str, table_id: str, seat_id: int | None) -> bytes:
    return f"tabletop account seat\0{account_id}\0{table_id}\0{seat_id}".encode()


def _seat_id(held: Held, token: str) -> int | None:
    seat = seat_for_token(held.seats, token)
    return None if seat is None else seat.id


class AccountSeats:
    def __init__(self, service: TableService, sessions: async_sessionmaker[AsyncSession], seal_key: str = "") -> None:
        self.service = service
        self.sessions = sessions  # for the sealing key kept in the database
        key = seal_key_bytes(seal_key) if seal_key else None
        self._key: AESGCM | None = AESGCM(key) if key else None

    async def _cipher(self) -> AESGCM:
        """The sealing key: SEAL_KEY's, or the database's, made at first use (two workers making it at once agree on
        the first stored)."""
        if self._key is not None:
            return self._key
        async with self.sessions() as session:
            row = await session.get(ServerKeyRow, DB_SEAL_KEY)
            if row is None:
                made = base64.b64encode(AESGCM.generate_key(bit_length=256)).decode()
                session.add(ServerKeyRow(name=DB_SEAL_KEY, value=made, created_at=now()))
                try:
                    await session.commit()
                except IntegrityError:
                    await session.rollback()
                row = await session.get(ServerKeyRow, DB_SEAL_KEY, populate_existing=True)
            assert row is not None
            self._key = AESGCM(base64.b64decode(row.value))
        return self._key

    async def _seal(self, secret: str, aad: bytes) -> str:
        return seal_with_key(await self._cipher(), secret, aad)

    async def _unseal(self, sealed: str | None, aad: bytes) -> str | None:
        return open_with_key(await self._cipher(), sealed, aad)

    @runs_to_end
    async def bind(self, account_id: str, asked: list[Credential]) -> dict[str, Any]:
        """Bind each credential that opens its table to the account; the others are named in ``refused`` and change
        nothing. A seat replaces the account's spectator link at the same table; a spectator link never replaces a
        seat."""
        refused: list[str] = []
        checked: list[tuple[Credential, int | None]] = []
        for credential in asked:
            held = await self.service.held_or_none(credential.table_id)
            if held is None:
                refused.append(credential.table_id)
                continue
            if credential.token:
                seat_id = _seat_id(held, credential.token)
                if seat_id is None:
                    held = await self.service.held_again(credential.table_id)  # taken through another worker?
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
            return {"bound": [], "refused": refused}
        sealed = [(c, seat_id, await self._seal(c.token or c.spectate or "", _aad(account_id, c.table_id, seat_id)))
                  for c, seat_id in checked]
        try:
            return {"bound": await self._write(account_id, sealed), "refused": refused}
        except IntegrityError:
            # Another request bound one of these tables a moment ago (one binding per table): once more, over it.
            pass
        try:
            return {"bound": await self._write(account_id, sealed), "refused": refused}
        except IntegrityError as exc:  # a seat or table went away between the check and the write
            raise ApiError(409, "seat_gone", "A seat went away while it was being added; nothing was added. "
                                             "Please try again.") from exc

    async def _write(self, account_id: str, sealed: list[tuple[Credential, int | None, str]]) -> list[str]:
        """Store the checked, sealed credentials, one binding per table (a binding there already is updated in
        place); the tables bound. Raises IntegrityError when a row it relied on changed meanwhile."""
        bound: list[str] = []
        async with self.service.writing() as session:
            rows = {r.table_id: r for r in await session.scalars(select(AccountSeatRow).where(
                AccountSeatRow.account_id == account_id,
                AccountSeatRow.table_id.in_([c.table_id for c, _, _ in sealed])))}
            count = await session.scalar(select(func.count()).select_from(AccountSeatRow)
                                         .where(AccountSeatRow.account_id == account_id)) or 0
            for credential, seat_id, value in sealed:
                mine = rows.get(credential.table_id)
                if mine is not None:
                    if seat_id is not None or mine.seat_id is None:  # a spectator link never replaces a seat
                        mine.seat_id, mine.sealed_token = seat_id, value
                    bound.append(credential.table_id)
                    continue
                if count >= MAX_BOUND:
                    await session.rollback()
                    raise ApiError(409, "account_full", f"Your account already holds {MAX_BOUND} tables, the most it "
                                                        "can; nothing was added. Tables that end expire after a while "
                                                        "and make room.")
                rows[credential.table_id] = AccountSeatRow(account_id=account_id, table_id=credential.table_id,
                                                           seat_id=seat_id, sealed_token=value, created_at=now())
                session.add(rows[credential.table_id])
                count += 1
                bound.append(credential.table_id)
            await session.commit()
        return bound

    @runs_to_end
    async def forget(self, account_id: str, table_id: str) -> None:
        """Drop the account's binding at ``table_id``, if it has one; nobody else's."""
        async with self.service.writing() as session:
            await session.execute(delete(AccountSeatRow).where(AccountSeatRow.account_id == account_id,
                                                               AccountSeatRow.table_id == table_id))
            await session.commit()

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
            held = await self.service.held_or_none(row.table_id)
            if held is None:
                stale.append(row.id)
                continue
            if secret is not None and row.seat_id is not None:
                if _seat_id(held, secret) != row.seat_id:
                    held = await self.service.held_again(row.table_id)
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
    and under ``account`` the credential of each of the account's tables, for the page to keep. Where the account
    holds a seat, its token is asked about instead of the browser's own credential there (which may be stale, or
    only a spectator key): the account's seat wins."""
    held = await seats.credentials(account_id)
    account_seat = {c.table_id: c.token for c in held if c.token}
    mine = [(table_id, account_seat[table_id], None) if table_id in account_seat else (table_id, token, spectate)
            for table_id, token, spectate in asked]
    named = {table_id for table_id, _, _ in asked}
    extra = [(c.table_id, c.token, c.spectate) for c in held if c.table_id not in named]
    listed = await your_tables(service, mine, invitations, extra=extra)
    return {**listed, "account": [c.public() for c in held]}
