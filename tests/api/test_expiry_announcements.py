"""The expiry sweep announces each deleted table on the hub: one announcement that fails (Redis down) is logged in a
line and the others still go out."""

from __future__ import annotations

import logging
import sqlite3
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.expiry import expire_tables
from app.settings import Settings
from app.timing import now
from tests.api.helpers import create, db_path


def test_one_failed_announcement_does_not_silence_the_rest(client: TestClient, settings: Settings,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           caplog: pytest.LogCaptureFixture) -> None:
    tables = [create(client, name).table_id for name in ("Alice", "Bea", "Cy")]
    with sqlite3.connect(db_path(settings)) as connection:
        past = (now() - timedelta(hours=settings.lobby_ttl_hours + 1)).strftime("%Y-%m-%d %H:%M:%S.%f")
        connection.execute("UPDATE tables SET updated_at = ?", (past,))
    service = client.app.state.service  # type: ignore[attr-defined]
    real = service.hub.publish
    announced: list[str] = []

    async def publish(table_id: str, message: dict[str, Any]) -> None:
        if message.get("kind") == "gone":
            if not announced:
                announced.append("failed")
                raise ConnectionError("the bus is down")
            announced.append(table_id)
        await real(table_id, message)

    monkeypatch.setattr(service.hub, "publish", publish)
    assert client.portal is not None
    with caplog.at_level(logging.WARNING):
        assert client.portal.call(expire_tables, service, settings) == 3
    # The two after the failure went out.
    assert len(announced) == 3 and announced[0] == "failed" and set(announced[1:]) < set(tables)
    warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1 and "the bus is down" in warnings[0].getMessage()
    assert warnings[0].exc_info is None  # one line, no traceback
