"""`tabletop backup` while a game is being played, `tabletop restore` into a fresh server: every finished game is
replayed and verified, and the game that was live goes on from where the backup caught it."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sqlite3
import stat
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

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


def test_postgresql_is_backed_up_with_its_own_tools(tmp_path: Path) -> None:
    env = server_env(tmp_path, DATABASE_URL="postgresql://nobody@127.0.0.1:1/none")
    answer = _tabletop(env, "backup", str(tmp_path / "x"))
    assert answer.returncode == 2 and "pg_dump" in answer.stderr and not (tmp_path / "x").exists()


@dataclass
class Played:
    """A database as a server left it: one finished game (a person and two bots) and one live table (two people, a
    few moves in), for tests to copy and tamper with."""

    database: Path
    finished_id: str
    live_id: str


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    tmp = tmp_path_factory.mktemp("played")
    server = ServerProcess(server_env(tmp), log_path=tmp / "server.log")
    server.start()
    try:
        finished_id, tokens = _table(server.url, 1, 2)
        _play_to_end(server.url, finished_id, tokens, [])
        live_id, live_tokens = _table(server.url, 2, 0)
        acked: list[tuple[int, int, Any]] = []
        while len(acked) < 3:
            _play_one(server.url, live_id, live_tokens, acked)
    finally:
        server.stop()
    return Played(tmp / "server.db", finished_id, live_id)


def _copy_of(played: Played, tmp_path: Path) -> Path:
    copy = tmp_path / "copy.db"
    shutil.copy(played.database, copy)
    return copy


def _restore(tmp_path: Path, backup: Path) -> tuple[subprocess.CompletedProcess[str], Path]:
    target = tmp_path / "restored" / "server.db"
    answer = _tabletop(server_env(tmp_path, DATABASE_URL=f"sqlite:///{target}"), "restore", str(backup))
    return answer, target


def _nothing_left(target: Path) -> None:
    """A refused restore leaves no database where `serve` would start on it, nor any file of its own beside it."""
    assert not target.exists()
    assert not target.parent.exists() or list(target.parent.iterdir()) == []


def test_restore_refuses_a_finished_game_that_does_not_replay(played: Played, tmp_path: Path) -> None:
    tampered = _copy_of(played, tmp_path)
    with sqlite3.connect(tampered) as db:  # the seed no longer matches the commitment the players were shown
        db.execute("UPDATE tables SET seed = 'not-' || seed WHERE id = ?", (played.finished_id,))
    restored, target = _restore(tmp_path, tampered)
    assert restored.returncode == 1 and f"FAILED: {played.finished_id}" in restored.stderr, restored.stderr
    assert "Traceback" not in restored.stderr and "nothing was restored" in restored.stderr.lower()
    _nothing_left(target)


def _tamper_live_state(database: Path, table_id: str) -> None:
    """The live table's stored state (its snapshot) is changed: its random source, so what is dealt next."""
    with sqlite3.connect(database) as db:
        (text,) = db.execute("SELECT state FROM tables WHERE id = ?", (table_id,)).fetchone()
        state = json.loads(text)
        state["rng"] ^= 1
        db.execute("UPDATE tables SET state = ? WHERE id = ?", (json.dumps(state), table_id))


def test_restore_refuses_a_live_table_whose_state_is_not_its_log(played: Played, tmp_path: Path) -> None:
    tampered = _copy_of(played, tmp_path)
    _tamper_live_state(tampered, played.live_id)
    restored, target = _restore(tmp_path, tampered)
    assert restored.returncode == 1 and f"FAILED: {played.live_id}" in restored.stderr, restored.stderr
    _nothing_left(target)


def test_restore_refuses_a_live_table_whose_log_was_changed(played: Played, tmp_path: Path) -> None:
    tampered = _copy_of(played, tmp_path)
    with sqlite3.connect(tampered) as db:  # a move the log never held: the replay refuses it, or reaches another state
        db.execute("UPDATE actions SET action = '{\"not\": \"a move\"}' WHERE table_id = ? AND seq = 2",
                   (played.live_id,))
    restored, target = _restore(tmp_path, tampered)
    assert restored.returncode == 1 and f"FAILED: {played.live_id}" in restored.stderr, restored.stderr
    _nothing_left(target)


def test_restore_of_an_untouched_copy_checks_both_kinds_of_table(played: Played, tmp_path: Path) -> None:
    restored, target = _restore(tmp_path, _copy_of(played, tmp_path))
    assert restored.returncode == 0, restored.stderr
    assert "1 of 1 finished games replayed and verified" in restored.stdout
    assert "1 of 1 live tables replayed to their stored state" in restored.stdout
    assert target.is_file() and stat.S_IMODE(target.stat().st_mode) == 0o600
    assert sorted(path.name for path in target.parent.iterdir()) == ["server.db"]  # no file of the restore's own


@pytest.mark.parametrize("junk", [b"", b"not a database at all\n" * 100, b"SQLite format 3\x00" + bytes(4000)])
def test_restore_of_a_file_that_is_no_database_says_so_in_one_line(junk: bytes, tmp_path: Path) -> None:
    backup = tmp_path / "junk.db"
    backup.write_bytes(junk)
    restored, target = _restore(tmp_path, backup)
    assert restored.returncode == 2 and "Traceback" not in restored.stderr, restored.stderr
    assert len(restored.stderr.strip().splitlines()) == 1 and str(backup) in restored.stderr
    _nothing_left(target)


