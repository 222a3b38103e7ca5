"""Every layout's teams, deal, hand limits and turn order."""

from __future__ import annotations

import pytest

from games.red_scare_redux import GAME, data
from games.red_scare_redux.options import Options
from games.red_scare_redux.setup import team_order, turn_cycle


def backs(state: dict, seat: int) -> dict[str, int]:
    out = {"objective": 0, "omega": 0, "delta": 0}
    for copy in state["hands"][seat]:
        out[state["cards"][copy]["back"]] += 1
    return out


@pytest.mark.parametrize("players,options,layout,sizes", [
    (2, None, "1v1", [1, 1]), (3, None, "1v1v1", [1, 1, 1]), (4, None, "2v2", [2, 2]),
    (6, None, "3v3", [3, 3]), (6, {"layout_6": "2v2v2"}, "2v2v2", [2, 2, 2]),
])
def test_standard_deal(players: int, options: dict | None, layout: str, sizes: list[int]) -> None:
    for seed in range(5):
        state = GAME.new_state(players, options, seed)
        assert state["layout"] == layout
        assert [len(team) for team in state["teams"]] == sizes
        for seat in range(players):
            assert backs(state, seat) == {"objective": 1, "omega": 2, "delta": 2}
            assert state["hand_limits"][seat] == 7
        dealt = players
        assert len(state["decks"]["objective"]) == 24 - dealt
        assert len(state["decks"]["omega"]) == data.OMEGA_SIZE - 2 * dealt
        assert len(state["decks"]["delta"]) == data.DELTA_SIZE - 2 * dealt
        # Seats alternate teams by default, so the cycle is plain clockwise order from the first seat.
        first = state["order"][0]
        assert state["order"] == [(first + k) % players for k in range(players)]


def test_three_v_two_deal_limits_and_rotation() -> None:
    for seed in range(6):
        state = GAME.new_state(5, None, seed)
        three, two = sorted(state["teams"], key=len, reverse=True)
        assert len(three) == 3 and len(two) == 2
        for seat in three:
            assert state["hand_limits"][seat] == 6
            assert backs(state, seat) == {"objective": 1, "omega": 2, "delta": 1}  # Ω Δ Ω
        assert state["hand_limits"][two[0]] == state["hand_limits"][two[1]] == 9
        assert backs(state, two[0]) == {"objective": 2, "omega": 2, "delta": 2}  # Ω Δ Ω Δ
        assert backs(state, two[1]) == {"objective": 1, "omega": 3, "delta": 2}  # Ω Δ Ω Δ Ω
        a, b = state["teams"]
        order = state["order"]
        assert len(order) == 12
        assert order[0::2] == [a[k % len(a)] for k in range(6)]
        assert order[1::2] == [b[k % len(b)] for k in range(6)]
        assert sum(len(h) for h in state["hands"]) + sum(len(d) for d in state["decks"].values()) == 24 + 54 + 60


def test_turn_cycle_examples() -> None:
    assert turn_cycle([[0, 2, 4], [1, 3]]) == [0, 1, 2, 3, 4, 1, 0, 3, 2, 1, 4, 3]
    assert turn_cycle([[0, 3], [1, 4], [2, 5]]) == [0, 1, 2, 3, 4, 5]
    assert turn_cycle([[0, 2, 4], [1, 3, 5]]) == [0, 1, 2, 3, 4, 5]


def test_teams_option_orders_by_first_appearance_from_the_first_seat() -> None:
    # Host teams: seats 0,1 / 2,3; first seat 1: team of seat 1 first, then seats 2,3; seat 0 is player 2.
    assert team_order([0, 0, 1, 1], 1) == [[1, 0], [2, 3]]
    assert turn_cycle(team_order([0, 0, 1, 1], 1)) == [1, 2, 0, 3]
    state = GAME.new_state(4, {"teams": [0, 0, 1, 1]}, 3)
    assert sorted(map(sorted, state["teams"])) == [[0, 1], [2, 3]]


def test_bad_teams_option_is_refused() -> None:
    with pytest.raises(ValueError):
        GAME.new_state(4, {"teams": [0, 0, 0, 1]}, 1)
    with pytest.raises(ValueError):
        GAME.new_state(5, {"teams": [0, 1, 2, 0, 1]}, 1)


def test_options_layout_6_ignored_below_six() -> None:
    assert GAME.new_state(4, {"layout_6": "2v2v2"}, 1)["layout"] == "2v2"
    assert Options().layout_6 == "3v3"
