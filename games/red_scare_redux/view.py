"""What each seat sees (the edition's secrets table), the leak tests' hooks (``secrets``, ``resample``) and the
replay's ``reveal``."""

from __future__ import annotations

import random
from typing import Any, cast

import orjson

from games.facts import Zone
from games.protocol import Viewer
from games.red_scare_redux import data
from games.red_scare_redux.known import known_cards
from games.red_scare_redux.rules.objectives import missing
from games.red_scare_redux.rules.table import items, objective_of, scores
from games.red_scare_redux.rules.zones import active, hand_names, name
from games.red_scare_redux.state import (
    Back,
    BackCounts,
    Placed,
    PlacedCardView,
    PlacedPairView,
    PlacedView,
    RedScareState,
    RedScareView,
    StepView,
)


def placed_view(state: RedScareState, placed: Placed) -> PlacedView:
    names = [name(state, copy) for copy in placed["cards"]]
    if len(names) == 2:
        pair: PlacedPairView = {"pair": names}
        if placed["as"] is not None:
            pair["as"] = placed["as"]
        return pair
    card: PlacedCardView = {"card": names[0]}
    if placed["as"] is not None:
        card["as"] = placed["as"]
    return card


def counts(state: RedScareState, seat: int) -> BackCounts:
    out: BackCounts = {"objective": 0, "omega": 0, "delta": 0}
    for copy in state["hands"][seat]:
        out[state["cards"][copy]["back"]] += 1
    return out


def step_view(state: RedScareState, team: int | None) -> StepView | None:
    """The open step, key by key: every key present, None where the kind has no use for it."""
    step = state["step"]
    if step is None:
        return None
    out: StepView = {"kind": step["kind"], "seat": step["seat"], "owed": None, "partial": None, "victim": None,
                     "over": None, "hand": None}
    if step["kind"] == "draw":
        out["owed"] = step["owed"]
    elif step["kind"] == "place":
        out["partial"] = step["partial"]
    elif step["kind"] == "interrogate":
        out["victim"] = step["victim"]
        if team == state["team_of"][step["seat"]]:
            out["hand"] = hand_names(state, step["victim"])  # ruling 9: the interrogator's team sees it while open
    elif step["kind"] == "discard":
        out["over"] = step["over"]
    return out


def view(state: RedScareState, viewer: Viewer) -> RedScareView:
    team = state["team_of"][viewer] if viewer is not None else None
    sees = [team is not None and state["team_of"][seat] == team for seat in range(state["players"])]
    return {
        "layout": state["layout"], "teams": state["teams"], "team_of": state["team_of"], "you": viewer,
        "your_team": team, "order": state["order"], "turn_index": state["turn_index"], "turn": active(state),
        "actions_left": state["actions_left"], "first_action": state["first_action"],
        "last_turn": state["last_turn"], "hand_limits": state["hand_limits"],
        "hands": [hand_names(state, seat) if sees[seat] else None for seat in range(state["players"])],
        "hand_counts": [counts(state, seat) for seat in range(state["players"])],
        "decks": {"objective": len(state["decks"]["objective"]), "omega": len(state["decks"]["omega"]),
                  "delta": len(state["decks"]["delta"])},
        "discard": [name(state, copy) for copy in state["discard"]],
        "partials": [{"id": p["id"], "team": p["team"], "objective": name(state, p["objective"]),
                      "placed": [placed_view(state, placed) for placed in p["placed"]],
                      "missing": missing(objective_of(state, p), items(state, p))} for p in state["partials"]],
        "completed": [[{"objective": name(state, c["objective"]),
                        "points": data.OBJECTIVE_BY_NAME[name(state, c["objective"])].points,
                        "placed": [placed_view(state, placed) for placed in c["placed"]]} for c in pile]
                      for pile in state["completed"]],
        "scores": scores(state), "objectives_to_win": data.OBJECTIVES_TO_WIN[len(state["teams"])],
        "step": step_view(state, team), "window": state["window"],
    }


