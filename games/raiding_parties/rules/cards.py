"""Questions about cards: where a card in play is, its traits (K3), its weapons and lines under the auras in force.

Nothing here changes the state.
"""

from __future__ import annotations

from games.protocol import Seat
from games.raiding_parties.data import (
    ARTISHAAN,
    BY_NAME,
    DUELING_GROUNDS,
    PIRATE_NAMES,
    PIRATEER,
    PRIVATEER,
    RANKS,
    SHIP_OR_FORT,
    STRUCTURES,
    SUITS,
    Line,
    Weapon,
)
from games.raiding_parties.state import InPlay, RaidingState

BOARDING_AXES = ("Boarding Axe", "2 Boarding Axe")


def find(state: RaidingState, card_id: str) -> tuple[Seat, InPlay] | None:
    """The owner and the card in play with this id; None once it has left play."""
    for seat, cards in enumerate(state["play"]):
        for c in cards:
            if c["id"] == card_id:
                return seat, c
    return None


def get(state: RaidingState, card_id: str) -> InPlay:
    found = find(state, card_id)
    assert found is not None, f"{card_id} is not in play"
    return found[1]


def owner(state: RaidingState, card_id: str) -> Seat:
    found = find(state, card_id)
    assert found is not None, f"{card_id} is not in play"
    return found[0]


def alive(state: RaidingState, card_id: str) -> bool:
    return find(state, card_id) is not None


def kind(name: str) -> str:
    return BY_NAME[name]["type"]


def is_crew(name: str) -> bool:
    return kind(name) == "crew"


def is_structure(name: str) -> bool:
    """A Ship, Fort or Land: not crew, never charges, ignores its boarders on its own turn (M5)."""
    return kind(name) in STRUCTURES


def is_ship_or_fort(name: str) -> bool:
    return kind(name) in SHIP_OR_FORT


def md_line(name: str) -> Line | None:
    return BY_NAME[name]["md"]


def is_pirate(name: str, in_play: bool) -> bool:
    """K3: Pirate by title, Artishaan, and a Pirateer while in play."""
    return name in PIRATE_NAMES or (name == PIRATEER and in_play)


def is_privateer(name: str, in_play: bool) -> bool:
    return name == PRIVATEER or (name == PIRATEER and in_play)


def has(state: RaidingState, seat: Seat, name: str) -> bool:
    """Whether ``seat`` has a card of this name in play (an aura's condition, K3)."""
    return any(c["name"] == name for c in state["play"][seat])


def anyone_has(state: RaidingState, name: str) -> bool:
    return any(has(state, seat, name) for seat in range(state["players"]))


def dueling(state: RaidingState) -> bool:
    """Dueling Grounds binds every player while anyone has it in play (K3, K6)."""
    return anyone_has(state, DUELING_GROUNDS)


def in_melee(card: InPlay) -> bool:
    return bool(card["melee"])


def weapons(state: RaidingState, seat: Seat, name: str) -> list[Weapon]:
    """The card's weapons now: a weapon that needs another card (the Swashbuckler's Cannon) only while its owner has
    that card in play."""
    return [w for w in BY_NAME[name]["weapons"] if "requires" not in w or has(state, seat, w["requires"])]


def weapon(state: RaidingState, seat: Seat, name: str, weapon_name: str) -> Weapon | None:
    return next((w for w in weapons(state, seat, name) if w["name"] == weapon_name), None)


def melee_weapons(state: RaidingState, seat: Seat, name: str, against: str | None = None) -> list[Weapon]:
    """M weapons, and only Boarding Axes against a Ship or Fort (M1)."""
    out = [w for w in weapons(state, seat, name) if w["kind"] == "M"]
    if against is not None and is_ship_or_fort(against):
        out = [w for w in out if w["name"] in BOARDING_AXES]
    return out


def evade_line(state: RaidingState, seat: Seat, name: str, in_play: bool) -> Line | None:
    """Every Evade line a card has, merged into one (H1: one flip succeeding on any of them). Artishaan gives ♥ to
    its owner's Pirates and Pirateers, in play or in the hold, itself included."""
    lines = [BY_NAME[name]["evade"]]
    if (is_pirate(name, in_play) or name == PIRATEER) and has(state, seat, ARTISHAAN):
        lines.append({"suits": ["H"], "ranks": []})
    return merge([line for line in lines if line is not None])


def merge(lines: list[Line]) -> Line | None:
    if not lines:
        return None
    suits = sorted({s for line in lines for s in line["suits"]}, key=SUITS.index)
    ranks = sorted({r for line in lines for r in line["ranks"]}, key=RANKS.index)
    return {"suits": suits, "ranks": ranks}


def label(state: RaidingState, card_id: str) -> str:
    """How the log names a card in play: "{s1}'s Rogue (c4)"."""
    found = find(state, card_id)
    if found is None:
        return card_id
    seat, c = found
    return "{s%d}'s %s (%s)" % (seat, c["name"], card_id)


def active(state: RaidingState) -> list[Seat]:
    """Players not out, in seat order."""
    return [seat for seat in range(state["players"]) if not state["out"][seat]]


def opponents(state: RaidingState, seat: Seat) -> list[Seat]:
    return [other for other in active(state) if other != seat]
