"""Rulings 19-23 of the edition (the first rules audit), played through the engine from constructed states."""

from __future__ import annotations

import pytest

from games import rng
from games.protocol import IllegalAction
from games.red_scare_redux import GAME
from games.red_scare_redux.setup import build_cards
from tests.games.red_scare_redux.scenario import act, legal, make, pass_window


def pair_classes(state: dict, seat: int) -> set[str]:
    return {a["as"] for a in legal(state, seat) if "pair" in a}


# ----------------------------------------------------------------------------- ruling 19: pairs for a missing class


def test_no_pair_for_a_class_whose_agent_the_player_holds() -> None:
    state = make(2, hands={0: ["Cryptographer", "Assassin", "Saboteur"]},
                 partials=[(0, "Crack the Cipher", ["Intel 3"])])
    assert {"type": "add", "partial": "p1", "card": "Cryptographer"} in legal(state, 0)
    assert pair_classes(state, 0) == set()
    with pytest.raises(IllegalAction):
        act(state, 0, {"type": "add_pair", "partial": "p1", "pair": ["Assassin", "Saboteur"], "as": "C"})


def test_a_pair_stands_in_once_the_class_is_missing_and_never_contains_it() -> None:
    state = make(2, hands={0: ["Cryptographer", "Assassin", "Saboteur"]},
                 partials=[(0, "Crack the Cipher", ["Intel 3"]), (0, "Exfiltrate the Scientist", [])])
    # Exfiltrate the Scientist asks for E and C: a pair as E (none held), never as C (one held).
    pairs = [a for a in legal(state, 0) if a["type"] == "add_pair"]
    assert {a["as"] for a in pairs} == {"E"}
    assert {tuple(a["pair"]) for a in pairs} == {("Assassin", "Cryptographer"), ("Assassin", "Saboteur"),
                                                 ("Cryptographer", "Saboteur")}
    state = act(state, 0, {"type": "add", "partial": "p1", "card": "Cryptographer"})
    assert pair_classes(state, 0) == {"C", "E"}  # the Cryptographer is gone from the hand
    state = act(state, 0, {"type": "add_pair", "partial": "p2", "pair": ["Assassin", "Saboteur"], "as": "C"})
    assert [p["as"] for p in state["partials"][1]["placed"]] == ["C"]


def test_begin_and_place_offer_a_pair_only_for_a_missing_class() -> None:
    state = make(2, hands={0: ["Steal the Nuclear Codes", "Assassin", "Saboteur", "Extractor", "Intel 3"]})
    begins = [a for a in legal(state, 0) if a["type"] == "begin" and "pair" in a]
    assert {a["as"] for a in begins} == {"C", "I"}  # an Assassin is held: no pair as A
    assert not any("Assassin" in a["pair"] and a["as"] == "A" for a in begins)
    state = act(state, 0, {"type": "begin", "objective": "Steal the Nuclear Codes", "card": "Intel 3"})
    assert pair_classes(state, 0) == {"C", "I"}
    state = act(state, 0, {"type": "place", "card": "Assassin"})
    assert pair_classes(state, 0) == {"C", "I"}  # the A slot is filled; C and I still lack their Agents
    state = act(state, 0, {"type": "place_pair", "pair": ["Extractor", "Saboteur"], "as": "C"})
    assert pair_classes(state, 0) == set()  # no two Agents left


def test_a_double_agent_in_hand_is_no_agent_of_a_class() -> None:
    # Invented ruling (README): a Double Agent takes its class only when played, so holding one does not bar a pair.
    state = make(2, hands={0: ["Double Agent", "Assassin", "Saboteur"]},
                 partials=[(0, "Crack the Cipher", ["Intel 3"])])
    assert pair_classes(state, 0) == {"C"}


# ----------------------------------------------------------------------------- ruling 20: round-robin deal


def shuffled_decks(players: int, seed: int) -> tuple[dict[str, list[int]], list[dict]]:
    source = {"rng": seed}
    rng.randbelow(source, players)  # the first seat
    cards, decks = build_cards()
    for pile in (decks["objective"], decks["omega"], decks["delta"]):
        rng.shuffle(source, pile)
    return {k: list(v) for k, v in decks.items()}, cards


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_deal_is_round_robin_from_the_first_seat(players: int) -> None:
    for seed in range(3):
        state = GAME.new_state(players, None, seed)
        decks, _ = shuffled_decks(players, seed)
        turn = list(dict.fromkeys(state["order"]))
        for k, seat in enumerate(turn):
            expected = [decks["objective"][k], decks["omega"][k], decks["omega"][players + k],
                        decks["delta"][k], decks["delta"][players + k]]
            assert sorted(state["hands"][seat]) == sorted(expected), (seed, seat)


