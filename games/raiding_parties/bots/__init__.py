"""Raiding Parties bots, by level: each decides from its own seat's view and legal list only (``protocol.Bot``).

``random`` (``random.py``) plays anything legal; ``basic`` (``basic.py``: its board in ``basic_board.py``, its prices
in ``basic_values.py``) is greedy; ``hard`` (``hard.py``, its party from ``hard_party.py``) builds its own party and
searches the worlds it is handed (``protocol.SearchBot``).
"""

from __future__ import annotations

from collections.abc import Mapping

from games.protocol import Searcher
from games.raiding_parties.bots.basic import basic_bot
from games.raiding_parties.bots.hard import hard_bot
from games.raiding_parties.bots.random import random_bot

BOTS = {"random": random_bot, "basic": basic_bot}
SEARCHERS: Mapping[str, Searcher] = {"hard": Searcher(hard_bot, worlds=4, nodes=12)}
