"""The Spycraft cards (rulebook: The Spycraft Cards; edition: The Spycraft Phase): Spy, Conceal, eyes, Major
Ferguson, Draw 2 Cards and Hessians."""

from __future__ import annotations

import pytest

from games.patriots_and_redcoats import GAME
from games.protocol import IllegalAction, Window
from tests.games.patriots_and_redcoats.scenario import (
    PL,
    RL,
    P,
    R,
    T,
    act,
    build,
    close_windows,
    conserved,
    public_log,
)

# ----------------------------------------------------------------------------- Spy


def test_spy_is_given_to_another_living_player_after_a_response_window() -> None:
    state = build(5, spycraft=[("spy", 2)], dead=[3], hands=[[PL, P, P], [RL, R, R], [P, P, R], [P, R, T], [R, R, P]])
    targets = [a["to"] for a in GAME.legal(state, 0) if a["type"] == "spy"]
    assert targets == [None, 1, 2, 4]  # not oneself, not the dead; or discard it
    state = act(state, 0, {"type": "spy", "to": 2})
    assert GAME.window(state) == Window(key=f"pr-window-{state['serial']}", seconds=5)
    assert state["eyes"][2] == []  # the effect waits for the window
    assert GAME.required(state) == [0, 1, 2, 4]
    state = close_windows(state)
    assert [c["eyes"] for c in state["eyes"][2]] == [2]
    assert GAME.view(state, 3)["seats"][2]["eyes"] == [2]  # eyes are public


def test_spy_may_be_discarded_with_no_effect_and_no_window() -> None:
    state = act(build(5, spycraft=[("spy", 3)]), 0, {"type": "spy", "to": None})
    assert not state["windows"] and len(state["spycraft"]["discard"]) == 1
    assert state["stack"][-1]["drawer"] == 1


def test_three_eyes_force_a_reveal_of_the_holders_choice_then_exactly_three_go() -> None:
    state = build(5, spycraft=[("spy", 2)], eyes={2: [2]})
    state = close_windows(act(state, 0, {"type": "spy", "to": 2}))
    assert state["stack"][-1]["kind"] == "reveal" and GAME.required(state) == [2]
    assert GAME.legal(state, 2) == [{"type": "reveal", "slot": i} for i in range(3)]
    state = act(state, 2, {"type": "reveal", "slot": 2})
    assert state["hands"][2][2]["up"] and not state["hands"][2][0]["up"]
    # 4 eyes on two 2-eye cards: one is discarded and the other turned to its 1-eye side.
    assert [c["eyes"] for c in state["eyes"][2]] == [1]
    assert GAME.view(state, None)["seats"][2]["face_up"] == ["redcoat"]


@pytest.mark.parametrize(("before", "card", "after"), [
    ([1, 1], 3, [1, 1]),  # the 3-eye card alone is discarded: one card touched
    ([2], 1, []),  # 2 + 1: both discarded
    ([(2, 1), 1], 1, []),  # a turned 2-eye card counts 1
    ([2], 3, [2]),
    ([1], 2, []),
    ([1, (2, 1)], 3, [1, 1]),
    ([1, 1], 2, [1]),  # 4 eyes: discard the 2 and a 1 (two cards) rather than touch three
])
def test_exact_removal_of_three_eyes(before: list, card: int, after: list[int]) -> None:
    state = build(5, spycraft=[("spy", card)], eyes={2: before})
    state = close_windows(act(state, 0, {"type": "spy", "to": 2}))
    state = act(state, 2, {"type": "reveal", "slot": 0})
    assert sorted(c["eyes"] for c in state["eyes"][2]) == sorted(after)
    assert sum(c["eyes"] for c in state["eyes"][2]) == sum(v if isinstance(v, int) else v[1] for v in before) + card - 3
    assert conserved(state)


def test_last_face_down_card_revealed_eliminates() -> None:
    state = build(5, spycraft=[("spy", 3)], up={2: [0, 1]}, eyes={2: [1]})
    state = close_windows(act(state, 0, {"type": "spy", "to": 2}))
    state = act(state, 2, {"type": "reveal", "slot": 2})
    assert not state["alive"][2] and state["eyes"][2] == []  # an eliminated player's eyes are discarded
    assert "{s2} is eliminated (has no face-down Loyalty card left)." in public_log(state)
    assert state["stack"][-1]["drawer"] == 1  # play goes on
    assert GAME.result(state) is None


