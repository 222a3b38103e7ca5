"""The played random games the generic suites share: one corpus, many checks.

Each game is played once per process (pytest-xdist's ``--dist loadfile`` gives a worker whole files, so a worker
plays each game at most once, whichever of its files asks first). Conformance (tests/games/test_conformance.py),
patches, side channels, reveals and the hash-seed replay all read the same games.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

from games.protocol import Action, Game, Seat, State
from tests.support.registry import ALL_GAMES, option_sets, play_random, sizes

Played = tuple[list[State], list[tuple[Seat | None, Action]]]
_PLAYED: dict[tuple[str, int, str, int], Played] = {}

SEEDS = int(os.environ.get("CONFORMANCE_SEEDS", "30"))  # random games per game, player count and option set


def seeds_for(game: Game) -> int:
    """Games per case: the game's own ``Facts.conformance_seeds`` (fewer for long games), or ``CONFORMANCE_SEEDS``
    for every game when it is set (a deeper sweep)."""
    if "CONFORMANCE_SEEDS" in os.environ:
        return SEEDS
    return game.facts.conformance_seeds


def played(game: Game, players: int, options: dict[str, Any] | None, seed: int) -> Played:
    """One seeded random game (chosen with ``random.Random(seed)``), played once per process. Callers must not
    mutate what they get."""
    key = (game.id, players, json.dumps(options, sort_keys=True), seed)
    if key not in _PLAYED:
        _PLAYED[key] = play_random(game, players, seed, random.Random(seed), options=options)
    return _PLAYED[key]


def each_game(game: Game, players: int, options: dict[str, Any] | None,
              seeds: int | None = None) -> list[tuple[int, list[State], list[tuple[Seat | None, Action]]]]:
    """The case's games, ``seeds`` of them (by default all the suite plays), as ``(seed, states, actions)``."""
    count = seeds_for(game) if seeds is None else seeds
    return [(seed, *played(game, players, options, seed)) for seed in range(count)]


def case_id(game: Game, players: int, options: dict[str, Any] | None) -> str:
    suffix = "".join(f"-{key}={value}" for key, value in sorted((options or {}).items()))
    return f"{game.id}-{players}p{suffix}"


def cases(counts: str = "all") -> list[Any]:
    """Every game, option set and player count, as pytest params ``(game, players, options)``; ``counts="ends"``
    keeps the fewest, middle and most players only."""
    out = []
    for _, game in sorted(ALL_GAMES.items()):
        wanted = None
        if counts == "ends":
            wanted = {game.min_players, (game.min_players + game.max_players) // 2, game.max_players}
        for options in option_sets(game):
            for players in sizes(game, options, wanted):
                out.append(pytest.param(game, players, options, id=case_id(game, players, options)))
    return out
