"""Rule tests of Hidden Hands, the platform's test game, played through ``apply_checked`` on scenario states."""

from __future__ import annotations

import json
import random

import pytest

from app.messages import state_message
from games.protocol import Game, IllegalAction, State, Viewer, Window, apply_checked
from tests.support.hidden_hands import GAME, gem
from tests.support.registry import play_random


def message_text(game: Game, state: State, viewer: Viewer) -> str:
    names = [f"P{i}" for i in range(state["players"])]
    status = "finished" if game.result(state) is not None else "playing"
    built = state_message(
        game, status=status, seq=state["seq"], state=state, viewer=viewer, names=names, table={}, deadline=None
    )
    return json.dumps(built)


def commit_phase(hands: list[list[int]], review_s: float = 0) -> State:
    """A game just past the set-aside step, with the hands given as gem values."""
    state = GAME.new_state(len(hands), {"review_s": review_s}, 1)
    dealt = {gem(v) for hand in hands for v in hand}
    state["hands"] = [sorted(gem(v) for v in hand) for hand in hands]
    state["aside"] = [None] * len(hands)
    state["pouch"] = [g for g in (gem(v) for v in range(1, 21)) if g not in dealt]
    for seat in range(len(hands)):
        state["aside"][seat] = state["pouch"].pop()
    state["phase"] = "commit"
    return state


def commit_all(state: State, gems: list[int]) -> State:
    for seat, value in enumerate(gems):
        state = apply_checked(GAME, state, seat, {"type": "commit", "gem": gem(value)})
    return state


def test_set_aside_is_simultaneous_and_secret() -> None:
    state = GAME.new_state(3, None, 7)
    assert state["phase"] == "set_aside"
    assert GAME.waiting_on(state) == [0, 1, 2]
    chosen = state["hands"][1][2]
    state = apply_checked(GAME, state, 1, {"type": "set_aside", "gem": chosen})
    assert GAME.waiting_on(state) == [0, 2]  # the others still choose, in any order
    assert GAME.legal(state, 1) == []
    with pytest.raises(IllegalAction) as refused:
        apply_checked(GAME, state, 1, {"type": "set_aside", "gem": state["hands"][1][0]})
    assert refused.value.code == "not_your_turn"
    seen = GAME.view(state, 0)["players"][1]
    assert seen["has_set_aside"] and seen["aside"] is None and seen["hand"] is None and seen["hand_size"] == 3
    assert chosen in message_text(GAME, state, 1)
    for viewer in (0, 2, None):
        assert chosen not in message_text(GAME, state, viewer)
    state = apply_checked(GAME, state, 2, {"type": "set_aside", "gem": state["hands"][2][0]})
    state = apply_checked(GAME, state, 0, {"type": "set_aside", "gem": state["hands"][0][0]})
    assert state["phase"] == "commit"
    assert GAME.waiting_on(state) == [0, 1, 2]
    assert [len(hand) for hand in state["hands"]] == [3, 3, 3]


def test_commits_stay_secret_until_everyone_has_committed() -> None:
    state = commit_phase([[5, 6, 7], [17, 1, 2], [9, 3, 4]])
    state = commit_all(state, [5, 17])
    assert GAME.view(state, 2)["players"][0] | {"committed": None} == GAME.view(state, 2)["players"][0]
    assert GAME.view(state, 2)["players"][1]["has_committed"]
    assert gem(17) not in message_text(GAME, state, 2) and gem(17) in message_text(GAME, state, 1)
    state = apply_checked(GAME, state, 2, {"type": "commit", "gem": gem(9)})
    assert gem(17) in message_text(GAME, state, None)  # shown at once when the last one commits


def test_reveal_scores_the_highest() -> None:
    state = commit_all(commit_phase([[5, 6, 7], [17, 1, 2], [9, 3, 4]]), [5, 17, 9])
    assert state["shown"] == [[gem(5), gem(17), gem(9)]]
    assert state["points"] == [0, 1, 0]
    assert state["phase"] == "commit" and GAME.view(state, None)["round"] == 2
    assert "P1 scores" in message_text(GAME, state, None)
    state = commit_all(state, [7, 2, 4])
    assert state["points"] == [1, 1, 0]


def test_ties_score_nothing() -> None:
    # A real deal holds each gem once, so only a built state can tie; the rule is there all the same.
    state = commit_all(commit_phase([[10, 6, 7], [10, 1, 2], [3, 4, 8]]), [10, 10, 3])
    assert state["points"] == [0, 0, 0]
    assert "scores" not in message_text(GAME, state, None)


@pytest.mark.parametrize("seed", range(5))
def test_no_review_window_without_review_time(seed: int) -> None:
    states, _ = play_random(GAME, 3, seed, random.Random(seed))
    assert all(GAME.window(state) is None for state in states)
    assert all(state["phase"] != "review" for state in states)


def test_review_window_follows_each_reveal() -> None:
    state = commit_all(commit_phase([[5, 6, 7], [17, 1, 2], [9, 3, 4]], review_s=5), [5, 17, 9])
    assert state["phase"] == "review"
    assert GAME.window(state) == Window(key="review-1", seconds=5)
    assert GAME.waiting_on(state) == [0, 1, 2]
    assert GAME.legal(state, 0) == [{"type": "continue"}]
    state = apply_checked(GAME, state, 2, {"type": "continue"})
    assert GAME.waiting_on(state) == [0, 1] and GAME.window(state) == Window(key="review-1", seconds=5)
    state = apply_checked(GAME, state, 0, {"type": "continue"})
    state = apply_checked(GAME, state, 1, {"type": "continue"})
    assert state["phase"] == "commit" and GAME.window(state) is None
    state = commit_all(state, [6, 1, 3])
    assert GAME.window(state) == Window(key="review-2", seconds=5)  # a new window, so a new key


def test_result_names_the_winners_once_three_rounds_are_played() -> None:
    state = commit_all(commit_phase([[5, 6, 7], [17, 1, 2], [9, 3, 4]]), [5, 17, 9])
    state = commit_all(state, [6, 2, 3])
    assert GAME.result(state) is None
    state = commit_all(state, [7, 1, 4])
    result = GAME.result(state)
    assert state["points"] == [2, 1, 0]
    assert result is not None and result["winners"] == [0]
    assert [entry["seat"] for entry in result["ranking"]] == [0, 1, 2]
    assert result["reveal"]["aside"] == state["aside"]
    assert GAME.waiting_on(state) == []
    assert GAME.view(state, None)["players"][1]["aside"] == state["aside"][1]  # every secret shown at the end


def test_tied_points_share_the_win() -> None:
    state = commit_all(commit_phase([[5, 6, 7], [17, 1, 2], [9, 3, 4]]), [5, 17, 3])
    state = commit_all(state, [7, 1, 4])
    state = commit_all(state, [6, 2, 9])
    assert state["points"] == [1, 1, 1]
    result = GAME.result(state)
    assert result is not None and result["winners"] == [0, 1, 2]


def test_default_action_and_basic_bot() -> None:
    state = commit_phase([[5, 16, 7], [17, 1, 2], [9, 3, 4]])
    assert GAME.default_action(state, 0) == {"type": "commit", "gem": gem(5)}
    legal = GAME.legal(state, 0)
    assert GAME.bots["basic"](GAME.view(state, 0), legal, random.Random(0)) == {"type": "commit", "gem": gem(16)}
