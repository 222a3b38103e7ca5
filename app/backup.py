"""``tabletop backup`` and ``tabletop restore``: a copy of a SQLite database taken while the server runs, and a server
started from one, put in place only once every table in it has been replayed and checked.

SQLite's online backup copies a consistent picture of the file page by page while the server goes on writing (WAL
lets the copy read alongside). A restore works on a copy beside its target and renames it into place at the end, so
a backup that fails a check never lies where ``serve`` would start on it.

PostgreSQL has its own tools: ``pg_dump`` and ``pg_restore`` (README, "Hosting"), and then ``tabletop verify --all``
runs the same checks on the restored database.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import os
import shutil
import sqlite3
from dataclasses import replace
from pathlib import Path

from sqlalchemy.engine import make_url

from app.settings import Settings, seal_key_bytes
from app.table_checks import Report, check_all

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


BACKUP_MODE = 0o600  # a backup holds the push signing key, subscription secrets and account data


def _side_files(database: Path) -> list[Path]:
    """The files SQLite (and our migrations' lock) may leave beside a database file."""
    return [database.with_name(database.name + suffix) for suffix in ("-wal", "-shm", "-journal", ".migrate-lock")]


def _remove(database: Path) -> None:
    for path in (database, *_side_files(database)):
        path.unlink(missing_ok=True)


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


def _integrity(database: Path, named: Path, refusal: str) -> None:
    """SQLite's integrity check of ``database`` (a copy of ``named``): BackupError, ending in ``refusal``, for a file
    that is no database or one that fails it."""
    try:
        with contextlib.closing(sqlite3.connect(database)) as db:
            db.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            verdict = db.execute("PRAGMA integrity_check").fetchone()[0]
    except sqlite3.DatabaseError as exc:  # not a database at all, or too damaged to read
        if "malformed" in str(exc):
            raise BackupError(f"{named} fails SQLite's integrity check ({_one_line(exc)}); {refusal}") from None
        raise BackupError(f"{named} is not a SQLite database ({_one_line(exc)}); {refusal}") from None
    if verdict != "ok":
        raise BackupError(f"{named} fails SQLite's integrity check ({_one_line(Exception(verdict))}); {refusal}")


def _private_file(path: Path) -> None:
    """A new empty file readable by its owner alone, before anything secret is written into it."""
    _remove(path)
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, BACKUP_MODE))


def _copy(source: Path, target: Path, refusal: str) -> None:
    """SQLite's online backup of ``source`` into ``target`` (written beside it first, then renamed into place, so a
    copy cut short never passes for a whole one). The copy is one self-contained file (no WAL beside it), readable by
    its owner alone from the start. A source that is no database, or a copy that fails SQLite's integrity check,
    raises BackupError (``refusal`` ends its message) and leaves nothing."""
    partial = target.with_name(target.name + ".partial")
    _private_file(partial)
    try:
        try:
            reader = sqlite3.connect(f"file:{source}?mode=ro", uri=True, timeout=30)
            writer = sqlite3.connect(partial)
            try:
                reader.backup(writer)
            finally:
                writer.close()
                reader.close()
        except sqlite3.DatabaseError as exc:
            raise BackupError(f"{source} is not a SQLite database ({_one_line(exc)}); {refusal}") from None
        _integrity(partial, source, refusal)
        os.chmod(partial, BACKUP_MODE)
        os.replace(partial, target)
    finally:
        _remove(partial)


def signature_file(backup: Path) -> Path:
    return backup.with_name(backup.name + ".sig")


def _signing_key(settings: Settings) -> bytes | None:
    """The key backups are signed with: derived from SEAL_KEY, which lives outside the database (and so outside every
    backup of it); None without SEAL_KEY (a key kept in the database would be in the backup it signs)."""
    key = seal_key_bytes(settings.seal_key) if settings.seal_key else None
    return hashlib.sha256(b"tabletop backup signature\0" + key).digest() if key else None


def _sign(path: Path, key: bytes) -> str:
    mac = hmac.new(key, digestmod=hashlib.sha256)
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 16), b""):
            mac.update(block)
    return mac.hexdigest()


