"""Open tables (app/listing.py): a host lists a lobby publicly, anyone takes a free seat from the list, and nothing on
the list or at a seat taken from it gives away a credential."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from fastapi.testclient import TestClient

from app.main import create_app
from app.settings import Settings
from tests.api.helpers import (
    GAME,
    MAX_PLAYERS,
    Table,
    add_bots,
    assert_error,
    auth,
    create,
    db_rows,
    join,
    new_game,
    public,
    query_param,
    snapshot,
    start,
    state,
)

FIELDS = {"table_id", "game", "pace", "seats_free", "host"}


def listed(client: TestClient) -> list[dict[str, Any]]:
    response = client.get("/api/open-tables")
    assert response.status_code == 200, response.text
    body = response.json()
    assert set(body) == {"tables"}
    tables: list[dict[str, Any]] = body["tables"]
    return tables


def listed_ids(client: TestClient) -> list[str]:
    return [entry["table_id"] for entry in listed(client)]


def set_listed(client: TestClient, table: Table, on: bool, seat: int = 0) -> Any:
    return client.post(f"{table.url}/listing", json={"listed": on}, headers=table.headers(seat))


def list_table(client: TestClient, table: Table) -> dict[str, Any]:
    response = set_listed(client, table, True)
    assert response.status_code == 200, response.text
    facts: dict[str, Any] = response.json()
    assert facts["listed"] is True
    return facts


def join_open(client: TestClient, table_id: str, name: str) -> Any:
    return client.post(f"/api/open-tables/{table_id}/join", json={"name": name})


def take_seat(client: TestClient, table: Table, name: str) -> int:
    response = join_open(client, table.table_id, name)
    assert response.status_code == 200, response.text
    data = response.json()
    assert set(data) == {"table_id", "seat", "token", "seat_url"}
    assert data["table_id"] == table.table_id
    table.tokens[data["seat"]] = data["token"]
    seat: int = data["seat"]
    return seat


def version(settings: Settings, table: Table) -> tuple[Any, ...]:
    return db_rows(settings, "SELECT version, listed_at FROM tables WHERE id = ?", table.table_id)[0]


def test_a_lobby_is_not_listed_until_its_host_lists_it(client: TestClient) -> None:
    table = create(client, "Alice")
    assert public(client, table)["listed"] is False
    assert state(client, table, 0)["table"]["listed"] is False
    assert listed(client) == []
    # Without a listing, the list's join route is closed to the table, and trying changes nothing.
    before = snapshot(client, table)
    assert_error(join_open(client, table.table_id, "Zed"), 403, "not_listed")
    assert snapshot(client, table) == before


def test_the_list_shows_game_pace_free_seats_and_host_name_only(client: TestClient) -> None:
    table = create(client, "Alice", pace="turn-based", turn_timer=86400)
    join(client, table, "Bob")
    add_bots(client, table, 1)
    facts = list_table(client, table)
    assert state(client, table, 1)["table"]["listed"] is True  # every seat sees that the table is open
    assert facts["seats"][0]["name"] == "Alice"
    assert listed(client) == [{"table_id": table.table_id, "game": GAME, "pace": "turn-based",
                               "seats_free": MAX_PLAYERS - 3, "host": "Alice"}]


def test_the_list_holds_no_credential_and_no_other_seat(client: TestClient) -> None:
    table = create(client, "Alice")
    join(client, table, "Bob")
    list_table(client, table)
    zed = take_seat(client, table, "Zed")
    seat_link = client.post(f"{table.url}/seat-link", headers=table.host).json()["seat_url"]
    entries = listed(client)
    assert [set(entry) for entry in entries] == [FIELDS]
    assert entries[0].pop("table_id") == table.table_id  # the handle a seat is taken by; random, so not searched
    text = json.dumps(entries)
    secrets = [table.invite, table.spectate, *table.tokens.values(), seat_link.split("#")[1],
               table.created["seat_url"].split("#")[1]]
    for secret in secrets:
        assert secret not in text
    for other in ("Bob", "Zed", "invite", "spectate", "token", "commitment"):
        assert other not in text
    # The person seated from the list never gets the invite code either: not in their state, nor in the table's
    # public facts, nor at the table page's REST routes.
    assert state(client, table, zed)["table"]["invite_url"] is None
    assert table.invite not in json.dumps(state(client, table, zed))
    assert table.invite not in client.get(table.url, headers=table.headers(zed)).text
    # Seats that came by the invite link still have it.
    assert query_param(state(client, table, 1)["table"]["invite_url"], "invite") == table.invite
    assert query_param(state(client, table, 0)["table"]["invite_url"], "invite") == table.invite


def test_a_seat_taken_from_the_list_is_a_seat_like_any_other(client: TestClient) -> None:
    table = create(client, "Alice")
    list_table(client, table)
    seat = take_seat(client, table, "Zed")
    assert seat == 1
    mine = state(client, table, seat)
    assert mine["you"] == {"seat": 1, "name": "Zed"}
    assert [s["name"] for s in public(client, table)["seats"]] == ["Alice", "Zed"]
    assert listed(client)[0]["seats_free"] == MAX_PLAYERS - 2
    # A name that looks like one already seated gets a number, as at any join.
    assert take_seat(client, table, "ALICE") == 2
    assert public(client, table)["seats"][2]["name"] == "ALICE 2"


def test_names_pass_the_same_checks_as_at_any_join(client: TestClient) -> None:
    table = create(client, "Alice")
    list_table(client, table)
    before = snapshot(client, table)
    assert_error(join_open(client, table.table_id, "Bot Zed"), 422, "bad_name")
    assert_error(join_open(client, table.table_id, "Zеd"), 422, "bad_name")  # a Cyrillic е among Latin letters
    assert_error(join_open(client, table.table_id, "  "), 422, "bad_request")
    assert_error(join_open(client, table.table_id, "Z" * 40), 422, "too_long")
    assert_error(client.post(f"/api/open-tables/{table.table_id}/join", json={}), 422, "bad_request")
    assert_error(client.post(f"/api/open-tables/{table.table_id}/join", json={"name": 7}), 422, "bad_request")
    assert_error(client.post(f"/api/open-tables/{table.table_id}/join",
                             json={"name": "Zed", "invite": table.invite}), 422, "bad_request")
    assert_error(join_open(client, "no-such-table", "Zed"), 404, "unknown_table")
    assert snapshot(client, table) == before
    assert listed(client)[0]["seats_free"] == MAX_PLAYERS - 1


def test_the_list_is_newest_first_and_listing_again_keeps_a_place(client: TestClient) -> None:
    first, second, third = (create(client, name) for name in ("Ann", "Ben", "Cat"))
    for table in (first, second, third):
        list_table(client, table)
    assert listed_ids(client) == [third.table_id, second.table_id, first.table_id]
    assert [entry["host"] for entry in listed(client)] == ["Cat", "Ben", "Ann"]
    list_table(client, first)  # already listed: it keeps its place
    assert listed_ids(client) == [third.table_id, second.table_id, first.table_id]
    assert set_listed(client, first, False).status_code == 200
    list_table(client, first)  # listed anew: newest
    assert listed_ids(client) == [first.table_id, third.table_id, second.table_id]


def test_the_host_unlists_and_the_list_closes_to_the_table(client: TestClient, settings: Settings) -> None:
    table = create(client, "Alice")
    join(client, table, "Bob")
    list_table(client, table)
    response = set_listed(client, table, False)
    assert response.status_code == 200, response.text
    assert response.json()["listed"] is False
    assert listed(client) == []
    before = snapshot(client, table)
    assert_error(join_open(client, table.table_id, "Zed"), 403, "not_listed")
    assert snapshot(client, table) == before
    # Unlisting a table that is not listed writes nothing at all.
    stored = version(settings, table)
    assert set_listed(client, table, False).status_code == 200
    assert version(settings, table) == stored


def test_only_the_host_lists_or_unlists(client: TestClient, settings: Settings) -> None:
    table = create(client, "Alice")
    join(client, table, "Bob")
    before, stored = snapshot(client, table), version(settings, table)
    assert_error(set_listed(client, table, True, seat=1), 403, "not_host")
    assert_error(client.post(f"{table.url}/listing", json={"listed": True}), 401, "no_credentials")
    assert (snapshot(client, table), version(settings, table)) == (before, stored)
    list_table(client, table)
    before, stored = snapshot(client, table), version(settings, table)
    assert_error(set_listed(client, table, False, seat=1), 403, "not_host")
    assert (snapshot(client, table), version(settings, table)) == (before, stored)


def test_bad_listing_requests_get_clear_errors_and_change_nothing(client: TestClient, settings: Settings) -> None:
    table = create(client, "Alice")
    before, stored = snapshot(client, table), version(settings, table)
    for body in ({"listed": "yes"}, {"listed": 1}, {}, {"listed": True, "public": True}):
        assert_error(client.post(f"{table.url}/listing", json=body, headers=table.host), 422, "bad_request")
    assert_error(client.post("/api/tables/no-such-table/listing", json={"listed": True}, headers=table.host),
                 404, "unknown_table")
    assert_error(client.post(f"{table.url}/listing", json={"listed": True}, headers=auth("not-a-token")),
                 401, "bad_token")
    assert (snapshot(client, table), version(settings, table)) == (before, stored)
    assert listed(client) == []


def test_a_full_table_leaves_the_list_and_comes_back_when_a_seat_frees(client: TestClient) -> None:
    table = create(client, "Alice")
    list_table(client, table)
    for name in ("Bob", "Cat", "Dan"):
        take_seat(client, table, name)
    assert listed(client)[0]["seats_free"] == 1
    last = take_seat(client, table, "Eve")
    assert last == MAX_PLAYERS - 1
    assert listed(client) == []
    before = snapshot(client, table)
    assert_error(join_open(client, table.table_id, "Fay"), 409, "table_full")
    assert snapshot(client, table) == before
    assert public(client, table)["listed"] is True  # still listed: it shows again with a seat free
    assert client.post(f"{table.url}/leave", headers=table.headers(last)).status_code == 200
    assert [(e["table_id"], e["seats_free"]) for e in listed(client)] == [(table.table_id, 1)]


def test_listing_a_full_table_is_refused(client: TestClient, settings: Settings) -> None:
    table = new_game(client, humans=2, bots=MAX_PLAYERS - 2, started=False)
    before, stored = snapshot(client, table), version(settings, table)
    assert_error(set_listed(client, table, True), 409, "table_full")
    assert (snapshot(client, table), version(settings, table)) == (before, stored)


def test_a_started_table_leaves_the_list_for_good(client: TestClient) -> None:
    table = create(client, "Alice")
    list_table(client, table)
    take_seat(client, table, "Zed")
    start(client, table)
    assert listed(client) == []
    assert public(client, table)["listed"] is False
    before = snapshot(client, table)
    assert_error(join_open(client, table.table_id, "Yan"), 409, "already_started")
    assert_error(set_listed(client, table, True), 409, "already_started")
    assert snapshot(client, table) == before
    assert set_listed(client, table, False).status_code == 200  # unlisting is always allowed; nothing to do
    assert snapshot(client, table) == before


def test_listing_is_metered_per_address(settings: Settings) -> None:
    metered = dataclasses.replace(settings, list_rate=(2, 600.0))
    with TestClient(create_app(metered)) as client:
        tables = [create(client, name) for name in ("Ann", "Ben", "Cat")]
        list_table(client, tables[0])
        list_table(client, tables[1])
        before = snapshot(client, tables[2])
        message = assert_error(set_listed(client, tables[2], True), 429, "rate_limited")
        assert "at most 2 every 600 seconds" in message
        assert snapshot(client, tables[2]) == before
        assert listed_ids(client) == [tables[1].table_id, tables[0].table_id]
        # Unlisting is never metered: a host can always take a table off the list.
        assert set_listed(client, tables[0], False).status_code == 200
        assert listed_ids(client) == [tables[1].table_id]


def test_a_removed_person_cannot_come_back_once_the_table_is_unlisted(client: TestClient) -> None:
    table = create(client, "Alice")
    list_table(client, table)
    zed = take_seat(client, table, "Zed")
    token = table.tokens[zed]
    response = client.delete(f"{table.url}/seats/{zed}", headers=table.host)
    assert response.status_code == 200, response.text
    assert [s["name"] for s in response.json()["seats"]] == ["Alice"]
    assert_error(client.get(f"{table.url}/state", headers=auth(token)), 401, "bad_token")
    assert set_listed(client, table, False).status_code == 200
    assert_error(join_open(client, table.table_id, "Zed"), 403, "not_listed")
    assert [s["name"] for s in public(client, table)["seats"]] == ["Alice"]


def test_a_list_seat_that_becomes_host_is_shown_the_invite_link(client: TestClient) -> None:
    table = create(client, "Alice")
    list_table(client, table)
    zed = take_seat(client, table, "Zed")
    assert state(client, table, zed)["table"]["invite_url"] is None
    assert client.post(f"{table.url}/leave", headers=table.host).status_code == 200
    mine = state(client, table, zed)
    assert mine["you"]["seat"] == 0 and mine["table"]["host_seat"] == 0
    assert query_param(mine["table"]["invite_url"], "invite") == table.invite
    assert listed(client)[0]["host"] == "Zed"  # the list names the host as they are now


def test_watching_a_listed_game_in_play_follows_the_table_s_spectator_setting(client: TestClient) -> None:
    table = create(client, "Alice", spectator_chat=False)
    list_table(client, table)
    zed = take_seat(client, table, "Zed")
    start(client, table)
    # The list gave no spectator key: without one there is nothing to watch.
    assert_error(client.get(f"{table.url}/state"), 401, "no_credentials")
    assert_error(client.get(f"{table.url}/chat"), 401, "no_credentials")
    assert client.post(f"{table.url}/chat", json={"text": "good luck"}, headers=table.host).status_code == 201
    # With the spectator link a spectator watches, and the host's choice keeps the players' chat from them.
    assert state(client, table, None)["you"]["seat"] is None
    watched = client.get(f"{table.url}/chat", params={"spectate": table.spectate})
    assert watched.status_code == 200 and "good luck" not in watched.text
    assert "good luck" in client.get(f"{table.url}/chat", headers=table.headers(zed)).text
