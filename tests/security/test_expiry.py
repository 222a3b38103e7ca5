"""Tables expire on a schedule: a lobby nobody touches and a finished game go (with their seats, log and chat);
a game in play stays."""

from __future__ import annotations

import time
from pathlib import Path

from tests.conftest import ServerProcess, server_env
from tests.security.remote import Remote
from tests.security.test_logs import _play_to_the_end


def test_abandoned_lobbies_and_old_finished_games_expire(tmp_path: Path) -> None:
    env = server_env(tmp_path, LOBBY_TTL_HOURS=str(2 / 3600), FINISHED_TTL_HOURS=str(2 / 3600),
                     IDLE_TTL_HOURS="1000", EXPIRY_INTERVAL="0.25")
    process = ServerProcess(env, log_path=tmp_path / "server.log")
    process.start()
    remote = Remote(process.url)
    try:
        lobby = remote.table("Alice")
        remote.post(f"{lobby.path}/chat", lobby.tokens[0], text="anyone?")
        playing = remote.table("Bob")
        playing.join("Cara")
        remote.post(f"{playing.path}/start", playing.tokens[0])
        finished = remote.table("Dan")
        remote.post(f"{finished.path}/bots", finished.tokens[0], count=1)
        remote.post(f"{finished.path}/start", finished.tokens[0])
        _play_to_the_end(remote, finished, [finished.tokens[0]])
        assert remote.get(f"{finished.path}/audit").json()["seed"]
        time.sleep(3.5)
        assert remote.get(lobby.path).status_code == 404
        assert remote.get(f"{lobby.path}/chat", lobby.tokens[0]).status_code == 404
        assert remote.get(finished.path).status_code == 404
        assert remote.get(f"{finished.path}/audit").status_code == 404
        assert remote.get(playing.path).json()["status"] == "playing"
        assert table_rows(tmp_path) == 1
    finally:
        process.stop()
    assert "expired" in (tmp_path / "server.log").read_text()


def table_rows(folder: Path) -> int:
    import sqlite3

    with sqlite3.connect(folder / "server.db") as db:
        counts = [db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("tables", "seats", "chat")]
    assert counts[1] == 2 and counts[2] == 0, counts  # the playing table's two seats; the lobby's chat went too
    return counts[0]
