"""The async engine, sessions, and migrations at start."""

from __future__ import annotations

import asyncio
import fcntl
import time
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import event, text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.pool import NullPool

ROOT = Path(__file__).resolve().parent.parent


def make_engine(url: str) -> AsyncEngine:
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        # Writers queue in TableService.writing(); readers use the pool alongside (WAL).
        engine = create_async_engine(url, connect_args={"timeout": 30})

        @event.listens_for(engine.sync_engine, "connect")
        def _pragmas(dbapi_connection, _record) -> None:  # type: ignore[no-untyped-def]
            # WAL lets readers go on while a writer commits; synchronous=FULL makes an acknowledged commit durable.
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode")
            if cursor.fetchone()[0] != "wal":
                _switch_to_wal(cursor)
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    # Connections beyond pool_size are closed when handed back, so a pool smaller than a busy worker's usual need
    # opens and closes connections all the time (a new PostgreSQL connection costs both sides a few ms: the
    # benchmark's worker opened about seven a second with 10). Enough for the commit task, reads and lobby changes
    # together; workers x (pool_size + max_overflow) must stay under the server's max_connections (100 by default).
    return create_async_engine(url, pool_size=20, max_overflow=10, pool_pre_ping=True)


def _switch_to_wal(cursor: Any) -> None:
    """Put a fresh file in WAL mode (the mode stays with the file). Switching needs the file to itself, and SQLite
    answers "locked" at once rather than waiting when another process is using it (two workers starting together on
    a fresh file): try again for a while. Only a file's first connections get here, at start."""
    deadline = time.monotonic() + 30
    while True:
        try:
            cursor.execute("PRAGMA journal_mode=WAL")
            return
        except Exception as error:  # the driver's OperationalError, however the adapter wraps it
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False)


def alembic_config(url: str) -> Config:
    config = Config(str(ROOT / "alembic.ini"))
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


MIGRATION_LOCK = 7_361_001  # PostgreSQL advisory lock key: one migrator at a time across every host


async def migrate(url: str) -> None:
    """Bring the database to the newest schema. Runs in a thread: Alembic's env starts its own event loop.

    Several processes may start at once (workers, hosts): each takes a lock first (an advisory lock on PostgreSQL, a
    file lock beside a SQLite file), so one migrates and the rest find the schema already current.
    """
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if not database or database == ":memory:":
            await asyncio.to_thread(command.upgrade, alembic_config(url), "head")
            return
        Path(database).parent.mkdir(parents=True, exist_ok=True)
        await asyncio.to_thread(_upgrade_with_file_lock, url, Path(database + ".migrate-lock"))
        return
    engine = create_async_engine(url, poolclass=NullPool)
    try:
        async with engine.connect() as connection:
            await connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
            try:
                await asyncio.to_thread(command.upgrade, alembic_config(url), "head")
            finally:
                await connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
    finally:
        await engine.dispose()


def _upgrade_with_file_lock(url: str, lock_path: Path) -> None:
    with open(lock_path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)  # released when the file closes
        command.upgrade(alembic_config(url), "head")
