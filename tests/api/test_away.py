"""While you were away (issue 35): each seat's marker of what it last saw is kept on the server (so every device of
the seat shares it) and goes only to that seat, with the personal line of what the timer played for it; telling the
server what was seen changes nothing anyone is sent. The commit time of each seq is public, for "3 h ago"."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from fastapi.testclient import TestClient

from app.away import away as away_of
from app.away import mark_seen, played_for_you
from app.errors import ApiError
from app.main import create_app
from app.seats import Holder
from app.settings import Settings
from tests.api.helpers import Table, assert_error, connect, db_rows, flush, new_game, opening, play, state
from tests.api.test_pace import HOUR, Clock, clock, timer_actions  # noqa: F401 - clock is a fixture

__all__ = ["clock"]


def seen(client: TestClient, table: Table, seat: int, seq: object) -> dict[str, object]:
    response = client.post(f"{table.url}/seen", json={"seq": seq}, headers=table.headers(seat))
    assert response.status_code == 200, response.text
    return dict(response.json())


def away(client: TestClient, table: Table, seat: int) -> dict[str, object]:
    response = client.get(f"{table.url}/away", headers=table.headers(seat))
    assert response.status_code == 200, response.text
    return dict(response.json())


def run_out_bobs_time(client: TestClient, table: Table, clock: Clock) -> None:
    """Alice moves, Bob does not: his hour passes and the timer plays his default."""
    play(client, table, 0)
    deadline = datetime.fromisoformat(state(client, table, 0)["deadline"])
    clock.shift = deadline - datetime.now(UTC) + timedelta(seconds=1)
    client.portal.call(client.app.state.autoplay._look, table.table_id)  # type: ignore[attr-defined]


def test_the_marker_and_the_personal_line_go_to_their_seat_only(settings: Settings, clock: Clock) -> None:
    with TestClient(create_app(settings)) as phone:
        table = new_game(phone, humans=3, pace="turn-based", turn_timer=HOUR)
        start_seq = state(phone, table, 1)["seq"]
        assert seen(phone, table, 1, start_seq)["seen_seq"] == start_seq
        assert away(phone, table, 1)["played_for_you"] is None
        run_out_bobs_time(phone, table, clock)
        played = timer_actions(settings, table.table_id)
        assert [(seat, source) for _, seat, source in played if seat == 1] == [(1, "timer")]
    # Bob opens the table on another device (another server process, the same database): it knows what he saw.
    with TestClient(create_app(settings)) as laptop:
        bob = away(laptop, table, 1)
        assert bob["seen_seq"] == start_seq and bob["seq"] == state(laptop, table, 1)["seq"] > start_seq
        assert bob["played_for_you"] == {"counts": {"set_aside": 1},
                                         "text": "Time ran out: 1 move was played for you."}
        # Alice moved herself; Carol never said what she saw, and the timer played for her as well, to her only.
        assert away(laptop, table, 0)["played_for_you"] is None
        carol = away(laptop, table, 2)
        assert carol["seen_seq"] == 0 and carol["seen_at"] is None
        assert carol["played_for_you"] == bob["played_for_you"]
        # A spectator has no marker, nor can one seat read another's: the route knows only the caller's own seat.
        assert_error(laptop.get(f"{table.url}/away", params={"spectate": table.spectate}), 401, "no_credentials")
        assert_error(laptop.get(f"{table.url}/away"), 401, "no_credentials")
        # Once Bob has seen the newest seq, nothing is "since" any more, on any device.
        seen(laptop, table, 1, bob["seq"])
        assert away(laptop, table, 1)["played_for_you"] is None
    with TestClient(create_app(settings)) as phone:
        assert away(phone, table, 1)["seen_seq"] == bob["seq"]


def test_the_marker_never_goes_back_and_bad_seqs_change_nothing(client: TestClient, settings: Settings) -> None:
    table = new_game(client, humans=2)
    play(client, table, 0)
    now = state(client, table, 0)["seq"]
    seen(client, table, 0, now)
    assert seen(client, table, 0, 0)["seen_seq"] == now  # an older tab reporting late
    before = db_rows(settings, "SELECT seen_seq, seen_at FROM seats WHERE seat = 0")
    for bad in (-1, now + 1, "3", 2.5, None):
        response = client.post(f"{table.url}/seen", json={"seq": bad}, headers=table.host)
        assert response.status_code == 422, response.text
    assert_error(client.post(f"{table.url}/seen", json={"seq": now + 1}, headers=table.host), 422, "bad_seq")
    assert_error(client.post(f"{table.url}/seen", json={"seq": 0}, headers={"Authorization": "Bearer nope"}),
                 401, "bad_token")
    assert_error(client.post(f"{table.url}/seen", json={"seq": 0}, params={"spectate": table.spectate}),
                 401, "no_credentials")
    assert db_rows(settings, "SELECT seen_seq, seen_at FROM seats WHERE seat = 0") == before


def test_saying_what_was_seen_sends_nobody_anything(client: TestClient, settings: Settings) -> None:
    table = new_game(client, humans=2)
    version = db_rows(settings, "SELECT version, seq FROM tables")
    with connect(client, f"/ws/tables/{table.table_id}?token={table.tokens[1]}") as bob:
        opening(bob)
        flush(bob)  # his own arrival
        seen(client, table, 0, state(client, table, 0)["seq"])
        seen(client, table, 1, state(client, table, 1)["seq"])
        assert flush(bob) == []  # no state, patch or presence came of it
    assert db_rows(settings, "SELECT version, seq FROM tables") == version


def test_each_seq_has_its_public_time(client: TestClient) -> None:
    table = new_game(client, humans=2)
    before = datetime.now(UTC)
    play(client, table, 0)
    play(client, table, 1)
    seq = state(client, table, 0)["seq"]
    for credentials in ({"headers": table.host}, {"params": {"spectate": table.spectate}}):
        times = client.get(f"{table.url}/times", **credentials).json()["times"]  # type: ignore[arg-type]
        assert list(times) == [str(s) for s in range(1, seq + 1)]
        assert all(before - timedelta(seconds=5) <= datetime.fromisoformat(t) <= datetime.now(UTC)
                   for t in list(times.values())[-2:])
    later = client.get(f"{table.url}/times", params={"after": seq - 1}, headers=table.host).json()["times"]
    assert list(later) == [str(seq)]
    assert_error(client.get(f"{table.url}/times", params={"after": -1}, headers=table.host), 422, "bad_request")
    assert_error(client.get(f"{table.url}/times"), 401, "no_credentials")


def test_the_personal_line_counts_by_the_games_words() -> None:
    assert played_for_you("red-scare-redux", ["draw", "discard"] * 4) == (
        "Time ran out: 4 draws and 4 discards were played for you.")
    assert played_for_you("turncoats", ["march"]) == "Time ran out: 1 march was played for you."
    assert played_for_you("turncoats", ["march", "march", "recruit", "mystery"]) == (
        "Time ran out: 2 marches, 1 recruit and 1 move were played for you.")
    assert played_for_you("unknown", ["a", "b", "c"]) == "Time ran out: 3 moves were played for you."
    assert played_for_you("turncoats", []) is None


def test_a_red_scare_turn_played_by_the_timer_is_said_in_the_games_words(client: TestClient, settings: Settings,
                                                                          clock: Clock) -> None:
    """Nobody comes back to a turn-based Red Scare Redux table: the timer plays each turn's draws and discards."""
    table = new_game(client, humans=4, pace="turn-based", turn_timer=HOUR, game="red-scare-redux")
    for seat in range(4):
        seen(client, table, seat, state(client, table, seat)["seq"])
    look = client.app.state.autoplay._look  # type: ignore[attr-defined]
    alices: list[tuple[int, int, str]] = []
    for _ in range(200):  # each look plays one passed deadline; a turn is a handful of them
        alices = [row for row in timer_actions(settings, table.table_id) if row[1] == 0]
        if len(alices) >= 4:
            break
        deadline = datetime.fromisoformat(state(client, table, 0)["deadline"])
        clock.shift = deadline - datetime.now(UTC) + timedelta(seconds=1)
        client.portal.call(look, table.table_id)
    assert len(alices) >= 4, "the timer never played Alice's turn"
    kinds = [row[0] for row in db_rows(settings, "SELECT json_extract(action, '$.type') FROM actions WHERE "
                                                 "table_id = ? AND seat = 0 AND source = 'timer' ORDER BY seq",
                                       table.table_id)]
    told = away(client, table, 0)["played_for_you"]
    assert told == {"counts": {kind: kinds.count(kind) for kind in sorted(set(kinds))},
                    "text": played_for_you("red-scare-redux", kinds)}
    assert "draw" in told["text"] and "move" not in told["text"]  # the game's own words, not "moves"


def test_a_seat_gone_meanwhile_is_told_so_as_everywhere(client: TestClient, settings: Settings) -> None:
    """A seat that goes between the credential check and the answer (here: asked for with the row of a seat that
    left) gets 403 seat_gone, as every other route says it, not 401 bad_token."""
    table = new_game(client, humans=2, started=False)
    bob_id = db_rows(settings, "SELECT id FROM seats WHERE table_id = ? AND seat = 1", table.table_id)[0][0]
    assert client.post(f"{table.url}/leave", headers=table.headers(1)).status_code == 200
    service = client.app.state.service  # type: ignore[attr-defined]
    for ask in (lambda: away_of(service, table.table_id, Holder(bob_id)),
                lambda: mark_seen(service, table.table_id, Holder(bob_id), 0)):
        with pytest.raises(ApiError) as refused:
            client.portal.call(ask)  # type: ignore[union-attr]
        assert (refused.value.status, refused.value.code) == (403, "seat_gone")
