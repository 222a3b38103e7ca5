"""A turn: setup (T1), the draw and the compulsory play (T2, rulings 3-5), one use per card (T3, ruling 6), extra
attacks (T4), Played effects (T5, ruling 11), ending the turn (ruling 4) and the defaults on one's own turn (K7)."""

from __future__ import annotations

import pytest

from games.protocol import State
from games.raiding_parties import GAME
from games.raiding_parties.data import READY_MADE
from tests.games.raiding_parties.scenario import act, build, card, engage, legal, prompt, seat_view

END = {"type": "end"}


def plays(state: State, seat: int = 0) -> list[str]:
    return [a["card"] for a in legal(state, seat) if a["type"] == "play"]


def actions_of(state: State, card_id: str, seat: int = 0) -> list[dict]:
    return [a for a in legal(state, seat) if a.get("card") == card_id and a["type"] in ("attack", "charge", "use")]


def started(players: int, seed: int) -> State:
    state = GAME.new_state(players, {}, seed)
    for seat in range(players):
        state = act(state, seat, {"type": "party", "cards": dict(READY_MADE[30][1])})
    return state


# ----------------------------------------------------------------------------- T1 setup, turn order


def test_setup_shuffles_lockers_draws_three_each_and_the_first_player_draws_a_fourth() -> None:
    """T1, T2 (1), ruling 16: after building, everyone draws 3; the first player's turn begins with its draw."""
    state = started(3, seed=5)
    view = GAME.view(state, None)
    first = view["turn"]["seat"]
    assert view["phase"] == "play" and view["turn"]["number"] == 1
    for seat in view["seats"]:
        assert seat["hold_size"] == (4 if seat["seat"] == first else 3)
        assert seat["hold_size"] + seat["locker_size"] == 13 and seat["in_play"] == []


def test_the_first_player_is_drawn_at_random() -> None:
    """T1: different seeds give different first players."""
    assert len({GAME.view(started(2, seed), None)["turn"]["seat"] for seed in range(1, 30)}) == 2


def test_turns_go_clockwise_and_skip_players_who_are_out() -> None:
    """T1, K5(a), ruling 16: increasing seat number, wrapping round, skipping a player with no cards."""
    state = build(3, in_play={0: ["Sloop"], 1: ["Sloop"], 2: ["Sloop"]})
    seats = []
    for _ in range(4):
        seat = GAME.view(state, None)["turn"]["seat"]
        seats.append(seat)
        state = act(state, seat, END)
    assert seats == [0, 1, 2, 0]
    state = build(3, in_play={0: ["Sloop"], 2: ["Sloop"]})
    assert GAME.view(state, None)["out_order"] == [1]
    state = act(state, 0, END)
    assert GAME.view(state, None)["turn"]["seat"] == 2


# ----------------------------------------------------------------------------- T2 draw and plays


def test_a_turn_begins_with_the_top_card_of_the_locker() -> None:
    """T2 (1): the next player draws the top of its locker into its hold."""
    state = build(in_play={0: ["Sloop"], 1: ["Sloop"]}, locker={1: ["Advisor", "Rogue"]})
    state = act(state, 0, END)
    assert seat_view(state, 1, 1)["hold"] == ["Advisor"]
    assert seat_view(state, 1, 1)["locker"] == {"Rogue": 1}


def test_an_empty_locker_skips_the_draw() -> None:
    """T2 (1): no card to draw; the turn still begins, with nothing to play."""
    state = act(build(in_play={0: ["Sloop"], 1: ["Sloop"]}), 0, END)
    assert GAME.view(state, None)["turn"]["seat"] == 1
    assert seat_view(state, 1)["hold_size"] == 0 and END in legal(state, 1)


def test_the_play_is_compulsory_while_the_hold_has_a_card() -> None:
    """T2, rulings 3 and 4: no end of turn before the regular play; one play only, then the end is legal."""
    state = build(in_play={1: ["Sloop"]}, hold={0: ["Pirate", "Rogue"]})
    assert END not in legal(state, 0) and plays(state) == ["Pirate", "Rogue"]
    state = act(state, 0, {"type": "play", "card": "Rogue"})
    assert plays(state) == [] and END in legal(state, 0)
    assert GAME.view(state, 0)["turn"]["regular_play_done"] is True


