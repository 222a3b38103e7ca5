"""A player's turn (T1-T5, rulings 3-6): the draw, the plays, the attacks, charges and Uses their cards may make, the
end of the turn, and the no-progress count (K5c).

These are the top-level actions: legal only while nothing else is pending (ruling 16), on the player's own turn.
"""

from __future__ import annotations

from games.protocol import Seat
from games.raiding_parties.data import (
    BRETHREN,
    BY_NAME,
    IDLE_TURNS_PER_PLAYER,
    JOLLY_ROGER,
    RAIDERS,
    RANGER,
)
from games.raiding_parties.rules import abilities
from games.raiding_parties.rules.attacks import best_melee, new_attack
from games.raiding_parties.rules.cards import (
    active,
    find,
    get,
    in_melee,
    is_crew,
    label,
    melee_weapons,
    weapon,
    weapons,
)
from games.raiding_parties.rules.flips import flip
from games.raiding_parties.rules.hits import new_hit
from games.raiding_parties.rules.targets import charge_targets, shot_targets, use_targets
from games.raiding_parties.rules.zones import draw, enter_play, finish, grant, take_from_hold, to_davy_jones
from games.raiding_parties.state import (
    AttackAction,
    ChargeAction,
    ChargeFrame,
    InPlay,
    Mode,
    RaidingAction,
    RaidingState,
    SearchFrame,
    TurnAction,
    TurnState,
    UseAction,
)
from games.turns import push


def begin(state: RaidingState, seat: Seat) -> None:
    """T2 (1): a new turn, and its draw."""
    state["turns"] += 1
    turn: TurnState = {"seat": seat, "number": state["turns"], "regular_done": False, "ranger_done": False,
                       "used": [], "extras": {}, "grants": {}, "melee_done": [], "retaliated": [],
                       "cannoneer_a": [], "cannoneer_b": [], "scalawag": [], "effects": [], "progress": False}
    state["turn"] = turn
    state["log"].append({"text": "Turn %d: {s%d}." % (turn["number"], seat)})
    for card in state["play"][seat]:
        if card["name"] == RAIDERS:
            grant(state, card["id"], "raiders")
    draw(state, seat, "{s%d} draws a card from the locker." % seat)


def finish_turn(state: RaidingState) -> None:
    """T2 (3): the turn ends, Played effects lapse, the no-progress count moves (K5c), the next player begins."""
    turn = state["turn"]
    assert turn is not None
    state["stack"] = []
    state["idle_turns"] = 0 if turn["progress"] else state["idle_turns"] + 1
    left = active(state)
    if state["idle_turns"] >= idle_limit(state):
        finish(state, left, "no_progress")
        return
    after = [seat for seat in left if seat > turn["seat"]]
    begin(state, after[0] if after else left[0])


def idle_limit(state: RaidingState) -> int:
    return IDLE_TURNS_PER_PLAYER * len(active(state))


# ----------------------------------------------------------------------------- what a card may do now


def regular_due(state: RaidingState, seat: Seat) -> bool:
    """Ruling 3: the regular play is due whenever the hold is not empty and none was made this turn."""
    turn = state["turn"]
    return turn is not None and turn["seat"] == seat and not turn["regular_done"] and bool(state["holds"][seat])


def can_attack(state: RaidingState, card_id: str) -> bool:
    """Ruling 6: the use, if unspent, else an extra attack."""
    turn = state["turn"]
    assert turn is not None
    return card_id not in turn["used"] or turn["extras"].get(card_id, 0) > 0


def locked(card: InPlay) -> bool:
    """M4: a crew in melee (no crew has MD) must attack its opponent and can do nothing else."""
    return is_crew(card["name"]) and in_melee(card)


def owes_melee(state: RaidingState, seat: Seat) -> list[InPlay]:
    """Ruling 4: the crew in melee that have not yet made this turn's melee attack."""
    turn = state["turn"]
    assert turn is not None
    return [c for c in state["play"][seat]
            if locked(c) and c["id"] not in turn["melee_done"] and can_attack(state, c["id"])]


def card_actions(state: RaidingState, seat: Seat, card: InPlay) -> list[TurnAction]:
    turn = state["turn"]
    assert turn is not None
    card_id, name = card["id"], card["name"]
    out: list[TurnAction] = []
    if can_attack(state, card_id):
        if locked(card):
            opponent = card["melee"][0]
            against = get(state, opponent)["name"]
            return [{"type": "attack", "card": card_id, "weapon": w["name"], "target": opponent}
                    for w in melee_weapons(state, seat, name, against)]
        for w in weapons(state, seat, name):
            if w["kind"] == "P":
                out += [{"type": "attack", "card": card_id, "weapon": w["name"], "target": t}
                        for t in shot_targets(state, seat, w["cannon"])]
            elif is_crew(name):
                out += [{"type": "charge", "card": card_id, "weapon": w["name"], "target": t}
                        for t in charge_targets(state, seat, w)]
    use = BY_NAME[name]["use"]
    if use is not None and card_id not in turn["used"] and not locked(card):
        if use["effect"] != "search" or state["lockers"][seat]:
            out += [{"type": "use", "card": card_id, "target": t}
                    for t in use_targets(state, seat, card_id, use["target"])]
    return out


