"""Seat takeover: the host hands a departed player's seat to a bot during play; the player may reclaim it."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.settings import Settings
from tests.api.helpers import (
    Table,
    assert_error,
    autoplay_settled,
    db_rows,
    new_game,
    play,
    play_to_end,
    public,
    snapshot,
    state,
    wait_for,
)


def seq_of(client: TestClient, table: Table) -> int:
    return public(client, table)["seq"]


def takeover(client: TestClient, table: Table, target: int, **body: str) -> dict:
    response = client.post(f"{table.url}/seats/{target}/bot", json=body or None, headers=table.host)
    assert response.status_code == 200, response.text
    return response.json()


def test_host_hands_a_seat_to_a_bot_and_the_player_reclaims_it(client: TestClient, settings: Settings) -> None:
    table = new_game(client, humans=2)
    play(client, table, 0)  # Alice sets aside; Bob has wandered off
    assert seq_of(client, table) == 1
    info = takeover(client, table, 1)
    assert (info["seats"][1]["bot"], info["seats"][1]["bot_kind"], info["seats"][1]["connected"]) == (
        True, "basic", True)
    assert info["seats"][1]["name"] == "Bob"
    # The bot plays Bob's pending step at once, and his commit too (commits are simultaneous).
    wait_for(lambda: seq_of(client, table) == 3, what="the bot to play Bob's steps")
    assert state(client, table, 0)["view"]["players"][1]["has_committed"] is True
    play(client, table, 0)  # round 1 is shown; the bot commits for round 2 at once
    wait_for(lambda: seq_of(client, table) == 5, what="the bot to commit for Bob in round 2")
    assert state(client, table, 0)["view"]["round"] == 2
    assert db_rows(settings, "SELECT seq, seat, source FROM actions WHERE table_id = ? ORDER BY seq",
                   table.table_id) == [(1, 0, "seat"), (2, 1, "bot"), (3, 1, "bot"), (4, 0, "seat"), (5, 1, "bot")]

    # Bob is back: his token still works, and reclaiming gives him the seat again.
    response = client.post(f"{table.url}/reclaim", headers=table.headers(1))
    assert response.status_code == 200
    seat = response.json()["seats"][1]
    assert (seat["bot"], seat["bot_kind"], seat["away"]) == (False, None, False)
    play(client, table, 0)  # round 2 is shown
    mine = state(client, table, 1)
    assert (mine["seq"], mine["view"]["round"]) == (6, 3)
    assert mine["legal"], "Bob must act himself now"
    assert not autoplay_settled(client, table.table_id)  # a bot round and a sweep after the reclaim: no bot moved
    assert seq_of(client, table) == 6  # nobody played for Bob
    assert play(client, table, 1)["seq"] == 7
    assert db_rows(settings, "SELECT source FROM actions WHERE table_id = ? AND seq = 7", table.table_id) == [
        ("seat",)]


def test_a_bot_can_finish_the_game_for_a_departed_player(client: TestClient) -> None:
    table = new_game(client, humans=3)
    takeover(client, table, 2, kind="random")
    assert public(client, table)["seats"][2]["bot_kind"] == "random"
    del table.tokens[2]  # Carol is gone for good
    final = play_to_end(client, table)
    assert final["status"] == "finished"


def test_takeover_host_only(client: TestClient) -> None:
    table = new_game(client, humans=3)
    before = snapshot(client, table)
    for target in (0, 2):
        response = client.post(f"{table.url}/seats/{target}/bot", headers=table.headers(1))
        assert_error(response, 403, "not_host")
    assert_error(client.post(f"{table.url}/seats/1/bot"), 401, "no_credentials")
    assert_error(client.post(f"{table.url}/seats/1/bot", params={"spectate": table.spectate}), 401, "no_credentials")
    assert snapshot(client, table) == before


@pytest.mark.parametrize(("target", "body", "status", "code"), [
    (7, None, 404, "unknown_seat"),
    (1, {"kind": "deep-blue"}, 422, "unknown_bot"),
])
def test_takeover_refusals(client: TestClient, target: int, body: dict | None, status: int, code: str) -> None:
    table = new_game(client, humans=2)
    before = snapshot(client, table)
    assert_error(client.post(f"{table.url}/seats/{target}/bot", json=body, headers=table.host), status, code)
    assert snapshot(client, table) == before


def test_takeover_of_a_bot(client: TestClient) -> None:
    table = new_game(client, humans=1, bots=1)
    before = public(client, table)
    assert_error(client.post(f"{table.url}/seats/1/bot", headers=table.host), 409, "already_bot")
    after = public(client, table)
    assert after["seats"] == before["seats"]


def test_takeover_outside_play(client: TestClient) -> None:
    table = new_game(client, humans=2, started=False)
    before = snapshot(client, table)
    assert_error(client.post(f"{table.url}/seats/1/bot", headers=table.host), 409, "not_playing")
    assert snapshot(client, table) == before
    client.post(f"{table.url}/start", headers=table.host).raise_for_status()
    play_to_end(client, table)
    before = snapshot(client, table)
    assert_error(client.post(f"{table.url}/seats/1/bot", headers=table.host), 409, "not_playing")
    assert snapshot(client, table) == before


def test_reclaim_refusals(client: TestClient) -> None:
    table = new_game(client, humans=2)
    before = snapshot(client, table)
    assert_error(client.post(f"{table.url}/reclaim", headers=table.headers(1)), 409, "not_bot")
    assert_error(client.post(f"{table.url}/reclaim"), 401, "no_credentials")
    assert snapshot(client, table) == before
