"""Turncoats' ``hard`` level: determinized search (games/search.py) over the stones it cannot see.

It reads its view, its legal list, its random source and the worlds the platform drew from its seat; in each world
it tries its candidate actions and plays the game on with ``basic`` for every seat.
"""

from __future__ import annotations

import random

from games.protocol import Action, Budget, State
from games.search import bot_policy, choose

DEPTH = 400  # playout actions: enough to finish a Turncoats game from anywhere


def hard_bot(view: dict, legal: list[Action], rand: random.Random, worlds: list[State], budget: Budget) -> Action:
    from games.turncoats import GAME  # the declaration imports this module

    return choose(GAME, view["you"], legal, worlds, rand, budget, bot_policy(GAME), lambda state, seat: 0.5, DEPTH)
