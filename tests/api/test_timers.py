"""Deadlines: the pure ``next_deadline`` rule, turn-timer settings, and a game window expiring end to end."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import sqlite3
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pydantic import BaseModel

from app.audit import ACTION_SOURCES
from app.main import create_app
from app.settings import Settings
from app.timing import Bank, next_deadline, read_bank
from games.protocol import TAKE_BACK, Game, State, apply_checked
from games.red_scare_redux import GAME as RSR
from tests.api.helpers import (
    GAME,
    act,
    add_bots,
    assert_error,
    auth,
    autoplay_settled,
    create,
    db_path,
    db_rows,
    new_game,
    play,
    public,
    start,
    state,
    wait_for,
)
from tests.games.red_scare_redux.scenario import act as rsr_act
from tests.games.red_scare_redux.scenario import make as rsr_make
from tests.support.hidden_hands import GAME as HIDDEN_HANDS

NOW = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
LATER = NOW + timedelta(seconds=3)


def first(state_: State, seat: int) -> State:
    return apply_checked(HIDDEN_HANDS, state_, seat, HIDDEN_HANDS.legal(state_, seat)[0])


def fresh(players: int = 3, review_s: float = 0) -> State:
    return HIDDEN_HANDS.new_state(players, {"review_s": review_s}, 7)


def in_review(review_s: float = 2) -> State:
    s = fresh(2, review_s)
    for seat in (0, 1, 0, 1):  # both set aside, both commit: round 1 is shown, the review window opens
        s = first(s, seat)
    assert s["phase"] == "review"
    return s


# ----------------------------------------------------------------- next_deadline, the pure rule


def test_no_timer_no_window_no_deadline() -> None:
    assert next_deadline(HIDDEN_HANDS, fresh(), {0, 1, 2}, None, None, None, NOW) == (None, None)
    assert next_deadline(HIDDEN_HANDS, fresh(), {0, 1, 2}, 0, None, None, NOW) == (None, None)


def test_turn_timer_runs_for_the_humans_play_waits_on() -> None:
    deadline, key = next_deadline(HIDDEN_HANDS, fresh(), {0, 1, 2}, 30, None, None, NOW)
    assert (deadline, key) == (NOW + timedelta(seconds=30), "t:0,1,2")
    # Bots are never timed: only the human seats count.
    assert next_deadline(HIDDEN_HANDS, fresh(), {1}, 30, None, None, NOW) == (NOW + timedelta(seconds=30), "t:1")
    assert next_deadline(HIDDEN_HANDS, fresh(), set(), 30, None, None, NOW) == (None, None)


def test_turn_timer_keeps_running_while_a_simultaneous_step_fills_up() -> None:
    start, key = next_deadline(HIDDEN_HANDS, fresh(), {0, 1, 2}, 30, None, None, NOW)
    after_one = first(fresh(), 0)
    assert next_deadline(HIDDEN_HANDS, after_one, {0, 1, 2}, 30, key, start, LATER) == (start, "t:1,2")


def test_turn_timer_restarts_when_someone_new_must_act() -> None:
    s = fresh(2)
    s = first(first(s, 0), 1)  # both set aside: a new step (commit) waits on both again
    old = NOW - timedelta(seconds=10)
    assert next_deadline(HIDDEN_HANDS, s, {0, 1}, 30, "t:1", old, NOW) == (NOW + timedelta(seconds=30), "t:0,1")
    # The same set as before is not a subset of itself shrinking: it starts afresh too.
    assert next_deadline(HIDDEN_HANDS, s, {0, 1}, 30, "t:0,1", old, NOW) == (NOW + timedelta(seconds=30), "t:0,1")


def test_a_game_window_has_its_own_length_and_key() -> None:
    s = in_review(2)
    deadline, key = next_deadline(HIDDEN_HANDS, s, {0, 1}, None, "t:0,1", NOW, NOW)
    assert (deadline, key) == (NOW + timedelta(seconds=2), "w:review-1")
    # The window beats the turn timer.
    assert next_deadline(HIDDEN_HANDS, s, {0, 1}, 600, None, None, NOW) == (NOW + timedelta(seconds=2), "w:review-1")


def test_a_window_holds_its_deadline_while_it_stays_open() -> None:
    s = in_review(2)
    deadline, key = next_deadline(HIDDEN_HANDS, s, {0, 1}, None, None, None, NOW)
    s = first(s, 0)  # one seat continues; the window is still open for the other
    assert next_deadline(HIDDEN_HANDS, s, {0, 1}, None, key, deadline, LATER) == (deadline, key)
    # A new window (the next round's review) gets a fresh deadline.
    s = first(s, 1)
    for seat in (0, 1):
        s = first(s, seat)
    assert s["phase"] == "review"
    assert next_deadline(HIDDEN_HANDS, s, {0, 1}, None, key, deadline, LATER) == (
        LATER + timedelta(seconds=2), "w:review-2")


def test_a_finished_game_has_no_deadline() -> None:
    s = fresh(2)
    while HIDDEN_HANDS.result(s) is None:
        s = first(s, HIDDEN_HANDS.waiting_on(s)[0])
    assert next_deadline(HIDDEN_HANDS, s, {0, 1}, 30, "t:0", NOW, NOW) == (None, None)


# ----------------------------------------------------------------- turn timer settings


@pytest.mark.parametrize("seconds", [1, 4.9, 0, -5, 3601])
def test_turn_timer_out_of_range(client: TestClient, settings: Settings, seconds: float) -> None:
    response = client.post("/api/tables", json={"game": GAME, "name": "Alice", "turn_timer": seconds})
    message = assert_error(response, 422, "invalid_options")
    assert "5" in message and "3600" in message
    assert db_rows(settings, "SELECT count(*) FROM tables") == [(0,)]


@pytest.mark.parametrize("seconds", [5, 90, 3600, None])
def test_turn_timer_in_range(client: TestClient, seconds: float | None) -> None:
    table = new_game(client, humans=2, started=False, turn_timer=seconds)
    assert public(client, table)["turn_timer"] == seconds


def test_turn_timer_sets_a_deadline(client: TestClient) -> None:
    table = new_game(client, humans=2, turn_timer=30)
    before = datetime.now(UTC)
    mine = state(client, table, 0)
    deadline = datetime.fromisoformat(mine["deadline"])
    assert deadline.tzinfo is not None
    assert before + timedelta(seconds=25) < deadline <= before + timedelta(seconds=31)
    assert state(client, table, None)["deadline"] == mine["deadline"]  # a public fact
    # Alice acts: the step only loses a seat, so the clock keeps running for Bob.
    assert play(client, table, 0)["deadline"] == mine["deadline"]


def test_untimed_table_has_no_deadline(client: TestClient) -> None:
    table = new_game(client, humans=2)
    assert state(client, table, 0)["deadline"] is None


# ----------------------------------------------------------------- a window expiring, end to end


def sources(settings: Settings, table_id: str) -> list[tuple[int, int, str, str]]:
    return [(seq, seat, action, source) for seq, seat, action, source in db_rows(
        settings, "SELECT seq, seat, action, source FROM actions WHERE table_id = ? ORDER BY seq", table_id)]


def away(client: TestClient, table: object) -> list[bool]:
    return [s["away"] for s in public(client, table)["seats"]]  # type: ignore[arg-type]


def test_review_window_expires_and_the_sweeper_continues(client: TestClient, settings: Settings) -> None:
    table = new_game(client, humans=2, options={"review_s": 1})
    for seat in (0, 1, 0):
        play(client, table, seat)
    opened = datetime.now(UTC)
    play(client, table, 1)  # the last commit: round 1 is shown and the 1-second review opens
    review = state(client, table, 0)
    seen = datetime.now(UTC)
    assert (review["seq"], review["view"]["phase"]) == (4, "review")
    assert review["legal"] == [{"type": "continue"}]
    deadline = datetime.fromisoformat(review["deadline"])
    assert opened + timedelta(seconds=1) <= deadline <= seen + timedelta(seconds=1)
    assert away(client, table) == [False, False]

    # Nobody continues: when the window closes the sweeper continues for both.
    after = wait_for(lambda: (s := state(client, table, 0))["seq"] == 6 and s, timeout=5, what="the window to expire")
    assert datetime.now(UTC) >= deadline
    assert after["view"]["phase"] == "commit" and after["view"]["round"] == 2
    assert after["deadline"] is None
    assert sources(settings, table.table_id)[4:] == [(5, 0, '{"type": "continue"}', "timer"),
                                                     (6, 1, '{"type": "continue"}', "timer")]
    # Who had not continued is secret (the review is a secret step), so nobody is marked away for it.
    assert away(client, table) == [False, False]

    # Round 2: Alice continues in time, Bob lets the window run out again.
    play(client, table, 0)
    play(client, table, 1)
    assert state(client, table, 0)["view"]["phase"] == "review"
    response = act(client, table, 0, {"type": "continue"})
    assert response.status_code == 200
    wait_for(lambda: state(client, table, 0)["seq"] == 10, timeout=5, what="the second window to expire")
    assert sources(settings, table.table_id)[8:] == [(9, 0, '{"type": "continue"}', "seat"),
                                                     (10, 1, '{"type": "continue"}', "timer")]
    assert away(client, table) == [False, False]
    assert state(client, table, 1)["view"]["round"] == 3


# ----------------------------------------------------------------- a two-step turn times out whole


class NoOptions(BaseModel):
    pass


def _two_step_setup(players: int, options: BaseModel, seed: int) -> State:
    return {"players": players, "turn": 0, "step": "pick", "picks": [None] * players, "log": []}


def _two_step_legal(s: State, seat: int) -> list[dict]:
    if s["turn"] >= s["players"] or seat != s["turn"]:
        return []
    if s["step"] == "pick":
        return [{"type": "pick", "n": n} for n in (1, 2)]
    return [{"type": "confirm"}]


def _two_step_apply(s: State, seat: int, action: dict) -> None:
    if action["type"] == "pick":
        s["picks"][seat] = action["n"]
        s["step"] = "confirm"
    else:
        s["turn"] += 1
        s["step"] = "pick"


TWO_STEP = Game(
    id="two-step", title="Two steps a turn", min_players=2, max_players=2, options=NoOptions,
    setup=_two_step_setup, legal=_two_step_legal, apply=_two_step_apply,
    view=lambda s, viewer: {"turn": s["turn"], "step": s["step"], "picks": s["picks"]},
    result=lambda s: {"winners": [0, 1], "ranking": [], "reveal": {}} if s["turn"] >= s["players"] else None,
    default_action=lambda s, seat: _two_step_legal(s, seat)[0],
    bots={"basic": lambda view, legal, rand: legal[0]},
)


def run_out(client: TestClient, settings: Settings, table_id: str) -> None:
    """The table's deadline "passed": moved a second into the past in the database, behind the server's back, and
    the server's schedule told to look now (as it would have at the real deadline)."""
    with sqlite3.connect(db_path(settings), timeout=30) as connection:
        connection.execute("UPDATE tables SET deadline = ? WHERE id = ?",
                           ((datetime.now(UTC) - timedelta(seconds=1)).strftime("%Y-%m-%d %H:%M:%S.%f"), table_id))
    # Set in the app's own thread: an asyncio event set from another thread would not wake the schedule's task.
    schedule = client.app.state.autoplay.schedule  # type: ignore[attr-defined]
    client.portal.call(schedule.set, table_id, datetime.now(UTC))  # type: ignore[union-attr]


