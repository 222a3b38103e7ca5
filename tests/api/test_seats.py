"""Host powers in the lobby: bots, removing seats, leaving, starting; and who may ask (tokens)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from app.rebuild import load_games
from tests.api.helpers import (
    MAX_PLAYERS,
    add_bots,
    assert_error,
    auth,
    create,
    join,
    new_game,
    play_to_end,
    public,
    snapshot,
    state,
)

# ----------------------------------------------------------------- bots


def test_host_adds_bots(client: TestClient) -> None:
    table = create(client)
    body = add_bots(client, table, 2)
    seats = body["seats"]
    assert body == public(client, table)  # the reply is the new public table
    assert [s["seat"] for s in seats] == [0, 1, 2]
    assert [s["bot"] for s in seats] == [False, True, True]
    assert all(s["connected"] for s in seats[1:]), "bots are always there"
    assert seats[1]["bot_kind"] == "basic"
    assert len({s["name"] for s in seats}) == 3
    add_bots(client, table, 1, kind="random")
    assert public(client, table)["seats"][3]["bot_kind"] == "random"


def test_bots_fill_up_to_the_maximum(client: TestClient) -> None:
    table = create(client)
    add_bots(client, table, MAX_PLAYERS - 1)
    seats = public(client, table)["seats"]
    assert len(seats) == MAX_PLAYERS
    assert len({s["name"] for s in seats}) == MAX_PLAYERS


def test_bots_host_only(client: TestClient) -> None:
    table = create(client)
    join(client, table, "Bob")
    before = snapshot(client, table)
    assert_error(client.post(f"{table.url}/bots", json={"count": 1}, headers=table.headers(1)), 403, "not_host")
    assert snapshot(client, table) == before


@pytest.mark.parametrize("headers", [{}, {"Authorization": "Bearer nope"}, {"Authorization": "Token abc"},
                                     {"Authorization": "Bearer "}])
def test_bots_need_a_valid_token(client: TestClient, headers: dict[str, str]) -> None:
    table = create(client)
    before = snapshot(client, table)
    response = client.post(f"{table.url}/bots", json={"count": 1}, headers=headers)
    assert_error(response, 401, "no_credentials" if not headers else "bad_token")
    assert snapshot(client, table) == before


def test_bots_spectator_key_is_not_a_token(client: TestClient) -> None:
    table = create(client)
    before = snapshot(client, table)
    response = client.post(f"{table.url}/bots", json={"count": 1}, params={"spectate": table.spectate})
    assert_error(response, 401, "no_credentials")
    assert snapshot(client, table) == before


@pytest.mark.parametrize(("seated", "count"), [(1, MAX_PLAYERS), (3, 3), (MAX_PLAYERS, 1)])
def test_too_many_bots(client: TestClient, seated: int, count: int) -> None:
    table = new_game(client, humans=seated, started=False)
    before = snapshot(client, table)
    message = assert_error(client.post(f"{table.url}/bots", json={"count": count}, headers=table.host),
                           409, "table_full")
    assert str(MAX_PLAYERS - seated) in message  # how many seats are free
    assert snapshot(client, table) == before


@pytest.mark.parametrize("count", [0, -1, MAX_PLAYERS + 1, "2", 2.0, True])
def test_bot_count_out_of_range_or_not_a_whole_number(client: TestClient, count: object) -> None:
    table = create(client)
    before = snapshot(client, table)
    assert_error(client.post(f"{table.url}/bots", json={"count": count}, headers=table.host), 422, "bad_request")
    assert snapshot(client, table) == before


def test_unknown_bot_kind(client: TestClient) -> None:
    table = create(client)
    before = snapshot(client, table)
    response = client.post(f"{table.url}/bots", json={"count": 1, "kind": "deep-blue"}, headers=table.host)
    message = assert_error(response, 422, "unknown_bot")
    assert "basic" in message and "random" in message  # lists the kinds there are
    assert snapshot(client, table) == before


def test_bots_after_start(client: TestClient) -> None:
    table = new_game(client, humans=2)
    before = snapshot(client, table)
    assert_error(client.post(f"{table.url}/bots", json={"count": 1}, headers=table.host), 409, "already_started")
    assert snapshot(client, table) == before


# ----------------------------------------------------------------- remove a seat


def test_host_removes_a_seat_and_later_seats_move_down(client: TestClient) -> None:
    table = new_game(client, humans=4, bots=1, started=False)  # Alice Bob Carol Dave + a bot
    bob, carol, dave = table.tokens[1], table.tokens[2], table.tokens[3]
    response = client.delete(f"{table.url}/seats/1", headers=table.host)
    assert response.status_code == 200
    seats = response.json()["seats"]
    assert [(s["seat"], s["name"], s["bot"]) for s in seats][:3] == [(0, "Alice", False), (1, "Carol", False),
                                                                      (2, "Dave", False)]
    assert (seats[3]["seat"], seats[3]["bot"]) == (3, True)
    # Moved seats keep working with their old tokens, at their new numbers.
    assert client.get(f"{table.url}/state", headers=auth(carol)).json()["you"] == {"seat": 1, "name": "Carol"}
    assert client.get(f"{table.url}/state", headers=auth(dave)).json()["you"] == {"seat": 2, "name": "Dave"}
    # The removed person's token is gone.
    assert_error(client.get(f"{table.url}/state", headers=auth(bob)), 401, "bad_token")
    # Bots can be removed too.
    seats = client.delete(f"{table.url}/seats/3", headers=table.host).json()["seats"]
    assert [s["name"] for s in seats] == ["Alice", "Carol", "Dave"]


def test_remove_seat_host_only(client: TestClient) -> None:
    table = new_game(client, humans=3, started=False)
    before = snapshot(client, table)
    assert_error(client.delete(f"{table.url}/seats/2", headers=table.headers(1)), 403, "not_host")
    assert_error(client.delete(f"{table.url}/seats/2"), 401, "no_credentials")
    assert snapshot(client, table) == before


def test_remove_seat_refusals(client: TestClient) -> None:
    table = new_game(client, humans=2, started=False)
    before = snapshot(client, table)
    assert_error(client.delete(f"{table.url}/seats/0", headers=table.host), 422, "bad_request")
    assert_error(client.delete(f"{table.url}/seats/7", headers=table.host), 404, "unknown_seat")
    assert_error(client.delete(f"{table.url}/seats/x", headers=table.host), 422, "bad_request")
    assert snapshot(client, table) == before


def test_remove_seat_after_start(client: TestClient) -> None:
    table = new_game(client, humans=2)
    before = snapshot(client, table)
    assert_error(client.delete(f"{table.url}/seats/1", headers=table.host), 409, "already_started")
    assert snapshot(client, table) == before


# ----------------------------------------------------------------- leave


def test_leave_frees_the_seat(client: TestClient) -> None:
    table = new_game(client, humans=3, started=False)
    response = client.post(f"{table.url}/leave", headers=table.headers(1))
    assert response.status_code == 200
    assert response.json() == {"left": True}
    seats = public(client, table)["seats"]
    assert [(s["seat"], s["name"]) for s in seats] == [(0, "Alice"), (1, "Carol")]
    assert_error(client.get(f"{table.url}/state", headers=table.headers(1)), 401, "bad_token")
    assert client.get(f"{table.url}/state", headers=table.headers(2)).json()["you"]["seat"] == 1
    # The freed seat can be taken again.
    seat = join(client, table, "Dave")
    assert seat == 2


def test_host_leaving_passes_host_to_the_next_human(client: TestClient) -> None:
    table = create(client, "Alice")
    add_bots(client, table, 1)  # seat 1: a bot, which cannot host
    join(client, table, "Bob")  # seat 2
    client.post(f"{table.url}/leave", headers=table.host).raise_for_status()
    info = public(client, table)
    assert [s["name"] for s in info["seats"]][1] == "Bob"
    assert info["host_seat"] == 1
    assert info["seats"][info["host_seat"]]["bot"] is False
    # Bob now has the host's powers, the departed Alice none.
    bob = table.headers(2)
    assert client.post(f"{table.url}/start", headers=bob).status_code == 200
    assert public(client, table)["status"] == "playing"


def test_host_passes_when_a_seat_before_it_leaves(client: TestClient) -> None:
    table = create(client, "Alice")
    join(client, table, "Bob")
    bob = table.headers(1)
    client.post(f"{table.url}/leave", headers=table.host).raise_for_status()
    assert join(client, table, "Carol") == 1
    carol = table.headers(1)
    # Bob is now seat 0 and the host; Carol may not act as host.
    info = public(client, table)
    assert [s["name"] for s in info["seats"]] == ["Bob", "Carol"]
    assert info["host_seat"] == 0
    assert_error(client.post(f"{table.url}/start", headers=carol), 403, "not_host")
    assert client.post(f"{table.url}/start", headers=bob).status_code == 200


def test_leave_needs_a_token(client: TestClient) -> None:
    table = new_game(client, humans=2, started=False)
    before = snapshot(client, table)
    assert_error(client.post(f"{table.url}/leave"), 401, "no_credentials")
    assert_error(client.post(f"{table.url}/leave", headers=auth("forged")), 401, "bad_token")
    assert snapshot(client, table) == before


def test_leaving_a_game_in_play_hands_the_seat_to_a_bot(client: TestClient) -> None:
    """A seat in play cannot go: a bot plays it from then on, the leaver's token stops working, and everyone reads a
    public line saying so. The game goes on to its end."""
    table = new_game(client, humans=3)
    response = client.post(f"{table.url}/leave", headers=table.headers(1))
    assert response.status_code == 200 and response.json() == {"left": True}
    seats = public(client, table)["seats"]
    assert [(s["name"], s["bot"]) for s in seats] == [("Alice", False), ("Bob", True), ("Carol", False)]
    assert seats[1]["bot_kind"] == "basic"
    assert_error(client.get(f"{table.url}/state", headers=table.headers(1)), 401, "bad_token")
    lines = client.get(f"{table.url}/chat", headers=table.host).json()
    assert [(c["name"], c["kind"]) for c in lines if c["kind"] == "left"] == [("Bob", "left")]
    assert_error(client.post(f"{table.url}/leave", headers=table.headers(1)), 401, "bad_token")


def test_the_host_leaving_a_game_in_play_passes_the_host_on(client: TestClient) -> None:
    table = new_game(client, humans=3)
    client.post(f"{table.url}/leave", headers=table.host).raise_for_status()
    info = public(client, table)
    assert info["seats"][0]["bot"] is True
    assert info["host_seat"] == 1  # Bob, the next person still playing, hosts now


def test_leaving_a_finished_game_changes_nothing(client: TestClient) -> None:
    table = new_game(client, humans=2)
    play_to_end(client, table)
    before = snapshot(client, table)
    assert_error(client.post(f"{table.url}/leave", headers=table.host), 409, "already_started")
    assert snapshot(client, table) == before


# ----------------------------------------------------------------- start


def test_start(client: TestClient) -> None:
    table = new_game(client, humans=2, started=False)
    response = client.post(f"{table.url}/start", headers=table.host)
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "playing"
    assert body["seq"] == 0
    assert body == public(client, table)
    assert state(client, table, 0)["view"]["phase"] == "set_aside"


def test_start_host_only(client: TestClient) -> None:
    table = new_game(client, humans=2, started=False)
    before = snapshot(client, table)
    assert_error(client.post(f"{table.url}/start", headers=table.headers(1)), 403, "not_host")
    assert_error(client.post(f"{table.url}/start"), 401, "no_credentials")
    assert snapshot(client, table) == before


def test_start_not_enough_players(client: TestClient) -> None:
    table = create(client)
    before = snapshot(client, table)
    message = assert_error(client.post(f"{table.url}/start", headers=table.host), 409, "not_enough_players")
    assert "2" in message
    assert snapshot(client, table) == before
    assert state(client, table, 0)["view"] is None


def test_start_twice(client: TestClient) -> None:
    table = new_game(client, humans=2)
    client.post(f"{table.url}/actions", json={"action": state(client, table, 0)["legal"][0]},
                headers=table.host).raise_for_status()
    before = snapshot(client, table)
    assert_error(client.post(f"{table.url}/start", headers=table.host), 409, "already_started")
    assert snapshot(client, table) == before  # not dealt again


# --- bot levels ---------------------------------------------------------------------------------------------------


def test_games_list_their_bot_levels_default_first(client: TestClient) -> None:
    """Every served game: ``hard`` first where it has a searcher, else ``basic``; never ``random`` by default."""
    games = {game["id"]: game for game in client.get("/api/games").json()}
    for game_id, game in load_games([]).items():
        expected = (["hard"] if "hard" in game.searchers else []) + ["basic", "random"]
        assert games[game_id]["bots"] == expected, game_id


@pytest.mark.parametrize("game_id", sorted(load_games([])))
def test_bots_added_without_a_kind_get_the_game_s_default(client: TestClient, game_id: str) -> None:
    game = load_games([])[game_id]
    table = create(client, "Alice", game=game_id)
    default = next(entry["bots"][0] for entry in client.get("/api/games").json() if entry["id"] == game_id)
    added = add_bots(client, table, 1)
    assert added["seats"][1]["bot_kind"] == default == ("hard" if game.searchers else "basic")
    assert state(client, table, 0)["table"]["bot_kinds"][0] == default  # the lobby preselects it


def test_every_level_is_accepted_by_name_and_hard_only_where_a_game_searches(client: TestClient) -> None:
    searching = next(game_id for game_id, game in load_games([]).items() if game.searchers)
    table = create(client, "Alice", game=searching)
    for kind in ("random", "basic", "hard"):
        assert add_bots(client, table, 1, kind)["seats"][-1]["bot_kind"] == kind
    plain = create(client, "Bob")  # Hidden Hands: no searcher
    response = client.post(f"{plain.url}/bots", json={"count": 1, "kind": "hard"}, headers=plain.host)
    assert "Bots for this game: basic, random." in assert_error(response, 422, "unknown_bot")
