"""Response windows are secret steps (who has continued shows nowhere, so a timeout there marks nobody away)."""

from __future__ import annotations

from games.protocol import apply_expiry
from games.red_scare_redux import GAME
from tests.games.red_scare_redux.scenario import act, make


def test_a_quick_window_is_one_secret_step_until_the_next_window_opens() -> None:
    state = make(4, hands={0: ["Double Agent"], 1: ["Tip-Off"], 3: ["Funds 1"]},
                 partials=[(0, "Crack the Cipher", ["Intel 3", "Intel 1"])])
    assert GAME.secret_step(state) is None  # the active player's main action is no secret step
    state = act(state, 0, {"type": "black_ops", "card": "Double Agent", "partial": "p1", "as": "C"})
    counter = GAME.secret_step(state)
    assert counter is not None and GAME.required(state) == [1, 3]
    state = act(state, 3, {"type": "continue"})
    assert GAME.secret_step(state) == counter  # one seat continuing changes nothing public
    state = act(state, 1, {"type": "continue"})
    tip_off = GAME.secret_step(state)
    assert state["window"]["kind"] == "tip_off" and tip_off not in (None, counter)
    state = act(state, 1, {"type": "tip_off"})
    against = GAME.secret_step(state)
    assert state["window"]["kind"] == "counter" and against not in (None, counter, tip_off)
    state = act(state, 0, {"type": "continue"})
    assert GAME.secret_step(state) == against
    state = act(state, 2, {"type": "continue"})
    assert state["window"] is None and GAME.secret_step(state) is None


def test_a_fixed_window_is_a_secret_step_too() -> None:
    state = make(4, hands={0: ["Requisition"]}, options={"window_mode": "fixed"})
    state = act(state, 0, {"type": "black_ops", "card": "Requisition"})
    assert GAME.secret_step(state) is not None
    state = apply_expiry(GAME, state)
    assert state["step"]["kind"] == "draw" and GAME.secret_step(state) is None  # the draws are the player's own
