"""Partial Objectives on the table: beginning, adding, completing, scoring and the Completion Bonuses."""

from __future__ import annotations

from games.protocol import Seat
from games.red_scare_redux import data
from games.red_scare_redux.objectives import Item, complete, helps, item_of
from games.red_scare_redux.state import Partial, Placed, RedScareState
from games.red_scare_redux.zones import log, name, opponents, placed_names


def items(state: RedScareState, partial: Partial) -> list[Item]:
    out: list[Item] = []
    for placed in partial["placed"]:
        item = placement_item(state, placed)
        if item is not None:
            out.append(item)
    return out


def placement_item(state: RedScareState, placed: Placed) -> Item | None:
    return item_of(name(state, placed["cards"][0]), placed["as"], pair=len(placed["cards"]) == 2)


def objective_of(state: RedScareState, partial: Partial) -> data.Objective:
    return data.OBJECTIVE_BY_NAME[name(state, partial["objective"])]


def find(state: RedScareState, partial_id: str) -> Partial:
    return next(p for p in state["partials"] if p["id"] == partial_id)


def card_helps(state: RedScareState, partial: Partial, card: str, as_: str | None = None, pair: bool = False,
               as_set: bool = False) -> bool:
    item = item_of(card, as_, pair)
    return item is not None and helps(objective_of(state, partial), items(state, partial), item, as_set)


def describe(state: RedScareState, placed: Placed) -> str:
    names = " + ".join(placed_names(state, placed))
    return f"{names} as {placed['as']}" if placed["as"] else names


def place(state: RedScareState, partial: Partial, copies: list[int], as_: str | None) -> None:
    placed: Placed = {"cards": copies, "as": as_}
    partial["placed"].append(placed)
    state["progress"] = True


def check_complete(state: RedScareState, partial: Partial, seat: Seat) -> data.Bonus | None:
    """Complete the partial if its requirements are met: to the team's completed pile, the score, maybe the end.
    Returns the bonus still to resolve (None: nothing completed, or the game is over)."""
    objective = objective_of(state, partial)
    if not complete(objective, items(state, partial)):
        return None
    state["partials"].remove(partial)
    state["completions"] += 1
    team = partial["team"]
    state["completed"][team].append({"objective": partial["objective"], "placed": partial["placed"],
                                     "order": state["completions"]})
    state["progress"] = True
    log(state, f"{{s{seat}}} completes {objective.name} for {objective.points} points.")
    if len(state["completed"][team]) >= data.OBJECTIVES_TO_WIN[len(state["teams"])]:
        state["over"] = True
        state["reason"] = "objectives"
        return None
    return objective.bonus


def steal_targets(state: RedScareState, seat: Seat) -> list[Seat]:
    return [s for s in opponents(state, seat) if state["hands"][s]]


def scores(state: RedScareState) -> list[int]:
    return [sum(data.OBJECTIVE_BY_NAME[name(state, c["objective"])].points for c in pile)
            for pile in state["completed"]]
