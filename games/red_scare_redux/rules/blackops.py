"""Black Ops cards and the public response windows for Counterintelligence and Tip-Off (edition: Black Ops,
Response windows, rulings 8-10, 16-17).

A played card waits in ``state["pending"]`` while its window is open; the window itself (``state["window"]``) holds
only what every viewer may see, and is the same whoever holds an instant.
"""

from __future__ import annotations

from typing import Any, Literal

from games import rng, turns
from games.protocol import Seat
from games.red_scare_redux import data
from games.red_scare_redux.rules.table import (
    card_helps,
    describe,
    find,
    place,
    resolve_completion,
    start_bonus,
)
from games.red_scare_redux.rules.windows import open_counter
from games.red_scare_redux.rules.zones import (
    BACK_WORDS,
    distinct,
    hand_names,
    log,
    name,
    opponents,
    resources_left,
    take_from_hand,
    team_seats,
)
from games.red_scare_redux.state import (
    BlackOpsAction,
    Partial,
    PickAction,
    RedScareState,
    WindowAction,
)

# ----------------------------------------------------------------------------- playing a card (a main action)


def actions(state: RedScareState, seat: Seat) -> list[BlackOpsAction]:
    out: list[BlackOpsAction] = []
    team = state["team_of"][seat]
    theirs = [p for p in state["partials"] if p["team"] != team]
    ours = [p for p in state["partials"] if p["team"] == team]
    victims = [s for s in opponents(state, seat) if state["hands"][s]]
    for card in distinct(hand_names(state, seat)):  # in catalogue order, card by card
        if card == "Burn Notice":
            out += [{"type": "black_ops", "card": "Burn Notice", "partial": p["id"]} for p in theirs]
        elif card == "Sabotage":
            out += on_table(state, "Sabotage", theirs)
        elif card == "Defector":
            out += on_table(state, "Defector", theirs)
        elif card == "Pickpocket":
            out += [{"type": "black_ops", "card": "Pickpocket", "victim": v} for v in victims]
        elif card == "Interrogation":
            out += [{"type": "black_ops", "card": "Interrogation", "victim": v} for v in victims]
        elif card == "Requisition" and resources_left(state):
            out.append({"type": "black_ops", "card": "Requisition"})
        elif card == "Double Agent":
            out += [{"type": "black_ops", "card": "Double Agent", "partial": p["id"], "as": c} for p in ours
                    for c in data.CLASSES if card_helps(state, p, card, c)]
        elif card == "Forged Papers":
            out += [{"type": "black_ops", "card": "Forged Papers", "partial": p["id"], "as": t} for p in ours
                    for t in data.SUPPLY_TYPES if card_helps(state, p, card, t)]
    return out


def on_table(state: RedScareState, card: Literal["Sabotage", "Defector"],
             theirs: list[Partial]) -> list[BlackOpsAction]:
    """Sabotage or Defector at every placement of the opponents' partials (a Defector only at an Agent)."""
    out: list[BlackOpsAction] = []
    for p in theirs:
        for at, placed in enumerate(p["placed"]):
            if card == "Defector" and not is_agent(state, placed["cards"][0]):
                continue
            members: list[int | None] = [0, 1] if len(placed["cards"]) == 2 else [None]
            out += [{"type": "black_ops", "card": card, "partial": p["id"], "at": at, "member": m} for m in members]
    return out


def is_agent(state: RedScareState, copy: int) -> bool:
    return name(state, copy) in data.CLASS_OF or name(state, copy) == "Double Agent"


def play(state: RedScareState, seat: Seat, action: BlackOpsAction) -> None:
    """Announce the card (its action is spent, ruling (h)) and open its Counterintelligence window."""
    copy = take_from_hand(state, seat, action["card"])
    state["progress"] = True
    log(state, f"{{s{seat}}} plays {announce(state, action)}.", event=announced(state, seat, action))
    open_counter(state, seat, {"kind": "black_ops", "seat": seat, "copy": copy, "action": action},
                 action["card"], action)