def test_a_jolly_roger_may_be_the_regular_play_and_goes_to_davy_jones() -> None:
    """Ruling 3: a one-timer may always be the turn's play; with no trigger it has no effect."""
    state = build(in_play={1: ["Sloop"]}, hold={0: ["Jolly Roger", "Pirate"]})
    state = act(state, 0, {"type": "play", "card": "Jolly Roger"})
    assert seat_view(state, 0)["davy_jones"] == ["Jolly Roger"] and seat_view(state, 0)["in_play"] == []
    assert plays(state) == [] and END in legal(state, 0)


def test_a_card_may_be_used_on_the_turn_it_enters_play() -> None:
    """T2: play first, then use the new card."""
    state = act(build(in_play={1: ["Skipper"]}, hold={0: ["Rogue"]}), 0, {"type": "play", "card": "Rogue"})
    new = seat_view(state, 0)["in_play"][0]["id"]
    assert {"type": "attack", "card": new, "weapon": "Pistol", "target": "c1"} in legal(state, 0)


def test_the_turn_may_use_cards_before_its_play() -> None:
    """T2 (2): any order: attack first, then play."""
    state = build(in_play={0: ["Rogue"], 1: ["Skipper"]}, hold={0: ["Pirate"]}, deck=["2H"])
    state = act(state, 0, {"type": "attack", "card": "c1", "weapon": "Pistol", "target": "c2"})
    assert plays(state) == ["Pirate"]


def test_a_ranger_may_be_the_regular_play_and_a_second_ranger_the_bonus() -> None:
    """T2, ruling 5: the regular play may itself be a Ranger; the bonus then takes only a Ranger."""
    state = build(in_play={1: ["Sloop"]}, hold={0: ["Ranger", "Ranger", "Pirate"]})
    state = act(state, 0, {"type": "play", "card": "Ranger"})
    assert plays(state) == ["Ranger"]
    state = act(state, 0, {"type": "play", "card": "Ranger"})
    assert plays(state) == [] and GAME.view(state, 0)["turn"]["ranger_bonus_used"] is True
    assert seat_view(state, 0, 0)["hold"] == ["Pirate"]


def test_the_bonus_ranger_comes_after_the_regular_play() -> None:
    """Ruling 5: a Ranger played while the regular play is due fills it; the Pirate cannot follow."""
    state = build(in_play={1: ["Sloop"]}, hold={0: ["Ranger", "Pirate"]})
    state = act(state, 0, {"type": "play", "card": "Ranger"})
    assert plays(state) == [] and END in legal(state, 0)
    state = build(in_play={1: ["Sloop"]}, hold={0: ["Ranger", "Pirate"]})
    state = act(state, 0, {"type": "play", "card": "Pirate"})
    assert plays(state) == ["Ranger"]


def test_brethren_chain_each_one_played_through_another_opens_its_own_effect() -> None:
    """T2, T5, Brethren: a played Brethren lets another Brethren be played, which may do the same."""
    state = build(in_play={1: ["Sloop"]}, hold={0: ["Brethren", "Brethren", "Brethren", "Pirate"]})
    for _ in range(3):
        assert plays(state) == (["Pirate", "Brethren"] if not seat_view(state, 0)["in_play"] else ["Brethren"])
        state = act(state, 0, {"type": "play", "card": "Brethren"})
    assert plays(state) == [] and len(seat_view(state, 0)["in_play"]) == 3
    assert seat_view(state, 0, 0)["hold"] == ["Pirate"]


def test_no_brethren_follows_a_regular_play_that_is_not_a_brethren() -> None:
    """Brethren's Played effect: only a Brethren that entered play opens it."""
    state = build(in_play={1: ["Sloop"]}, hold={0: ["Brethren", "Pirate"]})
    state = act(state, 0, {"type": "play", "card": "Pirate"})
    assert plays(state) == []


