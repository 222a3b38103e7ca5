"""SIGTERM with viewers connected: the server closes their sockets, exits cleanly and promptly, and loses nothing."""

from __future__ import annotations

import json
import time

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from tests.conftest import ServerProcess


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
