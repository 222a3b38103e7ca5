"""Who may be aimed at (W2-W4, M1, ruling 8, ruling 9, K6).

A target is a card id in play or a hold, written ``"hold:<seat>"``. Every function takes the seat doing the aiming:
enemy cards only, of any opponent still in the game.
"""

from __future__ import annotations

from games.protocol import Seat
from games.raiding_parties.data import BRETHREN, COASTLANDS, Weapon
from games.raiding_parties.rules.cards import (
    BOARDING_AXES,
    find,
    has,
    in_melee,
    is_crew,
    is_privateer,
    is_ship_or_fort,
    kind,
    opponents,
)
from games.raiding_parties.state import RaidingState

HOLD = "hold:"


def hold_target(seat: Seat) -> str:
    return f"{HOLD}{seat}"


def hold_seat(target: str) -> Seat | None:
    return int(target[len(HOLD):]) if target.startswith(HOLD) else None


def shootable(state: RaidingState, seat: Seat, cannon: bool, target: str) -> bool:
    """W4 for a projectile: an enemy crew not in melee (not a Brethren under its owner's Coastlands), any enemy Ship
    or Fort; a cannon also an enemy Land nobody is in melee with (ruling 8) and an enemy hold with a card."""
    held = hold_seat(target)
    if held is not None:
        return cannon and held in opponents(state, seat) and bool(state["holds"][held])
    found = find(state, target)
    if found is None or found[0] not in opponents(state, seat):
        return False
    owner, card = found
    kind_ = kind(card["name"])
    if kind_ in ("ship", "fort"):
        return True
    if kind_ == "land":
        return cannon and not in_melee(card)
    if kind_ != "crew" or in_melee(card):
        return False
    return not (card["name"] == BRETHREN and has(state, owner, COASTLANDS))


def first_only(state: RaidingState, target: str, cannon: bool) -> bool:
    """W2, W3, ruling 8: a Ship or Fort (a Land, for a cannon) may only be a weapon's first target, and then takes
    every flip."""
    found = find(state, target)
    if found is None:
        return False
    name = found[1]["name"]
    return is_ship_or_fort(name) or (cannon and kind(name) == "land")


def shot_targets(state: RaidingState, seat: Seat, cannon: bool) -> list[str]:
    """Every legal target for a projectile's first flip: cards in seat order, then holds."""
    out = [c["id"] for other in opponents(state, seat) for c in state["play"][other]
           if shootable(state, seat, cannon, c["id"])]
    if cannon:
        out += [hold_target(other) for other in opponents(state, seat) if state["holds"][other]]
    return out


def charge_targets(state: RaidingState, seat: Seat, weapon: Weapon) -> list[str]:
    """M1: an enemy crew not in melee (any M weapon), a Ship or Fort (Boarding Axe only, gang attacks allowed), a
    Land (any M weapon)."""
    out = []
    for other in opponents(state, seat):
        for card in state["play"][other]:
            name = card["name"]
            if is_crew(name):
                ok = not in_melee(card)
            elif is_ship_or_fort(name):
                ok = weapon["name"] in BOARDING_AXES
            else:
                ok = kind(name) == "land"
            if ok:
                out.append(card["id"])
    return out


def use_targets(state: RaidingState, seat: Seat, user_id: str, target_kind: str | None) -> list[str | None]:
    """Ruling 9: a Use names its target before its flip and needs one to exist."""
    if target_kind is None:
        return [None]
    if target_kind == "hold":
        return [hold_target(other) for other in opponents(state, seat) if state["holds"][other]]
    own = state["play"][seat]
    if target_kind == "own_privateer":
        return [c["id"] for c in own if is_privateer(c["name"], True)]
    assert target_kind == "own_other_crew"
    return [c["id"] for c in own if is_crew(c["name"]) and c["id"] != user_id]
