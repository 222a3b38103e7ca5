"""Opening a response window: public, the same for every viewer whoever holds an instant (ruling (e), H0-style)."""

from __future__ import annotations

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


def opening(state: RedScareState, pending: Pending) -> int:
    """Count the window and hold ``pending`` (kept out of views); the window's key."""
    state["window_count"] += 1
    state["pending"] = pending
    state["continued"] = []
    return state["window_count"]


def open_counter(state: RedScareState, seat: Seat, pending: Pending, card: str,
                 action: BlackOpsAction | TipOffAction) -> None:
    """A Counterintelligence window against ``card``, announced with ``action``."""
    key = opening(state, pending)
    window: CounterWindow = {"kind": "counter", "seat": seat, "card": card, "action": action,
                             "eligible": opponents(state, seat), "mode": state["window_mode"],
                             "seconds": state["window_s"], "key": key}
    state["window"] = window


def open_tip_off(state: RedScareState, seat: Seat, pending: Pending, objective: str, bonus: str) -> None:
    """A Tip-Off window before the Completion Bonus of the Objective ``seat`` completed."""
    key = opening(state, pending)
    window: TipOffWindow = {"kind": "tip_off", "seat": seat, "objective": objective, "bonus": bonus,
                            "eligible": opponents(state, seat), "mode": state["window_mode"],
                            "seconds": state["window_s"], "key": key}
    state["window"] = window