def test_a_timed_out_seat_s_second_step_times_out_with_it(settings: Settings) -> None:
    with TestClient(create_app(settings, games={TWO_STEP.id: TWO_STEP})) as client:
        created = client.post("/api/tables", json={"game": "two-step", "name": "Alice", "turn_timer": 60}).json()
        table_id, host = created["table_id"], auth(created["token"])
        invite = created["invite_url"].split("invite=")[1]
        client.post(f"/api/tables/{table_id}/join", json={"name": "Bob", "invite": invite}).raise_for_status()
        client.post(f"/api/tables/{table_id}/start", headers=host).raise_for_status()
        # Alice's turn "ran out": move the deadline into the past.
        run_out(client, settings, table_id)
        wait_for(lambda: client.get(f"/api/tables/{table_id}").json()["seq"] >= 2, timeout=5,
                 what="the sweeper to time Alice out")
        autoplay_settled(client, table_id)  # the sweep has looked again since: Bob's turn must not be touched
        rows = db_rows(settings, "SELECT seq, seat, action, source FROM actions WHERE table_id = ? ORDER BY seq",
                       table_id)
        assert rows == [(1, 0, '{"type": "pick", "n": 1}', "timer"), (2, 0, '{"type": "confirm"}', "timer")]
        bob = client.get(f"/api/tables/{table_id}/state", headers=host).json()
        assert bob["view"] == {"turn": 1, "step": "pick", "picks": [1, None]}
        deadline = datetime.fromisoformat(bob["deadline"])
        assert deadline - datetime.now(UTC) > timedelta(seconds=55)  # Bob has his own full minute
        assert [s["away"] for s in client.get(f"/api/tables/{table_id}").json()["seats"]] == [True, False]


