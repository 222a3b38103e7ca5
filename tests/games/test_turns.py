"""games/turns.py on its own: the frame loop and the response window, as the games use them."""

from __future__ import annotations

from typing import Any

import pytest

from games import turns
from games.protocol import IllegalAction, Window


def test_run_plays_the_top_frame_until_one_waits() -> None:
    """A handler returns True when play moved on (it may pop or push) and False when its frame waits."""
    ran: list[str] = []

    def count(state: dict[str, Any], frame: dict[str, Any]) -> bool:
        ran.append("count")
        frame["n"] -= 1
        if frame["n"] == 0:
            turns.pop(state)
        return True

    def wait(state: dict[str, Any], frame: dict[str, Any]) -> bool:
        ran.append("wait")
        if frame["pushed"]:
            return False
        frame["pushed"] = True
        turns.push(state, {"kind": "count", "n": 2})
        return True

    handlers = {"count": turns.Handler(count, turns.nobody), "wait": turns.Handler(wait, turns.nobody)}
    state: dict[str, Any] = {"stack": [{"kind": "wait", "pushed": False}]}
    turns.run(state, handlers, lambda s: bool(s["stack"]))
    assert ran == ["wait", "count", "count", "wait"] and turns.top(state) == {"kind": "wait", "pushed": True}
    assert turns.prompts(state, handlers) == {}


def test_a_quick_window_closes_once_every_seat_has_continued() -> None:
    state = {"serial": 4}
    window = turns.open_response(state, [0, 2])
    assert window == {"serial": 5, "waiting": [0, 2]} and state["serial"] == 5
    assert turns.may_continue("quick", window, 2) and not turns.may_continue("quick", window, 1)
    turns.answer(window, 2)
    assert turns.owed("quick", window) == [0] and not turns.closed(window)
    assert turns.owed("quick", window, alive=[False, True, True]) == []  # a dead seat is not waited for
    turns.answer(window, 0)
    assert turns.closed(window)
    turns.reopen(state, window, [1])
    assert window == {"serial": 6, "waiting": [1]}


def test_a_fixed_window_owes_nothing_and_closes_only_when_it_expires() -> None:
    window = turns.open_response({"serial": 0}, [0, 1])
    assert not turns.may_continue("fixed", window, 0) and turns.owed("fixed", window) == []
    assert not turns.closed(window)
    turns.expire(window)
    assert turns.closed(window)
    with pytest.raises(IllegalAction) as refused:
        raise turns.nothing_owed("reaction window")
    assert refused.value.code == "not_your_turn" and "fixed reaction window" in refused.value.message


def test_deadlines_by_mode() -> None:
    assert turns.deadline("k", 5, "fixed") == Window(key="k", seconds=5, closes_itself=True)
    assert turns.deadline("k", 0, "fixed") == Window(key="k", seconds=0, closes_itself=True)  # closes at once
    assert turns.deadline("k", 5, "quick") == Window(key="k", seconds=5)
    assert turns.deadline("k", 0, "quick") is None  # no timer: it waits for every seat to continue
