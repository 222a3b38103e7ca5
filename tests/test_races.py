"""Races between writers, against real server processes.

1. Two processes change one lobby at the same moment (start against join, a seat handed to a bot against its
   reclaim, two rematches). The version guard on the commit must make one of them lose and look again; without it
   both commit, and the table ends up with a seat that is not in the game, or two rematch tables.
2. A bot decides at seq n, then waits; meanwhile a person acts. The bot's move must then be dropped and decided
   again, never applied at seq n+1: every bot move in the log is exactly the move that bot makes on the state it was
   applied to, and every timer move is that state's default.
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from games.protocol import apply_logged
from tests.conftest import ServerProcess, server_env
from tests.support.hidden_hands import GAME as HIDDEN_HANDS

ROUNDS = 12


@pytest.fixture
def pair(tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two processes on one SQLite file: each has its own per-table lock and write queue, so only the version guard
    in the database stands between them."""
    env = server_env(tmp_path, BOT_DELAY="0")
    a = ServerProcess(env, log_path=tmp_path / "a.log")
    a.start()
    b = ServerProcess(env, log_path=tmp_path / "b.log")
    b.start()
    yield a, b
    a.stop()
    b.stop()


def _post(url: str, path: str, token: str | None = None, **body: Any) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.post(url + path, json=body, headers=headers, timeout=20)


Call = tuple[str, str, str | None, dict[str, Any]]  # (server url, path, token, body) of one POST