def test_leader_revealed_as_last_card_loses_the_game() -> None:
    state = build(5, spycraft=[("spy", 3)], up={1: [1, 2]})
    state = close_windows(act(state, 0, {"type": "spy", "to": 1}))
    state = act(state, 1, {"type": "reveal", "slot": 0})
    result = GAME.result(state)
    assert result is not None and result["winning_team"] == "patriots"
    assert result["winners"] == [s for s in range(5) if state["team"][s] == "patriots"]


# ----------------------------------------------------------------------------- Conceal


def test_conceal_feathers_split_among_players_turn_and_discard_excess_lost() -> None:
    state = build(5, spycraft=[("conceal", 3)], eyes={0: [2], 3: [1]})
    splits = [a["to"] for a in GAME.legal(state, 0) if a["type"] == "conceal"]
    assert [] in splits and [0, 0, 0] in splits and [0, 3, 4] in splits and len(splits) == 1 + 35
    state = act(state, 0, {"type": "conceal", "to": [0, 3, 3]})
    assert GAME.window(state) is not None
    state = close_windows(state)
    # Seat 0: one feather turns the 2-eye card to 1. Seat 3: two feathers, one eye: the excess is lost.
    assert [c["eyes"] for c in state["eyes"][0]] == [1] and state["eyes"][3] == []
    assert conserved(state)


def test_conceal_to_no_one_is_discarded_without_a_window() -> None:
    state = act(build(5, spycraft=[("conceal", 2)]), 0, {"type": "conceal", "to": []})
    assert not state["windows"] and state["stack"][-1]["drawer"] == 1


def test_feathers_cannot_flip_a_revealed_card() -> None:
    state = build(5, spycraft=[("conceal", 3)], up={0: [1]})
    state = close_windows(act(state, 0, {"type": "conceal", "to": [0, 0, 0]}))
    assert state["hands"][0][1]["up"]


# ----------------------------------------------------------------------------- Major Ferguson


def test_major_ferguson_skips_and_names_a_player_who_reveals_their_choice() -> None:
    state = build(5, spycraft=["ferguson"])
    assert {a["target"] for a in GAME.legal(state, 0)} == {None, 0, 1, 2, 3, 4}  # oneself included
    state = act(state, 0, {"type": "ferguson", "target": 3})
    assert GAME.required(state) == [3] and not state["windows"]
    state = act(state, 3, {"type": "reveal", "slot": 1})
    assert state["hands"][3][1]["up"]
    assert state["stack"][-1]["drawer"] == 2  # seat 1's turn was skipped


def test_major_ferguson_may_be_declined() -> None:
    state = act(build(5, spycraft=["ferguson"]), 0, {"type": "ferguson", "target": None})
    assert not any(e["up"] for hand in state["hands"] for e in hand)
    assert GAME.default_action(build(5, spycraft=["ferguson"]), 0) == {"type": "ferguson", "target": None}


# ----------------------------------------------------------------------------- Draw 2 Cards


def test_draw2_shows_both_and_the_drawer_picks_the_order() -> None:
    state = build(5, spycraft=["draw2", ("spy", 1), ("conceal", 1)])
    assert GAME.legal(state, 0) == [{"type": "order", "first": 0}, {"type": "order", "first": 1}]
    assert GAME.view(state, 3)["resolving"][0]["waiting"] == [
        {"kind": "spy", "eyes": 1, "title": "Spy"}, {"kind": "conceal", "feathers": 1, "title": "Conceal"}]
    state = act(state, 0, {"type": "order", "first": 1})
    assert state["stack"][-1]["kind"] == "conceal"
    state = act(state, 0, {"type": "conceal", "to": []})
    assert state["stack"][-1]["kind"] == "spy" and state["stack"][-1]["drawer"] == 0
    state = act(state, 0, {"type": "spy", "to": None})
    assert state["stack"][-1]["drawer"] == 1  # then the turn ends
    assert conserved(state) and len(state["spycraft"]["discard"]) == 3


def test_draw2_default_is_the_order_drawn() -> None:
    assert GAME.default_action(build(5, spycraft=["draw2", ("spy", 1), ("conceal", 1)]), 0) == {
        "type": "order", "first": 0}


