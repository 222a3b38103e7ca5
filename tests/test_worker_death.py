"""Two workers on PostgreSQL and Redis; the one a table's players use is SIGKILLed in the middle of the game. The
players carry on through the other worker at once (no table belongs to a worker: whoever writes next, with the right
version, serves it), nothing acknowledged is lost, and a spectator on the surviving worker sees every seq once."""

from __future__ import annotations

import contextlib
import json
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.conftest import ServerProcess, server_env
from tests.test_multiworker import PG, REDIS, _admin, _need_services


@pytest.fixture
def workers(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[ServerProcess, ServerProcess, str]]:
    _need_services()
    name = f"tabletop_death_{secrets.token_hex(4)}"
    _admin(f'CREATE DATABASE "{name}"')
    extra = getattr(request, "param", {})  # more settings for both workers
    env = server_env(tmp_path, DATABASE_URL=f"{PG}/{name}", REDIS_URL=REDIS, **extra)
    first = ServerProcess(env, log_path=tmp_path / "a.log")
    first.start()
    second = ServerProcess(env, log_path=tmp_path / "b.log")
    second.start()
    try:
        yield first, second, name
    finally:
        first.stop()
        second.stop()
        _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _play_one(url: str, table_id: str, tokens: list[str], acked: list[tuple[int, int, Any]]) -> str:
    """One action by whoever may act; returns the table's status."""
    for seat, token in enumerate(tokens):
        headers = {"Authorization": f"Bearer {token}"}
        answer = httpx.get(f"{url}/api/tables/{table_id}/state", headers=headers, timeout=10)
        state = answer.json()
        assert answer.status_code == 200, (answer.status_code, state)  # what the refusal said, should it happen
        if state["status"] == "finished":
            return "finished"
        if state["legal"]:
            reply = httpx.post(f"{url}/api/tables/{table_id}/actions", headers=headers, timeout=10,
                               json={"action": state["legal"][0], "expect_seq": state["seq"]})
            assert reply.status_code == 200, reply.text
            acked.append((reply.json()["seq"], seat, state["legal"][0]))
            return "playing"
    return "playing"


def test_the_serving_worker_dies_mid_game(workers: tuple[ServerProcess, ServerProcess, str]) -> None:
    a, b, _ = workers
    created = httpx.post(f"{a.url}/api/tables", json={"game": "hidden-hands", "name": "Alice"}).json()
    table_id, invite = created["table_id"], created["invite_url"].split("invite=")[1]
    tokens = [created["token"]] + [
        httpx.post(f"{a.url}/api/tables/{table_id}/join", json={"name": n, "invite": invite}).json()["token"]
        for n in ("Bob", "Cara")]
    spectate = created["spectate_url"].split("key=")[1]
    httpx.post(f"{a.url}/api/tables/{table_id}/start", headers={"Authorization": f"Bearer {tokens[0]}"})
    acked: list[tuple[int, int, Any]] = []
    seqs: list[int] = []
    with connect(f"{b.url.replace('http', 'ws')}/ws/tables/{table_id}?spectate={spectate}", proxy=None) as watch:
        for _ in range(5):  # the game gets going on worker a
            _play_one(a.url, table_id, tokens, acked)
        a.kill()
        status = "playing"
        for _ in range(60):  # and goes on at once on worker b
            status = _play_one(b.url, table_id, tokens, acked)
            if status == "finished":
                break
        assert status == "finished"
        final = acked[-1][0]
        while not seqs or seqs[-1] < final:
            message = json.loads(watch.recv(timeout=10))
            if message["type"] == "state" and message["status"] != "lobby":
                seqs.append(message["seq"])
    assert seqs == sorted(set(seqs)) and set(range(1, final + 1)) <= set(seqs) | {0}, seqs
    audit = httpx.get(f"{b.url}/api/tables/{table_id}/audit").json()
    logged = {entry["seq"]: (entry["seat"], entry["action"]) for entry in audit["actions"]}
    assert all(logged.get(seq) == (seat, action) for seq, seat, action in acked)
    verify = httpx.get(f"{b.url}/t/{table_id}/verify").text
    assert "the result matches" in verify


def _wait_for_seq(url: str, table_id: str, token: str, above: int, within: float) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"}
    end = time.monotonic() + within
    while time.monotonic() < end:
        state: dict[str, Any] = httpx.get(f"{url}/api/tables/{table_id}/state", headers=headers, timeout=10).json()
        if state["seq"] > above:
            return state
        time.sleep(0.1)
    raise AssertionError(f"nobody moved the table past seq {above} within {within} s")


