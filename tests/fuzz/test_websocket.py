"""A websocket fuzzer against a real server process: junk frames from a seat and a spectator of a playing table.

The contract (API.md): a refused client message gets ``{"type": "error", "id", "code", "message"}`` and the
connection stays open. The one exception is a frame larger than a transport limit, which may close the connection
with 1009 (message too big); that is accepted only for frames over 64 KiB, and a fresh socket must then work.

Frames sent: a fixed corpus (non-JSON text, binary frames, JSON that is not an object, unknown message types, a wrong
type for every field of ``act`` and ``chat``, legal actions with junk beside them, mutated legal actions, numbers like
10**400 and a 5,000-digit one, NaN and Infinity literals, lone surrogates (``"\\ud800"``), nesting 5,000 levels
deep, long and multi-byte strings, frames just under and over the 16 KiB message limit), then seeded random mutations
of real messages, then floods of junk sent without waiting (a client reading every reply as it comes). Each single
frame is followed by a ping: whatever arrives before its pong is that frame's doing, so a refusal must be exactly one
error (echoing the frame's id, or null when the server could not read one), and any state or chat message in between
means refused input changed something. Every message the server sends must be strict JSON (no NaN or Infinity).
Afterwards the socket still answers a ping, the table (every seat's state, GET /api/tables/{id}/state, and the rest of
``tests.fuzz.common.table_snapshot``) is unchanged, and the server log has no traceback and no "Task exception was
never retrieved". Failures are collected (one example per kind of failure and frame) and reported together.

Also here: one big flood (5,000 refused acts) per socket, frames of 16 KiB + 1, 64 KiB, 4 MiB and 20 MiB (text and
binary), and junk sent instead of the first-message credentials (which must end in an error and a 44xx close).

Scale: ``FUZZ_SCALE=20`` multiplies the random frames and the flood sizes (about 10 s by default, a minute at 20);
``FUZZ_SEED`` picks another seed (the default seed makes every run send the same frames).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import string
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from games.protocol import same_json
from tests.conftest import ServerProcess
from tests.fuzz.common import (
    LiveTable,
    LogWatch,
    alarm_report,
    alarms,
    create_table,
    scaled,
    seat_state,
    settle,
    snapshot_diff,
    table_snapshot,
)
from tests.games.test_conformance import _altered, _junk_values
from tests.support.loops import own_loop

SEED = int(os.environ.get("FUZZ_SEED", "1234"))
RANDOM_FRAMES = scaled(400)  # seeded random mutations per socket
FLOOD = scaled(500)  # frames per flood, sent without waiting for replies
BIG_FLOOD = scaled(5000)  # frames in the one big flood per socket (more than the server queues for a slow reader)
MESSAGE_LIMIT = 16 * 1024  # the server's message limit (Settings.max_message_bytes)
TRANSPORT_SLACK = 64 * 1024  # only a frame larger than this may close the connection (1009) instead of an error
REPLY_TIMEOUT = 10.0
REPLIES = ("error", "ack", "pong")
EVENTS = ("state", "chat")  # what a refused message must never cause

ANY_ID = object()  # the frame's id cannot be known (not JSON, or not an object): the error's id must be null
ANY_ECHO = object()  # an id too deep to compare here: the error may carry it or null


@dataclass
class Frame:
    """One thing to send: ``expect`` is "error" (must be refused), or "reply" (an error or a pong, both fine)."""

    label: str
    payload: str | bytes
    expect: str = "error"
    ident: Any = ANY_ID

    @property
    def size(self) -> int:
        return len(self.payload if isinstance(self.payload, bytes) else self.payload.encode())


# ------------------------------------------------------------------------------------------------ strict JSON


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def strict_loads(text: str) -> Any:
    """Parse as JSON (RFC 8259): no NaN or Infinity, and no number too large for a double."""
    return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)


def _finite_float(text: str) -> float:
    number = float(text)
    if number in (float("inf"), float("-inf")):
        raise ValueError(f"{text} overflows a double")
    return number


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


# ------------------------------------------------------------------------------------------------ what to send


@dataclass
class Context:
    """What the fuzzer knows about the table: the seat's legal actions, another seat's, the other hand's gems."""

    legal: list[dict[str, Any]]
    others: list[dict[str, Any]]  # legal actions of another seat, not this one's
    spectator: bool = False
    counter: Iterator[int] = field(default_factory=lambda: iter(range(1, 10**9)))

    def new_id(self) -> str:
        return f"f{next(self.counter)}"


