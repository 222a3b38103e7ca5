"""The ``guided`` create option: stored with the table, public in its facts and in every state message, kept by a
rematch, off unless asked for; and each game's hints in ``GET /api/games``."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from games.registry import GAMES
from tests.api.helpers import assert_error, auth, new_game, play_to_end, public, state


def test_a_table_is_not_guided_unless_asked(client: TestClient) -> None:
    table = new_game(client, humans=2)
    assert public(client, table)["guided"] is False
    assert state(client, table, 0)["table"]["guided"] is False


def test_a_guided_table_says_so_to_seats_and_spectators(client: TestClient) -> None:
    table = new_game(client, humans=2, guided=True)
    assert public(client, table)["guided"] is True
    for viewer in (0, 1, None):
        assert state(client, table, viewer)["table"]["guided"] is True


@pytest.mark.parametrize("bad", ["yes", 1, None, {"on": True}])
def test_guided_must_be_true_or_false(client: TestClient, bad: Any) -> None:
    response = client.post("/api/tables", json={"game": "turncoats", "name": "Alice", "guided": bad})
    assert_error(response, 422, "bad_request")


def test_every_game_lists_its_hints(client: TestClient) -> None:
    listed = {game["id"]: game["hints"] for game in client.get("/api/games").json()}
    for game_id, game in GAMES.items():
        assert listed[game_id] == [{"id": h.id, "text": h.text, "when": dict(h.when)} for h in game.hints]
        assert listed[game_id], game_id


def test_play_again_after_a_guided_game_is_guided_too(client: TestClient) -> None:
    table = new_game(client, humans=2, options={"review_s": 0.5}, guided=True)
    play_to_end(client, table)
    response = client.post(f"{table.url}/again", headers=auth(table.tokens[0]))
    assert response.status_code == 200, response.text
    assert public(client, response.json()["table_id"])["guided"] is True
