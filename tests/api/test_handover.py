"""The host hands an away seat (one its timer has played for) to a new device: the seat gets a new token and a
one-time seat link, the old token stops working at once (REST and its open websocket), what belonged to the old
credential goes, and a public chat line says who did it. Every refusal changes nothing."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from app.settings import Settings
from tests.api.helpers import (
    Table,
    add_bots,
    assert_error,
    auth,
    connect,
    create,
    db_path,
    db_rows,
    join,
    new_game,
    opening,
    play,
    public,
    recv,
    recv_until,
    snapshot,
    state,
    wait_for,
    ws_url,
)
from tests.api.test_pace import HOUR, Clock, clock  # noqa: F401 - the fixture
from tests.api.test_seat_links import claim, code_of


def time_out_bob(client: TestClient, table: Table, clock: Clock) -> None:  # noqa: F811
    """Alice moves, Bob's hour runs out: the default is played for him and he is marked away."""
    play(client, table, 0)
    deadline = datetime.fromisoformat(state(client, table, 0)["deadline"])
    clock.shift = deadline - datetime.now(UTC) + timedelta(seconds=1)
    client.portal.call(client.app.state.autoplay._look, table.table_id)  # type: ignore[attr-defined,union-attr]
    assert [s["away"] for s in state(client, table, 0)["table"]["seats"]] == [False, True]


def hand_over(client: TestClient, table: Table, target: int, token: str | None = None):  # type: ignore[no-untyped-def]
    return client.post(f"{table.url}/seats/{target}/handover", headers=auth(token or table.tokens[0]))


def chat_lines(client: TestClient, table: Table) -> list[tuple[str, str, str | None]]:
    lines = client.get(f"{table.url}/chat", headers=table.host).json()
    return [(c["name"], c["text"], c["kind"]) for c in lines]


def bind_old_credential(settings: Settings, table: Table, seat: int) -> int:
    """Give the seat row a push subscription and an account binding, as its old device would have; its row id."""
    seat_id = db_rows(settings, "SELECT id FROM seats WHERE table_id = ? AND seat = ?", table.table_id, seat)[0][0]
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")
    with sqlite3.connect(db_path(settings)) as connection:
        connection.execute("INSERT INTO push_subscriptions (table_id, seat_id, endpoint, p256dh, auth, created_at) "
                           "VALUES (?, ?, 'https://push.example/x', 'k', 'a', ?)", (table.table_id, seat_id, stamp))
        connection.execute("INSERT INTO accounts (id, name, created_at) VALUES ('acc', 'Bob', ?)", (stamp,))
        connection.execute("INSERT INTO account_seats (account_id, table_id, seat_id, sealed_token, created_at) "
                           "VALUES ('acc', ?, ?, 'x', ?)", (table.table_id, seat_id, stamp))
    return int(seat_id)


