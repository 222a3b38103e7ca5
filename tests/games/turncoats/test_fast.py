"""The hard bot's fast copy of the rules (games/turncoats/bots/fast.py) held to the engine, so the copy cannot drift.

Kept rather than replaced by the engine: a playout move on the engine, with ``basic`` deciding through its view,
costs about 100 times one on the copy with ``mimic`` (bench/turncoats_fast.py). So every state of several played
games, at every size, is checked both ways: the same legal moves, the same successor for every one of them, the same
rulers and winning colour, and the same end and winner.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.protocol import State
from games.search import step
from games.turncoats import GAME, rules
from games.turncoats.bots.fast import INDEX, Sim, as_move, moves, ruler, strengths, winning_colour
from games.turncoats.data import AREAS, COLOURS
from tests.support.registry import play_random

SLOTS = ("players", "areas", "hands", "bag", "axe", "flag", "turn", "streak", "over", "final")
GAMES = [(players, seed, bot) for players in range(GAME.min_players, GAME.max_players + 1) for seed in range(2)
         for bot in ("basic", "random")]


def same(sim: Sim, state: State) -> dict[str, Any]:
    """The slots in which ``sim`` differs from the engine's ``state`` (empty: none)."""
    expected = Sim.of(state)
    return {slot: (getattr(sim, slot), getattr(expected, slot)) for slot in SLOTS
            if getattr(sim, slot) != getattr(expected, slot)}


def colour(index: int) -> str | None:
    return COLOURS[index] if index >= 0 else None


@pytest.mark.parametrize(("players", "seed", "bot"), GAMES)
def test_the_fast_rules_agree_with_the_engine_on_every_state_of_played_games(players: int, seed: int,
                                                                                bot: str) -> None:
    states, _ = play_random(GAME, players, seed, random.Random(seed), bot=bot)
    checked = 0
    for index, state in enumerate(states):
        where = f"{players}p {bot} seed {seed}, state {index}"
        sim = Sim.of(state)
        # What decides the end: each area's ruler, the areas each colour rules, the winning colour.
        assert [colour(ruler(sim.areas[a], sim.axe, sim.flag)) for a in range(AREAS)] == rules.rulers(state), where
        ruled = strengths(sim.areas, sim.axe, sim.flag)[1]
        assert ruled == [rules.ruled_counts(state)[c] for c in COLOURS], where
        assert colour(winning_colour(ruled, sim.axe, sim.flag)) == rules.winning_colour(state), where
        result = GAME.result(state)
        if result is not None:
            assert sim.over and sim.winner() == result["winners"][0], where
            continue
        seat = state["turn"]
        legal = GAME.legal(state, seat)
        if state["drawn"] is None:  # a whole move, or a Negotiate (None)
            assert sorted(map(repr, (as_move(a) for a in legal))) == sorted(map(repr, [*moves(sim), None])), where
        else:  # the second half of a Negotiate: return any stone in hand
            assert sorted(as_move(a) for a in legal) == [(3, c) for c in (0, 1, 2) if sim.hands[seat][c]], where
        for action in legal:
            after = step(GAME, state, seat, action)
            played = sim.copy()
            move = as_move(action)
            if move is None:  # the engine drew a stone into hand: the copy's draw can give the same one
                drawn = INDEX[after["drawn"]]
                assert played.bag[drawn] > 0, where
                played.bag[drawn] -= 1
                played.hands[seat][drawn] += 1
            else:
                played.play(move)
            assert not same(played, after), (where, action, same(played, after))
            if GAME.result(after) is not None:
                assert played.winner() == GAME.result(after)["winners"][0], (where, action)
            checked += 1
    assert checked > 100
