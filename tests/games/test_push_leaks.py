"""Standing leak test for turn notifications (issue 22): a push crosses a third-party push service, so neither
whether a seat is pushed nor what the push says may differ with anything hidden from that seat.

For every game: (1) at states of played games, each seat's push (due or not, and its text) is the same in the true
state and in a redraw of everything that seat cannot see (``game.resample``); (2) as in the side-channel test
(test_side_channels.py), inside a step whose actors are secret, the pushes every other seat gets are the same
whichever of two seats acted, in person, by bot or by timeout."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from app.held import Held, facts_of
from app.play import play
from app.push import note_for, pushes_after
from app.turns import due_seats
from games.protocol import Game
from tests.games.test_side_channels import LATER, START, _sources, _table
from tests.support.corpus import cases, each_game

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
    """The push the server decides on when ``seat`` acts (by ``source``) at ``state``."""
    row, seats = _table(game, state, bots, START, monkeypatch, before)
    held_before = Held(row, list(seats), facts_of(game, state))
    after_row, after_seats = type(row)(**{f: getattr(row, f) for f in row.__slots__}), list(seats)
    monkeypatch.setattr("app.play.now", lambda: LATER)
    _, facts = play(game, after_row, after_seats, seat, game.default_action(state, seat), source)
    return pushes_after(game, held_before, Held(after_row, after_seats, facts))


@pytest.mark.parametrize(("game", "players", "options"), cases("ends"))
def test_who_acted_in_a_secret_step_changes_no_one_elses_push(game: Game, players: int,
                                                               options: dict[str, Any] | None,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
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
    if checked == 0:
        pytest.skip("no secret step with several seats to act in this case")
