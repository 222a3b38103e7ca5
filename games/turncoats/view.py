"""What each viewer of a Turncoats table may see (edition, "Secrets: who sees what"), built by allow-list; the two
leak-test hooks (``secrets``, ``resample``); and ``reveal``, everything hidden, labelled for a finished game's replay.

Public: the map, axe, flag, every hand's size, the bag's size, the returned stone. Private: a hand's stones (its
holder), the stone drawn by Negotiate (the drawer). Never shown: the bag's colour mix. At the end, every hand.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any, cast

import orjson

from games.facts import Zone
from games.protocol import Viewer
from games.shared_views import SharedViews
from games.turncoats.data import ADJACENT, AREAS, COLOURS, HEX, HOLE, HOMELANDS, STONES_PER_COLOUR
from games.turncoats.rules import apply, ruled_counts, rulers, total, winning_colour
from games.turncoats.sampler import tilts
from games.turncoats.state import Counts, SeatView, SpectatorView, TurncoatsState, TurncoatsView

HOMELAND_OF = {area: colour for colour, area in HOMELANDS.items()}


def view(state: TurncoatsState, viewer: Viewer) -> TurncoatsView:
    public = _public.of(state)
    if viewer is None or not 0 <= viewer < state["players"]:
        return public
    # A seat's view is the same dict with its own keys filled in (they keep their places).
    mine: SeatView = {**public, "you": viewer, "hand": dict(state["hands"][viewer]),
                      "drawn": state["drawn"] if viewer == state["turn"] else None}
    return mine


# The map's fixed lists, shared by every view (views are read-only once built).
_HEX = [list(h) for h in HEX]
_ADJACENT = [list(a) for a in ADJACENT]
_HOLE = list(HOLE)


def _public_view(state: TurncoatsState) -> SpectatorView:
    over = state["over"]
    ruled = rulers(state)  # once: the map, the counts and the leader all follow from it
    counts = ruled_counts(state, ruled)
    public: SpectatorView = {
        "players": state["players"],
        "you": None,
        "turn": None if over else state["turn"],
        "first": state["first"],
        "streak": state["streak"],
        "negotiating": state["drawn"] is not None,
        "areas": [
            {"area": a, "stones": dict(state["areas"][a]), "homeland": HOMELAND_OF.get(a), "ruler": ruled[a],
             "hex": _HEX[a], "adjacent": _ADJACENT[a]}
            for a in range(AREAS)
        ],
        "hole": _HOLE,
        "axe": dict(state["axe"]),
        "flag": dict(state["flag"]),
        "bag": total(state["bag"]),
        "hands": [{"seat": s, "count": total(state["hands"][s]),
                   "stones": dict(state["hands"][s]) if over else None} for s in range(state["players"])],
        "hand": None,
        "drawn": None,
        "ruled": counts,
        "leader": winning_colour(state, counts),
        "last": _copied(state["last"]),
        "colours": list(COLOURS),
        "over": over,
    }
    return public


def _copied(value: Any) -> Any:
    """A copy of a small piece of the state for the view (plain JSON: a trip through orjson copies it some ten times
    faster than ``copy.deepcopy``, which was a few per cent of a fan-out)."""
    return orjson.loads(orjson.dumps(value))


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

    Canonical: the result depends only on what the viewer sees and on ``rand``. The unseen stones are counted from the
    public zones and the viewer's own hand (never read off the hidden ones), dealt in seat order, and the engine's
    random source is reseeded. A stone another player has just drawn is drawn again by the engine itself: the draw is
    undone (its log lines dropped), the stones are redealt, and ``rules.apply`` negotiates afresh, so whatever the
    engine records of a draw is redrawn with it, not only ``drawn``."""
    # The log's entries are never changed once written: share them (copying a long history was most of the time).
    new = cast(TurncoatsState, copy.deepcopy({key: value for key, value in state.items() if key != "log"}))
    new["log"] = list(state["log"])
    if new["over"]:  # every hand is revealed at the end: nothing is hidden to redraw
        return new
    turn, seq = new["turn"], new.get("seq", 0)
    redraw = new["drawn"] is not None and turn != viewer
    if redraw:
        new["drawn"] = None
        new["log"] = [entry for entry in new["log"] if entry.get("seq", 0) != seq]  # the draw's own lines
    seated = viewer is not None and 0 <= viewer < new["players"]
    others = [s for s in range(new["players"]) if not (seated and s == viewer)]
    sizes = {seat: total(new["hands"][seat]) - (1 if redraw and seat == turn else 0) for seat in others}
    new["hands"] = [new["hands"][seat] if seated and seat == viewer else {c: 0 for c in COLOURS}
                    for seat in range(new["players"])]
    new["bag"] = unseen(new, viewer if seated else None)
    deal(new, sizes, rand)
    new["rng"] = rand.getrandbits(64)  # the random source's state is nobody's to know
    if redraw:
        mark = len(new["log"])
        apply(new, turn, {"type": "negotiate"})
        for entry in new["log"][mark:]:
            entry["seq"] = seq
    return new


