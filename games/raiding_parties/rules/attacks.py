"""Attacks and what answers them: flips and targets (W1-W3, ruling 7), melee exchanges and Melee Defense (M3, M5),
Cannoneer's two retaliations and Scalawag's free Grenades (H4, rulings 2, 10, 14). Charges: ``charges.py``.

An attack is a frame: it flips at one target at a time, letting each hit resolve (a hit frame above it) before the
next flip, then looks at what may answer it. Only attacks made as a use, an extra attack, a charge or a Cannoneer (a)
attack are answered (ruling 2).
"""

from __future__ import annotations

from games.protocol import Seat
from games.raiding_parties.data import CANNONEER, PIRATEER, PRIVATEER, SCALAWAG, Line, Weapon
from games.raiding_parties.rules.cards import (
    dueling,
    find,
    get,
    has,
    in_melee,
    is_crew,
    label,
    md_line,
    melee_weapons,
    weapon,
    weapons,
)
from games.raiding_parties.rules.flips import flip, hit_count
from games.raiding_parties.rules.hits import new_hit
from games.raiding_parties.rules.targets import first_only, hold_seat, shootable, shot_targets
from games.raiding_parties.state import (
    AttackFrame,
    CannoneerFrame,
    GrenadesFrame,
    Mode,
    RaidingAction,
    RaidingState,
    RetaliateFrame,
)
from games.turns import pop, push

ANSWERED_MELEE: tuple[Mode, ...] = ("use", "extra", "charge", "cannoneer_a")  # ruling 2
ANSWERED_SHOTS: tuple[Mode, ...] = ("use", "extra")


def md_weapon(line: Line) -> Weapon:
    """M5: a Melee Defense line is a melee weapon of one flip and one damage."""
    return {"name": "MD", "kind": "M", "line": line, "flips": 1, "aim": "one", "cannon": False}


def new_attack(state: RaidingState, seat: Seat, card_id: str, used: Weapon, mode: Mode, target: str, *,
               stood: bool = False) -> AttackFrame:
    """The attack's shot count is fixed here (ruling 16): a Pirateer's Pistol fires twice while a Privateer is in
    its owner's play; under Dueling Grounds a "(k targets)" weapon flips once and two shots share one target."""
    name = get(state, card_id)["name"]
    flips, aim = used["flips"], used["aim"]
    if name == PIRATEER and used["name"] == "Pistol" and has(state, seat, PRIVATEER):
        flips, aim = 2, "each"
    locked = False
    if dueling(state):
        if aim == "distinct":
            flips = 1
        elif aim == "each":
            locked = True
    melee = used["kind"] == "M"
    return {"kind": "attack", "seat": seat, "card": card_id, "weapon": used["name"], "line": used["line"],
            "cannon": used["cannon"], "melee": melee, "mode": mode, "flips": flips, "aim": aim, "targets": [],
            "done": 0, "next": target, "step": "flip", "locked": locked, "opponent": target if melee else None,
            "stood": stood, "answered": False, "retaliated": False, "cannoneer_checked": False, "cannoneers": [],
            "answer_index": 0}


def target_label(state: RaidingState, target: str) -> str:
    held = hold_seat(target)
    return "{s%d}'s hold" % held if held is not None else label(state, target)


def run_attack(state: RaidingState, frame: AttackFrame) -> bool:
    attacker = find(state, frame["card"])
    if attacker is None:
        # H4: a card that dies loses its remaining flips, and nothing answers a dead attacker.
        pop(state)
        return True
    name = attacker[1]["name"]
    if frame["step"] == "flip":
        target = frame["next"]
        assert target is not None
        first = frame["done"] == 0
        if first and first_only(state, target, frame["cannon"]):
            frame["locked"] = True  # W3: a Ship or Fort (a Land, for a cannon) takes every flip
            if frame["aim"] == "distinct":
                frame["flips"] = 1
        found = find(state, target)
        if not frame["melee"] and found is not None and found[1]["name"] == CANNONEER:
            if target not in frame["cannoneers"]:
                frame["cannoneers"].append(target)
        frame["done"] += 1
        frame["targets"].append(target)
        frame["next"] = None
        frame["step"] = "aim"
        verb = ("fires its %s at" if not frame["melee"] else "strikes with its %s at") % frame["weapon"]
        if frame["weapon"] == "MD":
            verb = "defends (Melee Defense) against"
        why = f"{label(state, frame['card'])} {verb} {target_label(state, target)}"
        if flip(state, frame["seat"], name, True, frame["line"], why):
            push(state, new_hit(state, target, "cannon" if frame["cannon"] else "normal", frame["seat"]))
        return True
    if frame["step"] == "aim":
        options = aim_options(state, frame)
        if frame["done"] >= frame["flips"] or not options:
            frame["step"] = "after"
            return True
        if frame["melee"]:
            frame["next"] = options[0]  # ruling 7: a melee double flips twice while its target lives
            frame["step"] = "flip"
            return True
        return False  # ruling 7: a further shot is the attacker's choice
    return answer(state, frame, name)


