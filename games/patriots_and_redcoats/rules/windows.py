"""Response windows and assassination (rulebook: Assassination, Turncoats; edition: Assassination and response
windows).

A window pauses play after (a) a Spy or Conceal card is announced as given, (b) an Agent places a War card, or (c) an
assassination is declared. Windows stack; only the top one closes. Table option ``window_mode``: in ``quick`` mode it
closes when every living player has continued (the platform's timer sends the default ``continue`` at its deadline);
in ``fixed`` mode there is no continue at all: the window closes only when the platform calls ``expire`` at its
deadline, exactly as if every living player had continued. A closed assassination window resolves its
assassination; the window beneath then reopens with a fresh key. The frames beneath a window finish their own work
(an announced card's effect, the placed War card's fate) once every window above them has closed.
"""

from __future__ import annotations

from typing import Literal, TypeGuard

from games import turns
from games.patriots_and_redcoats.data import LOYALTY_NAMES, TURNCOAT
from games.patriots_and_redcoats.rules.core import (
    face_down_slots,
    kind,
    leaders_held,
    living,
    over,
    s,
    say,
    spy_of,
    turn_up,
)
from games.patriots_and_redcoats.rules.end import eliminate
from games.patriots_and_redcoats.state import (
    Assassinate,
    AssassinationWindow,
    Continue,
    OpenWindow,
    PatriotsAction,
    PatriotsState,
    Turncoat,
)
from games.protocol import Seat
from games.turns import Mode


def mode(state: PatriotsState) -> Mode:
    return state["options"]["window_mode"]


def fixed(state: PatriotsState) -> bool:
    """Edition: in fixed mode a window always runs to its deadline and nobody can continue."""
    return mode(state) == "fixed"


def open_window(state: PatriotsState, kind_: Literal["give", "agent"], seat: Seat) -> None:
    """Window (a) after ``seat`` gave a Spy or Conceal card, or (b) after ``seat`` placed a War card as Agent."""
    state["windows"].append({"kind": kind_, **turns.open_response(state, living(state)), "seat": seat})


def continue_(state: PatriotsState, seat: Seat) -> None:
    turns.answer(state["windows"][-1], seat)
    settle(state)


def expire(state: PatriotsState) -> None:
    """The top window's deadline has passed (fixed mode): it closes exactly as if every living player had continued,
    resolving its assassination and reopening the window beneath with a fresh key. Nothing is sent for anyone: a
    target who did not reveal a Turncoat in time does not reveal one now (edition, Defaults)."""
    turns.expire(state["windows"][-1])
    settle(state)


def settle(state: PatriotsState) -> None:
    """Close every top window nobody living still owes a continue to; reopen the one beneath afresh."""
    while state["windows"] and state["phase"] != "over":
        window = state["windows"][-1]
        if not turns.closed(window, state["alive"]):
            return
        state["windows"].pop()
        if window["kind"] == "assassination":
            resolve(state, window)
        if state["windows"] and not over(state):  # resolving may have ended the game
            turns.reopen(state, state["windows"][-1], living(state))
            say(state, "The response window beneath reopens.")


# ----------------------------------------------------------------------------- assassination


def pending_assassin(state: PatriotsState, seat: Seat) -> bool:
    return any(w["kind"] == "assassination" and w["assassin"] == seat for w in state["windows"])


def turncoat_slots(state: PatriotsState, seat: Seat) -> list[int]:
    return [i for i in face_down_slots(state, seat) if kind(state["hands"][seat][i]["id"]) == TURNCOAT]


def assassinations(state: PatriotsState, seat: Seat) -> list[Assassinate]:
    """Edition: a living Spy card holder (face up or down) may target any other living player, optionally revealing
    a face-down Turncoat to survive; holding a Leader forbids it unless a Turncoat is revealed with it."""
    if state["phase"] == "over" or not state["alive"][seat] or spy_of(state, seat) is None:
        return []
    if pending_assassin(state, seat):
        return []
    protections = [True] if turncoat_slots(state, seat) else []
    if not leaders_held(state, seat):
        protections = [False, *protections]
    return [{"type": "assassinate", "target": target, "turncoat": turncoat}
            for target in living(state) if target != seat for turncoat in protections]


