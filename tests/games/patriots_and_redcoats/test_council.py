"""The Council Phase (rulebook: Phase 2; edition: The Council Phase, Game end)."""

from __future__ import annotations

import pytest

from games.patriots_and_redcoats import GAME
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
    close_windows,
    conserved,
    message_text,
    public_log,
    vote,
)


def test_commander_nominates_any_other_living_player() -> None:
    hands = [[PL, P, P], [RL, R, R], [P, P, R], [P, R, T], [R, R, P]]
    state = build(5, hands, at="council", commander=1, dead=[2])
    assert GAME.required(state) == [1]
    assert [a["agent"] for a in GAME.legal(state, 1)] == [0, 3, 4]
    assert GAME.default_action(state, 1) == {"type": "nominate", "agent": 3}  # next living clockwise


def test_votes_are_secret_until_everyone_has_voted_then_shown_by_name() -> None:
    state = act(build(4, at="council"), 0, {"type": "nominate", "agent": 2})
    assert GAME.required(state) == [0, 1, 2, 3]  # Commander and Agent vote too
    state = act(state, 3, {"type": "vote", "yes": True})
    for viewer in (0, 1, 2, None):
        assert GAME.view(state, viewer)["step"]["voted"] == [3]  # who has voted may show
        assert '"yes": true' not in message_text(state, viewer).replace('"type": "vote", "yes": true', "")
    state = act(state, 0, {"type": "vote", "yes": False})
    state = act(state, 1, {"type": "vote", "yes": True})
    assert not state["councils"]
    state = act(state, 2, {"type": "vote", "yes": True})
    council = GAME.view(state, None)["councils"][-1]
    assert council["votes"] == [False, True, True, True] and council["outcome"] != "failed"
    assert "The votes: {s0} no, {s1} yes, {s2} yes, {s3} yes." in public_log(state)


def test_a_tied_vote_fails_and_moves_the_marker() -> None:
    state = act(build(4, at="council"), 0, {"type": "nominate", "agent": 2})
    state = vote(state, yes=[0, 2])
    assert state["marker"] == 1 and state["councils"][-1]["outcome"] == "failed"
    assert state["round"] == 2 and state["commander"] == 1  # the round ends


def test_third_failed_election_places_a_random_war_card_and_resets_the_marker() -> None:
    state = act(build(4, at="council", marker=2, war=["patriots"]), 0, {"type": "nominate", "agent": 2})
    state = vote(state, yes=[])
    assert state["marker"] == 0 and len(state["track"]["patriots"]) == 1
    assert conserved(state)


def test_a_failed_election_draw_that_gives_a_fourth_victory_wins_at_once() -> None:
    state = build(4, at="council", marker=2, war=["redcoats"], track={"redcoats": 3})
    state = vote(act(state, 0, {"type": "nominate", "agent": 2}), yes=[1])
    result = GAME.result(state)
    assert result is not None and result["winning_team"] == "redcoats" and result["reason"] == "4 War Victories"


def test_the_elected_council_chooses_in_secret_commander_three_agent_two() -> None:
    state = build(5, at="council", war=["patriots", "redcoats", "redcoats"])
    state = vote(act(state, 0, {"type": "nominate", "agent": 3}), yes=[0, 1, 3])
    assert state["marker"] == 0 and GAME.required(state) == [0]
    names = ["Patriot Victory", "Redcoat Victory", "Redcoat Victory"]
    assert GAME.view(state, 0)["step"]["your_war_cards"] == names
    assert "reminder" in GAME.view(state, 0)["step"]
    for viewer in (1, 2, 3, 4, None):
        assert "your_war_cards" not in GAME.view(state, viewer)["step"]
        assert "Patriot Victory" not in message_text(state, viewer)
    assert GAME.default_action(state, 0) == {"type": "discard", "card": 2}  # the third card drawn
    state = act(state, 0, {"type": "discard", "card": 1})
    assert GAME.view(state, 3)["step"]["your_war_cards"] == ["Patriot Victory", "Redcoat Victory"]
    assert GAME.view(state, 0)["step"]["your_war_cards"] == ["Patriot Victory", "Redcoat Victory"]
    assert "your_war_cards" not in GAME.view(state, 1)["step"]
    assert GAME.required(state) == [3] and GAME.default_action(state, 3) == {"type": "place", "card": 0}
    state = act(state, 3, {"type": "place", "card": 1})
    assert len(state["track"]["redcoats"]) == 1 and GAME.window(state) is not None  # window (b)
    state = close_windows(state)
    assert state["councils"][-1]["outcome"] == "placed" and state["councils"][-1]["placed"] == "redcoats"
    assert len(state["war"]["discard"]) == 2 and conserved(state)
    assert state["round"] == 2


