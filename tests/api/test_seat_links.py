"""Seat links: a link carries a one-time claim code, never the seat's token. The seat page trades the code for the
token once (``POST …/claim``); a second use, an expired code, a code replaced by a newer link and a code whose seat
is gone are refused, each with its own error, and change nothing."""

from __future__ import annotations

import sqlite3
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

from fastapi.testclient import TestClient

from app.links import KEPT_CLOSED
from app.settings import Settings
from app.timing import now
from tests.api.helpers import assert_error, auth, create, db_path, db_rows, join, snapshot

SEAT_URL_CODE_LENGTH = 32


def code_of(seat_url: str) -> str:
    path, _, code = seat_url.partition("#")
    assert path.endswith("/seat") and code, seat_url
    return code


def claim(client: TestClient, table_id: str, code: str):  # type: ignore[no-untyped-def]
    return client.post(f"/api/tables/{table_id}/claim", json={"code": code})


def fresh_link(client: TestClient, table_id: str, token: str) -> dict[str, str]:
    response = client.post(f"/api/tables/{table_id}/seat-link", headers=auth(token))
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def link_rows(settings: Settings) -> list[tuple[str, str]]:
    return db_rows(settings, "SELECT code_hash, state FROM seat_links ORDER BY id")  # type: ignore[return-value]


def test_a_seat_link_carries_a_claim_code_not_the_token(client: TestClient, settings: Settings) -> None:
    table = create(client)
    seat_url = table.created["seat_url"]
    code = code_of(seat_url)
    assert table.tokens[0] not in seat_url
    assert len(code) == SEAT_URL_CODE_LENGTH
    # Stored hashed, like tokens: the database never holds the code itself.
    assert all(code not in str(row) for row in db_rows(settings, "SELECT * FROM seat_links"))
    assert all(table.tokens[0] not in str(row) for row in db_rows(settings, "SELECT * FROM seat_links"))

    joined = client.post(f"{table.url}/join", json={"name": "Bob", "invite": table.invite}).json()
    assert joined["token"] not in joined["seat_url"]


def test_a_claim_code_works_once(client: TestClient, settings: Settings) -> None:
    table = create(client)
    join(client, table, "Bob")
    code = code_of(table.created["seat_url"])

    first = claim(client, table.table_id, code)
    assert first.status_code == 200, first.text
    assert first.json() == {"seat": 0, "token": table.tokens[0]}

    before, rows = snapshot(client, table), link_rows(settings)
    message = assert_error(claim(client, table.table_id, code), 410, "link_used")
    assert "already used, perhaps on another device, or by this browser a moment ago" in message
    assert "new link" in message
    assert snapshot(client, table) == before and link_rows(settings) == rows


def test_a_code_is_good_only_at_its_own_table(client: TestClient) -> None:
    one, two = create(client), create(client, "Bea")
    assert_error(claim(client, two.table_id, code_of(one.created["seat_url"])), 403, "bad_link")
    assert_error(claim(client, one.table_id, "A" * 32), 403, "bad_link")
    assert_error(claim(client, one.table_id, one.tokens[0]), 403, "bad_link")  # an old-style link: the token
    assert_error(claim(client, "no-such-table", "A" * 32), 404, "unknown_table")
    assert_error(client.post(f"{one.url}/claim", json={"code": 5}), 422, "bad_request")
    assert_error(client.post(f"{one.url}/claim?code=x", json={}), 422, "bad_request")  # the body, never the URL
    # Refused codes use nothing up: the real one still works.
    assert claim(client, one.table_id, code_of(one.created["seat_url"])).status_code == 200


def test_a_fresh_link_replaces_older_unused_ones(client: TestClient, settings: Settings) -> None:
    table = create(client)
    join(client, table, "Bob")
    older = code_of(table.created["seat_url"])
    bobs = code_of(fresh_link(client, table.table_id, table.tokens[1])["seat_url"])
    made = fresh_link(client, table.table_id, table.tokens[0])
    newer = code_of(made["seat_url"])
    assert newer != older and table.tokens[0] not in made["seat_url"]
    assert made["seat_url"] == f"http://testserver/t/{table.table_id}/seat#{newer}"
    hours = (datetime.fromisoformat(made["expires_at"]) - now()) / timedelta(hours=1)
    assert 23.9 < hours <= 24

    rows = link_rows(settings)
    assert_error(claim(client, table.table_id, older), 410, "link_replaced")
    assert link_rows(settings) == rows
    assert claim(client, table.table_id, newer).json() == {"seat": 0, "token": table.tokens[0]}
    # Another seat's links are its own business.
    assert claim(client, table.table_id, bobs).json() == {"seat": 1, "token": table.tokens[1]}


