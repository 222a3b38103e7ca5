"""Standing leak test for turn notifications (issue 22): a push crosses a third-party push service, so neither
whether a seat is pushed nor what the push says may differ with anything hidden from that seat.

For every game: (1) at states of played games, each seat's push (due or not, and its text) is the same in the true
state and in a redraw of everything that seat cannot see (``game.resample``); (2) as in the side-channel test
(test_side_channels.py), inside a step whose actors are secret, the pushes every other seat gets are the same
whichever of two seats acted, in person, by bot or by timeout."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from app.held import NO_FACTS, Held, Seat, Table, facts_of
from app.mine import entry as mine_entry
from app.play import play
from app.push import note_for, pushes_after
from app.turns import due_seats
from games.protocol import Game
from tests.games.test_side_channels import LATER, START, _listed_reason, _sources, _table
from tests.support.corpus import cases, each_game
from tests.support.hidden_hands import GAME as HIDDEN_HANDS

ROOT = Path(__file__).resolve().parents[2]

STATES = 12  # states per game played where every seat's push is checked against a redraw
SECRET_STATES = 6


def push_for(game: Game, state: dict[str, Any], seat: int) -> str | None:
    """What ``seat`` is pushed at ``state`` (its text), or None: everything a push service could learn."""
    if seat not in due_seats(game, state, facts_of(game, state)):
        return None
    return note_for("turn", game.title, "Host", "TABLE", "").payload()


@pytest.mark.parametrize(("game", "players", "options"), cases("ends"))
def test_a_push_is_the_same_whatever_the_seat_cannot_see(game: Game, players: int,
                                                         options: dict[str, Any] | None) -> None:
    assert game.resample is not None, f"{game.id} has no resample: its pushes cannot be checked"
    checked = 0
    for seed, states, _ in each_game(game, players, options, seeds=1):
        rand = random.Random(f"push {seed}")
        for index in sorted(rand.sample(range(len(states)), min(STATES, len(states)))):
            state = states[index]
            if game.result(state) is not None:
                continue
            for seat in range(players):
                twin = game.resample(state, seat, random.Random(f"twin {seed} {index} {seat}"))
                assert push_for(game, twin, seat) == push_for(game, state, seat), (
                    f"seed {seed}, state {index}: seat {seat}'s push depends on what it cannot see")
                checked += 1
    assert checked


def pushed(game: Game, state: dict[str, Any], before: dict[str, Any] | None, bots: set[int], seat: int, source: str,
           monkeypatch: pytest.MonkeyPatch) -> tuple[str, set[int]] | None:
    """The push the server decides on when ``seat`` acts (by ``source``) at ``state``: at a turn-based table whose
    people all answer windows themselves, so "You may react" is decided too (a live table pushes the same turns)."""
    row, seats = _table(game, state, bots, START, monkeypatch, before)
    row.pace = "turn-based"
    seats = [replace(s, window_answer="respond") for s in seats]
    held_before = Held(row, list(seats), facts_of(game, state))
    after_row, after_seats = type(row)(**{f: getattr(row, f) for f in row.__slots__}), list(seats)
    monkeypatch.setattr("app.play.now", lambda: LATER)
    _, facts = play(game, after_row, after_seats, seat, game.default_action(state, seat), source)
    return pushes_after(game, held_before, Held(after_row, after_seats, facts))


@pytest.mark.parametrize(("game", "players", "options"), cases("ends"))
def test_who_acted_in_a_secret_step_changes_no_one_elses_push(game: Game, players: int,
                                                               options: dict[str, Any] | None,
                                                               monkeypatch: pytest.MonkeyPatch,
                                                               request: pytest.FixtureRequest) -> None:
    case = request.node.callspec.id
    checked = 0
    for seed, states, _ in each_game(game, players, options, seeds=1):
        rand = random.Random(f"secret push {seed}")
        bots = {n for n in range(players) if n % 2 == 1} if seed % 2 else set()
        candidates = [i for i, s in enumerate(states)
                      if game.result(s) is None and game.secret_step(s) is not None and len(game.required(s)) >= 2]
        for index in sorted(rand.sample(candidates, min(SECRET_STATES, len(candidates)))):
            state, before = states[index], states[index - 1] if index else None
            if before is not None and game.secret_step(before) != game.secret_step(state):
                before = None

            for a, b in itertools.combinations(game.required(state), 2):
                for source_a, source_b in itertools.product(_sources(a, bots), _sources(b, bots)):
                    # The pushes everyone but the two actors gets, as (kind, seat) pairs.
                    heard = [set() if p is None else {(p[0], s) for s in p[1] - {a, b}}
                             for p in (pushed(game, state, before, bots, a, source_a, monkeypatch),
                                       pushed(game, state, before, bots, b, source_b, monkeypatch))]
                    assert heard[0] == heard[1], (
                        f"seed {seed}, state {index}: seat {a} or {b} acting changes another seat's push")
                    checked += 1
                break  # one pair per state keeps the suite quick
    # As the side-channel test judges it: a case with nothing checked is one its game declares so, with the reason.
    reason = _listed_reason(game, case)
    if checked == 0:
        assert reason is not None, f"{case} checked no secret step where several seats owe an action; declare " \
                                   "Game.secret_step, or list the case in its Facts.no_secret_step with the reason"
        pytest.skip(f"{case}: {reason}")
    assert reason is None, f"{case} is listed in its game's Facts.no_secret_step but checked {checked} secret-step " \
                           "states: unlist it"


# ----------------------------------------------------------------- "You may react" (issue 35)

REACT_STATES = 8  # window states per game where "You may react" is checked against redraws


def _turn_based(game: Game, state: dict[str, Any], answers: dict[int, str | None]) -> Held:
    """A turn-based table in memory at ``state``, each seat's standing answer as given."""
    row = Table(id="t", game=game.id, options={}, status="playing", host_seat=0, invite_code="i", spectate_key="k",
                seed="s", commitment="c", seq=state["seq"], version=0, state=state, snapshot_seq=0,
                turn_timer=86400.0, deadline=None, timer_key=None, bots_waiting=False, spectators=0,
                next_table_id=None, spectator_chat=True, created_at=START, updated_at=START, pace="turn-based")
    seats = [Seat(id=100 + n, table_id="t", seat=n, name=f"P{n}", bot=None, token_hash=None, away=False,
                  connections=1, rematch_of=None, window_answer=answers[n]) for n in range(state["players"])]
    return Held(row, seats, facts_of(game, state))


