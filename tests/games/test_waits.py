"""The ``waits`` part of the state message (app/waits.py): what play waits on, told alike to every viewer.

The table page builds its "thinking…" badges and its "Waiting for responses from …" line from ``waits`` and the
seats' names alone (static/js/table/seats.js), so these checks on ``waits`` are checks on the words. Over the shared
corpus of random games (tests/support/corpus.py):

- in a game window, every viewer's message carries the same ``waits``; redrawing everything a viewer cannot see
  (the game's ``resample``: other hands, reaction cards included) leaves it as it was, for that viewer and for every
  other; and which of the seats asked has answered already does not show in it;
- bots are singled out (a ``turn``) only where who is waited on is public: never in a window or a secret step.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from app.held import facts_of
from app.waits import waits_of
from games.protocol import Game, State, apply_logged
from tests.support.corpus import cases, each_game
from tests.support.leaks import message, viewers

SEEDS = 2  # games per case: enough windows in every game that has them
RESAMPLES = 2
WINDOWS = 8  # window states checked per game played


def _windows(game: Game, states: list[State]) -> list[State]:
    return [s for s in states if game.result(s) is None and game.window(s) is not None]


@pytest.mark.parametrize(("game", "players", "options"), cases("ends"))
def test_a_window_reads_the_same_for_every_viewer_whatever_the_hands_hold(
        game: Game, players: int, options: dict[str, Any] | None) -> None:
    checked = 0
    for seed, states, _ in each_game(game, players, options, SEEDS):
        for index, state in enumerate(_windows(game, states)[:WINDOWS]):
            where = f"seed {seed}, window state {index}"
            told = [message(game, state, viewer)["waits"] for viewer in viewers(players)]
            assert all(waits == told[0] for waits in told), f"{where}: viewers are told different waits: {told}"
            waits = told[0]
            assert waits is not None and waits["kind"] == "window", where
            assert waits["seats"] is None or set(waits["seats"]) <= set(range(players)), where
            assert facts_of(game, state).waits == waits, f"{where}: the held facts and the message differ"
            for viewer in viewers(players):
                assert game.resample is not None
                for k in range(RESAMPLES):
                    redrawn = game.resample(state, viewer, random.Random(f"{seed}:{index}:{viewer}:{k}"))
                    # Told alike to all (above), so one look stands for every viewer's words.
                    assert waits_of(game, redrawn) == waits, (
                        f"{where}: a redraw of what viewer {viewer} cannot see changed waits")
            checked += 1
    if game.auto_answers is not None:  # a game with windows people answer
        assert checked, f"{game.id}: no window was open in {SEEDS} games, so nothing was checked"


@pytest.mark.parametrize(("game", "players", "options"), cases("ends"))
def test_who_has_answered_a_window_does_not_show(game: Game, players: int, options: dict[str, Any] | None) -> None:
    """Two seats the window still waits on: whichever of them answers, the window that stays open reads the same."""
    compared = 0
    several = False  # some window asked several seats
    for _seed, states, _ in each_game(game, players, options, SEEDS):
        for state in _windows(game, states)[:WINDOWS]:
            several |= len((waits_of(game, state) or {}).get("seats") or ()) >= 2
            owed = game.required(state)
            if len(owed) < 2:
                continue
            after = []
            for seat in owed[:2]:
                answered = apply_logged(game, state, seat, game.default_action(state, seat))
                if game.window(answered) != game.window(state):
                    break  # that answer closed the window: then everyone sees it close, as they should
                after.append(waits_of(game, answered))
            if len(after) == 2:
                assert after[0] == after[1] == waits_of(game, state)
                compared += 1
    if several and options is None:
        assert compared, f"{game.id}: no open window with two seats still owing an answer"


@pytest.mark.parametrize(("game", "players", "options"), cases("ends"))
def test_seats_are_named_only_where_who_acts_is_public(game: Game, players: int,
                                                       options: dict[str, Any] | None) -> None:
    """A ``turn`` names the seats play waits on, and only outside windows and secret steps; elsewhere nobody is
    named but the seats a window asks, whoever holds what."""
    for seed, states, _ in each_game(game, players, options, 1):
        for index, state in enumerate(states):
            waits = waits_of(game, state)
            where = f"seed {seed}, state {index}: {waits}"
            if game.result(state) is not None:
                assert waits is None, where
            elif game.window(state) is not None:
                asked = game.auto_answers(state) if game.auto_answers is not None else {}
                assert waits == {"kind": "window", "seats": sorted(asked) or None}, where
            elif game.secret_step(state) is not None:
                assert waits == {"kind": "secret", "seats": None}, where
            else:
                assert waits == {"kind": "turn", "seats": sorted(game.required(state))}, where
