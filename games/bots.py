"""The one place a bot is handed what it may know, whatever its level.

A plain bot (``random``, ``basic``) gets its seat's view, its legal list and a random source. A searching bot
(``hard``) gets the same plus its ``Game`` (the rules to play worlds on) and ``worlds``: states drawn with the game's
``resample`` hook from its own seat, with the log cut to the lines that seat may read and the engine's random source
reseeded, so that nothing in a world depends on what the seat cannot see. ``draw_worlds`` is a function of the seat's
knowledge and ``rand`` only: two true states that look the same from the seat give the same worlds for the same seed
(tests/games/test_worlds.py proves it).

The server calls ``decide`` in a worker process (app/thinking.py); the tests and benchmarks call it directly.
"""

from __future__ import annotations

import random
import time
from typing import Any

from games.protocol import UNDO, Action, Budget, Game, Seat, State, visible_entries

LEVELS = ("hard", "basic", "random")  # the levels every game names alike, strongest first


def kinds(game: Game[Any]) -> list[str]:
    """Every bot level of ``game``, the default first: the known levels strongest first (``hard`` only where the game
    has a searcher), then any others as declared. The default is the strongest: a searcher answers within its time
    budget, so it is never too slow to be the default."""
    declared = [*game.searchers, *game.bots]
    return [kind for kind in LEVELS if kind in declared] + [kind for kind in declared if kind not in LEVELS]


def draw_worlds(game: Game[Any], state: State, seat: Seat, rand: random.Random, count: int) -> list[State]:
    """``count`` states the hidden information could be in, as far as ``seat`` can tell."""
    if game.resample is None:
        raise ValueError(f"{game.title} has no resample hook, so it cannot be searched")
    # The take-back record holds a whole earlier state, hidden cards and all: no world may carry it.
    state = {key: value for key, value in state.items() if key != UNDO}
    worlds = []
    for _ in range(count):
        world = game.resample(state, seat, random.Random(rand.getrandbits(64)))
        world["log"] = [dict(entry) for entry in visible_entries(world, seat)]
        if isinstance(world.get("rng"), int):  # the engine's random source is nobody's to know
            world["rng"] = rand.getrandbits(64)
        worlds.append(world)
    return worlds


def decide(game: Game[Any], state: State, seat: Seat, kind: str, rand: random.Random,
           budget: Budget | None = None, legal: list[Action] | None = None) -> Action | None:
    """The decision of a ``kind`` bot at ``seat``. ``state`` is the true state: only its seat's view, legal list and
    drawn worlds are passed on. ``legal``: the seat's legal list when the caller holds it already (a copy: the bot
    may keep it)."""
    view = game.view(state, seat)
    legal = game.legal(state, seat) if legal is None else legal
    searcher = game.searchers.get(kind)
    if searcher is None:
        return game.bots[kind](view, legal, rand)
    budget = budget or Budget(nodes=searcher.nodes, seconds=1.0)
    started = time.perf_counter()
    worlds = draw_worlds(game, state, seat, rand, searcher.worlds)
    # Drawing the worlds is part of the thinking time: the search gets what is left of it.
    left = max(0.0, budget.seconds - (time.perf_counter() - started))
    return searcher.decide(game, view, legal, rand, worlds, Budget(nodes=budget.nodes, seconds=left))
