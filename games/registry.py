"""The registry: a game is served once its package has a line in ``PACKAGES``.

Importing ``games`` (or ``games.rng``) imports no game; importing this module imports every registered one.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any

from games.hints import check_hints
from games.protocol import Game

PACKAGES = [  # one line per game: a module holding GAME, or "module:attribute"
    "games.patriots_and_redcoats",
    "games.raiding_parties",
    "games.red_scare_redux",
    "games.turncoats",
]


def load(paths: Iterable[str]) -> dict[str, Game[Any]]:
    """The games named by ``paths`` (``module`` for its GAME, or ``module:attribute``), by id."""
    out: dict[str, Game[Any]] = {}
    for path in paths:
        module, _, attribute = path.partition(":")
        game = getattr(importlib.import_module(module), attribute or "GAME")
        if not isinstance(game, Game):
            raise TypeError(f"{path} is not a Game")
        if game.id in out:
            raise ValueError(f"{path}: the game id {game.id!r} is taken")
        try:
            check_hints(game.hints)  # a malformed hint fails here, at start, not in a learner's browser
        except ValueError as exc:
            raise ValueError(f"{path}: {exc}") from exc
        out[game.id] = game
    return out


GAMES: dict[str, Game[Any]] = load(PACKAGES)
