"""Taking back a give or a take (the platform's take-back, games/protocol.py, for the actions Red Scare Redux declares
reversible): allowed to its player until anyone else acts or the turn passes on, never for an action that drew or
showed a card, and replayed from the log like any other action."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.bots import draw_worlds
from games.protocol import (
    TAKE_BACK,
    UNDO,
    IllegalAction,
    State,
    apply_checked,
    apply_logged,
    can_take_back,
    log_for,
)
from games.red_scare_redux import GAME
from tests.games.red_scare_redux.scenario import act, make


def refusal(state: State, seat: int, action: dict[str, Any] = TAKE_BACK) -> IllegalAction:
    with pytest.raises(IllegalAction) as refused:
        apply_checked(GAME, state, seat, action)
    return refused.value


def game_part(state: State) -> State:
    """Everything the game itself holds: what a take-back must restore exactly."""
    return {key: value for key, value in state.items() if key not in ("log", "seq", UNDO)}


def two_v_two() -> State:
    # 2v2, first seat 0: teams [0, 2] and [1, 3].
    return make(4, hands={0: ["Funds 1", "Border Run"], 1: ["Gear 1"], 2: ["Gear 2", "Intel 1"]},
                omega=["Intel 3"], delta=["Assassin"])


@pytest.mark.parametrize("action", [{"type": "give", "card": "Funds 1", "to": 2},
                                    {"type": "take", "card": "Intel 1", "from": 2}])
def test_a_give_or_take_is_taken_back_whole(action: dict[str, Any]) -> None:
    before = two_v_two()
    after = act(before, 0, action)
    assert can_take_back(GAME, after, 0)
    assert not any(can_take_back(GAME, after, seat) for seat in (1, 2, 3))
    back = act(after, 0, TAKE_BACK)
    assert game_part(back) == game_part(before)  # hands, actions left, "first action" (redraw is offered again)
    assert back["actions_left"] == 4 and back["first_action"] is True
    assert back["seq"] == after["seq"] + 1  # an action of its own, one seq on
    # The log keeps the action and says publicly that it was taken back.
    for viewer in (None, 0, 1, 2, 3):
        lines = log_for(back, viewer)
        assert lines[-1] == {"seq": back["seq"], "text": "{s0} takes back their last action."}
        assert lines[:-1] == log_for(after, viewer)
    assert not can_take_back(GAME, back, 0)
    assert refusal(back, 0).code == "nothing_to_take_back"
    assert "already taken back" in refusal(back, 0).message


def test_several_gives_are_taken_back_one_by_one() -> None:
    before = two_v_two()
    once = act(before, 0, {"type": "give", "card": "Funds 1", "to": 2})
    twice = act(once, 0, {"type": "give", "card": "Border Run", "to": 2})
    back = act(twice, 0, TAKE_BACK)
    assert game_part(back) == game_part(once)
    assert can_take_back(GAME, back, 0)
    back = act(back, 0, TAKE_BACK)
    assert game_part(back) == game_part(before)
    assert refusal(back, 0).code == "nothing_to_take_back"


def test_anything_else_the_player_does_ends_the_take_back() -> None:
    given = act(two_v_two(), 0, {"type": "give", "card": "Funds 1", "to": 2})
    drawn = act(given, 0, {"type": "draw", "deck": "omega"})  # drew a card: neither it nor the give goes back
    assert not can_take_back(GAME, drawn, 0)
    refused = refusal(drawn, 0)
    assert refused.code == "not_reversible" and "drew a card or showed something" in refused.message


def test_a_card_placed_on_the_table_is_never_taken_back() -> None:
    state = make(4, hands={0: ["Border Run", "Transport 3"]})
    begun = act(state, 0, {"type": "begin", "objective": "Border Run", "card": "Transport 3"})
    assert not can_take_back(GAME, begun, 0)
    assert refusal(begun, 0).code == "not_reversible"
    done = act(begun, 0, {"type": "done"})
    assert refusal(done, 0).code == "not_reversible"  # stopping placing placed nothing, but neither goes back


def test_not_once_the_turn_has_passed_on_nor_after_someone_else_acted() -> None:
    state = two_v_two()
    for _ in range(3):
        state = act(state, 0, {"type": "draw", "deck": "delta"})
    state = act(state, 0, {"type": "give", "card": "Funds 1", "to": 2})  # the fourth action: seat 1's turn begins
    assert state["order"][state["turn_index"]] == 1
    assert not can_take_back(GAME, state, 0)
    refused = refusal(state, 0)
    assert refused.code == "too_late" and "turn has passed on" in refused.message
    state = act(state, 1, {"type": "draw", "deck": "delta"})
    assert refusal(state, 0).code == "nothing_to_take_back"


def test_only_the_player_of_the_latest_action_may_take_it_back() -> None:
    state = act(two_v_two(), 0, {"type": "end_turn"})
    seat_1 = act(state, 1, {"type": "give", "card": "Gear 1", "to": 3})
    assert [can_take_back(GAME, seat_1, seat) for seat in range(4)] == [False, True, False, False]
    assert {refusal(seat_1, seat).code for seat in (0, 2, 3)} == {"nothing_to_take_back"}


def test_a_take_back_asks_for_nothing_else_and_only_where_the_game_allows_it() -> None:
    given = act(two_v_two(), 0, {"type": "give", "card": "Funds 1", "to": 2})
    assert refusal(given, 0, {"type": "take_back", "steps": 2}).code == "bad_action"
    assert refusal(two_v_two(), 0).code == "nothing_to_take_back"  # nothing played yet
    assert refusal(given, 1).code == "nothing_to_take_back"


def test_the_game_itself_never_offers_or_sees_a_take_back() -> None:
    given = act(two_v_two(), 0, {"type": "give", "card": "Funds 1", "to": 2})
    assert TAKE_BACK not in GAME.legal(given, 0)  # bots pick from this list: they never take back
    assert UNDO not in GAME.view(given, 0) and UNDO not in GAME.view(given, None)
    # A searching bot's worlds never carry the earlier state (it holds the hidden hands as they truly are).
    assert all(UNDO not in world for world in draw_worlds(GAME, given, 1, random.Random(3), 4))


def test_a_log_with_take_backs_replays_to_the_same_states() -> None:
    state = two_v_two()
    log: list[tuple[int, dict[str, Any]]] = [
        (0, {"type": "give", "card": "Funds 1", "to": 2}), (0, TAKE_BACK),
        (0, {"type": "take", "card": "Gear 2", "from": 2}), (0, {"type": "give", "card": "Border Run", "to": 2}),
        (0, TAKE_BACK), (0, TAKE_BACK), (0, {"type": "draw", "deck": "omega"}),
    ]
    states = [state]
    for seat, action in log:
        states.append(act(states[-1], seat, action))
    replayed = state
    for (seat, action), expected in zip(log, states[1:], strict=True):
        replayed = apply_logged(GAME, replayed, seat, action)
        assert replayed == expected
    assert game_part(states[6]) == game_part(state)
