"""Who and what each Black Ops card may target (edition: Targets, ruling 8), read from the legal list of a table
built with every kind of target: 2v2v2, so there are teammates and two opponent teams."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.protocol import IllegalAction
from tests.games.red_scare_redux.scenario import act, legal, make

BLACK_OPS = ["Burn Notice", "Sabotage", "Defector", "Pickpocket", "Interrogation", "Requisition", "Double Agent",
             "Forged Papers", "Counterintelligence", "Tip-Off"]


def table(**extra: Any) -> dict:
    """First seat 0: teams [0, 3], [1, 4], [2, 5]. Seat 0 holds one of each Black Ops card."""
    hands = {0: BLACK_OPS, 3: ["Funds 1"], 1: ["Gear 1"], 4: [], 2: ["Funds 2"], 5: ["Intel 1"]}
    partials = [
        (0, "Crack the Cipher", ["Intel 3"]),  # p1, seat 0's own team
        (1, "Steal the Nuclear Codes", ["Cryptographer", (["Assassin", "Saboteur"], "I"), ("Double Agent", "A"),
                                        "Intel 2", ("Forged Papers", "Gear")]),  # p2
        (2, "Border Run", []),  # p3: bare, it stays on the table
        (2, "Bribe an Official", ["Funds 3"]),  # p4
    ]
    return make(6, hands=hands, partials=partials, first=0, options={"layout_6": "2v2v2"}, **extra)


def offered(state: dict, card: str) -> list[str]:
    entries = [a for a in legal(state, 0) if a["type"] == "black_ops" and a["card"] == card]
    return sorted(json.dumps({k: v for k, v in a.items() if k not in ("type", "card")}, sort_keys=True)
                  for a in entries)


def targets(*entries: dict) -> list[str]:
    return sorted(json.dumps(e, sort_keys=True) for e in entries)


def test_the_table() -> None:
    state = table()
    assert state["teams"] == [[0, 3], [1, 4], [2, 5]]


def test_burn_notice_any_opponent_teams_partial_even_a_bare_one() -> None:
    assert offered(table(), "Burn Notice") == targets({"partial": "p2"}, {"partial": "p3"}, {"partial": "p4"})


def test_sabotage_any_card_on_an_opponent_partial_and_either_pair_member() -> None:
    assert offered(table(), "Sabotage") == targets(
        {"partial": "p2", "at": 0, "member": None}, {"partial": "p2", "at": 1, "member": 0},
        {"partial": "p2", "at": 1, "member": 1}, {"partial": "p2", "at": 2, "member": None},
        {"partial": "p2", "at": 3, "member": None}, {"partial": "p2", "at": 4, "member": None},
        {"partial": "p4", "at": 0, "member": None})


def test_defector_only_agents_pairs_and_double_agents_on_opponent_partials() -> None:
    assert offered(table(), "Defector") == targets(
        {"partial": "p2", "at": 0, "member": None}, {"partial": "p2", "at": 1, "member": 0},
        {"partial": "p2", "at": 1, "member": 1}, {"partial": "p2", "at": 2, "member": None})


@pytest.mark.parametrize("card", ["Pickpocket", "Interrogation"])
def test_pickpocket_and_interrogation_any_opponent_holding_a_card(card: str) -> None:
    # Not seat 0 itself, not teammate 3, not seat 4 (an opponent with an empty hand).
    assert offered(table(), card) == targets({"victim": 1}, {"victim": 2}, {"victim": 5})


def test_requisition_needs_no_target_but_a_resource_card_left() -> None:
    assert offered(table(), "Requisition") == targets({})
    assert offered(table(only=True), "Requisition") == []


def test_double_agent_and_forged_papers_only_on_the_own_teams_partial_where_they_help() -> None:
    state = table()
    assert offered(state, "Double Agent") == targets({"partial": "p1", "as": "C"})
    assert offered(state, "Forged Papers") == targets({"partial": "p1", "as": "Intel"})


def test_instants_are_never_a_main_action() -> None:
    state = table()
    assert offered(state, "Counterintelligence") == [] and offered(state, "Tip-Off") == []


def test_no_target_no_card() -> None:
    # Only seat 0's team has a partial, and it is complete in Agents and nearly in Intel; opponents hold nothing.
    state = make(4, hands={0: BLACK_OPS}, partials=[(0, "Crack the Cipher", ["Cryptographer", "Intel 3"])],
                 first=0)
    cards = {a["card"] for a in legal(state, 0) if a["type"] == "black_ops"}
    assert cards == {"Requisition", "Forged Papers"}
    assert offered(state, "Forged Papers") == targets({"partial": "p1", "as": "Intel"})


@pytest.mark.parametrize("action", [
    {"type": "black_ops", "card": "Burn Notice", "partial": "p1"},  # the own team's
    {"type": "black_ops", "card": "Defector", "partial": "p2", "at": 3, "member": None},  # a Supply
    {"type": "black_ops", "card": "Sabotage", "partial": "p2", "at": 1, "member": None},  # a pair needs a member
    {"type": "black_ops", "card": "Pickpocket", "victim": 3},  # a teammate
    {"type": "black_ops", "card": "Interrogation", "victim": 4},  # an empty hand
    {"type": "black_ops", "card": "Double Agent", "partial": "p2", "as": "C"},  # an opponent's partial
    {"type": "black_ops", "card": "Counterintelligence"},
])
def test_other_targets_are_refused(action: dict) -> None:
    state = table()
    with pytest.raises(IllegalAction) as refused:
        act(state, 0, action)
    assert refused.value.code == "not_legal_now"
