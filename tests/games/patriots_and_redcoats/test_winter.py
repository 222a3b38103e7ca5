"""Winter is Coming (rulebook: Winter is Coming, Leaders; edition: Winter steps 1-5, Teams, Game end)."""

from __future__ import annotations

import pytest

from games.patriots_and_redcoats import GAME
from games.patriots_and_redcoats.data import LOYALTY
from games.protocol import State
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
    hand,
    message_text,
)


def winter(state: State, picks: dict[int, int], flips: dict[int, int] | None = None, reveal: int = 0,
           choices: dict[str, str] | None = None) -> State:
    """Resolve a Winter drawn by the turn player: reveal, flips (default: first face-up), picks, confirmations."""
    frame = state["stack"][-1]
    assert frame["kind"] == "winter"
    state = act(state, frame["drawer"], {"type": "winter_reveal", "card": reveal})
    for seat in GAME.required(state):
        slot = (flips or {}).get(seat, GAME.legal(state, seat)[0]["slot"])
        state = act(state, seat, {"type": "flip", "slot": slot})
    for seat in GAME.required(state):
        state = act(state, seat, {"type": "pass", "slot": picks[seat]})
    if GAME.result(state) is None and state["stack"][-1]["kind"] == "confirm":
        state = confirm_all(state, **(choices or {}))
    return state


def test_winter_reveals_one_of_two_war_cards_and_removes_a_matching_victory() -> None:
    state = build(5, spycraft=["winter"], war=["patriots", "redcoats"], track={"patriots": 1, "redcoats": 2})
    assert GAME.legal(state, 0) == [{"type": "winter_reveal", "card": 0}, {"type": "winter_reveal", "card": 1}]
    assert GAME.view(state, 0)["step"]["your_war_cards"] == ["Patriot Victory", "Redcoat Victory"]
    assert "your_war_cards" not in GAME.view(state, 1)["step"]  # only the drawer sees them
    assert "Patriot Victory" not in message_text(state, 1)
    assert GAME.default_action(state, 0) == {"type": "winter_reveal", "card": 0}
    state = act(state, 0, {"type": "winter_reveal", "card": 1})
    assert [len(state["track"][t]) for t in ("patriots", "redcoats")] == [1, 1]
    assert len(state["war"]["discard"]) == 3 and conserved(state)  # both drawn cards and the removed one


def test_winter_reveal_with_no_matching_victory_removes_nothing() -> None:
    state = build(5, spycraft=["winter"], war=["patriots", "patriots"], track={"redcoats": 2})
    state = act(state, 0, {"type": "winter_reveal", "card": 0})
    assert len(state["track"]["redcoats"]) == 2


def test_winter_flip_is_simultaneous_and_everyone_acts() -> None:
    state = build(5, spycraft=["winter"], up={1: [1, 2], 3: [0]})
    state = act(state, 0, {"type": "winter_reveal", "card": 0})
    assert GAME.required(state) == [0, 1, 2, 3, 4]
    assert GAME.legal(state, 0) == [{"type": "flip", "slot": None}]  # nothing face up: confirm with nothing
    assert GAME.legal(state, 1) == [{"type": "flip", "slot": 1}, {"type": "flip", "slot": 2}]
    before = {v: GAME.view(state, v) for v in (0, 2, None)}
    state = act(state, 1, {"type": "flip", "slot": 2})
    assert {v: GAME.view(state, v) for v in (0, 2, None)} == before  # nobody learns who flipped, or what
    for seat in (0, 2, 3, 4):
        state = act(state, seat, GAME.legal(state, seat)[0])
    assert [e["up"] for e in state["hands"][1]] == [False, True, False] and not state["hands"][3][0]["up"]


