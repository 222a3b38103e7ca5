"""Patriots & Redcoats rules: the protocol's legal / apply / result / must_act / default_action / window hooks, the
engine loop and its invariants (setup is in ``setup.py``).

Play is a stack of frames (``spycraft``, ``council``, ``winter``, ``teams``) under a stack of response windows
(``windows``); ``core`` holds the shared helpers, ``end`` reveals, elimination and the end of the game. ``advance``
runs the top frame until it waits on players; nothing beneath an open window moves. An assassination can be declared
at any time by a Spy, so a Spy's legal list may hold actions while play waits on others: ``must_act`` names only the
seats play is actually waiting for.
"""

from __future__ import annotations

from typing import Any

from games import turns
from games.patriots_and_redcoats.data import (
    LEADERS,
    LOYALTY,
    PATRIOT_LEADER,
    REDCOAT_LEADER,
    SPYCRAFT,
    TEAMS,
    VICTORIES_TO_WIN,
    WAR,
)
from games.patriots_and_redcoats.rules import council, spycraft, teams, windows, winter
from games.patriots_and_redcoats.rules.core import eye_total, face_down_slots, leaders_held, living, spy_of, zones
from games.patriots_and_redcoats.rules.end import result
from games.patriots_and_redcoats.state import FrameKind, OpenWindow, PatriotsAction, PatriotsState
from games.protocol import Seat, Window
from games.turns import Handler, nobody

__all__ = ["advance", "apply", "default_action", "expire", "legal", "must_act", "result", "secret_step", "window"]

Prompts = dict[Seat, list[PatriotsAction]]

# How each kind of frame is played (``games.turns``): the table pairs a frame with its handler by the frame's kind.
HANDLERS: dict[FrameKind, Handler[PatriotsState, PatriotsAction, Any, Any]] = {
    "round": Handler(spycraft.run_round, nobody),
    "turn": Handler(spycraft.run_turn, nobody),
    "confirm": Handler(teams.run_confirm, teams.confirm_prompts, teams.confirm_act, teams.confirm_default),
    "spy": Handler(spycraft.run_spy, spycraft.spy_prompts, spycraft.spy_act, spycraft.spy_default),
    "conceal": Handler(spycraft.run_spy, spycraft.spy_prompts, spycraft.spy_act, spycraft.spy_default),
    "reveal": Handler(spycraft.run_reveal, spycraft.reveal_prompts, spycraft.reveal_act, spycraft.reveal_default),
    "flip": Handler(spycraft.run_flip, spycraft.flip_prompts, spycraft.flip_act, spycraft.flip_default),
    "skip": Handler(spycraft.run_skip, spycraft.skip_prompts, spycraft.skip_act, spycraft.skip_default),
    "reverse": Handler(spycraft.run_reverse, nobody),
    "draw2": Handler(spycraft.run_draw2, spycraft.draw2_prompts, spycraft.draw2_act, spycraft.draw2_default),
    "winter": Handler(winter.run_winter, winter.winter_prompts, winter.winter_act, winter.winter_default),
    "council": Handler(council.run_council, council.council_prompts, council.council_act, council.council_default),
}


# ----------------------------------------------------------------------------- the engine loop


def advance(state: PatriotsState) -> None:
    turns.run(state, HANDLERS, moving)


def moving(state: PatriotsState) -> bool:
    """Nothing beneath an open window moves."""
    return state["phase"] != "over" and not state["windows"]


def prompts(state: PatriotsState) -> Prompts:
    if not moving(state):
        return {}
    return turns.prompts(state, HANDLERS)


def legal(state: PatriotsState, seat: Seat) -> list[PatriotsAction]:
    if state["phase"] == "over" or not 0 <= seat < state["players"]:
        return []
    if state["windows"]:
        actions = windows.window_actions(state, seat)
    else:
        actions = list(prompts(state).get(seat, []))
    return actions + windows.assassinations(state, seat)


def must_act(state: PatriotsState) -> list[Seat]:
    if state["phase"] == "over":
        return []
    if state["windows"]:
        # In a fixed window nobody owes anything: it closes at its deadline (a target's Turncoat is optional).
        return turns.owed(windows.mode(state), state["windows"][-1], state["alive"])
    return sorted(prompts(state))


