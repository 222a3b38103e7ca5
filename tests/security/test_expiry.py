"""Tables expire on a schedule: a lobby nobody touches and a finished game go (with their seats, log and chat);
a game in play stays. Sockets still open on a table that goes are closed with 4410, on every worker."""

from __future__ import annotations

import time
from pathlib import Path

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from tests.conftest import ServerProcess, server_env
from tests.security.remote import Remote, opening
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
        deadline = time.monotonic() + 20  # a 2-second lifetime, swept every quarter second: wait until both are gone
        while remote.get(lobby.path).status_code != 404 or remote.get(finished.path).status_code != 404:
            assert time.monotonic() < deadline, "the old lobby and finished game were not deleted"
            time.sleep(0.1)
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


EXPIRED = 4410


def closed_with(ws: ClientConnection, timeout: float = 10.0) -> tuple[int | None, str]:
    """Read until the server closes the socket (presence updates may come first); its close code and reason."""
    deadline = time.monotonic() + timeout
    try:
        while True:
            ws.recv(timeout=max(0.01, deadline - time.monotonic()))
    except TimeoutError:
        raise AssertionError(f"the socket was still open after {timeout} s") from None
    except ConnectionClosed as closed:
        return (closed.rcvd.code, closed.rcvd.reason) if closed.rcvd else (None, "")


def assert_clean(log: Path) -> None:
    text = log.read_text()
    assert "Traceback" not in text and "listener failed" not in text and "ERROR" not in text, text[-3000:]


def test_sockets_of_an_expired_table_are_closed_with_their_own_code(tmp_path: Path) -> None:
    """A seat and a spectator watch a lobby that nobody changes: when the sweep deletes it, both sockets close with
    4410 and the server logs no error."""
    env = server_env(tmp_path, LOBBY_TTL_HOURS=str(1 / 3600), EXPIRY_INTERVAL="0.25")
    process = ServerProcess(env, log_path=tmp_path / "server.log")
    process.start()
    remote = Remote(process.url)
    try:
        lobby = remote.table("Alice")
        with remote.socket(lobby.table_id, lobby.tokens[0]) as seat, \
                remote.socket(lobby.table_id, spectate=lobby.spectate) as watcher:
            opening(seat)
            opening(watcher)
            for ws in (seat, watcher):
                code, reason = closed_with(ws)
                assert code == EXPIRED and "expired" in reason, (code, reason)
        assert remote.get(lobby.path).status_code == 404
    finally:
        process.stop()
    assert_clean(tmp_path / "server.log")


def test_an_expiry_on_one_worker_closes_the_sockets_on_another(tmp_path: Path) -> None:
    """Two servers share the tables through Redis. The one that sweeps is not the one holding the socket: the
    deletion is announced on the hub, so the other closes its socket too (well before its catch-up poll would
    notice)."""
    from tests.test_multiworker import REDIS, _need_services

    _need_services()
    common = {"REDIS_URL": REDIS, "LOBBY_TTL_HOURS": str(1 / 3600)}
    sweeper = ServerProcess(server_env(tmp_path, EXPIRY_INTERVAL="0.25", **common), log_path=tmp_path / "a.log")
    holder = ServerProcess(server_env(tmp_path, EXPIRY_INTERVAL="3600", CATCH_UP_INTERVAL="60", **common),
                           log_path=tmp_path / "b.log")
    holder.start()  # its one sweep, at start, comes before the table exists
    sweeper.start()
    try:
        lobby = Remote(holder.url).table("Alice")
        with Remote(holder.url).socket(lobby.table_id, lobby.tokens[0]) as seat:
            opening(seat)
            code, _ = closed_with(seat, timeout=8)
            assert code == EXPIRED
        assert Remote(sweeper.url).get(lobby.path).status_code == 404
    finally:
        sweeper.stop()
        holder.stop()
    assert "expired 1 table" in (tmp_path / "a.log").read_text()
    assert_clean(tmp_path / "a.log")
    assert_clean(tmp_path / "b.log")
