"""Build Red Scare Redux states by hand for rule tests.

``make`` starts from a real setup, then seats the first player at ``first`` (turn order follows from it) and puts
exactly the named cards in the named places: hands, the tops of the decks (top first) and partials. The rest of each
deck follows below the named cards, or is left out of the game with ``only=True`` (for end-of-deck tests).
"""

from __future__ import annotations

from typing import Any

from games.protocol import State, apply_checked
from games.red_scare_redux import GAME
from games.red_scare_redux.options import Options
from games.red_scare_redux.setup import labels_for, layout_for, team_order, turn_cycle


def make(players: int = 2, *, hands: dict[int, list[str]] | None = None, omega: list[str] | None = None,
         delta: list[str] | None = None, objectives: list[str] | None = None, first: int = 0,
         partials: list[tuple[int, str, list[Any]]] | None = None, only: bool = False,
         options: dict[str, Any] | None = None, seed: int = 7) -> State:
    """``partials``: (team, Objective, placements), a placement a card name, or (pair names, class) / (name, as)."""
    state = GAME.new_state(players, options, seed)
    parsed = GAME.parse_options(options)
    assert isinstance(parsed, Options)
    teams = team_order(labels_for(players, layout_for(players, parsed), parsed), first)
    state["teams"] = teams
    state["team_of"] = [next(i for i, team in enumerate(teams) if seat in team) for seat in range(players)]
    state["order"] = turn_cycle(teams)
    pool = list(range(len(state["cards"])))

    def copy_of(name: str, back: str | None = None) -> int:
        for copy in pool:
            card = state["cards"][copy]
            if card["name"] == name and (back is None or card["back"] == back):
                pool.remove(copy)
                return int(copy)
        raise AssertionError(f"no copy of {name} left")

    state["hands"] = [[copy_of(name) for name in (hands or {}).get(seat, [])] for seat in range(players)]
    state["partials"] = []
    for number, (team, objective, placements) in enumerate(partials or [], start=1):
        placed = []
        for entry in placements:
            if isinstance(entry, str):
                placed.append({"cards": [copy_of(entry)], "as": None})
            elif isinstance(entry[0], list):
                placed.append({"cards": [copy_of(n) for n in entry[0]], "as": entry[1]})
            else:
                placed.append({"cards": [copy_of(entry[0])], "as": entry[1]})
        state["partials"].append({"id": f"p{number}", "team": team, "objective": copy_of(objective),
                                  "placed": placed})
    state["next_partial"] = len(state["partials"]) + 1
    for back, named in (("objective", objectives), ("omega", omega), ("delta", delta)):
        top = [copy_of(name, back) for name in named or []]
        rest = [] if only else [c for c in pool if state["cards"][c]["back"] == back]
        state["decks"][back] = top + rest
    state["hand_limits"] = [state["hand_limits"][0] if players != 5 else 6 + 3 * (len(teams[state["team_of"][s]]) == 2)
                            for s in range(players)]
    return state


def act(state: State, seat: int, action: dict[str, Any]) -> State:
    return apply_checked(GAME, state, seat, action)


def legal(state: State, seat: int) -> list[dict[str, Any]]:
    return GAME.legal(state, seat)


def types(state: State, seat: int) -> set[str]:
    return {action["type"] for action in GAME.legal(state, seat)}


def pass_window(state: State) -> State:
    """Let every open response window go by: everyone continues (quick) or its deadline passes (fixed)."""
    from games.protocol import apply_expiry

    while state["window"] is not None:
        if state["window_mode"] == "fixed":
            state = apply_expiry(GAME, state)
        else:
            state = act(state, GAME.required(state)[0], {"type": "continue"})
    return state