def backup(settings: Settings, target: Path) -> str:
    source = sqlite_file(settings)
    if not source.exists():
        raise BackupError(f"There is no database at {source}.")
    key = _signing_key(settings)
    for path in (target, signature_file(target)) if key else (target,):
        if path.exists():
            raise BackupError(f"{path} exists already; name a new file.")
    _copy(source, target, "no backup was written.")
    signed = ""
    if key:
        sig = signature_file(target)
        try:
            _private_file(sig)
            sig.write_text(_sign(target, key) + "\n")
        except BaseException:  # a backup under SEAL_KEY without its signature would only be refused later
            target.unlink(missing_ok=True)
            sig.unlink(missing_ok=True)
            raise
        signed = f", signed under SEAL_KEY in {sig}"
    return f"Backed up {source} to {target} ({target.stat().st_size} bytes, readable by its owner only{signed})."


class RestoreRefused(BackupError):
    """The backup opened but did not pass its checks: every failure, and the counts."""

    def __init__(self, report: Report) -> None:
        super().__init__(f"{report.summary()} Nothing was restored.")
        self.report = report


def _check_signature(staged: Path, source: Path, key: bytes, refusal: str) -> None:
    sig = signature_file(source)
    try:
        claimed = sig.read_text().strip()
    except FileNotFoundError:
        raise BackupError(f"{source} has no signature ({sig}) though SEAL_KEY is set, and backups taken under it are "
                          f"signed: it was taken without SEAL_KEY, or its signature was removed (to restore it all the "
                          f"same, run restore with SEAL_KEY unset); {refusal}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BackupError(f"{sig} cannot be read ({_one_line(exc)}); {refusal}") from None
    if not hmac.compare_digest(claimed.encode(), _sign(staged, key).encode()):
        raise BackupError(f"{source} does not match its signature ({sig}) under SEAL_KEY: it was changed after the "
                          f"backup was taken, or taken under another key; {refusal}")


def restore(settings: Settings, source: Path) -> str:
    """Put a backup into DATABASE_URL's place (which must not hold a database yet), only once a copy of it beside
    the target has passed every check: its signature (when SEAL_KEY is set), SQLite's integrity check, migrations to
    the newest schema, every finished game replayed and verified and every live table replayed to its stored state
    (``app.table_checks``)."""
    target = sqlite_file(settings)
    if not source.is_file():
        raise BackupError(f"There is no backup at {source}.")
    if target.exists() and target.stat().st_size > 0:
        raise BackupError(f"{target} already holds a database. Restore into a fresh server: move it away first "
                          f"(stop the server, then keep it as a copy until the restored one is checked).")
    made_parent = not target.parent.exists()
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = target.with_name(target.name + ".restoring")
    _remove(staging)  # left by a restore that was killed
    refusal = "nothing was restored."
    key = _signing_key(settings)
    try:
        if key:
            # Signed: the very bytes the signature covers are the ones restored (a plain copy; nothing beside the
            # file, such as a journal, is read), and every later check runs on them.
            _private_file(staging)
            try:
                shutil.copyfile(source, staging)
            except OSError as exc:
                raise BackupError(f"{source} cannot be read ({_one_line(exc)}); {refusal}") from None
            _check_signature(staging, source, key, refusal)
            _integrity(staging, source, refusal)
        else:
            _copy(source, staging, refusal)  # SQLite's own reading, with any WAL beside the file
        with contextlib.closing(sqlite3.connect(staging)) as check:
            names = {row[0] for row in check.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not {"tables", "actions", "alembic_version"} <= names:
            raise BackupError(f"{source} is not a backup of this server's database; {refusal}")
        staged = replace(settings, database_url=make_url(settings.database_url).set(database=str(staging))
                         .render_as_string(hide_password=False))
        from app.db import migrate

        try:
            asyncio.run(migrate(staged.database_url))
        except Exception as exc:  # an unknown revision, a schema our migrations cannot take
            raise BackupError(f"{source} could not be brought to the newest schema ({_one_line(exc)}); "
                              f"{refusal}") from None
        try:
            report = asyncio.run(check_all(staged))
        except Exception as exc:  # rows our code cannot even read: as refused as rows that do not replay
            raise BackupError(f"{source} could not be checked ({type(exc).__name__}: {_one_line(exc)}); "
                              f"{refusal}") from None
        if report.failures:
            raise RestoreRefused(report)
        with contextlib.closing(sqlite3.connect(staging)) as settle:
            settle.execute("PRAGMA journal_mode=DELETE")  # the checks' WAL folded in: one file to move
        os.chmod(staging, BACKUP_MODE)
        os.replace(staging, target)
    except BaseException:
        if made_parent:
            with contextlib.suppress(OSError):
                _remove(staging)
                target.parent.rmdir()
        raise
    finally:
        _remove(staging)
    return f"Restored {source} to {target}. {report.summary()}"

