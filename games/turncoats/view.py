"""What each viewer of a Turncoats table may see (edition, "Secrets: who sees what"), built by allow-list.

Public: the map, axe, flag, every hand's size, the bag's size, the returned stone. Private: a hand's stones (its
holder), the stone drawn by Negotiate (the drawer). Never shown: the bag's colour mix. At the end, every hand.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from games.protocol import Viewer
from games.turncoats.data import ADJACENT, AREAS, COLOURS, HEX, HOLE, HOMELANDS
from games.turncoats.rules import ruled_counts, ruler, total, winning_colour
from games.turncoats.state import TurncoatsState

HOMELAND_OF = {area: colour for colour, area in HOMELANDS.items()}


def view(state: TurncoatsState, viewer: Viewer) -> dict[str, Any]:
    over = state["over"]
    mine = viewer is not None and 0 <= viewer < state["players"]
    return {
        "players": state["players"],
        "you": viewer if mine else None,
        "turn": None if over else state["turn"],
        "first": state["first"],
        "streak": state["streak"],
        "negotiating": state["drawn"] is not None,
        "areas": [
            {"area": a, "stones": dict(state["areas"][a]), "homeland": HOMELAND_OF.get(a), "ruler": ruler(state, a),
             "hex": list(HEX[a]), "adjacent": list(ADJACENT[a])}
            for a in range(AREAS)
        ],
        "hole": list(HOLE),
        "axe": dict(state["axe"]),
        "flag": dict(state["flag"]),
        "bag": total(state["bag"]),
        "hands": [{"seat": s, "count": total(state["hands"][s]),
                   "stones": dict(state["hands"][s]) if over else None} for s in range(state["players"])],
        "hand": dict(state["hands"][viewer]) if mine and viewer is not None else None,
        "drawn": state["drawn"] if mine and viewer == state["turn"] else None,
        "ruled": ruled_counts(state),
        "leader": winning_colour(state),
        "last": copy.deepcopy(state["last"]),
        "colours": list(COLOURS),
        "over": over,
    }


def secrets(state: TurncoatsState, viewer: Viewer) -> set[str]:
    """Canary strings: the JSON of every hand the viewer may not see (the stronger check is ``resample``)."""
    if state["over"]:
        return set()
    import json

    hidden = set()
    for seat, hand in enumerate(state["hands"]):
        if seat != viewer and total(hand) >= 2:
            hidden.add(json.dumps(hand))
    return hidden


def resample(state: TurncoatsState, viewer: Viewer, rand: random.Random) -> TurncoatsState:
    """Redeal the stones the viewer cannot see (bag and other hands), keeping every count the viewer can see."""
    new = copy.deepcopy(state)
    if new["over"]:  # every hand is revealed at the end: nothing is hidden to redraw
        return new
    others = [s for s in range(new["players"]) if s != viewer]
    pool = [c for c in COLOURS for _ in range(new["bag"][c])]
    for seat in others:
        pool += [c for c in COLOURS for _ in range(new["hands"][seat][c])]
    rand.shuffle(pool)
    sizes = {seat: total(new["hands"][seat]) for seat in others}
    new["bag"] = {c: 0 for c in COLOURS}
    for seat in others:
        hand = {c: 0 for c in COLOURS}
        for _ in range(sizes[seat]):
            hand[pool.pop()] += 1
        new["hands"][seat] = hand
    for colour in pool:
        new["bag"][colour] += 1
    turn = new["turn"]
    if new["drawn"] is not None and turn != viewer:
        # The drawn stone is in the drawer's hand; it may be any of them as far as this viewer knows.
        new["drawn"] = rand.choice([c for c in COLOURS for _ in range(new["hands"][turn][c])])
    return new
