"""Raiding Parties bots, by level: each decides from its own seat's view and legal list only (``protocol.Bot``).

``random`` (``random.py``) plays anything legal; ``basic`` (``basic.py``: its board in ``basic_board.py``, its prices
in ``basic_values.py``) is greedy. A ``hard`` level will come as ``hard.py``.
"""

from __future__ import annotations

from games.raiding_parties.bots.basic import basic_bot
from games.raiding_parties.bots.random import random_bot

BOTS = {"random": random_bot, "basic": basic_bot}
