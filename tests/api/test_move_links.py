"""Move my tables to another device: one link carries every seat token and spectator key of a browser, once, for 24
hours. The code rides in the link's fragment; the server keeps only its hash and the credentials sealed under it."""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

import app.timing
from app.expiry import expire_tables
from app.settings import Settings
from tests.api.helpers import assert_error, auth, create, db_rows, join, new_game

CODE_LENGTH = 32


def code_of(url: str) -> str:
    path, _, code = url.partition("#")
    assert path.endswith("/move") and len(code) == CODE_LENGTH, url
    return code


def make(client: TestClient, tables: list[dict[str, Any]]) -> Any:
    return client.post("/api/move-links", json={"tables": tables})


def claim(client: TestClient, code: str) -> Any:
    return client.post("/api/move-links/claim", json={"code": code})


def rows(settings: Settings) -> list[tuple[Any, ...]]:
    return db_rows(settings, "SELECT code_hash, sealed, state FROM move_links ORDER BY id")


def test_a_move_link_carries_every_seat_and_spectator_link_once(client: TestClient, settings: Settings) -> None:
    one = new_game(client, humans=2)
    two = create(client, "Bea")
    bob = join(client, two, "Bob")
    watched = create(client, "Cid")
    held = [{"table_id": one.table_id, "token": one.tokens[1]},
            {"table_id": two.table_id, "token": two.tokens[bob]},
            {"table_id": watched.table_id, "spectate": watched.spectate}]
    made = make(client, held)
    assert made.status_code == 200, made.text
    body = made.json()
    code = code_of(body["url"])
    assert body["tables"] == [one.table_id, two.table_id, watched.table_id] and body["left_out"] == []
    assert body["qr_svg"].startswith("<svg") and "</svg>" in body["qr_svg"]
    expires = datetime.fromisoformat(body["expires_at"])
    assert timedelta(hours=23, minutes=59) < expires - datetime.now(UTC) <= timedelta(hours=24)
    # The database holds neither the code nor any credential it carries.
    stored = str(rows(settings))
    assert code not in stored and all(secret not in stored for secret in (one.tokens[1], two.tokens[bob],
                                                                              watched.spectate))

    first = claim(client, code)
    assert first.status_code == 200, first.text
    assert first.json() == {"tables": held, "gone": []}
    # Every credential it gave works at its table.
    assert client.get(f"{one.url}/state", headers=auth(first.json()["tables"][0]["token"])).json()["you"]["seat"] == 1
    message = assert_error(claim(client, code), 410, "link_used")
    assert "already used" in message
    # Spent: the sealed credentials are gone too.
    assert [(sealed, state) for _, sealed, state in rows(settings)] == [("", "used")]


def test_credentials_that_no_longer_work_are_left_out_and_named(client: TestClient) -> None:
    good = create(client)
    lobby = create(client, "Bea")
    seat = join(client, lobby, "Bob")
    bob = lobby.tokens[seat]
    held = [{"table_id": good.table_id, "token": good.tokens[0]},
            {"table_id": lobby.table_id, "token": bob},
            {"table_id": "no-such-table", "token": "A" * 32},
            {"table_id": good.table_id + "x", "spectate": "nope"}]
    assert client.post(f"{lobby.url}/leave", headers=auth(bob)).status_code == 200
    body = make(client, held).json()
    assert body["tables"] == [good.table_id]
    assert body["left_out"] == [lobby.table_id, "no-such-table", good.table_id + "x"]

    # A seat that goes between making and claiming is named, not handed over.
    seat = join(client, lobby, "Bob")
    bob = lobby.tokens[seat]
    code = code_of(make(client, [{"table_id": good.table_id, "token": good.tokens[0]},
                                 {"table_id": lobby.table_id, "token": bob}]).json()["url"])
    assert client.post(f"{lobby.url}/leave", headers=auth(bob)).status_code == 200
    assert claim(client, code).json() == {"tables": [{"table_id": good.table_id, "token": good.tokens[0]}],
                                          "gone": [lobby.table_id]}


