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

    async def ping(self) -> str:
        """"ok" when the bus answers (in one process there is nothing to reach)."""
        return "ok"


REDIS_POOL = 64  # connections to Redis per worker; callers beyond that wait their turn


def redis_client(url: str) -> Any:
    """A Redis client whose pool makes callers wait for a free connection (the default pool refuses the 101st
    caller: a crowd connecting at once would lose presence updates and announcements)."""
    import redis.asyncio as redis  # only needed when REDIS_URL is set

    return redis.Redis(connection_pool=redis.BlockingConnectionPool.from_url(url, max_connections=REDIS_POOL,
                                                                             timeout=30))


async def close_redis(client: Any) -> None:
    """Closes a client from ``redis_client`` with its connections (a pool handed to a client is not the client's to
    close, so ``aclose`` alone leaves them open)."""
    await client.aclose()
    await client.connection_pool.disconnect()


class RedisHub(Hub):
    """Publishes through Redis so every worker, on any host, hears every table's changes."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self._redis = redis_client(url)
        self._task: asyncio.Task[None] | None = None
        self._ready = asyncio.Event()
        # Announcements on their way out, in order; one task sends whatever has gathered in one pipeline.
        self._outbox: list[str] = []
        self._sender: asyncio.Task[None] | None = None

    async def publish(self, table_id: str, event: dict[str, Any]) -> None:
        # This worker's own connections hear it at once, not after a round trip through Redis: with a table's
        # sockets on the worker that commits its moves (the proxy routes by table), that round trip was most of
        # the fan-out's wait. The bus carries it to the others; ``_listen`` skips it when it comes back.
        await self._deliver(table_id, event)
        self._outbox.append(json.dumps({"table_id": table_id, "origin": self.origin, **event}))
        if self._sender is None or self._sender.done():
            self._sender = asyncio.create_task(self._send())

    async def _send(self) -> None:
        """Sends the outbox, a pipeline at a time (under load, one round trip carries many announcements). One
        that Redis does not take is lost to the others as on a reconnect: their catch-up poll finds the change."""
        while self._outbox:
            batch, self._outbox = self._outbox, []
            try:
                async with self._redis.pipeline(transaction=False) as pipe:
                    for message in batch:
                        pipe.publish(CHANNEL, message)
                    await pipe.execute()
            except Exception:
                log.exception("announcements not sent to redis: %d lost", len(batch))

    async def ping(self) -> str:
        await self._redis.ping()
        return "ok" if self._ready.is_set() else "not subscribed"

    async def start(self) -> None:
        self._task = asyncio.create_task(self._listen())
        await asyncio.wait_for(self._ready.wait(), timeout=10)

    async def _listen(self) -> None:
        while True:
            pubsub = self._redis.pubsub()
            try:
                await pubsub.subscribe(CHANNEL)
                self._ready.set()
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    event = json.loads(message["data"])
                    if event.get("origin") != self.origin:  # our own was delivered when it was published
                        await self._deliver(event.pop("table_id"), event)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("redis subscription lost; reconnecting")
                await asyncio.sleep(1)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    async def stop(self) -> None:
        if self._sender is not None:  # what was announced goes out first (a stopping worker's handovers)
            await self._sender
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await close_redis(self._redis)
