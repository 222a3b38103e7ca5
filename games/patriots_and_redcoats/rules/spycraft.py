"""The round and the Spycraft Phase: the turn walk and every Spycraft card (rulebook: How to Play, The Spycraft
Cards; edition: The Spycraft Phase).

Play is a stack of frames (``games.turns``), each a small dict naming its kind and step. ``run`` moves a frame on by
itself and returns False when it waits for players; ``prompts`` says who is asked what; ``act`` applies an answer. A
frame whose decision-maker has been eliminated lapses in ``run`` (edition: Eliminated while awaited).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from games.patriots_and_redcoats.data import (
    CONCEAL,
    DRAW2,
    DRAW2_DRAW,
    EYES_TO_REVEAL,
    HESSIANS,
    MAJOR_FERGUSON,
    SKIP,
    SPY,
    SPYCRAFT,
    WINTER,
)
from games.patriots_and_redcoats.rules import council, winter
from games.patriots_and_redcoats.rules.core import (
    article,
    conceal_feathers,
    discard,
    draw,
    eye_total,
    face_down_slots,
    face_up_slots,
    given_to,
    kind,
    living,
    next_living,
    remove_eyes,
    s,
    say,
    spy_eyes,
    spycraft_text,
)
from games.patriots_and_redcoats.rules.end import reveal
from games.patriots_and_redcoats.rules.teams import new_confirm
from games.patriots_and_redcoats.rules.windows import open_window
from games.patriots_and_redcoats.state import (
    CardFrame,
    CardId,
    Conceal,
    ConcealFrame,
    Draw2Frame,
    Ferguson,
    Flip,
    FlipFrame,
    Hessians,
    Order,
    PatriotsAction,
    PatriotsState,
    Reveal,
    RevealFrame,
    ReverseFrame,
    RoundFrame,
    SkipFrame,
    Spy,
    SpyFrame,
    TurnFrame,
    Walk,
)
from games.protocol import Seat
from games.turns import pop, push

Prompts = dict[Seat, list[PatriotsAction]]


def alive(state: PatriotsState, seat: Seat) -> bool:
    return bool(state["alive"][seat])


def finish_card(state: PatriotsState, frame: CardFrame) -> None:
    """Discard the frame's card and drop the frame."""
    discard(state, "spycraft", frame["card"])
    pop(state)


# ----------------------------------------------------------------------------- the round


def new_walk(anchor: Seat) -> Walk:
    return {"anchor": anchor, "dir": 1, "skips": 0, "last": None}


def next_turn(state: PatriotsState) -> Seat | None:
    """Edition, Turn walk: step from the last turn's seat; the anchor ends the phase unless a skip is pending."""
    walk = state["walk"]
    n, anchor = state["players"], walk["anchor"]
    if walk["last"] is None and alive(state, anchor):
        return anchor
    seat = anchor if walk["last"] is None else walk["last"]
    while True:
        seat = (seat + walk["dir"]) % n
        if seat == anchor:
            if walk["skips"]:
                walk["skips"] -= 1
                continue
            return None
        if not alive(state, seat):
            continue
        if walk["skips"]:
            walk["skips"] -= 1
            say(state, f"{s(seat)}'s turn is skipped.")
            continue
        return seat


def run_round(state: PatriotsState, frame: RoundFrame) -> bool:
    step = frame["step"]
    if step == "setup":
        frame["step"] = "spycraft"
        push(state, new_confirm())
        return True
    if step == "spycraft":
        if state["phase"] != "spycraft":
            state["phase"] = "spycraft"
            commander = s(state["commander"])
            say(state, f"Round {state['round']}: the Spycraft Phase begins with the Commander, {commander}.")
        seat = next_turn(state)
        if seat is None:
            state["phase"] = "council"
            frame["step"] = "end"
            say(state, "The Spycraft Phase ends. The Council Phase begins.")
            push(state, council.new_council(state, state["commander"], hessians=False))
            return True
        turn: TurnFrame = {"kind": "turn", "seat": seat, "step": "draw"}
        push(state, turn)
        return True
    # step == "end": the council is over, the round ends.
    for card in state["reverse"]:
        discard(state, "spycraft", card["id"])
    state["reverse"] = []
    state["commander"] = next_living(state, state["commander"])
    state["round"] += 1
    state["walk"] = new_walk(state["commander"])
    frame["step"] = "spycraft"
    say(state, f"The round ends. {s(state['commander'])} is the new Commander.")
    return True