# ----------------------------------------------------------------------------- T3 and T4 uses, extra attacks


def test_a_card_uses_once_per_turn_and_again_on_its_next_turn() -> None:
    """T3: one attack per turn; the use comes back on its owner's next turn."""
    state = build(in_play={0: ["Rogue"], 1: ["Skipper"]}, deck=["2H"])
    state = act(state, 0, {"type": "attack", "card": "c1", "weapon": "Pistol", "target": "c2"})
    assert actions_of(state, "c1") == [] and card(state, "c1")["used"] is True
    state = act(act(state, 0, END), 1, END)
    assert card(state, "c1")["used"] is False and actions_of(state, "c1")


def test_a_use_ability_and_an_attack_share_the_one_use() -> None:
    """T3: either one attack or one `Use` ability."""
    state = build(in_play={0: ["Rogue"], 1: ["Skipper"]}, hold={1: ["Pirate"]}, deck=["2S"])
    state = act(state, 0, {"type": "use", "card": "c1", "target": "hold:1"})
    assert actions_of(state, "c1") == []


def test_raiders_attack_again_shoot_then_charge() -> None:
    """T4, Raiders: one extra attack every turn, e.g. a shot and then a charge."""
    state = build(in_play={0: ["Raiders"], 1: ["Skipper", "Pirate"]}, deck=["2H", "3H"])
    assert card(state, "c1")["extra_attacks"] == 1
    state = act(state, 0, {"type": "attack", "card": "c1", "weapon": "Pistol", "target": "c2"})
    assert {"type": "charge", "card": "c1", "weapon": "Boarding Axe", "target": "c3"} in legal(state, 0)
    state = act(state, 0, {"type": "charge", "card": "c1", "weapon": "Boarding Axe", "target": "c3"})
    for kind in ("stand_and_shoot", "retaliate"):
        assert prompt(state)["kind"] == kind
        state = act(state, 1, {"type": "decline"})
    assert actions_of(state, "c1") == [] and card(state, "c1")["extra_attacks"] == 0


def test_raiders_played_this_turn_already_attack_again() -> None:
    """T2, T4: a card may be used on the turn it enters play, its extra attack included."""
    state = act(build(in_play={1: ["Skipper"]}, hold={0: ["Raiders"]}), 0, {"type": "play", "card": "Raiders"})
    assert card(state, seat_view(state, 0)["in_play"][0]["id"])["extra_attacks"] == 1


def test_extra_attacks_from_different_sources_add_up_each_source_once() -> None:
    """T4: Flagbearers' Played effect and Captain's Use each give one extra attack; a source gives it once."""
    state = build(in_play={0: ["Captain", "Rogue"], 1: ["Skipper"]}, hold={0: ["Flagbearers"]}, deck=["2S"])
    state = act(state, 0, {"type": "play", "card": "Flagbearers"})
    flag = seat_view(state, 0)["in_play"][2]["id"]
    state = act(state, 0, {"type": "effect", "card": flag, "target": "c2"})
    assert not [a for a in legal(state, 0) if a["type"] == "effect"]
    state = act(state, 0, {"type": "use", "card": "c1", "target": "c2"})
    assert card(state, "c2")["extra_attacks"] == 2


def test_an_extra_attack_is_never_an_ability() -> None:
    """T4, ruling 6: the first attack spends the use, so Rogue's ability is gone; its extra attack stays."""
    state = build(in_play={0: ["Rogue", "Skipper"], 1: ["Skipper"]}, hold={0: ["Flagbearers"], 1: ["Pirate"]},
                  deck=["2H"])
    state = act(state, 0, {"type": "play", "card": "Flagbearers"})
    state = act(state, 0, {"type": "effect", "card": "c4", "target": "c1"})
    state = act(state, 0, {"type": "attack", "card": "c1", "weapon": "Pistol", "target": "c3"})
    kinds = {a["type"] for a in actions_of(state, "c1")}
    assert kinds == {"attack", "charge"}


