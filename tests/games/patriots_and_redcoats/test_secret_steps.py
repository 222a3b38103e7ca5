"""``secret_step``: the steps whose actors are secret (edition, Secrets: who has acted in a response window, the loyalty
confirmation or a Winter flip or selection). The key holds while players act in a step and changes for the next one;
it never depends on who has acted. Votes are not such a step: who has voted shows."""

from __future__ import annotations

from games.patriots_and_redcoats import GAME
from games.protocol import State
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
    confirm_all,
    expire,
)

SPIES = [[PL, P, P], [RL, R, R], [PS, P, R], [RS, R, T], [P, R, T], [P, P, R], [R, R, P]]


def step_through(state: State, kind: str) -> tuple[State, set[str | None]]:
    """Every seat owing ``kind`` acts with its first option; returns the state and the keys seen before each acted."""
    keys = set()
    for seat in GAME.required(state):
        keys.add(GAME.secret_step(state))
        action = GAME.legal(state, seat)[0]
        assert action["type"] == kind
        state = act(state, seat, action)
    return state, keys


def test_the_setup_confirmation_is_one_secret_step() -> None:
    state = build(5, at="setup")
    key = GAME.secret_step(state)
    assert key is not None and key.startswith("pr-confirm-")
    after, keys = step_through(state, "confirm")
    assert keys == {key}  # it holds while players confirm
    assert GAME.secret_step(after) is None  # the Commander's ordinary turn follows
    # The key does not depend on who has acted: any order of confirmations leaves it the same.
    reverse = state
    for seat in reversed(GAME.required(state)[1:]):
        reverse = act(reverse, seat, GAME.legal(reverse, seat)[0])
        assert GAME.secret_step(reverse) == key


def test_each_winter_sub_step_has_its_own_key() -> None:
    state = build(5, spycraft=["winter"], up={1: [1, 2], 3: [0]})
    assert GAME.secret_step(state) is None  # the drawer alone reveals a War card: an ordinary prompt
    state = act(state, 0, {"type": "winter_reveal", "card": 0})
    flip = GAME.secret_step(state)
    assert flip is not None
    state, keys = step_through(state, "flip")
    assert keys == {flip}
    select = GAME.secret_step(state)
    assert select is not None and select != flip
    state, keys = step_through(state, "pass")
    assert keys == {select}
    confirm = GAME.secret_step(state)
    assert confirm is not None and confirm not in (flip, select)
    setup_confirm = GAME.secret_step(build(5, at="setup"))
    assert confirm != setup_confirm  # a new confirmation round is a new step
    state = confirm_all(state)
    assert GAME.secret_step(state) is None


def test_a_response_window_is_a_secret_step_in_both_modes() -> None:
    for options in ({}, {"window_mode": "fixed"}):
        state = build(7, SPIES, spycraft=[("spy", 1)], options=options)
        assert GAME.secret_step(state) is None
        state = act(state, 0, {"type": "spy", "to": 4})
        first = GAME.secret_step(state)
        window = GAME.window(state)
        assert first is not None and window is not None and first == window.key
        if not options:
            for seat in (4, 0, 6):  # continues change nothing public, and not the key either
                state = act(state, seat, {"type": "continue"})
                assert GAME.secret_step(state) == first
        state = act(state, 2, {"type": "assassinate", "target": 5, "turncoat": False})
        on_top = GAME.secret_step(state)
        assert on_top not in (None, first)
        state = expire(state) if options else close_windows_once(state)
        reopened = GAME.secret_step(state)
        assert len(state["windows"]) == 1 and reopened not in (None, first, on_top)
        state = close_windows(state)
        assert GAME.secret_step(state) is None


def close_windows_once(state: State) -> State:
    """Quick mode: everyone still owing a continue in the top window continues, so only that window closes."""
    depth = len(state["windows"])
    while len(state["windows"]) == depth:
        state = act(state, GAME.required(state)[0], {"type": "continue"})
    return state


def test_a_confirmation_interrupted_by_a_window_resumes_under_its_own_key() -> None:
    hands = [[P, P, R], [RL, R, R], [PS, P, R], [RS, R, T], [PL, R, P], [P, P, R], [R, R, P]]
    state = build(7, hands, at="setup")
    key = GAME.secret_step(state)
    state = act(state, 5, GAME.legal(state, 5)[0])
    state = act(state, 3, {"type": "assassinate", "target": 6, "turncoat": True})
    assert GAME.secret_step(state) not in (None, key)
    state = close_windows(state)
    assert GAME.secret_step(state) == key and state["stack"][-1]["choices"][5] is not None


def test_votes_and_single_actor_prompts_are_not_secret_steps() -> None:
    state = build(5, at="council")
    assert GAME.secret_step(state) is None  # the nomination
    state = act(state, 0, {"type": "nominate", "agent": 2})
    for seat in range(5):  # who has voted shows; only how stays hidden until all are in
        assert GAME.secret_step(state) is None
        state = act(state, seat, {"type": "vote", "yes": True})
    assert GAME.secret_step(state) is None  # the Commander's secret discard is one player's prompt