def run_turn(state: PatriotsState, frame: TurnFrame) -> bool:
    if frame["step"] == "draw":
        frame["step"] = "done"
        card = draw(state, "spycraft")
        say(state, f"{s(frame['seat'])} draws {spycraft_text(card)}.")
        start_card(state, card, frame["seat"])
        return True
    pop(state)
    state["walk"]["last"] = frame["seat"]
    return True


def start_card(state: PatriotsState, card: CardId, drawer: Seat) -> None:
    card_kind = SPYCRAFT[card]["kind"]
    if card_kind == DRAW2:
        frame: Draw2Frame = {"kind": card_kind, "card": card, "drawer": drawer, "step": "start", "queue": []}
        push(state, frame)
        for _ in range(DRAW2_DRAW):
            frame["queue"].append(draw(state, "spycraft"))
        shown = " and ".join(spycraft_text(c) for c in frame["queue"])
        say(state, f"{s(drawer)} draws {shown}.")
        frame["step"] = "order"
        return
    if card_kind == WINTER:
        push(state, winter.new_winter(state, card, drawer))
        return
    # One literal per kind, as each kind's frame is a TypedDict of its own.
    started: SpyFrame | ConcealFrame | SkipFrame | ReverseFrame
    if card_kind == SPY:
        started = {"kind": card_kind, "card": card, "drawer": drawer, "step": "start"}
    elif card_kind == CONCEAL:
        started = {"kind": card_kind, "card": card, "drawer": drawer, "step": "start"}
    elif card_kind == SKIP:
        started = {"kind": card_kind, "card": card, "drawer": drawer, "step": "start"}
    else:
        started = {"kind": card_kind, "card": card, "drawer": drawer, "step": "start"}
    push(state, started)


# ----------------------------------------------------------------------------- Spy and Conceal


def run_spy(state: PatriotsState, frame: SpyFrame | ConcealFrame) -> bool:
    """Spy and Conceal: announce, window (a), then the effect unless the announcer was eliminated meanwhile."""
    if frame["step"] == "start":
        frame["step"] = "announce"
    drawer = frame["drawer"]
    if not alive(state, drawer):
        say(state, f"The drawn card ({spycraft_text(frame['card'])}) is discarded without effect.")
        finish_card(state, frame)
        return True
    if frame["step"] == "announce":
        return False
    # The window has closed.
    if frame["kind"] == SPY:
        target = given_to(frame)
        if not alive(state, target):
            say(state, f"The drawn card ({spycraft_text(frame['card'])}) is discarded without effect.")
            finish_card(state, frame)
            return True
        state["eyes"][target].append({"id": frame["card"], "eyes": spy_eyes(frame["card"])})
        pop(state)
        say(state, f"{s(target)} receives {spycraft_text(frame['card'])} and has {eye_total(state, target)} eyes.",
            event={"kind": "spied", "seat": target, "eyes": spy_eyes(frame["card"]),
                   "total": eye_total(state, target)})
        if eye_total(state, target) >= EYES_TO_REVEAL:
            push(state, owed_reveal(target, True, "eyes"))
        return True
    to = given_to(frame)
    for target in sorted(set(to)):
        if alive(state, target):
            feathers = to.count(target)
            removed = min(feathers, eye_total(state, target))
            remove_eyes(state, target, feathers)
            say(state, f"{s(target)} receives {feathers} feather(s) and loses {removed} eye(s).",
                event={"kind": "concealed", "seat": target, "feathers": feathers, "lost": removed})
    finish_card(state, frame)
    return True


def spy_prompts(state: PatriotsState, frame: SpyFrame | ConcealFrame) -> Prompts:
    if frame["step"] != "announce":
        return {}
    drawer = frame["drawer"]
    if frame["kind"] == SPY:
        options: list[PatriotsAction] = [{"type": "spy", "to": None}]
        options += [{"type": "spy", "to": seat} for seat in living(state) if seat != drawer]
        return {drawer: options}
    feathers = conceal_feathers(frame["card"])
    splits = [list(split) for split in combinations_with_replacement(living(state), feathers)]
    none: list[PatriotsAction] = [{"type": "conceal", "to": []}]
    return {drawer: none + [{"type": "conceal", "to": split} for split in splits]}


