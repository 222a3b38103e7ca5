"""The ``tabletop`` command: ``serve`` runs the server; ``verify`` replays a finished table's log from its seed (or
every table's in the database); ``backup`` and ``restore`` copy a SQLite database out while serving and back in."""

from __future__ import annotations

import argparse
import json
import sys
import urllib.request
from typing import Any

SHUTDOWN_GRACE_S = 20


def _fetch_audit(target: str) -> dict[str, Any]:
    """Accept a table page URL (http://host/t/ID[/...]) or a path to a saved audit JSON file."""
    if target.startswith(("http://", "https://")):
        base, _, rest = target.partition("/t/")
        table_id = rest.split("/")[0].split("?")[0]
        with urllib.request.urlopen(f"{base}/api/tables/{table_id}/audit", timeout=30) as response:
            audit: dict[str, Any] = json.load(response)
            return audit
    with open(target) as handle:
        saved: dict[str, Any] = json.load(handle)
        return saved


def verify(target: str, extra_games: list[str]) -> int:
    from app import fairness
    from app.rebuild import load_games

    audit = _fetch_audit(target)
    games = load_games(extra_games)
    game = games.get(audit.get("game", ""))
    if game is None:
        print(f"Unknown game {audit.get('game')!r}; this copy knows: {', '.join(games)}", file=sys.stderr)
        return 2
    ok, message, _ = fairness.replay(game, audit)
    print(("OK: " if ok else "FAILED: ") + message)
    return 0 if ok else 1


def _metrics_directory() -> str | None:
    """Several worker processes add their metrics up through files (prometheus-client's multiprocess mode): in the
    operator's PROMETHEUS_MULTIPROC_DIR, emptied of an earlier run's files, or in a fresh temporary directory."""
    import os
    import tempfile
    from pathlib import Path

    from app.metrics import MULTIPROC_DIR

    chosen = os.environ.get(MULTIPROC_DIR)
    if chosen:
        Path(chosen).mkdir(parents=True, exist_ok=True)
        for old in Path(chosen).glob("*.db"):
            old.unlink()
        return None
    made = os.environ[MULTIPROC_DIR] = tempfile.mkdtemp(prefix="tabletop-metrics-")
    return made


def run_server(host: str, port: int, workers: int) -> int:
    """Migrate the database once, then start the workers (which then skip migrating), logging without secrets."""
    import asyncio
    import os

    import uvicorn

    from app.db import migrate
    from app.logs import log_config
    from app.settings import Settings
    from app.transport import CountedWebSocketProtocol, GuardedHttpProtocol

    settings = Settings.from_env()
    if settings.migrate_at_start:
        asyncio.run(migrate(settings.database_url))
    os.environ["MIGRATE_AT_START"] = "0"  # inherited by the workers
    made = _metrics_directory() if workers > 1 else None
    level = os.environ.get("LOG_LEVEL", "info").lower()
    logging = log_config(level, os.environ.get("LOG_FORMAT", "plain").lower() or "plain")
    # X-Forwarded-For only from the proxies the operator names (uvicorn's own default believes any local client).
    uvicorn.run("app.main:create_app", factory=True, host=host, port=port, workers=workers, log_level=level,
                log_config=logging, ws_max_size=settings.max_frame_bytes,
                http=GuardedHttpProtocol, ws=CountedWebSocketProtocol,  # request deadline, connections per address
                proxy_headers=bool(settings.forwarded_allow_ips), forwarded_allow_ips=settings.forwarded_allow_ips,
                # On SIGTERM requests in flight get this long; then the app hands its tables on and exits, inside
                # the 30 s a container manager usually allows before SIGKILL.
                timeout_graceful_shutdown=SHUTDOWN_GRACE_S)
    if made:
        import shutil

        shutil.rmtree(made, ignore_errors=True)
    return 0


def verify_every_game() -> int:
    """Replay every finished game and every live table in DATABASE_URL's database and check them."""
    import asyncio

    from app.settings import Settings
    from app.table_checks import check_all

    report = asyncio.run(check_all(Settings.from_env()))
    for _, failure in report.failures:
        print(f"FAILED: {failure}", file=sys.stderr)
    print(report.summary())
    return 1 if report.failures else 0


def backup_or_restore(command: str, path: str) -> int:
    from pathlib import Path

    from app import backup
    from app.settings import Settings

    settings = Settings.from_env()
    try:
        if command == "backup":
            print(backup.backup(settings, Path(path)))
        else:
            print(backup.restore(settings, Path(path)))
    except backup.RestoreRefused as refused:
        for _, failure in refused.report.failures:
            print(f"FAILED: {failure}", file=sys.stderr)
        print(refused, file=sys.stderr)
        return 1
    except backup.BackupError as exc:
        print(exc, file=sys.stderr)
        return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tabletop", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the server")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1)
    check = sub.add_parser("verify", help="replay a finished table from its seed and check its result")
    check.add_argument("target", nargs="?", help="the table's URL, or a saved audit JSON file")
    check.add_argument("--all", action="store_true",
                       help="every finished game and live table in DATABASE_URL's database")
    check.add_argument("--extra-game", action="append", default=[], help="module:attribute of an extra game")
    save = sub.add_parser("backup", help="copy the SQLite database while the server runs (PostgreSQL: pg_dump)")
    save.add_argument("path", help="the new file to write")
    back = sub.add_parser("restore", help="start a fresh database from a backup, once every table in it is verified")
    back.add_argument("path", help="a file `tabletop backup` wrote")
    args = parser.parse_args(argv)
    if args.command == "serve":
        return run_server(args.host, args.port, args.workers)
    if args.command in ("backup", "restore"):
        return backup_or_restore(args.command, args.path)
    if args.all:
        return verify_every_game()
    if args.target is None:
        parser.error("verify needs a table's URL or an audit file, or --all")
    return verify(args.target, args.extra_game)


if __name__ == "__main__":
    raise SystemExit(main())
