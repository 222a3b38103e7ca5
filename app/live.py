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
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

from app.models import SeatRow, TableRow
from app.service import TableService, chat_public, seat_public
from games.protocol import Game, State, apply_checked

log = logging.getLogger(__name__)
QUEUE_LIMIT = 1000  # messages waiting for one slow client before it is dropped (it reconnects and catches up)


@dataclass(eq=False)
class Connection:
    websocket: WebSocket
    seat: int | None
    base: str
    last_seq: int = -1
    last_version: int = -1  # the table version this viewer's latest state message was built from
    queue: asyncio.Queue[dict[str, Any] | str | None] = field(default_factory=asyncio.Queue)

    def push(self, message: dict[str, Any] | str) -> None:
        """Queue a message: a dict, or its JSON text when the same message goes to several connections."""
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.queue.put_nowait(None)  # tells the writer to close; the client reconnects with backoff
            return
        self.queue.put_nowait(message)

    async def writer(self) -> None:
        while True:
            message = await self.queue.get()
            if message is None:
                await self.websocket.close(code=1013)
                return
            await self.websocket.send_text(message if isinstance(message, str) else encode(message))


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def presence_message(row: TableRow, seats: list[SeatRow]) -> dict[str, Any]:
    return {"type": "presence", "seats": [seat_public(s) for s in seats], "spectators": row.spectators}


class LiveTable:
    def __init__(self, table_id: str, service: TableService) -> None:
        self.table_id = table_id
        self.service = service
        self.connections: set[Connection] = set()
        self.lock = asyncio.Lock()
        self.version = -1
        self.seq = -1
        self.state: State | None = None

    async def add(self, conn: Connection) -> None:
        async with self.lock:
            row, seats = await self.service.snapshot(self.table_id)
            if not self.connections:  # the others' catch-up starts from what they were last sent
                self._remember(row.version, row.seq, row.state)
            conn.push(self.service.message_for(row, seats, conn.seat, conn.base))
            conn.last_seq, conn.last_version = row.seq, row.version
            chats = [chat_public(c) for c in await self.service.chat_rows(self.table_id)
                     if self.service.can_read(row, conn.seat, c.channel)]
            conn.push({"type": "chat_history", "messages": chats})
            # Its own arrival, counted just before, as the others hear it.
            conn.push(presence_message(row, seats))
            self.connections.add(conn)

    def _remember(self, version: int, seq: int, state: State | None) -> None:
        self.version, self.seq, self.state = version, seq, state

    async def on_event(self, event: dict[str, Any]) -> None:
        async with self.lock:
            kind = event.get("kind")
            if kind == "state":
                await self._send_states()
            elif kind == "presence":
                row, seats = await self.service.snapshot(self.table_id)
                message = presence_message(row, seats)
                for conn in self.connections:
                    conn.push(message)
            elif kind == "chat":
                await self._send_chat(int(event["id"]))

    async def _send_states(self) -> None:
        row, seats = await self.service.snapshot(self.table_id)
        if row.version <= self.version:
            return  # already sent (announcements can arrive after a later load)
        steps: list[tuple[int, State | None]] = []
        if row.state is not None and self.state is not None and self.seq < row.seq - 1 and self.seq >= 0:
            steps = await self._replay(self.service.game(row.game), self.seq, row.seq)
        steps.append((row.seq, row.state))
        # Spectators, and several tabs of one seat, get the same message: build and encode it once.
        built: dict[tuple[int | None, str, int], str] = {}
        for conn in self.connections:
            if conn.last_version >= row.version:
                continue  # it joined after this change and opened with it: sending it again would repeat a seq
            conn.last_version = row.version
            for seq, state in steps:
                if seq < conn.last_seq or (seq == conn.last_seq and seq != row.seq):
                    continue
                key = (conn.seat, conn.base, seq)
                if key not in built:
                    message = self.service.message_for(row, seats, conn.seat, conn.base, state=state, seq=seq)
                    built[key] = encode(message)
                conn.push(built[key])
                conn.last_seq = seq
        self._remember(row.version, row.seq, row.state)

    async def _replay(self, game: Game, after: int, upto: int) -> list[tuple[int, State | None]]:
        """States for the seqs between the cached one and the newest, rebuilt from the action log."""
        assert self.state is not None
        state = self.state
        steps: list[tuple[int, State | None]] = []
        for action in await self.service.actions_between(self.table_id, after, upto - 1):
            state = apply_checked(game, state, action.seat, action.action)
            steps.append((action.seq, state))
        return steps

    async def _send_chat(self, chat_id: int) -> None:
        chat = await self.service.chat_row(self.table_id, chat_id)
        if chat is None:
            return
        row, _ = await self.service.snapshot(self.table_id)
        message = chat_public(chat)
        for conn in self.connections:
            if self.service.can_read(row, conn.seat, chat.channel):
                conn.push(message)


class LiveHub:
    """This worker's live tables, subscribed to the hub while they have connections."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.tables: dict[str, LiveTable] = {}
        self._poller: asyncio.Task[None] | None = None

    def start(self, interval: float) -> None:
        """Look for missed changes every ``interval`` seconds (0: never). An announcement lost on the way (a Redis
        reconnect, say) then delays viewers by one interval instead of leaving them stale until the next seq."""
        if interval > 0:
            self._poller = asyncio.create_task(self._poll(interval))

    async def _poll(self, interval: float) -> None:
        while True:
            await asyncio.sleep(interval)
            for table in list(self.tables.values()):
                try:
                    await table.on_event({"kind": "state"})  # sends only if the table's version moved on
                except Exception:
                    log.exception("catch-up poll failed for table %s", table.table_id)

    async def _listener(self, table_id: str, event: dict[str, Any]) -> None:
        table = self.tables.get(table_id)
        if table is not None:
            await table.on_event(event)

    async def join(self, table_id: str, conn: Connection) -> LiveTable:
        table = self.tables.get(table_id)
        if table is None:
            table = self.tables[table_id] = LiveTable(table_id, self.service)
            self.service.hub.subscribe(table_id, self._listener)
        await table.add(conn)
        return table

    def leave(self, table_id: str, conn: Connection) -> None:
        table = self.tables.get(table_id)
        if table is None:
            return
        table.connections.discard(conn)
        if not table.connections:
            del self.tables[table_id]
            self.service.hub.unsubscribe(table_id, self._listener)

    async def close_all(self) -> None:
        if self._poller is not None:
            self._poller.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._poller
        for table in list(self.tables.values()):
            for conn in list(table.connections):
                with contextlib.suppress(Exception):
                    await conn.websocket.close(code=1001)