def _count(frame: SpyFrame | ConcealFrame) -> dict[str, Any]:
    """A Spy or Conceal card as its lines name it, for their events: its kind and its eyes or feathers."""
    card = frame["card"]
    return {"card": SPY, "eyes": spy_eyes(card)} if frame["kind"] == SPY else {"card": CONCEAL,
                                                                              "feathers": conceal_feathers(card)}


def spy_act(state: PatriotsState, frame: SpyFrame | ConcealFrame, seat: Seat, action: Spy | Conceal) -> None:
    if action["to"] is None or action["to"] == []:
        say(state, f"{s(seat)} discards {spycraft_text(frame['card'])} with no effect.",
            event={"kind": "discard", "by": seat, **_count(frame)})
        finish_card(state, frame)
        return
    frame["step"] = "window"
    if frame["kind"] == SPY and action["type"] == "spy":
        frame["to"] = action["to"]
        say(state, f"{s(seat)} gives {spycraft_text(frame['card'])} to {s(action['to'])}.",
            event={"kind": "give", "by": seat, "target": action["to"], **_count(frame)})
    elif frame["kind"] == CONCEAL and action["type"] == "conceal":
        to = frame["to"] = action["to"]
        shares = ", ".join(f"{to.count(t)} to {s(t)}" for t in sorted(set(to)))
        say(state, f"{s(seat)} splits the feathers of {spycraft_text(frame['card'])}: {shares}.",
            event={"kind": "split", "by": seat, "targets": sorted(to), **_count(frame)})
    else:
        raise AssertionError("a Spy card's step offers spy actions only, a Conceal card's conceal actions only")
    open_window(state, "give", seat=seat)


def spy_default(state: PatriotsState, frame: SpyFrame | ConcealFrame, seat: Seat) -> Spy | Conceal:
    return {"type": "spy", "to": None} if frame["kind"] == SPY else {"type": "conceal", "to": []}


# ----------------------------------------------------------------------------- owed reveals and flips


def owed_reveal(seat: Seat, eyes: bool, why: str) -> RevealFrame:
    return {"kind": "reveal", "seat": seat, "eyes": eyes, "why": why}


def run_reveal(state: PatriotsState, frame: RevealFrame) -> bool:
    if not alive(state, frame["seat"]):
        pop(state)
        return True
    return False


def reveal_prompts(state: PatriotsState, frame: RevealFrame) -> Prompts:
    return {frame["seat"]: [{"type": "reveal", "slot": i} for i in face_down_slots(state, frame["seat"])]}


def reveal_act(state: PatriotsState, frame: RevealFrame, seat: Seat, action: Reveal) -> None:
    pop(state)
    reveal(state, seat, action["slot"], frame["eyes"])
    if frame["eyes"] and alive(state, seat):
        remove_eyes(state, seat, EYES_TO_REVEAL)
        say(state, f"{s(seat)} removes {EYES_TO_REVEAL} eyes and keeps {eye_total(state, seat)}.",
            event={"kind": "eyes_removed", "seat": seat, "removed": EYES_TO_REVEAL, "total": eye_total(state, seat)})


def reveal_default(state: PatriotsState, frame: RevealFrame, seat: Seat) -> Reveal:
    return {"type": "reveal", "slot": face_down_slots(state, seat)[0]}


def run_flip(state: PatriotsState, frame: FlipFrame) -> bool:
    if not alive(state, frame["seat"]) or not face_up_slots(state, frame["seat"]):
        pop(state)
        return True
    return False


def flip_prompts(state: PatriotsState, frame: FlipFrame) -> Prompts:
    return {frame["seat"]: [{"type": "flip", "slot": i} for i in face_up_slots(state, frame["seat"])]}


def flip_act(state: PatriotsState, frame: FlipFrame, seat: Seat, action: Flip) -> None:
    slot = action["slot"]
    assert slot is not None, "Hessians' flip names a face-up card"
    entry = state["hands"][seat][slot]
    entry["up"] = False
    pop(state)
    say(state, f"{s(seat)} flips {article(kind(entry['id']))} face down ({HESSIANS}).",
        event={"kind": "flip", "seat": seat, "card": kind(entry["id"]), "hessians": True})


def flip_default(state: PatriotsState, frame: FlipFrame, seat: Seat) -> Flip:
    return {"type": "flip", "slot": face_up_slots(state, seat)[0]}


# ----------------------------------------------------------------------------- Skip, Major Ferguson, Reverse