def test_winter_pass_goes_to_the_next_living_player_clockwise_and_spies_stay() -> None:
    hands = [[PL, P, P], [RL, R, R], [PS, P, R], [P, R, T], [R, R, P]]
    state = build(5, hands, spycraft=["reverse", "winter"], dead=[3])
    assert state["walk"]["dir"] == -1 and state["stack"][-1]["drawer"] == 4  # Reverse: seat 4 draws Winter
    state = act(state, 4, {"type": "winter_reveal", "card": 0})
    for seat in (0, 1, 2, 4):
        state = act(state, seat, {"type": "flip", "slot": None})
    passes = [a for a in GAME.legal(state, 2) if a["type"] == "pass"]
    assert passes == [{"type": "pass", "slot": 1}, {"type": "pass", "slot": 2}]  # never the Spy card
    assert GAME.required(state) == [0, 1, 2, 4]  # the dead take no part
    state = act(state, 0, {"type": "pass", "slot": 1})
    state = act(state, 1, {"type": "pass", "slot": 1})
    state = act(state, 2, {"type": "pass", "slot": 2})
    state = act(state, 4, {"type": "pass", "slot": 0})
    # Clockwise whatever the direction of play; seat 3 is dead, so seat 2 passes to seat 4.
    assert hand(state, 1)[1] == P and hand(state, 2)[2] == R and hand(state, 4)[0] == R and hand(state, 0)[1] == R
    assert hand(state, 3) == [P, R, T]
    private = [e for e in state["log"] if e.get("to") == [2, 4]]
    assert [e["text"] for e in private] == ["{s2} passes a Redcoat to {s4}."]  # giver and receiver only
    assert "P2 passes" not in message_text(state, 0) and "P2 passes a Redcoat to P4" in message_text(state, 4)


def test_winter_recomputes_teams_after_passing() -> None:
    hands = [[PL, P, P], [RL, R, R], [P, P, R], [R, R, P], [P, R, R]]
    state = build(5, hands, spycraft=["winter"])
    assert state["team"][2] == "patriots"
    # Seat 1 passes a Redcoat to seat 2, who passes a Patriot on: seat 2 now holds P, R, R.
    state = winter(state, picks={0: 1, 1: 1, 2: 0, 3: 0, 4: 0})
    assert hand(state, 2) == [R, P, R] and state["team"][2] == "redcoats"
    assert GAME.view(state, 2)["your_team"] == "redcoats"
    assert state["stack"][-1]["drawer"] == 1  # Winter is discarded and play goes on


def test_sticky_leader_betsy_stays_a_patriot_with_three_redcoats() -> None:
    hands = [[R, R, R], [RL, R, R], [P, P, R], [PL, R, R], [P, P, P]]  # seat 3 is Betsy
    state = build(5, hands, spycraft=["winter"])
    state = winter(state, picks={0: 0, 1: 1, 2: 2, 3: 0, 4: 0})
    assert hand(state, 3) == [R, R, R] and state["team"][3] == "patriots"
    assert hand(state, 4)[0] == PL and state["team"][4] == "patriots"
    assert state["leader_held"][3] == PL


def test_most_recent_leader_held_decides_after_a_second_pass() -> None:
    hands = [[PL, P, P], [RL, R, R], [P, P, R], [P, R, P], [R, R, P]]
    state = build(5, hands, spycraft=["winter"])
    state = winter(state, picks={0: 0, 1: 0, 2: 0, 3: 0, 4: 0})
    # Seat 1 got the Patriot Leader and is a Patriot now; seat 2 got King George.
    assert (state["team"][1], state["team"][2]) == ("patriots", "redcoats")


def test_turncoat_choice_is_asked_again_after_winter() -> None:
    hands = [[PL, P, P], [RL, R, R], [P, R, R], [P, T, P], [R, R, P]]
    state = build(5, hands, spycraft=["winter"])
    state = winter(state, picks={0: 1, 1: 2, 2: 1, 3: 2, 4: 2}, choices={"s3": "redcoats"})
    # Seat 3 passed a Patriot and received seat 2's Redcoat: Patriot, Turncoat, Redcoat is a real choice.
    assert hand(state, 3) == [P, T, R] and state["team"][3] == "redcoats" and state["choice"][3] == "redcoats"


def test_a_spy_receiving_the_opposing_leader_wins() -> None:
    hands = [[PL, P, P], [RL, R, R], [PS, P, R], [P, R, T], [R, R, P]]
    state = build(5, hands, spycraft=["winter"])
    state = winter(state, picks={0: 1, 1: 0, 2: 1, 3: 0, 4: 0})
    assert hand(state, 2)[1] == RL
    result = GAME.result(state)
    assert result is not None and result["winning_team"] == "patriots" and "Spy" in result["reason"]


def test_a_spy_holding_its_own_leader_still_wins_with_the_opposing_one() -> None:
    hands = [[P, P, R], [RL, R, R], [PS, PL, R], [P, R, T], [R, R, P]]
    state = build(5, hands, spycraft=["winter"])
    state = winter(state, picks={0: 0, 1: 0, 2: 2, 3: 0, 4: 0})
    assert hand(state, 2) == [PS, PL, RL]
    result = GAME.result(state)
    assert result is not None and result["winning_team"] == "patriots"
    assert state["team"] == ["redcoats", "redcoats", "patriots", "redcoats", "patriots"]
    assert result["winners"] == [2, 4]


