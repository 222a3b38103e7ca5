"""The hard seat's belief read from hundreds of deals weighed on one of its worlds (``bots/belief.py``, off in play by
default, ``belief.DEALS``): it stays at the prior where nothing is known (16 worlds alone do not) and moves where the
table has shown something. The decisions are the hard bot's as it plays."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

import pytest

from games.bots import decide, draw_worlds
from games.patriots_and_redcoats import GAME
from games.patriots_and_redcoats.bots.belief import MEASURED
from games.patriots_and_redcoats.bots.hard import Belief
from games.protocol import Budget, State
from tests.games.patriots_and_redcoats.scenario import PL, RL, P, R, T, act, build, close_windows

TINY = Budget(nodes=4, seconds=1e6)  # only nodes count, so decisions repeat
ROUND_ONE = [[P, P, R], [PL, P, R], [RL, R, P], [P, R, T], [R, R, P], [P, P, R]]


def belief(state: State, seed: int) -> Belief:
    """Seat 0's belief as its hard bot builds it: from the worlds the platform draws from the seat."""
    rand = random.Random(seed)
    return Belief(cast(Any, GAME.view(state, 0)), draw_worlds(GAME, state, 0, rand, 16), rand, MEASURED)


def test_with_nothing_known_the_belief_is_the_prior() -> None:
    # Round 1, nothing public: seat 0 (a Patriot) draws Major Ferguson as the first card of the game. Every other seat
    # holds the Redcoat Leader with the same odds, 1 in 5; the 16 worlds' own counts stray far from it.
    state = build(6, ROUND_ONE, spycraft=["ferguson"])
    assert GAME.legal(state, 0)[0] == {"type": "ferguson", "target": None}
    strayed = 0.0
    for seed in range(8):
        held = belief(state, seed)
        assert all(abs(held.enemy_leader[s] - 0.2) < 0.07 and abs(held.my_leader[s] - 0.2) < 0.07
                   for s in range(1, 6)), (held.enemy_leader, held.my_leader)
        strayed = max(strayed, *(abs(held.drawn.enemy_leader[s] - 0.2) for s in range(1, 6)))
    assert strayed >= 0.15  # what the bot acted on before: some seat at 6 of 16 worlds or more


def test_with_nothing_known_ferguson_falls_anywhere() -> None:
    # The same position: no seat stands out, so over many games the call is spread over all five.
    state = build(6, ROUND_ONE, spycraft=["ferguson"])
    named: Counter[int | None] = Counter()
    for seed in range(30):
        action = decide(GAME, state, 0, "hard", random.Random(seed), TINY)
        assert action is not None and action["type"] == "ferguson"
        named[action["target"]] += 1
    assert set(named) <= {1, 2, 3, 4, 5} and len(named) == 5 and max(named.values()) <= 12, named


def test_a_shown_leader_is_believed_and_called() -> None:
    # Played through the engine: seat 5 spies on seat 3, who already shows a Redcoat card, and seat 3 must show a
    # second one: the Redcoat Leader. Before, seat 0 (a Patriot) put it anywhere with even odds; now on seat 3 for
    # sure. Drawing Major Ferguson, it calls seat 3, whose last face-down card then falls: the Redcoats lose.
    hands = [[P, P, R], [PL, P, R], [P, P, T], [RL, R, R], [R, R, P], [P, P, R]]
    state = build(6, hands, up={3: [1]}, eyes={3: [2]}, spycraft=[("spy", 1), "ferguson"], commander=5)
    before = belief(state, 1)
    assert all(abs(before.enemy_leader[s] - 0.2) < 0.07 for s in range(1, 6)), before.enemy_leader
    state = close_windows(act(state, 5, {"type": "spy", "to": 3}))
    state = act(state, 3, {"type": "reveal", "slot": 0})
    held = belief(state, 1)
    assert held.enemy_leader[3] == pytest.approx(1.0) and sum(held.enemy_leader) == pytest.approx(1.0)
    assert held.ally[3] == 0.0
    call = {"type": "ferguson", "target": 3}
    for seed in range(3):
        assert decide(GAME, state, 0, "hard", random.Random(seed), Budget(nodes=32, seconds=1e6)) == call
    result = GAME.result(act(act(state, 0, call), 3, {"type": "reveal", "slot": 2}))
    assert result is not None and result["winning_team"] == "patriots"
