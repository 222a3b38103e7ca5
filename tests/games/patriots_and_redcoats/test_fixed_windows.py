"""Fixed response windows (edition: Assassination and response windows, Defaults): no continue, nobody owes anything,
and the window closes only by the platform's expiry at its deadline. The quick mode is checked alongside."""

from __future__ import annotations

import random

import pytest

from games.patriots_and_redcoats import GAME
from games.protocol import EXPIRE, IllegalAction, Window, apply_expiry, apply_logged
from tests.games.patriots_and_redcoats.scenario import (
    PL,
    PS,
    RL,
    RS,
    P,
    R,
    T,
    act,
    build,
    close_windows,
    expire,
    hand,
    public_log,
)

# Seat 2 is a Patriot Spy, seat 3 the Redcoat Spy (with a Turncoat); seat 4 holds a Turncoat; Leaders at 0 and 1.
SPIES = [[PL, P, P], [RL, R, R], [PS, P, R], [RS, R, T], [P, R, T], [P, P, R], [R, R, P]]
FIXED = {"window_mode": "fixed"}


def declare(state: dict, seat: int, target: int, turncoat: bool = False) -> dict:
    return act(state, seat, {"type": "assassinate", "target": target, "turncoat": turncoat})


def types(state: dict, seat: int) -> list[str]:
    return [a["type"] for a in GAME.legal(state, seat)]


def test_a_fixed_window_has_no_continue_and_waits_on_nobody() -> None:
    state = declare(build(7, SPIES, options={**FIXED, "assassination_window_s": 30}), 2, 5)
    assert GAME.window(state) == Window(key=f"pr-window-{state['serial']}", seconds=30, closes_itself=True)
    assert all("continue" not in types(state, seat) for seat in range(7))
    assert GAME.required(state) == []  # nobody owes anything
    assert GAME.waiting_on(state) == [3]  # only the other Spy could act (an assassination), and need not
    assert set(types(state, 3)) == {"assassinate"}
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, {"type": "continue"})
    assert refused.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as refused:
        act(state, 3, {"type": "continue"})
    assert refused.value.code == "not_legal_now"
    for seat in range(7):  # no default is ever a continue; with nothing to answer there is no default at all
        with pytest.raises(IllegalAction):
            GAME.default_action(state, seat)


def test_other_prompts_wait_while_a_fixed_window_is_open() -> None:
    state = build(7, SPIES, spycraft=[("spy", 1)], options=FIXED)
    assert GAME.required(state) == [0]
    state = act(state, 0, {"type": "spy", "to": 4})
    assert state["windows"] and GAME.required(state) == []
    assert GAME.legal(state, 0) == [] and GAME.legal(state, 4) == []
    assert GAME.window(state) == Window(key=f"pr-window-{state['serial']}", seconds=5, closes_itself=True)
    state = expire(state)
    assert not state["windows"] and state["eyes"][4] and GAME.required(state)  # the card took effect; play goes on


def test_expiry_closes_the_window_and_resolves_the_assassination() -> None:
    state = declare(build(7, SPIES, options=FIXED), 2, 5)
    seq = state["seq"]
    after = expire(state)
    assert after["seq"] == seq + 1 and state["windows"]  # one seq step; the state handed in is untouched
    assert not after["windows"] and not after["alive"][2] and not after["alive"][5]
    assert GAME.required(after) == [0] and after["stack"][-1]["drawer"] == 0  # play resumes where it paused
    assert apply_logged(GAME, state, None, EXPIRE) == after  # the log replays it
    with pytest.raises(IllegalAction):
        apply_expiry(GAME, after)  # nothing left to close


def test_expiry_reopens_the_window_beneath_with_a_fresh_key() -> None:
    state = build(7, SPIES, spycraft=[("spy", 1)], options=FIXED)
    state = act(state, 0, {"type": "spy", "to": 4})
    first = GAME.window(state)
    state = declare(state, 2, 5)
    on_top = GAME.window(state)
    assert on_top is not None and first is not None and on_top.key != first.key and len(state["windows"]) == 2
    state = expire(state)
    reopened = GAME.window(state)
    assert reopened is not None and reopened.closes_itself and reopened.seconds == 5
    assert reopened.key not in (first.key, on_top.key)
    assert not state["alive"][2] and not state["alive"][5] and "The response window beneath reopens." in public_log(
        state)
    assert GAME.required(state) == []  # the reopened window waits on nobody either
    state = expire(state)
    assert not state["windows"] and [c["eyes"] for c in state["eyes"][4]] == [1]


def test_a_target_may_reveal_a_turncoat_but_need_not() -> None:
    state = declare(build(7, SPIES, options=FIXED), 2, 4)
    key = GAME.window(state)
    assert GAME.legal(state, 4) == [{"type": "turncoat"}] and GAME.required(state) == []
    assert GAME.default_action(state, 4) == {"type": "turncoat"}  # the target's default, were it ever asked
    saved = act(state, 4, {"type": "turncoat"})
    assert GAME.window(saved) == key and GAME.secret_step(saved) == GAME.secret_step(state)  # the window runs on
    saved = expire(saved)
    assert saved["alive"][4] and not saved["alive"][2] and hand(saved, 4) == [P, R, T]
    # Nothing is sent for anyone at the deadline: a target who did not reveal in time is not saved by the expiry.
    unsaved = expire(state)
    assert not unsaved["alive"][4] and not any(e["up"] for e in unsaved["hands"][4])


def test_a_zero_second_fixed_window_closes_at_once() -> None:
    """Our ruling: with no continue nothing else could close it, so its deadline is the moment it opens."""
    state = declare(build(7, SPIES, options={**FIXED, "assassination_window_s": 0}), 2, 5)
    assert GAME.window(state) == Window(key=f"pr-window-{state['serial']}", seconds=0, closes_itself=True)
    assert GAME.required(state) == [] and "continue" not in types(state, 0)
    state = expire(state)
    assert not state["windows"] and not state["alive"][5]


def test_the_quick_mode_is_unchanged() -> None:
    state = declare(build(7, SPIES), 2, 5)
    assert GAME.window(state) == Window(key=f"pr-window-{state['serial']}", seconds=20)
    assert GAME.required(state) == list(range(7)) and types(state, 0) == ["continue"]
    assert [GAME.default_action(state, seat) for seat in range(7)] == [{"type": "continue"}] * 7
    with pytest.raises(IllegalAction):
        apply_expiry(GAME, state)  # a quick window is closed by its players, or by their defaults at the deadline
    state = close_windows(state)
    assert not state["alive"][2] and not state["alive"][5]
    untimed = declare(build(7, SPIES, options={"assassination_window_s": 0}), 2, 5)
    assert GAME.window(untimed) is None and types(untimed, 0) == ["continue"]


@pytest.mark.parametrize("bot", ["basic", "random"])
def test_bots_never_continue_in_a_fixed_window(bot: str) -> None:
    state = declare(build(7, SPIES, options=FIXED), 2, 4)
    for seat in range(7):
        for seed in range(20):
            pick = GAME.bots[bot](GAME.view(state, seat), GAME.legal(state, seat), random.Random(seed))
            assert pick is None or pick["type"] in ("turncoat", "assassinate"), (seat, pick)
    assert GAME.bots[bot](GAME.view(state, 4), GAME.legal(state, 4), random.Random(0)) == {"type": "turncoat"}
