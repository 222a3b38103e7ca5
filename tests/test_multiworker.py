"""Two server processes on PostgreSQL and Redis serve the same table: every viewer, on either worker, gets one
state message per seq, and simultaneous actions sent to different workers never collide."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import socket
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from websockets.sync.client import connect

from tests.conftest import ServerProcess, server_env

PG = os.environ.get("TEST_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432")
REDIS = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def _reachable(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(1)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def _need_services() -> None:
    if _reachable(5432) and _reachable(6379):
        return
    if os.environ.get("CI"):
        pytest.fail("PostgreSQL and Redis must run for the multi-worker tests in CI (.ci/run starts them)")
    pytest.skip("PostgreSQL on 5432 and Redis on 6379 are not running here")


def _admin(sql: str) -> None:
    """Run one statement on the maintenance database, in a thread: a Playwright session may own this thread's loop."""
    import asyncpg

    async def run() -> None:
        conn = await asyncpg.connect(f"{PG}/postgres")
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result()


@pytest.fixture
def workers(tmp_path: Path) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    _need_services()
    name = f"tabletop_test_{secrets.token_hex(4)}"
    _admin(f'CREATE DATABASE "{name}"')
    env = server_env(tmp_path, DATABASE_URL=f"{PG}/{name}", REDIS_URL=REDIS)
    first = ServerProcess(env, log_path=tmp_path / "a.log")
    first.start()  # migrates the new database before the second worker starts
    second = ServerProcess(env, log_path=tmp_path / "b.log")
    second.start()
    try:
        yield first, second
    finally:
        first.stop()
        second.stop()
        _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _post(url: str, path: str, token: str | None = None, **body: object) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.post(url + path, json=body or None, headers=headers, timeout=10)


def _state(url: str, tid: str, token: str) -> dict:
    return httpx.get(f"{url}/api/tables/{tid}/state", headers={"Authorization": f"Bearer {token}"}).json()


def test_two_workers_share_a_table(workers: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = workers
    created = _post(a.url, "/api/tables", game="hidden-hands", name="Alice").json()
    tid, alice = created["table_id"], created["token"]
    invite = created["invite_url"].split("invite=")[1]
    bob = _post(b.url, f"/api/tables/{tid}/join", name="Bob", invite=invite).json()["token"]
    cara = _post(a.url, f"/api/tables/{tid}/join", name="Cara", invite=invite).json()["token"]
    spectate = created["spectate_url"].split("key=")[1]

    ws_a, ws_b = a.url.replace("http", "ws"), b.url.replace("http", "ws")
    with contextlib.ExitStack() as stack:
        sockets = {
            "alice@a": stack.enter_context(connect(f"{ws_a}/ws/tables/{tid}?token={alice}")),
            "bob@b": stack.enter_context(connect(f"{ws_b}/ws/tables/{tid}?token={bob}")),
            "watcher@b": stack.enter_context(connect(f"{ws_b}/ws/tables/{tid}?spectate={spectate}")),
        }
        _play(a, b, tid, alice, bob, cara, sockets)


def _play(a: ServerProcess, b: ServerProcess, tid: str, alice: str, bob: str, cara: str, sockets: dict) -> None:
    assert _post(b.url, f"/api/tables/{tid}/start", alice).status_code == 200
    # Three people set aside at once, each through a different worker, all on the same seq.
    plan = [(a, alice), (b, bob), (b, cara)]
    with ThreadPoolExecutor(3) as pool:
        replies = list(pool.map(
            lambda p: _post(p[0].url, f"/api/tables/{tid}/actions", p[1],
                            action=_state(p[0].url, tid, p[1])["legal"][0], expect_seq=0), plan))
    assert [r.status_code for r in replies] == [200, 200, 200], [r.text for r in replies]
    # Then play on, alternating workers, to the end.
    for _ in range(30):
        moved = False
        for worker, token in plan:
            current = _state(worker.url, tid, token)
            if current["legal"]:
                reply = _post(worker.url, f"/api/tables/{tid}/actions", token, action=current["legal"][0],
                              expect_seq=current["seq"])
                assert reply.status_code == 200, reply.text
                moved = True
        if not moved:
            break
    final = _state(a.url, tid, alice)
    assert final["status"] == "finished"
    for label, ws in sockets.items():
        seqs = []
        while not seqs or seqs[-1] < final["seq"]:
            message = json.loads(ws.recv(timeout=10))
            if message["type"] == "state" and message["status"] != "lobby":
                seqs.append(message["seq"])
        # One message per seq, in order, none missing, whichever worker committed it.
        assert seqs == sorted(set(seqs)), label
        assert seqs[-1] == final["seq"] and set(range(1, final["seq"] + 1)) <= set(seqs) | {0}, (label, seqs)


async def test_a_crowd_connecting_at_once_is_counted(workers: tuple[ServerProcess, ServerProcess]) -> None:
    """150 spectators open their sockets at the same moment on one worker (more than Redis's default pool of 100
    connections): every one is let in and counted, on both workers."""
    import asyncio

    import websockets

    a, b = workers
    created = _post(a.url, "/api/tables", game="hidden-hands", name="Alice").json()
    table_id, key = created["table_id"], created["spectate_url"].split("key=")[1]
    crowd = 150

    # An async test, not asyncio.run(): other tests in the session may leave pytest-asyncio's loop running.
    sockets = await asyncio.gather(*(
        websockets.connect(f"{a.url.replace('http', 'ws')}/ws/tables/{table_id}?spectate={key}", proxy=None)
        for _ in range(crowd)))
    try:
        firsts = [json.loads(await ws.recv()) for ws in sockets]
        assert all(m["type"] == "state" for m in firsts)
        counts: dict[str, int] = {}
        async with httpx.AsyncClient() as client:
            end = asyncio.get_running_loop().time() + 20
            while asyncio.get_running_loop().time() < end:
                for url in (a.url, b.url):
                    counts[url] = (await client.get(f"{url}/api/tables/{table_id}")).json()["spectators"]
                if set(counts.values()) == {crowd}:
                    break
                await asyncio.sleep(0.2)
        assert set(counts.values()) == {crowd}, f"counted {counts}, not {crowd} on both workers"
    finally:
        await asyncio.gather(*(ws.close() for ws in sockets))
    assert "Too many connections" not in (a.log_path.read_text() if a.log_path else "")
