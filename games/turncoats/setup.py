"""Turncoats setup (edition, Setup): the stones on the map, every hand drawn in secret, a random first player."""

from __future__ import annotations

from pydantic import BaseModel

from games import rng
from games.state import RngState
from games.turncoats.data import AREAS, COLOURS, HAND_SIZE, HOMELANDS, SETUP_PER_AREA, STONES_PER_COLOUR
from games.turncoats.rules import draw, empty, total
from games.turncoats.state import TurncoatsState


def setup(players: int, _options: BaseModel, seed: int) -> TurncoatsState:
    source: RngState = {"rng": seed}  # the random source, until the state that keeps it is built
    bag = {c: STONES_PER_COLOUR for c in COLOURS}
    areas = [empty() for _ in range(AREAS)]
    # Edition: two stones of the matching colour on each homeland, two random stones on every other area.
    for colour, area in HOMELANDS.items():
        bag[colour] -= SETUP_PER_AREA
        areas[area][colour] += SETUP_PER_AREA
    homelands = set(HOMELANDS.values())
    for area in range(AREAS):
        if area not in homelands:
            for _ in range(SETUP_PER_AREA):
                areas[area][draw(source, bag)] += 1
    hands = [empty() for _ in range(players)]
    for hand in hands:
        for _ in range(HAND_SIZE):
            hand[draw(source, bag)] += 1
    first = rng.randbelow(source, players)
    state: TurncoatsState = {
        "players": players, "rng": source["rng"], "log": [],
        "bag": bag, "areas": areas, "hands": hands, "axe": empty(), "flag": empty(),
        "turn": first, "first": first, "streak": 0, "drawn": None, "last": None, "over": False,
        "final_negotiator": None, "setup_bag": total(bag),
    }
    state["log"].append({"text": "The stones are placed and every player draws 8 in secret. {s%d} goes first." % first,
                         "event": {"kind": "start", "first": first}})
    return state