def test_a_fresh_link_needs_the_seat_s_own_token(client: TestClient) -> None:
    table = create(client)
    assert_error(client.post(f"{table.url}/seat-link"), 401, "no_credentials")
    assert_error(client.post(f"{table.url}/seat-link", headers=auth("A" * 32)), 401, "bad_token")
    assert_error(client.post(f"{table.url}/seat-link", params={"spectate": table.spectate}), 401, "no_credentials")
    assert claim(client, table.table_id, code_of(table.created["seat_url"])).status_code == 200


def test_an_expired_code_is_refused(client: TestClient, settings: Settings) -> None:
    table = create(client)
    code = code_of(table.created["seat_url"])
    with sqlite3.connect(db_path(settings)) as connection:
        past = (now() - timedelta(seconds=1)).strftime("%Y-%m-%d %H:%M:%S.%f")
        connection.execute("UPDATE seat_links SET expires_at = ?", (past,))
    rows = link_rows(settings)
    assert_error(claim(client, table.table_id, code), 410, "link_expired")
    assert link_rows(settings) == rows


def test_a_removed_seat_s_code_is_refused_and_deleted(client: TestClient, settings: Settings) -> None:
    table = create(client)
    join(client, table, "Bob")
    join(client, table, "Cara")
    bob = code_of(fresh_link(client, table.table_id, table.tokens[1])["seat_url"])
    cara = code_of(fresh_link(client, table.table_id, table.tokens[2])["seat_url"])
    assert client.delete(f"{table.url}/seats/1", headers=table.host).status_code == 200
    assert_error(claim(client, table.table_id, bob), 403, "bad_link")
    # Cara moved into seat 1: her link still names her own seat row.
    assert claim(client, table.table_id, cara).json() == {"seat": 1, "token": table.tokens[2]}
    assert client.post(f"{table.url}/leave", headers=auth(table.tokens[2])).status_code == 200
    # Bob's and Cara's links went with their seats: only the host's, from creating the table, is left.
    assert len(link_rows(settings)) == 1




def test_used_and_replaced_links_keep_no_sealed_token(client: TestClient, settings: Settings) -> None:
    table = create(client)
    first = code_of(table.created["seat_url"])
    second = code_of(fresh_link(client, table.table_id, table.tokens[0])["seat_url"])  # replaces the first
    assert claim(client, table.table_id, second).status_code == 200
    fresh_link(client, table.table_id, table.tokens[0])  # still open
    rows = db_rows(settings, "SELECT state, sealed_token FROM seat_links ORDER BY id")
    assert [state for state, _ in rows] == ["replaced", "used", "open"]
    # A code read from a browser's history plus the database opens nothing once the code is spent.
    assert [sealed for state, sealed in rows if state != "open"] == ["", ""]
    assert rows[-1][1] != ""
    assert_error(claim(client, table.table_id, first), 410, "link_replaced")
    assert_error(claim(client, table.table_id, second), 410, "link_used")


def test_spent_links_do_not_pile_up(client: TestClient, settings: Settings) -> None:
    table = create(client)
    for _ in range(20):
        fresh_link(client, table.table_id, table.tokens[0])
    states = [state for _, state in link_rows(settings)]
    assert states.count("open") == 1
    assert len(states) <= 1 + KEPT_CLOSED


def test_a_claim_does_not_wait_for_the_write_lock(client: TestClient) -> None:
    """A claim reads and refuses outside the lock every table's moves queue on (SQLite's single writer)."""
    table = create(client)
    service = client.app.state.service  # type: ignore[attr-defined]
    lock = service._write_lock
    assert lock is not None  # SQLite
    assert client.portal is not None
    with ThreadPoolExecutor(1) as pool:
        client.portal.call(lock.acquire)
        try:  # before the fix this waits for the lock: the release below lets it end, after the timeout
            status = pool.submit(claim, client, table.table_id, "A" * 32).result(timeout=10).status_code
        finally:
            client.portal.call(lock.release)
    assert status == 403