def test_a_fourth_victory_placed_by_the_agent_wins_when_its_window_closes() -> None:
    state = build(5, at="council", war=["patriots", "patriots", "patriots"], track={"patriots": 3})
    state = vote(act(state, 0, {"type": "nominate", "agent": 3}), yes=[0, 1, 3])
    state = act(act(state, 0, {"type": "discard", "card": 0}), 3, {"type": "place", "card": 0})
    assert GAME.result(state) is None and len(state["track"]["patriots"]) == 4
    state = close_windows(state)
    result = GAME.result(state)
    assert result is not None and result["winning_team"] == "patriots"


def test_council_broken_when_the_agent_is_eliminated_during_the_vote() -> None:
    hands = [[PL, P, P], [RL, R, R], [PS, P, R], [P, R, T], [R, R, P]]
    state = build(5, hands, at="council", marker=1)
    state = act(state, 0, {"type": "nominate", "agent": 3})
    state = act(state, 1, {"type": "vote", "yes": True})
    state = close_windows(act(state, 2, {"type": "assassinate", "target": 3, "turncoat": False}))
    assert not state["alive"][3] and not state["alive"][2]
    # The council ends at once: the votes still owed are not asked for, and none is shown.
    assert state["councils"][-1]["outcome"] == "broken" and state["councils"][-1]["votes"] is None
    assert state["marker"] == 1
    assert sum(len(v) for v in state["track"].values()) == 0 and state["round"] == 2


def test_council_broken_when_the_commander_is_eliminated_while_choosing() -> None:
    hands = [[P, P, R], [RL, R, R], [RS, P, R], [PL, R, T], [R, R, P]]
    state = build(5, hands, at="council", commander=0)
    state = vote(act(state, 0, {"type": "nominate", "agent": 1}), yes=[0, 1, 2])
    assert state["stack"][-1]["step"] == "discard"
    state = close_windows(act(state, 2, {"type": "assassinate", "target": 0, "turncoat": False}))
    assert state["councils"][-1]["outcome"] == "broken" and len(state["war"]["discard"]) == 3
    assert state["commander"] == 1  # the card passes clockwise of the dead Commander
    assert conserved(state)


def test_vote_actions_are_refused_twice_and_for_the_dead() -> None:
    hands = [[PL, P, P], [RL, R, R], [P, P, R], [P, R, T], [R, R, P]]
    state = act(build(5, hands, at="council", dead=[4]), 0, {"type": "nominate", "agent": 2})
    state = act(state, 1, {"type": "vote", "yes": True})
    for seat in (1, 4):
        with pytest.raises(IllegalAction):
            act(state, seat, {"type": "vote", "yes": False})
    assert GAME.default_action(state, 0) == {"type": "vote", "yes": False}


def test_hessians_council_is_broken_when_its_drawer_falls() -> None:
    hands = [[P, P, R], [RL, R, R], [RS, P, R], [PL, R, T], [R, R, P]]
    state = build(5, hands, spycraft=["hessians", ("spy", 1), ("spy", 1)])
    state = act(state, 0, {"type": "order", "first": 0})
    state = act(act(state, 0, {"type": "spy", "to": None}), 0, {"type": "spy", "to": None})
    state = act(state, 0, {"type": "hessians", "option": "council"})
    state = act(state, 0, {"type": "nominate", "agent": 3})
    state = close_windows(act(state, 2, {"type": "assassinate", "target": 0, "turncoat": False}))
    assert state["councils"][-1] == {"round": 1, "hessians": True, "commander": 0, "agent": 3, "votes": None,
                                     "outcome": "broken", "placed": None}
    assert state["phase"] == "spycraft" and state["stack"][-1]["drawer"] == 1 and conserved(state)
