"""The group commit's batch write (``app.commits``), straight against SQLite and PostgreSQL: a stale guard refuses its
own move only, a batch costs the same few statements whatever its size, and the rows it writes are exactly those
the one-statement-per-row Core path wrote."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event, insert, text, update
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from app.commits import ACTIONS, PLAY_COLUMNS, SEATS, SNAPSHOT_COLUMNS, TABLES, Committer, Move, sqlite_writer
from app.db import make_engine, migrate, sessionmaker
from app.models import SeatRow, TableRow
from app.settings import async_database_url
from tests.test_multiworker import PG, _admin, _need_services

START = datetime(2026, 12, 3, 20, 0, 0, 123456, tzinfo=UTC)


@dataclass
class Table:
    """A table's new values as the service hands them over: a plain object with TableRow's attribute names."""

    id: str
    seq: int
    status: str
    deadline: datetime | None
    timer_key: str | None
    bots_waiting: bool
    updated_at: datetime
    state: dict[str, Any] | None = None
    snapshot_seq: int = 0


@dataclass
class Db:
    engine: AsyncEngine
    committer: Committer
    dialect: str

    def writing(self) -> contextlib.AbstractAsyncContextManager[AsyncSession]:
        return sessionmaker(self.engine)()


@pytest.fixture(params=["sqlite", "sqlite-direct", "postgresql"])
async def db(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Db]:
    """The batch write through a SQLAlchemy session (PostgreSQL's way, and SQLite's before), and through the SQLite
    writer's own connection (the server's way on a SQLite file)."""
    name = ""
    if request.param.startswith("sqlite"):
        url = async_database_url(f"sqlite:///{tmp_path}/commit.db")
    else:
        _need_services()
        name = f"tabletop_test_{secrets.token_hex(4)}"
        await asyncio.to_thread(_admin, f'CREATE DATABASE "{name}"')
        url = async_database_url(f"{PG}/{name}")
    try:
        await migrate(url)
        engine = make_engine(url)
        sessions = sessionmaker(engine)
        direct = sqlite_writer(engine, asyncio.Lock()) if request.param == "sqlite-direct" else None
        assert (direct is not None) == (request.param == "sqlite-direct")
        committer = Committer(sessions, direct)
        try:
            yield Db(engine, committer, request.param.removesuffix("-direct"))
        finally:
            await committer.close()
            await engine.dispose()
    finally:
        if name:
            await asyncio.to_thread(_admin, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def _tables(db: Db, count: int) -> list[str]:
    """``count`` playing tables at seq 0, each with two seats present. The ORM's version counter starts at 1."""
    ids = [f"t{n:04d}" for n in range(count)]
    async with db.writing() as session:
        for table_id in ids:
            session.add(TableRow(id=table_id, game="hidden-hands", options={}, status="playing", invite_code="i",
                                 spectate_key="s", seed="x", commitment="c", state={"start": True},
                                 created_at=START, updated_at=START))
        await session.flush()  # the tables before their seats (no relationship orders them)
        for table_id in ids:
            session.add_all([SeatRow(table_id=table_id, seat=n, name=f"p{n}") for n in range(2)])
        await session.commit()
    return ids


async def _seats(db: Db, table_id: str) -> list[SeatRow]:
    async with db.writing() as session:
        rows = await session.execute(text("SELECT id FROM seats WHERE table_id = :t ORDER BY seat"), {"t": table_id})
        return [SeatRow(id=row[0], table_id=table_id, away=True) for row in rows]


async def _move(db: Db, table_id: str, version: int = 1, snapshot: bool = False) -> Move:
    table = Table(id=table_id, seq=1, status="playing", deadline=START + timedelta(seconds=30),
                  timer_key=f"{table_id}:1", bots_waiting=True, updated_at=START + timedelta(seconds=1),
                  state={"hands": [[1, 2], [3]], "note": "é"} if snapshot else None, snapshot_seq=1 if snapshot else 0)
    seats = (await _seats(db, table_id))[:1]
    return Move(table, version, seats, 0, {"type": "play", "card": 7}, "seat",  # type: ignore[arg-type]
                START + timedelta(seconds=2), snapshot)


async def _commit_together(committer: Committer, moves: list[Move]) -> list[bool]:
    # Queued in one loop turn: the committer's task starts after all of them, so they make one batch.
    before = committer.batches
    written = await asyncio.gather(*(committer.commit(move) for move in moves))
    assert committer.batches == before + 1
    return written


async def _raw(db: Db, sql: str, **params: Any) -> list[tuple[Any, ...]]:
    async with db.engine.connect() as connection:
        return [tuple(row) for row in await connection.execute(text(sql), params)]


