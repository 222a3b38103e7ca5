"""Searching bots (``Game.searchers``) in every seat play whole games, every decision in the legal list.

The conformance suite's bot test (test_conformance.py) covers the plain bots; this covers every level a game declares
as a searcher, asked the way the server asks it: through ``games.bots.decide``, with worlds drawn from the bot's seat.
A tiny node budget and no time cap keep it quick and repeatable (the same seed and node budget, the same decision);
how well a searcher plays is measured in bench/, not here.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.bots import decide
from games.protocol import EXPIRE, Action, Budget, Game, Seat, State, apply_logged
from tests.support.corpus import case_id
from tests.support.leaks import key
from tests.support.registry import ALL_GAMES, STEP_CAP, closes_itself

NODES = 4  # playouts a decision: enough to run every part of a search
SEEDS = 1  # whole games per game, size and level
BUDGET = Budget(nodes=NODES, seconds=1e6)  # the node budget decides, never the clock: the test is repeatable


def searcher_cases() -> list[Any]:
    """The fewest and the most players of each game with a searcher, at its default options."""
    return [pytest.param(game, players, kind, id=f"{case_id(game, players, None)}-{kind}")
            for _, game in sorted(ALL_GAMES.items()) for kind in game.searchers
            for players in sorted({game.min_players, game.max_players})]


def ask(game: Game, state: State, seat: Seat, kind: str, seed: int, step: int) -> Action | None:
    where = f"{kind} bot, seed {seed}, step {step}, seat {seat}"
    pick = decide(game, state, seat, kind, random.Random(f"{seed}:{step}:{seat}"), BUDGET)
    legal = game.legal(state, seat)
    listed = pick in legal or (game.accepts is not None and any(e.get("template") for e in legal)
                               and game.accepts(state, seat, pick))
    assert pick is None or listed, f"{where}: {pick} is not in the legal list"
    return pick


@pytest.mark.parametrize(("game", "players", "kind"), searcher_cases())
def test_searchers_in_every_seat_play_legal_actions_to_the_end(game: Game, players: int, kind: str) -> None:
    for seed in range(SEEDS):
        rand = random.Random(seed)
        state = game.new_state(players, None, seed)
        for step in range(STEP_CAP):
            if game.result(state) is not None:
                break
            waiting = game.waiting_on(state)
            if not waiting:
                assert closes_itself(game, state), f"seed {seed}, step {step}: nobody may act"
                state = apply_logged(game, state, None, EXPIRE)
                continue
            seat = rand.choice(waiting)
            pick = ask(game, state, seat, kind, seed, step)
            if step == 0:  # the same seed and node budget give the same decision
                assert key(ask(game, state, seat, kind, seed, step)) == key(pick), f"seed {seed}: not repeatable"
            if pick is None:  # a pass on something optional: a seat play waits for must act
                required = game.required(state)
                if not required and closes_itself(game, state):
                    state = apply_logged(game, state, None, EXPIRE)
                    continue
                assert required, f"seed {seed}, step {step}: the bot passed and nobody else must act"
                seat = rand.choice(required)
                pick = ask(game, state, seat, kind, seed, step)
                if pick is None:  # it lets a response window run (as ``basic`` does): its deadline plays the default
                    assert game.window(state) is not None, (
                        f"seed {seed}, step {step}: the {kind} bot passed on required seat {seat} with no deadline")
                    pick = game.default_action(state, seat)
            state = apply_logged(game, state, seat, pick)
        assert game.result(state) is not None, f"seed {seed}: no result after {STEP_CAP} actions"