def test_a_spy_receiving_its_own_leader_goes_on() -> None:
    hands = [[PL, P, P], [RL, R, R], [RS, P, R], [P, R, T], [R, R, P]]
    state = build(5, hands, spycraft=["winter"])
    state = winter(state, picks={0: 1, 1: 0, 2: 1, 3: 0, 4: 0})
    assert hand(state, 2)[1] == RL
    assert GAME.result(state) is None and state["team"][2] == "redcoats"


def test_both_leaders_to_two_spies_at_once_fall_and_victories_decide() -> None:
    hands = [[PL, P, P], [RS, R, R], [RL, P, R], [PS, R, T], [R, R, P], [P, P, R], [P, R, R]]
    # Seat 0 passes Washington to the Redcoat Spy (1); seat 2 passes King George to a Patriot Spy (3).
    state = build(7, hands, spycraft=["winter"], track={"patriots": 2, "redcoats": 1}, war=["redcoats", "redcoats"])
    state = winter(state, picks={0: 0, 1: 1, 2: 0, 3: 1, 4: 0, 5: 0, 6: 0})
    assert hand(state, 1)[0] == RS and PL in hand(state, 1) and hand(state, 3)[0] == PS and RL in hand(state, 3)
    result = GAME.result(state)
    assert result is not None and result["winning_team"] == "patriots" and "both Leaders" in result["reason"]


def test_both_leaders_in_one_hand_fall_and_loyal_players_break_a_victory_tie() -> None:
    hands = [[PL, P, P], [RL, R, R], [P, P, T], [R, R, P], [P, P, R]]
    # Seat 0 passes Washington to seat 1, who keeps King George: seat 1 holds both. Victories tied at 0.
    state = build(5, hands, spycraft=["winter"])
    state = winter(state, picks={0: 0, 1: 1, 2: 2, 3: 0, 4: 0})
    assert hand(state, 1) == [RL, PL, R] and state["team"][1] == "redcoats"  # the third card decides
    assert state["team"] == ["patriots", "redcoats", "patriots", "patriots", "redcoats"]
    result = GAME.result(state)
    assert result is not None and result["winning_team"] == "patriots" and "loyal players" in result["reason"]
    assert result["winners"] == [0, 2, 3]


def test_both_leaders_with_a_turncoat_third_keep_the_team_before_winter() -> None:
    hands = [[PL, P, P], [RL, T, R], [P, P, R], [R, R, P]]
    state = build(4, hands, spycraft=["winter"], track={"redcoats": 1}, war=["patriots", "patriots"])
    state = winter(state, picks={0: 0, 1: 2, 2: 0, 3: 0})
    assert hand(state, 1) == [RL, T, PL] and state["team"][1] == "redcoats"
    result = GAME.result(state)
    assert result is not None and result["winning_team"] == "redcoats"  # more War Victories


def test_both_leaders_fall_tied_on_victories_and_loyal_players_is_a_draw() -> None:
    hands = [[PL, P, P], [RL, R, R], [P, P, R], [R, R, P]]
    state = build(4, hands, spycraft=["winter"])
    state = winter(state, picks={0: 0, 1: 1, 2: 2, 3: 2})
    assert state["team"] == ["patriots", "redcoats", "patriots", "redcoats"]
    result = GAME.result(state)
    assert result is not None and result["winning_team"] is None and result["winners"] == []


def test_spy_cards_never_move_and_cards_are_conserved() -> None:
    hands = [[PL, P, P], [RL, R, R], [PS, P, R], [RS, R, T], [R, R, P], [P, R, P], [P, P, R]]
    state = build(7, hands, spycraft=["winter"])
    state = winter(state, picks={0: 1, 1: 1, 2: 1, 3: 1, 4: 0, 5: 0, 6: 0})
    assert hand(state, 2)[0] == PS and hand(state, 3)[0] == RS
    assert conserved(state)
    assert sorted(LOYALTY[e["id"]] for h in state["hands"] for e in h) == sorted(k for h in hands for k in h)


# --- a Spy over a Leader --------------------------------------------------------------------------------------------
# Rulebook (Winter is Coming): "First, you are a Redcoat if you hold the Redcoat Spy, or you are a Patriot if you hold
# a Patriot Spy", before any Leader. Edition: Teams rule 1 before rule 2; Game end check (2) "a Spy holds the opposing
# Leader: the Spy's team wins"; the result lists each player's final team, eliminated players sharing their team's.


