"""The games' constant answers to their windows (``Game.auto_answers``, issue 35), played through the engines: each is
a legal action of the seat it is for (unless that seat has answered already, inside a step whose actors are secret),
and playing them all closes the window, or leaves it waiting only on seats that have no constant answer."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.protocol import Game, apply_checked
from tests.support.corpus import cases, each_game

STATES = 12  # window states per game played


@pytest.mark.parametrize(("game", "players", "options"), cases("ends"))
def test_the_constant_answers_are_legal_and_close_the_window(game: Game, players: int,
                                                             options: dict[str, Any] | None) -> None:
    if game.auto_answers is None:
        pytest.skip("the game has no windows the platform answers")
    checked = 0
    for seed, states, _ in each_game(game, players, options, seeds=1):
        windows = [i for i, s in enumerate(states) if game.result(s) is None and game.auto_answers(s)]
        for index in sorted(random.Random(f"answers {seed}").sample(windows, min(STATES, len(windows)))):
            state = states[index]
            window = game.window(state)
            assert window is not None and not window.closes_itself, f"state {index}: answers without a window to pass"
            answers = game.auto_answers(state)
            for seat, action in answers.items():
                if action is not None and action not in game.legal(state, seat):
                    assert game.secret_step(state) is not None, f"state {index}: seat {seat} may not play {action}"
            # Every seat with a constant answer plays it, one after another.
            while (now := game.window(state)) is not None and now.key == window.key and game.result(state) is None:
                due = [(s, a) for s, a in game.auto_answers(state).items()
                       if a is not None and a in game.legal(state, s)]
                if not due:
                    unanswered = {s for s, a in game.auto_answers(state).items() if a is None}
                    assert set(game.required(state)) <= unanswered, (
                        f"state {index}: the window waits on {game.required(state)} after every constant answer")
                    break
                state = apply_checked(game, state, *due[0])
            checked += 1
    if not checked:
        pytest.skip("no window the platform answers in this case (fixed windows close themselves)")