def test_the_three_v_two_deal_is_round_robin_with_alternating_decks() -> None:
    for seed in range(3):
        state = GAME.new_state(5, None, seed)
        decks, _ = shuffled_decks(5, seed)
        a1, b1, a2, b2, a3 = dict.fromkeys(state["order"])
        obj, om, de = decks["objective"], decks["omega"], decks["delta"]
        # Objectives: a round to everyone, then B1's second. Resources: rounds of Ω, Δ, Ω (all), Δ (B1, B2), Ω (B2).
        expected = {a1: [obj[0], om[0], de[0], om[5]], b1: [obj[1], obj[5], om[1], de[1], om[6], de[5]],
                    a2: [obj[2], om[2], de[2], om[7]], b2: [obj[3], om[3], de[3], om[8], de[6], om[10]],
                    a3: [obj[4], om[4], de[4], om[9]]}
        for seat, cards in expected.items():
            assert sorted(state["hands"][seat]) == sorted(cards), (seed, seat)


# ----------------------------------------------------------------------------- ruling 21: STEAL timeout tie-break


def steal_step(hands: dict[int, list[str]]) -> dict:
    """1v1v1 from seat 0 (turn order 0, 1, 2): seat 1 completes Eliminate the Mole (STEAL) on their turn."""
    state = make(3, hands={1: ["Weapons 2"], **hands}, first=0,
                 partials=[(1, "Eliminate the Mole", ["Assassin", "Intel 3"])])
    state = act(state, 0, {"type": "end_turn"})
    state = pass_window(act(state, 1, {"type": "add", "partial": "p1", "card": "Weapons 2"}))
    assert state["order"] == [0, 1, 2] and state["step"] == {"kind": "steal", "seat": 1}
    return state


def test_the_steal_timeout_tie_break_counts_from_the_current_player() -> None:
    state = steal_step({0: ["Funds 1"], 2: ["Funds 2"]})
    # Equal hands: counting from seat 1, seat 2 plays before seat 0 (the first seat).
    assert GAME.default_action(state, 1) == {"type": "steal", "victim": 2}


def test_the_steal_timeout_still_prefers_the_fullest_hand() -> None:
    state = steal_step({0: ["Funds 1", "Funds 2"], 2: ["Funds 3"]})
    assert GAME.default_action(state, 1) == {"type": "steal", "victim": 0}


# ----------------------------------------------------------------------------- ruling 22: no-progress end


def end_turns(state: dict, count: int) -> dict:
    for _ in range(count):
        state = act(state, state["order"][state["turn_index"]], {"type": "end_turn"})
    return state


@pytest.mark.parametrize("players,options", [(2, None), (3, None), (4, None), (5, None), (6, None),
                                             (6, {"layout_6": "2v2v2"})])
def test_no_progress_ends_after_two_turns_per_player_in_every_layout(players: int, options: dict | None) -> None:
    state = end_turns(make(players, only=True, options=options), 2 * players - 1)
    assert GAME.result(state) is None
    state = end_turns(state, 1)
    assert GAME.result(state)["reason"] == "no_progress"


def test_a_completing_objective_is_progress() -> None:
    # 3v2 from seat 0: teams [0, 2, 4] and [1, 3]; the 10th turn of the cycle is seat 1's.
    state = make(5, hands={1: ["Dead Letter Box", "Assassin", "Intel 2"]}, only=True)
    state = end_turns(state, 9)
    assert state["quiet_turns"] == 9 and state["order"][state["turn_index"]] == 1
    state = act(state, 1, {"type": "begin", "objective": "Dead Letter Box", "card": "Assassin"})
    state = act(state, 1, {"type": "place", "card": "Intel 2"})
    state = pass_window(state)  # DRAW1 with both decks empty: nothing to draw
    assert state["completed"][1]
    state = act(state, 1, {"type": "end_turn"})
    assert GAME.result(state) is None and state["quiet_turns"] == 0


# ----------------------------------------------------------------------------- ruling 23: Interrogation chooses


def test_the_interrogator_chooses_the_card() -> None:
    state = make(2, hands={0: ["Interrogation"], 1: ["Funds 1", "Funds 2", "Funds 3", "Assassin"]})
    state = pass_window(act(state, 0, {"type": "black_ops", "card": "Interrogation", "victim": 1}))
    assert sorted(a["card"] for a in legal(state, 0)) == ["Assassin", "Funds 1", "Funds 2", "Funds 3"]
    rng_before = state["rng"]
    state = act(state, 0, {"type": "pick", "card": "Funds 2"})
    assert sorted(state["cards"][c]["name"] for c in state["hands"][1]) == ["Assassin", "Funds 1", "Funds 3"]
    assert state["rng"] == rng_before  # nothing random about it
