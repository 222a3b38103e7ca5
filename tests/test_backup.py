"""`tabletop backup` while a game is being played, `tabletop restore` into a fresh server: every finished game is
replayed and verified, and the game that was live goes on from where the backup caught it."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from tests.conftest import ROOT, ServerProcess, server_env
from tests.support.tables import start_table
from tests.test_worker_death import _play_one


def _tabletop(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "app.cli", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)


def _table(url: str, people: int, bots: int) -> tuple[str, list[str]]:
    with httpx.Client() as client:
        made = start_table(client, url, "hidden-hands", people, bots)
    return made.table_id, made.tokens


def _play_to_end(url: str, table_id: str, tokens: list[str], acked: list[tuple[int, int, Any]]) -> None:
    end = time.monotonic() + 60  # the bots move between the people's actions, at their own pace
    while _play_one(url, table_id, tokens, acked) != "finished":
        assert time.monotonic() < end, "the game did not finish"


def test_backup_while_playing_then_restore_into_a_fresh_server(tmp_path: Path) -> None:
    env = server_env(tmp_path)
    server = ServerProcess(env, log_path=tmp_path / "server.log")
    server.start()
    backup = tmp_path / "backup.db"
    try:
        finished = [_table(server.url, 1, 2)]
        for table_id, tokens in finished:
            _play_to_end(server.url, table_id, tokens, [])
        live_id, live_tokens = _table(server.url, 2, 0)
        acked: list[tuple[int, int, Any]] = []
        for _ in range(3):
            _play_one(server.url, live_id, live_tokens, acked)
        # The backup is taken while another table is being played to its end, commit after commit.
        busy_id, busy_tokens = _table(server.url, 1, 2)
        playing = threading.Thread(target=_play_to_end, args=(server.url, busy_id, busy_tokens, []))
        playing.start()
        taken = _tabletop(env, "backup", str(backup))
        playing.join(60)
        assert taken.returncode == 0, taken.stderr
        at_backup = acked[-1][0]
        again = _tabletop(env, "backup", str(backup))
        assert again.returncode == 2 and "exists already" in again.stderr  # never overwrites
        _play_one(server.url, live_id, live_tokens, acked)  # after the backup: not in it
    finally:
        server.stop()

    fresh = server_env(tmp_path, DATABASE_URL=f"sqlite:///{tmp_path}/restored/server.db")
    restored = _tabletop(fresh, "restore", str(backup))
    assert restored.returncode == 0, restored.stdout + restored.stderr
    checked = int(restored.stdout.split(" of ")[1].split()[0])
    assert checked >= 1 and f"{checked} of {checked} finished games replayed and verified" in restored.stdout
    refused = _tabletop(fresh, "restore", str(backup))
    assert refused.returncode == 2 and "already holds a database" in refused.stderr

    server = ServerProcess(fresh, log_path=tmp_path / "restored.log")
    server.start()
    try:
        for table_id, _ in finished:
            assert "the result matches" in httpx.get(f"{server.url}/t/{table_id}/verify").text
        head = {"Authorization": f"Bearer {live_tokens[0]}"}
        state = httpx.get(f"{server.url}/api/tables/{live_id}/state", headers=head).json()
        assert state["status"] == "playing" and state["seq"] == at_backup
        resumed: list[tuple[int, int, Any]] = []
        _play_to_end(server.url, live_id, live_tokens, resumed)
        audit = httpx.get(f"{server.url}/api/tables/{live_id}/audit").json()
        logged = {entry["seq"]: (entry["seat"], entry["action"]) for entry in audit["actions"]}
        assert all(logged[seq] == (seat, action) for seq, seat, action in acked if seq <= at_backup)
        assert "the result matches" in httpx.get(f"{server.url}/t/{live_id}/verify").text
    finally:
        server.stop()


def test_restore_reports_a_game_that_does_not_replay(tmp_path: Path) -> None:
    env = server_env(tmp_path)
    server = ServerProcess(env, log_path=tmp_path / "server.log")
    server.start()
    try:
        table_id, tokens = _table(server.url, 1, 2)
        _play_to_end(server.url, table_id, tokens, [])
    finally:
        server.stop()
    tampered = tmp_path / "tampered.db"
    shutil.copy(tmp_path / "server.db", tampered)
    with sqlite3.connect(tampered) as db:  # the seed no longer matches the commitment the players were shown
        db.execute("UPDATE tables SET seed = 'not-' || seed WHERE id = ?", (table_id,))
    fresh = server_env(tmp_path, DATABASE_URL=f"sqlite:///{tmp_path}/restored.db")
    restored = _tabletop(fresh, "restore", str(tampered))
    assert restored.returncode == 1 and f"FAILED: {table_id}" in restored.stderr, restored.stdout + restored.stderr


def test_postgresql_is_backed_up_with_its_own_tools(tmp_path: Path) -> None:
    env = server_env(tmp_path, DATABASE_URL="postgresql://nobody@127.0.0.1:1/none")
    answer = _tabletop(env, "backup", str(tmp_path / "x"))
    assert answer.returncode == 2 and "pg_dump" in answer.stderr and not (tmp_path / "x").exists()
