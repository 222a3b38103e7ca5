"""Assassination, Turncoats and response windows (rulebook: Assassination, Turncoats; edition: Assassination and
response windows, Elimination)."""

from __future__ import annotations

import pytest

from games.patriots_and_redcoats import GAME
from games.protocol import IllegalAction, Window
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
    close_windows,
    confirm_all,
    conserved,
    hand,
    public_log,
    vote,
)

# Seat 2 is a Patriot Spy, seat 3 the Redcoat Spy; the Leaders sit at seats 0 and 1.
SPIES = [[PL, P, P], [RL, R, R], [PS, P, R], [RS, R, T], [P, R, T], [P, P, R], [R, R, P]]


def declare(state: dict, seat: int, target: int, turncoat: bool = False) -> dict:
    return act(state, seat, {"type": "assassinate", "target": target, "turncoat": turncoat})


def test_only_a_spy_may_assassinate_and_play_does_not_wait_for_it() -> None:
    state = build(7, SPIES)
    assert GAME.required(state) == [0]
    spy_options = [a for a in GAME.legal(state, 2) if a["type"] == "assassinate"]
    assert sorted({a["target"] for a in spy_options}) == [0, 1, 3, 4, 5, 6]  # any other living player
    assert {a["turncoat"] for a in spy_options} == {False}  # no Turncoat to reveal
    assert {a["turncoat"] for a in GAME.legal(state, 3) if a["type"] == "assassinate"} == {False, True}
    assert not [a for a in GAME.legal(state, 4) if a["type"] == "assassinate"]
    assert GAME.legal(state, 5) == []


def test_assassination_reveals_the_spy_opens_a_window_and_eliminates_both() -> None:
    state = declare(build(7, SPIES), 2, 5)
    assert state["hands"][2][0]["up"] and not any(e["up"] for e in state["hands"][5])
    assert GAME.window(state) == Window(key=f"pr-window-{state['serial']}", seconds=20)
    assert GAME.required(state) == [0, 1, 2, 3, 4, 5, 6]
    assert [a["type"] for a in GAME.legal(state, 0)] == ["continue"]  # other prompts wait
    state = close_windows(state)
    assert not state["alive"][2] and not state["alive"][5]
    assert not any(e["up"] for e in state["hands"][5])  # the assassinated player reveals nothing
    assert GAME.result(state) is None and state["stack"][-1]["drawer"] == 0


def test_a_face_up_spy_may_still_assassinate() -> None:
    state = build(7, SPIES, up={2: [0]})
    assert [a for a in GAME.legal(state, 2) if a["type"] == "assassinate"]


def test_a_spy_whose_assassination_is_pending_cannot_declare_another() -> None:
    state = declare(build(7, SPIES), 3, 5, turncoat=True)
    assert not [a for a in GAME.legal(state, 3) if a["type"] == "assassinate"]
    with pytest.raises(IllegalAction):
        declare(state, 3, 4)


def test_turncoat_saves_the_target() -> None:
    hands = [[PL, P, P], [RL, R, R], [PS, P, R], [RS, R, P], [P, R, T], [P, P, R], [R, R, P]]
    state = declare(build(7, hands), 2, 4)
    assert GAME.legal(state, 4) == [{"type": "continue"}, {"type": "turncoat"}]
    assert GAME.default_action(state, 4) == {"type": "turncoat"}  # one card stays face down afterwards
    state = close_windows(act(state, 4, {"type": "turncoat"}))
    assert state["alive"][4] and not state["alive"][2] and state["hands"][4][2]["up"]


def test_turncoat_saves_the_assassin() -> None:
    state = close_windows(declare(build(7, SPIES), 3, 5, turncoat=True))
    assert state["alive"][3] and not state["alive"][5]
    assert state["hands"][3][0]["up"] and state["hands"][3][2]["up"] and not state["hands"][3][1]["up"]


def test_a_turncoat_that_is_the_last_face_down_card_does_not_save() -> None:
    state = declare(build(7, SPIES, up={4: [0, 1]}), 2, 4)
    assert GAME.default_action(state, 4) == {"type": "continue"}  # revealing it would eliminate anyway
    state = act(state, 4, {"type": "turncoat"})
    assert not state["alive"][4]
    state = close_windows(state)
    assert "finds them already eliminated" in " ".join(public_log(state))