def test_an_ability_first_leaves_the_extra_attack() -> None:
    """T4, ruling 6: Use, then the extra attack."""
    state = build(in_play={0: ["Rogue", "Skipper"], 1: ["Skipper"]}, hold={0: ["Flagbearers"], 1: ["Pirate"]},
                  deck=["2S"])
    state = act(state, 0, {"type": "play", "card": "Flagbearers"})
    state = act(state, 0, {"type": "effect", "card": "c4", "target": "c1"})
    state = act(state, 0, {"type": "use", "card": "c1", "target": "hold:1"})
    assert {a["type"] for a in actions_of(state, "c1")} == {"attack", "charge"}


# ----------------------------------------------------------------------------- T5 Played effects


def test_advisor_draws_once_on_its_turn_and_that_is_not_its_use() -> None:
    """T5, Advisor: the Played effect is an action of that turn, taken once, and the Advisor may still attack."""
    state = build(in_play={1: ["Skipper"]}, hold={0: ["Advisor"]}, locker={0: ["Pirate", "Rogue"]})
    state = act(state, 0, {"type": "play", "card": "Advisor"})
    assert card(state, "c2")["played_effect"] is True
    state = act(state, 0, {"type": "effect", "card": "c2"})
    assert seat_view(state, 0, 0)["hold"] == ["Pirate"] and seat_view(state, 0)["locker_size"] == 1
    assert not [a for a in legal(state, 0) if a["type"] == "effect"]
    assert actions_of(state, "c2") and card(state, "c2")["used"] is False


def test_a_played_effect_lapses_at_the_end_of_the_turn() -> None:
    """T5: unused, the Advisor's draw is gone by its owner's next turn."""
    state = build(in_play={1: ["Sloop"]}, hold={0: ["Advisor"]}, locker={0: ["Pirate", "Rogue"]})
    state = act(state, 0, {"type": "play", "card": "Advisor"})
    state = act(act(state, 0, END), 1, END)
    assert not [a for a in legal(state, 0) if a["type"] == "effect"]
    assert card(state, "c2")["played_effect"] is False


def test_advisor_with_an_empty_locker_does_nothing() -> None:
    """T5: no draw is offered from an empty locker."""
    state = act(build(in_play={1: ["Sloop"]}, hold={0: ["Advisor"]}), 0, {"type": "play", "card": "Advisor"})
    assert not [a for a in legal(state, 0) if a["type"] == "effect"]


def test_a_played_effect_lapses_when_its_card_leaves_play() -> None:
    """Ruling 11: the Advisor dies to a Cannoneer's return fire before drawing; its draw is gone."""
    state = build(in_play={1: ["Cannoneer"]}, hold={0: ["Advisor"]}, locker={0: ["Pirate"]}, deck=["2H", "AC"])
    state = act(state, 0, {"type": "play", "card": "Advisor"})
    state = act(state, 0, {"type": "attack", "card": "c2", "weapon": "Pistol", "target": "c1"})
    assert prompt(state)["kind"] == "cannoneer"
    state = act(state, 1, {"type": "cannoneer"})
    assert card(state, "c2") is None
    assert not [a for a in legal(state, 0) if a["type"] == "effect"]


# ----------------------------------------------------------------------------- ending the turn, defaults


def test_the_turn_cannot_end_before_each_locked_crew_made_its_melee_attack() -> None:
    """Ruling 4, M4."""
    state = engage(build(in_play={0: ["Pirate"], 1: ["Pirate"]}, deck=["2H"]), ("c1", "c2"))
    assert END not in legal(state, 0)
    state = act(state, 0, {"type": "attack", "card": "c1", "weapon": "Cutlass", "target": "c2"})
    state = act(state, 1, {"type": "decline"})
    assert END in legal(state, 0)


