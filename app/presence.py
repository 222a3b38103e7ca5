"""Presence: how many connections each seat has open and how many spectators watch each table.

Counted per seat row, so a count moves with its person when seats are renumbered, and announced to every viewer
alike (``{kind: presence}`` on the hub). Nothing of it touches the database.

- A lone process counts in memory and lays its counts on every table it loads.
- Several workers (``REDIS_URL``) each count their own connections too, and keep them in Redis: one hash per table,
  one field per worker. Whoever changes a count publishes the new totals with a version, and every worker lays the
  newest totals it heard on its copies. A worker that dies stops refreshing its "alive" key; within seconds the
  others drop its fields and announce the lower counts.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import Counter, OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from sqlalchemy.orm.attributes import set_committed_value

from app.held import Seat, Table
from app.hub import Hub, close_redis, redis_client
from app.limits import tally
from app.models import SeatRow, TableRow
from app.seats import Holder
from app.settings import Settings
from app.shield import runs_to_end

log = logging.getLogger(__name__)
HEARTBEAT_S = 2.0  # how often a worker says it is alive (and looks for workers that are not)
ALIVE_S = 10  # a worker silent this long is taken for dead and its counts are dropped
KEEP_S = 7 * 24 * 3600  # a table's counts in Redis outlive its last change by this long


@dataclass
class Totals:
    """A table's counts summed over every live worker, as of ``version``."""

    version: int = 0
    spectators: int = 0
    links: dict[int, int] = field(default_factory=dict)  # open connections per seat row
    workers: frozenset[str] = frozenset()  # who contributed


class Presence:
    """The presence counts of the tables of one table service."""

    def __init__(self, settings: Settings, hub: Hub) -> None:
        self.settings = settings
        self.hub = hub
        # Told when a table's counts change here, to lay them on its held copy (``HeldTables`` listens).
        self._listeners: list[Callable[[str], None]] = []
        self._links: dict[str, Counter[int]] = {}  # this worker's open connections per table, per seat row
        self._watchers: Counter[str] = Counter()  # this worker's spectators per table
        self.shared: SharedCounts | None = None  # set by ``start`` when there are several workers
        self._totals: OrderedDict[str, Totals] = OrderedDict()  # with Redis: the newest totals heard, per table
        hub.tap(self._heard)

    def listen(self, listener: Callable[[str], None]) -> None:
        """Call ``listener`` with a table's id whenever its counts change here."""
        self._listeners.append(listener)

    def _changed(self, table_id: str) -> None:
        for listener in self._listeners:
            listener(table_id)

    async def start(self) -> None:
        url = self.settings.redis_url
        if url is not None:
            self.shared = SharedCounts(url, self.hub.origin, self)
            await self.shared.start()

    async def stop(self) -> None:
        if self.shared is not None:
            await self.shared.stop()

    def mine(self, table_id: str) -> dict[str, Any]:
        links: Mapping[int, int] = self._links.get(table_id, {})
        return {"s": self._watchers[table_id], "l": {str(seat): n for seat, n in links.items()}}

    async def ensure(self, table_id: str) -> None:
        """With several workers, fetch a table's totals once before it is first laid on rows here."""
        if self.shared is not None and table_id not in self._totals:
            self._keep(table_id, await self.shared.read(table_id))

    def counts(self, table_id: str) -> tuple[int, Mapping[int, int]]:
        """The table's spectators and open connections per seat row, as known here."""
        if self.shared is None:
            return self._watchers[table_id], self._links.get(table_id, {})
        totals = self._totals.get(table_id, Totals())
        return totals.spectators, totals.links

    def count_in(self, row: TableRow, seats: list[SeatRow]) -> None:
        """Put the counts on rows just loaded, as loaded values (nothing to write back)."""
        spectators, links = self.counts(row.id)
        set_committed_value(row, "spectators", spectators)
        for seat in seats:
            set_committed_value(seat, "connections", links.get(seat.id, 0))

    def lay_on(self, table: Table, seats: list[Seat]) -> None:
        """Put the counts on a table about to be held: its values are its own, but a seat shared with an earlier
        held copy is replaced in ``seats`` by a changed copy, never changed."""
        table.spectators, links = self.counts(table.id)
        for n, seat in enumerate(seats):
            count = links.get(seat.id, 0)
            if seat.connections != count:
                seats[n] = replace(seat, connections=count)

    @runs_to_end  # a connection's handler may be cancelled as it closes: its count must still go down
    async def change(self, table_id: str, holder: Holder | None, delta: int) -> None:
        """A seat's connection (``holder``) or a spectator (None) comes (+1) or goes (-1)."""
        if holder is None:
            tally(self._watchers, table_id, delta)
        else:
            links = self._links.setdefault(table_id, Counter())
            tally(links, holder.seat_id, delta)
            if not links:
                del self._links[table_id]
        if self.shared is None:
            self._changed(table_id)
            await self.hub.publish(table_id, {"kind": "presence"})
            return
        await self.settle(table_id, await self.shared.write(table_id, self.mine(table_id)))

    async def settle(self, table_id: str, totals: Totals) -> None:
        """New totals: keep them and tell every worker (this one included, through the hub)."""
        await self.hub.publish(table_id, {
            "kind": "presence", "v": totals.version, "spectators": totals.spectators,
            "links": {str(seat): n for seat, n in totals.links.items()}, "workers": sorted(totals.workers)})

    def _heard(self, table_id: str, event: dict[str, Any]) -> None:
        """Totals announced by any worker: the newest are laid on the held table (no database read)."""
        if event.get("kind") != "presence" or "v" not in event:
            return
        held = self._totals.get(table_id)
        if held is not None and held.version >= event["v"]:
            return  # announcements of two changes may arrive in either order
        self._keep(table_id, Totals(event["v"], event["spectators"],
                                    {int(seat): n for seat, n in event["links"].items()}, frozenset(event["workers"])))
        self._changed(table_id)

    def _keep(self, table_id: str, totals: Totals) -> None:
        self._totals[table_id] = totals
        self._totals.move_to_end(table_id)
        while len(self._totals) > self.settings.tables_in_memory:
            self._totals.popitem(last=False)

    def totals(self) -> list[Totals]:
        return list(self._totals.values())

    def watched_with(self, worker: str) -> list[str]:
        """Tables whose totals held here count connections on ``worker``."""
        return [table_id for table_id, totals in self._totals.items() if worker in totals.workers]


