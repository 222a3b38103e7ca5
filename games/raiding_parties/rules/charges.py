"""Charges and Stand and Shoot (M1, M2): a charging crew runs at its target, which may shoot it first; if the charger
still lives and the target may still be reached, they are in melee and the charge's blow is struck (an attack frame,
``attacks.py``).
"""

from __future__ import annotations

from games.protocol import Seat
from games.raiding_parties.data import Weapon
from games.raiding_parties.rules.attacks import new_attack
from games.raiding_parties.rules.cards import find, get, in_melee, is_crew, label, weapon, weapons
from games.raiding_parties.rules.targets import shootable
from games.raiding_parties.rules.zones import link
from games.raiding_parties.state import ChargeFrame, RaidingAction, RaidingState
from games.turns import pop, push


def stand_weapons(state: RaidingState, frame: ChargeFrame) -> list[Weapon]:
    """M2: a charged crew may shoot the charger first with any projectile weapon that may aim at it."""
    found = find(state, frame["target"])
    if found is None:
        return []
    seat, defender = found
    if not is_crew(defender["name"]) or in_melee(defender):
        return []
    return [w for w in weapons(state, seat, defender["name"])
            if w["kind"] == "P" and shootable(state, seat, w["cannon"], frame["card"])]


def run_charge(state: RaidingState, frame: ChargeFrame) -> bool:
    if find(state, frame["card"]) is None:
        pop(state)
        state["log"].append({"text": "The charge ends: the charger is dead."})
        return True
    if frame["step"] == "stand":
        if stand_weapons(state, frame):
            return False
        frame["step"] = "contact"
        return True
    pop(state)
    found = find(state, frame["target"])
    if found is None or (is_crew(found[1]["name"]) and in_melee(found[1])):
        # M2, ruling 16: the charge ends before contact; the use stays spent.
        state["log"].append({"text": "The charge of %s ends before contact." % label(state, frame["card"])})
        return True
    turn = state["turn"]
    assert turn is not None
    link(state, frame["card"], frame["target"])
    turn["melee_done"].append(frame["card"])
    state["log"].append({"text": "%s reaches %s: they are in melee." % (
        label(state, frame["card"]), label(state, frame["target"]))})
    used = weapon(state, frame["seat"], get(state, frame["card"])["name"], frame["weapon"])
    assert used is not None
    push(state, new_attack(state, frame["seat"], frame["card"], used, "charge", frame["target"],
                           stood=frame["stood"]))
    return True


def stand_legal(state: RaidingState, frame: ChargeFrame, seat: Seat) -> list[RaidingAction]:
    found = find(state, frame["target"])
    if found is None or seat != found[0] or frame["step"] != "stand":
        return []
    out: list[RaidingAction] = [{"type": "stand", "weapon": w["name"]} for w in stand_weapons(state, frame)]
    return out + [{"type": "decline"}]


def stand_act(state: RaidingState, frame: ChargeFrame, seat: Seat, action: RaidingAction) -> None:
    frame["step"] = "contact"
    if action["type"] == "decline":
        return
    frame["stood"] = True
    turn = state["turn"]
    assert turn is not None
    # M2: Stand and Shoot is the defender's attack for the turn: it retaliates no more this turn.
    turn["retaliated"].append(frame["target"])
    assert action["type"] == "stand"
    used = weapon(state, seat, get(state, frame["target"])["name"], action["weapon"])
    assert used is not None
    state["log"].append({"text": "%s stands and shoots." % label(state, frame["target"])})
    push(state, new_attack(state, seat, frame["target"], used, "stand", frame["card"]))


def charge_seat(state: RaidingState, frame: ChargeFrame) -> Seat:
    """Who answers a charge frame: the charged card's owner."""
    found = find(state, frame["target"])
    return found[0] if found is not None else frame["seat"]