def test_top_level_actions_wait_while_a_prompt_is_open() -> None:
    """Ruling 16: plays, effects, attacks and Uses only when no frame is open."""
    state = build(in_play={0: ["Flotilla", "Rogue"], 1: ["Skipper"]}, hold={0: ["Pirate"]}, deck=["2H"])
    state = act(state, 0, {"type": "attack", "card": "c1", "weapon": "Brace of Pistols", "target": "c3"})
    assert prompt(state)["kind"] == "aim"
    assert {a["type"] for a in legal(state, 0)} == {"shot", "stop"}


@pytest.mark.parametrize(("melee", "hold", "expected"), [
    (True, ["Rogue", "Pirate"], {"type": "attack", "card": "c1", "weapon": "Cutlass", "target": "c2"}),
    (False, ["Rogue", "Pirate"], {"type": "play", "card": "Pirate"}),
    (False, [], END),
])
def test_the_default_on_ones_own_turn(melee: bool, hold: list[str], expected: dict) -> None:
    """K7: the compulsory melee attack first, then the first hold card in catalogue order, then the end."""
    state = build(in_play={0: ["Pirate Chief"], 1: ["Pirate"]}, hold={0: hold})
    if melee:
        state = engage(state, ("c1", "c2"))
    assert GAME.default_action(state, 0) == expected


def test_every_card_entering_play_gets_a_fresh_id() -> None:
    """Ruling 12: ids come from a per-game counter and are never reused (a dead card's id stays retired)."""
    state = build(in_play={0: ["Pirate Chief", "Rogue"], 1: ["Pirate", "Sloop"]}, hold={0: ["Pirate"]},
                  deck=["AS", "AH"])
    state = act(state, 0, {"type": "attack", "card": "c2", "weapon": "Pistol", "target": "c3"})
    assert card(state, "c3") is None
    state = act(state, 0, {"type": "use", "card": "c1", "target": None})
    state = act(state, 0, {"type": "play", "card": "Pirate"})
    assert [c["id"] for c in seat_view(state, 0)["in_play"]] == ["c1", "c2", "c5", "c6"]


def test_a_ships_use_is_one_attack_with_both_of_its_shots() -> None:
    """T3: 2 Cannons fire both shots as one use; then the Ship is done for the turn."""
    state = build(in_play={0: ["Sloop"], 1: ["Skipper", "Rogue"]}, deck=["2H", "3H"])
    state = act(state, 0, {"type": "attack", "card": "c1", "weapon": "2 Cannons", "target": "c2"})
    state = act(state, 0, {"type": "shot", "target": "c3"})
    assert actions_of(state, "c1") == [] and card(state, "c1")["used"] is True


def test_holds_and_lockers_are_their_owners_and_the_rest_is_public() -> None:
    """K8, ruling 12: a hold to its owner only (size public); a locker to its owner as a multiset; play, damage,
    melee, Davy Jones and flipped cards to all."""
    state = build(in_play={0: ["Rogue"], 1: [("Skipper", 1)]}, hold={0: ["Pirate"], 1: ["Captain"]},
                  locker={0: ["Advisor", "Pirate", "Advisor"]}, davy_jones={1: ["Rogue"]}, deck=["2H"])
    state = act(state, 0, {"type": "attack", "card": "c1", "weapon": "Pistol", "target": "c2"})
    mine, spectator = GAME.view(state, 0), GAME.view(state, None)
    assert mine["seats"][0]["hold"] == ["Pirate"] and mine["seats"][0]["locker"] == {"Pirate": 1, "Advisor": 2}
    assert mine["seats"][1]["hold"] is None and mine["seats"][1]["locker"] is None
    assert mine["seats"][1]["hold_size"] == 1 and mine["seats"][0]["locker_size"] == 3
    assert all(s["hold"] is None and s["locker"] is None for s in spectator["seats"])
    for view in (mine, spectator, GAME.view(state, 1)):
        assert view["seats"][1]["in_play"][0]["damage"] == 1 and view["seats"][1]["davy_jones"] == ["Rogue"]
        assert view["flips"]["pile"] == ["2H"]
