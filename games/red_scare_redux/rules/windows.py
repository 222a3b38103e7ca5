"""Opening a response window: public, the same for every viewer whoever holds an instant (ruling (e), H0-style)."""

from __future__ import annotations

from typing import Any

from games.protocol import Seat
from games.red_scare_redux.rules.zones import opponents
from games.red_scare_redux.state import RedScareState


def open_window(state: RedScareState, kind: str, seat: Seat, pending: dict[str, Any], shown: dict[str, Any]) -> None:
    """``pending`` is what the window holds up (kept out of views); ``shown`` is what everyone sees of it."""
    state["window_count"] += 1
    state["pending"] = pending
    state["continued"] = []
    state["window"] = {"kind": kind, "seat": seat, **shown, "eligible": opponents(state, seat),
                       "mode": state["window_mode"], "seconds": state["window_s"], "key": state["window_count"]}
