"""Fan-out: after a commit, a table's change is announced to every worker serving it.

Only ``{table_id, kind, seq}`` (or a chat row id) crosses the bus; each worker loads the table and builds views for
its own connections, so no secret ever travels between machines. One process: in memory. Several: Redis pub/sub.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger(__name__)
Listener = Callable[[str, dict[str, Any]], Awaitable[None]]
CHANNEL = "tabletop:tables"


class Hub:
    """In-memory hub: delivers each announcement to this process's listeners for that table."""

    def __init__(self) -> None:
        self._listeners: dict[str, set[Listener]] = defaultdict(set)
        self._taps: list[Callable[[str, dict[str, Any]], None]] = []
        self.origin = secrets.token_hex(6)  # names this process's announcements on a shared bus

    def mine(self, event: dict[str, Any]) -> bool:
        """Whether this process made the change an announcement is about."""
        return bool(event.get("origin", self.origin) == self.origin)

    def tap(self, callback: Callable[[str, dict[str, Any]], None]) -> None:
        """Hear every announcement for every table, before its listeners (the table cache keeps itself fresh)."""
        self._taps.append(callback)

    def subscribe(self, table_id: str, listener: Listener) -> None:
        self._listeners[table_id].add(listener)

    def unsubscribe(self, table_id: str, listener: Listener) -> None:
        listeners = self._listeners.get(table_id)
        if listeners is not None:
            listeners.discard(listener)
            if not listeners:
                del self._listeners[table_id]

    async def publish(self, table_id: str, event: dict[str, Any]) -> None:
        await self._deliver(table_id, event)

    async def _deliver(self, table_id: str, event: dict[str, Any]) -> None:
        for callback in self._taps:
            callback(table_id, event)
        for listener in list(self._listeners.get(table_id, ())):
            try:
                await listener(table_id, event)
            except Exception:  # one broken connection must not stop the others
                log.exception("listener failed for table %s", table_id)

    async def start(self) -> None:
        return None

    async def stop(self) -> None:
        return None


REDIS_POOL = 64  # connections to Redis per worker; callers beyond that wait their turn


def redis_client(url: str) -> Any:
    """A Redis client whose pool makes callers wait for a free connection (the default pool refuses the 101st
    caller: a crowd connecting at once would lose presence updates and announcements)."""
    import redis.asyncio as redis  # only needed when REDIS_URL is set

    return redis.Redis(connection_pool=redis.BlockingConnectionPool.from_url(url, max_connections=REDIS_POOL,
                                                                             timeout=30))


class RedisHub(Hub):
    """Publishes through Redis so every worker, on any host, hears every table's changes."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self._redis = redis_client(url)
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()

    async def publish(self, table_id: str, event: dict[str, Any]) -> None:
        await self._redis.publish(CHANNEL, json.dumps({"table_id": table_id, "origin": self.origin, **event}))

    async def start(self) -> None:
        self._task = asyncio.create_task(self._listen())
        await asyncio.wait_for(self._ready.wait(), timeout=10)

    async def _listen(self) -> None:
        while True:
            try:
                pubsub = self._redis.pubsub()
                await pubsub.subscribe(CHANNEL)
                self._ready.set()
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    event = json.loads(message["data"])
                    await self._deliver(event.pop("table_id"), event)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("redis subscription lost; reconnecting")
                await asyncio.sleep(1)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self._redis.aclose()
