"""/healthz and /readyz: the process answers; it is ready only while its database answers at the newest schema."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from app.main import create_app
from app.settings import Settings
from tests.support.relay import Relay
from tests.test_multiworker import PG, _admin, _need_services


def test_healthz_and_readyz_answer(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.json() == {"status": "ready", "checks": {"database": "ok"}}


def test_readyz_fails_while_the_schema_is_behind(client: TestClient, settings: Settings) -> None:
    async def set_version(value: str) -> str:
        engine = create_async_engine(settings.database_url)
        async with engine.begin() as conn:
            old = (await conn.execute(text("SELECT version_num FROM alembic_version"))).scalar_one()
            await conn.execute(text("UPDATE alembic_version SET version_num = :v"), {"v": value})
        await engine.dispose()
        return str(old)

    head = asyncio.run(set_version("0001"))
    behind = client.get("/readyz")
    assert behind.status_code == 503
    assert behind.json()["checks"]["database"] == "schema not at the newest migration"
    asyncio.run(set_version(head))
    assert client.get("/readyz").status_code == 200


def _wait_for_status(client: TestClient, status: int, within: float) -> dict[str, object]:
    end = time.monotonic() + within
    while True:
        answer = client.get("/readyz")
        if answer.status_code == status:
            body: dict[str, object] = answer.json()
            return body
        assert time.monotonic() < end, (answer.status_code, answer.text)
        time.sleep(0.1)


@pytest.fixture
def pg_through_relay(settings: Settings) -> Iterator[tuple[Settings, Relay]]:
    _need_services()
    name = f"tabletop_ready_{secrets.token_hex(4)}"
    _admin(f'CREATE DATABASE "{name}"')
    relay = Relay(("127.0.0.1", 5432))
    relay.up()
    user = PG.split("://", 1)[1].split("@")[0]
    settings.database_url = f"postgresql+asyncpg://{user}@127.0.0.1:{relay.port}/{name}"
    try:
        yield settings, relay
    finally:
        relay.down()
        _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_readyz_fails_while_the_database_is_down_and_recovers(pg_through_relay: tuple[Settings, Relay]) -> None:
    settings, relay = pg_through_relay
    with TestClient(create_app(settings)) as client:
        assert client.get("/readyz").status_code == 200
        relay.down()
        down = _wait_for_status(client, 503, within=10)
        assert str(down["checks"]).startswith("{'database': 'unreachable") or "no answer" in str(down["checks"])
        assert client.get("/healthz").status_code == 200  # the process still answers
        relay.up()
        _wait_for_status(client, 200, within=10)


def test_readyz_fails_while_redis_is_down_and_recovers(settings: Settings) -> None:
    _need_services()
    relay = Relay(("127.0.0.1", 6379))
    relay.up()
    settings.redis_url = f"redis://127.0.0.1:{relay.port}/0"
    try:
        with TestClient(create_app(settings)) as client:
            ready = client.get("/readyz")
            assert ready.status_code == 200 and ready.json()["checks"] == {"database": "ok", "redis": "ok"}
            relay.down()
            down = _wait_for_status(client, 503, within=10)
            assert down["checks"]["database"] == "ok" and down["checks"]["redis"] != "ok"  # type: ignore[index]
            assert client.get("/healthz").status_code == 200
            relay.up()
            _wait_for_status(client, 200, within=15)
    finally:
        relay.down()
