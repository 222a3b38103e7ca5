"""Hung Hands: Hidden Hands that plays normally in the server but never finishes a replay's rebuild.

In a rebuild's child process (any process with a parent: the server under test is the test process itself) every
move waits forever, as an engine bug might. A test can then tell whether a hung rebuild holds up shutdown, or later
rebuilds.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import time

from games.protocol import Action, Game, Seat, State
from tests.support.hidden_hands import GAME as HIDDEN_HANDS


def apply(state: State, seat: Seat, action: Action) -> None:
    while multiprocessing.parent_process() is not None:
        time.sleep(0.1)  # asleep, not burning CPU: the machine is shared
    HIDDEN_HANDS.apply(state, seat, action)


GAME: Game[State] = dataclasses.replace(HIDDEN_HANDS, id="hung-hands", title="Hung Hands", apply=apply)
