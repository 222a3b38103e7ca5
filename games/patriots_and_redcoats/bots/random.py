"""Patriots & Redcoats' ``random`` level: it picks uniformly among what it must do and assassinates only rarely (when
offered one), so random games end by the rules rather than by a string of assassinations."""

from __future__ import annotations

import random

from games.patriots_and_redcoats.state import Assassinate, PatriotsAction, SeatView

RANDOM_ASSASSINATION = 0.01  # chance a random bot takes an optional assassination when offered one


def split(legal: list[PatriotsAction]) -> tuple[list[PatriotsAction], list[Assassinate]]:
    """What the seat must choose among, and the assassinations it may declare besides (optional, at any time)."""
    optional = [a for a in legal if a["type"] == "assassinate"]
    return [a for a in legal if a["type"] != "assassinate"], optional


def random_bot(view: SeatView, legal: list[PatriotsAction], rand: random.Random) -> PatriotsAction | None:
    required, optional = split(legal)
    if optional and rand.random() < RANDOM_ASSASSINATION:
        return rand.choice(optional)
    return rand.choice(required) if required else None