class _Games:
    """What ``app.mine.entry`` asks of the service: the game."""

    def __init__(self, game: Game) -> None:
        self._game = game

    def game(self, _: str) -> Game:
        return self._game


def told(game: Game, held: Held, seat: int) -> tuple[Any, ...]:
    """Everything ``seat`` is told about the table by Your tables and by push, as it would be sent."""
    entry = mine_entry(_Games(game), held, seat)  # type: ignore[arg-type]
    listed = {key: entry[key] for key in ("your_move", "may_react", "waiting_on", "window_answer")}
    quiet = Held(replace(held.table, state=None), held.seats, NO_FACTS)  # before it: nothing was open
    push = pushes_after(game, quiet, held)
    words = None if push is None or seat not in push[1] else note_for(push[0], game.title, "Host", "T", "").payload()
    return tuple(sorted(listed.items())), words


@pytest.mark.parametrize(("game", "players", "options"), cases("ends"))
def test_you_may_react_says_the_same_whatever_the_seat_holds(game: Game, players: int,
                                                             options: dict[str, Any] | None) -> None:
    """At a turn-based table, a window that waits on a seat says so, in Your tables and by push, in the same words
    whatever anyone holds, the seat's own hand included: the state is redrawn as a spectator sees it (every hand)."""
    if game.auto_answers is None:
        pytest.skip("no windows the platform answers")
    assert game.resample is not None
    checked = reacting = 0
    for seed, states, _ in each_game(game, players, options, seeds=1):
        rand = random.Random(f"react {seed}")
        windows = [i for i, s in enumerate(states) if game.result(s) is None and game.auto_answers(s)]
        for index in sorted(rand.sample(windows, min(REACT_STATES, len(windows)))):
            state = states[index]
            for answers in ({n: "respond" for n in range(players)}, {n: None for n in range(players)}):
                for draw in range(3):
                    twin = game.resample(state, None, random.Random(f"react twin {seed} {index} {draw}"))
                    for seat in range(players):
                        mine = told(game, _turn_based(game, state, answers), seat)
                        assert told(game, _turn_based(game, twin, answers), seat) == mine, (
                            f"seed {seed}, state {index}: what seat {seat} is told depends on a hand")
                        checked += 1
                        reacting += dict(mine[0])["may_react"]
    if not checked:
        pytest.skip("no window the platform answers in this case (fixed windows close themselves)")
    assert reacting, "no seat was ever told it may react"


def test_a_case_without_secret_steps_is_skipped_for_the_reason_its_game_declares() -> None:
    """The secret-step push check skips only the cases a game lists in ``Facts.no_secret_step``, saying why (Hidden
    Hands without its review window), as the side-channel test does; an unlisted case with nothing to check fails."""
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs", __file__, "-k",
                          "test_who_acted_in_a_secret_step_changes_no_one_elses_push and hidden-hands"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    skipped = [line for line in run.stdout.splitlines() if line.startswith("SKIPPED")]
    declared = HIDDEN_HANDS.facts.no_secret_step["?p"]
    assert skipped and all(declared in line for line in skipped), skipped
