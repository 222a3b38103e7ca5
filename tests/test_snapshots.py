"""A table's state is written as a snapshot every few actions; between two, the action log carries it. A restart
rebuilds each table from its snapshot plus the log after it, and a worker that holds a table follows the log of a
change made elsewhere without reading the snapshot again."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient
from sqlalchemy import event

from app import fairness
from app.hub import Hub
from app.rebuild import load_games
from app.service import TableService
from app.settings import Settings
from tests.api.helpers import new_game, state
from tests.conftest import TEST_GAME, ServerProcess, server_env

EVERY = 3


def _stored(db: Path, table_id: str) -> tuple[int, int, int | None]:
    """(seq, snapshot_seq, the stored state's own seq) as the database has them."""
    with sqlite3.connect(db) as connection:
        seq, snapshot_seq, stored = connection.execute(
            "SELECT seq, snapshot_seq, state FROM tables WHERE id = ?", (table_id,)).fetchone()
    return seq, snapshot_seq, json.loads(stored)["seq"] if stored else None


def test_snapshots_every_few_actions_and_a_restart_rebuilds_from_snapshot_and_log(tmp_path: Path) -> None:
    server = ServerProcess(server_env(tmp_path, SNAPSHOT_EVERY=str(EVERY)), log_path=tmp_path / "server.log")
    server.start()
    try:
        url, db = server.url, tmp_path / "server.db"
        created = httpx.post(f"{url}/api/tables", json={"game": "hidden-hands", "name": "Alice"}).json()
        table_id, invite = created["table_id"], created["invite_url"].split("invite=")[1]
        tokens = [created["token"], httpx.post(f"{url}/api/tables/{table_id}/join",
                                               json={"name": "Bob", "invite": invite}).json()["token"]]
        heads = [{"Authorization": f"Bearer {t}"} for t in tokens]
        assert httpx.post(f"{url}/api/tables/{table_id}/start", headers=heads[0]).status_code == 200

        def views() -> list[dict[str, Any]]:
            return [httpx.get(f"{url}/api/tables/{table_id}/state", headers=h).json() for h in heads]

        restarts = 0
        while (seen := views())[0]["status"] == "playing":
            mover = next(i for i, s in enumerate(seen) if s["legal"])
            reply = httpx.post(f"{url}/api/tables/{table_id}/actions", headers=heads[mover],
                               json={"action": seen[mover]["legal"][-1], "expect_seq": seen[mover]["seq"]})
            assert reply.status_code == 200, reply.text
            seq, snapshot_seq, stored_seq = _stored(db, table_id)
            finished = views()[0]["status"] == "finished"
            # The state column holds the snapshot it says; it is written every EVERY actions and at the end.
            assert stored_seq == snapshot_seq
            assert snapshot_seq == (seq if finished else seq - seq % EVERY)
            if not finished and seq % EVERY and restarts < 3:
                before = views()
                server.kill()
                server.start()
                restarts += 1
                after = views()  # rebuilt from the snapshot plus the log after it
                assert [(a["seq"], a["view"], a["legal"]) for a in after] == \
                       [(b["seq"], b["view"], b["legal"]) for b in before]
        assert restarts == 3
        audit = httpx.get(f"{url}/api/tables/{table_id}/audit").json()
        ok, message, _ = fairness.replay(load_games([TEST_GAME])["hidden-hands"], audit)
        assert ok, message
    finally:
        server.stop()


def test_a_second_worker_follows_the_log_without_reading_the_snapshot(client: TestClient,
                                                                      settings: Settings) -> None:
    """Worker B holds a table that worker A keeps changing: B reads only the new actions, never the state column."""
    first: TableService = client.app.state.service
    second = TableService(settings, first.sessions, first.games, Hub())
    engine = first.sessions.kw["bind"]
    statements: list[str] = []

    def record(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        statements.append(" ".join(statement.split()))

    table = new_game(client, humans=2)
    client.portal.call(second.snapshot, table.table_id)  # B's first read: the snapshot, as there is nothing to follow
    event.listen(engine.sync_engine, "before_cursor_execute", record)
    try:
        for _ in range(2 * EVERY + 1):
            seen = [state(client, table, seat) for seat in (0, 1)]
            if seen[0]["status"] != "playing":
                break
            mover = next(i for i, s in enumerate(seen) if s["legal"])
            holder = client.portal.call(first.holder, table.table_id, table.tokens[mover])
            client.portal.call(first.act, table.table_id, holder, seen[mover]["legal"][0], seen[mover]["seq"])
            second.forget(table.table_id)  # as an announcement from A would make it
            theirs, _ = client.portal.call(first.snapshot, table.table_id)
            ours, _ = client.portal.call(second.snapshot, table.table_id)
            assert (ours.seq, ours.state) == (theirs.seq, theirs.state)
    finally:
        event.remove(engine.sync_engine, "before_cursor_execute", record)
    reads = [s for s in statements if s.startswith("SELECT") and "tables.state" in s]
    assert reads == []
    assert any(s.startswith("SELECT") and "FROM actions" in s for s in statements)  # what B read instead
