"""A real server's thinking children end with it: on SIGTERM (the pool is closed) and on SIGKILL (no shutdown code runs,
so each child notices its parent is gone), even in the middle of a search that would never end."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.api.helpers import wait_for
from tests.conftest import TEST_GAME, ServerProcess, server_env
from tests.support.thinking_hands import HANG_MARK


def children_of(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue  # gone meanwhile
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def gone(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state == "Z"  # a zombie has ended; only its parent (init, once ours died) has yet to collect it


@pytest.mark.parametrize("how", ["terminate", "kill"])
def test_no_thinking_child_outlives_the_server(tmp_path: Path, how: str) -> None:
    mark = tmp_path / "hanging"
    # A budget long enough for the first child's start: a search the move's time has overtaken is never begun.
    env = server_env(tmp_path, EXTRA_GAMES=f"{TEST_GAME},tests.support.thinking_hands:GAME", BOT_WORKERS="1",
                     BOT_THINK_S="30", **{HANG_MARK: str(mark)})
    server = ServerProcess(env, log_path=tmp_path / "server.log")
    server.start()
    try:
        assert server.process is not None
        created = httpx.post(f"{server.url}/api/tables", json={"game": "thinking-hands", "name": "Ann"}).json()
        url, headers = f"{server.url}/api/tables/{created['table_id']}", {"Authorization": f"Bearer {created['token']}"}
        assert httpx.post(f"{url}/bots", json={"count": 1, "kind": "hang"}, headers=headers).status_code == 200
        assert httpx.post(f"{url}/start", headers=headers).status_code == 200
        wait_for(mark.exists, what="the search to be under way")
        helpers = children_of(server.process.pid)  # the thinker, and multiprocessing's resource tracker
        assert any(b"spawn_main" in (Path("/proc") / str(pid) / "cmdline").read_bytes() for pid in helpers)
        if how == "kill":
            server.kill()
        else:
            server.stop()
            assert "Application shutdown complete" in (tmp_path / "server.log").read_text()
        wait_for(lambda: all(gone(pid) for pid in helpers), what="the server's children to end")
    finally:
        server.stop()