def declare(state: PatriotsState, seat: Seat, target: Seat, turncoat: bool) -> None:
    spy = spy_of(state, seat)
    assert spy is not None
    slot = next(i for i, e in enumerate(state["hands"][seat]) if kind(e["id"]) == spy)
    if not state["hands"][seat][slot]["up"]:
        turn_up(state, seat, slot)
    say(state, f"{s(seat)} reveals the {LOYALTY_NAMES[spy]} and declares an assassination of {s(target)}!",
        event={"kind": "declare", "seat": seat, "card": spy, "target": target})
    if turncoat:
        turn_up(state, seat, turncoat_slots(state, seat)[0])
        say(state, f"{s(seat)} reveals a Turncoat to survive the assassination.")
    if not face_down_slots(state, seat):
        # Our ruling: the declaration stands; only an elimination after it (a counter-assassination) cancels it.
        eliminate(state, [seat], "has no face-down Loyalty card left")
        if state["phase"] == "over":
            return
    state["windows"].append({"kind": "assassination", **turns.open_response(state, living(state)),
                             "assassin": seat, "target": target, "protected": turncoat, "countered": False,
                             "cancelled": False})


def counter_options(state: PatriotsState, seat: Seat) -> list[Turncoat]:
    """The target of a pending assassination may reveal a face-down Turncoat against it."""
    if not state["alive"][seat] or not turncoat_slots(state, seat):
        return []
    if any(_counterable(w, seat) for w in state["windows"]):
        return [{"type": "turncoat"}]
    return []


def _counterable(window: OpenWindow, seat: Seat) -> TypeGuard[AssassinationWindow]:
    return (window["kind"] == "assassination" and window["target"] == seat and not window["countered"]
            and not window["cancelled"])


def counter(state: PatriotsState, seat: Seat) -> None:
    """Our ruling: one Turncoat answers one assassination, the topmost one still aimed at this player."""
    window = next(w for w in reversed(state["windows"]) if _counterable(w, seat))
    window["countered"] = True
    turn_up(state, seat, turncoat_slots(state, seat)[0])
    say(state, f"{s(seat)} reveals a Turncoat against the assassination.")
    if not face_down_slots(state, seat):
        eliminate(state, [seat], "has no face-down Loyalty card left")


def resolve(state: PatriotsState, window: AssassinationWindow) -> None:
    assassin, target = window["assassin"], window["target"]
    if window["cancelled"]:
        say(state, f"The assassination of {s(target)} is cancelled: {s(assassin)} was eliminated first.")
        return
    victims = []
    if not state["alive"][target]:
        say(state, f"The assassination of {s(target)} finds them already eliminated.")
    elif window["countered"]:
        say(state, f"{s(target)} survives the assassination thanks to a Turncoat.")
    else:
        victims.append(target)
    if state["alive"][assassin] and not window["protected"]:
        victims.append(assassin)
    eliminate(state, victims, "assassination")


def window_actions(state: PatriotsState, seat: Seat) -> list[PatriotsAction]:
    """Edition: while a window is open the only actions are continue (quick mode only), assassinate and a target's
    Turncoat."""
    window = state["windows"][-1]
    actions: list[PatriotsAction] = []
    if turns.may_continue(mode(state), window, seat, state["alive"]):
        actions.append({"type": "continue"})
    return actions + counter_options(state, seat)


def auto_answers(state: PatriotsState) -> dict[Seat, Continue | None]:
    """A quick window asks every living player (public); each may continue whatever they hold, except the target of
    a pending assassination, whose timeout would reveal a Turncoat for them (who is targeted is public). A fixed
    window asks nobody: it closes at its deadline."""
    if over(state) or not state["windows"] or fixed(state):
        return {}
    targets = {seat for seat in living(state) if any(_counterable(w, seat) for w in state["windows"])}
    return {seat: None if seat in targets else {"type": "continue"} for seat in living(state)}


def window_default(state: PatriotsState, seat: Seat) -> Turncoat | Continue:
    """Edition: a target reveals a face-down Turncoat if one remains face down afterwards, else continue (quick mode).

    In fixed mode nobody owes anything in a window (``must_act`` is empty), so the platform never asks; a target who
    may still reveal gets the same Turncoat default, and anyone else is refused: nothing is sent for anyone."""
    if counter_options(state, seat) and len(face_down_slots(state, seat)) >= 2:
        return {"type": "turncoat"}
    if fixed(state):
        raise turns.nothing_owed()
    return {"type": "continue"}
