"""Play again: a finished table opens one new lobby with the same people, each with a fresh token there."""

from __future__ import annotations

import sqlite3
from datetime import timedelta

from fastapi.testclient import TestClient

from app.expiry import expire_tables
from app.settings import Settings
from app.timing import now
from tests.api.helpers import (
    assert_error,
    auth,
    connect,
    db_path,
    new_game,
    opening,
    play,
    play_to_end,
    public,
    recv_until,
    snapshot,
    ws_url,
)


def again(client: TestClient, table_url: str, token: str) -> dict:
    response = client.post(f"{table_url}/again", headers=auth(token))
    assert response.status_code == 200, response.text
    return response.json()


def test_play_again_opens_one_new_lobby_for_everyone(client: TestClient) -> None:
    table = new_game(client, humans=2, bots=1, options={"review_s": 0.5}, turn_timer=60)
    play_to_end(client, table)
    old = public(client, table)
    assert old["next_table_id"] is None

    bob = again(client, table.url, table.tokens[1])
    alice = again(client, table.url, table.tokens[0])
    assert bob["table_id"] == alice["table_id"] != table.table_id
    assert (bob["seat"], alice["seat"]) == (1, 0)
    assert bob["token"] != alice["token"]
    new_id = bob["table_id"]
    code = alice["seat_url"].removeprefix(f"http://testserver/t/{new_id}/seat#")
    assert code != alice["seat_url"] and alice["token"] not in code
    claimed = client.post(f"/api/tables/{new_id}/claim", json={"code": code})
    assert claimed.json() == {"seat": 0, "token": alice["token"]}
    assert public(client, table)["next_table_id"] == new_id

    new = public(client, new_id)
    assert new["status"] == "lobby" and new["seq"] == 0
    assert [(s["seat"], s["name"], s["bot"], s["bot_kind"]) for s in new["seats"]] == [
        (s["seat"], s["name"], s["bot"], s["bot_kind"]) for s in old["seats"]]
    assert (new["options"], new["turn_timer"], new["host_seat"]) == (old["options"], old["turn_timer"], 0)
    assert new["commitment"] != old["commitment"]  # a fresh seed

    # Each new token is good for its own seat in the new lobby, and the old ones are not.
    new_url = f"/api/tables/{new_id}"
    for who, seat, name in ((alice, 0, "Alice"), (bob, 1, "Bob")):
        mine = client.get(f"{new_url}/state", headers=auth(who["token"])).json()
        assert mine["you"] == {"seat": seat, "name": name}
        assert mine["status"] == "lobby"
    for token in table.tokens.values():
        assert_error(client.get(f"{new_url}/state", headers=auth(token)), 401, "bad_token")
    # The host (seat 0) starts the rematch; Bob cannot.
    assert_error(client.post(f"{new_url}/start", headers=auth(bob["token"])), 403, "not_host")
    assert client.post(f"{new_url}/start", headers=auth(alice["token"])).status_code == 200
    assert public(client, new_id)["status"] == "playing"


def test_asking_again_twice_gives_the_same_table(client: TestClient) -> None:
    table = new_game(client, humans=2)
    play_to_end(client, table)
    first = again(client, table.url, table.tokens[1])
    second = again(client, table.url, table.tokens[1])
    assert first["table_id"] == second["table_id"]
    mine = client.get(f"/api/tables/{second['table_id']}/state", headers=auth(second["token"])).json()
    assert mine["you"]["seat"] == 1


def test_viewers_of_the_old_table_hear_about_the_new_one(client: TestClient) -> None:
    table = new_game(client, humans=2)
    play_to_end(client, table)
    with connect(client, ws_url(table, 0)) as alice:
        first, _ = opening(alice)
        assert first["table"]["next_table_id"] is None
        new_id = again(client, table.url, table.tokens[1])["table_id"]
        message = recv_until(alice, lambda m: m["type"] == "state")
        assert message["table"]["next_table_id"] == new_id
        assert message["status"] == "finished"


def test_everyone_at_the_old_table_reads_who_opened_the_rematch(client: TestClient) -> None:
    table = new_game(client, humans=2)
    play_to_end(client, table)
    with connect(client, ws_url(table, 0)) as alice, connect(client, ws_url(table, None)) as watcher:
        opening(alice)
        opening(watcher)
        new_id = again(client, table.url, table.tokens[1])["table_id"]
        for ws in (alice, watcher):
            assert recv_until(ws, lambda m: m["type"] == "state")["table"]["next_table_id"] == new_id
            notice = recv_until(ws, lambda m: m["type"] == "chat")
            assert (notice["kind"], notice["name"], notice["seat"], notice["text"]) == (
                "rematch", "Bob", 1, "started a rematch.")
        again(client, table.url, table.tokens[0])  # joining it says nothing more
    history = client.get(f"{table.url}/chat", headers=table.host).json()
    assert [(c["kind"], c["name"]) for c in history] == [("rematch", "Bob")]


def test_play_again_before_the_end(client: TestClient) -> None:
    table = new_game(client, humans=2)
    play(client, table, 0)
    before = snapshot(client, table)
    assert_error(client.post(f"{table.url}/again", headers=table.host), 409, "not_finished")
    assert snapshot(client, table) == before
    lobby = new_game(client, humans=2, started=False)
    assert_error(client.post(f"{lobby.url}/again", headers=lobby.host), 409, "not_finished")
    assert public(client, lobby)["next_table_id"] is None


def test_play_again_needs_a_seat(client: TestClient) -> None:
    table = new_game(client, humans=2)
    play_to_end(client, table)
    before = snapshot(client, table)
    assert_error(client.post(f"{table.url}/again"), 401, "no_credentials")
    assert_error(client.post(f"{table.url}/again", params={"spectate": table.spectate}), 401, "no_credentials")
    assert_error(client.post(f"{table.url}/again", headers=auth("forged")), 401, "bad_token")
    assert snapshot(client, table) == before


def test_play_again_after_the_rematch_lobby_expired_opens_a_fresh_one(client: TestClient, settings: Settings) -> None:
    """A rematch lobby expires after a day, its finished table only after a month: asking on day two still works."""
    table = new_game(client, humans=2)
    play_to_end(client, table)
    first = again(client, table.url, table.tokens[1])
    with sqlite3.connect(db_path(settings)) as connection:
        past = (now() - timedelta(hours=settings.lobby_ttl_hours + 1)).strftime("%Y-%m-%d %H:%M:%S.%f")
        connection.execute("UPDATE tables SET updated_at = ? WHERE id = ?", (past, first["table_id"]))
    service = client.app.state.service  # type: ignore[attr-defined]
    assert client.portal is not None
    assert client.portal.call(expire_tables, service, settings) == 1  # the janitor's sweep: the old table stays
    assert client.get(f"/api/tables/{first['table_id']}").status_code == 404

    second = again(client, table.url, table.tokens[1])
    assert second["table_id"] != first["table_id"]
    assert public(client, table)["next_table_id"] == second["table_id"]
    assert [s["name"] for s in public(client, second["table_id"])["seats"]] == ["Alice", "Bob"]
    mine = client.get(f"/api/tables/{second['table_id']}/state", headers=auth(second["token"])).json()
    assert mine["you"]["seat"] == 1
    assert again(client, table.url, table.tokens[0])["table_id"] == second["table_id"]