def test_a_drawn_draw2_resolves_completely_before_the_other_card() -> None:
    state = build(5, spycraft=["draw2", "hessians", ("conceal", 2), ("spy", 3), ("spy", 2)])
    # The plain Draw 2 shows [Hessians, 2-feather Conceal]; Hessians resolves first, its own two cards included.
    state = act(state, 0, {"type": "order", "first": 0})
    assert [c.get("eyes") for c in GAME.view(state, 0)["resolving"][-1]["waiting"]] == [3, 2]
    state = act(state, 0, {"type": "order", "first": 1})
    assert state["stack"][-1]["kind"] == "spy" and GAME.view(state, 0)["step"]["card"]["eyes"] == 2
    state = act(state, 0, {"type": "spy", "to": None})
    state = act(state, 0, {"type": "spy", "to": None})
    assert state["stack"][-1]["kind"] == "draw2"  # Hessians offers its option after its two cards
    state = act(state, 0, {"type": "hessians", "option": "none"})
    assert state["stack"][-1]["kind"] == "conceal"  # the outer Draw 2's other card comes last
    state = act(state, 0, {"type": "conceal", "to": []})
    assert state["stack"][-1]["drawer"] == 1 and conserved(state)


def test_skip_inside_draw2_waits_for_the_other_card() -> None:
    state = build(5, spycraft=["draw2", "skip", ("spy", 1)])
    state = act(state, 0, {"type": "order", "first": 0})
    assert state["stack"][-1]["kind"] == "spy" and state["stack"][-1]["drawer"] == 0
    state = act(state, 0, {"type": "spy", "to": None})
    assert state["stack"][-1]["drawer"] == 2  # then the turn ends and seat 1 is skipped


def _hessians_state() -> dict:
    # Draw 2 is the plain one, Hessians the named one: draw Hessians with two plain Spy cards.
    return build(5, spycraft=["hessians", ("spy", 1), ("spy", 1)], up={3: [0], 0: [2]})


def test_hessians_option_flip_a_face_up_card_the_target_chooses() -> None:
    state = _hessians_state()
    state = act(state, 0, {"type": "order", "first": 0})
    state = act(state, 0, {"type": "spy", "to": None})
    state = act(state, 0, {"type": "spy", "to": None})
    options = GAME.legal(state, 0)
    assert {"type": "hessians", "option": "none"} in options and {"type": "hessians", "option": "council"} in options
    assert [a["target"] for a in options if a["option"] == "flip"] == [0, 3]  # only players with a face-up card
    state = act(state, 0, {"type": "hessians", "option": "flip", "target": 3})
    assert GAME.legal(state, 3) == [{"type": "flip", "slot": 0}]
    state = act(state, 3, {"type": "flip", "slot": 0})
    assert not state["hands"][3][0]["up"] and state["stack"][-1]["drawer"] == 1


def test_hessians_option_council_without_a_vote_then_the_phase_goes_on() -> None:
    state = _hessians_state()
    state = act(state, 0, {"type": "order", "first": 0})
    state = act(state, 0, {"type": "spy", "to": None})
    state = act(state, 0, {"type": "spy", "to": None})
    state = act(state, 0, {"type": "hessians", "option": "council"})
    assert GAME.default_action(state, 0) == {"type": "nominate", "agent": 1}
    state = act(state, 0, {"type": "nominate", "agent": 4})
    assert state["stack"][-1]["step"] == "discard" and GAME.required(state) == [0]  # elected without a vote
    state = act(state, 0, {"type": "discard", "card": 0})
    state = act(state, 4, {"type": "place", "card": 0})
    assert GAME.window(state) is not None  # window (b)
    state = close_windows(state)
    assert sum(len(v) for v in state["track"].values()) == 1 and state["marker"] == 0
    assert state["phase"] == "spycraft" and state["stack"][-1]["drawer"] == 1
    assert state["councils"][-1]["hessians"] and state["councils"][-1]["votes"] is None


def test_hessians_default_is_no_option() -> None:
    state = _hessians_state()
    state = act(state, 0, {"type": "order", "first": 0})
    state = act(state, 0, {"type": "spy", "to": None})
    state = act(state, 0, {"type": "spy", "to": None})
    assert GAME.default_action(state, 0) == {"type": "hessians", "option": "none"}


def test_actions_of_others_are_refused() -> None:
    state = build(5, spycraft=[("spy", 2)])
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, {"type": "spy", "to": 2})
    assert refused.value.code == "not_your_turn"
