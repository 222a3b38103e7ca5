"""``tabletop backup`` and ``tabletop restore``: a copy of a SQLite database taken while the server runs, and a server
started from one, with every finished game replayed and checked before anyone plays on it.

SQLite's online backup copies a consistent picture of the file page by page while the server goes on writing (WAL
lets the copy read alongside). PostgreSQL has its own tools: ``pg_dump`` and ``pg_restore`` (README, "Hosting"), and
then ``tabletop verify --all`` checks the restored games.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
from pathlib import Path

from sqlalchemy import select
from sqlalchemy.engine import make_url

from app.settings import Settings

PG_DUMP = "pg_dump --format=custom --file=PATH \"$DATABASE_URL\""
PG_RESTORE = "pg_restore --clean --if-exists --no-owner --dbname=\"$DATABASE_URL\" PATH"


class BackupError(Exception):
    """Something the operator must put right; the message says what."""


def sqlite_file(settings: Settings) -> Path:
    url = make_url(settings.database_url)
    if url.get_backend_name() != "sqlite":
        raise BackupError(f"{url.get_backend_name()} is backed up with its own tools. For PostgreSQL:\n  {PG_DUMP}\n"
                          f"and restored with\n  {PG_RESTORE}\nthen checked with: tabletop verify --all")
    if not url.database or url.database == ":memory:":
        raise BackupError("DATABASE_URL names no database file.")
    return Path(url.database)


def _copy(source: Path, target: Path) -> None:
    """SQLite's online backup of ``source`` into ``target`` (written beside it first, then renamed into place, so a
    copy cut short never passes for a whole one). The copy is one self-contained file (no WAL beside it)."""
    partial = target.with_name(target.name + ".partial")
    partial.unlink(missing_ok=True)
    reader = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
    writer = sqlite3.connect(partial)
    try:
        reader.backup(writer)
        writer.execute("PRAGMA journal_mode=DELETE")
        if writer.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            raise BackupError("The copy failed SQLite's integrity check; nothing was written.")
    finally:
        writer.close()
        reader.close()
    os.replace(partial, target)


def backup(settings: Settings, target: Path) -> str:
    source = sqlite_file(settings)
    if not source.exists():
        raise BackupError(f"There is no database at {source}.")
    if target.exists():
        raise BackupError(f"{target} exists already; name a new file.")
    _copy(source, target)
    return f"Backed up {source} to {target} ({target.stat().st_size} bytes)."


def restore(settings: Settings, source: Path) -> str:
    """Copy a backup into DATABASE_URL's place (which must not hold a database yet) and bring it to the newest
    schema. Checking its finished games is ``verify_all``."""
    target = sqlite_file(settings)
    if not source.is_file():
        raise BackupError(f"There is no backup at {source}.")
    if target.exists() and target.stat().st_size > 0:
        raise BackupError(f"{target} already holds a database. Restore into a fresh server: move it away first "
                          f"(stop the server, then keep it as a copy until the restored one is checked).")
    target.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as check:
        names = {row[0] for row in check.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not {"tables", "actions", "alembic_version"} <= names:
        raise BackupError(f"{source} is not a backup of this server's database.")
    _copy(source, target)
    from app.db import migrate

    asyncio.run(migrate(settings.database_url))
    return f"Restored {source} to {target}."


async def verify_all(settings: Settings) -> tuple[int, list[str]]:
    """Replay every finished game in the database from its seed and check its result: (games checked, failures)."""
    from app import fairness
    from app.audit import audit
    from app.db import make_engine, sessionmaker
    from app.hub import Hub
    from app.models import TableRow
    from app.rebuild import load_games
    from app.service import TableService

    engine = make_engine(settings.database_url)
    games = load_games(settings.extra_games)
    service = TableService(settings, sessionmaker(engine), games, Hub())
    failures: list[str] = []
    try:
        async with service.reading() as session:
            finished = list((await session.scalars(
                select(TableRow.id).where(TableRow.status == "finished").order_by(TableRow.id))).all())
        for table_id in finished:
            record = await audit(service, table_id)
            game = games.get(record["game"])
            if game is None:
                failures.append(f"{table_id}: unknown game {record['game']!r}")
                continue
            ok, message, _ = fairness.replay(game, record)
            if not ok:
                failures.append(f"{table_id}: {message}")
    finally:
        await engine.dispose()
    return len(finished), failures
