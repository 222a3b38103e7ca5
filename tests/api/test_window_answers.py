"""Standing answers to game windows at turn-based tables (app/windows.py): a window never holds a turn-based game
past its short live length for a seat that lets windows pass (the default), a seat that answers windows itself is
waited for and told "You may react", and the route that keeps the answer refuses what it should."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

import app.timing
from app.main import create_app
from app.settings import Settings
from tests.api.helpers import Table, act, assert_error, db_rows, new_game, state, wait_for
from tests.support.push_endpoint import PushEndpoint

RP = "raiding-parties"
HOUR = 3600.0
REACTION_S = 5  # Raiding Parties' default reaction time: the delay of a standing pass


class Frozen:
    """The platform's clock, standing still until the test moves it (a busy machine cannot move it)."""

    def __init__(self) -> None:
        self.at = datetime.now(UTC)

    def __call__(self) -> datetime:
        return self.at


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[Frozen]:
    fake = Frozen()
    monkeypatch.setattr(app.timing, "_clock", fake)
    yield fake


def look(client: TestClient, table: Table) -> None:
    """What the schedule does when a table's time comes: play what is due."""
    client.portal.call(client.app.state.autoplay._look, table.table_id)  # type: ignore[attr-defined]


def reaction(message: dict[str, Any]) -> dict[str, Any] | None:
    prompt = message["view"].get("prompt")
    return prompt if prompt is not None and prompt.get("kind") == "reaction" else None


def sources(settings: Settings, table: Table) -> list[tuple[int, int | None, str]]:
    return db_rows(settings, "SELECT seq, seat, source FROM actions WHERE table_id = ? ORDER BY seq", table.table_id)


def answer(client: TestClient, table: Table, seat: int, value: Any) -> Any:
    return client.post(f"{table.url}/window-answer", json={"answer": value}, headers=table.headers(seat))


def move_alice(client: TestClient, table: Table, message: dict[str, Any]) -> None:
    """Alice plays her first concrete legal action (a ready-made party, then whatever comes first)."""
    chosen = next(a for a in message["legal"] if not a.get("template"))
    response = act(client, table, 0, chosen, message["seq"])
    assert response.status_code == 200, response.text


def run_window(client: TestClient, table: Table, clock: Frozen, message: dict[str, Any]) -> None:
    """An open window at an hour-a-move table: open a second before its standing passes fall due, closed then."""
    prompt = reaction(message)
    assert prompt is not None
    deadline = datetime.fromisoformat(message["deadline"])
    opened = deadline - timedelta(seconds=HOUR)  # a window lasts the time per move here (it is under 12 h)
    clock.at = opened + timedelta(seconds=REACTION_S - 1)
    look(client, table)
    assert state(client, table, 0)["seq"] == message["seq"]  # not a moment early, whatever the seat holds
    clock.at = opened + timedelta(seconds=REACTION_S)
    look(client, table)
    after = state(client, table, 0)
    assert after["seq"] > message["seq"]
    assert (reaction(after) or {}).get("key") != prompt["key"]


def test_a_seat_that_never_comes_back_never_holds_the_game_on_its_windows(client: TestClient, settings: Settings,
                                                                         clock: Frozen) -> None:
    table = new_game(client, humans=2, pace="turn-based", turn_timer=HOUR, game=RP)
    windows = {0: 0, 1: 0}
    moves = 0
    while moves < 1000:  # a game of two ends well before (its quiet-turns limit)
        message = state(client, table, 0)
        if message["status"] == "finished":
            break
        moves += 1
        prompt = reaction(message)
        if prompt is not None:
            windows[prompt["seat"]] += 1
            run_window(client, table, clock, message)
        elif message["legal"]:
            move_alice(client, table, message)
        else:  # Bob's move: Bob never comes back, so his time runs out and the default is played for him
            clock.at = datetime.fromisoformat(message["deadline"])
            look(client, table)
            assert state(client, table, 0)["seq"] > message["seq"]
    assert state(client, table, 0)["status"] == "finished"
    assert windows[1] >= 3, windows
    played = sources(settings, table)
    # Every window was passed by its standing answer at its short delay, none ran to its deadline.
    assert sum(1 for _, _, source in played if source == "auto") == sum(windows.values())
    assert {seat for _, seat, source in played if source == "auto"} == {s for s, n in windows.items() if n}


def until_a_window_asks_bob(client: TestClient, table: Table, clock: Frozen,
                            tick: timedelta = timedelta()) -> dict[str, Any]:
    """Play on (Alice's first moves, ``tick`` apart; Bob's timeouts; Alice's windows passed) until a window asks
    Bob."""
    for _ in range(400):
        message = state(client, table, 0)
        prompt = reaction(message)
        if prompt is not None and prompt["seat"] == 1:
            return message
        if prompt is not None:
            run_window(client, table, clock, message)
        elif message["legal"]:
            clock.at += tick
            move_alice(client, table, message)
        else:
            clock.at = datetime.fromisoformat(message["deadline"])
            look(client, table)
    pytest.fail("no window asked Bob")