def test_refusals_change_nothing(client: TestClient, settings: Settings) -> None:
    table = create(client)
    wrong = [{"table_id": table.table_id, "token": "A" * 32}, {"table_id": table.table_id, "spectate": "B" * 16}]
    assert_error(make(client, wrong[:1]), 422, "nothing_to_move")
    assert_error(make(client, []), 422, "nothing_to_move")
    assert_error(make(client, wrong), 422, "bad_request")  # one table named twice
    assert_error(make(client, [{"table_id": table.table_id}] * 101), 422, "bad_request")
    assert_error(client.post("/api/move-links", json={"tables": [{"table_id": 5}]}), 422, "bad_request")
    assert rows(settings) == []

    code = code_of(make(client, [{"table_id": table.table_id, "token": table.tokens[0]}]).json()["url"])
    before = rows(settings)
    assert_error(claim(client, "A" * 32), 403, "bad_link")
    assert_error(claim(client, code[:-1]), 403, "bad_link")
    assert_error(claim(client, table.tokens[0]), 403, "bad_link")
    assert_error(client.post("/api/move-links/claim", json={"code": 5}), 422, "bad_request")
    assert_error(client.post(f"/api/move-links/claim?code={code}", json={}), 422, "bad_request")
    assert rows(settings) == before
    assert claim(client, code).status_code == 200  # refused codes used nothing up


def test_a_move_link_expires_after_24_hours(client: TestClient, settings: Settings,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    table = create(client)
    code = code_of(make(client, [{"table_id": table.table_id, "token": table.tokens[0]}]).json()["url"])
    before = rows(settings)
    monkeypatch.setattr(app.timing, "_clock", lambda: datetime.now(UTC) + timedelta(hours=24, seconds=1))
    assert "24 hours" in assert_error(claim(client, code), 410, "link_expired")
    assert rows(settings) == before
    # Just inside its day, it still works.
    monkeypatch.setattr(app.timing, "_clock", lambda: datetime.now(UTC) + timedelta(hours=23, minutes=59))
    assert claim(client, code).status_code == 200


def test_expired_move_links_are_deleted_as_new_ones_are_made(client: TestClient, settings: Settings,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    table = create(client)
    held = [{"table_id": table.table_id, "token": table.tokens[0]}]
    make(client, held)
    monkeypatch.setattr(app.timing, "_clock", lambda: datetime.now(UTC) + timedelta(hours=25))
    make(client, held)
    assert [state for _, _, state in rows(settings)] == ["open"]


def test_making_and_claiming_are_rate_limited(settings: Settings) -> None:
    from app.main import create_app

    settings.link_rate = (2, 60.0)
    with TestClient(create_app(settings)) as client:
        table = create(client)
        held = [{"table_id": table.table_id, "token": table.tokens[0]}]
        code = code_of(make(client, held).json()["url"])
        assert_error(claim(client, "A" * 32), 403, "bad_link")
        assert_error(claim(client, code), 429, "rate_limited")
        assert_error(make(client, held), 429, "rate_limited")


def test_the_code_never_reaches_the_log(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    table = create(client)
    made = make(client, [{"table_id": table.table_id, "token": table.tokens[0]}]).json()
    code = code_of(made["url"])
    client.get("/move")
    claim(client, code)
    claim(client, code)
    text = caplog.text
    assert code not in text and table.tokens[0] not in text


def test_the_expiry_sweep_deletes_lapsed_move_links(client: TestClient, settings: Settings,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    table = create(client)
    make(client, [{"table_id": table.table_id, "token": table.tokens[0]}])
    service = client.app.state.service  # type: ignore[attr-defined]
    assert client.portal is not None
    client.portal.call(expire_tables, service, settings)
    assert len(rows(settings)) == 1  # still good: kept
    monkeypatch.setattr(app.timing, "_clock", lambda: datetime.now(UTC) + timedelta(hours=24, seconds=1))
    client.portal.call(expire_tables, service, settings)
    assert rows(settings) == []


def test_of_two_claims_at_once_one_wins(client: TestClient) -> None:
    table = create(client)
    code = code_of(make(client, [{"table_id": table.table_id, "token": table.tokens[0]}]).json()["url"])
    with ThreadPoolExecutor(2) as pool:
        statuses = sorted(pool.map(lambda _: claim(client, code).status_code, range(2)))
    assert statuses == [200, 410]
