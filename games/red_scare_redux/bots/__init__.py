"""Red Scare Redux's bots, by level: ``random`` (any legal action), ``basic`` (greedy, see basic.py) and ``hard``
(determinized search over what its seat cannot see, see hard.py)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from random import Random  # not ``import random``: the submodule bots.random would shadow it here
from typing import cast

from games.protocol import Action, Bot, Searcher, View
from games.red_scare_redux.bots.basic import basic_bot
from games.red_scare_redux.bots.hard import hard_bot
from games.red_scare_redux.bots.random import random_bot
from games.red_scare_redux.state import RedScareView, RsrAction

TypedBot = Callable[[RedScareView, list[RsrAction], Random], RsrAction | None]


def at_boundary(bot: TypedBot) -> Bot:
    """The bot as the platform calls it, with plain dicts: a seat's view and legal list are the game's own shapes."""
    @functools.wraps(bot)
    def run(view: View, legal: list[Action], rand: Random) -> Action | None:
        return cast(Action | None, bot(cast(RedScareView, view), cast(list[RsrAction], legal), rand))
    return run


BOTS: Mapping[str, Bot] = {"random": at_boundary(random_bot), "basic": at_boundary(basic_bot)}
SEARCHERS: Mapping[str, Searcher] = {"hard": Searcher(hard_bot, worlds=6, nodes=24)}
