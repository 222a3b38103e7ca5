"""Live viewers in this worker: one ``LiveTable`` per table with local connections.

When the hub announces a change, the table is loaded once and every local viewer gets a message built for them.
If the worker missed some seqs (several actions committed between two announcements), it replays the logged actions
from its cached state, so every viewer still receives exactly one state message per seq: the arrival of a message
never tells anyone more than the seq itself.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import Counter, deque
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Any

import orjson
from fastapi import WebSocket

from app import eager, messages, metrics, patches
from app.chat import Chat
from app.errors import ApiError
from app.held import Seat, Table
from app.hub import Hub
from app.limits import tally
from app.messages import chat_public, message_at, message_for, presence_message
from app.seats import Holder
from app.service import TableService
from app.settings import Settings
from app.timing import aware, now
from games.protocol import Game, State, apply_logged

log = logging.getLogger(__name__)
QUEUE_LIMIT = 1000  # messages waiting for one slow client before it is dropped (it reconnects and catches up)


@dataclass(frozen=True)
class Close:
    """Queued after a connection's last message: the writer closes with this code and reason."""

    code: int
    reason: str = ""


SLOW = Close(1013, "Too far behind; reconnect to catch up.")  # the client reconnects with backoff
REMOVED = Close(4403, "You no longer hold a seat at this table: you left, or the host removed you or gave your seat "
                       "a new link.")
EXPIRED = Close(4410, "This table has expired: nobody had used it for a long time, so it was deleted.")


Message = dict[str, Any] | str | Close


