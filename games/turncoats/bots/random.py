"""Turncoats' ``random`` level: any legal action, uniformly."""

from __future__ import annotations

import random

from games.turncoats.state import SeatView, TurncoatsAction


def random_bot(view: SeatView, legal: list[TurncoatsAction], rand: random.Random) -> TurncoatsAction:
    return rand.choice(legal)
