"""Your tables: one request (credentials in its body) lists every table a browser holds a seat or spectator link
at, with whose move it is; a table that is gone, or a seat that went, is named for the page to drop."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from app import held_tables
from app.expiry import expire_tables
from app.main import create_app
from app.settings import Settings
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


def test_a_table_that_is_gone_or_a_credential_that_fails_is_named(client: TestClient, settings: Settings) -> None:
    kept = new_game(client, humans=2)
    left = new_game(client, humans=2, started=False)
    response = client.post(f"{left.url}/leave", headers=left.headers(1))
    assert response.status_code == 200
    doomed = new_game(client, humans=1, started=False)
    settings.lobby_ttl_hours = 0
    client.portal.call(expire_tables, client.app.state.service, settings)  # type: ignore[attr-defined]
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


def counting_reads(client: TestClient) -> list[str]:
    """The tables the service reads from the database from now on, one entry per read."""
    service = client.app.state.service  # type: ignore[attr-defined]
    reads: list[str] = []
    load = service._load_held

    async def counted(table_id: str) -> Any:
        reads.append(table_id)
        return await load(table_id)

    service._load_held = counted
    return reads


def test_a_wrong_token_costs_no_more_than_a_right_one(client: TestClient,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A table held here is judged from what is held: a wrong token is not worth a database read (under the table's
    lock) that a right one does not cost. Counted in reads, not in time, so a busy machine changes nothing."""
    monkeypatch.setattr(held_tables, "RECHECK_S", 3600.0)  # the held copy counts as read a moment ago
    table = new_game(client, humans=2)
    ask(client, seat(table, 0))  # held here now, whatever the creation left
    reads = counting_reads(client)
    for _ in range(10):
        assert ask(client, seat(table, 0), seat(table, 1))["gone"] == []
    right = len(reads)
    wrong = [{"table_id": table.table_id, "token": f"wrong-{n}"} for n in range(50)]
    for _ in range(10):
        assert len(ask(client, *wrong)["gone"]) == 50
    assert right == 0
    assert len(reads) - right <= right, f"500 wrong tokens read the table {len(reads) - right} times"


def test_a_flood_of_wrong_tokens_reads_a_table_at_most_once_a_moment(client: TestClient,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A held copy read longer ago than the bound is checked again once for a token it lacks (a seat may have been
    taken through another worker whose announcement is still on its way); the wrong tokens after it are answered
    from that fresh copy."""
    monkeypatch.setattr(held_tables, "RECHECK_S", 3600.0)
    table = new_game(client, humans=2)
    ask(client, seat(table, 0))
    service = client.app.state.service  # type: ignore[attr-defined]
    service.tables._read_at[table.table_id] -= 7200.0  # read two hours ago, as far as the bound can tell
    reads = counting_reads(client)
    wrong = [{"table_id": table.table_id, "token": f"wrong-{n}"} for n in range(50)]
    assert len(ask(client, *wrong)["gone"]) == 50
    assert reads == [table.table_id]  # one look at the database, for all fifty


def test_a_seat_taken_through_another_worker_is_found(settings: Settings, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two workers on one database, whose announcements do not reach each other (as one still on its way): a seat
    taken through the other is found here once the held copy is older than the bound."""
    monkeypatch.setattr(held_tables, "RECHECK_S", 0.0)
    with TestClient(create_app(settings)) as here, TestClient(create_app(settings)) as there:
        table = new_game(here, humans=1, started=False)
        assert ask(here, seat(table, 0))["gone"] == []  # held here
        joined = there.post(f"{table.url}/join", json={"name": "Bob", "invite": table.invite})
        assert joined.status_code == 200, joined.text
        listed = ask(here, {"table_id": table.table_id, "token": joined.json()["token"]})
        assert (listed["gone"], [t["seat"] for t in listed["tables"]]) == ([], [1])


def test_your_tables_are_metered_per_address(settings: Settings) -> None:
    settings.your_tables_rate = (3, 60.0)
    with TestClient(create_app(settings)) as client:
        table = new_game(client, humans=2)
        for _ in range(3):
            ask(client, seat(table, 0))
        refused = client.post("/api/your-tables", json={"tables": [seat(table, 0)]})
        assert_error(refused, 429, "rate_limited")
        assert table.table_id not in refused.text  # nothing of the table is told