class Connection:
    """One viewer's websocket and the messages waiting to go out to it.

    A server holds thousands of these, mostly idle, so an idle one is kept small (issue 20): slots; no queue object
    while nothing waits (a deque is made by the first push and dropped once it is sent); and no writer task while
    nothing waits (the push that finds none running starts one, and it ends when the backlog is empty). Messages
    still go out one at a time, in order, since at most one writer runs. ``ended`` is resolved when the writer has
    sent a ``Close`` (or failed), or the handler's reader has stopped: the handler then finishes.
    """

    __slots__ = ("websocket", "holder", "seat", "base", "patches", "last_seq", "last_version", "_last", "closing",
                 "ended", "_backlog", "_writer")

    def __init__(self, websocket: WebSocket, holder: Holder | None, seat: int | None, base: str,
                 patches: bool = False) -> None:
        self.websocket = websocket
        self.holder = holder  # whose seat this is (None: a spectator); its number is looked up at every change
        self.seat = seat
        self.base = base
        self.patches = patches  # after its first full state, send only what changed (app.patches)
        self.last_seq = -1
        self.last_version = -1  # the table version this viewer's latest state message was built from
        self._last: dict[str, Any] | None = None
        self.closing = False
        self.ended: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._backlog: deque[Message] | None = None  # waiting to be sent, oldest first; None: nothing waits
        self._writer: asyncio.Task[None] | None = None

    @property
    def last(self) -> dict[str, Any] | None:
        """The last full state message this viewer holds, as data: shared with every viewer sent the same one, and
        never changed (its parts are the held table's), so the next patch is worked out from it without parsing
        anything. Kept only when the connection takes patches; any other would hold a state (~4.5 KB in Turncoats)
        per idle viewer for nothing."""
        return self._last

    @last.setter
    def last(self, message: dict[str, Any] | None) -> None:
        self._last = message if self.patches else None

    def push(self, message: dict[str, Any] | str) -> None:
        """Queue a message: a dict, or its JSON text when the same message goes to several connections."""
        if self.closing:
            return
        if self._backlog is not None and len(self._backlog) >= QUEUE_LIMIT:
            self.close(SLOW)
            return
        self._enqueue(message)

    def backlogged(self) -> bool:
        """Half the queue is waiting: stop reading this client's requests until its answers have gone out."""
        return self._backlog is not None and len(self._backlog) >= QUEUE_LIMIT // 2 and not self.closing

    def close(self, close: Close) -> None:
        """Send what is queued, then close; nothing pushed after this is sent."""
        if not self.closing:
            self.closing = True
            self._enqueue(close)

    def place(self, seats: list[Seat]) -> bool:
        """Follow this connection's seat to its current number; False (and closing) once the seat is gone."""
        if self.holder is None:
            return True
        for s in seats:
            if s.id == self.holder.seat_id:
                self.seat = s.seat
                return True
        self.close(REMOVED)
        return False

    def _enqueue(self, message: Message) -> None:
        if self.ended.done():
            return  # closed or broken: nothing more goes out
        if self._writer is None and not isinstance(message, Close):
            # Nothing waits: send it here and now. Almost every send completes at once (the socket takes the
            # frame); one that must wait for the client is finished by a writer, which then sends what queued
            # behind it. No task per frame (issue 20).
            try:
                rest = eager.start(self.websocket.send_text(message if isinstance(message, str) else encode(message)))
            except Exception as exc:  # a broken connection: its handler hears of it through ``ended``
                self._end(exc)
                return
            if rest is not None:
                self._writer = asyncio.create_task(self._write(rest))
            return
        if self._backlog is None:
            self._backlog = deque()
        self._backlog.append(message)
        if self._writer is None:
            self._writer = asyncio.create_task(self._write())

    async def _write(self, sending: Awaitable[None] | None = None) -> None:
        """Finish the send under way, if any, then send the backlog in order and end (a later push sends at once
        or starts another writer)."""
        try:
            if sending is not None:
                await sending
            while self._backlog:
                message = self._backlog.popleft()
                if isinstance(message, Close):
                    await self.websocket.close(code=message.code, reason=message.reason)
                    self._end(None)
                    return
                await self.websocket.send_text(message if isinstance(message, str) else encode(message))
                del message  # not held by this frame while the next send waits
            self._backlog = None
        except Exception as exc:  # a broken connection: its handler hears of it through ``ended``
            self._end(exc)
        finally:
            self._writer = None

    def reading_ended(self, reader: asyncio.Task[None]) -> None:
        """The handler's reader stopped (the client left, or reading failed): the connection is over, as when the
        writer ends it, and ``ended`` carries how reading ended."""
        if reader.cancelled():
            if not self.ended.done():
                self.ended.cancel()
            return
        self._end(reader.exception())  # retrieved here, so an error is never left unseen

    def _end(self, exc: BaseException | None) -> None:
        self._backlog = None
        if not self.ended.done():
            if exc is None:
                self.ended.set_result(None)
            else:
                self.ended.set_exception(exc)

    async def stop(self) -> None:
        """The handler is done with this connection: stop sending to it."""
        self.closing = True
        writer = self._writer
        if not self.ended.done():
            self.ended.cancel()
        elif not self.ended.cancelled():
            self.ended.exception()  # seen: a send that failed after the client left is no news
        if writer is not None and not writer.done():
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer


def encode(message: dict[str, Any]) -> str:
    """Compact JSON, as ``json.dumps`` with no spaces would write it; orjson, since this runs for every viewer at
    every seq. Integer keys are written as strings, as the json module does. What orjson cannot write (an integer
    past 64 bits, echoed back from a client's message id) goes through the json module, which writes the same form.
    Messages have string keys only in practice, and orjson writes those at half the cost without
    ``OPT_NON_STR_KEYS``: the option is taken only when a key needs it (issue 20)."""
    try:
        return orjson.dumps(message).decode()
    except TypeError:
        pass
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def _dumps(value: Any) -> bytes:
    """``encode``'s orjson steps for one part of a message; TypeError when only the json module can write it."""
    try:
        return orjson.dumps(value)
    except TypeError:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


