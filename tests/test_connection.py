"""One viewer's outgoing messages (app.live.Connection): sent at once when the socket takes them, queued in order
behind a send that has to wait, and the slow client dropped; the hand-stepped coroutines under it (app.eager)."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from app import eager
from app.live import QUEUE_LIMIT, SLOW, Close, Connection, Parts, encode
from app.messages import state_message
from tests.support.registry import ALL_GAMES, play_random


class Socket:
    """A websocket whose sends complete at once unless ``gate`` is set: then each waits for it to open."""

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: tuple[int, str] | None = None
        self.gate: asyncio.Future[None] | None = None
        self.broken: Exception | None = None
        self.cancelled = False
        self.waiting = False  # a send has reached the gate

    async def send_text(self, text: str) -> None:
        if self.broken is not None:
            raise self.broken
        if self.gate is not None:
            self.waiting = True
            try:
                await self.gate
            except asyncio.CancelledError:
                self.cancelled = True
                raise
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = (code, reason)


def connection(socket: Socket) -> Connection:
    return Connection(socket, None, None, "http://test")  # type: ignore[arg-type]


async def settle() -> None:
    """Let every task that can run do so: the checks after this are of what has *not* happened (a send held at its
    gate); what should happen is waited for with ``until``."""
    for _ in range(5):
        await asyncio.sleep(0)


async def until(check: Callable[[], bool], within: float = 5.0) -> None:
    end = asyncio.get_running_loop().time() + within
    while not check():
        assert asyncio.get_running_loop().time() < end, "the condition never held"
        await asyncio.sleep(0.001)


async def test_a_push_to_a_ready_socket_is_sent_before_the_caller_goes_on() -> None:
    socket = Socket()
    conn = connection(socket)
    conn.push({"type": "state", "seq": 1})
    conn.push("already encoded")
    # No await between: the frames went out in the push itself, with no task started.
    assert socket.sent == ['{"type":"state","seq":1}', "already encoded"]
    assert conn._writer is None and conn._backlog is None


async def test_messages_queue_in_order_behind_a_send_that_waits() -> None:
    socket = Socket()
    conn = connection(socket)
    socket.gate = asyncio.get_running_loop().create_future()
    conn.push("one")  # waits on the gate, in a writer
    conn.push("two")
    conn.push("three")
    await settle()
    assert socket.sent == []
    assert conn._writer is not None
    gate, socket.gate = socket.gate, None
    gate.set_result(None)
    await until(lambda: conn._writer is None)
    assert socket.sent == ["one", "two", "three"]
    assert conn._writer is None and conn._backlog is None
    conn.push("four")  # nothing waits any more: straight out again
    assert socket.sent[-1] == "four"


async def test_a_broken_socket_ends_the_connection_and_nothing_more_is_sent() -> None:
    socket = Socket()
    conn = connection(socket)
    socket.broken = ConnectionResetError("gone")
    conn.push("lost")
    assert conn.ended.done() and isinstance(conn.ended.exception(), ConnectionResetError)
    socket.broken = None
    conn.push("after")
    assert socket.sent == []


async def test_close_goes_out_after_what_was_queued() -> None:
    socket = Socket()
    conn = connection(socket)
    socket.gate = asyncio.get_running_loop().create_future()
    conn.push("last words")
    conn.close(Close(4410, "bye"))
    conn.push("too late")
    socket.gate.set_result(None)
    socket.gate = None
    await asyncio.wait_for(conn.ended, 5)
    assert socket.sent == ["last words"]
    assert socket.closed == (4410, "bye")


async def test_a_client_too_far_behind_is_closed_as_slow() -> None:
    socket = Socket()
    conn = connection(socket)
    socket.gate = asyncio.get_running_loop().create_future()
    conn.push("stuck")
    for n in range(QUEUE_LIMIT + 5):
        conn.push(f"m{n}")
    assert conn.closing
    socket.gate.set_result(None)
    socket.gate = None
    await asyncio.wait_for(conn.ended, 5)
    assert socket.closed == (SLOW.code, SLOW.reason)
    assert socket.sent[0] == "stuck" and len(socket.sent) == QUEUE_LIMIT + 1


async def test_stop_cancels_a_send_that_waits() -> None:
    socket = Socket()
    conn = connection(socket)
    socket.gate = asyncio.get_running_loop().create_future()
    conn.push("never")
    await until(lambda: conn._writer is not None and socket.waiting)  # the writer holds the send at the gate
    await settle()
    await conn.stop()
    assert socket.cancelled and socket.sent == []


async def test_eager_start_runs_to_the_end_or_hands_over_the_rest() -> None:
    trace: list[str] = []

    async def quick() -> int:
        trace.append("quick")
        return 1

    assert eager.start(quick()) is None and trace == ["quick"]

    gate: asyncio.Future[int] = asyncio.get_running_loop().create_future()

    async def waits() -> int:
        trace.append("before")
        got = await gate
        await asyncio.sleep(0)  # a bare yield after the first wait
        trace.append("after")
        return got + 1

    rest = eager.start(waits())
    assert rest is not None and trace[-1] == "before"
    task: asyncio.Task[Any] = asyncio.ensure_future(rest)
    await settle()
    assert not task.done()
    gate.set_result(41)
    assert await task == 42 and trace[-1] == "after"


async def test_eager_errors_reach_the_caller_before_and_after_the_first_wait() -> None:
    async def fails_at_once() -> None:
        raise ValueError("now")

    with pytest.raises(ValueError, match="now"):
        eager.start(fails_at_once())

    gate: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    async def fails_later() -> None:
        await gate

    rest = eager.start(fails_later())
    assert rest is not None
    task = asyncio.ensure_future(rest)
    gate.set_exception(KeyError("later"))
    with pytest.raises(KeyError):
        await task


@pytest.mark.parametrize("message", [
    {"type": "state", "seq": 3, "text": "é \u2028 \"quoted\"", "view": {"a": [1, 2.5, None, True]}},
    {"type": "state", "view": {1: "one", "b": {2: [3]}}},  # integer keys, written as strings
    {"type": "ack", "id": 2**70, "seq": 1},  # past 64 bits: orjson cannot write it
    {"type": "ack", "id": 2**70, 4: True, None: 1.5},
])
def test_messages_are_encoded_as_compact_json_module_output(message: dict[Any, Any]) -> None:
    assert encode(message) == json.dumps(message, separators=(",", ":"), ensure_ascii=False)


@pytest.mark.parametrize("game_id", sorted(ALL_GAMES))
def test_a_fan_outs_shared_parts_are_spliced_in_as_the_whole_message_would_be_written(game_id: str) -> None:
    """Issue 39: ``Parts`` encodes the table facts, the log and the view's shared values once per fan-out; every
    viewer's message comes out as ``encode`` writes it whole, at every seq of a game, for seats and spectators."""
    game = ALL_GAMES[game_id]
    players = game.min_players + 1 if game.min_players < game.max_players else game.min_players
    states, _ = play_random(game, players, 7, random.Random(7))
    names = [f"p{seat} \u00e9" for seat in range(players)]
    table = {"table_id": "t", "seats": [{"seat": s, "name": n} for s, n in enumerate(names)], "teams": None}
    for state in states[:: max(1, len(states) // 25)] + states[-1:]:
        parts = Parts()  # one fan-out: every viewer of this seq
        for viewer in [*range(players), None]:
            message = state_message(game, status="playing", seq=state["seq"], state=state, viewer=viewer,
                                    names=names, table=table, deadline=None, stamp="2026-12-07T12:00:00+00:00")
            assert parts.encode(message) == encode(message)


def test_a_shared_part_only_the_json_module_writes_sends_the_message_whole() -> None:
    parts = Parts()
    view = {"big": [2**70], "keys": {1: "one"}, "plain": [1, 2]}
    for seat in (0, 1):
        message = {"type": "state", "view": {**view, "you": seat}, "log": [{"seq": 2**70}], "table": {3: "x"}}
        assert parts.encode(message) == encode(message) == json.dumps(message, separators=(",", ":"),
                                                                      ensure_ascii=False)
