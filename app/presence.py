"""Presence: how many connections each seat has open and how many spectators watch each table.

Counted on the seat's row, so a count moves with its person when seats are renumbered, and announced to every viewer
alike (``{kind: presence}`` on the hub). A lone process counts in memory, with no database write per connection, and
lays its counts on every table it loads; with several workers the counts are shared through the database.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from sqlalchemy import update
from sqlalchemy.orm.attributes import set_committed_value

from app.limits import tally
from app.models import SeatRow, TableRow
from app.seats import Holder
from app.shield import runs_to_end

if TYPE_CHECKING:
    from app.service import TableService


class Presence:
    """The presence counts of the tables of one table service."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        # In memory when this process is the only one (no Redis to share announcements with others).
        self.here = service.settings.redis_url is None
        self._links: Counter[int] = Counter()  # open connections per seat row
        self._watchers: Counter[str] = Counter()  # spectators per table

    def count_in(self, row: TableRow, seats: list[SeatRow]) -> None:
        """Put this process's counts on rows (as loaded values: nothing to write back); counted in the database
        instead, the rows already carry them."""
        if not self.here:
            return
        set_committed_value(row, "spectators", self._watchers[row.id])
        for seat in seats:
            set_committed_value(seat, "connections", self._links[seat.id])

    @runs_to_end
    async def change(self, table_id: str, holder: Holder | None, delta: int) -> None:
        """A seat's connection (``holder``) or a spectator (None) comes (+1) or goes (-1)."""
        service = self.service
        if self.here:
            if holder is None:
                tally(self._watchers, table_id, delta)
            else:
                tally(self._links, holder.seat_id, delta)
            service.recount(table_id)
            await service.hub.publish(table_id, {"kind": "presence"})
            return
        async with service.writing() as session:
            if holder is None:
                await session.execute(update(TableRow).where(TableRow.id == table_id)
                                      .values(spectators=TableRow.spectators + delta)
                                      .execution_options(synchronize_session=False))
            else:
                await session.execute(update(SeatRow).where(SeatRow.id == holder.seat_id)
                                      .values(connections=SeatRow.connections + delta))
            await session.commit()
        service.forget(table_id)
        await service.hub.publish(table_id, {"kind": "presence"})

    @runs_to_end
    async def reset(self) -> None:
        """At start of a lone process, nobody is connected yet (counts left by a killed process are stale)."""
        async with self.service.writing() as session:
            await session.execute(update(SeatRow).values(connections=0))
            await session.execute(update(TableRow).values(spectators=0)
                                  .execution_options(synchronize_session=False))
            await session.commit()
        self.service.forget_all()