def announce(state: RedScareState, action: BlackOpsAction) -> str:
    card = action["card"]
    if action["card"] == "Pickpocket" or action["card"] == "Interrogation":
        return f"{card} on {{s{action['victim']}}}"
    if action["card"] == "Requisition":
        return card
    partial = find(state, action["partial"])
    text = f"{card} on {name(state, partial['objective'])} ({partial['id']})"
    if action["card"] == "Sabotage" or action["card"] == "Defector":
        text += f", at {describe(state, partial['placed'][action['at']])}"
    if action["card"] == "Double Agent" or action["card"] == "Forged Papers":
        text += f" as {action['as']}"
    return text


def announced(state: RedScareState, seat: Seat, action: BlackOpsAction) -> dict[str, Any]:
    """``announce``'s line as an event: the card and the targets the line names (not which placement of equal ones
    or which member of a pair: the line does not say)."""
    event: dict[str, Any] = {"kind": "play", "seat": seat, "card": action["card"]}
    if action["card"] == "Pickpocket" or action["card"] == "Interrogation":
        event["victim"] = action["victim"]
    elif action["card"] != "Requisition":
        partial = find(state, action["partial"])
        event["objective"], event["partial"] = name(state, partial["objective"]), partial["id"]
        if action["card"] == "Double Agent" or action["card"] == "Forged Papers":
            event["as"] = action["as"]
    return event


# ----------------------------------------------------------------------------- windows


def window_actions(state: RedScareState, seat: Seat) -> list[WindowAction]:
    window, response = state["window"], state["response"]
    assert window is not None and response is not None
    if seat not in turns.unanswered(response):
        return []
    hand = hand_names(state, seat)
    out: list[WindowAction] = []
    if window["kind"] == "counter" and "Counterintelligence" in hand:
        out.append({"type": "counter"})
    if window["kind"] == "tip_off" and "Tip-Off" in hand:
        out.append({"type": "tip_off"})
    if turns.may_continue(state["window_mode"], response, seat):
        out.append({"type": "continue"})
    return out


def waiting(state: RedScareState) -> list[Seat]:
    """Seats a quick window waits for; a fixed one waits for nobody (it closes at its deadline)."""
    response = state["response"]
    assert response is not None
    return turns.owed(state["window_mode"], response)


def apply_window(state: RedScareState, seat: Seat, action: WindowAction) -> None:
    kind = action["type"]
    if kind == "continue":
        response = state["response"]
        assert response is not None
        turns.answer(response, seat)
        if turns.closed(response):
            close(state)
    elif kind == "counter":
        copy = take_from_hand(state, seat, "Counterintelligence")
        pending = state["pending"]
        assert pending is not None and pending["kind"] != "bonus"  # a Tip-Off window has no Counterintelligence
        state["window"], state["pending"], state["response"] = None, None, None
        state["discard"] += [pending["copy"], copy]
        state["progress"] = True
        cancelled = name(state, pending["copy"])
        log(state, f"{{s{seat}}} plays Counterintelligence: {cancelled} is cancelled.",
            event={"kind": "play", "seat": seat, "card": "Counterintelligence", "cancels": cancelled})
        if pending["kind"] == "tip_off":
            start_bonus(state, pending["completer"], pending["bonus"])  # the Tip-Off is cancelled: the bonus happens
    elif kind == "tip_off":
        copy = take_from_hand(state, seat, "Tip-Off")
        pending = state["pending"]
        assert pending is not None and pending["kind"] == "bonus"  # only a Tip-Off window takes a Tip-Off
        state["progress"] = True
        log(state, f"{{s{seat}}} plays Tip-Off: the {pending['bonus']} bonus is stopped unless countered.",
            event={"kind": "play", "seat": seat, "card": "Tip-Off", "bonus": pending["bonus"]})
        open_counter(state, seat, {"kind": "tip_off", "seat": seat, "copy": copy, "completer": pending["seat"],
                                   "bonus": pending["bonus"]}, "Tip-Off", {"type": "tip_off"})
        return


def close(state: RedScareState) -> None:
    """Nobody answered: the held-up card or bonus goes ahead."""
    pending, window = state["pending"], state["window"]
    assert pending is not None and window is not None
    state["window"], state["pending"], state["response"] = None, None, None
    if pending["kind"] == "black_ops":
        resolve(state, pending["seat"], pending["copy"], pending["action"])
    elif pending["kind"] == "tip_off":
        state["discard"].append(pending["copy"])
        log(state, f"The Tip-Off stands: no {pending['bonus']} bonus for {{s{pending['completer']}}}.")
    else:
        start_bonus(state, pending["seat"], pending["bonus"])