async def test_a_stale_guard_in_the_middle_refuses_that_move_alone(db: Db) -> None:
    ids = await _tables(db, 5)
    moves = [await _move(db, table_id, version=7 if n == 2 else 1, snapshot=n == 3) for n, table_id in enumerate(ids)]
    assert await _commit_together(db.committer, moves) == [True, True, False, True, True]
    rows = dict((r[0], r[1:]) for r in await _raw(db, "SELECT id, seq, version, timer_key FROM tables"))
    for n, table_id in enumerate(ids):
        assert rows[table_id] == ((0, 1, None) if n == 2 else (1, 2, f"{table_id}:1"))
    logged = await _raw(db, "SELECT table_id, seq FROM actions ORDER BY table_id")
    assert logged == [(table_id, 1) for n, table_id in enumerate(ids) if n != 2]
    away = await _raw(db, "SELECT table_id FROM seats WHERE away = :yes ORDER BY table_id", yes=True)
    assert away == [(table_id,) for n, table_id in enumerate(ids) if n != 2]
    snapshots = await _raw(db, "SELECT id, snapshot_seq FROM tables WHERE snapshot_seq > 0")
    assert snapshots == [(ids[3], 1)]
    # The refused table is still at version 1: a move guarded by it commits now.
    assert await _commit_together(db.committer, [await _move(db, ids[2])]) == [True]


async def test_two_moves_of_one_table_in_a_batch_follow_each_other(db: Db) -> None:
    [table_id] = await _tables(db, 1)
    first, second = await _move(db, table_id, version=1), await _move(db, table_id, version=2)
    second.table.seq = 2
    assert await _commit_together(db.committer, [first, second]) == [True, True]
    assert await _raw(db, "SELECT seq, version FROM tables") == [(2, 3)]


async def test_statements_per_batch_do_not_grow_with_its_size(db: Db) -> None:
    if db.committer.direct:
        pytest.skip("the SQLite writer runs the same steps (commits._steps) outside SQLAlchemy: counted here")
    ids = await _tables(db, 100)
    statements: list[str] = []

    def count(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        statements.append(statement)

    listener: Callable[..., None] = count
    event.listen(db.engine.sync_engine, "before_cursor_execute", listener)
    try:
        counts = {}
        for size, start in ((1, 0), (10, 1), (89, 11)):
            moves = [await _move(db, table_id, snapshot=n % 2 == 0)
                     for n, table_id in enumerate(ids[start:start + size])]
            statements.clear()
            assert await _commit_together(db.committer, moves) == [True] * size
            counts[size] = len(statements)
    finally:
        event.remove(db.engine.sync_engine, "before_cursor_execute", listener)
    # The guarded UPDATE, the action log, the away flags: three, whether one move or 89.
    assert counts == {1: 3, 10: 3, 89: 3}


async def _write_the_old_way(session: AsyncSession, move: Move) -> None:
    """The one-statement-per-row Core path this batch write replaced (app/commits.py before issue 20, part 3)."""
    table = move.table
    columns = PLAY_COLUMNS + SNAPSHOT_COLUMNS if move.snapshot else PLAY_COLUMNS
    values = {name: getattr(table, name) for name in columns}
    await session.execute(update(TABLES).where(TABLES.c.id == table.id, TABLES.c.version == move.version)
                          .values(version=move.version + 1, **values))
    for seat in move.seats:
        await session.execute(update(SEATS).where(SEATS.c.id == seat.id).values(away=seat.away))
    await session.execute(insert(ACTIONS).values(
        table_id=table.id, seq=table.seq, seat=move.seat, action=move.action, source=move.source, created_at=move.at))


@pytest.mark.parametrize("snapshot", [False, True])
async def test_rows_are_stored_exactly_as_the_core_path_stored_them(db: Db, snapshot: bool) -> None:
    old, new = await _tables(db, 2)
    old_move, new_move = await _move(db, old, snapshot=snapshot), await _move(db, new, snapshot=snapshot)
    new_move.table.timer_key = old_move.table.timer_key  # the same values: the stored forms must be the same too
    async with db.writing() as session:
        await _write_the_old_way(session, old_move)
        await session.commit()
    assert await _commit_together(db.committer, [new_move]) == [True]

    def stored(column: str) -> str:  # the stored form itself: SQLite's type and text, PostgreSQL's text output
        return f"typeof({column}), CAST({column} AS TEXT)" if db.dialect == "sqlite" else f"CAST({column} AS TEXT)"

    for table, key, columns in (
            (TABLES, "id", [c.name for c in TABLES.c if c.name != "id"]),
            (ACTIONS, "table_id", [c.name for c in ACTIONS.c if c.name != "table_id"]),
            (SEATS, "table_id", ["seat", "away"])):
        sql = f"SELECT {', '.join(stored(c) for c in columns)} FROM {table.name} WHERE {key} = :key ORDER BY 1"
        old_rows, new_rows = await _raw(db, sql, key=old), await _raw(db, sql, key=new)
        assert old_rows == new_rows, table.name
        assert old_rows
