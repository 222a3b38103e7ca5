"""The ``tabletop`` command: ``serve`` runs the server; ``verify`` replays a finished table's log from its seed."""

from __future__ import annotations

import argparse
import json
import sys
import urllib.request
from typing import Any


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
    level = os.environ.get("LOG_LEVEL", "info").lower()
    # X-Forwarded-For only from the proxies the operator names (uvicorn's own default believes any local client).
    uvicorn.run("app.main:create_app", factory=True, host=host, port=port, workers=workers, log_level=level,
                log_config=log_config(level), ws_max_size=settings.max_frame_bytes,
                http=GuardedHttpProtocol, ws=CountedWebSocketProtocol,  # request deadline, connections per address
                proxy_headers=bool(settings.forwarded_allow_ips), forwarded_allow_ips=settings.forwarded_allow_ips)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tabletop", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the server")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1)
    check = sub.add_parser("verify", help="replay a finished table from its seed and check its result")
    check.add_argument("target", help="the table's URL, or a saved audit JSON file")
    check.add_argument("--extra-game", action="append", default=[], help="module:attribute of an extra game")
    args = parser.parse_args(argv)
    if args.command == "serve":
        return run_server(args.host, args.port, args.workers)
    return verify(args.target, args.extra_game)


if __name__ == "__main__":
    raise SystemExit(main())
