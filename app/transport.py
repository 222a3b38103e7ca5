"""The connection layer under the app: uvicorn's protocols plus a deadline for each request and a cap on the
connections one address holds open.

uvicorn closes a connection that idles between requests, but waits forever for a request that never finishes
arriving, so one address could hold hundreds of half-sent requests open (slow loris). Here a request must arrive
whole, headers and body (a websocket upgrade is its headers), within ``REQUEST_TIMEOUT`` seconds of the connection
opening or the previous answer ending; and an address with ``MAX_CONNECTIONS_PER_ADDRESS`` connections open has its
next one closed at once. The cap spares the rate-exempt addresses (the machine itself: a benchmark opens a thousand
websockets) and the named proxies (all their visitors share the proxy's address). Counts are per worker process.
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
import struct
from collections import Counter, deque
from dataclasses import dataclass
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import State

from app.settings import Settings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@dataclass(frozen=True)
class Limits:
    request_timeout: float
    per_address: int
    uncapped: tuple[Network, ...]  # addresses and networks with no cap
    uncapped_names: frozenset[str]  # entries that are no address: "*", or a unix socket's name

    @classmethod
    def of(cls, settings: Settings) -> Limits:
        networks: list[Network] = []
        names: set[str] = set()
        for entry in [*settings.rate_exempt, *settings.forwarded_allow_ips]:
            try:
                networks.append(ipaddress.ip_network(entry, strict=False))
            except ValueError:
                names.add(entry)
        return cls(settings.request_timeout, settings.max_connections_per_address, tuple(networks), frozenset(names))

    def capped(self, address: str) -> bool:
        if "*" in self.uncapped_names or address in self.uncapped_names:
            return False
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return True
        return not any(ip in network for network in self.uncapped)


@functools.cache
def limits() -> Limits:
    """Read once per worker from the environment, as the app reads its settings: uvicorn builds the protocols and
    hands them nothing of ours."""
    return Limits.of(Settings.from_env())


OPEN: Counter[str] = Counter()  # open connections per client address, in this worker


def _release(address: str | None) -> None:
    if address is not None:
        OPEN[address] -= 1
        if OPEN[address] <= 0:
            del OPEN[address]


class GuardedHttpProtocol(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol (httptools) with the request deadline and the per-address cap."""

    counted: str | None = None  # the address this connection counts under, until it ends or becomes a websocket
    deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else ""
        if limits().capped(address):
            if OPEN[address] >= limits().per_address:
                transport.close()  # over the cap: not a byte read, not a byte answered
                return
            OPEN[address] += 1
            self.counted = address
        self._start_deadline()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_deadline()
        _release(self.counted)
        self.counted = None
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._start_deadline()

    def on_message_complete(self) -> None:
        self._stop_deadline()  # the whole request is in; answering it has no deadline here
        super().on_message_complete()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # The next request must arrive in time too. (A pipelined request received before this answer ended is then
        # answered under the deadline as well; browsers do not pipeline.)
        if not self.transport.is_closing():
            self._start_deadline()

    def handle_websocket_upgrade(self) -> None:
        self._stop_deadline()  # the upgrade request is in; the handshake is the app's
        super().handle_websocket_upgrade()
        successor = self.transport.get_protocol()
        if isinstance(successor, CountedWebSocketProtocol):
            successor.counted = self.counted  # it releases the count when the websocket ends
        else:
            _release(self.counted)
        self.counted = None

    def _start_deadline(self) -> None:
        if self.deadline is None:
            self.deadline = self.loop.call_later(limits().request_timeout, self._expired)

    def _stop_deadline(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _expired(self) -> None:
        self.deadline = None
        self.transport.close()


class Inbox:
    """What uvicorn's websocket protocol has received for the app, in order: the part of ``asyncio.Queue`` it uses
    (``put_nowait``, ``get``, ``empty``), without the Queue's four deques (~3 KB per idle connection, issue 20). An
    idle connection holds one empty Inbox and the future its reader waits on."""

    __slots__ = ("_items", "_waiter")

    def __init__(self) -> None:
        self._items: deque[Any] | None = None  # made by the first put, dropped when emptied
        self._waiter: asyncio.Future[None] | None = None  # what readers wait on while nothing is here

    def put_nowait(self, item: Any) -> None:
        if self._items is None:
            self._items = deque()
        self._items.append(item)
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    async def get(self) -> Any:
        while not self._items:
            if self._waiter is None or self._waiter.done():
                self._waiter = asyncio.get_running_loop().create_future()
            await self._waiter  # one reader (the app); cancelled while waiting: nothing was taken, nothing lost
        item = self._items.popleft()
        if not self._items:
            self._items = None
        return item

    def empty(self) -> bool:
        return not self._items

    def qsize(self) -> int:
        return len(self._items) if self._items else 0


class Flag:
    """``asyncio.Event`` without its deque of waiters (uvicorn's ``writable``: set unless the socket's buffer is
    full, which an idle connection's never is)."""

    __slots__ = ("_set", "_waiter")

    def __init__(self) -> None:
        self._set = False
        self._waiter: asyncio.Future[None] | None = None

    def is_set(self) -> bool:
        return self._set

    def set(self) -> None:
        self._set = True
        if self._waiter is not None:
            if not self._waiter.done():
                self._waiter.set_result(None)
            self._waiter = None

    def clear(self) -> None:
        self._set = False

    async def wait(self) -> bool:
        while not self._set:
            if self._waiter is None or self._waiter.done():
                self._waiter = asyncio.get_running_loop().create_future()
            await asyncio.shield(self._waiter)  # one waiter cancelled leaves the others waiting
        return True


# Every attribute uvicorn 0.54's websocket protocol sets on itself, held in slots of the subclass below rather than in
# the instance's __dict__: past about 28 keys a dict stops sharing its keys with the class's other instances and
# takes ~1.6 KB of its own, and uvicorn sets 37 (issue 39). An attribute a later uvicorn adds lands in the dict, as
# before; one it turns into a class attribute would clash with a slot at import, loudly.
UVICORN_ATTRIBUTES = (
    "config", "app", "loop", "logger", "root_path", "asgi_version", "app_state", "connections", "tasks",
    "default_headers", "transport", "server", "client", "scheme", "queue", "handshake_initiated",
    "handshake_complete", "close_sent", "disconnected", "close_timer", "close_timeout", "initial_response", "conn",
    "read_paused", "writable", "ping_interval", "ping_timeout", "ping_timer", "pong_timer", "pending_ping_payload",
    "ping_sent_at", "last_ping_rtt", "frames", "curr_msg_data_type", "request", "response", "scope",
)


def text_frame(payload: bytes) -> bytes:
    """A server's text frame holding ``payload`` whole: final, unmasked, no extension, as ``websockets``' own
    ``Frame.serialize`` writes it."""
    length = len(payload)
    if length < 126:
        return bytes((0x81, length)) + payload
    if length < 65536:
        return struct.pack("!BBH", 0x81, 126, length) + payload
    return struct.pack("!BBQ", 0x81, 127, length) + payload


class CountedWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol, which takes over an upgraded connection's count and releases it at the end,
    and holds its received messages and its "writable" flag in lighter objects than asyncio's (see Inbox), its
    attributes in slots, and nothing of the handshake once it is answered.

    A text message on an open connection without extensions is framed here and written at once (``send``): the
    frame ``websockets`` would make, without its frame object, byte buffer and list of writes, which a fan-out paid
    for every viewer at every seq (issue 39). Anything else takes uvicorn's own path."""

    __slots__ = (*UVICORN_ATTRIBUTES, "counted")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.counted: str | None = None  # the address this connection counts under (set by the HTTP protocol)
        super().__init__(*args, **kwargs)
        self.queue = Inbox()  # type: ignore[assignment]
        self.writable = Flag()  # type: ignore[assignment]
        self.writable.set()

    def start_keepalive(self) -> None:
        # uvicorn calls this once, right after writing the handshake's answer, and never reads the handshake's request
        # and response again: their headers (~4 KB) need not stay for the connection's life. The request is emptied
        # as well as dropped: websockets' parser keeps it in its generator's frame (a local) until the connection
        # ends. The app reads its own copy of the headers, in the ASGI scope.
        self.request.headers.clear()
        self.request = self.response = None  # type: ignore[assignment]
        super().start_keepalive()

    def connection_lost(self, exc: Exception | None) -> None:
        try:
            super().connection_lost(exc)
        finally:
            _release(self.counted)
            self.counted = None

    async def send(self, message: Any) -> None:
        text = message.get("text") if message["type"] == "websocket.send" else None
        conn = self.conn
        if (text is None or message.get("bytes") is not None or not self.handshake_complete or self.close_sent
                or self.initial_response is not None or conn.extensions or conn.debug):
            await super().send(message)
            return
        if not self.writable.is_set():
            await self.writable.wait()
        if self.disconnected:
            raise ClientDisconnected()
        if conn.state is not State.OPEN or conn.expect_continuation_frame:
            await super().send(message)  # closing, or closed meanwhile: uvicorn's path says so as it would
            return
        self.transport.write(text_frame(text.encode()))
