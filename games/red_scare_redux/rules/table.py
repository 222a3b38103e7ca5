"""Partial Objectives on the table: beginning, adding, completing, scoring and the Completion Bonuses."""

from __future__ import annotations

from games.protocol import Seat
from games.red_scare_redux import data
from games.red_scare_redux.rules.objectives import Item, complete, helps, item_of
from games.red_scare_redux.rules.windows import open_tip_off
from games.red_scare_redux.rules.zones import log, name, opponents, placed_names, resources_left
from games.red_scare_redux.state import Partial, Placed, RedScareState


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


def resolve_completion(state: RedScareState, seat: Seat, partial: Partial) -> bool:
    """Complete the partial if it is done and start its bonus; True if it completed."""
    if partial not in state["partials"]:
        return False
    before = state["completions"]
    bonus = check_complete(state, partial, seat)
    if bonus is not None and bonus != "NONE":
        # A Tip-Off window comes before the bonus (ruling (b)).
        open_tip_off(state, seat, {"kind": "bonus", "seat": seat, "bonus": bonus},
                     name(state, partial["objective"]), bonus)
    return state["completions"] > before


def start_bonus(state: RedScareState, seat: Seat, bonus: str) -> None:
    if bonus in data.BONUS_DRAWS:
        if resources_left(state):
            state["step"] = {"kind": "draw", "seat": seat, "owed": data.BONUS_DRAWS[bonus]}
    elif bonus == "EXTRA1":
        state["actions_left"] += 1
        log(state, f"{{s{seat}}} gains an action.")
    elif bonus == "STEAL" and steal_targets(state, seat):
        state["step"] = {"kind": "steal", "seat": seat}
