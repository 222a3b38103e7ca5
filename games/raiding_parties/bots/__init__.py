"""Raiding Parties bots, by level: each decides from its own seat's view and legal list only (``protocol.Bot``).

``random`` (``random.py``) plays anything legal; ``basic`` (``basic.py``, valuing with ``basic_table.py``) is greedy.
"""

from __future__ import annotations

from games.raiding_parties.bots.basic import basic_bot
from games.raiding_parties.bots.random import random_bot

BOTS = {"random": random_bot, "basic": basic_bot}
