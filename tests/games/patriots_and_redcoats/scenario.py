"""Build Patriots & Redcoats states by hand for rule tests, and play them through the platform's guard.

``build`` deals the named Loyalty cards (the rest go to the box, so 37 are conserved), stacks the named Spycraft and
War cards on top of their decks (the first named is drawn first), lays out eyes and the War track, and starts play at
the Commander's first Spycraft turn (or at the Council Phase, or the setup confirmation).
"""

from __future__ import annotations

import json
from typing import Any

from app.messages import state_message
from games.patriots_and_redcoats import GAME, rules
from games.patriots_and_redcoats.data import LOYALTY, SPYCRAFT, WAR
from games.patriots_and_redcoats.rules.core import kinds, leaders_held, zones
from games.patriots_and_redcoats.rules.teams import team_of
from games.protocol import Action, State, Viewer, apply_checked, apply_expiry

# Short names for Loyalty kinds in scenarios.
P, R, T = "patriot", "redcoat", "turncoat"
PS, RS, PL, RL = "patriot_spy", "redcoat_spy", "patriot_leader", "redcoat_leader"

# Spycraft selectors: ("spy", eyes), ("conceal", feathers), "skip", "ferguson", "reverse", "draw2", "hessians",
# "winter".
Selector = str | tuple[str, int]


def _spycraft_matches(card: str, selector: Selector) -> bool:
    data = SPYCRAFT[card]
    if isinstance(selector, tuple):
        field = "eyes" if selector[0] == "spy" else "feathers"
        return data["kind"] == selector[0] and data.get(field) == selector[1]
    named = {"ferguson": ("skip", "Major Ferguson"), "hessians": ("draw2", "Hessians")}
    if selector in named:
        return (data["kind"], data.get("name")) == named[selector]
    return data["kind"] == selector and "name" not in data


def _take(pool: list[str], test: Any) -> str:
    card = next(c for c in pool if test(c))
    pool.remove(card)
    return card


def build(
    players: int = 5,
    hands: list[list[str]] | None = None,
    *,
    up: dict[int, list[int]] | None = None,
    spycraft: list[Selector] = (),  # type: ignore[assignment]
    war: list[str] = (),  # type: ignore[assignment]
    eyes: dict[int, list[int | tuple[int, int]]] | None = None,
    track: dict[str, int] | None = None,
    commander: int = 0,
    anchor: int | None = None,
    marker: int = 0,
    choices: dict[int, str] | None = None,
    dead: list[int] = (),  # type: ignore[assignment]
    at: str = "spycraft",
    options: dict[str, Any] | None = None,
    seed: int = 1,
) -> State:
    """A state at the start of the Commander's Spycraft turn (``at="council"``: the nomination; ``"setup"``: the
    first loyalty confirmation). Default hands: seat 0 the Patriot Leader, seat 1 the Redcoat Leader, plain others."""
    state = GAME.new_state(players, {"response_window_s": 5, **(options or {})}, seed)
    if hands is None:
        hands = [[PL, P, P], [RL, R, R]] + [[P, R, T] if i % 2 else [P, P, R] for i in range(players - 2)]
    assert len(hands) == players
    loyalty = sorted(LOYALTY)
    state["hands"] = [[{"id": _take(loyalty, lambda c, k=k: LOYALTY[c] == k), "up": False} for k in hand]
                      for hand in hands]
    for seat, slots in (up or {}).items():
        for slot in slots:
            state["hands"][seat][slot]["up"] = True
            state["touched"].append(state["hands"][seat][slot]["id"])
    state["box"] = loyalty
    state["dealt"] = [[e["id"] for e in hand] for hand in state["hands"]]
    spy_pool = sorted(SPYCRAFT)
    top = [_take(spy_pool, lambda c, sel=sel: _spycraft_matches(c, sel)) for sel in spycraft]
    state["eyes"] = [[] for _ in range(players)]
    for seat, values in (eyes or {}).items():
        for value in values:
            printed, current = value if isinstance(value, tuple) else (value, value)
            card = _take(spy_pool, lambda c, e=printed: _spycraft_matches(c, ("spy", e)))
            state["eyes"][seat].append({"id": card, "eyes": current})
    # Below the named cards lie the 1-eye Spy cards, so unnamed draws are plain Spy cards.
    spy_pool.sort(key=lambda c: (_spycraft_matches(c, ("spy", 1)), c))
    state["spycraft"] = {"deck": spy_pool + top[::-1], "discard": []}
    war_pool = sorted(WAR)
    war_top = [_take(war_pool, lambda c, side=side: WAR[c] == side) for side in war]
    state["track"] = {side: [_take(war_pool, lambda c, side=side: WAR[c] == side) for _ in range(n)]
                      for side, n in {"patriots": 0, "redcoats": 0, **(track or {})}.items()}
    state["war"] = {"deck": war_pool + war_top[::-1], "discard": []}
    state["marker"] = marker
    state["alive"] = [seat not in dead for seat in range(players)]
    state["leader_held"] = [(leaders_held(state, seat) or [None])[0] for seat in range(players)]
    state["received_leader"] = [False] * players
    state["choice"] = [None] * players
    for seat, team in (choices or {}).items():
        state["choice"][seat] = team
    state["team"] = [team_of(state, seat, state["choice"][seat]) for seat in range(players)]
    state["team_before"] = list(state["team"])
    state["reverse"] = []
    state["commander"] = commander
    state["walk"] = {"anchor": commander if anchor is None else anchor, "dir": 1, "skips": 0, "last": None}
    state["councils"] = []
    state["windows"] = []
    state["log"] = []
    if at == "setup":
        state["phase"] = "setup"
        state["team"] = [None] * players
        state["stack"] = [{"kind": "round", "step": "setup"}]
    elif at == "council":
        state["phase"] = "council"
        state["stack"] = [{"kind": "round", "step": "end"}, rules.council.new_council(state, commander, False)]
    else:
        state["phase"] = "spycraft-start"
        state["stack"] = [{"kind": "round", "step": "spycraft"}]
    rules.advance(state)
    rules.check_invariants(state)
    return state


