"""Seat links: a link for another device carries a one-time claim code, never the seat's token.

A browser keeps every address it opened in its history, fragment and all, for as long as the history lasts; a link
holding the token would hand the seat to whoever reads that history. So the link holds a code that the seat page
trades for the token once (``claim``), within ``LIFETIME``; after that the code in the history is worth nothing.

The database keeps only the code's SHA-256 (to find it) and the token sealed under a key derived from the code (to
give it back): whoever reads the database without the code learns no token from it. A seat has at most one open code:
making a new link replaces the older one. Codes belong to a seat row and go with it.
"""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import ApiError
from app.models import SeatLinkRow, SeatRow
from app.sealing import seal_with_code, unseal_with_code
from app.seats import Holder, hash_token, same_secret
from app.service import TableService
from app.shield import runs_to_end
from app.timing import aware, now

LIFETIME = timedelta(hours=24)
CODE_BYTES = 24  # 32 characters of URL-safe base64, like a token: 192 random bits
KEPT_CLOSED = 3  # a seat's newest used or replaced codes kept, so a late second use still hears why
SPENT = ""  # the sealed token of a used or replaced code: nothing left to unseal, even with the code

ASK = "ask for a new link (whoever holds the seat makes one on the table page: \"Link for another device\")."


def used() -> ApiError:
    # A claim whose answer was lost on the way (then retried) lands here too: "another device" alone would mislead.
    return ApiError(410, "link_used", "This seat link was already used, perhaps on another device, or by this browser "
                                      f"a moment ago; {ASK}")


def refused(state: str) -> ApiError:
    """Why a code that exists cannot be claimed now: used, replaced by a newer link, or expired."""
    if state == "used":
        return used()
    if state == "replaced":
        return ApiError(410, "link_replaced", "A newer link was made for this seat, which cancels this one: use the "
                                              f"newest link, or {ASK}")
    hours = f"{LIFETIME.total_seconds() / 3600:g}"
    return ApiError(410, "link_expired", f"This seat link has expired (a link lasts {hours} hours); {ASK}")


def bad_link() -> ApiError:
    return ApiError(403, "bad_link", "This seat link is not valid for this table: it may be mistyped or incomplete, "
                                     f"its seat may have been given up or removed, or it is an old link; {ASK}")


PURPOSE = "seat link"  # the sealing key's own purpose (app.sealing)


async def issue(session: AsyncSession, table_id: str, seat_id: int, token: str) -> tuple[str, datetime]:
    """A new claim code for the seat row ``seat_id`` (whose token is ``token``), added to ``session``: the seat's
    older open codes are marked replaced and its expired ones dropped. Returns the code and when it expires."""
    stamp = now()
    await session.execute(delete(SeatLinkRow).where(SeatLinkRow.seat_id == seat_id, SeatLinkRow.expires_at < stamp)
                          .execution_options(synchronize_session=False))
    # Spent codes beyond the newest few go: making links again and again must not grow the table.
    kept = select(SeatLinkRow.id).where(SeatLinkRow.seat_id == seat_id, SeatLinkRow.state != "open") \
        .order_by(SeatLinkRow.id.desc()).limit(KEPT_CLOSED - 1)
    await session.execute(delete(SeatLinkRow).where(SeatLinkRow.seat_id == seat_id, SeatLinkRow.state != "open",
                                                    SeatLinkRow.id.not_in(kept))
                          .execution_options(synchronize_session=False))
    await session.execute(update(SeatLinkRow).where(SeatLinkRow.seat_id == seat_id, SeatLinkRow.state == "open")
                          .values(state="replaced", sealed_token=SPENT).execution_options(synchronize_session=False))
    code = secrets.token_urlsafe(CODE_BYTES)
    expires = stamp + LIFETIME
    session.add(SeatLinkRow(table_id=table_id, seat_id=seat_id, code_hash=hash_token(code),
                            sealed_token=seal_with_code(token, code, PURPOSE), state="open", expires_at=expires,
                            created_at=stamp))
    return code, expires


def link_url(base: str, table_id: str, code: str) -> str:
    # The code rides in the fragment, which browsers never send to a server (or its logs).
    return f"{base}/t/{table_id}/seat#{code}"


class SeatLinks:
    """Making and claiming seat links, through the table service's database."""

    def __init__(self, service: TableService) -> None:
        self.service = service

    @runs_to_end
    async def make(self, table_id: str, holder: Holder, token: str) -> tuple[str, datetime]:
        """A fresh link for ``holder``'s own seat (``token`` is the one they asked with), replacing older ones."""
        async with self.service.writing() as session:
            try:
                code, expires = await issue(session, table_id, holder.seat_id, token)
                await session.commit()
            except IntegrityError as exc:  # the seat row went away a moment ago
                raise ApiError(403, "seat_gone", "You no longer hold a seat at this table: you left or the host "
                                                 "removed you.") from exc
        return code, expires

    @runs_to_end
    async def claim(self, table_id: str, code: str) -> tuple[int, str]:
        """Trade ``code`` for its seat's number and token, once. Every refusal leaves the code as it was."""
        await self.service.snapshot(table_id)  # an unknown table is 404, as everywhere
        stamp = now()
        # Looked up and checked in a plain session: anyone may send a code, and on SQLite ``writing()`` is the lock
        # every table's moves queue on, so only a claim that will succeed takes it, for its one guarded UPDATE.
        async with self.service.reading() as session:
            link = await session.scalar(select(SeatLinkRow).where(SeatLinkRow.code_hash == hash_token(code)))
            if link is None or link.table_id != table_id:
                raise bad_link()
            if link.state != "open":
                raise refused(link.state)
            if aware(link.expires_at) <= stamp:
                raise refused("expired")
            seat = await session.get(SeatRow, link.seat_id)
            token = unseal_with_code(link.sealed_token, code, PURPOSE)
            if seat is None or seat.token_hash is None or token is None \
                    or not same_secret(hash_token(token), seat.token_hash):
                raise bad_link()  # the seat has another token now: this code can no longer give it
            link_id, seat_id = link.id, seat.id
        async with self.service.writing() as session:
            # Guarded on the state, so of two claims at once (even through two workers) only one succeeds.
            marked = await session.execute(
                update(SeatLinkRow).where(SeatLinkRow.id == link_id, SeatLinkRow.state == "open")
                .values(state="used", sealed_token=SPENT).execution_options(synchronize_session=False))
            if getattr(marked, "rowcount", 0) != 1:
                await session.rollback()
                raise used()
            number = await session.scalar(select(SeatRow.seat).where(SeatRow.id == seat_id))  # seats may renumber
            if number is None:  # unreachable: the link goes with its seat, and it was still open
                await session.rollback()
                raise bad_link()
            await session.commit()
        return number, token
