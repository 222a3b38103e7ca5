"""Resolving one hit (H0-H3): Navigator, the random hold card, Coastlands, Evade, Fortify, Jolly Roger, then the
damage. A hit is a frame on the stack; the attack beneath it waits until the hit is settled.

The two hidden-card prompts (Navigator, Jolly Roger) open as a platform window whenever public facts allow them,
the same for every viewer: Navigator at every hold hit, Jolly Roger at every hit that reaches H1 step 3 while the
owner holds a card other than the hit card. Whether the seat really holds the card changes only its own legal list.
"""

from __future__ import annotations

from games import rng, turns
from games.protocol import IllegalAction, Seat
from games.raiding_parties.data import (
    BRETHREN,
    BY_NAME,
    CANNON_DAMAGE_TO_STRUCTURES,
    COASTLANDS,
    HOLD_HIT_DAMAGE,
    JOLLY_ROGER,
    JOLLY_ROGER_LINE,
    NAVIGATOR,
    SCALAWAG,
)
from games.raiding_parties.rules import abilities
from games.raiding_parties.rules.cards import (
    evade_line,
    find,
    has,
    in_melee,
    is_crew,
    is_structure,
    label,
    owner,
    weapon,
)
from games.raiding_parties.rules.flips import flip
from games.raiding_parties.rules.targets import hold_seat, shot_targets
from games.raiding_parties.rules.zones import (
    damage,
    enter_play,
    kill,
    note_known,
    take_from_hold,
    to_davy_jones,
)
from games.raiding_parties.state import Cause, GrenadesFrame, HitFrame, RaidingAction, RaidingState, ReactionMode
from games.turns import Response, pop, push


def new_hit(state: RaidingState, target: str, cause: Cause, flipper: Seat) -> HitFrame:
    held = hold_seat(target)
    if held is not None:
        return {"kind": "hit", "seat": held, "card": None, "hold": True, "revealed": None, "cause": cause,
                "step": "navigator", "window": None, "flipper": flipper}
    return {"kind": "hit", "seat": owner(state, target), "card": target, "hold": False, "revealed": None,
            "cause": cause, "step": "evade", "window": None, "flipper": flipper}


def mode(state: RaidingState) -> ReactionMode:
    return state["options"]["reaction_mode"]


def window_key(window: Response) -> str:
    return f"rp-react-{window['serial']}"


def hit_name(state: RaidingState, frame: HitFrame) -> str | None:
    """The name of the card hit: the revealed hold card, or the card in play (None once it has left play)."""
    if frame["hold"]:
        return frame["revealed"]
    found = find(state, frame["card"]) if frame["card"] is not None else None
    return found[1]["name"] if found is not None else None


def what(state: RaidingState, frame: HitFrame) -> str:
    if frame["hold"]:
        return "the %s from {s%d}'s hold" % (frame["revealed"], frame["seat"])
    assert frame["card"] is not None
    return label(state, frame["card"])


def open_window(state: RaidingState, frame: HitFrame) -> bool:
    """Open the reaction window for this step (once), over the seat hit alone; False: the frame waits on it."""
    if frame["window"] is None:
        frame["window"] = turns.open_response(state, [frame["seat"]])
        state["log"].append({"text": "{s%d} may react." % frame["seat"]})
    return False


def cancel(state: RaidingState, frame: HitFrame, why: str) -> None:
    pop(state)
    if frame["hold"] and frame["revealed"] is not None:
        note_known(state, frame["seat"], frame["revealed"])
        state["log"].append({"text": "The hit is cancelled (%s); the %s goes back into {s%d}'s hold." % (
            why, frame["revealed"], frame["seat"])})
    else:
        state["log"].append({"text": f"The hit is cancelled ({why})."})


def run_hit(state: RaidingState, frame: HitFrame) -> bool:
    seat = frame["seat"]
    if not frame["hold"] and (frame["card"] is None or find(state, frame["card"]) is None):
        pop(state)  # the card left play meanwhile: nothing left to hit
        return True
    step = frame["step"]
    if step == "navigator":
        return open_window(state, frame)
    if step == "reveal":
        hold = state["holds"][seat]
        if not hold:
            pop(state)
            return True
        frame["revealed"] = hold[rng.randbelow(state, len(hold))]
        state["log"].append({"text": "The hit falls on a random card of {s%d}'s hold: a %s." % (
            seat, frame["revealed"])})
        frame["step"] = "coastlands"
        return True
    if step == "coastlands":
        if frame["cause"] == "cannon" and frame["revealed"] == BRETHREN and has(state, seat, COASTLANDS):
            cancel(state, frame, "Coastlands")
            return True
        frame["step"] = "evade"
        return True
    name = hit_name(state, frame)
    assert name is not None
    in_play = not frame["hold"]
    if step == "evade":
        frame["step"] = "fortify" if in_play else "jolly_roger"
        line = evade_line(state, seat, name, in_play)
        if line is not None and flip(state, seat, name, in_play, line, f"{what(state, frame)} tries to evade"):
            cancel(state, frame, "evaded")
            if in_play and name == SCALAWAG:
                offer_grenades(state, seat, frame["card"])
        return True
    if step == "fortify":
        frame["step"] = "jolly_roger"
        fortify = BY_NAME[name]["fortify"]
        if fortify is not None and frame["cause"] == "normal":
            if flip(state, seat, name, True, fortify, f"{what(state, frame)} tries to fortify"):
                cancel(state, frame, "fortified")
        return True
    if step == "jolly_roger":
        others = len(state["holds"][seat]) - (1 if frame["hold"] else 0)
        if others >= 1:
            return open_window(state, frame)
        frame["step"] = "apply"
        return True
    pop(state)
    land(state, frame, name)
    return True