# ----------------------------------------------------------------- a secret step's timeout has no follow-up


def _ready_legal(s: State, seat: int) -> list[dict]:
    if s["step"] == "ready":
        return [] if s["ready"][seat] else [{"type": "ready"}]
    if s["step"] == "go" and seat == 1:
        return [{"type": "go"}]
    return []


def _ready_apply(s: State, seat: int, action: dict) -> None:
    if action["type"] == "ready":
        s["ready"][seat] = True
        if all(s["ready"]):
            s["step"] = "go"  # then seat 1 alone has a public step of its own
    else:
        s["step"] = "done"


READY_THEN_GO = Game(
    id="ready-then-go", title="Ready, then go", min_players=2, max_players=2, options=NoOptions,
    setup=lambda players, options, seed: {"players": players, "step": "ready", "ready": [False] * players, "log": []},
    legal=_ready_legal, apply=_ready_apply,
    view=lambda s, viewer: {"step": s["step"]},  # who is ready is secret
    result=lambda s: {"winners": [0, 1], "ranking": [], "reveal": {}} if s["step"] == "done" else None,
    default_action=lambda s, seat: _ready_legal(s, seat)[0],
    bots={"basic": lambda view, legal, rand: legal[0]},
    secret_step=lambda s: "ready" if s["step"] == "ready" else None,
)


