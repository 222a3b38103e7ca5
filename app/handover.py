"""Hand an away seat to a new device: the host of a game in play gives a seat whose person is away a fresh seat link.

The seat gets a new row with a new token, and its old row goes: every credential and connection that named the old
row stops at once (a request with the old token is refused; the old row's websockets close with 4403 at the next
fan-out, and anything they send meanwhile finds the seat gone). What belonged to the old credential goes with it: its
seat links, push subscriptions and account bindings. The person's place in the game (seat number, name, what they
last saw, their standing answer to windows) moves to the new row. A public chat line says who did it, so nobody can
take a seat unseen.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncSession

from app.errors import ApiError
from app.links import issue
from app.models import AccountSeatRow, ChatRow, PushSubscriptionRow, SeatLinkRow, SeatRow, TableRow
from app.seats import Holder, hash_token, require_host
from app.service import TableService
from app.shield import runs_to_end
from app.timing import now

KIND = "handover"  # the chat line's kind


class HandOver:
    def __init__(self, service: TableService) -> None:
        self.service = service

    @runs_to_end
    async def give(self, table_id: str, who: Holder, target: int) -> tuple[int, str, datetime]:
        """The host gives seat ``target`` a new token; returns its number, a claim code for its new seat link and
        when that expires. Every refusal changes nothing."""

        async def change(session: AsyncSession, row: TableRow, seats: list[SeatRow]) -> tuple[str, datetime, int]:
            host = require_host(row.host_seat, seats, who)
            if row.status != "playing":
                raise ApiError(409, "not_playing", "A seat can be given a new link only while the game is on.")
            old = next((s for s in seats if s.seat == target), None)
            if old is None:
                raise ApiError(404, "unknown_seat", f"There is no seat {target} at this table.")
            if old is host:
                raise ApiError(422, "own_seat", "That is your own seat: to open it on another device, use \"Link for "
                                                "another device\" instead.")
            if old.bot is not None:
                raise ApiError(409, "already_bot", f"A bot plays {old.name}'s seat; it has no device to replace.")
            # Only a seat its timer has played for (``away``): a seat merely with no page open (most seats of a
            # turn-based table, most of the time) is its person's, and its new link would show the host its hand.
            if not old.away:
                raise ApiError(409, "not_away", f"{old.name} is not away: a seat gets a new link only once its turn "
                                                "timer has played for it.")
            token = secrets.token_urlsafe(24)
            new = await replace_row(session, seats, old, token_hash=hash_token(token), bot=None)
            code, expires = await issue(session, table_id, new.id, token)
            notice = ChatRow(table_id=table_id, channel="table", seat=host.seat, name=host.name,
                             text=f"gave {old.name}'s seat a new link.", kind=KIND, created_at=now())
            session.add(notice)
            await session.flush()
            return code, expires, notice.id

        code, expires, notice_id = await self.service.change(table_id, change)
        await self.service.announce(table_id, {"kind": "chat", "id": notice_id})
        return target, code, expires


async def replace_row(session: AsyncSession, seats: list[SeatRow], old: SeatRow, token_hash: str | None,
                      bot: str | None) -> SeatRow:
    """Put a new row in ``old``'s place (in ``seats`` too), held by ``token_hash`` or played by ``bot``: every
    credential and connection that named the old row stops. The person's place in the game moves over."""
    new = SeatRow(table_id=old.table_id, seat=old.seat, name=old.name, bot=bot, token_hash=token_hash,
                  away=old.away if bot is None else False, connections=0, rematch_of=old.rematch_of,
                  seen_seq=old.seen_seq, seen_at=old.seen_at, window_answer=old.window_answer,
                  from_list=old.from_list)
    session.add(new)
    await session.flush()
    # No invitation moves over: invitations are addressed to seats of finished tables, and this runs only in play.
    # What the old credential held goes with it (explicit: not every database cascades).
    for model in (SeatLinkRow, PushSubscriptionRow, AccountSeatRow):
        await session.execute(delete(model).where(model.seat_id == old.id))
    await session.delete(old)
    await session.flush()
    seats[seats.index(old)] = new
    return new
