"""Setup, the loyalty confirmation, teams and table options: one test per clause, played through the engine."""

from __future__ import annotations

from collections import Counter

import pytest
from pydantic import ValidationError

from games.patriots_and_redcoats import GAME
from games.patriots_and_redcoats.data import LOYALTY, SECOND_PILE
from games.protocol import IllegalAction
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
    confirm_all,
    conserved,
)

FIRST_PILE = {
    4: Counter({PS: 1, PL: 1, RL: 1}),
    5: Counter({PS: 1, PL: 1, RL: 1}),
    6: Counter({PS: 1, PL: 1, RL: 1}),
    7: Counter({PS: 2, RS: 1, PL: 1, RL: 1}),
    10: Counter({PS: 2, RS: 1, PL: 1, RL: 1}),
}


@pytest.mark.parametrize("players", [4, 5, 6, 7, 10])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_deal_first_pile_three_cards_each_and_the_box(players: int, seed: int) -> None:
    state = GAME.new_state(players, None, seed)
    first = Counter(LOYALTY[hand[0]] for hand in state["dealt"])
    specials = Counter({k: n for k, n in first.items() if k not in SECOND_PILE})
    assert specials == FIRST_PILE[players]  # rulebook Setup 1: the first pile's Spies and both Leaders
    assert sum(first.values()) == players  # filled up from the second pile to one card per player
    assert all(len(hand) == 3 for hand in state["hands"])
    assert all(not entry["up"] for hand in state["hands"] for entry in hand)
    box = Counter(LOYALTY[c] for c in state["box"])
    returned = {PS: 2 - FIRST_PILE[players][PS], RS: 2 - FIRST_PILE[players][RS]}
    assert {k: box[k] for k in (PS, RS)} == returned
    assert box[PL] == box[RL] == 0
    assert len(state["box"]) == 37 - 3 * players  # undealt cards stay in the box, unseen
    held = Counter(LOYALTY[e["id"]] for hand in state["hands"] for e in hand)
    assert sum(held[k] for k in (PS, RS, PL, RL)) == sum(FIRST_PILE[players].values())
    assert conserved(state)


def test_first_commander_is_random_across_seeds() -> None:
    assert {GAME.new_state(4, None, seed)["commander"] for seed in range(40)} == {0, 1, 2, 3}


def test_setup_confirmation_every_living_player_acts_once() -> None:
    state = GAME.new_state(5, None, 3)
    assert state["stack"][-1]["kind"] == "confirm"
    assert GAME.required(state) == [0, 1, 2, 3, 4]
    assert all(t is None for t in state["team"])  # nobody has a team before confirming
    seat = 2
    state = act(state, seat, GAME.legal(state, seat)[0])
    assert seat not in GAME.required(state)
    assert not [a for a in GAME.legal(state, seat) if a["type"] == "confirm"]  # final once sent
    state = confirm_all(state)
    assert all(t in ("patriots", "redcoats") for t in state["team"])
    assert state["phase"] == "spycraft"


def test_confirmation_takes_place_even_without_turncoats() -> None:
    state = build(4, [[PL, P, P], [RL, R, R], [P, P, R], [R, R, P]], at="setup")
    assert GAME.required(state) == [0, 1, 2, 3]
    assert [GAME.legal(state, s) for s in range(4)] == [
        [{"type": "confirm", "team": "patriots"}], [{"type": "confirm", "team": "redcoats"}],
        [{"type": "confirm", "team": "patriots"}], [{"type": "confirm", "team": "redcoats"}]]


def test_team_rule_1_spy_card_decides() -> None:
    state = build(5, [[PL, P, P], [RL, R, R], [RS, P, P], [PS, R, R], [P, R, T]], at="setup")
    state = confirm_all(state)
    assert state["team"][2] == "redcoats" and state["team"][3] == "patriots"


def test_team_rule_2_leader_decides_over_majority() -> None:
    state = build(4, [[PL, R, R], [RL, P, P], [P, P, R], [R, R, P]], at="setup")
    state = confirm_all(state)
    assert state["team"][:2] == ["patriots", "redcoats"]


def test_team_rule_3_majority_and_turncoat_choice() -> None:
    state = build(6, [[PL, P, P], [RL, R, R], [P, P, R], [P, R, T], [T, T, R], [R, R, P]], at="setup")
    assert [len(GAME.legal(state, s)) for s in range(6)] == [1, 1, 1, 2, 2, 1]
    state = confirm_all(state, s3="redcoats", s4="patriots")
    assert state["team"] == ["patriots", "redcoats", "patriots", "redcoats", "patriots", "redcoats"]
    assert state["choice"][3] == "redcoats" and state["choice"][2] is None


def test_timed_out_turncoat_choice_counts_blue() -> None:
    state = build(4, [[PL, P, P], [RL, R, R], [P, R, T], [R, R, P]], at="setup")
    assert GAME.default_action(state, 2) == {"type": "confirm", "team": "patriots"}


def test_confirmation_refuses_a_team_that_is_not_a_choice() -> None:
    state = build(4, [[PL, P, P], [RL, R, R], [P, R, T], [R, R, P]], at="setup")
    with pytest.raises(IllegalAction):
        act(state, 0, {"type": "confirm", "team": "redcoats"})


def test_options_defaults_and_bounds() -> None:
    options = GAME.parse_options(None)
    assert options.model_dump() == {"window_mode": "quick", "response_window_s": 5, "assassination_window_s": 20}
    assert GAME.parse_options({"window_mode": "fixed", "response_window_s": 0, "assassination_window_s": 120})
    for bad in ({"window_mode": "slow"}, {"response_window_s": -1}, {"assassination_window_s": 121}):
        with pytest.raises(ValidationError):
            GAME.parse_options(bad)
