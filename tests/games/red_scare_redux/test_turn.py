"""The turn's actions and their costs, give/take, the hand limit, Objectives, the end and the tie-break."""

from __future__ import annotations

import pytest

from games.protocol import IllegalAction, log_for
from games.red_scare_redux import GAME
from tests.games.red_scare_redux.scenario import act, legal, make, pass_window, types


def test_draw_costs_one_and_objective_two() -> None:
    state = make(2, hands={0: ["Funds 1"]}, omega=["Gear 2"], objectives=["Border Run"])
    state = act(state, 0, {"type": "draw", "deck": "omega"})
    assert state["actions_left"] == 3
    state = act(state, 0, {"type": "draw_objective"})
    assert state["actions_left"] == 1
    assert "draw_objective" not in types(state, 0)  # needs two actions
    names = sorted(state["cards"][c]["name"] for c in state["hands"][0])
    assert names == ["Border Run", "Funds 1", "Gear 2"]


def test_turn_ends_by_itself_after_four_actions() -> None:
    state = make(2)
    for _ in range(4):
        state = act(state, 0, {"type": "draw", "deck": "delta"})
    assert state["order"][state["turn_index"]] == 1 and state["actions_left"] == 4
    assert legal(state, 0) == []


def test_redraw_only_as_first_action_then_one_card_at_a_time() -> None:
    state = make(2, hands={0: ["Funds 1", "Gear 1", "Sabotage"]}, omega=["Intel 3"], delta=["Assassin"])
    assert "redraw" in types(state, 0)
    state = act(state, 0, {"type": "redraw", "cards": ["Funds 1", "Gear 1"]})
    assert state["actions_left"] == 3 and state["step"]["kind"] == "draw"
    assert types(state, 0) == {"draw"}
    state = act(state, 0, {"type": "draw", "deck": "omega"})
    state = act(state, 0, {"type": "draw", "deck": "delta"})
    assert state["step"] is None and state["actions_left"] == 3
    assert "redraw" not in types(state, 0)
    names = sorted(state["cards"][c]["name"] for c in state["hands"][0])
    assert names == ["Assassin", "Intel 3", "Sabotage"]
    assert [state["cards"][c]["name"] for c in state["discard"]] == ["Funds 1", "Gear 1"]
    state = make(2, hands={0: ["Funds 1"]})
    state = act(state, 0, {"type": "draw", "deck": "omega"})
    assert "redraw" not in types(state, 0)


def test_redraw_at_most_three() -> None:
    state = make(2, hands={0: ["Funds 1", "Funds 2", "Gear 1", "Gear 2"]})
    assert max(len(a["cards"]) for a in legal(state, 0) if a["type"] == "redraw") == 3


def test_give_and_take_between_teammates() -> None:
    # 2v2, first seat 0: teams [0, 2] and [1, 3].
    state = make(4, hands={0: ["Funds 1"], 2: ["Gear 2", "Intel 1"]})
    assert {"type": "give", "card": "Funds 1", "to": 2} in legal(state, 0)
    assert not any(a.get("to") in (1, 3) or a.get("from") in (1, 3) for a in legal(state, 0))
    state = act(state, 0, {"type": "take", "card": "Intel 1", "from": 2})
    assert state["actions_left"] == 3 and len(state["hands"][0]) == 2 and len(state["hands"][2]) == 1
    # The others see only the back of the card.
    assert any("an Omega card" in line["text"] for line in log_for(state, 1))
    assert not any("Intel 1" in line["text"] for line in log_for(state, 1))


def test_no_give_to_a_full_teammate_but_take_has_no_limit() -> None:
    full = ["Funds 1", "Funds 2", "Funds 3", "Gear 1", "Gear 2", "Gear 3", "Intel 1"]
    state = make(4, hands={0: ["Intel 2"] * 5 + ["Intel 3"] * 2, 2: full})
    assert not any(a["type"] == "give" for a in legal(state, 0))
    state = act(state, 0, {"type": "take", "card": "Gear 3", "from": 2})
    assert len(state["hands"][0]) == 8