def act(state: State, seat: int, action: Action) -> State:
    return apply_checked(GAME, state, seat, action)


def acts(state: State, *moves: tuple[int, Action]) -> State:
    for seat, action in moves:
        state = act(state, seat, action)
    return state


def expire(state: State) -> State:
    """A fixed window's deadline passes: the platform's move, nobody's action."""
    return apply_expiry(GAME, state)


def close_windows(state: State) -> State:
    """Close every open window: everyone continues (quick mode), or each deadline passes (fixed mode)."""
    while state["windows"] and GAME.result(state) is None:
        if state["options"]["window_mode"] == "fixed":
            state = expire(state)
        else:
            state = act(state, GAME.required(state)[0], {"type": "continue"})
    return state


def confirm_all(state: State, **choices: str) -> State:
    """Every living player confirms: the named team for seats given as s<seat>=team, else the first option."""
    while state["stack"][-1]["kind"] == "confirm" and not state["windows"] and GAME.result(state) is None:
        seat = GAME.required(state)[0]
        team = choices.get(f"s{seat}") or GAME.legal(state, seat)[0]["team"]
        state = act(state, seat, {"type": "confirm", "team": team})
    return state


def vote(state: State, yes: list[int]) -> State:
    for seat in list(GAME.required(state)):
        state = act(state, seat, {"type": "vote", "yes": seat in yes})
    return state


def message_text(state: State, viewer: Viewer) -> str:
    names = [f"P{i}" for i in range(state["players"])]
    status = "finished" if GAME.result(state) is not None else "playing"
    built = state_message(GAME, status=status, seq=state["seq"], state=state, viewer=viewer, names=names, table={},
                          deadline=None)
    return json.dumps(built)


def hand(state: State, seat: int) -> list[str]:
    return kinds(state, seat)


def conserved(state: State) -> bool:
    found = zones(state)
    return (sorted(found["loyalty"]) == sorted(LOYALTY) and sorted(found["spycraft"]) == sorted(SPYCRAFT)
            and sorted(found["war"]) == sorted(WAR))


def public_log(state: State) -> list[str]:
    return [e["text"] for e in state["log"] if "to" not in e]
