"""Hard seats per host address: at most ``HARD_SEATS_PER_ADDRESS`` at one address's open tables, and the address each
table's thinking queues under (app/fair.py).

A Hard seat (a searching bot) costs up to ``BOT_THINK_S`` of a thinking child each move; a table of Easy or Normal
bots costs microseconds. So one address may seat only so many Hard bots at the tables it hosts, lobbies and games in
play together (a lobby's bots count from when they are added, or a host could fill lobbies and start them all at
once). The address is the one that adds the bots, hands a seat to a bot or starts the game: the host's, as the
rate limits see it (app/guards.py). A finished table's seats count no more.

Like the connection caps, this is kept in memory, per server worker: a table's record lives on the worker that
served its host. A table the worker has no record of (added on another worker, or before a restart) thinks in a
queue of its own.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import TypeVar

from app.errors import ApiError
from app.service import TableService
from app.settings import Settings
from games.bots import kinds

T = TypeVar("T")
OPEN = ("lobby", "playing")


class HardSeats:
    def __init__(self, service: TableService, settings: Settings) -> None:
        self.service = service
        self.settings = settings
        self._owner: OrderedDict[str, str] = OrderedDict()  # table id -> its host's address, oldest first
        self._tables: dict[str, set[str]] = {}  # address -> the tables it has Hard seats at
        self._locks: dict[str, asyncio.Lock] = {}  # one check at a time per address, or two could pass together
        self._users: dict[str, int] = {}

    def queue(self, table_id: str) -> str:
        """The thinking queue of a table's decisions: its host's address, or the table's own when unknown."""
        return self._owner.get(table_id) or f"table {table_id}"

    async def admit(self, address: str, table_id: str, kind: str | None, count: int,
                    change: Callable[[], Awaitable[T]], starting: bool = False) -> T:
        """Run ``change`` (adding ``count`` bots of ``kind``, None: the game's default; or starting the game) unless
        it would put ``address`` over its share of Hard seats: then refuse with ``hard_bot_limit``, changing nothing.
        """
        self._users[address] = self._users.get(address, 0) + 1
        lock = self._locks.setdefault(address, asyncio.Lock())
        try:
            async with lock:
                row, seats = await self.service.snapshot(table_id)
                game = self.service.game(row.game)
                level = kinds(game)[0] if kind is None else kind
                adding = count if level in game.searchers else 0
                here = sum(seat.bot in game.searchers for seat in seats) + adding
                exempt = address in self.settings.rate_exempt
                if (adding or (starting and here)) and not exempt:
                    others = await self._count(address, table_id)
                    cap = self.settings.hard_seats_per_address
                    if others + here > cap:
                        raise ApiError(409, "hard_bot_limit", f"Your address has {others} Hard bot(s) at other tables "
                                       f"not yet finished; at most {cap} are allowed per address, and this table would "
                                       f"have {here}. Finish or leave a game, or choose Normal bots.")
                # Recorded first: the bots this change sets going may ask to think before it returns.
                before = self._owner.get(table_id)
                if here:
                    self._record(address, table_id)
                try:
                    return await change()
                except BaseException:
                    self._forget(table_id)
                    if before is not None:
                        self._record(before, table_id)
                    raise
        finally:
            self._users[address] -= 1
            if not self._users[address]:
                del self._users[address], self._locks[address]

    async def _count(self, address: str, table_id: str) -> int:
        """The Hard seats at ``address``'s other open tables; tables finished, gone or without one are forgotten."""
        total = 0
        for other in list(self._tables.get(address, ())):
            if other == table_id:
                continue
            try:
                row, seats = await self.service.snapshot(other)
            except ApiError as exc:
                if exc.code != "unknown_table":
                    raise
                self._forget(other)
                continue
            searchers = self.service.game(row.game).searchers
            hard = sum(seat.bot in searchers for seat in seats)
            if row.status not in OPEN or not hard:
                self._forget(other)
                continue
            total += hard
        return total

    def _record(self, address: str, table_id: str) -> None:
        self._forget(table_id)
        self._owner[table_id] = address
        self._tables.setdefault(address, set()).add(table_id)
        while len(self._owner) > self.settings.tables_in_memory:  # a bound: the oldest records go first
            self._forget(next(iter(self._owner)))

    def _forget(self, table_id: str) -> None:
        address = self._owner.pop(table_id, None)
        if address is None:
            return
        tables = self._tables.get(address, set())
        tables.discard(table_id)
        if not tables:
            self._tables.pop(address, None)