@pytest.mark.parametrize("workers", [{"BOT_DELAY": "2", "HANDOVER_GRACE": "1"}], indirect=True)
def test_a_dead_worker_s_deadlines_and_bots_are_handed_on(workers: tuple[ServerProcess, ServerProcess, str]) -> None:
    """Worker a dies while its bot is thinking (one table) and while a turn timer runs (another): worker b, which
    only heard of those tables' changes, finishes the bot's move and plays the default when the time is up."""
    a, b, _ = workers
    # A bot's table: Alice acts on worker a, which dies during its bot's two-second delay.
    created = httpx.post(f"{a.url}/api/tables", json={"game": "hidden-hands", "name": "Alice"}).json()
    bot_table, alice = created["table_id"], created["token"]
    head = {"Authorization": f"Bearer {alice}"}
    httpx.post(f"{a.url}/api/tables/{bot_table}/bots", headers=head, json={"count": 1}).raise_for_status()
    httpx.post(f"{a.url}/api/tables/{bot_table}/start", headers=head).raise_for_status()
    # A timed table: nobody acts, and its timer runs out after a has died.
    timed = httpx.post(f"{a.url}/api/tables", json={"game": "hidden-hands", "name": "Dora", "turn_timer": 5}).json()
    timed_id, invite = timed["table_id"], timed["invite_url"].split("invite=")[1]
    httpx.post(f"{a.url}/api/tables/{timed_id}/join", json={"name": "Eve", "invite": invite}).raise_for_status()
    httpx.post(f"{a.url}/api/tables/{timed_id}/start",
               headers={"Authorization": f"Bearer {timed['token']}"}).raise_for_status()
    started = time.monotonic()
    for _ in range(30):  # Alice plays on worker a until the table waits on its bot alone
        mine = _wait_for_legal(a.url, bot_table, alice)
        reply = httpx.post(f"{a.url}/api/tables/{bot_table}/actions", headers=head,
                           json={"action": mine["legal"][0], "expect_seq": mine["seq"]})
        assert reply.status_code == 200, reply.text
        now_ = httpx.get(f"{a.url}/api/tables/{bot_table}/state", headers=head).json()
        if now_["status"] == "playing" and not now_["legal"]:
            break
    a.kill()  # during the bot's delay
    _wait_for_seq(b.url, bot_table, alice, now_["seq"], within=15)
    # Nobody acted at the timed table, and its timer ran out after a died: b played the defaults.
    _wait_for_seq(b.url, timed_id, timed["token"], 0, within=20)
    assert time.monotonic() - started >= 5  # not before the timer ran out


def _wait_for_legal(url: str, table_id: str, token: str) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"}
    for _ in range(100):
        state: dict[str, Any] = httpx.get(f"{url}/api/tables/{table_id}/state", headers=headers, timeout=10).json()
        if state["legal"]:
            return state
        time.sleep(0.1)
    raise AssertionError("the seat was never asked to act")


def _presence(ws: Any, want: Any, within: float) -> dict[str, Any]:
    """Read messages until a presence (or state) message satisfies ``want``."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        message: dict[str, Any] = json.loads(ws.recv(timeout=max(0.1, end - time.monotonic())))
        if message["type"] in ("presence", "state"):
            seats = message["seats"] if message["type"] == "presence" else message["table"]["seats"]
            spectators = message["spectators"] if message["type"] == "presence" else message["table"]["spectators"]
            if want([s["connected"] for s in seats], spectators):
                return message
    raise AssertionError("the presence never reached what was expected")


def test_presence_is_shared_between_workers_and_a_dead_worker_s_connections_go(
        workers: tuple[ServerProcess, ServerProcess, str]) -> None:
    a, b, _ = workers
    created = httpx.post(f"{b.url}/api/tables", json={"game": "hidden-hands", "name": "Alice"}).json()
    table_id, invite = created["table_id"], created["invite_url"].split("invite=")[1]
    bob = httpx.post(f"{b.url}/api/tables/{table_id}/join", json={"name": "Bob", "invite": invite}).json()["token"]
    spectate = created["spectate_url"].split("key=")[1]
    ws_b = f"{b.url.replace('http', 'ws')}/ws/tables/{table_id}"
    ws_a = f"{a.url.replace('http', 'ws')}/ws/tables/{table_id}"
    with connect(f"{ws_b}?token={created['token']}", proxy=None) as alice:
        _presence(alice, lambda connected, watching: connected == [True, False] and watching == 0, 10)
        # Bob and a spectator come in through worker a; Alice, on worker b, sees both.
        bob_ws = connect(f"{ws_a}?token={bob}", proxy=None)
        watcher = connect(f"{ws_a}?spectate={spectate}", proxy=None)
        _presence(alice, lambda connected, watching: connected == [True, True] and watching == 1, 10)
        # Worker a dies with both connections open: within seconds b counts them gone.
        a.kill()
        died = time.monotonic()
        _presence(alice, lambda connected, watching: connected == [True, False] and watching == 0, 30)
        assert time.monotonic() - died < 20
        for ws in (bob_ws, watcher):
            with contextlib.suppress(Exception):
                ws.close()