def confirms(state: State, seat: int) -> list[str]:
    """The teams ``seat`` may confirm (a Spy's legal list also offers assassinations)."""
    return [a["team"] for a in GAME.legal(state, seat) if a["type"] == "confirm"]


def pass_in_winter(state: State, picks: dict[int, int]) -> State:
    """A Winter drawn by the turn player, up to the loyalty confirmation: first War card, nothing to flip, picks."""
    state = act(state, state["stack"][-1]["drawer"], {"type": "winter_reveal", "card": 0})
    for seat in GAME.required(state):
        state = act(state, seat, {"type": "flip", "slot": None})
    for seat in GAME.required(state):
        state = act(state, seat, {"type": "pass", "slot": picks[seat]})
    assert state["stack"][-1]["kind"] == "confirm"
    return state


SPY_CAPTURES = [
    # Seat 1 passes King George to the Patriot Spy (seat 2), who keeps their Spy card and becomes no Redcoat.
    pytest.param([[PL, P, P], [RL, R, R], [PS, P, R], [RS, R, T], [P, P, R], [P, P, R], [R, R, P]],
                 {0: 1, 1: 0, 2: 2, 3: 1, 4: 0}, 2, "patriots", [0, 2, 5],
                 ["patriots", "redcoats", "patriots", "redcoats", "redcoats", "patriots", "redcoats"],
                 id="patriot-spy-gets-king-george"),
    # Seat 0 passes Washington to the Redcoat Spy (seat 1), who stays a Redcoat; seat 0 stays a Patriot (sticky).
    pytest.param([[PL, P, P], [RS, R, R], [RL, R, P], [PS, P, T], [P, P, R], [R, R, P], [P, P, R]],
                 {0: 0, 1: 1, 2: 1, 3: 1, 4: 0}, 1, "redcoats", [1, 2, 5],
                 ["patriots", "redcoats", "redcoats", "patriots", "patriots", "redcoats", "patriots"],
                 id="redcoat-spy-gets-washington"),
]


@pytest.mark.parametrize(("hands", "picks", "spy", "team", "winners", "teams"), SPY_CAPTURES)
def test_a_spy_given_the_opposing_leader_stays_on_its_team_and_every_team_mate_wins(
    hands: list[list[str]], picks: dict[int, int], spy: int, team: str, winners: list[int], teams: list[str]
) -> None:
    state = build(7, hands, spycraft=["winter"], dead=[5, 6])  # seats 5 and 6 were eliminated earlier
    state = pass_in_winter(state, picks)
    enemy_leader = RL if team == "patriots" else PL
    assert enemy_leader in hand(state, spy) and state["leader_held"][spy] == enemy_leader
    assert confirms(state, spy) == [team]  # rule 1: the Spy card, not the Leader just received
    state = confirm_all(state)
    assert state["team"] == teams
    result = GAME.result(state)
    assert result is not None and result["winning_team"] == team and "Spy" in result["reason"]
    assert result["winners"] == winners  # the living winners by seat, then the eliminated ones
    assert {row["seat"]: row["team"] for row in result["ranking"]} == dict(enumerate(teams))
    assert {row["seat"] for row in result["ranking"] if row["won"]} == set(winners)
    assert [p["team"] for p in result["reveal"]["players"]] == teams


def test_a_spy_dealt_the_opposing_leader_is_on_the_spys_team_before_and_after_passing_it() -> None:
    hands = [[PL, P, P], [R, R, P], [PS, RL, R], [P, R, T], [R, R, P]]
    state = build(5, hands, at="setup", spycraft=["winter"])
    assert confirms(state, 2) == ["patriots"]
    state = confirm_all(state)
    assert state["team"][2] == "patriots" and GAME.view(state, 2)["your_team"] == "patriots"
    assert GAME.result(state) is None  # edition: the Leader checks follow a Winter pass, not the deal
    # The Spy passes King George on: the most recent Leader held is King George, the Spy card still decides.
    state = pass_in_winter(state, {0: 1, 1: 0, 2: 1, 3: 2, 4: 0})
    assert hand(state, 2) == [PS, R, R] and hand(state, 3) == [P, R, RL]
    assert state["leader_held"][2] == RL
    assert confirms(state, 2) == ["patriots"]
    state = confirm_all(state)
    assert GAME.result(state) is None
    assert state["team"][2] == "patriots" and GAME.view(state, 2)["your_team"] == "patriots"
    assert state["team"][3] == "redcoats"
