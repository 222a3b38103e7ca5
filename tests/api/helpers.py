"""Small helpers for the API and websocket tests: tables, seats, errors, and bounded websocket reads.

Everything here drives the app through its public HTTP and websocket surface (API.md); the only peeks behind it are
``db_rows`` (to prove a refused request wrote nothing) and ``recv`` (a websocket read with a timeout, which
Starlette's test session does not offer).
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

import anyio
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url
from starlette.testclient import WebSocketTestSession

from app.settings import Settings

GAME = "hidden-hands"
MAX_PLAYERS = 5
Message = dict[str, Any]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class Table:
    """A table as the tests know it: its id, the links of its creator, and every human seat's token."""

    table_id: str
    invite: str
    spectate: str
    tokens: dict[int, str] = field(default_factory=dict)
    created: Message = field(default_factory=dict)

    @property
    def host(self) -> dict[str, str]:
        return auth(self.tokens[0])

    def headers(self, seat: int) -> dict[str, str]:
        return auth(self.tokens[seat])

    @property
    def url(self) -> str:
        return f"/api/tables/{self.table_id}"


def query_param(url: str, name: str) -> str:
    return parse_qs(urlsplit(url).query)[name][0]


def create(client: TestClient, name: str = "Alice", options: dict[str, Any] | None = None, **extra: Any) -> Table:
    body: dict[str, Any] = {"game": GAME, "name": name, **extra}
    if options is not None:
        body["options"] = options
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    return Table(data["table_id"], query_param(data["invite_url"], "invite"), query_param(data["spectate_url"], "key"),
                 {0: data["token"]}, data)


def join(client: TestClient, table: Table, name: str) -> int:
    response = client.post(f"{table.url}/join", json={"name": name, "invite": table.invite})
    assert response.status_code == 200, response.text
    data = response.json()
    seat: int = data["seat"]
    table.tokens[seat] = data["token"]
    return seat


def add_bots(client: TestClient, table: Table, count: int, kind: str | None = None) -> Message:
    body: dict[str, Any] = {"count": count}
    if kind is not None:
        body["kind"] = kind
    response = client.post(f"{table.url}/bots", json=body, headers=table.host)
    assert response.status_code == 200, response.text
    answer: Message = response.json()
    return answer


def start(client: TestClient, table: Table) -> Message:
    response = client.post(f"{table.url}/start", headers=table.host)
    assert response.status_code == 200, response.text
    answer: Message = response.json()
    return answer


def new_game(client: TestClient, humans: int = 2, bots: int = 0, options: dict[str, Any] | None = None,
             started: bool = True, **extra: Any) -> Table:
    """A table with ``humans`` people (Alice, Bob, Carol, ...) and ``bots`` bots, started unless told otherwise."""
    names = ["Alice", "Bob", "Carol", "Dave", "Erin"]
    table = create(client, names[0], options, **extra)
    for name in names[1:humans]:
        join(client, table, name)
    if bots:
        add_bots(client, table, bots)
    if started:
        start(client, table)
    return table


def public(client: TestClient, table: Table | str) -> Message:
    table_id = table.table_id if isinstance(table, Table) else table
    response = client.get(f"/api/tables/{table_id}")
    assert response.status_code == 200, response.text
    answer: Message = response.json()
    return answer


def state(client: TestClient, table: Table, seat: int | None) -> Message:
    """The state message for a seat, or for a spectator when ``seat`` is None."""
    if seat is None:
        response = client.get(f"{table.url}/state", params={"spectate": table.spectate})
    else:
        response = client.get(f"{table.url}/state", headers=table.headers(seat))
    assert response.status_code == 200, response.text
    answer: Message = response.json()
    return answer


def act(client: TestClient, table: Table, seat: int, action: Any, expect_seq: int | None = None) -> Any:
    body: dict[str, Any] = {"action": action}
    if expect_seq is not None:
        body["expect_seq"] = expect_seq
    return client.post(f"{table.url}/actions", json=body, headers=table.headers(seat))


def play(client: TestClient, table: Table, seat: int, index: int = 0) -> Message:
    """Play the seat's ``index``-th legal action on a current view; returns the new state message."""
    current = state(client, table, seat)
    assert current["legal"], f"seat {seat} has nothing to do at seq {current['seq']}"
    response = act(client, table, seat, current["legal"][index], current["seq"])
    assert response.status_code == 200, response.text
    answer: Message = response.json()
    return answer


def wait_for(check: Callable[[], Any], timeout: float = 10.0, what: str = "condition") -> Any:
    """Poll until ``check()`` is truthy (the app's bots and timers run on their own), bounded by ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.02)


def play_to_end(client: TestClient, table: Table, timeout: float = 15.0) -> Message:
    """Every human seat plays its first legal action until the game finishes (bots play themselves)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        moved = False
        for seat in sorted(table.tokens):
            current = state(client, table, seat)
            if current["status"] == "finished":
                return current
            if current["legal"]:
                response = act(client, table, seat, current["legal"][0], current["seq"])
                assert response.status_code == 200, response.text
                moved = True
        if not moved:
            time.sleep(0.02)
    raise AssertionError("the game did not finish")


def assert_error(response: Any, status: int, code: str) -> str:
    """API.md's error body: ``{"error": {"code", "message"}}`` with a message a person can act on."""
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error"}, body
    assert set(body["error"]) == {"code", "message"}, body
    assert body["error"]["code"] == code, body
    message = body["error"]["message"]
    assert isinstance(message, str) and message.strip(), body
    return message


def stable(message: Message) -> Message:
    """A state message without its ``now`` (the server's clock, which moves on by itself)."""
    return {key: value for key, value in message.items() if key != "now"}