def apply(state: PatriotsState, seat: Seat, action: PatriotsAction) -> None:
    if action["type"] == "assassinate":
        windows.declare(state, seat, action["target"], action["turncoat"])
    elif action["type"] == "turncoat":
        windows.counter(state, seat)
        windows.settle(state)
    elif action["type"] == "continue":
        windows.continue_(state, seat)
    else:
        turns.act(state, HANDLERS, seat, action)
    advance(state)
    check_invariants(state)


def default_action(state: PatriotsState, seat: Seat) -> PatriotsAction:
    """Edition, Defaults: never dependent on the player's team."""
    if state["windows"]:
        return windows.window_default(state, seat)
    return turns.default(state, HANDLERS, seat)


def window(state: PatriotsState) -> Window | None:
    """The deadline of the top response window: its key changes whenever a window opens or one beneath reopens.

    A fixed-mode window closes itself: nobody can shorten it and the platform calls ``expire`` at its deadline.
    Our ruling: a fixed window of 0 seconds closes at once (its deadline is the moment it opens), since without
    continue nothing else could ever close it; a quick window of 0 seconds has no timer and waits for everyone to
    continue (the table's turn timer covers the absent)."""
    if state["phase"] == "over" or not state["windows"]:
        return None
    top = state["windows"][-1]
    options = state["options"]
    seconds = options["assassination_window_s"] if top["kind"] == "assassination" else options["response_window_s"]
    return turns.deadline(window_key(top), seconds, windows.mode(state))


def window_key(top: OpenWindow) -> str:
    return f"pr-window-{top['serial']}"


def expire(state: PatriotsState) -> None:
    """Protocol hook: a fixed window's deadline has passed; it closes as if every living player had continued."""
    assert state["windows"] and windows.fixed(state), "only a fixed window closes by itself"
    windows.expire(state)
    advance(state)
    check_invariants(state)


def secret_step(state: PatriotsState) -> str | None:
    """The current step when who has acted in it is secret (edition, Secrets: a response window in either mode, the
    loyalty confirmation, the Winter flip and selection), else None. The key names the step instance: it changes
    when a window opens or reopens and when a new confirmation or Winter sub-step begins, and never with who has
    acted. A vote is not secret in this sense: who has voted shows (only how stays hidden until all are in)."""
    if state["phase"] == "over":
        return None
    if state["windows"]:
        return window_key(state["windows"][-1])
    frame = state["stack"][-1]
    if frame["kind"] == "confirm" and frame["choices"] is not None:
        return f"pr-confirm-{frame.get('step_id')}"
    if frame["kind"] == "winter":
        started = {"flip": frame["flips"], "select": frame["picks"]}.get(frame["step"])
        if started is not None:
            return f"pr-winter-{frame['step']}-{frame.get('step_id')}"
    return None


# ----------------------------------------------------------------------------- invariants


def check_invariants(state: PatriotsState) -> None:
    """Edition, Invariants: they cannot fail if the rules are right."""
    found = zones(state)
    assert sorted(found["loyalty"]) == sorted(LOYALTY), "Loyalty cards are conserved"
    assert sorted(found["spycraft"]) == sorted(SPYCRAFT), "Spycraft cards are conserved"
    assert sorted(found["war"]) == sorted(WAR), "War cards are conserved"
    if state["phase"] == "over":
        return
    placing = any(f["kind"] == "council" and f["step"] == "window" for f in state["stack"])
    for team in TEAMS:
        assert len(state["track"][team]) < VICTORIES_TO_WIN or placing, "a fourth War Victory ends the game"
    for seat in range(state["players"]):
        spy_of(state, seat)  # asserts at most one Spy card
        if state["alive"][seat]:
            assert face_down_slots(state, seat), "every living player has a face-down card"
            if not state["windows"] and not any(f["kind"] == "reveal" and f["seat"] == seat for f in state["stack"]):
                assert eye_total(state, seat) < 3, "eyes at rest are at most 2"
    holders = {k: seat for seat in range(state["players"]) for k in leaders_held(state, seat)}
    for leader in (PATRIOT_LEADER, REDCOAT_LEADER):
        assert leader in holders and state["alive"][holders[leader]], "both Leaders are held by living players"
    assert all(k in LEADERS for k in holders)
    assert living(state)