def _together(*calls: Call) -> list[httpx.Response]:
    """Send the POSTs at the same instant, one thread each."""
    barrier = threading.Barrier(len(calls))
    out: list[httpx.Response | None] = [None] * len(calls)

    def run(n: int) -> None:
        url, path, token, body = calls[n]
        barrier.wait()
        out[n] = _post(url, path, token, **body)

    threads = [threading.Thread(target=run, args=(n,)) for n in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return [r for r in out if r is not None]


def _lobby(url: str, people: int) -> tuple[str, list[str], str]:
    created = _post(url, "/api/tables", game="hidden-hands", name="Alice").json()
    invite = created["invite_url"].split("invite=")[1]
    tokens = [created["token"]]
    for n in range(people - 1):
        joined = _post(url, f"/api/tables/{created['table_id']}/join", name=f"P{n}", invite=invite)
        tokens.append(joined.json()["token"])
    return created["table_id"], tokens, invite


def test_start_against_join_on_two_processes(pair: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = pair
    for n in range(ROUNDS):
        table_id, tokens, invite = _lobby(a.url, 2)
        start, join = _together((a.url, f"/api/tables/{table_id}/start", tokens[0], {}),
                                (b.url, f"/api/tables/{table_id}/join", None, {"name": f"Late {n}", "invite": invite}))
        table = httpx.get(f"{a.url}/api/tables/{table_id}").json()
        state = httpx.get(f"{a.url}/api/tables/{table_id}/state", headers={"Authorization": f"Bearer {tokens[0]}"})
        players = len(state.json()["view"]["players"]) if start.status_code == 200 else None
        assert start.status_code == 200, start.text  # the host's start always goes through, before or after
        # The join either came first (and is in the game) or was refused: never a seat outside the game.
        assert players == len(table["seats"]), (n, join.status_code, table["seats"], players)
        assert join.status_code in (200, 409)
        assert (join.status_code == 200) == (players == 3)


def test_seat_to_bot_against_reclaim_on_two_processes(pair: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = pair
    for _ in range(ROUNDS * 3):  # a hand-over is quick: it takes more tries to land two at the same moment
        table_id, tokens, _ = _lobby(a.url, 3)
        assert _post(a.url, f"/api/tables/{table_id}/start", tokens[0]).status_code == 200
        handed, second = _together((a.url, f"/api/tables/{table_id}/seats/2/bot", tokens[0], {}),
                                   (b.url, f"/api/tables/{table_id}/seats/2/bot", tokens[0], {"kind": "random"}))
        # Exactly one hand-over wins; the other sees a bot already there.
        assert sorted([handed.status_code, second.status_code]) == [200, 409], (handed.text, second.text)
        assert _bots_in_database(a, table_id) == [None, None, "basic"] or \
            _bots_in_database(a, table_id) == [None, None, "random"]


def test_two_rematches_on_two_processes_open_one_table(pair: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = pair
    for _ in range(ROUNDS // 2):
        created = _post(a.url, "/api/tables", game="hidden-hands", name="Alice").json()
        table_id, alice = created["table_id"], created["token"]
        invite = created["invite_url"].split("invite=")[1]
        bob = _post(a.url, f"/api/tables/{table_id}/join", name="Bob", invite=invite).json()["token"]
        _post(a.url, f"/api/tables/{table_id}/start", alice)
        _finish(a.url, table_id, [alice, bob])
        first, second = _together((a.url, f"/api/tables/{table_id}/again", alice, {}),
                                  (b.url, f"/api/tables/{table_id}/again", bob, {}))
        assert first.status_code == second.status_code == 200, (first.text, second.text)
        assert first.json()["table_id"] == second.json()["table_id"]
        seats = httpx.get(f"{a.url}/api/tables/{first.json()['table_id']}").json()["seats"]
        assert [s["name"] for s in seats] == ["Alice", "Bob"]


def _bots_in_database(server: ServerProcess, table_id: str) -> list[str | None]:
    """Read from the file itself: without Redis (as here) neither process hears of the other's commits, so only the
    database has the last word."""
    import sqlite3

    assert server.log_path is not None
    with sqlite3.connect(server.log_path.parent / "server.db") as db:
        return [bot for (bot,) in db.execute("SELECT bot FROM seats WHERE table_id = ? ORDER BY seat", (table_id,))]


def _finish(url: str, table_id: str, tokens: list[str]) -> None:
    for _ in range(2000):
        moved = False
        for token in tokens:
            state = httpx.get(f"{url}/api/tables/{table_id}/state", headers={"Authorization": f"Bearer {token}"}).json()
            if state["status"] == "finished":
                return
            if state["legal"]:
                _post(url, f"/api/tables/{table_id}/actions", token, action=state["legal"][0])
                moved = True
        if not moved:
            time.sleep(0.05)  # waiting on bots
    raise AssertionError("the game did not finish")


def test_a_bot_never_plays_a_move_decided_on_an_older_seq(tmp_path: Path) -> None:
    """Alice plays at once; the random bots take 0.2 s to move, so she often moves while they wait."""
    process = ServerProcess(server_env(tmp_path, BOT_DELAY="0.2"), log_path=tmp_path / "server.log")
    process.start()
    try:
        for _ in range(3):
            created = _post(process.url, "/api/tables", game="hidden-hands", name="Alice").json()
            table_id, alice = created["table_id"], created["token"]
            _post(process.url, f"/api/tables/{table_id}/bots", alice, count=3, kind="random")
            _post(process.url, f"/api/tables/{table_id}/start", alice)
            _finish(process.url, table_id, [alice])
            audit = httpx.get(f"{process.url}/api/tables/{table_id}/audit").json()
            _check_bot_and_timer_moves(table_id, audit)
    finally:
        process.stop()


def _check_bot_and_timer_moves(table_id: str, audit: dict[str, Any]) -> None:
    state = HIDDEN_HANDS.new_state(audit["players"], audit["options"], _seed(audit["seed"]))
    bot_moves = 0
    for entry in audit["actions"]:
        seat, action = entry["seat"], entry["action"]
        if entry["source"] == "bot":
            view, legal = HIDDEN_HANDS.view(state, seat), HIDDEN_HANDS.legal(state, seat)
            chosen = HIDDEN_HANDS.bots["random"](view, legal, random.Random(f"{table_id}:{state['seq']}:{seat}"))
            assert action == chosen, f"seq {entry['seq']}: the bot's move was decided on another state"
            bot_moves += 1
        elif entry["source"] == "timer" and seat is not None:
            assert action == HIDDEN_HANDS.default_action(state, seat), f"seq {entry['seq']}: a stale timeout"
        state = apply_logged(HIDDEN_HANDS, state, seat, action)
    assert bot_moves > 10


def _seed(text: str) -> int:
    from games.rng import seed_from_text

    return seed_from_text(text)