def run_skip(state: PatriotsState, frame: SkipFrame) -> bool:
    if frame["step"] == "start":
        state["walk"]["skips"] += 1
        say(state, "The next turn in order will be skipped.")
        if SPYCRAFT[frame["card"]].get("name") != MAJOR_FERGUSON:
            finish_card(state, frame)
            return True
        frame["step"] = "ferguson"
    if not alive(state, frame["drawer"]):
        finish_card(state, frame)
        return True
    return False


def skip_prompts(state: PatriotsState, frame: SkipFrame) -> Prompts:
    options: list[PatriotsAction] = [{"type": "ferguson", "target": None}]
    options += [{"type": "ferguson", "target": t} for t in living(state)]
    return {frame["drawer"]: options}


def skip_act(state: PatriotsState, frame: SkipFrame, seat: Seat, action: Ferguson) -> None:
    target = action["target"]
    finish_card(state, frame)
    if target is None:
        say(state, f"{s(seat)} names nobody for {MAJOR_FERGUSON}.",
            event={"kind": "ferguson", "by": seat, "target": None})
        return
    say(state, f"{s(seat)} names {s(target)} for {MAJOR_FERGUSON}: they reveal a face-down card of their choice.",
        event={"kind": "ferguson", "by": seat, "target": target})
    push(state, owed_reveal(target, False, MAJOR_FERGUSON))


def skip_default(state: PatriotsState, frame: SkipFrame, seat: Seat) -> Ferguson:
    return {"type": "ferguson", "target": None}


def run_reverse(state: PatriotsState, frame: ReverseFrame) -> bool:
    state["walk"]["dir"] = -state["walk"]["dir"]
    state["reverse"].append({"id": frame["card"], "seat": frame["drawer"]})
    pop(state)
    way = "clockwise" if state["walk"]["dir"] == 1 else "counter-clockwise"
    say(state, f"The order of play is reversed until the end of the round: it now runs {way}.")
    return True


# ----------------------------------------------------------------------------- Draw 2 Cards and Hessians


def run_draw2(state: PatriotsState, frame: Draw2Frame) -> bool:
    if not alive(state, frame["drawer"]):
        for card in frame["queue"]:
            discard(state, "spycraft", card)
        frame["queue"] = []
        say(state, f"The unresolved cards of {spycraft_text(frame['card'])} are discarded without effect.")
        finish_card(state, frame)
        return True
    if frame["step"] in ("order", "hessians"):
        return False
    if frame["queue"]:
        start_card(state, frame["queue"].pop(0), frame["drawer"])
        return True
    if SPYCRAFT[frame["card"]].get("name") == HESSIANS:
        frame["step"] = "hessians"
        return False
    finish_card(state, frame)
    return True


def draw2_prompts(state: PatriotsState, frame: Draw2Frame) -> Prompts:
    drawer = frame["drawer"]
    if frame["step"] == "order":
        return {drawer: [{"type": "order", "first": 0}, {"type": "order", "first": 1}]}
    options: list[PatriotsAction] = [{"type": "hessians", "option": "none"}]
    options += [{"type": "hessians", "option": "flip", "target": t} for t in living(state) if face_up_slots(state, t)]
    if len(living(state)) > 1:
        options.append({"type": "hessians", "option": "council"})
    return {drawer: options}


def draw2_act(state: PatriotsState, frame: Draw2Frame, seat: Seat, action: Order | Hessians) -> None:
    if action["type"] == "order":
        if action["first"] == 1:
            frame["queue"].reverse()
        frame["step"] = "resolve"
        say(state, f"{s(seat)} resolves {spycraft_text(frame['queue'][0])} first.")
        return
    finish_card(state, frame)
    if action["option"] == "none":
        say(state, f"{s(seat)} takes no {HESSIANS} option.")
    elif action["option"] == "flip":
        target = action["target"]
        say(state, f"{s(seat)} uses {HESSIANS}: {s(target)} flips a face-up card of their choice face down.")
        owed: FlipFrame = {"kind": "flip", "seat": target}
        push(state, owed)
    else:
        say(state, f"{s(seat)} uses {HESSIANS} to call an immediate War Council as its Commander.")
        push(state, council.new_council(state, seat, hessians=True))


def draw2_default(state: PatriotsState, frame: Draw2Frame, seat: Seat) -> Order | Hessians:
    if frame["step"] == "order":
        return {"type": "order", "first": 0}
    return {"type": "hessians", "option": "none"}

