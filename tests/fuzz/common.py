"""What the fuzzers share: the scale knob, a real server per module, tables set up over HTTP, and log checks."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from tests.api.helpers import GAME, auth, query_param

# FUZZ_SCALE multiplies every fuzzer's number of examples (1: the default, quick enough for every run).
SCALE = float(os.environ.get("FUZZ_SCALE", "1"))
if SCALE <= 0:
    raise ValueError("FUZZ_SCALE must be a positive number")


def scaled(count: int, power: float = 1.0) -> int:
    """``count`` grown with FUZZ_SCALE (as ``SCALE ** power``, for knobs that multiply one another)."""
    return max(1, round(count * SCALE**power))


# What a server log must never show: an unhandled exception (with its traceback) or an asyncio task that died
# with nobody reading its exception.
LOG_ALARMS = ("Traceback", "Task exception was never retrieved", "Exception in ASGI application")
# The start of a log record (uvicorn's plain "INFO:" or a timestamped format): a traceback's block ends there.
LOG_RECORD = re.compile(r"^(\d{4}-\d\d-\d\d[ T]|(DEBUG|INFO|WARNING|ERROR|CRITICAL):)")


class LogWatch:
    """Reads what a server wrote to its log since the last look."""

    def __init__(self, path: Path | None) -> None:
        assert path is not None
        self.path = path
        self.offset = path.stat().st_size if path.exists() else 0

    def new_text(self) -> str:
        with open(self.path, "rb") as handle:
            handle.seek(self.offset)
            data = handle.read()
        self.offset += len(data)
        return data.decode("utf-8", errors="replace")


def settle(http: httpx.Client) -> None:
    """One more request, so the server has logged everything before it (the server may have dropped the keep-alive
    connection after an unhandled error: a second try opens a new one)."""
    try:
        http.get("/api/games")
    except httpx.TransportError:
        http.get("/api/games")


def alarms(text: str) -> list[str]:
    """One excerpt per alarm in a log text: the lines just before it (the request) and its traceback, whose middle
    (the framework's frames) is cut down to its first and last lines."""
    lines = text.splitlines()
    out = []
    n = 0
    while n < len(lines):
        if not any(alarm in lines[n] for alarm in LOG_ALARMS):
            n += 1
            continue
        end = n + 1
        while end < len(lines) and not LOG_RECORD.match(lines[end]):
            end += 1
        block = lines[max(0, n - 2):end]
        if len(block) > 30:
            block = [*block[:6], f"    ... {len(block) - 26} lines ...", *block[-20:]]
        out.append("\n".join(block))
        n = end
    return out


def exception_line(excerpt: str) -> str:
    """The last line of an alarm's excerpt: the exception and its message."""
    return next((line.strip() for line in reversed(excerpt.splitlines()) if line.strip()), "?")


def alarm_report(found: list[str]) -> str:
    distinct = sorted({exception_line(excerpt) for excerpt in found})
    return (f"[server log] {len(found)} alarm(s), {len(distinct)} distinct: " + "; ".join(distinct)
            + f"\n  the first in full:\n{found[0]}")


@dataclass
class LiveTable:
    """A table on the real server: its id, its links and every human seat's token."""

    table_id: str
    invite: str
    spectate: str
    tokens: dict[int, str] = field(default_factory=dict)

    @property
    def url(self) -> str:
        return f"/api/tables/{self.table_id}"


def _ok(response: httpx.Response, status: int = 200) -> Any:
    assert response.status_code == status, f"{response.request.method} {response.request.url}: {response.text}"
    return response.json()


def create_table(http: httpx.Client, humans: int = 2, started: bool = False, finished: bool = False,
                 options: dict[str, Any] | None = None) -> LiveTable:
    body: dict[str, Any] = {"game": GAME, "name": "Alice"}
    if options is not None:
        body["options"] = options
    data = _ok(http.post("/api/tables", json=body), 201)
    table = LiveTable(data["table_id"], query_param(data["invite_url"], "invite"),
                      query_param(data["spectate_url"], "key"), {0: data["token"]})
    for name in ["Bob", "Carol", "Dave", "Erin"][:humans - 1]:
        joined = _ok(http.post(f"{table.url}/join", json={"name": name, "invite": table.invite}))
        table.tokens[joined["seat"]] = joined["token"]
    if started or finished:
        _ok(http.post(f"{table.url}/start", headers=auth(table.tokens[0])))
    if finished:
        play_to_end(http, table)
    return table


def seat_state(http: httpx.Client, table: LiveTable, seat: int) -> dict[str, Any]:
    return _ok(http.get(f"{table.url}/state", headers=auth(table.tokens[seat])))


def play_to_end(http: httpx.Client, table: LiveTable, limit: int = 500) -> None:
    """Every seat plays its first legal action until the game is over (the test game ends in a few dozen)."""
    for _ in range(limit):
        moved = False
        for seat in sorted(table.tokens):
            current = seat_state(http, table, seat)
            if current["status"] == "finished":
                return
            if current["legal"]:
                _ok(http.post(f"{table.url}/actions", json={"action": current["legal"][0]},
                              headers=auth(table.tokens[seat])))
                moved = True
        assert moved, "nobody can act, yet the game is not over"
    raise AssertionError("the game did not finish")


PRESENCE = frozenset({"connected", "spectators"})  # counters of who is connected: a socket's business, not a request's
CLOCK = frozenset({"now"})


def without(value: Any, keys: frozenset[str]) -> Any:
    """``value`` with every dict key in ``keys`` dropped, at any depth."""
    if isinstance(value, dict):
        return {k: without(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [without(v, keys) for v in value]
    return value


def _read(response: httpx.Response) -> tuple[int, Any]:
    try:
        body = response.json()
    except ValueError:
        body = response.text
    return response.status_code, without(body, PRESENCE | CLOCK)


def table_snapshot(http: httpx.Client, table: LiveTable) -> dict[str, Any]:
    """Everything about a table a refused request must leave alone, as its viewers read it over HTTP: the public
    table, every known seat's and a spectator's state message, the chat and the audit (presence counters and the
    server's clock aside)."""
    out: dict[str, Any] = {"table": _read(http.get(table.url))}
    for seat, token in sorted(table.tokens.items()):
        out[f"state of seat {seat}"] = _read(http.get(f"{table.url}/state", headers=auth(token)))
    out["spectator state"] = _read(http.get(f"{table.url}/state", params={"spectate": table.spectate}))
    out["chat"] = _read(http.get(f"{table.url}/chat", params={"spectate": table.spectate}))
    out["audit"] = _read(http.get(f"{table.url}/audit"))
    return out


def snapshot_diff(before: dict[str, Any], after: dict[str, Any]) -> str:
    parts = [f"{name}:\n  before {before.get(name)!r}\n  after  {after.get(name)!r}"
             for name in sorted(set(before) | set(after)) if before.get(name) != after.get(name)]
    return "\n".join(parts)
