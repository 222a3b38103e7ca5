"""Group commit: the actions of many tables that arrive together share one transaction, one fsync.

Each action is applied in memory first (``app.play.play``), then handed here as a ``Move``: the table row's new
values guarded by the version it was computed from, the seats it changed, and its line of the action log. One task
writes whatever has queued up while the previous batch was committing, so under load batches grow by themselves and
nobody waits for a timer. A move whose guard finds the table changed (another worker got there first) is refused
alone; a commit that fails refuses the whole batch, and nothing in it is acknowledged. On PostgreSQL a batch goes
through a SQLAlchemy session; on a SQLite file through ``SqliteWriter``'s own connection; both run ``_steps``.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar, cast

from sqlalchemy import Table
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, AsyncSession
from sqlalchemy.types import TypeEngine

from app import held, metrics
from app.models import ActionRow, SeatRow, TableRow

T = TypeVar("T")

# The table row's columns every action changes; the rest (ids, keys, options, seed) never move in play. The state
# itself is written only with a snapshot (``Move.snapshot``): between two, the action log carries it.
PLAY_COLUMNS = ("seq", "status", "deadline", "timer_key", "bots_waiting", "updated_at")
SNAPSHOT_COLUMNS = ("state", "snapshot_seq")

# The Core tables written here. Declarative types ``__table__`` as any FromClause; a mapped class's is its Table.
TABLES = cast(Table, TableRow.__table__)
SEATS = cast(Table, SeatRow.__table__)
ACTIONS = cast(Table, ActionRow.__table__)


@dataclass
class Move:
    table: held.Table  # the new values, computed in memory
    version: int  # the version they were computed from: the guard
    seats: list[held.Seat]  # seats whose away flag changed
    seat: int | None  # who acted (None: a window's expiry)
    action: dict[str, Any]
    source: str
    at: datetime
    snapshot: bool  # write the new state too (``table.snapshot_seq`` is then its seq)


def sqlite_writer(engine: AsyncEngine | None, lock: asyncio.Lock | None) -> tuple[SqliteWriter, asyncio.Lock] | None:
    """The direct writer for a SQLite file (None for PostgreSQL, an in-memory database, or no write lock)."""
    if engine is None or lock is None or engine.url.get_backend_name() != "sqlite":
        return None
    path = engine.url.database
    if not path or path == ":memory:" or path.startswith("file:"):
        return None
    return SqliteWriter(path, engine.dialect), lock


class Committer:
    def __init__(self, writing: Callable[[], contextlib.AbstractAsyncContextManager[AsyncSession]],
                 direct: tuple[SqliteWriter, asyncio.Lock] | None = None) -> None:
        self._writing = writing
        self._direct = direct  # on a SQLite file: its own connection, and the service's write lock to hold
        self._queue: list[tuple[Move, asyncio.Future[bool]]] = []
        self._task: asyncio.Task[None] | None = None
        self.batches = 0  # commits made, for tests and the benchmark report

    async def commit(self, move: Move) -> bool:
        """Write ``move`` durably with whatever else is waiting. True once committed; False when its guard found the
        table changed meanwhile (nothing of it was written). Raises if the commit itself failed."""
        future: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self._queue.append((move, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._drain())
        return await future

    @property
    def direct(self) -> bool:
        """Whether batches go through the SQLite writer's own connection."""
        return self._direct is not None

    async def close(self) -> None:
        """Commit what is queued first, then let the writer go: a move handed over before shutdown is written and
        answered, not refused because the connection closed under it."""
        while self._task is not None and not self._task.done():
            await self._task  # never raises: a failed batch is told to its movers
        if self._direct is not None:
            await self._direct[0].close()

    async def _drain(self) -> None:
        while self._queue:
            batch, self._queue = self._queue, []
            try:
                written = await self._write([move for move, _ in batch])
            except Exception as exc:  # the batch is lost as a whole: tell every one of its movers
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
                continue
            for (_, future), ok in zip(batch, written, strict=True):
                if not future.done():
                    future.set_result(ok)

    async def _write(self, moves: list[Move]) -> list[bool]:
        started = time.perf_counter()
        if self._direct is not None:
            writer, lock = self._direct
            async with lock:
                written = await writer.write(moves)
        else:
            async with self._writing() as session:
                connection = await session.connection()
                written = await _write_batch(connection, moves)
                await session.commit()
        self.batches += 1
        metrics.COMMIT_SECONDS.observe(time.perf_counter() - started)
        metrics.COMMIT_BATCH.observe(len(moves))
        for move, ok in zip(moves, written, strict=True):
            if ok:
                metrics.ACTIONS.labels(move.source).inc()
        return written