def snapshot(client: TestClient, table: Table) -> Message:
    """Everything a refused request must leave alone: the public table and every seat's own state message."""
    return {"table": public(client, table),
            "states": {seat: stable(state(client, table, seat)) for seat in table.tokens}}


def db_path(settings: Settings) -> str:
    database = make_url(settings.database_url).database
    assert database
    return database


def db_rows(settings: Settings, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """Read the SQLite file directly: proof that a refused request stored nothing."""
    with sqlite3.connect(db_path(settings)) as connection:
        return connection.execute(sql, params).fetchall()


# ----------------------------------------------------------------- websockets


def ws_url(table: Table, seat: int | None) -> str:
    if seat is None:
        return f"/ws/tables/{table.table_id}?spectate={table.spectate}"
    return f"/ws/tables/{table.table_id}?token={table.tokens[seat]}"


@contextmanager
def connect(client: TestClient, url: str) -> Iterator[WebSocketTestSession]:
    """A websocket that, on leaving, disconnects like a browser and waits for the server's handler to finish.

    Leaving ``client.websocket_connect`` alone cancels the server's handler at once, possibly inside its cleanup's
    database calls; an async SQLAlchemy connection cancelled mid-call is terminated in a task that can outlive the app
    and hang its shutdown. Here the handler ends on its own, as it does behind a real server.
    """
    with client.websocket_connect(url) as ws:
        try:
            yield ws
        finally:
            ws.close(1000)
            wait_for(lambda: _handler_done(ws), timeout=10, what="the websocket handler to finish")


def _handler_done(ws: WebSocketTestSession) -> bool:
    """True once the app has returned from this session (its runner then sleeps until the test client cancels it)."""

    async def check() -> bool:
        for task in asyncio.all_tasks():
            coro: Any = task.get_coro()
            while coro is not None:
                frame = getattr(coro, "cr_frame", None)
                if frame is not None and frame.f_code is WebSocketTestSession._run.__code__ \
                        and frame.f_locals.get("self") is ws:
                    return getattr(coro.cr_await, "__qualname__", "") == "sleep_forever"
                coro = getattr(coro, "cr_await", None)
        return True

    return ws.portal.call(check)


def autoplay_settled(client: TestClient, table_id: str) -> bool:
    """Wait until every bot round and deadline look begun at the table has ended, then run one more of each here,
    to its end: whatever the bots or the timer were going to do there has been done (a test that something did NOT
    happen waits for this, never for a fixed time). Returns whether that last bot round moved."""
    autoplay = client.app.state.autoplay  # type: ignore[attr-defined]
    wait_for(lambda: table_id not in autoplay._running and autoplay.schedule.visits == 0,
             what="the bots and the timer to finish at the table")
    moved = bool(client.portal.call(autoplay._bots_once, table_id))  # type: ignore[union-attr]
    client.portal.call(autoplay._look, table_id)  # type: ignore[union-attr]
    return moved


def recv(ws: WebSocketTestSession, timeout: float = 5.0) -> Message:
    """One JSON message, or ``TimeoutError`` after ``timeout`` seconds (the test session's own read never gives up)."""

    async def read() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    message = ws.portal.call(read)
    ws._raise_on_close(message)
    received: dict[str, Any] = json.loads(message["text"])
    return received


def recv_until(ws: WebSocketTestSession, predicate: Callable[[Message], bool], limit: int = 200,
               timeout: float = 5.0, seen: list[Message] | None = None) -> Message:
    """Read until a message matches; every message read (the match included) is appended to ``seen``."""
    for _ in range(limit):
        message = recv(ws, timeout)
        if seen is not None:
            seen.append(message)
        if predicate(message):
            return message
    raise AssertionError(f"no matching message in {limit} messages")


REPLIES = ("error", "ack", "pong")


def reply(ws: WebSocketTestSession, timeout: float = 5.0) -> Message:
    """The next direct reply to something this socket sent (error, ack or pong), past any broadcasts between."""
    return recv_until(ws, lambda m: m["type"] in REPLIES, timeout=timeout)


_flushes = iter(range(1, 1_000_000))


def flush(ws: WebSocketTestSession) -> list[Message]:
    """Every message queued for this socket so far: a ping's pong is queued behind them all (a barrier)."""
    ident = f"flush-{next(_flushes)}"
    ws.send_json({"type": "ping", "id": ident})
    seen: list[Message] = []
    recv_until(ws, lambda m: m == {"type": "pong", "id": ident}, limit=1000, seen=seen)
    return seen[:-1]


def drain(ws: WebSocketTestSession, quiet: float = 0.15, limit: int = 500) -> list[Message]:
    """Every message that arrives until the socket has been quiet for ``quiet`` seconds."""
    out: list[Message] = []
    for _ in range(limit):
        try:
            out.append(recv(ws, quiet))
        except TimeoutError:
            return out
    raise AssertionError(f"more than {limit} messages without a pause")


def opening(ws: WebSocketTestSession) -> tuple[Message, Message]:
    """The first two messages of every connection: the state, then the chat history."""
    first = recv(ws)
    assert first["type"] == "state", first
    second = recv(ws)
    assert second["type"] == "chat_history", second
    return first, second


def of_type(messages: list[Message], kind: str) -> list[Message]:
    return [m for m in messages if m.get("type") == kind]


def ping(ws: WebSocketTestSession, ident: Any = "still-there") -> None:
    """Prove the connection is still open and served: a ping gets its pong."""
    ws.send_json({"type": "ping", "id": ident})
    assert reply(ws) == {"type": "pong", "id": ident}


def assert_ws_error(message: Message, code: str, ident: Any = None) -> None:
    assert message["type"] == "error", message
    assert set(message) == {"type", "id", "code", "message"}, message
    assert message["code"] == code, message
    assert message["id"] == ident, message
    assert isinstance(message["message"], str) and message["message"].strip(), message