def aim_options(state: RaidingState, frame: AttackFrame) -> list[str]:
    """W2: the targets the next flip may go at."""
    if frame["melee"]:
        opponent = frame["opponent"]
        return [opponent] if opponent is not None and find(state, opponent) is not None else []
    first = frame["targets"][0]
    if frame["locked"]:
        return [first] if shootable(state, frame["seat"], frame["cannon"], first) else []
    options = [t for t in shot_targets(state, frame["seat"], frame["cannon"])
               if not first_only(state, t, frame["cannon"])]
    if frame["aim"] == "distinct":
        options = [t for t in options if t not in frame["targets"]]
    return options


def aim_legal(state: RaidingState, frame: AttackFrame, seat: Seat) -> list[RaidingAction]:
    if seat != frame["seat"] or frame["step"] != "aim":
        return []
    out: list[RaidingAction] = [{"type": "shot", "target": t} for t in aim_options(state, frame)]
    return out + [{"type": "stop"}]


def aim_act(state: RaidingState, frame: AttackFrame, seat: Seat, action: RaidingAction) -> None:
    if action["type"] == "stop":
        frame["step"] = "after"
        state["log"].append({"text": "%s holds its remaining fire." % label(state, frame["card"])})
    else:
        assert action["type"] == "shot"
        frame["next"] = action["target"]
        frame["step"] = "flip"


def answer(state: RaidingState, frame: AttackFrame, name: str) -> bool:
    """After the last flip: the melee answer (MD or a crew's retaliation), then Cannoneer (a), then Cannoneer (b)
    for each Cannoneer this projectile attack aimed at (ruling 10)."""
    turn = state["turn"]
    assert turn is not None
    if frame["melee"] and frame["mode"] in ANSWERED_MELEE and not frame["answered"]:
        frame["answered"] = True
        defender_id = frame["opponent"]
        found = find(state, defender_id) if defender_id is not None else None
        if found is not None and defender_id is not None:
            d_seat, defender = found
            md = md_line(defender["name"])
            if md is not None:
                frame["retaliated"] = True  # M3: MD answers every melee attack, automatically
                push(state, new_attack(state, d_seat, defender_id, md_weapon(md), "md", frame["card"]))
                return True
            can = (frame["mode"] != "cannoneer_a" and not frame["stood"] and is_crew(defender["name"])
                   and defender_id not in turn["retaliated"] and melee_weapons(state, d_seat, defender["name"]))
            if can:
                prompt: RetaliateFrame = {"kind": "retaliate", "seat": d_seat, "card": defender_id,
                                          "attacker": frame["card"]}
                push(state, prompt)
                return True
    if frame["melee"] and frame["mode"] in ("use", "extra", "charge") and not frame["cannoneer_checked"]:
        frame["cannoneer_checked"] = True
        opponent = frame["opponent"]
        if name == CANNONEER and frame["retaliated"] and opponent is not None:
            prompt_a: CannoneerFrame = {"kind": "cannoneer", "seat": frame["seat"], "card": frame["card"],
                                        "form": "a", "target": opponent}
            if cannoneer_ok(state, prompt_a):
                push(state, prompt_a)
                return True
    if not frame["melee"] and frame["mode"] in ANSWERED_SHOTS:
        while frame["answer_index"] < len(frame["cannoneers"]):
            cannoneer_id = frame["cannoneers"][frame["answer_index"]]
            frame["answer_index"] += 1
            found = find(state, cannoneer_id)
            if found is None:
                continue
            prompt_b: CannoneerFrame = {"kind": "cannoneer", "seat": found[0], "card": cannoneer_id, "form": "b",
                                        "target": frame["card"]}
            if cannoneer_ok(state, prompt_b):
                push(state, prompt_b)
                return True
    pop(state)
    return True


def best_melee(state: RaidingState, seat: Seat, card_id: str, against: str | None) -> Weapon | None:
    """K7: the M weapon with the best single-flip chance under the bonuses in force, the first listed on a tie
    (Boarding Axes only against a Ship or Fort)."""
    name = get(state, card_id)["name"]
    against_name = get(state, against)["name"] if against is not None and find(state, against) else None
    best: Weapon | None = None
    best_count = -1
    for w in melee_weapons(state, seat, name, against_name):
        count = hit_count(state, seat, name, True, w["line"])
        if count > best_count:
            best, best_count = w, count
    return best


# ----------------------------------------------------------------------------- retaliation (M3)


def run_retaliate(state: RaidingState, frame: RetaliateFrame) -> bool:
    if find(state, frame["card"]) is None or find(state, frame["attacker"]) is None:
        pop(state)
        return True
    return False