@pytest.mark.parametrize("late", [0, 1])
def test_a_timeout_in_a_secret_step_does_not_play_the_late_seat_s_next_step(settings: Settings, late: int) -> None:
    """Seat 1's own step follows the secret one. Were it played at once after seat 1 timed out (as a two-step turn's
    second step is), everyone would learn that seat 1, not seat 0, was the one still to get ready."""
    with TestClient(create_app(settings, games={READY_THEN_GO.id: READY_THEN_GO})) as client:
        created = client.post("/api/tables", json={"game": "ready-then-go", "name": "Alice", "turn_timer": 60}).json()
        table_id, tokens = created["table_id"], [created["token"]]
        invite = created["invite_url"].split("invite=")[1]
        joined = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob", "invite": invite})
        tokens.append(joined.json()["token"])
        client.post(f"/api/tables/{table_id}/start", headers=auth(tokens[0])).raise_for_status()
        on_time = 1 - late
        client.post(f"/api/tables/{table_id}/actions", json={"action": {"type": "ready"}},
                    headers=auth(tokens[on_time])).raise_for_status()
        run_out(client, settings, table_id)
        wait_for(lambda: client.get(f"/api/tables/{table_id}").json()["seq"] >= 2, timeout=5,
                 what="the sweeper to time the late seat out")
        autoplay_settled(client, table_id)  # the sweep has looked again since: seat 1's own step waits for seat 1
        public_ = client.get(f"/api/tables/{table_id}").json()
        assert public_["seq"] == 2 and public_["status"] == "playing"
        assert [s["away"] for s in public_["seats"]] == [False, False]
        bob = client.get(f"/api/tables/{table_id}/state", headers=auth(tokens[1])).json()
        assert bob["legal"] == [{"type": "go"}]
        assert datetime.fromisoformat(bob["deadline"]) - datetime.now(UTC) > timedelta(seconds=55)


