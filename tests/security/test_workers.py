"""Several workers on a fresh database: migrations run once, under a lock, before the workers start; a second server
starting at the same moment finds the schema ready instead of stopping with a duplicate-table error."""

from __future__ import annotations

import secrets
import threading
from pathlib import Path

import httpx

from tests.conftest import ServerProcess, server_env
from tests.test_multiworker import PG, REDIS, _admin, _need_services


def _start_together(servers: list[ServerProcess]) -> None:
    errors: list[BaseException] = []

    def start(server: ServerProcess) -> None:
        try:
            server.start()
        except BaseException as exc:  # reported below, with the log
            errors.append(exc)

    threads = [threading.Thread(target=start, args=(s,)) for s in servers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    logs = "\n".join(s.log_path.read_text() for s in servers if s.log_path and s.log_path.exists())
    assert not errors, f"{errors}\n{logs[-3000:]}"
    assert "UniqueViolation" not in logs and "already exists" not in logs and "Traceback" not in logs, logs[-3000:]


def _share_a_table(a: ServerProcess, b: ServerProcess) -> None:
    created = httpx.post(f"{a.url}/api/tables", json={"game": "hidden-hands", "name": "Alice"}, timeout=10).json()
    seen = httpx.get(f"{b.url}/api/tables/{created['table_id']}", timeout=10)
    assert seen.status_code == 200 and seen.json()["seats"][0]["name"] == "Alice"


def test_two_servers_of_two_workers_start_on_a_fresh_postgres_database(tmp_path: Path) -> None:
    _need_services()
    name = f"tabletop_fresh_{secrets.token_hex(4)}"
    _admin(f'CREATE DATABASE "{name}"')
    env = server_env(tmp_path, DATABASE_URL=f"{PG}/{name}", REDIS_URL=REDIS)
    servers = [ServerProcess(env, log_path=tmp_path / f"{n}.log", args=["--workers", "2"]) for n in "ab"]
    try:
        _start_together(servers)
        _share_a_table(*servers)
        for _ in range(6):  # requests land on both workers of each server
            _share_a_table(servers[1], servers[0])
    finally:
        for s in servers:
            s.stop()
        _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_two_servers_start_on_a_fresh_sqlite_file(tmp_path: Path) -> None:
    env = server_env(tmp_path)
    servers = [ServerProcess(env, log_path=tmp_path / f"{n}.log") for n in "ab"]
    try:
        _start_together(servers)
        _share_a_table(*servers)
    finally:
        for s in servers:
            s.stop()
