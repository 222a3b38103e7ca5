"""Whose move it is, as far as everyone may know, and whether a seat is due to act: what "Your tables" lists and
when a turn notification goes out.

Due is decided as the page's "Your turn" banner decides it (static/js/table/play.js), from what every seat alike
could act on: the seats play waits on (``Game.required``: a Spy's standing offer holds nobody up), and no seat while
a game window is open (a response window is everyone's to answer or let pass, so it never pings one seat alone).
"""

from __future__ import annotations

from typing import Any

from app.held import Facts
from games.protocol import Game, State


def due_seats(game: Game[Any], state: State | None, facts: Facts) -> frozenset[int]:
    """The seats due to act in ``state``: each may learn only its own membership (its own legal list tells it)."""
    if state is None or facts.result is not None or game.window(state) is not None:
        return frozenset()
    return frozenset(facts.required)


def public_waiting(facts: Facts) -> list[int] | None:
    """The seats play waits on, where that is public: not inside a game window or a step whose actors are secret
    (there who is still to act is nobody's business), where it is None. The state messages' ``waits`` says the same
    (app/waits.py)."""
    waits = facts.waits
    if waits is None:
        return []
    return list(waits["seats"]) if waits["kind"] == "turn" else None
