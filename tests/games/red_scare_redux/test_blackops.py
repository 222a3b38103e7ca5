"""Black Ops cards, Counterintelligence and Tip-Off windows."""

from __future__ import annotations

from games.protocol import apply_expiry, log_for
from games.red_scare_redux import GAME
from tests.games.red_scare_redux.scenario import act, legal, make, pass_window, types


def names(state: dict, copies: list[int]) -> list[str]:
    return sorted(state["cards"][c]["name"] for c in copies)


def test_burn_notice_discards_the_partial_with_its_cards() -> None:
    state = make(2, hands={0: ["Burn Notice"]}, partials=[(1, "Crack the Cipher", ["Cryptographer", "Intel 3"])])
    state = act(state, 0, {"type": "black_ops", "card": "Burn Notice", "partial": "p1"})
    assert state["actions_left"] == 3 and state["window"]["kind"] == "counter"
    assert state["window"]["eligible"] == [1]
    state = pass_window(state)
    assert state["partials"] == []
    assert names(state, state["discard"]) == ["Burn Notice", "Crack the Cipher", "Cryptographer", "Intel 3"]


def test_counterintelligence_cancels_and_still_costs_the_action() -> None:
    state = make(2, hands={0: ["Burn Notice"], 1: ["Counterintelligence"]},
                 partials=[(1, "Crack the Cipher", ["Cryptographer"])])
    state = act(state, 0, {"type": "black_ops", "card": "Burn Notice", "partial": "p1"})
    assert types(state, 1) == {"counter", "continue"} and legal(state, 0) == []
    state = act(state, 1, {"type": "counter"})
    assert state["window"] is None and len(state["partials"]) == 1 and state["actions_left"] == 3
    assert names(state, state["discard"]) == ["Burn Notice", "Counterintelligence"]


def test_windows_look_the_same_whoever_holds_an_instant() -> None:
    with_card = make(2, hands={0: ["Pickpocket"], 1: ["Counterintelligence"]})
    without = make(2, hands={0: ["Pickpocket"], 1: ["Funds 1"]})
    views = []
    for state in (with_card, without):
        state = act(state, 0, {"type": "black_ops", "card": "Pickpocket", "victim": 1})
        views.append((GAME.view(state, 0)["window"], GAME.window(state)))
    assert views[0] == views[1]


def test_fixed_windows_offer_no_continue_and_close_at_the_deadline() -> None:
    state = make(2, hands={0: ["Requisition"], 1: ["Funds 1"]}, options={"window_mode": "fixed"})
    state = act(state, 0, {"type": "black_ops", "card": "Requisition"})
    assert legal(state, 1) == [] and GAME.required(state) == []
    assert GAME.window(state).closes_itself
    state = apply_expiry(GAME, state)
    assert state["step"] == {"kind": "draw", "seat": 0, "owed": 3}


def test_sabotage_on_a_pair_discards_both() -> None:
    state = make(2, hands={0: ["Sabotage"]},
                 partials=[(1, "Crack the Cipher", [(["Assassin", "Saboteur"], "C"), "Intel 1"])])
    assert {"type": "black_ops", "card": "Sabotage", "partial": "p1", "at": 0, "member": 1} in legal(state, 0)
    state = pass_window(act(state, 0, {"type": "black_ops", "card": "Sabotage", "partial": "p1", "at": 0,
                                       "member": 1}))
    assert len(state["partials"][0]["placed"]) == 1
    assert names(state, state["discard"]) == ["Assassin", "Sabotage", "Saboteur"]


def test_defector_takes_an_agent_and_discards_the_pair_partner() -> None:
    state = make(2, hands={0: ["Defector"]},
                 partials=[(1, "Crack the Cipher", [(["Assassin", "Saboteur"], "C"), "Intel 1"])])
    assert not any(a.get("at") == 1 for a in legal(state, 0) if a["type"] == "black_ops")  # not a Supply
    state = pass_window(act(state, 0, {"type": "black_ops", "card": "Defector", "partial": "p1", "at": 0,
                                       "member": 0}))
    assert names(state, state["hands"][0]) == ["Assassin"]
    assert names(state, state["discard"]) == ["Defector", "Saboteur"]


def test_double_agent_completes_after_its_window_then_tip_off() -> None:
    state = make(2, hands={0: ["Double Agent"], 1: ["Tip-Off"]},
                 partials=[(0, "Crack the Cipher", ["Intel 3", "Intel 1"])])
    state = act(state, 0, {"type": "black_ops", "card": "Double Agent", "partial": "p1", "as": "C"})
    assert state["window"]["kind"] == "counter" and not state["completed"][0]
    state = act(state, 1, {"type": "continue"})
    assert state["completed"][0] and state["window"]["kind"] == "tip_off"
    state = act(state, 1, {"type": "tip_off"})
    assert state["window"]["kind"] == "counter" and state["window"]["eligible"] == [0]
    state = act(state, 0, {"type": "continue"})
    assert state["window"] is None and state["step"] is None  # no DRAW1
    assert state["actions_left"] == 3