def offer_grenades(state: RaidingState, seat: Seat, card_id: str | None) -> None:
    """H4, ruling 14: a Scalawag that evades in play, not in melee, may throw its Grenades at once, once a turn."""
    assert card_id is not None
    found = find(state, card_id)
    turn = state["turn"]
    if found is None or in_melee(found[1]) or turn is None or card_id in turn["scalawag"]:
        return
    grenades = weapon(state, seat, SCALAWAG, "Grenades")
    if grenades is None or not shot_targets(state, seat, grenades["cannon"]):
        return
    prompt: GrenadesFrame = {"kind": "grenades", "seat": seat, "card": card_id}
    push(state, prompt)


def land(state: RaidingState, frame: HitFrame, name: str) -> None:
    """H2 and H3 step 4: the hit takes effect."""
    seat, cause = frame["seat"], frame["cause"]
    if frame["hold"]:
        take_from_hold(state, seat, name)
        if cause == "cannon" and is_structure(name):
            # H3: a Ship, Fort or Land hit in the hold enters play damaged, and its Played effect happens at once.
            card = enter_play(state, seat, name, damage=HOLD_HIT_DAMAGE)
            state["log"].append({"text": "The %s is forced into {s%d}'s play as %s with %d damage." % (
                name, seat, card["id"], HOLD_HIT_DAMAGE)})
            abilities.played_at_once(state, seat, card)
            return
        to_davy_jones(state, seat, name)
        state["log"].append({"text": "The %s from {s%d}'s hold is destroyed." % (name, seat)})
        return
    card_id = frame["card"]
    assert card_id is not None
    state["log"].append({"text": f"{label(state, card_id)} is hit."})
    if cause == "destroy" or (cause == "cannon" and is_crew(name)):
        kill(state, card_id)
    elif cause == "cannon":
        damage(state, card_id, CANNON_DAMAGE_TO_STRUCTURES)
    else:
        damage(state, card_id, 1)


# ----------------------------------------------------------------------------- the reaction prompts


def jolly_rogers(state: RaidingState, frame: HitFrame) -> int:
    """Jolly Rogers the owner could play on this hit: it cannot save itself."""
    held = state["holds"][frame["seat"]].count(JOLLY_ROGER)
    return held - (1 if frame["hold"] and frame["revealed"] == JOLLY_ROGER else 0)


def reaction_legal(state: RaidingState, frame: HitFrame, seat: Seat) -> list[RaidingAction]:
    window = frame["window"]
    if window is None or seat != frame["seat"]:
        return []
    out: list[RaidingAction] = []
    if frame["step"] == "navigator" and NAVIGATOR in state["holds"][seat]:
        out.append({"type": "navigator"})
    if frame["step"] == "jolly_roger" and jolly_rogers(state, frame) > 0:
        out.append({"type": "jolly_roger"})
    if turns.may_continue(mode(state), window, seat):
        out.append({"type": "pass"})
    return out


def close_window(state: RaidingState, frame: HitFrame) -> None:
    """The window closes with no card played: pass, or (fixed mode) its deadline."""
    frame["window"] = None
    frame["step"] = "reveal" if frame["step"] == "navigator" else "apply"


def reaction_act(state: RaidingState, frame: HitFrame, seat: Seat, action: RaidingAction) -> None:
    kind = action["type"]
    if kind == "pass":
        assert frame["window"] is not None
        turns.answer(frame["window"], seat)
        if turns.closed(frame["window"]):  # it waits on this seat alone
            close_window(state, frame)
        return
    frame["window"] = None
    if kind == "navigator":
        # H3 step 1: the Navigator is shown and flips; it stays in the hold either way.
        state["log"].append({"text": "{s%d} reveals a Navigator from the hold." % seat})
        note_known(state, seat, NAVIGATOR)  # everyone has seen it; it stays in the hold whatever happens next
        line = BY_NAME[NAVIGATOR]["hold"]
        assert line is not None
        if flip(state, seat, NAVIGATOR, False, line, "The Navigator steers clear"):
            pop(state)
            state["log"].append({"text": "The hit on {s%d}'s hold is cancelled; the Navigator stays there." % seat})
        else:
            frame["step"] = "reveal"
        return
    if kind != "jolly_roger":
        raise IllegalAction("bad_action", f"Unknown reaction {kind!r}.")
    play_jolly_roger(state, seat)
    name = hit_name(state, frame)
    assert name is not None
    in_play = not frame["hold"]
    if flip(state, seat, name, in_play, JOLLY_ROGER_LINE, f"The Jolly Roger flies over {what(state, frame)}"):
        cancel(state, frame, "Jolly Roger")
    else:
        frame["step"] = "apply"


def play_jolly_roger(state: RaidingState, seat: Seat) -> None:
    """K1, ruling 3: on its owner's turn before the regular play it is that play; otherwise it is free."""
    turn = state["turn"]
    due = turn is not None and turn["seat"] == seat and not turn["regular_done"]
    take_from_hold(state, seat, JOLLY_ROGER)
    to_davy_jones(state, seat, JOLLY_ROGER)
    if due and turn is not None:
        turn["regular_done"] = True
    state["log"].append({"text": "{s%d} plays a Jolly Roger%s." % (seat, " as the turn's card" if due else "")})


def reaction_default(state: RaidingState, frame: HitFrame, seat: Seat) -> RaidingAction:
    """K7, ruling 1: decline. Quick mode passes; a fixed window owes nothing and closes at its deadline."""
    if mode(state) == "quick":
        return {"type": "pass"}
    raise turns.nothing_owed("reaction window")
