"""Open tables: a lobby its host lists publicly, so a group one player short can find a person to fill the seat.

Off by default. The host lists a lobby and unlists it at any time. The public list gives, per table, only its game,
its pace, how many seats are free and the host's display name, plus the table's id to take a seat by: never another
seat's name, a token, a spectator key or the invite code. A seat is taken from the list through ``join``, which needs
no invite code and works only while the table is listed; a seat taken that way is never shown the invite code
(``messages.invite_shown``), so a person the host removes cannot come back once the table is unlisted.

A table leaves the list for good when its game starts (``Lobby.start`` clears ``listed_at``), and while it is full
(it shows again if a seat frees up). Watching a listed game in play is as at any table: with its spectator link only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import and_, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import aliased

from app.errors import ApiError
from app.lobby import Lobby
from app.models import SeatRow, TableRow
from app.seats import Holder, require_host
from app.service import TableService
from app.shield import runs_to_end
from app.timing import now
from games.protocol import Game

SHOWN = 50  # open tables on the list at most, newest first
READ = 4 * SHOWN  # rows read for them: a few listed tables may be full, and are skipped


class Listing:
    def __init__(self, service: TableService, lobby: Lobby, games: Mapping[str, Game[Any]]) -> None:
        self.service = service
        self.lobby = lobby
        self.games = games

    @runs_to_end
    async def set_listed(self, table_id: str, who: Holder, listed: bool) -> None:
        """The host lists the lobby (in the lobby only, with a seat free) or unlists it (at any time; unlisting a
        table that is not listed changes nothing). Listing a table already listed keeps its place on the list."""
        if not listed:
            table, seats = await self.service.snapshot(table_id, fresh=True)
            if table.listed_at is None:  # nothing to do: no write, so no message to anyone (a game in play)
                require_host(table.host_seat, seats, who)
                return

        def change(session: AsyncSession, row: TableRow, seats: list[SeatRow]) -> None:
            require_host(row.host_seat, seats, who)
            if not listed:
                row.listed_at = None
                return
            if row.status != "lobby":
                raise ApiError(409, "already_started", "Only a table still in its lobby can be listed.")
            game = self.service.game(row.game)
            if len(seats) >= game.max_players:
                raise ApiError(409, "table_full", "The table is full: nobody could take a seat from the list.")
            if row.listed_at is None:
                row.listed_at = now()

        await self.service.change(table_id, change)

    async def open_tables(self) -> list[dict[str, Any]]:
        """The listed lobbies with a seat free, newest listing first; each only as the module's docstring says."""
        taken = (select(SeatRow.table_id, func.count().label("taken"))
                 .group_by(SeatRow.table_id).subquery())
        host = aliased(SeatRow)
        query = (select(TableRow.id, TableRow.game, TableRow.pace, taken.c.taken, host.name)
                 .join(taken, taken.c.table_id == TableRow.id)
                 .join(host, and_(host.table_id == TableRow.id, host.seat == TableRow.host_seat))
                 .where(TableRow.listed_at.is_not(None), TableRow.status == "lobby")
                 .order_by(TableRow.listed_at.desc(), TableRow.id)
                 .limit(READ))
        async with self.service.reading() as session:
            rows = (await session.execute(query)).all()
        listed = []
        for table_id, game_id, pace, count, host_name in rows:
            game = self.games.get(game_id)
            if game is None or count >= game.max_players:
                continue
            listed.append({"table_id": table_id, "game": game_id, "pace": pace,
                           "seats_free": game.max_players - count, "host": host_name})
        return listed[:SHOWN]

    @runs_to_end
    async def join(self, table_id: str, name: str) -> tuple[int, str, str]:
        """The next free seat of a listed lobby, without its invite code; as ``Lobby.join`` returns."""

        async def check(session: AsyncSession, row: TableRow) -> None:
            if row.status == "lobby" and row.listed_at is None:
                raise ApiError(403, "not_listed", "This table is not open to everyone (any more): ask its host for "
                                                  "an invite link.")

        return await self.lobby.seat_person(table_id, name, check, from_list=True)