def test_assassinating_a_leader_reveals_it_and_that_team_loses() -> None:
    state = close_windows(declare(build(7, SPIES), 3, 0))
    result = GAME.result(state)
    assert result is not None and result["winning_team"] == "redcoats"
    assert state["hands"][0][0]["up"]


def test_a_spy_holding_a_leader_needs_a_turncoat_to_assassinate() -> None:
    hands = [[PL, PS, T], [RL, R, R], [P, P, R], [RS, R, T], [P, R, P], [P, P, R], [R, R, P]]
    state = build(7, hands)
    options = [a for a in GAME.legal(state, 0) if a["type"] == "assassinate"]
    assert options and all(a["turncoat"] for a in options)
    state = close_windows(declare(state, 0, 4, turncoat=True))
    assert state["alive"][0] and not state["alive"][4]


def test_the_declaration_revealing_the_last_card_eliminates_the_assassin_but_the_strike_stands() -> None:
    state = declare(build(7, SPIES, up={2: [1, 2]}), 2, 5)
    assert not state["alive"][2] and state["windows"]  # eliminated by the reveal itself (our ruling: it stands)
    state = close_windows(state)
    assert not state["alive"][5]


def test_counter_assassination_cancels_the_first_by_eliminating_its_assassin() -> None:
    state = declare(build(7, SPIES), 2, 5)
    first_key = GAME.window(state)
    state = declare(state, 3, 2)
    assert GAME.window(state) != first_key and len(state["windows"]) == 2
    state = close_windows(state)
    assert not state["alive"][2] and not state["alive"][3]
    assert state["alive"][5]  # the first assassination was cancelled
    assert "The assassination of {s5} is cancelled: {s2} was eliminated first." in public_log(state)


def test_window_beneath_reopens_with_a_fresh_key_after_the_top_one_closes() -> None:
    state = declare(build(7, SPIES), 2, 5)
    below = state["windows"][0]["serial"]
    state = declare(state, 3, 6, turncoat=True)
    for seat in range(7):
        state = act(state, seat, {"type": "continue"})
    assert len(state["windows"]) == 1 and state["windows"][0]["serial"] > below + 1
    assert GAME.required(state) == [0, 1, 2, 3, 4, 5]  # everyone living must continue again


def test_assassinating_the_agent_discards_the_placed_war_card_and_a_counter_restores_it() -> None:
    # Julia (seat 4) places the Redcoats' fourth victory. Karen (seat 2, Patriot Spy) strikes Julia; Jeff (seat 3,
    # the Redcoat Spy) strikes Karen, which cancels her strike: the Redcoats win after all.
    state = build(7, SPIES, at="council", war=["redcoats", "redcoats", "redcoats"], track={"redcoats": 3})
    state = vote(act(state, 0, {"type": "nominate", "agent": 4}), yes=[0, 1, 3, 4])
    state = act(act(state, 0, {"type": "discard", "card": 0}), 4, {"type": "place", "card": 0})
    karen = declare(state, 2, 4)
    alone = close_windows(karen)
    assert not alone["alive"][4] and len(alone["track"]["redcoats"]) == 3 and GAME.result(alone) is None
    assert alone["councils"][-1]["outcome"] == "discarded" and conserved(alone)
    jeff = close_windows(declare(karen, 3, 2, turncoat=True))
    result = GAME.result(jeff)
    assert result is not None and result["winning_team"] == "redcoats" and jeff["alive"][4]


def test_assassinating_the_commander_does_not_discard_the_placed_card() -> None:
    hands = [[P, P, R], [RL, R, R], [PS, P, R], [RS, R, T], [PL, R, P], [P, P, R], [R, R, P]]
    state = build(7, hands, at="council", war=["patriots", "patriots", "patriots"])
    state = vote(act(state, 0, {"type": "nominate", "agent": 4}), yes=[0, 1, 2, 4])
    state = act(act(state, 0, {"type": "discard", "card": 0}), 4, {"type": "place", "card": 0})
    state = close_windows(declare(state, 3, 0))
    assert len(state["track"]["patriots"]) == 1 and state["councils"][-1]["outcome"] == "placed"


