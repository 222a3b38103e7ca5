"""Slow Hands: Hidden Hands whose every move costs a long stretch of CPU the interpreter lock cannot interrupt.

A stand-in for what makes a long game's replay expensive (engine work, a large state's JSON round trip), made long
and uninterruptible so a test can tell whether a replay's rebuild runs beside the event loop or holds it up.
"""

from __future__ import annotations

import dataclasses

from games.protocol import Action, Game, Seat, State
from tests.support.hidden_hands import GAME as HIDDEN_HANDS

WORK = 3_000_000  # sum(range(WORK)) runs in C without releasing the lock: a tenth of a second or more


def burn() -> int:
    return sum(range(WORK))


def apply(state: State, seat: Seat, action: Action) -> None:
    burn()
    HIDDEN_HANDS.apply(state, seat, action)


GAME: Game[State] = dataclasses.replace(HIDDEN_HANDS, id="slow-hands", title="Slow Hands", apply=apply)