def hidden_seats(state: RedScareState, viewer: Viewer) -> list[int]:
    """Seats whose hand the viewer cannot see: other teams', less an Interrogation's victim for its team."""
    team = state["team_of"][viewer] if viewer is not None else None
    shown = -1
    step = state["step"]
    if step is not None and step["kind"] == "interrogate" and team == state["team_of"][step["seat"]]:
        shown = step["victim"]
    return [seat for seat in range(state["players"]) if state["team_of"][seat] != team and seat != shown]


def secrets(state: RedScareState, viewer: Viewer) -> set[str]:
    """Hands the viewer may not see, as JSON lists of names (values looked for field by field)."""
    import json

    if state["over"]:
        return set()
    return {json.dumps(hand_names(state, seat)) for seat in hidden_seats(state, viewer) if state["hands"][seat]}


def hidden_zones(state: RedScareState, seat: int) -> dict[str, Zone]:
    """What ``seat`` cannot see (``Facts.hidden_zones``): the other team's hands and the three decks' order."""
    if state["over"]:
        return {}

    def things(copies: list[int]) -> tuple[tuple[str, str], ...]:
        return tuple((state["cards"][c]["back"], state["cards"][c]["name"]) for c in copies)

    zones = {f"hand {other}": Zone(things(state["hands"][other])) for other in hidden_seats(state, seat)}
    zones.update({f"{back} deck": Zone(things(state["decks"][back]), ordered=True)
                  for back in ("objective", "omega", "delta")})
    return zones


def resample(state: RedScareState, viewer: Viewer, rand: random.Random) -> RedScareState:
    """Redeal what the viewer cannot see: hidden hands and the decks, keeping each hand's count per back and giving
    each hidden hand first the cards the viewer's log shows it holds (games/red_scare_redux/known.py).

    Canonical: the result depends only on what the viewer sees and on ``rand``. Each back's pool (its deck and the
    hidden hands' cards of that back) is sorted by copy id before it is shuffled, and the hidden hands are dealt
    afresh seat by seat, so neither the decks' true order nor the hands' true order leaks through."""
    new = cast(RedScareState, orjson.loads(orjson.dumps(state)))  # states are plain JSON: 20x faster than deepcopy
    hidden = [] if new["over"] else hidden_seats(new, viewer)  # at the end every hand is revealed
    owed = {seat: counts(new, seat) for seat in hidden}
    hands: dict[int, list[int]] = {seat: [] for seat in hidden}
    backs: tuple[Back, ...] = ("objective", "omega", "delta")
    known = known_cards(new, viewer, {card["name"]: card["back"] for card in new["cards"]})
    for back in backs:
        pool = sorted(list(new["decks"][back]) + [copy for seat in hidden for copy in new["hands"][seat]
                                                   if new["cards"][copy]["back"] == back])
        for seat in hidden:  # first the cards the seat knows are there, the lowest copy of each name
            for card in known.get(seat, []):
                copy = next((c for c in pool if new["cards"][c]["name"] == card), None)
                if copy is not None and owed[seat][back] > 0:
                    pool.remove(copy)
                    hands[seat].append(copy)
                    owed[seat][back] -= 1
        rand.shuffle(pool)
        for seat in hidden:
            for _ in range(owed[seat][back]):
                hands[seat].append(pool.pop())
        new["decks"][back] = pool
    for seat in hidden:
        new["hands"][seat] = sort_copies(new, hands[seat])
    return new


def sort_copies(state: RedScareState, copies: list[int]) -> list[int]:
    return sorted(copies, key=lambda copy: (data.catalogue_rank(name(state, copy)), copy))


def reveal(state: RedScareState) -> dict[str, Any]:
    """Everything a spectator cannot see at a moment, labelled for the replay's "everything revealed" view: every hand
    by card name, and the three decks in order (top first)."""
    return {
        "hands": [{"seat": seat, "team": state["team_of"][seat] + 1, "cards": hand_names(state, seat)}
                  for seat in range(state["players"])],
        **{f"{back} deck, top first": [name(state, copy) for copy in state["decks"][back]]
           for back in ("objective", "omega", "delta")},
    }