def retaliate_legal(state: RaidingState, frame: RetaliateFrame, seat: Seat) -> list[RaidingAction]:
    if seat != frame["seat"]:
        return []
    name = get(state, frame["card"])["name"]
    out: list[RaidingAction] = [{"type": "retaliate", "weapon": w["name"]} for w in melee_weapons(state, seat, name)]
    return out + [{"type": "decline"}]


def retaliate_act(state: RaidingState, frame: RetaliateFrame, seat: Seat, action: RaidingAction) -> None:
    pop(state)
    if action["type"] == "decline":
        # Ruling 16: a declined retaliation keeps the right for a later attack this turn.
        state["log"].append({"text": "%s does not retaliate." % label(state, frame["card"])})
        return
    turn = state["turn"]
    assert turn is not None
    parent = state["stack"][-1]
    assert parent["kind"] == "attack"
    parent["retaliated"] = True
    turn["retaliated"].append(frame["card"])
    assert action["type"] == "retaliate"
    used = weapon(state, seat, get(state, frame["card"])["name"], action["weapon"])
    assert used is not None
    push(state, new_attack(state, seat, frame["card"], used, "retaliate", frame["attacker"]))


def retaliate_default(state: RaidingState, frame: RetaliateFrame, seat: Seat) -> RaidingAction:
    best = best_melee(state, seat, frame["card"], frame["attacker"])
    return {"type": "retaliate", "weapon": best["name"]} if best is not None else {"type": "decline"}


# ----------------------------------------------------------------------------- Cannoneer


def cannoneer_ok(state: RaidingState, frame: CannoneerFrame) -> bool:
    """Each form once a turn; (a) while the opponent is still in melee with it, (b) at an attacker it may shoot."""
    turn = state["turn"]
    found = find(state, frame["card"])
    if turn is None or found is None or find(state, frame["target"]) is None:
        return False
    seat, card = found
    if frame["form"] == "a":
        return frame["card"] not in turn["cannoneer_a"] and frame["target"] in card["melee"]
    return (frame["card"] not in turn["cannoneer_b"] and not in_melee(card)
            and shootable(state, seat, True, frame["target"]))


def run_cannoneer(state: RaidingState, frame: CannoneerFrame) -> bool:
    if not cannoneer_ok(state, frame):
        pop(state)
        return True
    return False


def cannoneer_legal(state: RaidingState, frame: CannoneerFrame, seat: Seat) -> list[RaidingAction]:
    return [{"type": "cannoneer"}, {"type": "decline"}] if seat == frame["seat"] else []


def cannoneer_act(state: RaidingState, frame: CannoneerFrame, seat: Seat, action: RaidingAction) -> None:
    pop(state)
    if action["type"] == "decline":
        return
    turn = state["turn"]
    assert turn is not None
    # (a) strikes once more with its melee weapon; (b) fires its Cannon.
    kind = "M" if frame["form"] == "a" else "P"
    used = next(w for w in weapons(state, seat, CANNONEER) if w["kind"] == kind)
    if frame["form"] == "a":
        turn["cannoneer_a"].append(frame["card"])
        mode: Mode = "cannoneer_a"
    else:
        turn["cannoneer_b"].append(frame["card"])
        mode = "cannoneer_b"
    push(state, new_attack(state, seat, frame["card"], used, mode, frame["target"]))


# ----------------------------------------------------------------------------- Scalawag's free Grenades


def grenade_weapon(state: RaidingState, seat: Seat) -> Weapon:
    found = weapon(state, seat, SCALAWAG, "Grenades")
    assert found is not None
    return found


def run_grenades(state: RaidingState, frame: GrenadesFrame) -> bool:
    turn = state["turn"]
    found = find(state, frame["card"])
    if turn is None or found is None or in_melee(found[1]) or frame["card"] in turn["scalawag"]:
        pop(state)
        return True
    if not shot_targets(state, frame["seat"], False):
        pop(state)
        return True
    return False


def grenades_legal(state: RaidingState, frame: GrenadesFrame, seat: Seat) -> list[RaidingAction]:
    if seat != frame["seat"]:
        return []
    out: list[RaidingAction] = [{"type": "grenades", "target": t} for t in shot_targets(state, seat, False)]
    return out + [{"type": "decline"}]


def grenades_act(state: RaidingState, frame: GrenadesFrame, seat: Seat, action: RaidingAction) -> None:
    pop(state)
    if action["type"] == "decline":
        return
    turn = state["turn"]
    assert turn is not None
    turn["scalawag"].append(frame["card"])
    assert action["type"] == "grenades"
    state["log"].append({"text": "%s throws its free Grenades." % label(state, frame["card"])})
    push(state, new_attack(state, seat, frame["card"], grenade_weapon(state, seat), "free",
                           action["target"]))
