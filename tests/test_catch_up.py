"""A lost announcement (as on a Redis reconnect) delays viewers by one catch-up interval; it never strands them."""

from __future__ import annotations

import contextlib
import dataclasses
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from tests.api.helpers import connect, recv_until


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
        seen: list[dict[str, Any]] = []
        caught_up = recv_until(ws, lambda m: m["type"] == "state", timeout=30, seen=seen)  # a catch-up's work
        assert caught_up["seq"] == 1
        ws.send_json({"type": "ping", "id": "end"})  # answered after anything already queued
        recv_until(ws, lambda m: m["type"] == "pong", seen=seen)
        assert [m["seq"] for m in seen if m["type"] == "state"] == [1]  # told once


def test_catch_up_is_on_by_default_only_with_redis() -> None:
    assert Settings(redis_url="redis://127.0.0.1:6379/0").catch_up_interval == 2.0
    assert Settings().catch_up_interval == 0.0


def test_the_poll_reads_no_table_whose_viewers_are_current(polling_client: TestClient,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """One query for every live table's version per interval; a table is read again only when its viewers are
    behind the database (each read rebuilt the table: with hundreds of live tables, most of a worker's time)."""
    client = polling_client
    service = client.app.state.service
    watched = []  # (table id, spectator key)
    for _ in range(3):
        created = client.post("/api/tables", json={"game": "hidden-hands", "name": "Ann"}).json()
        tid, invite = created["table_id"], created["invite_url"].split("invite=")[1]
        client.post(f"/api/tables/{tid}/join", json={"name": "Bob", "invite": invite})
        assert client.post(f"/api/tables/{tid}/start",
                           headers={"Authorization": f"Bearer {created['token']}"}).status_code == 200
        watched.append((tid, created["spectate_url"].split("key=")[1]))
    reads: list[str] = []
    polls: list[int] = []
    load_held, versions = service._load_held, service.versions

    async def counted_read(table_id: str) -> Any:
        reads.append(table_id)
        return await load_held(table_id)

    async def counted_poll(table_ids: list[str]) -> dict[str, int]:
        polls.append(len(table_ids))
        return await versions(table_ids)

    def wait_for_polls(count: int) -> None:
        end = time.monotonic() + 10
        while len(polls) < count and time.monotonic() < end:
            time.sleep(0.05)
        assert len(polls) >= count

    with contextlib.ExitStack() as stack:
        for tid, key in watched:
            ws = stack.enter_context(connect(client, f"/ws/tables/{tid}?spectate={key}"))
            assert ws.receive_json()["type"] == "state"
            while ws.receive_json()["type"] != "presence":  # the join's last message: it is over
                pass
        monkeypatch.setattr(service, "versions", counted_poll)
        # Reads are counted from the second poll on: the first may have begun while a spectator was still joining.
        wait_for_polls(2)
        monkeypatch.setattr(service, "_load_held", counted_read)
        wait_for_polls(5)  # three more polls, each of the three live tables
        assert max(polls) == len(watched)
        assert reads == []
