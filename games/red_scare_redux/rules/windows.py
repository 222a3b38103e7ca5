"""Opening a response window: public, the same for every viewer whoever holds an instant (ruling (e), H0-style).

``state["window"]`` is what every viewer sees of it; who it still waits for is a ``games.turns.Response`` kept apart
in ``state["response"]``, never shown."""

from __future__ import annotations

from games import turns
from games.protocol import Seat
from games.red_scare_redux.rules.zones import opponents
from games.red_scare_redux.state import (
    BlackOpsAction,
    CounterWindow,
    Pending,
    RedScareState,
    TipOffAction,
    TipOffWindow,
)


def opening(state: RedScareState, seat: Seat, pending: Pending) -> int:
    """Open the window over ``seat``'s opponents and hold ``pending`` (kept out of views); the window's key."""
    response = turns.open_response(state, opponents(state, seat))
    state["response"] = response
    state["pending"] = pending
    return response["serial"]


def open_counter(state: RedScareState, seat: Seat, pending: Pending, card: str,
                 action: BlackOpsAction | TipOffAction) -> None:
    """A Counterintelligence window against ``card``, announced with ``action``."""
    key = opening(state, seat, pending)
    window: CounterWindow = {"kind": "counter", "seat": seat, "card": card, "action": action,
                             "eligible": opponents(state, seat), "mode": state["window_mode"],
                             "seconds": state["window_s"], "key": key}
    state["window"] = window


def open_tip_off(state: RedScareState, seat: Seat, pending: Pending, objective: str, bonus: str) -> None:
    """A Tip-Off window before the Completion Bonus of the Objective ``seat`` completed."""
    key = opening(state, seat, pending)
    window: TipOffWindow = {"kind": "tip_off", "seat": seat, "objective": objective, "bonus": bonus,
                            "eligible": opponents(state, seat), "mode": state["window_mode"],
                            "seconds": state["window_s"], "key": key}
    state["window"] = window
