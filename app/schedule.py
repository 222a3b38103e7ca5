"""When each table next needs the platform to look at it (a deadline, bots that may have stalled), kept in memory.

One task sleeps until the earliest time and hands the table to a callback; setting a table's time again replaces the
old one. A table is looked at by one callback at a time: a time that comes while its table is being looked at is kept
for when that look ends (a deadline's defaults are announced with the same passed deadline, and looks racing each
other would only collide). Nothing here reads the database: the schedule is filled from announcements and rebuilt at
start.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime

from app.timing import now

log = logging.getLogger(__name__)


class Schedule:
    def __init__(self, wake: Callable[[str], Awaitable[None]]) -> None:
        self._wake = wake
        self._when: dict[str, datetime] = {}  # each table's one current time
        self._heap: list[tuple[datetime, str]] = []  # may hold outdated entries; ``_when`` decides
        self._changed = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._visits: set[asyncio.Task[None]] = set()
        self._looking: set[str] = set()  # tables being looked at now
        self._again: set[str] = set()  # of those, the ones whose time came meanwhile

    def set(self, table_id: str, when: datetime | None) -> None:
        """Look at the table at ``when`` (None: not at all), instead of any time set before."""
        if when is None:
            self._when.pop(table_id, None)
            self._again.discard(table_id)
            return
        if self._when.get(table_id) == when:
            return
        self._when[table_id] = when
        heapq.heappush(self._heap, (when, table_id))
        if self._heap[0] == (when, table_id):
            self._changed.set()  # earlier than what the task sleeps towards
        if len(self._heap) > 4 * len(self._when) + 64:  # outdated entries pile up when times keep moving
            self._heap = [(w, t) for t, w in self._when.items()]
            heapq.heapify(self._heap)

    def get(self, table_id: str) -> datetime | None:
        return self._when.get(table_id)

    def __len__(self) -> int:
        return len(self._when)

    @property
    def visits(self) -> int:
        """Looks at tables under way now."""
        return len(self._visits)

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    async def stop(self) -> None:
        tasks = [t for t in [self._task, *self._visits] if t is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def _run(self) -> None:
        while True:
            self._changed.clear()
            while self._heap and self._when.get(self._heap[0][1]) != self._heap[0][0]:
                heapq.heappop(self._heap)  # outdated
            if not self._heap:
                await self._changed.wait()
                continue
            when, table_id = self._heap[0]
            delay = (when - now()).total_seconds()
            if delay > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._changed.wait(), timeout=delay)
                continue
            heapq.heappop(self._heap)
            del self._when[table_id]
            if table_id in self._looking:
                self._again.add(table_id)
                continue
            self._looking.add(table_id)
            task = asyncio.create_task(self._visit(table_id))  # one slow table must not hold up the others
            self._visits.add(task)
            task.add_done_callback(self._visits.discard)

    async def _visit(self, table_id: str) -> None:
        try:
            while True:
                self._again.discard(table_id)
                try:
                    await self._wake(table_id)
                except Exception:
                    log.exception("scheduled check failed on table %s", table_id)
                if table_id not in self._again:
                    return
        finally:
            self._looking.discard(table_id)