class SharedCounts:
    """Every worker's counts in Redis: ``tabletop:presence:<table>`` maps each worker to its counts there."""

    def __init__(self, url: str, origin: str, presence: Presence) -> None:
        self._redis = redis_client(url)
        self.origin = origin
        self.presence = presence
        self._written: set[str] = set()  # tables where this worker has a field
        self._task: asyncio.Task[None] | None = None

    @staticmethod
    def _key(table_id: str) -> str:
        return f"tabletop:presence:{table_id}"

    @staticmethod
    def _alive(worker: str) -> str:
        return f"tabletop:alive:{worker}"

    async def start(self) -> None:
        await self._redis.set(self._alive(self.origin), 1, ex=ALIVE_S)
        self._task = asyncio.create_task(self._beat())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        with contextlib.suppress(Exception):  # leaving cleanly: take this worker's counts with it at once
            await self._redis.delete(self._alive(self.origin))
        await close_redis(self._redis)

    async def write(self, table_id: str, mine: dict[str, Any] | None = None) -> Totals:
        """Store this worker's counts at a table (None: only add up again) and return the new totals."""
        key = self._key(table_id)
        async with self._redis.pipeline(transaction=True) as pipe:
            if mine is None:
                pass
            elif mine["s"] or mine["l"]:
                pipe.hset(key, self.origin, json.dumps(mine))
                self._written.add(table_id)
            else:
                pipe.hdel(key, self.origin)
                self._written.discard(table_id)
            pipe.incr(f"{key}:v")
            pipe.hgetall(key)
            pipe.expire(key, KEEP_S)
            pipe.expire(f"{key}:v", KEEP_S)
            *_, version, fields, _, _ = await pipe.execute()
        return await self._sum(table_id, int(version), fields)

    async def read(self, table_id: str) -> Totals:
        key = self._key(table_id)
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.get(f"{key}:v")
            pipe.hgetall(key)
            version, fields = await pipe.execute()
        return await self._sum(table_id, int(version or 0), fields)

    async def _sum(self, table_id: str, version: int, fields: dict[bytes, bytes]) -> Totals:
        """Add up the fields of live workers; drop those of dead ones."""
        workers = [name.decode() for name in fields]
        alive = await self._redis.mget([self._alive(w) for w in workers]) if workers else []
        dead = [w for w, mark in zip(workers, alive, strict=True) if mark is None and w != self.origin]
        if dead:
            await self._redis.hdel(self._key(table_id), *dead)
        totals = Totals(version, 0, {}, frozenset(w for w in workers if w not in dead))
        for worker, counts in fields.items():
            if worker.decode() in dead:
                continue
            parsed = json.loads(counts)
            totals.spectators += parsed["s"]
            for seat, n in parsed["l"].items():
                totals.links[int(seat)] = totals.links.get(int(seat), 0) + n
        return totals

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_S)
            try:
                await self._beat_once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("presence heartbeat failed")

    async def _beat_once(self) -> None:
        was = await self._redis.set(self._alive(self.origin), 1, ex=ALIVE_S, get=True)
        if was is None:  # taken for dead (a long pause): others may have dropped this worker's counts; write again
            for table_id in list(self._written):
                await self.presence.settle(table_id, await self.write(table_id, self.presence.mine(table_id)))
        others = sorted({w for totals in self.presence.totals() for w in totals.workers} - {self.origin})
        marks = await self._redis.mget([self._alive(w) for w in others]) if others else []
        for worker, mark in zip(others, marks, strict=True):
            if mark is None:  # a worker died: its counts go, and everyone hears the new totals
                for table_id in self.presence.watched_with(worker):
                    await self.presence.settle(table_id, await self.write(table_id))