def test_one_player_teams_have_no_give_or_take() -> None:
    state = make(3, hands={0: ["Funds 1"], 1: ["Gear 1"]})
    assert not types(state, 0) & {"give", "take"}


def test_hand_limit_discard_at_end_of_turn() -> None:
    state = make(2, hands={0: ["Funds 1"] * 5 + ["Gear 3", "Intel 2"]})
    state = act(state, 0, {"type": "draw", "deck": "omega"})
    state = act(state, 0, {"type": "draw", "deck": "omega"})
    state = act(state, 0, {"type": "end_turn"})
    assert state["step"] == {"kind": "discard", "seat": 0, "over": 2}
    assert types(state, 0) == {"discard"} and legal(state, 1) == []
    assert GAME.default_action(state, 0) == {"type": "discard", "card": "Funds 1"}
    state = act(state, 0, {"type": "discard", "card": "Gear 3"})
    state = act(state, 0, {"type": "discard", "card": "Funds 1"})
    assert state["step"] is None and state["order"][state["turn_index"]] == 1
    assert len(state["hands"][0]) == 7


def test_three_v_two_hand_limit_six() -> None:
    state = make(5, hands={0: ["Funds 1"] * 5 + ["Funds 2"]})  # first seat 0: seats 0, 2, 4 are the three-player team
    state = act(state, 0, {"type": "draw", "deck": "omega"})
    state = act(state, 0, {"type": "end_turn"})
    assert state["step"]["kind"] == "discard" and state["hand_limits"][0] == 6


def test_begin_place_and_complete_with_bonus_draw() -> None:
    state = make(2, hands={0: ["Bug the Embassy", "Infiltrator", "Gear 1", "Gear 2", "Funds 1"]},
                 omega=["Intel 1"])
    assert {"type": "begin", "objective": "Bug the Embassy", "card": "Funds 1"} not in legal(state, 0)
    state = act(state, 0, {"type": "begin", "objective": "Bug the Embassy", "card": "Gear 2"})
    assert state["actions_left"] == 3 and state["step"]["kind"] == "place"
    assert {"type": "place", "card": "Funds 1"} not in legal(state, 0)
    state = act(state, 0, {"type": "place", "card": "Infiltrator"})
    state = act(state, 0, {"type": "place", "card": "Gear 1"})
    assert state["actions_left"] == 3  # placing within a beginning costs nothing more
    assert GAME.view(state, 1)["scores"] == [2, 0]
    assert state["window"]["kind"] == "tip_off" and state["window"]["bonus"] == "DRAW1"
    state = pass_window(state)
    assert state["partials"] == [] and state["step"]["kind"] == "draw"  # DRAW1
    state = act(state, 0, {"type": "draw", "deck": "omega"})
    assert state["step"] is None


def test_begin_set_does_not_depend_on_order() -> None:
    # Gear 3 needed: placing 3 first then 1 is fine as a set (3 + 1 - 3 < 3); the set is judged whatever its order.
    state = make(2, hands={0: ["Bug the Embassy", "Gear 3", "Gear 1"]})
    state = act(state, 0, {"type": "begin", "objective": "Bug the Embassy", "card": "Gear 3"})
    assert {"type": "place", "card": "Gear 1"} in legal(state, 0)
    state = act(state, 0, {"type": "done"})
    # Adding later needs the card to help now: the Gear is already met.
    assert not any(a["type"] == "add" and a["card"] == "Gear 1" for a in legal(state, 0))


def test_add_costs_one_each_and_pair_stands_in() -> None:
    state = make(4, hands={2: ["Assassin", "Saboteur", "Intel 3", "Intel 1"]},
                 partials=[(0, "Crack the Cipher", [])], first=2)
    # seat 2 is on team 0 (first seat 2: teams [[2, 0], [3, 1]])
    assert state["team_of"][2] == 0
    state = act(state, 2, {"type": "add_pair", "partial": "p1", "pair": ["Assassin", "Saboteur"], "as": "C"})
    assert state["actions_left"] == 3
    state = act(state, 2, {"type": "add", "partial": "p1", "card": "Intel 3"})
    state = pass_window(act(state, 2, {"type": "add", "partial": "p1", "card": "Intel 1"}))
    assert state["completed"][0] and state["actions_left"] == 1