class Parts:
    """The parts that several state messages of one fan-out share, each encoded once (issue 39).

    Every viewer's message of a change holds the same table facts and, mostly, the same log lines; and a game's seat
    views are the public view with a few keys of the seat's own, sharing the rest's values (``games.shared_views``).
    orjson writes a ``Fragment`` as it stands, so each shared object is encoded once, kept by its id while this
    fan-out runs (the object is held here too, so the id stays its own), and its text spliced into every message that
    holds it: the same bytes as encoding each message whole. Only the view's larger values are spliced, picked on
    the first message: a small one costs less to write again than to look up."""

    __slots__ = ("_texts", "_keys")

    def __init__(self) -> None:
        self._texts: dict[int, tuple[Any, orjson.Fragment]] = {}
        self._keys: list[str] | None = None  # the view's keys worth splicing

    def fragment(self, value: Any) -> orjson.Fragment:
        held = self._texts.get(id(value))
        if held is None:
            held = self._texts[id(value)] = (value, orjson.Fragment(_dumps(value)))
        return held[1]

    def encode(self, message: dict[str, Any]) -> str:
        """``encode(message)``, with the shared parts spliced in."""
        try:
            form = dict(message)
            view = message.get("view")
            if type(view) is dict:
                keys = self._keys
                if keys is None:
                    keys = self._keys = [key for key, value in view.items()
                                         if type(value) in _CONTAINERS and len(value) >= SPLICED_LENGTH]
                if keys:
                    form["view"] = view = dict(view)
                    for key in keys:
                        value = view.get(key)
                        if type(value) in _CONTAINERS:
                            view[key] = self.fragment(value)
            form["log"] = self.fragment(message["log"])
            form["table"] = self.fragment(message["table"])
            return encode(form)
        except TypeError:  # a part only the json module writes: the message goes whole, as ever
            return encode(message)


_CONTAINERS = (dict, list)
SPLICED_LENGTH = 4  # a view's list or dict with fewer entries is written again in each message


