"""Patriots & Redcoats bots, one module per level. Each decides from its own seat's view and legal list only.

``BOTS`` is what the declaration lists. The platform calls a bot with plain dicts (``protocol.Bot``); a bot is only
ever handed a seat's view and that seat's legal list, which are this game's ``SeatView`` and ``PatriotsAction``s, so
the cast below states what is true rather than converting anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from games.patriots_and_redcoats.bots.basic import basic_bot
from games.patriots_and_redcoats.bots.hard import hard_bot
from games.patriots_and_redcoats.bots.random import random_bot
from games.protocol import Bot, Searcher

BOTS: Mapping[str, Bot] = {"basic": cast(Bot, basic_bot), "random": cast(Bot, random_bot)}
SEARCHERS: Mapping[str, Searcher] = {"hard": Searcher(hard_bot, worlds=16, nodes=32)}