def test_assassinating_the_announcer_of_a_spy_card_discards_it_without_effect() -> None:
    hands = [[P, P, R], [RL, R, R], [PS, P, R], [RS, R, T], [PL, R, P], [P, P, R], [R, R, P]]
    state = act(build(7, hands, spycraft=[("spy", 3)]), 0, {"type": "spy", "to": 4})
    state = close_windows(declare(state, 2, 0))
    assert state["eyes"][4] == [] and not any(e["up"] for e in state["hands"][4])
    assert "The drawn card (a 3-eye Spy card) is discarded without effect." in public_log(state)
    assert conserved(state) and state["stack"][-1]["drawer"] == 1


def test_eliminated_drawer_loses_the_rest_of_a_draw2() -> None:
    hands = [[P, P, R], [RL, R, R], [PS, P, R], [RS, R, T], [PL, R, P], [P, P, R], [R, R, P]]
    state = build(7, hands, spycraft=["draw2", ("spy", 1), ("conceal", 2)])
    state = act(state, 0, {"type": "order", "first": 0})
    state = close_windows(declare(state, 2, 0))
    assert not state["alive"][0] and state["stack"][-1]["drawer"] == 1  # the walk goes on from seat 0
    assert conserved(state)


def test_eliminated_winter_drawer_discards_both_war_cards_and_winter_goes_on() -> None:
    hands = [[P, P, R], [RL, R, R], [PS, P, R], [RS, R, T], [PL, R, P], [P, P, R], [R, R, P]]
    state = build(7, hands, spycraft=["winter"], track={"redcoats": 1})
    state = close_windows(declare(state, 2, 0))
    assert len(state["track"]["redcoats"]) == 1  # nothing removed
    assert state["stack"][-1]["step"] == "flip" and GAME.required(state) == [1, 3, 4, 5, 6]


def test_a_prompt_waits_under_a_window_and_keeps_choices_sent() -> None:
    state = act(build(7, SPIES, at="council"), 0, {"type": "nominate", "agent": 4})
    state = act(state, 1, {"type": "vote", "yes": True})
    state = declare(state, 3, 6, turncoat=True)
    assert [a["type"] for a in GAME.legal(state, 0)] == ["continue"]
    state = close_windows(state)
    assert GAME.required(state) == [0, 2, 3, 4, 5] and state["stack"][-1]["votes"][1] is True


def test_commander_eliminated_during_the_setup_confirmation_passes_the_card() -> None:
    hands = [[P, P, R], [RL, R, R], [PS, P, R], [RS, R, T], [PL, R, P], [P, P, R], [R, R, P]]
    state = build(7, hands, at="setup", commander=0)
    state = close_windows(declare(state, 3, 0, turncoat=True))
    assert state["commander"] == 1
    state = confirm_all(state)
    assert state["stack"][-1]["drawer"] == 1  # the walk starts at the dead anchor and moves on


def test_nobody_targets_themselves_or_the_dead() -> None:
    state = build(7, SPIES, dead=[6])
    targets = {a["target"] for a in GAME.legal(state, 2) if a["type"] == "assassinate"}
    assert 2 not in targets and 6 not in targets
    with pytest.raises(IllegalAction):
        declare(state, 2, 6)


def test_fixed_mode_and_zero_second_windows() -> None:
    fixed = declare(build(7, SPIES, options={"window_mode": "fixed", "assassination_window_s": 30}), 2, 5)
    assert GAME.window(fixed) == Window(key=f"pr-window-{fixed['serial']}", seconds=30, closes_itself=True)
    assert GAME.view(fixed, 4)["window"]["mode"] == "fixed"
    assert GAME.required(fixed) == []  # nobody owes anything: the window closes at its deadline
    untimed = declare(build(7, SPIES, options={"assassination_window_s": 0}), 2, 5)
    assert GAME.window(untimed) is None and GAME.required(untimed) == list(range(7))


def test_who_has_continued_is_not_shown() -> None:
    state = declare(build(7, SPIES), 2, 5)
    before = [GAME.view(state, v) for v in (0, 1, None)]
    state = act(state, 4, {"type": "continue"})
    assert [GAME.view(state, v) for v in (0, 1, None)] == before
    assert hand(state, 4) == [P, R, T]