class LiveTable:
    def __init__(self, table_id: str, service: TableService, chat: Chat) -> None:
        self.table_id = table_id
        self.service = service
        self.chat = chat
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.version = -1
        self.seq = -1
        self.state: State | None = None
        self.spectator_chat: bool | None = None  # as last told to this table's spectators
        self.gone = False  # deleted by the expiry sweep: every connection has been closed with EXPIRED

    async def add(self, conn: Connection) -> None:
        async with self.lock:
            try:
                held = await self.service.held(self.table_id)
            except ApiError as exc:
                if exc.code != "unknown_table":
                    raise
                self._expire()  # deleted between checking the credential and now
                conn.close(EXPIRED)
                return
            row, seats = held.table, held.seats
            if not conn.place(seats):
                return  # removed between checking its token and now
            if not self.connections:  # the others' catch-up starts from what they were last sent
                self._remember(row.version, row.seq, row.state)
                self.spectator_chat = row.spectator_chat
            message = message_for(self.service.game(row.game), held, conn.seat, conn.base)
            conn.last = message
            conn.push(message)
            conn.last_seq, conn.last_version = row.seq, row.version
            conn.push(await self._chat_history(row, conn.seat))
            # Its own arrival, counted just before, as the others hear it.
            conn.push(presence_message(row, seats))
            self.connections.add(conn)

    async def _chat_history(self, row: Table, seat: int | None) -> dict[str, Any]:
        chats = [chat_public(c) for c in await self.chat.rows(self.table_id)
                 if self.chat.can_read(row, seat, c.channel)]
        return {"type": "chat_history", "messages": chats}

    def _placed(self, seats: list[Seat]) -> list[Connection]:
        """The connections whose seat still exists, each told its seat's current number. A connection whose seat
        was removed is closed and dropped here, so it hears nothing more of this table."""
        placed = [conn for conn in self.connections if conn.place(seats)]
        self.connections.intersection_update(placed)
        return placed

    def _remember(self, version: int, seq: int, state: State | None) -> None:
        self.version, self.seq, self.state = version, seq, state

    async def on_event(self, event: dict[str, Any]) -> None:
        async with self.lock:
            kind = event.get("kind")
            if self.gone:
                return
            try:
                if kind == "gone":
                    self._expire()
                elif kind == "state":
                    await self._send_states()
                elif kind == "presence":
                    row, seats = await self.service.snapshot(self.table_id)
                    message = presence_message(row, seats)
                    for conn in self._placed(seats):
                        conn.push(message)
                elif kind == "chat":
                    await self._send_chat(int(event["id"]))
            except ApiError as exc:
                if exc.code != "unknown_table":
                    raise
                self._expire()  # gone, and its announcement lost on the way: the table's absence says the same

    def _expire(self) -> None:
        """The table was deleted: every connection is told so and closed; nothing more is sent."""
        self.gone = True
        for conn in self.connections:
            conn.close(EXPIRED)

    async def _send_states(self) -> None:
        held = await self.service.held(self.table_id)
        row = held.table
        if row.version <= self.version:
            return  # already sent (announcements can arrive after a later load)
        game = self.service.game(row.game)
        steps: list[tuple[int, State | None]] = []  # (seq, its state; None for the held seq itself)
        if row.state is not None and self.state is not None and self.seq < row.seq - 1 and self.seq >= 0:
            steps = await self._replay(game, self.seq, row.seq)
        steps.append((row.seq, None))
        # Spectators, and several tabs of one seat, get the same message: build, encode and diff it once. A message
        # is encoded whole only if a connection takes it whole: a browser takes patches, so most never are.
        built: dict[tuple[int | None, str, int], dict[str, Any]] = {}
        texts: dict[tuple[int | None, str, int], str] = {}
        patched: dict[tuple[int, tuple[int | None, str, int]], str] = {}
        parts = Parts()
        stamp = messages.clock().isoformat()  # every message of this fan-out tells the same time
        sent = False
        for conn in self._placed(held.seats):
            if conn.last_version >= row.version:
                continue  # it joined after this change and opened with it: sending it again would repeat a seq
            conn.last_version = row.version
            for seq, state in steps:
                if seq < conn.last_seq or (seq == conn.last_seq and seq != row.seq):
                    continue
                key = (conn.seat, conn.base, seq)
                message = built.get(key)
                if message is None:
                    message = built[key] = (message_for(game, held, conn.seat, conn.base, stamp) if state is None
                                            else message_at(game, held, conn.seat, conn.base, state, seq))
                if conn.patches and conn.last is not None:
                    # Keyed by the message it was last sent: alive while this runs, so its id stays its own.
                    held_key = (id(conn.last), key)
                    if held_key not in patched:
                        ops = patches.diff(conn.last, message)
                        patched[held_key] = encode({"type": "patch", "seq": seq, "ops": ops})
                    conn.push(patched[held_key])
                else:
                    text = texts.get(key)
                    if text is None:
                        text = texts[key] = parts.encode(message)
                    conn.push(text)
                conn.last = message
                conn.last_seq = seq
                sent = True
        if sent and row.updated_at is not None:
            metrics.FANOUT_SECONDS.observe(max(0.0, (now() - aware(row.updated_at)).total_seconds()))
        self._remember(row.version, row.seq, row.state)
        if self.spectator_chat not in (None, row.spectator_chat):
            # The host opened or closed the players' chat to spectators: their history follows.
            history = await self._chat_history(row, None)
            for conn in self.connections:
                if conn.seat is None:
                    conn.push(history)
        self.spectator_chat = row.spectator_chat

    async def _replay(self, game: Game[Any], after: int, upto: int) -> list[tuple[int, State | None]]:
        """States for the seqs between the cached one and the newest, rebuilt from the action log."""
        assert self.state is not None
        state = self.state
        steps: list[tuple[int, State | None]] = []
        for action in await self.service.actions_between(self.table_id, after, upto - 1):
            state = apply_logged(game, state, action.seat, action.action)
            steps.append((action.seq, state))
        return steps

    async def _send_chat(self, chat_id: int) -> None:
        chat = await self.chat.row(self.table_id, chat_id)
        if chat is None:
            return
        row, seats = await self.service.snapshot(self.table_id)
        message = chat_public(chat)
        for conn in self._placed(seats):
            if self.chat.can_read(row, conn.seat, chat.channel):
                conn.push(message)


