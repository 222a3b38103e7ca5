"""Red Scare Redux's bots, by level: ``random`` (any legal action) and ``basic`` (greedy, see basic.py)."""

from __future__ import annotations

from collections.abc import Mapping

from games.protocol import Bot
from games.red_scare_redux.bots.basic import basic_bot
from games.red_scare_redux.bots.random import random_bot

BOTS: Mapping[str, Bot] = {"random": random_bot, "basic": basic_bot}
