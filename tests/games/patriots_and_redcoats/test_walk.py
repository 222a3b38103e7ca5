"""The round and the turn walk (rulebook: How to Play, Reverse, Skip Next Turn; edition: Turn walk)."""

from __future__ import annotations

from games.patriots_and_redcoats import GAME
from games.protocol import State
from tests.games.patriots_and_redcoats.scenario import (
    PL,
    PS,
    RL,
    P,
    R,
    T,
    act,
    build,
    close_windows,
    public_log,
    vote,
)


def walk(state: State, limit: int = 30) -> tuple[State, list[int]]:
    """Play Spycraft turns by discarding each drawn Spy card (Skip and Reverse resolve by themselves) until the
    Council Phase; return the seats that took turns, in order."""
    seats = []
    for _ in range(limit):
        if state["phase"] != "spycraft":
            break
        frame = state["stack"][-1]
        assert frame["kind"] == "spy", frame
        seats.append(frame["drawer"])
        state = act(state, frame["drawer"], {"type": "spy", "to": None})
    return state, seats


def drawers(state: State) -> list[int]:
    return [int(text[2:text.index("}")]) for text in public_log(state) if " draws " in text and "War" not in text]


def test_commander_first_then_clockwise_until_the_turn_returns_to_the_commander() -> None:
    state, seats = walk(build(5, commander=2))
    assert seats == [2, 3, 4, 0, 1]
    assert state["phase"] == "council" and GAME.required(state) == [2]


def test_reverse_gives_second_turns_and_cuts_the_phase() -> None:
    state = build(5, spycraft=[("spy", 1), ("spy", 1), "reverse"])
    state, _ = walk(state)
    assert drawers(state) == [0, 1, 2, 1]  # seat 1 plays twice; seats 3 and 4 get no turn this phase
    assert [r["seat"] for r in state["reverse"]] == [2]  # set aside in front of its drawer until the round ends
    assert GAME.view(state, None)["direction"] == "counter-clockwise"


def test_reverse_by_the_commander_runs_the_whole_circle_the_other_way() -> None:
    state, _ = walk(build(5, spycraft=["reverse"]))
    assert drawers(state) == [0, 4, 3, 2, 1]


def test_two_reverses_restore_the_direction() -> None:
    state, _ = walk(build(5, spycraft=[("spy", 1), ("spy", 1), "reverse", "reverse"]))
    assert drawers(state) == [0, 1, 2, 1, 2, 3, 4]  # 1 and 2 play twice; the anchor ends the phase when reached


def test_skip_next_turn_skips_the_next_player() -> None:
    state, _ = walk(build(5, spycraft=["skip"]))
    assert drawers(state) == [0, 2, 3, 4]
    assert "{s1}'s turn is skipped." in public_log(state)


def test_skip_can_skip_the_commander_and_the_phase_goes_on() -> None:
    state, _ = walk(build(4, spycraft=[("spy", 1), ("spy", 1), ("spy", 1), "skip"]))
    assert drawers(state) == [0, 1, 2, 3, 1, 2, 3]


def test_skip_then_reverse_counts_pending_skips_in_the_new_direction() -> None:
    state = build(5, spycraft=["skip", "reverse"])
    state, _ = walk(state)
    # 0 skips; 1 is skipped; 2 reverses: play runs back to 1 and then the anchor ends the phase.
    assert drawers(state) == [0, 2, 1]


def test_eliminated_players_take_no_turn() -> None:
    hands = [[P, P, R], [RL, R, R], [P, R, T], [PL, P, P], [R, R, P]]
    state, seats = walk(build(5, hands, dead=[2]))
    assert seats == [0, 1, 3, 4]


def test_dead_commander_walks_on_from_the_anchor() -> None:
    hands = [[P, P, R], [RL, R, R], [P, R, T], [PL, P, P], [R, R, P]]
    # Seat 0 died during the setup confirmation: the card passed to seat 1 and the anchor stayed on seat 0.
    state, seats = walk(build(5, hands, dead=[0], commander=1, anchor=0))
    assert seats == [1, 2, 3, 4]
    assert GAME.required(state) == [1]


def test_commander_eliminated_in_the_spycraft_phase_passes_the_card_at_once() -> None:
    hands = [[P, P, R], [PS, R, R], [P, R, T], [PL, P, P], [RL, R, P]]
    state = build(5, hands)
    state = act(state, 0, {"type": "spy", "to": None})  # seat 0 (Commander) took the first turn
    state = act(state, 1, {"type": "assassinate", "target": 0, "turncoat": False})
    state = close_windows(state)
    assert not state["alive"][0] and not state["alive"][1]
    assert state["commander"] == 2 and state["walk"]["anchor"] == 0
    state, seats = walk(state)
    assert seats == [2, 3, 4]  # seat 1 died on its turn: the walk goes on from its seat; the anchor still ends it
    assert GAME.required(state) == [2]  # the new Commander nominates


def test_round_end_passes_the_commander_and_discards_reverse() -> None:
    state, _ = walk(build(5, spycraft=[("spy", 1), ("spy", 1), "reverse"]))
    state = act(state, 0, {"type": "nominate", "agent": 1})
    state = vote(state, yes=[])
    assert state["round"] == 2 and state["commander"] == 1
    assert state["reverse"] == [] and state["walk"] == {"anchor": 1, "dir": 1, "skips": 0, "last": None}
    assert state["stack"][-1] == {"kind": "spy", "card": state["stack"][-1]["card"], "drawer": 1, "step": "announce"}
