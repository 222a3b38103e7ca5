"""Play again: a finished table opens a rematch lobby with the same people, each keeping their own seat."""

from __future__ import annotations

import secrets

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from app import fairness
from app.errors import ApiError
from app.links import issue
from app.models import ChatRow, SeatRow, TableRow
from app.seats import Holder, hash_token, rematch_token, seat_row
from app.service import TableService
from app.shield import runs_to_end
from app.timing import now


class Rematch:
    def __init__(self, service: TableService) -> None:
        self.service = service

    @runs_to_end
    async def again(self, table_id: str, who: Holder, token: str) -> tuple[str, int, str, str]:
        """Play again: the first asker opens a new lobby with the same people. Each asker gets a token for the seat
        copied from their own (``SeatRow.rematch_of``), whatever number the lobby has given it since, and a claim code
        for that seat's link; asking twice gives the same token (``rematch_token``: derived from ``token``, their
        credential here), so nothing that already holds it stops working. Someone whose rematch seat is gone (left,
        removed) is refused. Two asking at once (even on two workers) meet at one new table: the loser of the race
        looks again."""

        async def change(session: AsyncSession, row: TableRow,
                         seats: list[SeatRow]) -> tuple[str, int, str, int | None, str]:
            asker = seat_row(seats, who)
            if row.status != "finished" or row.state is None:
                raise ApiError(409, "not_finished", "A rematch can be opened once the game has finished.")
            new_id, notice = row.next_table_id, None
            if new_id is not None and await session.scalar(select(TableRow.id).where(TableRow.id == new_id)) is None:
                # The rematch lobby expired (a lobby lasts a day, a finished table a month; no foreign key ties
                # them): open a fresh one rather than refuse everyone for good.
                new_id = None
            if new_id is None:
                new_row = self._rematch(row)
                session.add(new_row)
                await session.flush()
                for s in seats:
                    session.add(SeatRow(table_id=new_row.id, seat=s.seat, name=s.name, bot=s.bot, token_hash=None,
                                        away=False, connections=0, rematch_of=s.id))
                row.next_table_id = new_id = new_row.id
                # Everyone at the old table hears who opened it, in the chat as well as on the result screen.
                notice = ChatRow(table_id=row.id, channel="table", seat=asker.seat, name=asker.name,
                                 text="started a rematch.", kind="rematch", created_at=now())
                session.add(notice)
                await session.flush()
            mine = await session.scalar(
                select(SeatRow).where(SeatRow.table_id == new_id, SeatRow.rematch_of == asker.id))
            if mine is None:
                raise ApiError(403, "rematch_seat_gone", "You no longer have a seat at the rematch: you left it or "
                                                         "its host removed you. Ask the players for its invite link.")
            new_token = rematch_token(token, new_id)
            mine.token_hash = hash_token(new_token)
            code, _ = await issue(session, new_id, mine.id, new_token)
            return new_id, mine.seat, new_token, None if notice is None else notice.id, code

        new_id, seat, new_token, notice_id, code = await self.service.change(table_id, change)
        if notice_id is not None:
            await self.service.announce(table_id, {"kind": "chat", "id": notice_id})
        return new_id, seat, new_token, code

    def _rematch(self, old: TableRow) -> TableRow:
        seed = fairness.new_seed()
        stamp = now()
        return TableRow(
            id=secrets.token_urlsafe(9), game=old.game, options=old.options, status="lobby", host_seat=old.host_seat,
            invite_code=secrets.token_urlsafe(9), spectate_key=secrets.token_urlsafe(12), seed=seed,
            commitment=fairness.commitment(seed), seq=0, state=None, turn_timer=old.turn_timer, pace=old.pace,
            guided=old.guided,
            bots_waiting=False, spectators=0, spectator_chat=old.spectator_chat, created_at=stamp, updated_at=stamp,
        )

