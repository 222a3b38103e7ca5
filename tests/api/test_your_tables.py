"""Your tables: one request (credentials in its body) lists every table a browser holds a seat or spectator link
at, with whose move it is; a table that is gone, or a seat that went, is named for the page to drop."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from app.expiry import expire_tables
from tests.api.helpers import Table, assert_error, new_game, play


def ask(client: TestClient, *held: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/api/your-tables", json={"tables": list(held)})
    assert response.status_code == 200, response.text
    return response.json()


def seat(table: Table, number: int) -> dict[str, Any]:
    return {"table_id": table.table_id, "token": table.tokens[number]}


def test_your_tables_say_whose_move_it_is(client: TestClient) -> None:
    live = new_game(client, humans=2, turn_timer=60)
    turn_based = new_game(client, humans=2, pace="turn-based")
    lobby = new_game(client, humans=1, started=False)
    play(client, live, 0)  # Alice has set aside at the live table: only Bob is left to act there
    watched = new_game(client, humans=2)

    listed = ask(client, seat(live, 0), seat(turn_based, 0), seat(lobby, 0),
                 {"table_id": watched.table_id, "spectate": watched.spectate})
    assert listed["gone"] == []
    by_id = {t["table_id"]: t for t in listed["tables"]}
    assert by_id[live.table_id] | {"updated_at": None, "deadline": None} == {
        "table_id": live.table_id, "game": "hidden-hands", "title": by_id[live.table_id]["title"],
        "status": "playing", "pace": "live", "turn_timer": 60.0, "seat": 0, "host": "Alice", "host_seat": 0,
        "players": [{"seat": 0, "name": "Alice", "bot": False}, {"seat": 1, "name": "Bob", "bot": False}],
        "your_move": False, "may_react": False, "window_answer": None,
        "waiting_on": ["Bob"], "deadline": None, "updated_at": None, "next_table_id": None}
    assert by_id[live.table_id]["deadline"] is not None
    assert (by_id[turn_based.table_id]["pace"], by_id[turn_based.table_id]["your_move"]) == ("turn-based", True)
    assert by_id[turn_based.table_id]["waiting_on"] == ["Alice", "Bob"]
    assert (by_id[lobby.table_id]["status"], by_id[lobby.table_id]["your_move"]) == ("lobby", False)
    assert (by_id[watched.table_id]["seat"], by_id[watched.table_id]["your_move"]) == (None, False)
    # Your move first; then the most recently changed first.
    order = [t["table_id"] for t in listed["tables"]]
    assert order == [turn_based.table_id, watched.table_id, live.table_id, lobby.table_id]

    # Bob sees his move at the live table.
    bob = ask(client, seat(live, 1))["tables"][0]
    assert (bob["seat"], bob["your_move"]) == (1, True)


def test_a_table_that_is_gone_or_a_credential_that_fails_is_named(client: TestClient) -> None:
    kept = new_game(client, humans=2)
    left = new_game(client, humans=2, started=False)
    response = client.post(f"{left.url}/leave", headers=left.headers(1))
    assert response.status_code == 200
    doomed = new_game(client, humans=1, started=False)
    client.app.state.service.settings.lobby_ttl_hours = 0  # type: ignore[attr-defined]
    client.portal.call(expire_tables, client.app.state.service)  # type: ignore[attr-defined]
    listed = ask(client, seat(kept, 0), seat(left, 1), seat(doomed, 0),
                 {"table_id": "no-such-table", "token": "x"},
                 {"table_id": kept.table_id, "spectate": "not-the-key"},
                 {"table_id": kept.table_id, "token": "not-a-token"})
    assert [t["table_id"] for t in listed["tables"]] == [kept.table_id]
    assert listed["gone"] == [left.table_id, doomed.table_id, "no-such-table", kept.table_id, kept.table_id]


def test_bad_requests_are_refused(client: TestClient) -> None:
    table = new_game(client, humans=2)
    assert_error(client.post("/api/your-tables", json={"tables": [seat(table, 0)] * 101}), 422, "bad_request")
    assert_error(client.post("/api/your-tables", json={"tables": [{"table": table.table_id}]}), 422, "bad_request")
    assert_error(client.post("/api/your-tables", json={}), 422, "bad_request")
