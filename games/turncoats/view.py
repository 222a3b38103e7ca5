"""What each viewer of a Turncoats table may see (edition, "Secrets: who sees what"), built by allow-list.

Public: the map, axe, flag, every hand's size, the bag's size, the returned stone. Private: a hand's stones (its
holder), the stone drawn by Negotiate (the drawer). Never shown: the bag's colour mix. At the end, every hand.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from games.protocol import Viewer
from games.turncoats.data import ADJACENT, AREAS, COLOURS, HEX, HOLE, HOMELANDS
from games.turncoats.rules import apply, ruled_counts, rulers, total, winning_colour
from games.turncoats.state import TurncoatsState

HOMELAND_OF = {area: colour for colour, area in HOMELANDS.items()}


def view(state: TurncoatsState, viewer: Viewer) -> dict[str, Any]:
    over = state["over"]
    mine = viewer is not None and 0 <= viewer < state["players"]
    ruled = rulers(state)  # once: the map, the counts and the leader all follow from it
    counts = ruled_counts(state, ruled)
    return {
        "players": state["players"],
        "you": viewer if mine else None,
        "turn": None if over else state["turn"],
        "first": state["first"],
        "streak": state["streak"],
        "negotiating": state["drawn"] is not None,
        "areas": [
            {"area": a, "stones": dict(state["areas"][a]), "homeland": HOMELAND_OF.get(a), "ruler": ruled[a],
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
        "ruled": counts,
        "leader": winning_colour(state, counts),
        "last": copy.deepcopy(state["last"]),
        "colours": list(COLOURS),
        "over": over,
    }


def secrets(state: TurncoatsState, viewer: Viewer) -> set[str]:
    """Canary values: the JSON of every other hand holding a stone (an empty hand is no secret: its size is public)
    and the colour of a stone another player has just drawn. Neither is a distinctive token (an area may hold a hand's
    counts; colour names are everywhere), so the canary test looks for a field that tracks them rather than for the
    text; ``resample`` is the stronger check."""
    if state["over"]:
        return set()
    hidden = {json.dumps(hand) for seat, hand in enumerate(state["hands"]) if seat != viewer and total(hand)}
    if state["drawn"] is not None and viewer != state["turn"]:
        hidden.add(state["drawn"])
    return hidden


def resample(state: TurncoatsState, viewer: Viewer, rand: random.Random) -> TurncoatsState:
    """Redeal the stones the viewer cannot see (bag and other hands), keeping every count the viewer can see.

    A stone another player has just drawn is drawn again by the engine itself: the draw is undone (the stone back in
    the bag, its log lines dropped), the stones are redealt, and ``rules.apply`` negotiates afresh from a redrawn
    random source, so whatever the engine records of a draw is redrawn with it, not only ``drawn``."""
    new = copy.deepcopy(state)
    if new["over"]:  # every hand is revealed at the end: nothing is hidden to redraw
        return new
    turn, seq = new["turn"], new.get("seq", 0)
    undone = new["drawn"] if turn != viewer else None
    if undone is not None:
        new["hands"][turn][undone] -= 1
        new["bag"][undone] += 1
        new["drawn"] = None
        new["log"] = [entry for entry in new["log"] if entry.get("seq", 0) != seq]  # the draw's own lines
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
    if undone is not None:
        new["rng"] = rand.getrandbits(64)  # the random source's state is nobody's to know
        mark = len(new["log"])
        apply(new, turn, {"type": "negotiate"})
        for entry in new["log"][mark:]:
            entry["seq"] = seq
    return new
