"""A table's pace: live (today's tables) or turn-based (a time per move of hours or days, kept across restarts, its
passed deadline playing the default move once), with idle expiry that follows the pace."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import anyio
import pytest
from fastapi.testclient import TestClient

import app.timing
from app.expiry import expire_tables
from app.main import create_app
from app.pace import WINDOW_S
from app.settings import Settings
from app.timing import next_deadline
from games.protocol import Window
from tests.api.helpers import GAME, assert_error, db_rows, new_game, play, public, state
from tests.api.test_timers import in_review
from tests.support.hidden_hands import GAME as HIDDEN_HANDS

HOUR = 3600.0
NOW = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)


class Clock:
    """The platform's clock, moved by the test instead of slept through."""

    def __init__(self) -> None:
        self.shift = timedelta()

    def __call__(self) -> datetime:
        return datetime.now(UTC) + self.shift


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[Clock]:
    fake = Clock()
    monkeypatch.setattr(app.timing, "_clock", fake)
    yield fake


def timer_actions(settings: Settings, table_id: str) -> list[tuple[int, int, str]]:
    return db_rows(settings, "SELECT seq, seat, source FROM actions WHERE table_id = ? AND source = 'timer' "
                             "ORDER BY seq", table_id)


# ----------------------------------------------------------------- choosing the pace


def test_a_table_is_live_unless_asked(client: TestClient) -> None:
    table = new_game(client, humans=2, started=False, turn_timer=30)
    assert (public(client, table)["pace"], public(client, table)["turn_timer"]) == ("live", 30)


@pytest.mark.parametrize(("seconds", "kept"), [(None, 86400.0), (HOUR, HOUR), (3 * 86400, 3 * 86400.0)])
def test_turn_based_time_per_move(client: TestClient, seconds: float | None, kept: float) -> None:
    table = new_game(client, humans=2, started=False, pace="turn-based", turn_timer=seconds)
    facts = public(client, table)
    assert (facts["pace"], facts["turn_timer"]) == ("turn-based", kept)


@pytest.mark.parametrize(("body", "words"), [
    ({"pace": "turn-based", "turn_timer": 60}, "3600"),  # a minute is a live table's timer, not a move's time
    ({"pace": "turn-based", "turn_timer": 3 * 86400 + 1}, "259200"),
    ({"pace": "weekly"}, "live, turn-based"),
    ({"pace": "live", "turn_timer": 7200}, "3600"),
])
def test_a_bad_pace_is_refused_and_stores_nothing(client: TestClient, settings: Settings, body: dict[str, object],
                                                  words: str) -> None:
    response = client.post("/api/tables", json={"game": GAME, "name": "Alice", **body})
    assert words in assert_error(response, 422, "invalid_options")
    assert db_rows(settings, "SELECT count(*) FROM tables") == [(0,)]


def test_a_window_lasts_hours_at_a_turn_based_table() -> None:
    s = in_review(2)
    humans = {0, 1}
    live = next_deadline(HIDDEN_HANDS, s, humans, 30, None, None, NOW)
    assert live == (NOW + timedelta(seconds=2), "w:review-1")  # a live table keeps the game's seconds
    day = next_deadline(HIDDEN_HANDS, s, humans, 86400, None, None, NOW, pace="turn-based")
    assert day == (NOW + timedelta(seconds=WINDOW_S), "w:review-1")
    # Never longer than the time per move.
    assert next_deadline(HIDDEN_HANDS, s, humans, HOUR, None, None, NOW, pace="turn-based")[0] == NOW + timedelta(
        seconds=HOUR)
    # A game may name its own turn-based length for a window.
    own = HIDDEN_HANDS.__class__(**{**HIDDEN_HANDS.__dict__, "window": lambda _: Window("w", 2, False, 600.0)})
    assert next_deadline(own, s, humans, 86400, None, None, NOW, pace="turn-based")[0] == NOW + timedelta(seconds=600)


# ----------------------------------------------------------------- deadlines over restarts and a fake clock