class LiveHub:
    """This worker's live tables, subscribed to the hub while they have connections."""

    def __init__(self, service: TableService, chat: Chat, settings: Settings, hub: Hub) -> None:
        self.service = service
        self.chat = chat
        self.settings = settings
        self.hub = hub
        self.tables: dict[str, LiveTable] = {}
        self._poller: asyncio.Task[None] | None = None
        # Connections admitted and not yet gone, per table and per (table, seat row): the limits are checked here,
        # before any database work, so a flood of sockets on one seat costs nobody else anything.
        self._per_table: Counter[str] = Counter()
        self._per_seat: Counter[tuple[str, int]] = Counter()

    def admit(self, table_id: str, conn: Connection) -> None:
        """Count a new connection in, or refuse it when its table or seat already has the most allowed."""
        settings = self.settings
        if self._per_table[table_id] >= settings.max_connections_per_table:
            raise ApiError(429, "too_many_connections",
                           f"This table already has {settings.max_connections_per_table} connections open here.")
        if conn.holder is not None:
            key = (table_id, conn.holder.seat_id)
            if self._per_seat[key] >= settings.max_connections_per_seat:
                raise ApiError(429, "too_many_connections", f"Your seat is already open in "
                               f"{settings.max_connections_per_seat} tabs or devices; close one first.")
            self._per_seat[key] += 1
        self._per_table[table_id] += 1

    def start(self, interval: float) -> None:
        """Look for missed changes every ``interval`` seconds (0: never). An announcement lost on the way (a Redis
        reconnect, say) then delays viewers by one interval instead of leaving them stale until the next seq."""
        if interval > 0:
            self._poller = asyncio.create_task(self._poll(interval))

    async def _poll(self, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            try:
                stored = await self.service.versions(list(self.tables))  # one query for every live table
            except Exception:
                log.exception("catch-up poll failed")
                continue
            for table_id, table in list(self.tables.items()):
                version = stored.get(table_id)
                if version is not None and version == table.version:
                    continue  # its viewers have seen the stored version
                if table.version < 0:
                    continue  # its first viewer is still joining, and that join reads the table itself
                try:
                    self.service.forget_unless_at(table_id, version)  # a copy behind the database is read again
                    await table.on_event({"kind": "state"})  # sends only if the table's version moved on
                except Exception:
                    log.exception("catch-up poll failed for table %s", table_id)

    async def _listener(self, table_id: str, event: dict[str, Any]) -> None:
        table = self.tables.get(table_id)
        if table is not None:
            await table.on_event(event)

    async def join(self, table_id: str, conn: Connection) -> LiveTable:
        table = self.tables.get(table_id)
        if table is None:
            table = self.tables[table_id] = LiveTable(table_id, self.service, self.chat)
            self.hub.subscribe(table_id, self._listener)
        await table.add(conn)
        return table

    def leave(self, table_id: str, conn: Connection) -> None:
        """Forget a connection admitted before (whether or not it got as far as joining)."""
        tally(self._per_table, table_id, -1)
        if conn.holder is not None:
            tally(self._per_seat, (table_id, conn.holder.seat_id), -1)
        table = self.tables.get(table_id)
        if table is None:
            return
        table.connections.discard(conn)
        if not table.connections:
            del self.tables[table_id]
            self.hub.unsubscribe(table_id, self._listener)

    async def close_all(self) -> None:
        if self._poller is not None:
            self._poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._poller
        for table in list(self.tables.values()):
            for conn in list(table.connections):
                with contextlib.suppress(Exception):
                    await conn.websocket.close(code=1012)  # service restart: pages reconnect at once
