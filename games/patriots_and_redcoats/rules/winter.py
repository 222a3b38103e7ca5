"""Winter is Coming (rulebook: The Spycraft Cards; edition: The Spycraft Phase, Winter steps 1-5).

(1) The drawer sees 2 War cards and reveals one; a War Victory of its side leaves the track. (2) Every living player
flips one face-up card face down, all at once. (3) Every living player secretly picks a face-down card that is not a
Spy card; all pass at once to the next living player clockwise. (4) Loyalty confirmation. (5) Leader checks.
"""

from __future__ import annotations

from games.patriots_and_redcoats.data import LEADERS, SPIES, WINTER_DRAW
from games.patriots_and_redcoats.rules.core import (
    article,
    discard,
    draw,
    face_down_slots,
    face_up_slots,
    kind,
    leaders_held,
    living,
    new_step,
    next_living,
    s,
    say,
    touch,
    war_name,
    war_side,
)
from games.patriots_and_redcoats.rules.end import leader_checks
from games.patriots_and_redcoats.rules.teams import new_confirm
from games.patriots_and_redcoats.state import CardId, PatriotsAction, PatriotsState, WinterAction, WinterFrame
from games.protocol import Seat
from games.turns import pop, push

Prompts = dict[Seat, list[PatriotsAction]]


def new_winter(state: PatriotsState, card: CardId, drawer: Seat) -> WinterFrame:
    war = [draw(state, "war") for _ in range(WINTER_DRAW)]
    state["team_before"] = list(state["team"])
    say(state, f"{s(drawer)} draws {WINTER_DRAW} War cards and will reveal one.")
    say(state, "You draw: " + ", ".join(war_name(c) for c in war) + ".", to=[drawer])
    return {"kind": "winter", "card": card, "drawer": drawer, "step": "war", "war": war, "flips": None,
            "picks": None}


def started(choices: list[int | None] | None) -> list[int | None]:
    """The flips or the picks by seat, once their step has begun."""
    assert choices is not None, "the step has begun"
    return choices


def chosen(choices: list[int | None] | None, seat: Seat) -> int:
    """A living player's flip or pick (a slot; a flip of -1: nothing to flip), once every living player has chosen."""
    slot = started(choices)[seat]
    assert slot is not None, "every living player has chosen"
    return slot


def run_winter(state: PatriotsState, frame: WinterFrame) -> bool:
    step = frame["step"]
    if step == "war":
        if state["alive"][frame["drawer"]]:
            return False
        discard(state, "war", *frame["war"])
        frame["war"] = []
        say(state, "Winter's drawer was eliminated: both War cards are discarded and nothing is removed.")
        frame["step"] = "flip"
        return True
    if step == "flip":
        if frame["flips"] is None:
            frame["flips"] = [None] * state["players"]
            frame["step_id"] = new_step(state)
            say(state, "Winter: every player flips one face-up Loyalty card face down, all at once.")
            return True
        if any(frame["flips"][seat] is None for seat in living(state)):
            return False
        for seat in living(state):
            slot = chosen(frame["flips"], seat)
            if slot >= 0:
                state["hands"][seat][slot]["up"] = False
                flipped = kind(state["hands"][seat][slot]["id"])
                say(state, f"{s(seat)} flips {article(flipped)} face down.",
                    event={"kind": "flip", "seat": seat, "card": flipped, "hessians": False})
        frame["step"] = "select"
        frame["picks"] = [None] * state["players"]
        frame["step_id"] = new_step(state)
        say(state, "Winter: every player picks a face-down Loyalty card to pass to the next player clockwise.")
        return True
    if step == "select":
        if any(started(frame["picks"])[seat] is None for seat in living(state)):
            return False
        pass_cards(state, frame)
        frame["step"] = "check"
        push(state, new_confirm())
        return True
    # step == "check": the loyalty confirmation is done.
    leader_checks(state)
    if state["phase"] == "over":
        return True
    discard(state, "spycraft", frame["card"])
    pop(state)
    say(state, "Winter is Coming is discarded.")
    return True


def pass_cards(state: PatriotsState, frame: WinterFrame) -> None:
    """Edition: all picks pass at once to the next living player clockwise, whatever the direction of play."""
    givers = living(state)
    picked = {seat: state["hands"][seat][chosen(frame["picks"], seat)]["id"] for seat in givers}
    for giver in givers:
        receiver = next_living(state, giver)
        card = picked[giver]
        assert kind(card) not in SPIES, "edition invariant: Spy cards never move"
        state["hands"][receiver][chosen(frame["picks"], receiver)] = {"id": card, "up": False}
        touch(state, card)
        if kind(card) in LEADERS:
            state["received_leader"][receiver] = True
        say(state, f"{s(giver)} passes {article(kind(card))} to {s(receiver)}.", to=[giver, receiver],
            event={"kind": "pass", "giver": giver, "receiver": receiver, "card": kind(card)})
    say(state, "Everyone passes a face-down card to the next living player clockwise.", event={"kind": "winter_pass"})
    for seat in givers:
        held = leaders_held(state, seat)
        if len(held) == 1:
            state["leader_held"][seat] = held[0]  # rule 2: the most recent Leader held sticks


def winter_prompts(state: PatriotsState, frame: WinterFrame) -> Prompts:
    step = frame["step"]
    if step == "war":
        return {frame["drawer"]: [{"type": "winter_reveal", "card": i} for i in range(len(frame["war"]))]}
    if step == "flip" and frame["flips"] is not None:
        return {seat: [{"type": "flip", "slot": i} for i in face_up_slots(state, seat)] or [{"type": "flip",
                                                                                          "slot": None}]
                for seat in living(state) if frame["flips"][seat] is None}
    if step == "select":
        return {seat: [{"type": "pass", "slot": i} for i in passable(state, seat)]
                for seat in living(state) if started(frame["picks"])[seat] is None}
    return {}


def passable(state: PatriotsState, seat: Seat) -> list[int]:
    slots = [i for i in face_down_slots(state, seat) if kind(state["hands"][seat][i]["id"]) not in SPIES]
    assert slots, "edition invariant: every living player has a passable card after Winter step 2"
    return slots


def winter_act(state: PatriotsState, frame: WinterFrame, seat: Seat, action: WinterAction) -> None:
    if action["type"] == "winter_reveal":
        shown = frame["war"][action["card"]]
        side = war_side(shown)
        say(state, f"{s(seat)} reveals a {war_name(shown)}.")
        if state["track"][side]:
            removed = state["track"][side].pop()
            discard(state, "war", removed)
            say(state, f"A {war_name(removed)} is removed from the War track.")
        else:
            say(state, f"There is no {war_name(shown)} on the War track to remove.")
        discard(state, "war", *frame["war"])
        frame["war"] = []
        frame["step"] = "flip"
    elif action["type"] == "flip":
        started(frame["flips"])[seat] = -1 if action["slot"] is None else action["slot"]
    else:
        started(frame["picks"])[seat] = action["slot"]


def winter_default(state: PatriotsState, frame: WinterFrame, seat: Seat) -> PatriotsAction:
    """Edition, Defaults: the first drawn War card; the first eligible card in the player's own order."""
    return winter_prompts(state, frame)[seat][0]