# A batch costs a fixed number of statements whatever its size: one guarded UPDATE of every table row (it names the
# rows whose guard held), one executemany for the action log and one for the away flags. Per-statement overhead
# (SQLAlchemy's execution path, aiosqlite's thread hop) dominated the old one-statement-per-row path.
# The SQL is written here once per dialect and batch size, and goes to the driver as it is (``exec_driver_sql``).
# The values pass through the columns' own bind processors, so they are stored exactly as a Core UPDATE/INSERT
# stores them (tests/test_commit_batch.py compares rows written both ways).

CHUNK = 1024  # rows per guarded UPDATE: 11 parameters each stays far under SQLite's and PostgreSQL's 32 766


# A batch's statements, in order, as a generator: it yields (sql, parameters, many) and is sent each statement's
# rows back, so the SQLAlchemy connection (PostgreSQL) and the plain sqlite3 one (``SqliteWriter``) run the same
# steps. ``many``: parameters is a list of rows for executemany, and nothing is sent back.
Steps = Generator[tuple[str, Any, bool], list[Any] | None, list[bool]]


def _steps(plan: _Plan, moves: list[Move]) -> Steps:
    written = [False] * len(moves)
    for part in _rounds(moves):  # a table's moves go to separate UPDATEs, in order: each one guards the next
        for start in range(0, len(part), CHUNK):
            chunk = part[start:start + CHUNK]
            size = _bucket(len(chunk))
            rows = [plan.guarded_row(moves[n]) for n in chunk] + [plan.blank] * (size - len(chunk))
            params = tuple(value for row in rows for value in row)
            matched = {row[0] for row in (yield plan.update_sql(size), params, False) or ()}
            for n in chunk:
                written[n] = moves[n].table.id in matched
    held = [move for move, ok in zip(moves, written, strict=True) if ok]
    if held:
        yield plan.insert_sql, [plan.action_row(move) for move in held], True
        seats = [plan.seat_row(seat) for move in held for seat in move.seats]
        if seats:
            yield plan.seat_sql, seats, True
    return written


async def _write_batch(connection: AsyncConnection, moves: list[Move]) -> list[bool]:
    steps = _steps(_plan(connection.dialect), moves)
    answer: list[Any] | None = None
    while True:
        try:
            sql, params, many = steps.send(answer)
        except StopIteration as done:
            return cast(list[bool], done.value)
        result = await connection.exec_driver_sql(sql, params)
        answer = None if many else list(result)


