"""Log-event test helpers: states whose log lines' text or events are taken away, to show that bots read events only
(a copy edit to a line changes nothing) and that the events are what they read (taking them away changes things)."""

from __future__ import annotations

from games.protocol import State


def reworded(state: State) -> State:
    """The state with every line's text rewritten to nonsense; routing fields and events kept."""
    copy = dict(state)
    copy["log"] = [{**entry, "text": f"Lorem ipsum {n}."} for n, entry in enumerate(state["log"])]
    return copy


def without_events(state: State) -> State:
    """The state with every line's event removed; text and routing fields kept."""
    copy = dict(state)
    copy["log"] = [{k: v for k, v in entry.items() if k != "event"} for entry in state["log"]]
    return copy