def test_the_host_gives_an_away_seat_a_new_link(client: TestClient, settings: Settings,
                                                 clock: Clock) -> None:  # noqa: F811
    table = new_game(client, humans=2, pace="turn-based", turn_timer=HOUR)
    old_id = bind_old_credential(settings, table, 1)
    old_token = table.tokens[1]
    with connect(client, ws_url(table, 1)) as bob, connect(client, ws_url(table, 0)) as alice:
        opening(bob)
        opening(alice)
        time_out_bob(client, table, clock)  # Bob's old phone is still connected, but he is away
        seat_before = state(client, table, 0)["seq"]

        response = hand_over(client, table, 1)
        assert response.status_code == 200, response.text
        body = response.json()
        assert body["seat"] == 1 and old_token not in body["seat_url"]
        assert datetime.fromisoformat(body["expires_at"]) - clock() > timedelta(hours=23)

        # Everyone at the table reads who did it, in their own chat, as it happens.
        line = recv_until(alice, lambda m: m["type"] == "chat")
        assert (line["name"], line["text"], line["kind"]) == ("Alice", "gave Bob's seat a new link.", "handover")
        # The old device's websocket is closed as a removed seat's is.
        with pytest.raises(WebSocketDisconnect) as closed:
            recv_until(bob, lambda m: False)
        assert closed.value.code == 4403

    # The old token stops working everywhere.
    assert_error(client.get(f"{table.url}/state", headers=auth(old_token)), 401, "bad_token")
    assert_error(client.post(f"{table.url}/actions", headers=auth(old_token), json={"action": {}}), 401, "bad_token")
    with connect(client, ws_url(table, 1)) as again:
        assert recv(again)["code"] == "bad_token"
    # What belonged to the old credential went with it.
    assert db_rows(settings, "SELECT COUNT(*) FROM push_subscriptions WHERE seat_id = ?", old_id) == [(0,)]
    assert db_rows(settings, "SELECT COUNT(*) FROM account_seats WHERE seat_id = ?", old_id) == [(0,)]
    assert db_rows(settings, "SELECT COUNT(*) FROM seats WHERE id = ?", old_id) == [(0,)]

    # The new link gives Bob his seat on his new device: the same place in the same game.
    taken = claim(client, table.table_id, code_of(body["seat_url"]))
    assert taken.status_code == 200, taken.text
    table.tokens[1] = taken.json()["token"]
    mine = state(client, table, 1)
    assert mine["you"] == {"seat": 1, "name": "Bob"} and mine["seq"] == seat_before
    assert [(s["name"], s["away"]) for s in mine["table"]["seats"]] == [("Alice", False), ("Bob", True)]
    assert ("Alice", "gave Bob's seat a new link.", "handover") in chat_lines(client, table)
    assert state(client, table, None)["seq"] == seat_before  # spectators see the same table


def test_refusals_change_nothing(client: TestClient, settings: Settings, clock: Clock) -> None:  # noqa: F811
    lobby = create(client)
    join(client, lobby, "Bob")
    assert_error(hand_over(client, lobby, 1), 409, "not_playing")

    table = new_game(client, humans=3, pace="turn-based", turn_timer=HOUR, started=False)
    add_bots(client, table, 1)
    client.post(f"{table.url}/start", headers=table.host).raise_for_status()
    wait_for(lambda: public(client, table)["seq"] == 1, what="the bot to set its gem aside")
    seats = db_rows(settings, "SELECT id, seat, token_hash FROM seats WHERE table_id = ? ORDER BY seat",
                    table.table_id)
    before = snapshot(client, table)
    with connect(client, ws_url(table, 1)) as bob:
        opening(bob)
        assert "not away" in assert_error(hand_over(client, table, 1), 409, "not_away")
    # A seat with no page open is not away: its person may simply be elsewhere (at a turn-based table, most are).
    assert "turn timer" in assert_error(hand_over(client, table, 2), 409, "not_away")
    assert_error(hand_over(client, table, 2, table.tokens[1]), 403, "not_host")
    assert_error(hand_over(client, table, 0), 422, "own_seat")
    assert_error(hand_over(client, table, 3), 409, "already_bot")
    assert_error(hand_over(client, table, 7), 404, "unknown_seat")
    assert_error(hand_over(client, table, 2, "A" * 32), 401, "bad_token")
    assert_error(client.post(f"{table.url}/seats/2/handover"), 401, "no_credentials")
    assert snapshot(client, table) == before
    assert db_rows(settings, "SELECT id, seat, token_hash FROM seats WHERE table_id = ? ORDER BY seat",
                   table.table_id) == seats
    assert chat_lines(client, table) == []
    for seat in (0, 1, 2):
        assert state(client, table, seat)["you"]["seat"] == seat

    # Once its timer has played for it, the seat is away and may be handed over.
    play(client, table, 0)
    play(client, table, 1)
    deadline = datetime.fromisoformat(state(client, table, 0)["deadline"])
    clock.shift = deadline - datetime.now(UTC) + timedelta(seconds=1)
    client.portal.call(client.app.state.autoplay._look, table.table_id)  # type: ignore[attr-defined,union-attr]
    assert [s["away"] for s in state(client, table, 0)["table"]["seats"]] == [False, False, True, False]
    assert hand_over(client, table, 2).status_code == 200
    assert chat_lines(client, table) == [("Alice", "gave Carol's seat a new link.", "handover")]
