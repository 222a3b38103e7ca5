"""Closing Hands: Hidden Hands whose review window closes itself. Nobody can continue; at its deadline the platform
logs the seatless ``EXPIRE`` action and the game's ``expire`` hook moves on to the next round. For the tests of how
such a closing is recorded (the audit's ``source``)."""

from __future__ import annotations

import dataclasses

from games.protocol import Action, Game, Seat, State, Window
from tests.support import hidden_hands
from tests.support.hidden_hands import GAME as HIDDEN_HANDS


def legal(state: State, seat: Seat) -> list[Action]:
    return [] if state["phase"] == "review" else hidden_hands.legal(state, seat)


def window(state: State) -> Window | None:
    if state["phase"] == "review":
        return Window(key=f"review-{len(state['shown'])}", seconds=state["review_s"], closes_itself=True)
    return None


def expire(state: State) -> None:
    state["reviewing"] = []
    hidden_hands._next_round(state)


GAME: Game[State] = dataclasses.replace(HIDDEN_HANDS, id="closing-hands", title="Closing Hands", legal=legal,
                                        window=window, expire=expire)