def test_a_pair_is_bound_to_its_class() -> None:
    state = make(2, hands={0: ["Assassin", "Saboteur"]}, partials=[(0, "Bribe an Official", [])])
    assert not any(a["type"] == "add_pair" for a in legal(state, 0))


def test_extra_action_bonus() -> None:
    state = make(2, hands={0: ["Border Run", "Transport 3", "Transport 3"]})
    state = act(state, 0, {"type": "begin", "objective": "Border Run", "card": "Transport 3"})
    state = pass_window(act(state, 0, {"type": "place", "card": "Transport 3"}))
    assert state["actions_left"] == 4  # 4 - 1 + 1


def test_five_completions_end_a_two_team_game() -> None:
    done = [(0, "Dead Letter Box", ["Assassin", "Intel 1"])]
    state = make(2, hands={0: ["Intel 1"]}, partials=done)
    for _ in range(4):
        state["completed"][0].append({"objective": state["partials"][0]["objective"], "placed": [], "order": 1})
    state["completions"] = 4
    state = act(state, 0, {"type": "add", "partial": "p1", "card": "Intel 1"})
    result = GAME.result(state)
    assert result is not None and result["reason"] == "objectives" and result["winners"] == [0]
    assert result["tie_break"] is None  # most points alone: no tie to settle


def test_three_completions_end_a_three_team_game() -> None:
    state = make(3, hands={0: ["Intel 1"]}, partials=[(0, "Dead Letter Box", ["Assassin", "Intel 1"])])
    for _ in range(2):
        state["completed"][0].append({"objective": state["partials"][0]["objective"], "placed": [], "order": 1})
    state = act(state, 0, {"type": "add", "partial": "p1", "card": "Intel 1"})
    assert GAME.result(state)["reason"] == "objectives"


def test_last_resource_card_makes_the_turn_the_last() -> None:
    state = make(2, omega=["Funds 1"], delta=[], only=True)
    state = act(state, 0, {"type": "draw", "deck": "omega"})
    assert state["last_turn"] and GAME.result(state) is None
    state = act(state, 0, {"type": "end_turn"})
    result = GAME.result(state)
    assert result is not None and result["reason"] == "decks_empty"
    assert result["winners"] == [0, 1]  # no completions: a draw
    assert result["tie_break"] == {"teams": [0, 1], "points": 0, "last": None}


def test_tie_goes_to_the_most_recent_completion() -> None:
    state = make(2, omega=["Funds 1"], only=True)
    obj = [c for c, card in enumerate(state["cards"]) if card["name"] in ("Crack the Cipher", "Blow the Bridge")]
    state["completed"][1].append({"objective": obj[0], "placed": [], "order": 1})  # 3 points
    state["completed"][0].append({"objective": obj[1], "placed": [], "order": 2})  # 3 points, later
    state = act(state, 0, {"type": "draw", "deck": "omega"})
    state = act(state, 0, {"type": "end_turn"})
    result = GAME.result(state)
    assert result["winners"] == [0]
    assert [r["rank"] for r in result["ranking"]] == [1, 2]
    # The result says how the tie was settled, for the result screen to spell out.
    assert result["tie_break"] == {"teams": [0, 1], "points": 3, "last": 0}


def test_no_progress_ends_the_game() -> None:
    state = make(2, only=True)
    for _ in range(4):
        state = act(state, state["order"][state["turn_index"]], {"type": "end_turn"})
    assert GAME.result(state)["reason"] == "no_progress"


def test_wrong_seat_is_refused() -> None:
    state = make(2)
    with pytest.raises(IllegalAction):
        act(state, 1, {"type": "draw", "deck": "omega"})