# ----------------------------------------------------------------- a deadline racing the end of the game


FIRST_WORD = Game(
    id="first-word", title="Whoever speaks first ends it", min_players=2, max_players=2, options=NoOptions,
    setup=lambda players, options, seed: {"players": players, "ended_by": None, "log": []},
    legal=lambda s, seat: [] if s["ended_by"] is not None else [{"type": "end"}],
    apply=lambda s, seat, action: s.update(ended_by=seat),
    view=lambda s, viewer: {"ended_by": s["ended_by"]},
    result=lambda s: None if s["ended_by"] is None else {"winners": [s["ended_by"]], "ranking": [], "reveal": {}},
    default_action=lambda s, seat: {"type": "end"},
    bots={"basic": lambda view, legal, rand: legal[0]},
)


class Recorded(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def test_a_deadline_that_fires_as_the_game_ends_is_dropped_quietly(settings: Settings) -> None:
    """The timer has read the table (in play, deadline passed) and waits for the table's lock while Bob's last move
    ends the game. Its default move then finds the game over: the deadline is dropped, without an error in the log,
    and the table is not looked at again. Meanwhile the schedule comes due again (each default move of a step that
    keeps its deadline is announced with it): that look waits for the first instead of racing it."""
    recorded = Recorded()
    logging.getLogger("app").addHandler(recorded)
    try:
        with TestClient(create_app(settings, games={FIRST_WORD.id: FIRST_WORD})) as client:
            created = client.post("/api/tables", json={"game": "first-word", "name": "Alice", "turn_timer": 60})
            table_id, alice = created.json()["table_id"], created.json()["token"]
            invite = created.json()["invite_url"].split("invite=")[1]
            bob = client.post(f"/api/tables/{table_id}/join", json={"name": "Bob", "invite": invite}).json()["token"]
            client.post(f"/api/tables/{table_id}/start", headers=auth(alice)).raise_for_status()
            service, autoplay = client.app.state.service, client.app.state.autoplay  # type: ignore[attr-defined]
            bob_holder = client.portal.call(service.holder, table_id, bob)
            real_act = service.act
            timer_moves: list[int | None] = []
            looks_at_once: list[int] = []

            async def bob_first(table: str, who: Any, action: Any, expect_seq: int | None = None,
                                **how: Any) -> int:
                if how.get("source") == "timer":
                    timer_moves.append(expect_seq)
                    if len(timer_moves) == 1:
                        autoplay.schedule.set(table, datetime.now(UTC))  # due again, as an announcement would set it
                        while autoplay.schedule.get(table) is not None:
                            await asyncio.sleep(0.01)
                        looks_at_once.append(autoplay.schedule.visits)
                        await real_act(table, bob_holder, {"type": "end"}, expect_seq)  # Bob's move got the lock first
                return int(await real_act(table, who, action, expect_seq, **how))

            service.act = bob_first
            run_out(client, settings, table_id)
            wait_for(lambda: timer_moves and autoplay.schedule.visits == 0, timeout=5,
                     what="the timer's look at the table to end")
            assert client.get(f"/api/tables/{table_id}").json()["status"] == "finished"
            rows = db_rows(settings, "SELECT seq, seat, source FROM actions WHERE table_id = ?", table_id)
            assert rows == [(1, 1, "seat")]  # Bob's move, and nothing of the timer's
            assert autoplay.schedule.get(table_id) is None  # not to be looked at again
            assert timer_moves == [0]  # tried once, on the seq it had read, and not retried
            assert looks_at_once == [1]
    finally:
        logging.getLogger("app").removeHandler(recorded)
    problems = [(r.name, r.getMessage(), r.exc_info is not None) for r in recorded.records]
    assert problems == [], problems


# ----------------------------------------------------------------- a turn of several actions: its time bank


def at(seconds: float) -> datetime:
    return NOW + timedelta(seconds=seconds)


class Clock:
    """``next_deadline`` as the server runs it: after every change, from the deadline and key it set last."""

    def __init__(self, humans: set[int], timer: float = 30) -> None:
        self.humans, self.timer = humans, timer
        self.deadline: datetime | None = None
        self.key: str | None = None

    def after(self, state: State, when: float) -> datetime | None:
        self.deadline, self.key = next_deadline(RSR, state, self.humans, self.timer, self.key, self.deadline, at(when))
        return self.deadline


GIVE = {"type": "give", "card": "Funds 1", "to": 2}


def test_each_action_of_a_turn_gets_the_timer_afresh_as_long_as_the_turn_s_bank_lasts() -> None:
    """Four actions a turn, a 30 s timer: every action gets 30 s, and the turn as a whole at most 4 × 30 s. A give and
    its take-back are actions that leave the turn where it was: they cost time from the bank all the same."""
    clock = Clock({0, 1, 2, 3})
    s = rsr_make(4, hands={0: ["Funds 1"]})
    assert clock.after(s, 0) == at(30)
    s = rsr_act(s, 0, GIVE)
    assert clock.after(s, 25) == at(55)  # afresh: the next action gets the whole timer
    s = rsr_act(s, 0, TAKE_BACK)
    assert clock.after(s, 54) == at(84)
    s = rsr_act(s, 0, GIVE)
    assert clock.after(s, 83) == at(113)
    s = rsr_act(s, 0, TAKE_BACK)
    assert clock.after(s, 112) == at(120)  # 8 s of the bank are left, not 30: the turn ends at 4 × 30 s
    s = rsr_act(s, 0, {"type": "end_turn"})
    assert s["order"][s["turn_index"]] == 1
    assert clock.after(s, 119) == at(149)  # the next turn has a bank of its own


def test_a_window_holds_the_turn_s_bank_and_its_deadline_does_not_tell_who_continued() -> None:
    """A response window is the opponents' time, not the player's: the bank holds while it is open. The window's own
    deadline holds while it waits on several opponents (who has continued is secret), and so does its key."""
    clock = Clock({0, 1, 2, 3})
    s = rsr_make(4, hands={0: ["Funds 1", "Requisition"]})  # quick windows, 5 s
    clock.after(s, 0)
    for when, action in ((25, GIVE), (54, TAKE_BACK)):
        s = rsr_act(s, 0, action)
        clock.after(s, when)
    s = rsr_act(s, 0, {"type": "black_ops", "card": "Requisition"})  # 100 s of the bank spent: 20 s left
    opened = clock.after(s, 100)
    assert opened == at(105) and s["window"] is not None
    key = clock.key
    s = rsr_act(s, 1, {"type": "continue"})  # one of the two opponents continues
    assert clock.after(s, 101) == opened and clock.key == key
    s = rsr_act(s, 3, {"type": "continue"})  # the window closes long after its time, all the same
    assert s["window"] is None and s["step"] is not None and s["step"]["kind"] == "draw"
    assert clock.after(s, 160) == at(180)  # the 20 s the bank held while the window was open
    s = rsr_act(s, 0, {"type": "draw", "deck": "omega"})
    assert clock.after(s, 170) == at(180)


def test_a_turn_s_bank_is_not_shared_by_the_next_turn_of_the_same_seat() -> None:
    """In 1v1 the turns alternate: seat 0's next turn starts with a full bank however its last one went."""
    clock = Clock({0, 1})
    s = rsr_make(2)
    clock.after(s, 0)
    for when in (29, 58, 87):
        s = rsr_act(s, 0, {"type": "draw", "deck": "delta"})
        clock.after(s, when)
    s = rsr_act(s, 0, {"type": "draw", "deck": "delta"})
    assert clock.after(s, 116) == at(146)  # seat 1's turn
    for when in (120, 121, 122, 123):
        s = rsr_act(s, 1, {"type": "draw", "deck": "delta"})
        clock.after(s, when)
    assert s["order"][s["turn_index"]] == 0
    assert clock.deadline == at(153)
    s = rsr_act(s, 0, {"type": "draw", "deck": "delta"})
    assert clock.after(s, 152) == at(182)


def test_a_turn_waiting_on_nobody_timed_has_no_deadline() -> None:
    clock = Clock({1})  # seat 0 is a bot
    assert clock.after(rsr_make(2), 0) is None and clock.key is None


def rsr_table(client: TestClient, timer: float = 60) -> tuple[Any, int]:
    """A 1v1 Red Scare Redux table of two people, timed; returns it and whose turn comes first."""
    table = new_game(client, humans=2, turn_timer=timer, game="red-scare-redux")
    return table, state(client, table, 0)["view"]["turn"]


def left(message: dict[str, Any]) -> timedelta:
    return datetime.fromisoformat(message["deadline"]) - datetime.now(UTC)


def test_an_idle_player_s_turn_is_played_for_them_and_the_next_turn_gets_the_whole_timer(
        client: TestClient, settings: Settings) -> None:
    table, first = rsr_table(client)
    other = 1 - first
    assert play(client, table, first)["view"]["actions_left"] == 3  # one action in time (the first legal: a draw)
    run_out(client, settings, table.table_id)  # then nothing: the turn's time runs out
    theirs = wait_for(lambda: (s := state(client, table, other))["view"]["turn"] == other and s, timeout=10,
                      what="the rest of the idle player's turn to be played")
    played = sources(settings, table.table_id)[1:]
    assert played and {(seat, source) for _, seat, _, source in played} == {(first, "timer")}
    assert theirs["seq"] == 1 + len(played)
    assert theirs["view"]["actions_left"] == 4
    assert timedelta(seconds=55) < left(theirs) <= timedelta(seconds=60)
    assert away(client, table) == [seat == first for seat in (0, 1)]


def test_a_turn_s_actions_are_timed_from_what_is_left_of_its_bank(client: TestClient, settings: Settings) -> None:
    """The bank is kept with the table's deadline: with 12 s of it left, the next action gets 12 s, not 60."""
    table, first = rsr_table(client)
    key = db_rows(settings, "SELECT timer_key FROM tables WHERE id = ?", table.table_id)[0][0]
    bank = read_bank(key)
    assert bank is not None and bank.seconds == 240 and bank.since is not None  # four actions of 60 s, running
    low = Bank(bank.turn, 12, datetime.now(UTC)).text()
    with sqlite3.connect(db_path(settings), timeout=30) as connection:
        connection.execute("UPDATE tables SET timer_key = ? WHERE id = ?", (key.replace(bank.text(), low),
                                                                            table.table_id))
    client.portal.call(client.app.state.service.forget, table.table_id)  # type: ignore[attr-defined,union-attr]
    after = play(client, table, first)
    assert timedelta(seconds=5) < left(after) <= timedelta(seconds=12)
    assert state(client, table, 1 - first)["deadline"] == after["deadline"]  # public, the same for everyone


def test_a_window_that_closes_itself_is_recorded_as_expire(settings: Settings) -> None:
    """The audit names a self-closing window's end as docs/API.md section 7 does: source ``expire``, seat null (the
    name is also held to the document by tests/api/test_api_doc.py). Rows stored under the old name read the same."""
    closing = "tests.support.closing_hands:GAME"
    with TestClient(create_app(dataclasses.replace(settings, extra_games=[*settings.extra_games, closing]))) as client:
        table = create(client, "Alice", {"review_s": 0.05}, game="closing-hands")
        add_bots(client, table, 1)
        start(client, table)
        client.post(f"{table.url}/seats/0/bot", headers=table.host).raise_for_status()  # bots play it to its end
        wait_for(lambda: public(client, table)["status"] == "finished", timeout=60, what="the game to finish")
        audit = client.get(f"{table.url}/audit").json()
        closed = [(a["seat"], a["action"], a["source"]) for a in audit["actions"] if a["action"] == {"type": "expire"}]
        assert closed == [(None, {"type": "expire"}, "expire")] * 3  # one window after each of the three rounds
        assert {a["source"] for a in audit["actions"]} <= set(ACTION_SOURCES)
        # A database written before the name was settled holds "timer" there: the audit says "expire" all the same.
        with sqlite3.connect(db_path(settings)) as db:
            db.execute("UPDATE actions SET source = 'timer' WHERE table_id = ? AND seat IS NULL", (table.table_id,))
        again = client.get(f"{table.url}/audit").json()
        assert [a["source"] for a in again["actions"]] == [a["source"] for a in audit["actions"]]
