"""The ``basic`` bot: its choice in built situations, legality and determinism in play, and that it beats ``random``."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from games.protocol import State, apply_checked
from games.red_scare_redux import GAME
from tests.games.red_scare_redux.scenario import act, legal, make
from tests.support.registry import play_random

Action = dict[str, Any]


def ask(state: State, seat: int, name: str = "basic") -> Action | None:
    action = GAME.bots[name](GAME.view(state, seat), legal(state, seat), random.Random(0))
    assert action is None or action in legal(state, seat)
    return action


def give_points(state: State, team: int, objective: str) -> None:
    """Put an Objective from the Objective deck in a team's completed pile (its points count at once)."""
    copy = next(c for c in state["decks"]["objective"] if state["cards"][c]["name"] == objective)
    state["decks"]["objective"].remove(copy)
    state["completions"] += 1
    state["completed"][team].append({"objective": copy, "placed": [], "order": state["completions"]})


def test_it_completes_its_teams_partial_with_the_smallest_card_that_does() -> None:
    state = make(4, hands={0: ["Dead Letter Box", "Gear 1", "Gear 3", "Intel 1"]}, first=0,
                 partials=[(0, "Bug the Embassy", ["Infiltrator", "Gear 2"])])
    assert ask(state, 0) == {"type": "add", "partial": "p1", "card": "Gear 1"}
    state = act(state, 0, {"type": "add", "partial": "p1", "card": "Gear 1"})
    assert state["partials"] == [] and GAME.view(state, 0)["scores"] == [2, 0]


def test_it_plays_a_complete_objective_from_its_hand() -> None:
    state = make(4, hands={0: ["Tap the Hotline", "Gear 1", "Gear 2", "Intel 1", "Cryptographer", "Weapons 1"]},
                 first=0)
    action = ask(state, 0)
    assert action is not None and action["type"] == "begin" and action["objective"] == "Tap the Hotline"
    state = act(state, 0, action)
    while state["step"] is not None and state["step"]["kind"] == "place":
        state = act(state, 0, ask(state, 0) or {})
    view = GAME.view(state, 0)
    assert view["scores"] == [2, 0]
    assert view["hands"][0] == ["Gear 1", "Weapons 1"]  # Gear 2 alone covers Gear 2: no card wasted
    assert state["window"] is not None and state["window"]["kind"] == "tip_off"  # DRAW1, behind its window


def test_it_gives_a_teammate_the_card_the_objective_in_their_hand_lacks() -> None:
    state = make(4, hands={0: ["Gear 2", "Weapons 1"], 2: ["Bug the Embassy", "Infiltrator", "Gear 1"]}, first=0)
    assert ask(state, 0) == {"type": "give", "card": "Gear 2", "to": 2}


def test_it_takes_the_card_that_completes_its_teams_partial_then_adds_it() -> None:
    state = make(4, hands={0: ["Weapons 1"], 2: ["Gear 1", "Transport 2"]}, first=0,
                 partials=[(0, "Bug the Embassy", ["Infiltrator", "Gear 2"])])
    assert ask(state, 0) == {"type": "take", "card": "Gear 1", "from": 2}
    state = act(state, 0, {"type": "take", "card": "Gear 1", "from": 2})
    assert ask(state, 0) == {"type": "add", "partial": "p1", "card": "Gear 1"}


def test_black_ops_go_at_the_leading_opponent_team() -> None:
    # 2v2v2: teams [0, 3], [1, 4], [2, 5]; team 2 leads on points, team 1's partial is further along.
    hands = {0: ["Dead Letter Box", "Burn Notice", "Interrogation"], 1: ["Funds 1", "Funds 2"], 2: ["Gear 1", "Gear 2"]}
    state = make(6, hands=hands, first=0, options={"layout_6": "2v2v2"},
                 partials=[(1, "Crack the Cipher", ["Cryptographer", "Intel 3"]),
                           (2, "Eliminate the Mole", ["Assassin", "Intel 3"])])
    assert state["teams"] == [[0, 3], [1, 4], [2, 5]]
    give_points(state, 2, "Bribe an Official")
    assert ask(state, 0) == {"type": "black_ops", "card": "Burn Notice", "partial": "p2"}
    state["partials"] = []  # without partials Interrogation goes at a hand of the leading team
    assert ask(state, 0) == {"type": "black_ops", "card": "Interrogation", "victim": 2}


def test_sabotage_hits_the_agent_in_the_class_slot_of_the_most_advanced_partial() -> None:
    state = make(4, hands={0: ["Sabotage"]}, first=0,
                 partials=[(1, "Dead Letter Box", ["Assassin"]),
                           (1, "Eliminate the Mole", ["Intel 1", "Assassin", "Intel 2", "Weapons 1"])])
    assert ask(state, 0) == {"type": "black_ops", "card": "Sabotage", "partial": "p2", "at": 1, "member": None}


def test_it_counters_a_burn_notice_on_its_teams_partial() -> None:
    # Seat 1 moves first: its team [1, 3] is team 0; seat 0 is in team 1.
    state = make(4, hands={1: ["Burn Notice"], 0: ["Counterintelligence", "Funds 1"]}, first=1,
                 partials=[(1, "Crack the Cipher", ["Cryptographer", "Intel 1"])])
    state = act(state, 1, {"type": "black_ops", "card": "Burn Notice", "partial": "p1"})
    assert ask(state, 0) == {"type": "counter"}
    state = act(state, 0, {"type": "counter"})
    assert [p["id"] for p in state["partials"]] == ["p1"]


