"""Small helpers over the state: names of copies, hands, teams, the log."""

from __future__ import annotations

from typing import Any

from games.protocol import Seat
from games.red_scare_redux import data
from games.red_scare_redux.state import Placed, RedScareState
from games.state import LogEntry


def active(state: RedScareState) -> Seat:
    return state["order"][state["turn_index"]]


def name(state: RedScareState, copy: int) -> str:
    return state["cards"][copy]["name"]


def sort_names(names: list[str]) -> list[str]:
    return sorted(names, key=data.catalogue_rank)


def hand_names(state: RedScareState, seat: Seat) -> list[str]:
    return sort_names([name(state, copy) for copy in state["hands"][seat]])


def distinct(names: list[str]) -> list[str]:
    return list(dict.fromkeys(sort_names(names)))


def take_from_hand(state: RedScareState, seat: Seat, card: str) -> int:
    """Remove one copy of ``card`` from a hand (the latest received: copies are interchangeable) and return it."""
    hand = state["hands"][seat]
    for index in range(len(hand) - 1, -1, -1):
        if name(state, hand[index]) == card:
            return hand.pop(index)
    raise AssertionError(f"{card} is not in seat {seat}'s hand")


def teammates(state: RedScareState, seat: Seat) -> list[Seat]:
    return [s for s in state["teams"][state["team_of"][seat]] if s != seat]


def team_seats(state: RedScareState, seat: Seat) -> list[Seat]:
    return list(state["teams"][state["team_of"][seat]])


def opponents(state: RedScareState, seat: Seat) -> list[Seat]:
    return [s for s in range(state["players"]) if state["team_of"][s] != state["team_of"][seat]]


def log(state: RedScareState, text: str, to: list[Seat] | None = None, redacted: bool = False,
        event: dict[str, Any] | None = None) -> None:
    """``redacted``: the line tells an event without its hidden card, beside a fuller line of the same event (see
    games/state.py, LogEntry): the replay's "everything revealed" log shows the fuller one only. ``event``: the same
    happening as data for bots (known.py reads it), holding exactly what ``text`` says and travelling under ``to``."""
    entry: LogEntry = {"text": text}
    if to is not None:
        entry["to"] = sorted(to)
    if redacted:
        entry["redacted"] = True
    if event is not None:
        entry["event"] = event
    state["log"].append(entry)


def resources_left(state: RedScareState) -> int:
    return len(state["decks"]["omega"]) + len(state["decks"]["delta"])


def placed_names(state: RedScareState, placed: Placed) -> list[str]:
    return [name(state, copy) for copy in placed["cards"]]


BACK_WORDS = {"objective": "an Objective", "omega": "an Omega card", "delta": "a Delta card"}
