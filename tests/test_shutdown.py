"""SIGTERM with viewers connected: the server closes their sockets, exits cleanly and promptly, and loses nothing."""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.api.helpers import wait_for
from tests.conftest import ServerProcess, server_env


def test_sigterm_with_open_sockets_exits_cleanly_and_keeps_the_table(server: ServerProcess) -> None:
    created = httpx.post(f"{server.url}/api/tables", json={"game": "hidden-hands", "name": "Ann"}).json()
    tid, token = created["table_id"], created["token"]
    headers = {"Authorization": f"Bearer {token}"}
    assert httpx.post(f"{server.url}/api/tables/{tid}/bots", json={"count": 2}, headers=headers).status_code == 200
    assert httpx.post(f"{server.url}/api/tables/{tid}/start", headers=headers).status_code == 200
    ws_url = server.url.replace("http", "ws") + f"/ws/tables/{tid}"
    key = created["spectate_url"].split("key=")[1]
    with connect(f"{ws_url}?token={token}") as seat, connect(f"{ws_url}?spectate={key}") as watcher:
        opening = json.loads(seat.recv(timeout=5))
        assert opening["type"] == "state"
        json.loads(watcher.recv(timeout=5))
        before = httpx.get(f"{server.url}/api/tables/{tid}/state", headers=headers).json()

        assert server.process is not None
        server.process.terminate()
        began = time.monotonic()
        code = server.process.wait(15)
        assert code in (0, -15) and time.monotonic() - began < 10, code  # uvicorn re-raises the signal once done
        assert server.log_path is not None
        assert "Application shutdown complete" in server.log_path.read_text()
        for ws in (seat, watcher):
            try:
                while True:
                    ws.recv(timeout=5)
            except ConnectionClosed:
                pass

    server.start()
    after = httpx.get(f"{server.url}/api/tables/{tid}/state", headers=headers).json()
    assert after["seq"] == before["seq"] and after["view"] == before["view"]


def test_with_a_drain_sigterm_first_says_not_ready_while_serving_then_stops(tmp_path: Path) -> None:
    """SHUTDOWN_DRAIN_S: after SIGTERM /readyz answers 503 "shutting down" while the worker still serves (a balancer
    polling readiness takes it out of rotation first), then it stops as it would have; a second SIGTERM stops it at
    once."""
    drain_s = 4.0  # long enough for a busy machine to poll in it
    server = ServerProcess(server_env(tmp_path, SHUTDOWN_DRAIN_S=str(drain_s)), log_path=tmp_path / "server.log")
    server.start()
    try:
        assert httpx.get(f"{server.url}/readyz").status_code == 200
        created = httpx.post(f"{server.url}/api/tables", json={"game": "hidden-hands", "name": "Ann"}).json()
        assert server.process is not None
        began = time.monotonic()
        server.process.terminate()
        ready = wait_for(lambda: (answer := httpx.get(f"{server.url}/readyz")).status_code == 503 and answer,
                         timeout=drain_s, what="/readyz to say the worker is stopping")
        assert ready.json()["checks"]["server"] == "shutting down"
        # Still serving: health, the API, a table's state.
        assert httpx.get(f"{server.url}/healthz").status_code == 200
        state = httpx.get(f"{server.url}/api/tables/{created['table_id']}/state",
                          headers={"Authorization": f"Bearer {created['token']}"})
        assert state.status_code == 200 and state.json()["status"] == "lobby"
        assert server.process.poll() is None
        code = server.process.wait(15)
        assert code in (0, -15) and time.monotonic() - began >= drain_s
        assert "Application shutdown complete" in (tmp_path / "server.log").read_text()

        # A second SIGTERM in the drain stops at once.
        server.start()
        server.process.terminate()
        wait_for(lambda: httpx.get(f"{server.url}/readyz").status_code == 503, timeout=drain_s,
                 what="the drain to begin")
        began = time.monotonic()
        server.process.terminate()
        assert server.process.wait(15) in (0, -15) and time.monotonic() - began < drain_s
    finally:
        server.stop()