def test_an_answer_changed_inside_a_window_keeps_its_pass_on_time(client: TestClient, settings: Settings,
                                                                  clock: Frozen) -> None:
    table = new_game(client, humans=2, pace="turn-based", turn_timer=HOUR, game=RP)
    assert answer(client, table, 1, "respond").status_code == 200
    message = until_a_window_asks_bob(client, table, clock)
    opened = datetime.fromisoformat(message["deadline"]) - timedelta(seconds=HOUR)
    clock.at = opened + timedelta(seconds=2)
    assert answer(client, table, 1, "pass").status_code == 200  # before the delay has run: the pass still waits
    schedule = client.app.state.autoplay.schedule  # type: ignore[attr-defined]
    due = opened + timedelta(seconds=REACTION_S)
    # The changed answer calls for a look now (unless the schedule's task has made it already).
    assert schedule.get(table.table_id) in (clock.at, due)
    schedule.set(table.table_id, None)  # taken by the schedule's task, as it does when a time comes
    look(client, table)  # nothing is due yet: the look keeps the pass's own time
    assert schedule.get(table.table_id) == due
    assert state(client, table, 0)["seq"] == message["seq"]
    clock.at = due
    look(client, table)
    assert sources(settings, table)[-1] == (message["seq"] + 1, 1, "auto")


def test_a_seat_that_answers_windows_itself_is_waited_for_and_may_react(client: TestClient, settings: Settings,
                                                                         clock: Frozen) -> None:
    table = new_game(client, humans=2, pace="turn-based", turn_timer=HOUR, game=RP)
    assert answer(client, table, 1, "respond").json() == {"answer": "respond", "chosen": True, "turn_based": True}
    message = until_a_window_asks_bob(client, table, clock)
    clock.at = datetime.fromisoformat(message["deadline"]) - timedelta(minutes=10)  # long past the short delay
    look(client, table)
    assert state(client, table, 0)["seq"] == message["seq"]  # waited for
    mine = client.post("/api/your-tables", json={"tables": [
        {"table_id": table.table_id, "token": table.tokens[1]}]}).json()["tables"][0]
    assert (mine["may_react"], mine["your_move"], mine["window_answer"]) == (True, False, "respond")
    alice = client.post("/api/your-tables", json={"tables": [
        {"table_id": table.table_id, "token": table.tokens[0]}]}).json()["tables"][0]
    assert alice["may_react"] is False
    # Bob lets windows pass after all: the pass long due is played at once.
    assert answer(client, table, 1, "pass").status_code == 200
    look(client, table)
    assert state(client, table, 0)["seq"] > message["seq"]
    assert sources(settings, table)[-1][1:] == (1, "auto")


def test_the_standing_answer_route_refuses_and_changes_nothing(client: TestClient, settings: Settings) -> None:
    table = new_game(client, humans=2, pace="turn-based", game=RP)
    live = new_game(client, humans=2, game=RP)
    stored = "SELECT seat, window_answer FROM seats WHERE table_id = ? ORDER BY seat"
    for bad in ("later", "", None, 1, ["pass"]):
        response = answer(client, table, 0, bad)
        assert response.status_code == 422, (bad, response.text)
    assert_error(answer(client, table, 0, "maybe"), 422, "bad_answer")
    spectator = client.post(f"{table.url}/window-answer", params={"spectate": table.spectate},
                            json={"answer": "respond"})
    assert_error(spectator, 401, "no_credentials")
    wrong = client.post(f"{table.url}/window-answer", json={"answer": "respond"},
                        headers={"Authorization": "Bearer not-a-token"})
    assert_error(wrong, 401, "bad_token")
    other = client.post(f"{table.url}/window-answer", json={"answer": "respond"}, headers=live.headers(0))
    assert_error(other, 401, "bad_token")
    assert_error(answer(client, live, 0, "respond"), 409, "not_turn_based")
    assert db_rows(settings, stored, table.table_id) == [(0, None), (1, None)]
    assert db_rows(settings, stored, live.table_id) == [(0, None), (1, None)]
    # Unchosen, the answer is the default, pass; reading it needs the seat's token too.
    got = client.get(f"{table.url}/window-answer", headers=table.headers(1))
    assert got.json() == {"answer": "pass", "chosen": False, "turn_based": True}
    assert_error(client.get(f"{table.url}/window-answer", params={"spectate": table.spectate}), 401,
                 "no_credentials")
    assert answer(client, table, 1, "respond").status_code == 200
    assert db_rows(settings, stored, table.table_id) == [(0, None), (1, "respond")]


def test_a_window_that_waits_on_a_seat_is_pushed_like_a_turn(settings: Settings, clock: Frozen) -> None:
    settings.push_insecure_endpoints = True  # the test's endpoint is plain http on 127.0.0.1
    endpoint = PushEndpoint()
    try:
        with TestClient(create_app(settings)) as client:
            table = new_game(client, humans=2, pace="turn-based", turn_timer=HOUR, game=RP, started=False)
            for seat, name in ((0, "alice"), (1, "bob")):
                response = client.post(f"{table.url}/push", json=endpoint.subscription(name),
                                       headers=table.headers(seat))
                assert response.status_code == 200, response.text
            assert answer(client, table, 1, "respond").status_code == 200  # Alice lets windows pass (the default)
            assert client.post(f"{table.url}/start", headers=table.host).status_code == 200
            # Alice's moves a minute apart, so no push is held back by the minute between two pushes to a seat.
            until_a_window_asks_bob(client, table, clock, tick=timedelta(seconds=61))

            def reacts(name: str) -> list[dict[str, Any]]:
                notes = [endpoint.decrypt(p) for p in list(endpoint.received) if p.path == f"/push/{name}"]
                return [note for note in notes if note["title"] == "You may react"]

            wait_for(lambda: reacts("bob"), what="Bob's push for the window that waits on him")
            assert reacts("bob")[-1] == {"title": "You may react",
                                         "body": "You may react at Alice's Raiding Parties table",
                                         "url": f"/t/{table.table_id}"}
            assert reacts("alice") == []  # her windows were passed for her: nothing waited on her
    finally:
        endpoint.close()