def test_countered_tip_off_lets_the_bonus_happen() -> None:
    state = make(2, hands={0: ["Forged Papers", "Counterintelligence"], 1: ["Tip-Off"]},
                 partials=[(0, "Dead Letter Box", ["Assassin"])])
    state = act(state, 0, {"type": "black_ops", "card": "Forged Papers", "partial": "p1", "as": "Intel"})
    state = act(state, 1, {"type": "continue"})
    state = act(state, 1, {"type": "tip_off"})
    state = act(state, 0, {"type": "counter"})
    assert state["step"]["kind"] == "draw"


def test_pickpocket_shows_the_card_to_both_teams_only() -> None:
    state = make(3, hands={0: ["Pickpocket"], 1: ["Rig the Election"], 2: ["Funds 1"]})
    state = pass_window(act(state, 0, {"type": "black_ops", "card": "Pickpocket", "victim": 1}))
    assert names(state, state["hands"][0]) == ["Rig the Election"]
    assert any("Rig the Election" in line["text"] for line in log_for(state, 1))
    assert not any("Rig the Election" in line["text"] for line in log_for(state, 2))


def test_interrogation_shows_the_hand_to_the_team_then_discards_the_pick() -> None:
    state = make(4, hands={0: ["Interrogation"], 1: ["Funds 3", "Assassin"], 2: ["Gear 1"]})
    state = pass_window(act(state, 0, {"type": "black_ops", "card": "Interrogation", "victim": 1}))
    assert state["step"]["kind"] == "interrogate"
    assert GAME.view(state, 2)["step"]["hand"] == ["Funds 3", "Assassin"]
    assert GAME.view(state, 3)["step"]["hand"] is None  # the victim's team: the key is there, empty
    assert GAME.view(state, None)["step"]["hand"] is None
    state = act(state, 0, {"type": "pick", "card": "Assassin"})
    assert names(state, state["hands"][1]) == ["Funds 3"]
    assert GAME.view(state, 2)["step"] is None


def test_steal_bonus_takes_a_random_card() -> None:
    state = make(2, hands={0: ["Intel 1"], 1: ["Gear 2"]},
                 partials=[(0, "Turn an Asset", ["Assassin", "Funds 3", "Intel 2"])])
    state = pass_window(act(state, 0, {"type": "add", "partial": "p1", "card": "Intel 1"}))
    assert legal(state, 0) == [{"type": "steal", "victim": 1}]
    state = act(state, 0, {"type": "steal", "victim": 1})
    assert names(state, state["hands"][0]) == ["Gear 2"]


def test_requisition_draws_three_resources_of_the_players_choice() -> None:
    state = make(2, hands={0: ["Requisition"]}, omega=["Intel 1", "Intel 2"], delta=["Assassin"])
    state = pass_window(act(state, 0, {"type": "black_ops", "card": "Requisition"}))
    assert state["step"] == {"kind": "draw", "seat": 0, "owed": 3}
    for deck in ("omega", "delta", "omega"):
        state = act(state, 0, {"type": "draw", "deck": deck})
    assert state["step"] is None and state["actions_left"] == 3  # the drawing was the card's, not more actions
    assert names(state, state["hands"][0]) == ["Assassin", "Intel 1", "Intel 2"]


def test_draw_two_bonus_draws_two() -> None:
    # Launder the Money: Funds 6, no Agent, bonus DRAW2.
    state = make(2, hands={0: ["Launder the Money", "Funds 3", "Funds 2", "Funds 1"]}, delta=["Weapons 1", "Weapons 2"])
    state = act(state, 0, {"type": "begin", "objective": "Launder the Money", "card": "Funds 3"})
    state = act(state, 0, {"type": "place", "card": "Funds 2"})
    state = act(state, 0, {"type": "place", "card": "Funds 1"})
    assert state["window"]["kind"] == "tip_off" and state["window"]["bonus"] == "DRAW2"
    state = pass_window(state)
    assert state["step"] == {"kind": "draw", "seat": 0, "owed": 2}
    state = act(state, 0, {"type": "draw", "deck": "delta"})
    state = act(state, 0, {"type": "draw", "deck": "delta"})
    assert names(state, state["hands"][0]) == ["Weapons 1", "Weapons 2"]


def test_no_bonus_opens_no_tip_off_window() -> None:
    # Assassinate Royalty: Weapons 7, no Agent, no bonus.
    state = make(2, hands={0: ["Assassinate Royalty", "Weapons 3", "Weapons 2", "Weapons 2"], 1: ["Tip-Off"]})
    state = act(state, 0, {"type": "begin", "objective": "Assassinate Royalty", "card": "Weapons 3"})
    state = act(state, 0, {"type": "place", "card": "Weapons 2"})
    state = act(state, 0, {"type": "place", "card": "Weapons 2"})
    assert state["completed"][0] and state["window"] is None and state["step"] is None
    assert GAME.view(state, 1)["scores"] == [3, 0]