BIG = 10**400
HUGE_LITERAL = "9" * 5000  # more digits than Python converts by default (4300)
JUNK_VALUES: list[Any] = [None, True, False, 0, -1, 1.5, -0.0, 1e308, BIG, -BIG, "", " ", "x", "\u0000", "é" * 3,
                          "\U0001f600", [], {}, [None], {"": None}, [[[]]], {"type": "act"}, "act", "ping"]


def nested(depth: int, inner: str = "0") -> str:
    return "[" * depth + inner + "]" * depth


def fixed_frames(ctx: Context) -> list[Frame]:
    """The corpus every run sends, in order."""
    legal = ctx.legal[0] if ctx.legal else {"type": "set_aside", "gem": "gem-01"}
    frames: list[Frame] = []

    def add(label: str, message: Any, expect: str = "error") -> None:
        ident = message.get("id", None) if isinstance(message, dict) else ANY_ID
        frames.append(Frame(label, dumps(message), expect, ident))

    def raw(label: str, text: str | bytes, expect: str = "error", ident: Any = ANY_ID) -> None:
        frames.append(Frame(label, text, expect, ident))

    # Not JSON at all.
    for text in ["", " ", "{", "}", "[1,", "nul", "ping", "{'type': 'ping'}", '{"type":"ping"', '{"type":"ping",}',
                 "\u0000", "\ufeff{}", '{"type":"ping","id":1} x', '{"type":"ping","id":1}{"type":"ping","id":2}',
                 '{"type":"ping","id":01}', '{"type":"ping","id":"\\ud800"x}', '{"type":"ping","id":.5}',
                 "".join(chr(c) for c in range(1, 32)), "\u2028\u2029", "🂡" * 100]:
        raw(f"not JSON {text[:30]!r}", text)
    # Binary frames, even ones holding good JSON.
    for data in [b"", b"\x00", b"\xff\xfe\xfd", b'{"type":"ping","id":1}', bytes(range(256)) * 4]:
        raw(f"binary {data[:20]!r}", data)
    # JSON, but not an object.
    for text in ["null", "true", "0", "-0", "1e999", '"act"', "[]", '[{"type":"ping","id":1}]', "3.14",
                 str(BIG), HUGE_LITERAL]:
        raw(f"not an object {text[:30]!r}", text)
    # Objects without a known type.
    add("no type", {"id": ctx.new_id()})
    add("empty object", {})
    for kind in ["nope", "", "ACT", " act", "act ", "act\u0000", "Ping", "pong", "error", "state", "ack",
                 "chat_history", "presence", 5, 1.5, None, True, [], {}, ["act"], {"act": 1}, BIG, "x" * 15000]:
        add(f"type {str(kind)[:30]!r}", {"type": kind, "id": ctx.new_id()})
    # A wrong type for every field of "act".
    add("act without action", {"type": "act", "id": ctx.new_id()})
    add("act without action, with expect_seq", {"type": "act", "id": ctx.new_id(), "expect_seq": 0})
    for value in JUNK_VALUES + [[legal], {"type": None}, {"type": 7}, {"type": ""}, {"type": [legal["type"]]},
                                {"action": legal}, "x" * 15000, dumps(legal)]:
        add(f"act with action {str(value)[:40]!r}", {"type": "act", "id": ctx.new_id(), "action": value})
    for value in ["0", "1", 0.0, 1.5, True, False, [], {}, [0], {"seq": 0}, "", -0.5, 1e308]:
        add(f"legal action with expect_seq {value!r}",
            {"type": "act", "id": ctx.new_id(), "action": legal, "expect_seq": value})
    for literal in ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", HUGE_LITERAL]:
        ident = ctx.new_id()
        raw(f"legal action with expect_seq {literal[:20]}",
            f'{{"type":"act","id":"{ident}","action":{dumps(legal)},"expect_seq":{literal}}}', ident=ident)
    for ident in [None, True, 1.5, -0.0, BIG, "", "x" * 15000, [], {}, {"id": 1}, [[["deep"]]], "é" * 1000]:
        add(f"illegal act with id {str(ident)[:30]!r}", {"type": "act", "id": ident, "action": {"type": "nope"}})
    for literal in ["NaN", "Infinity", "-Infinity", "1e400", HUGE_LITERAL]:
        raw(f"act with id {literal[:20]}", f'{{"type":"act","id":{literal},"action":{{"type":"nope"}}}}',
            ident=ANY_ECHO)  # whatever id comes back must be strict JSON (every message read is checked)
        # 1e400 is JSON syntax, but no double: a pong may come, as long as what the server sends is strict JSON.
        raw(f"ping with id {literal[:20]}", f'{{"type":"ping","id":{literal}}}',
            expect="reply" if literal == "1e400" else "error")
    # Legal actions altered: a junk parameter, a key too many, another seat's action, every mutation the conformance
    # suite knows (tests/games/test_conformance.py) and then some.
    for action in _altered(ctx.legal, ctx.legal[:2]):
        add(f"altered action {str(action)[:60]}", {"type": "act", "id": ctx.new_id(), "action": action})
    for action in ctx.others[:2]:
        if canonical(action) not in {canonical(a) for a in ctx.legal}:
            add(f"another seat's action {action}", {"type": "act", "id": ctx.new_id(), "action": action})
    for name, value in legal.items():
        if name != "type":
            for junk in [BIG, -BIG, [value, value], {"value": value}, str(value) * 50, None]:
                add(f"action {name}={str(junk)[:30]}",
                    {"type": "act", "id": ctx.new_id(), "action": {**legal, name: junk}})
    add("action without its parameters", {"type": "act", "id": ctx.new_id(), "action": {"type": legal["type"]}})
    add("action of another game", {"type": "act", "id": ctx.new_id(), "action": {"type": "vote", "vote": "yes"}})
    # A wrong type for every field of "chat".
    add("chat without text", {"type": "chat", "id": ctx.new_id()})
    for value in [None, True, 0, 1.5, BIG, [], {}, ["hi"], {"text": "hi"}, "", "   ", "\u0000\u0001\u0002",
                  "\t\n", "\u200b\u200b", "x" * 301, "x" * 15000, "é" * 5400]:
        add(f"chat text {str(value)[:30]!r}", {"type": "chat", "id": ctx.new_id(), "text": value})
    for channel in [] if ctx.spectator else [1, True, [], {}, ["table"], "nope", "TEAM", "team", "spectators"]:
        add(f"chat channel {channel!r}", {"type": "chat", "id": ctx.new_id(), "text": "hi", "channel": channel})
    raw("chat text NaN", '{"type":"chat","id":"c-nan","text":NaN}', ident="c-nan")
    raw("chat text Infinity", '{"type":"chat","id":"c-inf","text":Infinity}', ident="c-inf")
    # Lone surrogates: JSON can spell them ("\\ud800"), UTF-8 cannot carry them, so echoing one back is a trap.
    for where, template in [("chat text", '{"type":"chat","id":"%s","text":"\\ud800"}'),
                            ("action type", '{"type":"act","id":"%s","action":{"type":"\\ud800"}}'),
                            ("action parameter", '{"type":"act","id":"%s","action":{"type":"%s","x":"\\udfff"}}'),
                            ("message type", '{"type":"\\ud800","id":"%s"}'),
                            ("channel", '{"type":"chat","id":"%s","text":"hi","channel":"\\ud800"}')]:
        if where == "channel" and ctx.spectator:
            continue
        ident = ctx.new_id()
        text = template % ((ident, legal["type"]) if template.count("%s") == 2 else ident)
        raw(f"lone surrogate in the {where}", text, ident=ident)
    raw("illegal act with a lone surrogate id", '{"type":"act","id":"\\ud800","action":{"type":"nope"}}',
        ident=ANY_ECHO)
    raw("ping with a lone surrogate id", '{"type":"ping","id":"\\ud800"}', expect="reply")
    # Deep nesting, inside and out.
    for depth in [5000, 1100, 990, 100]:
        raw(f"array nested {depth}", nested(depth))
        raw(f"act with an action nested {depth}",
            f'{{"type":"act","id":"deep-{depth}","action":{nested(depth)}}}', ident=f"deep-{depth}")
        raw(f"ping with an id nested {depth}", f'{{"type":"ping","id":{nested(depth)}}}', expect="reply")
        raw(f"illegal act with an id nested {depth}",
            f'{{"type":"act","id":{nested(depth)},"action":{{"type":"nope"}}}}', ident=ANY_ECHO)
    raw("object nested 2500", '{"a":' * 2500 + "0" + "}" * 2500)
    raw("chat text nested 5000", f'{{"type":"chat","id":"c-deep","text":{nested(5000)}}}', ident="c-deep")
    # Sizes around the message limit (below the transport's): just under it is read, over it is refused whole.
    pad = MESSAGE_LIMIT - len(dumps({"type": "act", "id": "", "action": {"type": "nope"}})) - 2
    add("illegal act just under the limit", {"type": "act", "id": "x" * pad, "action": {"type": "nope"}})
    over = MESSAGE_LIMIT + 1 - len(dumps({"type": "ping", "id": ""}))
    add("ping one byte over the limit", {"type": "ping", "id": "x" * over})
    add("ping over the limit in bytes, not characters", {"type": "ping", "id": "€" * (MESSAGE_LIMIT // 3 + 10)})
    add("legal action padded over the limit",
        {"type": "act", "id": ctx.new_id(), "action": legal, "pad": "x" * (MESSAGE_LIMIT + 10)})
    add("chat over the limit", {"type": "chat", "id": ctx.new_id(), "text": "x" * (MESSAGE_LIMIT * 2)})
    raw("binary over the limit", b"\x00" * (MESSAGE_LIMIT * 2))
    add("act of 60 KiB", {"type": "act", "id": ctx.new_id(), "action": legal, "pad": "y" * (60 * 1024)})
    return frames


def junk_value(rand: random.Random, depth: int = 0) -> Any:
    roll = rand.random()
    if depth > 3 or roll < 0.45:
        return rand.choice(JUNK_VALUES + [rand.randint(-10**6, 10**6), 10 ** rand.randint(18, 400),
                                          rand.uniform(-1e6, 1e6), random_text(rand)])
    if roll < 0.7:
        return [junk_value(rand, depth + 1) for _ in range(rand.randint(0, 4))]
    return {random_text(rand, 8): junk_value(rand, depth + 1) for _ in range(rand.randint(0, 4))}


def random_text(rand: random.Random, limit: int = 40) -> str:
    alphabet = string.printable + "éß€\u0000\u200b\u2028\U0001f600\ufeff"
    return "".join(rand.choice(alphabet) for _ in range(rand.randint(0, limit)))


def mutate(rand: random.Random, ctx: Context) -> tuple[str, str]:
    """One random mutation of a real message (an act with a legal action, a chat, a ping): (label, payload)."""
    base_kind = rand.choice(["act", "act", "chat", "ping"])
    if base_kind == "act":
        action = dict(rand.choice(ctx.legal or [{"type": "nope"}]))
        message: dict[str, Any] = {"type": "act", "id": ctx.new_id(), "action": action,
                                   "expect_seq": 0}
    elif base_kind == "chat":
        message = {"type": "chat", "id": ctx.new_id(), "text": "hello"}
    else:
        message = {"type": "ping", "id": ctx.new_id()}
    how = rand.choice(["field", "field", "drop", "param", "param", "text", "wrap", "type"])
    if how == "field":
        name = rand.choice([*message, "extra", "action", "text", "channel", "expect_seq"])
        message[name] = junk_value(rand)
    elif how == "drop":
        message.pop(rand.choice([k for k in message if k != "id"]))
    elif how == "param" and base_kind == "act":
        action = message["action"]
        name = rand.choice([*action, "extra"])
        action[name] = rand.choice(_junk_values(action.get(name)) + [junk_value(rand)])
    elif how == "wrap":
        return f"wrapped {base_kind}", dumps(rand.choice([[message], {"message": message}, [message, message]]))
    elif how == "type":
        message["type"] = rand.choice([random_text(rand, 10), base_kind.upper(), base_kind + " ", junk_value(rand)])
    else:
        text = dumps(message)
        cut = rand.randrange(len(text))
        variants = [text[:cut], text[:cut] + text[cut + 1:], text[:cut] + rand.choice('{}[]",:\\0eE-+.') + text[cut:],
                    text.replace("0", "NaN", 1), text.replace('"', "'", 1)]
        return f"corrupted {base_kind} text", rand.choice(variants)
    return f"{base_kind} with {how}", dumps(message)


def expectation(payload: str | bytes, ctx: Context) -> tuple[str, Any]:
    """What the server must answer: ("error" | "reply" | "skip", the id it may echo). "skip": it may well accept it."""
    if isinstance(payload, bytes) or len(payload.encode()) > MESSAGE_LIMIT:
        return "error", ANY_ID
    try:
        message = strict_loads(payload)
    except (ValueError, RecursionError):
        return "error", ANY_ID
    if not isinstance(message, dict):
        return "error", ANY_ID
    ident = message.get("id")
    kind = message.get("type")
    if kind == "ping":
        return "reply", ident
    if kind == "act":
        if ctx.spectator:
            return "error", ident
        seq = message.get("expect_seq")
        seq_ok = seq is None or (type(seq) is int)
        action = message.get("action")
        if seq_ok and any(canonical(action) == canonical(entry) and same_json(action, entry) for entry in ctx.legal):
            return "skip", ident
        return "error", ident
    if kind == "chat":
        text, channel = message.get("text"), message.get("channel")
        if not isinstance(text, str) or (channel not in (None, "", "table") and not ctx.spectator):
            return "error", ident
        return "skip", ident
    return "error", ident




def random_frames(ctx: Context, seed: int, count: int) -> list[Frame]:
    rand = random.Random(seed)
    frames: list[Frame] = []
    while len(frames) < count:
        label, payload = mutate(rand, ctx)
        expect, ident = expectation(payload, ctx)
        if expect != "skip":
            frames.append(Frame(f"random #{len(frames)}: {label}", payload, expect, ident))
    return frames


# ------------------------------------------------------------------------------------------------ the prober


@dataclass
class Prober:
    """A socket to one table that sends frames one by one, reconnecting when a frame kills the connection."""

    url: str
    failures: dict[str, str] = field(default_factory=dict)
    ws: ClientConnection | None = None
    barriers: Iterator[int] = field(default_factory=lambda: iter(range(1, 10**9)))
    sent: int = 0
    current: Frame | None = None  # the frame whose replies are being read
    failed: set[str] = field(default_factory=set)  # labels of frames that failed on their own

    def fail(self, kind: str, frame: Frame | None, detail: str) -> None:
        frame = frame or self.current
        if frame is not None:
            self.failed.add(frame.label)
            # One example per kind of failure and kind of frame (random frames: per mutation, not per number).
            kind_of_frame = frame.label.split(": ", 1)[-1] if frame.label.startswith("random #") else frame.label
            key = f"{kind} / {kind_of_frame}"
        else:
            key = kind
        if key not in self.failures:
            shown = "" if frame is None else f"{frame.label} ({frame.size} bytes): {_excerpt(frame.payload)}\n  "
            self.failures[key] = f"[{kind}] {shown}{detail}"

    async def open(self) -> None:
        self.ws = await connect(self.url, max_size=None, compression=None, proxy=None, ping_interval=None,
                                open_timeout=10, close_timeout=5)
        first = await self.read()
        assert first.get("type") == "state", first
        second = await self.read()
        assert second.get("type") == "chat_history", second

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
            self.ws = None

    async def read(self, timeout: float = REPLY_TIMEOUT) -> dict[str, Any]:
        assert self.ws is not None
        data = await asyncio.wait_for(self.ws.recv(), timeout)
        if isinstance(data, bytes):
            self.fail("binary frame from the server", None, repr(data[:200]))
            return {"type": "binary"}
        try:
            message = strict_loads(data)
        except ValueError as exc:
            self.fail("the server sent a message that is not strict JSON", None, f"{exc}: {data[:300]}")
            message = json.loads(data)
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            self.fail("the server sent a message without a type", None, data[:300])
            return {"type": "?"}
        return message

    async def barrier(self, timeout: float = REPLY_TIMEOUT) -> list[dict[str, Any]]:
        """Ping and read up to the pong: everything the server sent before it (our frames' doing)."""
        assert self.ws is not None
        ident = f"barrier-{next(self.barriers)}"
        await self.ws.send(dumps({"type": "ping", "id": ident}))
        return await self.read_until_pong(ident, timeout)

    async def read_until_pong(self, ident: str, timeout: float) -> list[dict[str, Any]]:
        seen = []
        while True:
            message = await self.read(timeout)
            if message == {"type": "pong", "id": ident}:
                return seen
            seen.append(message)

    async def probe(self, frame: Frame) -> None:
        if self.ws is None:
            await self.open()
        assert self.ws is not None
        self.sent += 1
        self.current = frame
        try:
            await self.ws.send(frame.payload)
            seen = await self.barrier()
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd else None
            if not (code == 1009 and frame.size > TRANSPORT_SLACK):
                self.fail(f"connection closed ({code})", frame, f"closed with {code} {close_reason(exc)!r}")
            self.ws = None
            return
        except TimeoutError:
            self.fail("no reply", frame, f"nothing answered within {REPLY_TIMEOUT} s")
            await self.close()
            return
        finally:
            self.current = None
        self.judge(frame, seen)

    def judge(self, frame: Frame, seen: list[dict[str, Any]]) -> None:
        replies = [m for m in seen if m["type"] in REPLIES]
        for event in (m for m in seen if m["type"] in EVENTS):
            self.fail(f"refused input caused a {event['type']} message", frame, _excerpt(dumps(event)))
        if len(replies) != 1:
            self.fail(f"{len(replies)} replies", frame, f"replies {[_excerpt(dumps(r)) for r in replies]}")
            return
        reply = replies[0]
        if frame.expect == "error" and reply["type"] != "error":
            self.fail(f"accepted ({reply['type']})", frame, _excerpt(dumps(reply)))
            return
        if reply["type"] == "error":
            check_error(self, frame, reply)

    async def flood(self, frames: list[Frame], label: str) -> None:
        """Send every frame without waiting, reading meanwhile; each must get its error, in order, then the pong."""
        if self.ws is None:
            await self.open()
        assert self.ws is not None
        ws = self.ws
        self.sent += len(frames)

        ident = f"barrier-{next(self.barriers)}"

        async def send_all() -> None:
            for frame in frames:
                await ws.send(frame.payload)
            await ws.send(dumps({"type": "ping", "id": ident}))

        sender = asyncio.create_task(send_all())  # while this reads, so no reply waits on us
        try:
            seen = await self.read_until_pong(ident, REPLY_TIMEOUT)
            await sender
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd else None
            self.fail(f"flood closed the connection ({code})", None,
                      f"{label}: {len(frames)} frames; closed with {code} {close_reason(exc)!r}")
            self.ws = None
            return
        except TimeoutError:
            self.fail("flood: no reply", None, f"{label}: the pong never came")
            await self.close()
            return
        finally:
            if not sender.done():
                sender.cancel()
        replies = [m for m in seen if m["type"] in REPLIES]
        for event in (m for m in seen if m["type"] in EVENTS):
            self.fail(f"flood: refused input caused a {event['type']} message", None, f"{label}: {dumps(event)[:300]}")
        if len(replies) != len(frames):
            self.fail("flood: replies missing", None, f"{label}: {len(frames)} frames, {len(replies)} replies")
            return
        for frame, reply in zip(frames, replies, strict=True):
            if reply["type"] != "error":
                self.fail(f"flood: accepted ({reply['type']})", frame, _excerpt(dumps(reply)))
            else:
                check_error(self, frame, reply)


def check_error(prober: Prober, frame: Frame, reply: dict[str, Any]) -> None:
    if set(reply) != {"type", "id", "code", "message"}:
        prober.fail("error message with other fields", frame, _excerpt(dumps(reply)))
    if not (isinstance(reply.get("code"), str) and reply["code"]):
        prober.fail("error without a code", frame, _excerpt(dumps(reply)))
    if not (isinstance(reply.get("message"), str) and reply["message"].strip()):
        prober.fail("error without a message", frame, _excerpt(dumps(reply)))
    ident = reply.get("id")
    if ident is None or frame.ident is ANY_ECHO:
        return
    if frame.ident is ANY_ID or canonical(ident) != canonical(frame.ident):
        prober.fail("error with another message's id", frame, f"id {_excerpt(dumps(ident))}")


def close_reason(exc: ConnectionClosed) -> str:
    return exc.rcvd.reason if exc.rcvd else "(no close frame)"


def _excerpt(payload: str | bytes, limit: int = 160) -> str:
    text = repr(payload)
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} chars)"


# ------------------------------------------------------------------------------------------------ the tests


def ws_url(server: ServerProcess, table: LiveTable, seat: int | None) -> str:
    base = server.url.replace("http://", "ws://")
    if seat is None:
        return f"{base}/ws/tables/{table.table_id}?spectate={table.spectate}"
    return f"{base}/ws/tables/{table.table_id}?token={table.tokens[seat]}"


async def fuzz_socket(server: ServerProcess, live_http: httpx.Client, seat: int | None, seed: int) -> None:
    log = LogWatch(server.log_path)
    table = create_table(live_http, humans=2, started=True)
    before = table_snapshot(live_http, table)
    mine = seat_state(live_http, table, 0)["legal"]
    others = seat_state(live_http, table, 1)["legal"]
    ctx = Context(legal=mine, others=others, spectator=seat is None)  # a spectator sends seat 0's actions
    prober = Prober(ws_url(server, table, seat))
    await prober.open()
    try:
        frames = fixed_frames(ctx)
        if seat is None:  # a spectator's every act is refused, a seat's legal action included
            frames += [Frame(f"spectator act {a}", dumps({"type": "act", "id": f"s{n}", "action": a}), "error", f"s{n}")
                       for n, a in enumerate(mine + others)]
        for frame in frames + random_frames(ctx, seed, RANDOM_FRAMES):
            await prober.probe(frame)
        rand = random.Random(seed + 1)
        # Floods test volume, not content: only small frames that were refused properly on their own.
        floodable = [f for f in frames if f.expect == "error" and f.size <= 2048 and f.label not in prober.failed]
        for label, pool in [("junk of every kind", floodable),
                            ("junk chat", [f for f in floodable if '"chat"' in str(f.payload)]),
                            ("junk acts", [f for f in floodable if '"act"' in str(f.payload)])]:
            assert pool, f"nothing to flood with for {label}"
            await prober.flood([rand.choice(pool) for _ in range(FLOOD)], label)
        # Still served on the same socket (a fresh one if a frame was allowed to close it).
        if prober.ws is None:
            await prober.open()
        try:
            await prober.barrier()
        except (ConnectionClosed, TimeoutError) as exc:
            prober.fail("the socket no longer answers a ping", None, repr(exc))
    finally:
        await prober.close()
    who = "spectator" if seat is None else f"seat {seat}"
    assert_unharmed(prober, live_http, table, before, log, f"{who}: {prober.sent} frames sent, seed {seed}")


def assert_unharmed(prober: Prober, http: httpx.Client, table: LiveTable, before: dict[str, Any], log: LogWatch,
                    where: str = "") -> None:
    """Every reply was right, refused input left the table as it was, and the log holds no alarm."""
    problems = list(prober.failures.values())
    after = table_snapshot(http, table)
    if after != before:
        problems.append(f"[refused input changed the table]\n{snapshot_diff(before, after)}")
    settle(http)  # a last request, so the server has logged everything before it
    found = alarms(log.new_text())
    if found:
        problems.append(alarm_report(found))
    assert not problems, f"{where}\n\n" + "\n\n".join(problems)


@own_loop
async def test_junk_frames_from_a_seat(live_server: ServerProcess, live_http: httpx.Client) -> None:
    await fuzz_socket(live_server, live_http, 0, SEED)


@own_loop
async def test_junk_frames_from_a_spectator(live_server: ServerProcess, live_http: httpx.Client) -> None:
    await fuzz_socket(live_server, live_http, None, SEED + 100)


@pytest.mark.parametrize("seat", [0, None], ids=["seat", "spectator"])
@own_loop
async def test_a_big_flood_of_refused_messages(live_server: ServerProcess, live_http: httpx.Client,
                                               seat: int | None) -> None:
    """Thousands of refused acts sent at once by a client that reads every reply as it comes: each gets its error
    and the connection stays open (it is the server that queues the replies, not the client that lags)."""
    log = LogWatch(live_server.log_path)
    table = create_table(live_http, humans=2, started=True)
    before = table_snapshot(live_http, table)
    mine = seat_state(live_http, table, 0)["legal"]
    ctx = Context(legal=mine, others=seat_state(live_http, table, 1)["legal"], spectator=seat is None)
    acts = [f for f in fixed_frames(ctx) if f.expect == "error" and f.size <= 512 and '"act"' in str(f.payload)
            and "surrogate" not in f.label and "1e400" not in f.label and "NaN" not in f.label]
    rand = random.Random(SEED + 7)
    prober = Prober(ws_url(live_server, table, seat))
    await prober.open()
    try:
        await prober.flood([rand.choice(acts) for _ in range(BIG_FLOOD)], f"{BIG_FLOOD} refused acts")
        if prober.ws is not None:
            await prober.barrier()
    finally:
        await prober.close()
    assert_unharmed(prober, live_http, table, before, log)


@pytest.mark.parametrize("size", [MESSAGE_LIMIT + 1, TRANSPORT_SLACK, 4 * 1024 * 1024, 20 * 1024 * 1024],
                         ids=["16KiB+1", "64KiB", "4MiB", "20MiB"])
@pytest.mark.parametrize("binary", [False, True], ids=["text", "binary"])
@own_loop
async def test_large_frames(live_server: ServerProcess, live_http: httpx.Client, size: int, binary: bool) -> None:
    """A frame over the message limit gets an error and the socket stays open; over 64 KiB it may instead be closed
    with 1009. Either way a socket (a fresh one after a close) then answers a ping and the table is unchanged."""
    log = LogWatch(live_server.log_path)
    table = create_table(live_http, humans=2, started=True)
    before = table_snapshot(live_http, table)
    legal = seat_state(live_http, table, 0)["legal"][0]
    text = dumps({"type": "act", "id": "big", "action": legal, "pad": ""})
    payload: str | bytes = text[:-2] + "x" * (size - len(text)) + '"}'
    assert len(payload) == size
    if binary:
        payload = payload.encode()
    prober = Prober(ws_url(live_server, table, 0))
    await prober.open()
    try:
        await prober.probe(Frame(f"{'binary' if binary else 'text'} frame of {size} bytes", payload, "error",
                                 "big" if not binary else ANY_ID))
        if prober.ws is None:
            await prober.open()
        await prober.barrier()
    finally:
        await prober.close()
    assert_unharmed(prober, live_http, table, before, log)


@pytest.mark.parametrize("first", [
    "{", nested(5000), '{"type":"ping","id":NaN}', '{"type":"auth","token":' + nested(5000) + "}",
    '{"type":"auth","token":' + "9" * 5000 + "}", '{"type":"auth","token":"\\ud800"}', '{"type":"auth","token":"é"}',
    '{"type":"auth","spectate":"☃"}', '{"type":"auth","token":["x"]}', b"\x00\xff", "x" * (MESSAGE_LIMIT * 4),
], ids=["brace", "nested", "nan", "auth-nested", "auth-huge", "auth-surrogate", "auth-non-ascii",
        "spectate-non-ascii", "auth-list", "binary", "64KiB"])
@own_loop
async def test_junk_instead_of_credentials(live_server: ServerProcess, live_http: httpx.Client,
                                           first: str | bytes) -> None:
    """A socket opened without credentials in its URL that sends junk (or junk credentials) first: it gets an error
    message and a 44xx close (or a 1009 close for the large frame), never a server error."""
    log = LogWatch(live_server.log_path)
    table = create_table(live_http, humans=1)
    url = f"{live_server.url.replace('http://', 'ws://')}/ws/tables/{table.table_id}"
    received: list[Any] = []
    code = None
    async with connect(url, max_size=None, compression=None, proxy=None, ping_interval=None,
                       close_timeout=5) as ws:
        try:
            await ws.send(first)
            while True:
                received.append(await asyncio.wait_for(ws.recv(), REPLY_TIMEOUT))
        except ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd else None
        except TimeoutError:
            code = "still open after junk credentials"
    messages = [strict_loads(m) for m in received if isinstance(m, str)]
    settle(live_http)
    found = alarms(log.new_text())
    assert not found, alarm_report(found)
    assert isinstance(code, int) and (4400 <= code < 4500 or code == 1009 and len(first) > TRANSPORT_SLACK), \
        f"closed with {code}; received {received}"
    if code != 1009:
        assert [m.get("type") for m in messages] == ["error"], messages
        assert set(messages[0]) == {"type", "id", "code", "message"}, messages[0]