class SqliteWriter:
    """Commits batches to a SQLite file through a connection of its own, in a thread of its own: a whole batch (its
    statements and the commit) is one hand-over from the event loop, where the session path took one per statement,
    per fetch, per commit and per return to the pool (about 1 ms of CPU per batch, most of a small batch's cost).
    The caller holds the service's write lock, so this connection never waits on the server's others; the PRAGMAs
    are the engine's (WAL, synchronous=FULL: nothing is acknowledged before it is on disk)."""

    def __init__(self, path: str, dialect: Dialect) -> None:
        self._path = path
        self._plan = _plan(dialect)
        # Its own thread and a plain queue rather than a one-thread executor: a hand-over is one queue put and one
        # call_soon_threadsafe, without the executor's and concurrent future's locks and callbacks (about 20 us of
        # CPU per batch, paid by every lone action; issue 20).
        self._jobs: queue.SimpleQueue[tuple[Callable[[], Any], asyncio.AbstractEventLoop, asyncio.Future[Any]] | None]
        self._jobs = queue.SimpleQueue()
        self._thread: threading.Thread | None = None  # started by the first call
        self._connection: sqlite3.Connection | None = None  # made and used in the thread only
        self._closed = False

    async def write(self, moves: list[Move]) -> list[bool]:
        return await self.call(lambda: self._write(moves))

    async def call(self, work: Callable[[], T]) -> T:
        """Run ``work`` in the writer's thread, where its connection lives, after the work handed over before it."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="sqlite-commits", daemon=True)
            self._thread.start()
        self._jobs.put((work, loop, future))
        return await future

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            work, loop, future = job
            try:
                outcome: tuple[Any, BaseException | None] = (work(), None)
            except BaseException as exc:  # handed to the caller, as an executor would
                outcome = (None, exc)
            del job, work
            try:
                loop.call_soon_threadsafe(_settle, future, *outcome)
            except RuntimeError:  # the loop has closed: nobody is waiting any more
                pass

    def _write(self, moves: list[Move]) -> list[bool]:
        if self._connection is None:
            self._connection = sqlite3.connect(self._path, timeout=30, isolation_level=None)
            self._connection.execute("PRAGMA synchronous=FULL")
            self._connection.execute("PRAGMA foreign_keys=ON")
        connection = self._connection
        connection.execute("BEGIN IMMEDIATE")
        try:
            steps = _steps(self._plan, moves)
            answer: list[Any] | None = None
            while True:
                try:
                    sql, params, many = steps.send(answer)
                except StopIteration as done:
                    written = cast(list[bool], done.value)
                    break
                if many:
                    connection.executemany(sql, params)
                    answer = None
                else:
                    answer = connection.execute(sql, params).fetchall()
            self._commit(connection)
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                connection.execute("ROLLBACK")
            raise
        return written

    @staticmethod
    def _commit(connection: sqlite3.Connection) -> None:
        connection.execute("COMMIT")

    def _close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._thread is None:
            return
        await self.call(self._close)
        self._jobs.put(None)  # the thread ends once the queue is done
        await asyncio.to_thread(self._thread.join)


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    """In the loop's thread: hand a job's outcome to whoever awaits it (unless they stopped waiting)."""
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


def _rounds(moves: list[Move]) -> list[list[int]]:
    """Indexes of ``moves`` in rounds where no table appears twice (in practice one round: the service holds a
    table's lock until its commit is done)."""
    rounds: list[list[int]] = []
    seen: dict[str, int] = {}
    for n, move in enumerate(moves):
        level = seen.get(move.table.id, -1) + 1
        seen[move.table.id] = level
        if level == len(rounds):
            rounds.append([])
        rounds[level].append(n)
    return rounds


def _bucket(count: int) -> int:
    """The batch size rounded up to a power of two: padded with rows that match nothing, a handful of statement
    texts serve every size (the drivers cache them prepared)."""
    return 1 << (count - 1).bit_length()


# The guarded UPDATE's row: id, guard, the play columns, then whether to write the snapshot, the state, its seq.
GUARDED = ("id", "version", *PLAY_COLUMNS, "snapshot", *SNAPSHOT_COLUMNS)
ACTION_COLUMNS = ("table_id", "seq", "seat", "action", "source", "created_at")

Processor = Callable[[Any], Any] | None


class _Plan:
    """One dialect's statements and value converters."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        # A padding row (no table has a NULL id) and the snapshot values of a move without one (the CASE keeps the
        # stored state): on SQLite as 0 where the value is never read, since sqlite3 binds an int at once but runs
        # every None through its adapter lookup, two failed attribute lookups with their errors (about 1 % of a
        # lone action, with padding). PostgreSQL casts each value to its column's type, so there they stay NULL.
        unread = 0 if dialect.name == "sqlite" else None
        self.blank = (None,) + (unread,) * (len(GUARDED) - 1)
        self.unread = (unread,) * len(SNAPSHOT_COLUMNS)
        self._tables = [_processor(dialect, TABLES.c[name].type) if name != "snapshot" else None for name in GUARDED]
        self._actions = [_processor(dialect, ACTIONS.c[name].type) for name in ACTION_COLUMNS]
        self._away = _processor(dialect, SEATS.c.away.type)
        self._updates: dict[int, str] = {}
        # PostgreSQL types a VALUES list's parameters from nothing else: each one is cast to its column's type.
        cast_types = [TABLES.c[name].type.compile(dialect=dialect) if name != "snapshot" else "INTEGER"
                      for name in GUARDED]
        self._casts = cast_types if dialect.name == "postgresql" else None
        self.insert_sql = (f"INSERT INTO actions ({', '.join(ACTION_COLUMNS)}) "
                           f"VALUES ({', '.join(self._marks(1, len(ACTION_COLUMNS)))})")
        first, second = self._marks(1, 2)
        self.seat_sql = f"UPDATE seats SET away = {first} WHERE id = {second}"

    def _marks(self, first: int, count: int) -> list[str]:
        style = self.dialect.paramstyle
        if style == "qmark":
            return ["?"] * count
        if style == "numeric_dollar":
            return [f"${n}" for n in range(first, first + count)]
        if style == "numeric":
            return [f":{n}" for n in range(first, first + count)]
        if style == "format":
            return ["%s"] * count
        raise NotImplementedError(f"paramstyle {style}")

    def update_sql(self, rows: int) -> str:
        sql = self._updates.get(rows)
        if sql is None:
            width = len(GUARDED)
            tuples = []
            for row in range(rows):
                marks = self._marks(1 + row * width, width)
                if self._casts:
                    marks = [f"CAST({mark} AS {kind})" for mark, kind in zip(marks, self._casts, strict=True)]
                tuples.append(f"({', '.join(marks)})")
            column = {name: f"v.column{n}" for n, name in enumerate(GUARDED, 1)}
            snapshot = column["snapshot"]
            sets = [f"version = {column['version']} + 1", *(f"{name} = {column[name]}" for name in PLAY_COLUMNS),
                    *(f"{name} = CASE WHEN {snapshot} = 1 THEN {column[name]} ELSE tables.{name} END"
                      for name in SNAPSHOT_COLUMNS)]
            sql = self._updates[rows] = (
                f"UPDATE tables SET {', '.join(sets)} FROM (VALUES {', '.join(tuples)}) AS v "
                f"WHERE tables.id = {column['id']} AND tables.version = {column['version']} RETURNING tables.id")
        return sql

    def guarded_row(self, move: Move) -> tuple[Any, ...]:
        table = move.table
        values = [table.id, move.version, *(getattr(table, name) for name in PLAY_COLUMNS), 1 if move.snapshot else 0]
        width = len(values)
        if move.snapshot:
            values += [getattr(table, name) for name in SNAPSHOT_COLUMNS]
        row = _process(self._tables, values)
        return row if move.snapshot else row[:width] + self.unread

    def action_row(self, move: Move) -> tuple[Any, ...]:
        return _process(self._actions, (move.table.id, move.table.seq, move.seat, move.action, move.source, move.at))

    def seat_row(self, seat: held.Seat) -> tuple[Any, ...]:
        return (self._away(seat.away) if self._away is not None else seat.away, seat.id)


def _process(processors: list[Processor], values: Sequence[Any]) -> tuple[Any, ...]:
    # Every value, None included, as SQLAlchemy binds it (JSON writes None as 'null', as the Core UPDATE did). A row
    # without its snapshot values is shorter than the processors: zip stops with it.
    return tuple(value if process is None else process(value)
                 for process, value in zip(processors, values, strict=False))


def _processor(dialect: Dialect, kind: TypeEngine[Any]) -> Processor:
    return kind.dialect_impl(dialect).bind_processor(dialect)


_PLANS: dict[str, _Plan] = {}


def _plan(dialect: Dialect) -> _Plan:
    key = f"{dialect.name}+{dialect.driver}"
    plan = _PLANS.get(key)
    if plan is None:
        plan = _PLANS[key] = _Plan(dialect)
    return plan