def test_a_one_hour_deadline_survives_a_restart(settings: Settings) -> None:
    with TestClient(create_app(settings)) as client:
        table = new_game(client, humans=2, pace="turn-based", turn_timer=HOUR)
        before = datetime.now(UTC)
        deadline = state(client, table, 0)["deadline"]
        assert before + timedelta(seconds=HOUR - 5) < datetime.fromisoformat(deadline) <= before + timedelta(
            seconds=HOUR)
    with TestClient(create_app(settings)) as client:
        assert state(client, table, 1)["deadline"] == deadline
        # The restarted server's schedule looks at the table when the deadline passes (and not before).
        schedule = client.app.state.autoplay.schedule  # type: ignore[attr-defined]
        grace = timedelta(seconds=settings.handover_grace)
        assert schedule.get(table.table_id) == datetime.fromisoformat(deadline) + grace


def test_a_passed_deadline_plays_the_default_once(client: TestClient, settings: Settings, clock: Clock) -> None:
    table = new_game(client, humans=2, pace="turn-based", turn_timer=HOUR)
    play(client, table, 0)  # Alice sets a gem aside; Bob does not
    deadline = datetime.fromisoformat(state(client, table, 0)["deadline"])
    look = client.app.state.autoplay._look  # type: ignore[attr-defined]

    clock.shift = deadline - datetime.now(UTC) - timedelta(minutes=1)
    client.portal.call(look, table.table_id)  # a minute early: nothing happens
    assert timer_actions(settings, table.table_id) == []

    clock.shift = deadline - datetime.now(UTC) + timedelta(seconds=1)
    service = client.app.state.service  # type: ignore[attr-defined]
    real_act = service.act
    tried: list[int | None] = []  # the seq each look's default was decided on
    both_decided = anyio.Event()

    async def held_until_both_decided(table_id: str, who: Any, action: Any, expect_seq: int | None = None,
                                      **how: Any) -> int:
        if how.get("source") == "timer":
            tried.append(expect_seq)
            if len(tried) == 2:
                both_decided.set()
            with anyio.fail_after(10):  # the other look reaches its default too: the race is really run
                await both_decided.wait()
        return int(await real_act(table_id, who, action, expect_seq, **how))

    failed: list[BaseException] = []

    async def one_look() -> None:
        try:
            await look(table.table_id)
        except Exception as exc:  # kept, so the count below is reached whatever a look did
            failed.append(exc)

    async def two_looks() -> None:  # two looks racing (two workers, or a retry): one default between them
        async with anyio.create_task_group() as group:
            group.start_soon(one_look)
            group.start_soon(one_look)

    service.act = held_until_both_decided
    client.portal.call(two_looks)
    service.act = real_act
    client.portal.call(look, table.table_id)
    assert tried == [1, 1]  # both looks decided on the passed deadline at seq 1
    assert timer_actions(settings, table.table_id) == [(2, 1, "timer")]  # and it was played exactly once
    assert failed == []  # the loser of the race stopped quietly
    after = state(client, table, 0)
    assert after["seq"] == 2 and after["view"]["phase"] == "commit"
    assert [s["away"] for s in after["table"]["seats"]] == [False, True]  # the host may now hand Bob to a bot
    # The next step has its own hour from the (moved) clock.
    assert datetime.fromisoformat(after["deadline"]) >= deadline + timedelta(seconds=HOUR)


def test_idle_expiry_follows_the_pace(client: TestClient, settings: Settings, clock: Clock) -> None:
    live = new_game(client, humans=2, turn_timer=None)
    turn_based = new_game(client, humans=2, pace="turn-based", turn_timer=3 * 86400)
    lobby = new_game(client, humans=1, started=False, pace="turn-based")
    live_lobby = new_game(client, humans=1, started=False)
    service = client.app.state.service  # type: ignore[attr-defined]
    clock.shift = timedelta(hours=settings.lobby_ttl_hours + 1)
    client.portal.call(expire_tables, service, settings)
    left = {row[0] for row in db_rows(settings, "SELECT id FROM tables")}
    assert live_lobby.table_id not in left
    assert left == {live.table_id, turn_based.table_id, lobby.table_id}  # a turn-based lobby waits longer
    clock.shift = timedelta(hours=settings.idle_ttl_hours + 1)
    client.portal.call(expire_tables, service, settings)
    left = {row[0] for row in db_rows(settings, "SELECT id FROM tables")}
    # The live game nobody moved is gone; the turn-based one's deadline still runs (its default move will come), and
    # its lobby waits a week for friends... but not past it.
    assert left == {turn_based.table_id}
    assert live.table_id not in left and lobby.table_id not in left