def top_legal(state: RaidingState, seat: Seat) -> list[RaidingAction]:
    turn = state["turn"]
    if turn is None or turn["seat"] != seat or state["stack"]:
        return []
    hold = state["holds"][seat]
    out: list[RaidingAction] = []
    if regular_due(state, seat):
        out += [{"type": "play", "card": name} for name in dict.fromkeys(hold)]
    else:
        if RANGER in hold and not turn["ranger_done"]:
            out.append({"type": "play", "card": RANGER})
        if BRETHREN in hold and abilities.brethren_effect(state, seat) is not None:
            out.append({"type": "play", "card": BRETHREN})
    out += abilities.effect_actions(state, seat)
    for card in state["play"][seat]:
        out += card_actions(state, seat, card)
    if not regular_due(state, seat) and not owes_melee(state, seat):
        out.append({"type": "end"})
    return out


# ----------------------------------------------------------------------------- doing it


def top_act(state: RaidingState, seat: Seat, action: RaidingAction) -> None:
    if action["type"] == "play":
        play(state, seat, action["card"])
    elif action["type"] == "effect":
        abilities.apply_effect(state, seat, action)
    elif action["type"] == "attack":
        attack(state, seat, action)
    elif action["type"] == "charge":
        charge(state, seat, action)
    elif action["type"] == "use":
        use(state, seat, action)
    else:
        assert action["type"] == "end"
        state["log"].append({"text": "{s%d} ends the turn." % seat})
        finish_turn(state)


def play(state: RaidingState, seat: Seat, name: str) -> None:
    """Rulings 3 and 5: while the regular play is due any card fills it; after it, a Ranger is the bonus play and a
    Brethren spends the oldest open Brethren effect."""
    turn = state["turn"]
    assert turn is not None
    if regular_due(state, seat):
        turn["regular_done"] = True
        how = ""
    elif name == RANGER and not turn["ranger_done"]:
        turn["ranger_done"] = True
        how = " as the bonus Ranger"
    else:
        source = abilities.brethren_effect(state, seat)
        assert name == BRETHREN and source is not None
        turn["effects"].remove(source)
        how = " through %s" % label(state, source)
    take_from_hold(state, seat, name)
    if name == JOLLY_ROGER:
        # Ruling 3: a one-timer may always be the regular play; with no trigger happening it only goes to Davy Jones.
        to_davy_jones(state, seat, name)
        state["log"].append({"text": "{s%d} plays a Jolly Roger to no effect%s." % (seat, how)})
        return
    card = enter_play(state, seat, name)
    state["log"].append({"text": "{s%d} plays %s (%s)%s." % (seat, name, card["id"], how)})
    abilities.on_played(state, seat, card)


def spend(state: RaidingState, card_id: str) -> Mode:
    """Ruling 6: an attack spends the use if unspent, otherwise an extra attack. Returns the mode."""
    turn = state["turn"]
    assert turn is not None
    if card_id not in turn["used"]:
        turn["used"].append(card_id)
        return "use"
    turn["extras"][card_id] -= 1
    return "extra"


def attack(state: RaidingState, seat: Seat, action: AttackAction) -> None:
    turn = state["turn"]
    assert turn is not None
    card = get(state, action["card"])
    used = weapon(state, seat, card["name"], action["weapon"])
    assert used is not None
    mode = spend(state, card["id"])
    if locked(card):
        turn["melee_done"].append(card["id"])
    push(state, new_attack(state, seat, card["id"], used, mode, action["target"]))


def charge(state: RaidingState, seat: Seat, action: ChargeAction) -> None:
    """M1: a charge is an attack: it spends the use (or an extra attack) even if it never reaches (ruling 16)."""
    spend(state, action["card"])
    state["log"].append({"text": "%s charges %s with its %s." % (
        label(state, action["card"]), label(state, action["target"]), action["weapon"])})
    frame: ChargeFrame = {"kind": "charge", "seat": seat, "card": action["card"], "target": action["target"],
                          "weapon": action["weapon"], "step": "stand", "stood": False}
    push(state, frame)


def use(state: RaidingState, seat: Seat, action: UseAction) -> None:
    """T3, ruling 9: a Use spends the use, names its target, then flips."""
    turn = state["turn"]
    assert turn is not None
    card_id = action["card"]
    name = get(state, card_id)["name"]
    ability = BY_NAME[name]["use"]
    assert ability is not None
    turn["used"].append(card_id)
    target = action["target"]
    if not flip(state, seat, name, True, ability["line"], f"{label(state, card_id)} uses its ability"):
        return
    effect = ability["effect"]
    if effect == "destroy_hold":
        assert target is not None  # a hold
        push(state, new_hit(state, target, "destroy", seat))
    elif effect == "search":
        search: SearchFrame = {"kind": "search", "seat": seat, "card": card_id, "optional": False}
        push(state, search)
    elif effect == "make_pirate":
        abilities.make_pirate(state, seat)
    elif target is not None and find(state, target) is not None:
        grant(state, target, card_id)
        state["log"].append({"text": "%s gets an extra attack this turn." % label(state, target)})


def top_default(state: RaidingState, seat: Seat) -> RaidingAction:
    """K7: the compulsory melee attacks with the best M weapon, then the first hold card in catalogue order, then
    the end of the turn."""
    for card in owes_melee(state, seat):
        opponent = card["melee"][0]
        best = best_melee(state, seat, card["id"], opponent)
        if best is not None:
            return {"type": "attack", "card": card["id"], "weapon": best["name"], "target": opponent}
    if regular_due(state, seat):
        return {"type": "play", "card": state["holds"][seat][0]}
    return {"type": "end"}