def test_it_lets_a_harmless_black_op_through() -> None:
    state = make(4, hands={1: ["Requisition"], 0: ["Counterintelligence"]}, first=1)
    state = act(state, 1, {"type": "black_ops", "card": "Requisition"})
    assert ask(state, 0) == {"type": "continue"}
    fixed = make(4, hands={1: ["Requisition"], 0: ["Counterintelligence"]}, first=1,
                 options={"window_mode": "fixed"})
    fixed = act(fixed, 1, {"type": "black_ops", "card": "Requisition"})
    assert ask(fixed, 0) is None  # fixed windows: it lets the deadline pass


def test_it_tips_off_a_valuable_bonus_but_not_a_single_draw() -> None:
    extra = make(4, hands={1: ["Assassin"], 0: ["Tip-Off"]}, first=1,
                 partials=[(0, "Poison the General", ["Gear 2", "Funds 1"])])
    extra = act(extra, 1, {"type": "add", "partial": "p1", "card": "Assassin"})
    assert extra["window"]["bonus"] == "EXTRA1" and ask(extra, 0) == {"type": "tip_off"}
    single = make(4, hands={1: ["Infiltrator"], 0: ["Tip-Off"]}, first=1,
                  partials=[(0, "Bug the Embassy", ["Gear 3"])])
    single = act(single, 1, {"type": "add", "partial": "p1", "card": "Infiltrator"})
    assert single["window"]["bonus"] == "DRAW1" and ask(single, 0) == {"type": "continue"}


def test_at_the_hand_limit_it_discards_a_supply_nobody_on_its_team_needs() -> None:
    hand = ["Bug the Embassy", "Funds 1", "Gear 1", "Gear 2", "Infiltrator", "Counterintelligence", "Sabotage",
            "Weapons 3"]
    state = make(4, hands={0: hand}, first=0)
    state = act(state, 0, {"type": "end_turn"})
    assert state["step"]["kind"] == "discard"
    assert ask(state, 0) == {"type": "discard", "card": "Funds 1"}


def test_it_draws_from_the_deck_its_team_needs() -> None:
    agents = make(4, hands={0: ["Funds 1"]}, first=0, partials=[(0, "Bug the Embassy", ["Gear 3"])])
    assert ask(agents, 0) == {"type": "draw", "deck": "delta"}  # an Infiltrator is a Delta card
    intel = make(4, hands={0: ["Weapons 2"]}, first=0, partials=[(0, "Crack the Cipher", ["Cryptographer"])])
    assert ask(intel, 0) == {"type": "draw", "deck": "omega"}  # Intel is an Omega card


def test_begin_offers_no_double_agent() -> None:
    # An engine fix found by the bot: a Double Agent went on the table classless as the first card of a beginning.
    state = make(4, hands={0: ["Dead Letter Box", "Double Agent"]}, first=0)
    assert not [a for a in legal(state, 0) if a["type"] == "begin"]


@pytest.mark.parametrize(("players", "options"), [(2, None), (3, None), (4, None), (5, None),
                                                  (6, {"layout_6": "2v2v2"}), (4, {"window_mode": "fixed"})])
def test_basic_plays_only_legal_actions_to_the_end(players: int, options: dict[str, Any] | None) -> None:
    for seed in range(2):
        states, _ = play_random(GAME, players, seed, random.Random(seed), options=options, bot="basic")
        assert GAME.result(states[-1]) is not None


def test_basic_is_deterministic_and_fast() -> None:
    states, _ = play_random(GAME, 4, 3, random.Random(3), options=None, bot="random")
    start = time.perf_counter()
    asked = 0
    for state in states[::5]:
        for seat in GAME.waiting_on(state):
            view, options = GAME.view(state, seat), legal(state, seat)
            first = GAME.bots["basic"](view, options, random.Random(1))
            assert first == GAME.bots["basic"](view, options, random.Random(2))
            asked += 1
    assert asked and (time.perf_counter() - start) / asked < 0.05


def play(seed: int, basic_parity: int) -> dict[str, Any]:
    """A 2v2 game: the team of seats with this parity plays ``basic``, the other ``random``."""
    state = GAME.new_state(4, None, seed)
    rand = random.Random(seed)
    while (result := GAME.result(state)) is None:
        seat = GAME.required(state)[0]
        name = "basic" if seat % 2 == basic_parity else "random"
        action = GAME.bots[name](GAME.view(state, seat), GAME.legal(state, seat), rand)
        state = apply_checked(GAME, state, seat, action if action is not None else GAME.default_action(state, seat))
    return result


def test_a_basic_team_beats_a_random_team_in_most_games() -> None:
    games = 8
    wins = 0
    for seed in range(games):
        parity = seed % 2
        winners = play(seed, parity)["winners"]
        wins += len(winners) == 2 and winners[0] % 2 == parity
    assert wins >= 6, f"basic won {wins} of {games}"
