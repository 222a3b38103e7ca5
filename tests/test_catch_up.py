"""A lost announcement (as on a Redis reconnect) delays viewers by one catch-up interval; it never strands them."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from tests.api.helpers import connect


@pytest.fixture
def polling_client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(dataclasses.replace(settings, catch_up_interval=0.2))) as test_client:
        yield test_client


def test_viewer_catches_up_after_a_lost_announcement(polling_client: TestClient,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    client = polling_client
    created = client.post("/api/tables", json={"game": "hidden-hands", "name": "Ann"}).json()
    tid, invite = created["table_id"], created["invite_url"].split("invite=")[1]
    bob = client.post(f"/api/tables/{tid}/join", json={"name": "Bob", "invite": invite}).json()["token"]
    host = {"Authorization": f"Bearer {created['token']}"}
    assert client.post(f"/api/tables/{tid}/start", headers=host).status_code == 200
    hub = client.app.state.service.hub
    with connect(client, f"/ws/tables/{tid}?token={bob}") as ws:
        opening = ws.receive_json()
        assert opening["type"] == "state" and opening["seq"] == 0

        async def lose(table_id: str, event: Any) -> None:
            return None  # the announcement never arrives

        monkeypatch.setattr(hub, "publish", lose)
        legal = client.get(f"/api/tables/{tid}/state", headers=host).json()["legal"]
        assert client.post(f"/api/tables/{tid}/actions", json={"action": legal[0]}, headers=host).status_code == 200
        time.sleep(1.0)  # five catch-up intervals
        ws.send_json({"type": "ping", "id": "end"})  # answered after anything already queued
        seqs = []
        for _ in range(20):
            message = ws.receive_json()
            if message["type"] == "state":
                seqs.append(message["seq"])
            if message["type"] == "pong":
                break
        assert seqs == [1]


def test_catch_up_is_on_by_default_only_with_redis() -> None:
    assert Settings(redis_url="redis://127.0.0.1:6379/0").catch_up_interval == 2.0
    assert Settings().catch_up_interval == 0.0
