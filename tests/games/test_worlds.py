"""The worlds a searching bot is handed carry nothing of the truth (games/bots.py).

Two true states that look the same from a seat (the second redrawn from the first with ``resample``) must give the
same worlds for the same seed: then whatever a bot does with its worlds, it cannot depend on what its seat cannot
see. Each game's own tests (tests/games/<game>/test_hard.py) add that its hard bot decides the same in both states,
and that its sampler varies every hidden zone.
"""

from __future__ import annotations

import inspect
import random
from typing import Any

import pytest

from games.bots import decide, draw_worlds
from games.protocol import Budget, Game, apply_checked
from tests.support.corpus import cases, each_game
from tests.support.registry import GAMES

STEPS = 6  # states sampled from each played game
SEEDS = 2  # played games per case


def searched_cases() -> list[Any]:
    return [case for case in cases("ends") if case.values[0].id in GAMES and case.values[0].searchers]


@pytest.mark.parametrize(("game", "players", "options"), searched_cases())
def test_worlds_depend_only_on_what_the_seat_sees(game: Game, players: int, options: dict[str, Any] | None) -> None:
    checked = 0
    for seed, states, _ in each_game(game, players, options, seeds=SEEDS):
        rand = random.Random(seed)
        for index in sorted(rand.sample(range(len(states)), min(STEPS, len(states)))):
            state = states[index]
            if game.result(state) is not None:
                continue
            for seat in range(players):
                assert game.resample is not None
                twin = game.resample(state, seat, random.Random(f"twin {seed} {index} {seat}"))
                assert game.view(twin, seat) == game.view(state, seat), "resample changed what the seat sees"
                where = f"seed {seed}, step {index}, seat {seat}"
                first = draw_worlds(game, state, seat, random.Random(7), 3)
                second = draw_worlds(game, twin, seat, random.Random(7), 3)
                assert first == second, f"{game.id}: worlds depend on hidden information ({where})"
                for world in first:
                    assert game.view(world, seat) == game.view(state, seat), f"a world changes the view ({where})"
                checked += 1
    assert checked, "no state was checked"


NODES = 24  # a small node budget keeps the suite quick; the decision is repeatable for any budget in nodes
DECISIONS = 8  # states per case where a hard bot decides twice


@pytest.mark.parametrize(("game", "players", "options"), searched_cases())
def test_hard_bots_decide_the_same_whatever_they_cannot_see(game: Game, players: int,
                                                            options: dict[str, Any] | None) -> None:
    """No peeking, proved: a true state and its redraw from the bot's seat get the same decision for the same seed
    and node budget (the time limit is set far out of reach, so only nodes count)."""
    budget = Budget(nodes=NODES, seconds=1e6)
    decided = 0
    for seed, states, _ in each_game(game, players, options, seeds=SEEDS):
        rand = random.Random(f"decide {seed}")
        moments = [(i, seat) for i, state in enumerate(states) if game.result(state) is None
                   for seat in range(players) if len(game.legal(state, seat)) > 1]
        for index, seat in rand.sample(moments, min(DECISIONS // SEEDS, len(moments))):
            state = states[index]
            assert game.resample is not None
            twin = game.resample(state, seat, random.Random(f"twin {seed} {index}"))
            for kind in game.searchers:
                first = decide(game, state, seat, kind, random.Random(seed), budget)
                second = decide(game, twin, seat, kind, random.Random(seed), budget)
                assert first == second, f"{game.id} {kind} peeked (seed {seed}, step {index}, seat {seat})"
                if first is not None:  # legal as the platform checks it (a custom party is accepted by its template)
                    apply_checked(game, state, seat, first)
                decided += 1
    assert decided, "no decision was compared"


def test_searching_bots_take_only_what_they_may_know() -> None:
    """A searcher's signature is the contract: view, legal list, random source, worlds, budget; no state."""
    for game in GAMES.values():
        for kind, searcher in game.searchers.items():
            names = list(inspect.signature(searcher.decide).parameters)
            assert names == ["view", "legal", "rand", "worlds", "budget"], f"{game.id} {kind}: {names}"


def test_every_game_has_a_hard_level() -> None:
    missing = [game.id for game in GAMES.values() if "hard" not in game.searchers]
    assert not missing, f"no hard bot: {missing}"
