"""Group commit: the actions of many tables that arrive together share one transaction, one fsync.

Each action is applied in memory first (``app.play.play``), then handed here as a ``Move``: the table row's new
values guarded by the version it was computed from, the seats it changed, and its line of the action log. One task
writes whatever has queued up while the previous batch was committing, so under load batches grow by themselves and
nobody waits for a timer. A move whose guard finds the table changed (another worker got there first) is refused
alone; a commit that fails refuses the whole batch, and nothing in it is acknowledged.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import CursorResult, Table, insert, update
from sqlalchemy.ext.asyncio import AsyncSession

from app.models import ActionRow, SeatRow, TableRow

# The table row's columns every action changes; the rest (ids, keys, options, seed) never move in play. The state
# itself is written only with a snapshot (``Move.snapshot``): between two, the action log carries it.
PLAY_COLUMNS = ("seq", "status", "deadline", "timer_key", "bots_waiting", "updated_at")
SNAPSHOT_COLUMNS = ("state", "snapshot_seq")

# The Core tables written here. Declarative types ``__table__`` as any FromClause; a mapped class's is its Table.
TABLES = cast(Table, TableRow.__table__)
SEATS = cast(Table, SeatRow.__table__)
ACTIONS = cast(Table, ActionRow.__table__)


@dataclass
class Move:
    table: TableRow  # the new values, computed in memory
    version: int  # the version they were computed from: the guard
    seats: list[SeatRow]  # seats whose away flag changed
    seat: int | None  # who acted (None: a window's expiry)
    action: dict[str, Any]
    source: str
    at: datetime
    snapshot: bool  # write the new state too (``table.snapshot_seq`` is then its seq)


class Committer:
    def __init__(self, writing: Callable[[], contextlib.AbstractAsyncContextManager[AsyncSession]]) -> None:
        self._writing = writing
        self._queue: list[tuple[Move, asyncio.Future[bool]]] = []
        self._task: asyncio.Task[None] | None = None
        self.batches = 0  # commits made, for tests and the benchmark report

    async def commit(self, move: Move) -> bool:
        """Write ``move`` durably with whatever else is waiting. True once committed; False when its guard found the
        table changed meanwhile (nothing of it was written). Raises if the commit itself failed."""
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._queue.append((move, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain())
        return await future

    async def _drain(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            try:
                written = await self._write([move for move, _ in batch])
            except Exception as exc:  # the batch is lost as a whole: tell every one of its movers
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
                continue
            for (_, future), ok in zip(batch, written, strict=True):
                if not future.done():
                    future.set_result(ok)

    async def _write(self, moves: list[Move]) -> list[bool]:
        async with self._writing() as session:
            written = [await _write_move(session, move) for move in moves]
            await session.commit()
            self.batches += 1
            return written


async def _write_move(session: AsyncSession, move: Move) -> bool:
    table = move.table
    columns = PLAY_COLUMNS + SNAPSHOT_COLUMNS if move.snapshot else PLAY_COLUMNS
    values = {name: getattr(table, name) for name in columns}
    # An UPDATE's result is a CursorResult (rowcount); AsyncSession.execute is typed with the base Result.
    result = cast(CursorResult[Any], await session.execute(
        update(TABLES).where(TABLES.c.id == table.id, TABLES.c.version == move.version)
        .values(version=move.version + 1, **values)))
    if result.rowcount != 1:
        return False
    for seat in move.seats:
        await session.execute(update(SEATS).where(SEATS.c.id == seat.id).values(away=seat.away))
    await session.execute(insert(ACTIONS).values(
        table_id=table.id, seq=table.seq, seat=move.seat, action=move.action, source=move.source, created_at=move.at))
    return True
