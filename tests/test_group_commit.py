"""Group commit: actions of many tables arriving together share one commit; a commit that fails acknowledges none
of its batch, and every table in it stays exactly as it was (in memory and in the database)."""

from __future__ import annotations

import asyncio
import sqlite3
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.ext.asyncio import AsyncSession

from app.commits import Committer, SqliteWriter
from app.seats import Holder
from app.service import TableService
from app.settings import Settings
from tests.api.helpers import db_rows, new_game, state

TABLES = 12


def _first_moves(client: TestClient, count: int) -> list[tuple[str, Holder, dict[str, Any]]]:
    """One legal action for Alice at each of ``count`` fresh tables."""
    moves = []
    for _ in range(count):
        table = new_game(client, humans=2)
        holder = client.portal.call(client.app.state.service.holder, table.table_id, table.tokens[0])
        moves.append((table.table_id, holder, state(client, table, 0)["legal"][0]))
    return moves


def _act_all(client: TestClient, moves: list[tuple[str, Holder, dict[str, Any]]]) -> list[Any]:
    service: TableService = client.app.state.service

    async def together() -> list[Any]:
        return await asyncio.gather(*(service.act(t, h, a, 0) for t, h, a in moves), return_exceptions=True)

    return client.portal.call(together)


def test_actions_arriving_together_share_commits(client: TestClient, settings: Settings) -> None:
    moves = _first_moves(client, TABLES)
    committer: Committer = client.app.state.service.committer
    before = committer.batches
    seqs = _act_all(client, moves)
    assert seqs == [1] * TABLES
    assert committer.batches - before < TABLES  # fewer commits than actions: they were grouped
    logged = db_rows(settings, "SELECT table_id, seq FROM actions")
    assert {(t, 1) for t, _, _ in moves} <= set(logged)


def test_a_failed_commit_acknowledges_none_of_its_batch(client: TestClient, settings: Settings,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    moves = _first_moves(client, TABLES)

    async def failing(self: AsyncSession) -> None:
        raise OSError("the disk is full")  # the batch's statements went out; its commit does not

    def failing_direct(connection: sqlite3.Connection) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    assert client.app.state.service.committer.direct  # a SQLite file: the writer's own connection
    with monkeypatch.context() as patched:
        # On a SQLite file the server commits through its own connection (SqliteWriter); elsewhere, a session.
        patched.setattr(AsyncSession, "commit", failing)
        patched.setattr(SqliteWriter, "_commit", staticmethod(failing_direct))
        outcomes = _act_all(client, moves)
    assert all(getattr(o, "code", None) == "busy" for o in outcomes), outcomes  # nobody was told "done"
    assert db_rows(settings, "SELECT table_id FROM actions") == []
    service: TableService = client.app.state.service
    for table_id, _, _ in moves:  # memory agrees with the database: still at seq 0
        row, _ = client.portal.call(service.snapshot, table_id)
        assert row.seq == 0
    assert _act_all(client, moves) == [1] * TABLES  # and play goes on from there


def test_closing_commits_the_moves_already_handed_over(client: TestClient, settings: Settings) -> None:
    """Shutdown closes the committer while actions may be on their way to disk: those are written and answered, not
    refused because the connection went first."""
    moves = _first_moves(client, 4)
    service: TableService = client.app.state.service
    committer: Committer = service.committer

    async def act_then_close() -> list[Any]:
        acting = [asyncio.create_task(service.act(t, h, a, 0)) for t, h, a in moves]
        while not committer._queue and not all(task.done() for task in acting):
            await asyncio.sleep(0)  # until the first move waits for its commit
        await committer.close()
        assert all(task.done() for task in acting), "close returned with moves still on their way"
        return await asyncio.gather(*acting, return_exceptions=True)

    assert client.portal.call(act_then_close) == [1] * len(moves)
    logged = db_rows(settings, "SELECT table_id, seq FROM actions")
    assert {(t, 1) for t, _, _ in moves} <= set(logged)