# ----------------------------------------------------------------------------- resolving a card


def resolve(state: RedScareState, seat: Seat, copy: int, action: BlackOpsAction) -> None:
    card = action["card"]
    if action["card"] == "Double Agent" or action["card"] == "Forged Papers":
        partial = find(state, action["partial"])
        place(state, partial, [copy], action["as"])
        log(state, f"{card} joins {name(state, partial['objective'])} as {action['as']}.")
        resolve_completion(state, seat, partial)
        return
    state["discard"].append(copy)
    if action["card"] == "Burn Notice":
        partial = find(state, action["partial"])
        state["partials"].remove(partial)
        state["discard"] += [partial["objective"]] + [c for placed in partial["placed"] for c in placed["cards"]]
        log(state, f"{name(state, partial['objective'])} ({partial['id']}) is burned with every card on it.")
    elif action["card"] == "Sabotage" or action["card"] == "Defector":
        partial = find(state, action["partial"])
        placed = partial["placed"].pop(action["at"])
        cards = placed["cards"]
        hit = cards[action["member"]] if action["member"] is not None else cards[0]
        state["discard"] += [c for c in cards if c != hit]
        if card == "Sabotage":
            state["discard"].append(hit)
            log(state, f"{describe(state, placed)} is discarded from {name(state, partial['objective'])}.")
        else:
            state["hands"][seat].append(hit)
            log(state, f"{{s{seat}}} takes {name(state, hit)} from {name(state, partial['objective'])}"
                       + (", the other Agent of the pair is discarded." if len(cards) == 2 else "."),
                event={"kind": "defector", "seat": seat, "card": name(state, hit),
                       "objective": name(state, partial["objective"]), "pair": len(cards) == 2})
    elif action["card"] == "Pickpocket":
        take_random(state, seat, action["victim"], "pickpocket")
    elif action["card"] == "Interrogation":
        state["step"] = {"kind": "interrogate", "seat": seat, "victim": action["victim"]}
    elif action["card"] == "Requisition":
        state["step"] = {"kind": "draw", "seat": seat, "owed": data.REQUISITION_DRAWS}


def take_random(state: RedScareState, seat: Seat, victim: Seat, kind: Literal["pickpocket", "steal"]) -> None:
    """Pickpocket and STEAL: a random card; both teams see which, the others see its back (secrets table)."""
    hand = state["hands"][victim]
    copy = hand.pop(rng.randbelow(state, len(hand)))
    state["hands"][seat].append(copy)
    verb = "picks" if kind == "pickpocket" else "steals"
    moved = {"kind": kind, "seat": seat, "from": victim, "to": seat}
    both = sorted(set(team_seats(state, seat)) | set(team_seats(state, victim)))
    log(state, f"{{s{seat}}} {verb} {name(state, copy)} from {{s{victim}}}.", to=both,
        event={**moved, "card": name(state, copy)})
    others = [s for s in range(state["players"]) if s not in both]
    if others:
        back = state["cards"][copy]["back"]
        log(state, f"{{s{seat}}} {verb} {BACK_WORDS[back]} from {{s{victim}}}.", to=others, redacted=True,
            event={**moved, "back": back})


def interrogate_actions(state: RedScareState, victim: Seat) -> list[PickAction]:
    return [{"type": "pick", "card": card} for card in distinct(hand_names(state, victim))]


def apply_pick(state: RedScareState, seat: Seat, action: PickAction) -> None:
    step = state["step"]
    assert step is not None and step["kind"] == "interrogate"
    victim = step["victim"]
    hand = hand_names(state, victim)
    log(state, f"{{s{victim}}}'s hand was: {', '.join(hand)}.", to=team_seats(state, seat),
        event={"kind": "hand_seen", "seat": victim, "cards": hand})
    state["discard"].append(take_from_hand(state, victim, action["card"]))
    log(state, f"{{s{seat}}}'s Interrogation makes {{s{victim}}} discard {action['card']}.",
        event={"kind": "discard", "seat": victim, "cards": [action["card"]], "reason": "interrogation", "by": seat})
    state["step"] = None