def hidden_zones(state: TurncoatsState, seat: int) -> dict[str, Zone]:
    """What ``seat`` cannot see (``Facts.hidden_zones``): the bag and every other hand, as stones by colour."""
    if state["over"]:
        return {}

    def stones(counts: Counts) -> Zone:
        return Zone(tuple(("stone", colour) for colour in COLOURS for _ in range(counts[colour])))

    zones = {"bag": stones(state["bag"])}
    zones.update({f"hand {other}": stones(state["hands"][other]) for other in range(state["players"]) if other != seat})
    return zones


def unseen(state: TurncoatsState, viewer: Viewer) -> Counts:
    """The stones ``viewer`` cannot place, per colour: all of them less the map, axe, flag and their own hand."""
    out = {c: STONES_PER_COLOUR - state["axe"][c] - state["flag"][c] - sum(a[c] for a in state["areas"])
           for c in COLOURS}
    if viewer is not None:
        for c in COLOURS:
            out[c] -= state["hands"][viewer][c]
    return out


def deal(state: TurncoatsState, sizes: dict[int, int], rand: random.Random) -> None:
    """Deal ``sizes[seat]`` stones to each listed seat from the bag (which holds every unseen stone), one at a time,
    each colour as likely as its count in the bag times the seat's tilt from the public history (sampler.py)."""
    weights = tilts(state)
    bag = state["bag"]
    for seat in sorted(sizes):
        for _ in range(sizes[seat]):
            odds = [bag[c] * weights[seat][i] for i, c in enumerate(COLOURS)]
            pick = rand.random() * sum(odds)
            colour = COLOURS[-1] if bag[COLOURS[-1]] else COLOURS[1] if bag[COLOURS[1]] else COLOURS[0]
            for i, c in enumerate(COLOURS):
                if pick < odds[i]:
                    colour = c
                    break
                pick -= odds[i]
            state["hands"][seat][colour] += 1
            bag[colour] -= 1


# ----------------------------------------------------------------------------- replays


def reveal(state: TurncoatsState) -> dict[str, Any]:
    """Everything a spectator cannot see at a moment, labelled for the replay's "everything revealed" view: every
    hand's stones by colour, the bag's colour mix, and the stone a Negotiate has drawn and not yet returned."""
    out: dict[str, Any] = {
        "hands": [{"seat": seat, **{colour: hand[colour] for colour in COLOURS}, "stones": total(hand)}
                  for seat, hand in enumerate(state["hands"])],
        "bag": {**{colour: state["bag"][colour] for colour in COLOURS}, "stones": total(state["bag"])},
    }
    if state["drawn"] is not None:
        # Drawn by the seat whose turn it is, already in their hand: one stone of it goes back to the bag next.
        out["drawn, not yet returned"] = [{"seat": state["turn"], "stone": state["drawn"]}]
    return out


_public: SharedViews[SpectatorView] = SharedViews(_public_view)
