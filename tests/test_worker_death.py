"""Two workers on PostgreSQL and Redis; the one a table's players use is SIGKILLed in the middle of the game. The
players carry on through the other worker at once (no table belongs to a worker: whoever writes next, with the right
version, serves it), nothing acknowledged is lost, and a spectator on the surviving worker sees every seq once."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.conftest import ServerProcess, server_env
from tests.test_multiworker import PG, REDIS, _admin, _need_services


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess, str]]:
    _need_services()
    name = f"tabletop_death_{secrets.token_hex(4)}"
    _admin(f'CREATE DATABASE "{name}"')
    env = server_env(tmp_path, DATABASE_URL=f"{PG}/{name}", REDIS_URL=REDIS)
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
        state = httpx.get(f"{url}/api/tables/{table_id}/state", headers=headers, timeout=10).json()
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
