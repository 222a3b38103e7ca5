"""Reading state and acting over REST: who sees what, which actions land, and every refusal."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.settings import Settings
from tests.api.helpers import (
    GAME,
    act,
    assert_error,
    auth,
    db_rows,
    new_game,
    play,
    play_to_end,
    public,
    snapshot,
    stable,
    state,
)

STATE_FIELDS = {"type", "seq", "status", "game", "you", "view", "legal", "log", "result", "deadline"}

# ----------------------------------------------------------------- reading


def test_state_as_a_seat(client: TestClient) -> None:
    table = new_game(client, humans=2)
    mine = state(client, table, 0)
    assert STATE_FIELDS <= set(mine)
    assert mine["type"] == "state"
    assert (mine["seq"], mine["status"], mine["game"]) == (0, "playing", GAME)
    assert mine["you"] == {"seat": 0, "name": "Alice"}
    assert mine["result"] is None and mine["deadline"] is None
    hand = mine["view"]["players"][0]["hand"]
    assert len(hand) == 4
    # Legal lists complete actions, one per gem in the seat's own hand.
    assert mine["legal"] == [{"type": "set_aside", "gem": g} for g in hand]
    # The other seat's hand is hidden.
    assert mine["view"]["players"][1]["hand"] is None
    assert mine["view"]["players"][1]["hand_size"] == 4
    assert mine["view"]["pouch"] is None
    assert [entry["seq"] for entry in mine["log"]] == [0]
    assert all(isinstance(entry["text"], str) for entry in mine["log"])
    theirs = state(client, table, 1)
    assert theirs["you"] == {"seat": 1, "name": "Bob"}
    assert set(theirs["view"]["players"][1]["hand"]).isdisjoint(hand)


def test_state_as_a_spectator(client: TestClient) -> None:
    table = new_game(client, humans=2)
    play(client, table, 0)
    watched = state(client, table, None)
    assert STATE_FIELDS <= set(watched)
    assert watched["you"] == {"seat": None, "name": "Spectator"}
    assert watched["seq"] == 1
    assert watched["legal"] == []
    for player in watched["view"]["players"]:
        assert player["hand"] is None and player["aside"] is None and player["committed"] is None
    assert watched["view"]["players"][0]["has_set_aside"] is True
    # The set-aside gem shows in no part of the spectator's message, while its owner sees it.
    gem = state(client, table, 0)["view"]["players"][0]["aside"]
    assert gem and gem not in str(watched)
    assert gem not in str(state(client, table, 1))
    assert any(gem in entry["text"] for entry in state(client, table, 0)["log"])


def test_state_of_a_lobby(client: TestClient) -> None:
    table = new_game(client, humans=2, started=False)
    mine = state(client, table, 0)
    assert (mine["status"], mine["seq"], mine["view"], mine["legal"], mine["result"]) == ("lobby", 0, None, [], None)


@pytest.mark.parametrize(("how", "code"), [
    ({"headers": auth("forged")}, "bad_token"),
    ({"params": {"spectate": "forged"}}, "bad_spectate_key"),
    ({}, "no_credentials"),
    ({"headers": {"Authorization": "Basic abc"}}, "bad_token"),
])
def test_state_refused(client: TestClient, how: dict[str, Any], code: str) -> None:
    table = new_game(client, humans=2)
    assert_error(client.get(f"{table.url}/state", **how), 401, code)


def test_a_bad_token_is_not_rescued_by_a_good_spectator_key(client: TestClient) -> None:
    table = new_game(client, humans=2)
    response = client.get(f"{table.url}/state", headers=auth("forged"), params={"spectate": table.spectate})
    assert_error(response, 401, "bad_token")


# ----------------------------------------------------------------- acting


def test_action_is_applied(client: TestClient, settings: Settings) -> None:
    table = new_game(client, humans=2)
    before = state(client, table, 0)
    gem = before["legal"][1]["gem"]
    response = act(client, table, 0, {"type": "set_aside", "gem": gem}, expect_seq=0)
    assert response.status_code == 200
    after = response.json()
    assert after["type"] == "state"
    assert after["seq"] == 1
    assert after["you"]["seat"] == 0
    assert after["legal"] == []  # waiting for Bob now
    me = after["view"]["players"][0]
    assert me["aside"] == gem and gem not in me["hand"] and me["hand_size"] == 3
    assert stable(after) == stable(state(client, table, 0))
    assert public(client, table)["seq"] == 1
    assert state(client, table, 1)["view"]["players"][0]["has_set_aside"] is True
    assert db_rows(settings, "SELECT seq, seat, source FROM actions WHERE table_id = ?", table.table_id) == [
        (1, 0, "seat")]


def test_action_without_expect_seq(client: TestClient) -> None:
    table = new_game(client, humans=2)
    response = act(client, table, 1, state(client, table, 1)["legal"][0])
    assert response.status_code == 200
    assert response.json()["seq"] == 1


def test_illegal_action_on_a_current_view(client: TestClient) -> None:
    table = new_game(client, humans=2)
    mine = state(client, table, 0)
    not_mine = state(client, table, 1)["legal"][0]["gem"]  # Bob's gem, not Alice's
    before = snapshot(client, table)
    message = assert_error(act(client, table, 0, {"type": "set_aside", "gem": not_mine}, mine["seq"]),
                           422, "not_legal_now")
    assert "set_aside" in message  # says what is allowed
    assert_error(act(client, table, 0, {"type": "commit", "gem": mine["legal"][0]["gem"]}), 422, "not_legal_now")
    assert snapshot(client, table) == before


def test_acting_when_it_is_not_your_step(client: TestClient) -> None:
    table = new_game(client, humans=2)
    first = play(client, table, 0)
    before = snapshot(client, table)
    assert_error(act(client, table, 0, {"type": "set_aside", "gem": first["view"]["players"][0]["hand"][0]},
                     first["seq"]), 422, "not_your_turn")
    assert snapshot(client, table) == before


def test_stale_seq_for_an_action_no_longer_legal(client: TestClient) -> None:
    table = new_game(client, humans=2)
    old = state(client, table, 0)
    act(client, table, 0, old["legal"][0], old["seq"]).raise_for_status()
    play(client, table, 1)  # seq 2: now everyone commits
    before = snapshot(client, table)
    # Alice, still looking at seq 0, sends a second set-aside: no longer legal, and her view was old.
    response = act(client, table, 0, old["legal"][1], old["seq"])
    message = assert_error(response, 409, "stale_seq")
    assert "0" in message and "2" in message
    assert snapshot(client, table) == before
    # The same action on a current view is a plain 422.
    assert_error(act(client, table, 0, old["legal"][1], 2), 422, "not_legal_now")


def test_legal_action_with_old_seq_is_applied(client: TestClient) -> None:
    table = new_game(client, humans=2)
    view0 = state(client, table, 0)
    play(client, table, 1)  # seq moves to 1
    response = act(client, table, 0, view0["legal"][0], view0["seq"])
    assert response.status_code == 200
    assert response.json()["seq"] == 2
    assert response.json()["view"]["phase"] == "commit"


def test_simultaneous_steps_do_not_collide(client: TestClient, settings: Settings) -> None:
    table = new_game(client, humans=3)
    views = {seat: state(client, table, seat) for seat in range(3)}
    assert {v["seq"] for v in views.values()} == {0}
    for seat in range(3):
        response = act(client, table, seat, views[seat]["legal"][0], expect_seq=0)
        assert response.status_code == 200, response.text
        assert response.json()["seq"] == seat + 1
    final = state(client, table, 0)
    assert final["seq"] == 3
    assert final["view"]["phase"] == "commit"
    for seat in range(3):
        assert state(client, table, seat)["view"]["players"][seat]["aside"] == views[seat]["legal"][0]["gem"]
    assert db_rows(settings, "SELECT seq, seat FROM actions WHERE table_id = ? ORDER BY seq", table.table_id) == [
        (1, 0), (2, 1), (3, 2)]


def test_spectators_cannot_act(client: TestClient) -> None:
    table = new_game(client, humans=2)
    action = state(client, table, 0)["legal"][0]
    before = snapshot(client, table)
    response = client.post(f"{table.url}/actions", json={"action": action, "expect_seq": 0},
                           params={"spectate": table.spectate})
    assert_error(response, 403, "spectator")
    assert snapshot(client, table) == before


@pytest.mark.parametrize("action", ["set_aside", 7, None, [], ["set_aside"], {}, {"gem": "gem-01"}, {"type": 5},
                                    {"type": "dance"}, {"type": "set_aside"}, {"type": "set_aside", "gem": 3}])
def test_junk_actions(client: TestClient, action: object) -> None:
    table = new_game(client, humans=2)
    before = snapshot(client, table)
    response = act(client, table, 0, action, expect_seq=0)
    assert response.status_code == 422, response.text
    assert_error(response, 422, response.json()["error"]["code"])
    assert response.json()["error"]["code"] in {"bad_action", "not_legal_now"}
    assert snapshot(client, table) == before


def test_legal_action_with_extra_fields_is_refused(client: TestClient) -> None:
    table = new_game(client, humans=2)
    action = {**state(client, table, 0)["legal"][0], "points": 99}
    before = snapshot(client, table)
    assert_error(act(client, table, 0, action, 0), 422, "not_legal_now")
    assert snapshot(client, table) == before


@pytest.mark.parametrize("body", [{}, {"expect_seq": 0}, {"action": {"type": "continue"}, "expect_seq": "zero"},
                                  {"action": {"type": "continue"}, "expect_seq": 1.5},
                                  {"action": {"type": "continue"}, "expect_seq": "0"},
                                  {"action": {"type": "continue"}, "seq": 0}])
def test_bad_action_body(client: TestClient, body: dict[str, Any]) -> None:
    table = new_game(client, humans=2)
    before = snapshot(client, table)
    assert_error(client.post(f"{table.url}/actions", json=body, headers=table.host), 422, "bad_request")
    assert snapshot(client, table) == before


def test_acting_needs_a_seat(client: TestClient) -> None:
    table = new_game(client, humans=2)
    action = state(client, table, 0)["legal"][0]
    before = snapshot(client, table)
    assert_error(client.post(f"{table.url}/actions", json={"action": action}), 401, "no_credentials")
    assert_error(client.post(f"{table.url}/actions", json={"action": action}, headers=auth("x")), 401, "bad_token")
    assert snapshot(client, table) == before


def test_acting_in_the_lobby(client: TestClient) -> None:
    table = new_game(client, humans=2, started=False)
    before = snapshot(client, table)
    assert_error(act(client, table, 0, {"type": "set_aside", "gem": "gem-01"}), 409, "not_started")
    assert snapshot(client, table) == before


def test_a_whole_game_over_rest_and_acting_after_it(client: TestClient, settings: Settings) -> None:
    table = new_game(client, humans=2)
    seqs = []
    for _ in range(8):  # 2 set-asides, then 3 rounds of 2 commits
        for seat in (0, 1):
            current = state(client, table, seat)
            if current["legal"]:
                seqs.append(play(client, table, seat)["seq"])
    assert seqs == list(range(1, 9))
    final = state(client, table, 0)
    assert (final["status"], final["seq"], final["legal"], final["deadline"]) == ("finished", 8, [], None)
    result = final["result"]
    assert set(result) >= {"winners", "ranking", "reveal"}
    assert result["winners"] and set(result["winners"]) <= {0, 1}
    assert [r["seat"] for r in result["ranking"]] in ([0, 1], [1, 0])
    # At the end every secret is shown, to spectators too.
    watched = state(client, table, None)
    assert watched["result"] == result
    assert all(p["aside"] for p in watched["view"]["players"])
    assert watched["view"]["pouch"] is not None
    assert public(client, table)["status"] == "finished"

    before = snapshot(client, table)
    assert_error(act(client, table, 0, {"type": "continue"}, 8), 409, "game_over")
    assert_error(act(client, table, 1, {"type": "commit", "gem": "gem-01"}), 409, "game_over")
    assert snapshot(client, table) == before
    assert db_rows(settings, "SELECT count(*) FROM actions WHERE table_id = ?", table.table_id) == [(8,)]


def test_finished_bot_game_state(client: TestClient) -> None:
    table = new_game(client, humans=1, bots=2)
    final = play_to_end(client, table)
    assert final["status"] == "finished"
    assert final["seq"] == 3 + 3 * 3  # 3 set-asides, then 3 rounds of 3 commits
    assert final["result"]["winners"]