def test_a_backup_is_readable_by_its_owner_alone(played: Played, tmp_path: Path) -> None:
    env = server_env(tmp_path, DATABASE_URL=f"sqlite:///{played.database}")
    backup = tmp_path / "backup.db"
    old = os.umask(0o022)  # an ordinary umask: files would be readable by everyone
    try:
        taken = _tabletop(env, "backup", str(backup))
    finally:
        os.umask(old)
    assert taken.returncode == 0, taken.stderr
    assert stat.S_IMODE(backup.stat().st_mode) == 0o600


def _corrupt_a_page(database: Path) -> None:
    """Change one character of a token hash on the page of the seats' token-hash index: the file opens and reads,
    and SQLite's online backup copies the page as it is, but the index no longer matches its table, which only an
    integrity check notices."""
    with sqlite3.connect(database) as db:
        db.execute("PRAGMA journal_mode=DELETE")  # everything in the one file
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        (root,) = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'ix_seats_token_hash'").fetchone()
    with open(database, "r+b") as handle:
        handle.seek(page_size * (root - 1))
        page = handle.read(page_size)
        found = re.search(rb"[0-9a-f]{64}", page)
        assert found is not None, "no token hash on the index's page"
        handle.seek(page_size * (root - 1) + found.start())
        handle.write(b"g" if page[found.start()] != ord("g") else b"h")
    with sqlite3.connect(database) as db:
        assert db.execute("SELECT count(*) FROM tables").fetchone()[0] >= 2  # still reads
        assert db.execute("PRAGMA integrity_check").fetchone()[0] != "ok"


def test_backup_refuses_a_damaged_database(played: Played, tmp_path: Path) -> None:
    damaged = _copy_of(played, tmp_path)
    _corrupt_a_page(damaged)
    env = server_env(tmp_path, DATABASE_URL=f"sqlite:///{damaged}")
    backup = tmp_path / "out" / "backup.db"
    backup.parent.mkdir()
    taken = _tabletop(env, "backup", str(backup))
    assert taken.returncode == 2 and "integrity" in taken.stderr and "Traceback" not in taken.stderr, taken.stderr
    assert list(backup.parent.iterdir()) == []  # no backup, and no part of one


SEAL_KEY = "q0Yk1lG5s1mV6m0w9Hh4kK3a8x2Zr7Tt5Uu1Ww3Yy6A"


def _signed_backup(played: Played, tmp_path: Path) -> Path:
    env = server_env(tmp_path, DATABASE_URL=f"sqlite:///{played.database}", SEAL_KEY=SEAL_KEY)
    backup = tmp_path / "signed.db"
    taken = _tabletop(env, "backup", str(backup))
    assert taken.returncode == 0, taken.stderr
    assert stat.S_IMODE((tmp_path / "signed.db.sig").stat().st_mode) == 0o600
    return backup


def _restore_under_the_key(tmp_path: Path, backup: Path) -> tuple[subprocess.CompletedProcess[str], Path]:
    target = tmp_path / "restored" / "server.db"
    env = server_env(tmp_path, DATABASE_URL=f"sqlite:///{target}", SEAL_KEY=SEAL_KEY)
    return _tabletop(env, "restore", str(backup)), target


def test_a_signed_backup_restores(played: Played, tmp_path: Path) -> None:
    restored, target = _restore_under_the_key(tmp_path, _signed_backup(played, tmp_path))
    assert restored.returncode == 0, restored.stderr
    assert target.is_file()


def test_restore_refuses_a_backup_whose_seat_was_given_another_token(played: Played, tmp_path: Path) -> None:
    """A live seat's token hash swapped for the hash of a token someone else holds: no replay sees it, the backup's
    signature under SEAL_KEY (which no backup holds) does."""
    backup = _signed_backup(played, tmp_path)
    with sqlite3.connect(backup) as db:
        db.execute("UPDATE seats SET token_hash = ? WHERE table_id = ? AND seat = 1",
                   (hashlib.sha256(b"the intruder's own token").hexdigest(), played.live_id))
    restored, target = _restore_under_the_key(tmp_path, backup)
    assert restored.returncode == 2 and "does not match its signature" in restored.stderr, restored.stderr
    assert len(restored.stderr.strip().splitlines()) == 1
    _nothing_left(target)


def test_restore_under_seal_key_refuses_a_backup_without_its_signature(played: Played, tmp_path: Path) -> None:
    backup = _signed_backup(played, tmp_path)
    (tmp_path / "signed.db.sig").unlink()
    restored, target = _restore_under_the_key(tmp_path, backup)
    assert restored.returncode == 2 and "has no signature" in restored.stderr, restored.stderr
    _nothing_left(target)


def test_restore_without_a_key_refuses_seat_rows_that_do_not_hold_together(played: Played, tmp_path: Path) -> None:
    """Unsigned, a seat's token hash swapped for another well-formed one cannot be seen (README); one seat given
    another's hash, so that one token holds two seats, can."""
    tampered = _copy_of(played, tmp_path)
    with sqlite3.connect(tampered) as db:
        db.execute("UPDATE seats SET token_hash = (SELECT token_hash FROM seats WHERE table_id = ? AND seat = 0) "
                   "WHERE table_id = ? AND seat = 1", (played.live_id, played.live_id))
    restored, target = _restore(tmp_path, tampered)
    assert restored.returncode == 1 and f"FAILED: {played.live_id}: two seats hold the same token hash" \
        in restored.stderr, restored.stderr
    _nothing_left(target)
