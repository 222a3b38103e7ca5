"""Melee: the charge (M1), Stand and Shoot (M2), the exchange and retaliation (M3, T4, rulings 2 and 16), the
melee lock (M4, ruling 6), Ships, Forts and Lands (M5), release on death (M6) and gang attacks (K6)."""

from __future__ import annotations

from games.protocol import State
from games.raiding_parties import GAME
from tests.games.raiding_parties.scenario import act, build, card, engage, flipped, legal, prompt

DECLINE = {"type": "decline"}


def charge(state: State, card_id: str, weapon: str, target: str, seat: int = 0) -> State:
    return act(state, seat, {"type": "charge", "card": card_id, "weapon": weapon, "target": target})


def attack(state: State, card_id: str, weapon: str, target: str, seat: int = 0) -> State:
    return act(state, seat, {"type": "attack", "card": card_id, "weapon": weapon, "target": target})


def charges(state: State, card_id: str, weapon: str, seat: int = 0) -> list[str]:
    return [a["target"] for a in legal(state, seat)
            if a["type"] == "charge" and a["card"] == card_id and a["weapon"] == weapon]


def moves(state: State, card_id: str, seat: int = 0) -> list[dict]:
    return [a for a in legal(state, seat) if a.get("card") == card_id and a["type"] in ("attack", "charge", "use")]


# ----------------------------------------------------------------------------- M1 charge


def test_a_charge_puts_both_cards_in_melee_and_is_the_chargers_use() -> None:
    """M1: the charger lands on the defender (1 v 1)."""
    state = build(in_play={0: ["Skipper"], 1: ["Rogue"]}, deck=["2H"])
    state = act(charge(state, "c1", "Cutlass", "c2"), 1, DECLINE)  # no Stand and Shoot
    assert prompt(state)["kind"] == "retaliate"
    state = act(state, 1, DECLINE)
    assert card(state, "c1")["melee"] == ["c2"] and card(state, "c2")["melee"] == ["c1"]
    assert card(state, "c1")["used"] is True and moves(state, "c1") == []


def test_charge_targets_by_weapon() -> None:
    """M1: a crew not in melee with any M weapon, a Ship or Fort with a Boarding Axe only, a Land with any."""
    state = build(in_play={0: ["Flagbearers", "Pirate"], 1: ["Skipper", "Sloop", "Pirate Fort", "Coastlands",
                                                           "Rogue"]})
    state = engage(state, ("c2", "c7"))
    assert charges(state, "c1", "2 Cutlass") == ["c3", "c6"]
    assert charges(state, "c1", "Boarding Axe") == ["c3", "c4", "c5", "c6"]


def test_ships_forts_and_lands_never_charge() -> None:
    """M5: they have no charge among their actions."""
    state = build(in_play={0: ["Sloop", "Pirate Fort", "Coastlands"], 1: ["Skipper"]})
    assert not [a for a in legal(state, 0) if a["type"] == "charge"]
    assert not [a for a in legal(state, 0) if a.get("card") == "c3"]  # a Land has no use (T3)


def test_any_number_of_crew_may_gang_attack_a_ship_each_answered_by_its_md() -> None:
    """M1, M3, gang attack: a second boarder joins; Melee Defense answers each one."""
    state = engage(build(in_play={0: ["Raiders", "Brethren"], 1: ["Sloop"]}, deck=["2H", "AS"]), ("c1", "c3"))
    state = charge(state, "c2", "Boarding Axe", "c3")  # 2H misses; MD: AS hits, the Brethren dies
    assert card(state, "c2") is None and card(state, "c3")["melee"] == ["c1"]
    assert flipped(state) == ["2H", "AS"]


def test_crew_of_different_players_may_board_the_same_ship() -> None:
    """K6: each fights only that Ship."""
    state = build(3, in_play={0: ["Raiders"], 1: ["Raiders"], 2: ["Sloop"]}, deck=["2H", "3H"])
    state = engage(state, ("c2", "c3"))
    assert charges(state, "c1", "Boarding Axe") == ["c3"]
    state = charge(state, "c1", "Boarding Axe", "c3")
    assert card(state, "c3")["melee"] == ["c2", "c1"]


# ----------------------------------------------------------------------------- M2 Stand and Shoot


def test_stand_and_shoot_is_offered_to_the_charged_crews_owner_declined_by_default() -> None:
    """M2, K7: the prompt lists its projectile weapons and a decline."""
    state = charge(build(in_play={0: ["Skipper"], 1: ["Flotilla"]}), "c1", "Cutlass", "c2")
    assert prompt(state) == {"kind": "stand_and_shoot", "seat": 1, "card": "c2", "charger": "c1",
                             "weapon": "Cutlass"}
    assert legal(state, 1) == [{"type": "stand", "weapon": "Brace of Pistols"}, DECLINE]
    assert GAME.default_action(state, 1) == DECLINE and legal(state, 0) == []


def test_stand_and_shoot_kills_the_charger_before_contact() -> None:
    """M2, rulebook example: the Master Gunner's cannon kills the charging Swashbuckler; the use is spent."""
    state = build(in_play={0: ["Swashbuckler", "Skipper"], 1: ["Master Gunner"]}, deck=["AS"])
    state = act(charge(state, "c1", "2 Cutlass", "c3"), 1, {"type": "stand", "weapon": "Cannon"})
    assert card(state, "c1") is None and card(state, "c3")["melee"] == [] and prompt(state) is None


def test_a_charger_that_survives_arrives_and_the_defender_does_not_retaliate() -> None:
    """M2: after Stand and Shoot the defender has made its attack for the turn."""
    state = build(in_play={0: ["Skipper"], 1: ["Rogue"]}, deck=["2H", "AS"])
    state = act(charge(state, "c1", "Cutlass", "c2"), 1, {"type": "stand", "weapon": "Pistol"})  # 2H misses
    assert card(state, "c2")["damage"] == 1 and card(state, "c1")["melee"] == ["c2"]  # AS: the Cutlass hits
    assert prompt(state) is None and {"type": "end"} in legal(state, 0)


def test_the_charge_ends_if_the_defender_dies_before_contact() -> None:
    """M2, H4, ruling 16: the Scalawag evades the Stand and Shoot; its free Grenades kill the defender; the
    charge ends out of melee and the use stays spent."""
    state = build(in_play={0: ["Scalawag"], 1: ["Pirate", "Sloop"]}, deck=["AS", "2H", "3C"])
    state = act(charge(state, "c1", "Cutlass", "c2"), 1, {"type": "stand", "weapon": "Pistol"})
    assert prompt(state)["kind"] == "grenades"
    state = act(state, 0, {"type": "grenades", "target": "c2"})
    assert card(state, "c2") is None and card(state, "c1")["melee"] == [] and card(state, "c1")["used"] is True
    assert prompt(state) is None and moves(state, "c1") == []


def test_no_stand_and_shoot_at_a_charger_it_may_not_shoot() -> None:
    """M2: the charger must be a legal projectile target (a Brethren under Coastlands is not)."""
    state = build(in_play={0: ["Brethren", "Coastlands"], 1: ["Rogue"]}, deck=["2H"])
    state = charge(state, "c1", "Boarding Axe", "c3")
    assert prompt(state)["kind"] == "retaliate"


def test_ships_never_stand_and_shoot() -> None:
    """M5: the boarder's axe strikes at once; MD answers."""
    state = charge(build(in_play={0: ["Raiders"], 1: ["Sloop"]}, deck=["2H", "3H"]), "c1", "Boarding Axe", "c2")
    assert prompt(state) is None and flipped(state) == ["2H", "3H"]


def test_a_stand_and_shoot_second_shot_may_go_elsewhere() -> None:
    """M2: the first flip goes at the charger; a Brace's second at the charger or another legal target, a
    (k targets) weapon's further ones at other targets."""
    state = build(in_play={0: ["Skipper", "Rogue"], 1: ["Flotilla"]}, deck=["2H"])
    state = act(charge(state, "c1", "Cutlass", "c3"), 1, {"type": "stand", "weapon": "Brace of Pistols"})
    assert GAME.view(state, None)["resolving"][0]["targets"] == ["c1"]
    assert [a.get("target") for a in legal(state, 1)] == ["c1", "c2", None]
    state = build(in_play={0: ["Skipper", "Rogue"], 1: ["Scalawag"]}, deck=["2H"])
    state = act(charge(state, "c1", "Cutlass", "c3"), 1, {"type": "stand", "weapon": "Grenades"})
    assert [a.get("target") for a in legal(state, 1)] == ["c2", None]


# ----------------------------------------------------------------------------- M3 exchange


def test_the_exchange_of_the_rulebook_example() -> None:
    """M3, H1: two Cutlass swings each resolved with the defender's Fortify before the next, then the retaliation.
    Swashbuckler (2 Cutlass ♠ ♦) charges a Master Gunner (Fortify ♠ ♣; Cutlass ♦, A)."""
    state = build(in_play={0: ["Swashbuckler"], 1: ["Master Gunner"]}, deck=["2S", "3S", "4D", "5H", "6D"])
    state = act(charge(state, "c1", "2 Cutlass", "c2"), 1, DECLINE)
    assert card(state, "c2")["damage"] == 1
    assert prompt(state) == {"kind": "retaliate", "seat": 1, "card": "c2", "attacker": "c1"}
    assert legal(state, 1) == [{"type": "retaliate", "weapon": "Cutlass"}, DECLINE]
    state = act(state, 1, {"type": "retaliate", "weapon": "Cutlass"})
    assert card(state, "c1")["damage"] == 1 and flipped(state) == ["2S", "3S", "4D", "5H", "6D"]


def test_a_double_melee_weapon_flips_twice_while_its_target_lives() -> None:
    """Ruling 7: no choice to stop; and the second swing is lost once the target is dead."""
    state = engage(build(in_play={0: ["Swashbuckler"], 1: ["Pirate"]}, deck=["2S", "3S"]), ("c1", "c2"))
    state = attack(state, "c1", "2 Cutlass", "c2")
    assert card(state, "c2") is None and flipped(state) == ["2S"]


def test_the_retaliation_default_is_the_best_melee_weapon() -> None:
    """M3, K7: the best single-flip chance, first listed on a tie; the owner may pick any M weapon."""
    state = engage(build(in_play={0: ["Pirate"], 1: ["Flagbearers"]}, deck=["2H"]), ("c1", "c2"))
    state = attack(state, "c1", "Cutlass", "c2")
    assert legal(state, 1) == [{"type": "retaliate", "weapon": "2 Cutlass"},
                               {"type": "retaliate", "weapon": "Boarding Axe"}, DECLINE]
    assert GAME.default_action(state, 1) == {"type": "retaliate", "weapon": "2 Cutlass"}


def test_a_crew_retaliates_once_per_turn_not_against_the_extra_attack() -> None:
    """M3, T4: Raiders charge and attack again; the defender already retaliated this turn."""
    state = build(in_play={0: ["Raiders"], 1: ["Captain Redd"]}, deck=["2H", "3H", "4H"])
    state = act(charge(state, "c1", "Boarding Axe", "c2"), 1, DECLINE)
    state = act(state, 1, {"type": "retaliate", "weapon": "2 Cutlass"})
    state = attack(state, "c1", "Boarding Axe", "c2")
    assert prompt(state) is None and card(state, "c1")["extra_attacks"] == 0


def test_a_declined_retaliation_is_kept_for_a_later_attack_that_turn() -> None:
    """Ruling 16: declined against the charge, the retaliation is offered against the extra attack."""
    state = build(in_play={0: ["Raiders"], 1: ["Captain Redd"]}, deck=["2H", "3H"])
    state = act(act(charge(state, "c1", "Boarding Axe", "c2"), 1, DECLINE), 1, DECLINE)
    state = attack(state, "c1", "Boarding Axe", "c2")
    assert prompt(state)["kind"] == "retaliate"


def test_melee_defense_answers_every_melee_attack_of_the_rulebook_example() -> None:
    """M3, M5, T4: Raiders board the Ship and attack again; the MD answers both, automatically."""
    state = build(in_play={0: ["Raiders"], 1: ["Sloop"]}, deck=["AS", "2S", "3H", "2D", "4C"])
    state = charge(state, "c1", "Boarding Axe", "c2")  # AS hits (2S: no evade); MD 3H misses
    assert card(state, "c2")["damage"] == 1 and card(state, "c1")["damage"] == 0 and prompt(state) is None
    state = attack(state, "c1", "Boarding Axe", "c2")  # 2D misses; MD 4C hits
    assert card(state, "c1")["damage"] == 1


def test_a_projectile_attack_draws_no_retaliation() -> None:
    """M3: only melee attacks are answered (Cannoneer aside); a shot Ship's MD stays silent too."""
    state = build(in_play={0: ["Rogue", "Skipper"], 1: ["Captain Redd", "Sloop"]}, deck=["AS", "2S", "KS", "3S"])
    state = attack(state, "c1", "Pistol", "c3")
    state = attack(state, "c2", "Pistol", "c4")
    assert prompt(state) is None and card(state, "c1")["damage"] == card(state, "c2")["damage"] == 0
    assert card(state, "c3")["damage"] == 1 and card(state, "c4")["damage"] == 1


def test_a_dead_defender_does_not_retaliate() -> None:
    """M3."""
    state = engage(build(in_play={0: ["Pirate"], 1: ["Pirate"]}, deck=["AD"]), ("c1", "c2"))
    state = attack(state, "c1", "Cutlass", "c2")
    assert card(state, "c2") is None and prompt(state) is None


# ----------------------------------------------------------------------------- M4 lock, M5, M6


def test_a_crew_in_melee_may_only_attack_its_opponent_in_melee() -> None:
    """M4: no shot, no charge elsewhere, no ability (Rogue's Use)."""
    state = engage(build(in_play={0: ["Rogue"], 1: ["Skipper", "Pirate"]}, hold={1: ["Pirate"]}), ("c1", "c2"))
    assert moves(state, "c1") == [{"type": "attack", "card": "c1", "weapon": "Dagger", "target": "c2"}]


def test_a_boarder_strikes_with_its_boarding_axe() -> None:
    """M4: a Ship/Fort boarder uses a Boarding Axe."""
    state = engage(build(in_play={0: ["Flagbearers"], 1: ["Sloop"]}), ("c1", "c2"))
    assert moves(state, "c1") == [{"type": "attack", "card": "c1", "weapon": "Boarding Axe", "target": "c2"}]


def test_extra_attacks_in_melee_stay_optional() -> None:
    """Ruling 6: the lock asks one melee attack per turn; the Raiders' second is optional."""
    state = engage(build(in_play={0: ["Raiders"], 1: ["Sloop"]}, deck=["2H", "3H"]), ("c1", "c2"))
    state = attack(state, "c1", "Boarding Axe", "c2")
    assert card(state, "c1")["extra_attacks"] == 1 and {"type": "end"} in legal(state, 0)


def test_a_ship_ignores_its_boarders_on_its_own_turn() -> None:
    """M5: it shoots elsewhere (never at a boarder: crew in melee), and its boarders do not answer."""
    state = engage(build(in_play={0: ["Sloop"], 1: ["Raiders", "Skipper"]}, deck=["2H", "3H"]), ("c2", "c1"))
    assert [a for a in legal(state, 0) if a["type"] != "end"] == [
        {"type": "attack", "card": "c1", "weapon": "2 Cannons", "target": "c3"}]
    state = act(attack(state, "c1", "2 Cannons", "c3"), 0, {"type": "shot", "target": "c3"})
    assert prompt(state) is None and {"type": "end"} in legal(state, 0)


def test_a_land_answers_a_charge_with_its_md() -> None:
    """M5: Lands take any melee weapon and answer with their MD line (Coastlands ♣, A)."""
    state = charge(build(in_play={0: ["Pirate"], 1: ["Coastlands"]}, deck=["2H", "AH"]), "c1", "Cutlass", "c2")
    assert card(state, "c1") is None and flipped(state) == ["2H", "AH"]


def test_a_death_releases_every_card_in_melee_with_it() -> None:
    """M6: the Ship dies; both boarders return to their side."""
    state = build(in_play={0: ["Raiders", "Flagbearers", "Master Gunner"], 1: [("Sloop", 1)]}, deck=["AS", "2S"])
    state = engage(state, ("c1", "c4"), ("c2", "c4"))
    state = attack(state, "c3", "Cannon", "c4")
    assert card(state, "c4") is None
    assert card(state, "c1")["melee"] == [] and card(state, "c2")["melee"] == []


def test_a_released_crew_that_has_not_used_may_still_use() -> None:
    """M6: released before its melee attack, the Raiders may shoot or charge elsewhere."""
    state = build(in_play={0: ["Raiders", "Master Gunner"], 1: [("Sloop", 1), "Skipper"]}, deck=["AS", "2S"])
    state = attack(engage(state, ("c1", "c3")), "c2", "Cannon", "c3")
    assert {"type": "attack", "card": "c1", "weapon": "Pistol", "target": "c4"} in legal(state, 0)
    assert card(state, "c1")["used"] is False


def test_melee_release_after_a_kill_in_the_exchange() -> None:
    """M6: the attacker kills its crew opponent and is free again."""
    state = engage(build(in_play={0: ["Pirate"], 1: ["Pirate"]}, deck=["AD"]), ("c1", "c2"))
    state = attack(state, "c1", "Cutlass", "c2")
    assert card(state, "c1")["melee"] == []


def test_a_defender_that_stood_and_shot_does_not_retaliate_later_that_turn() -> None:
    """M2 ("the defender does not retaliate this turn"), T4: the Raiders' extra attack after the charge draws no
    retaliation from the Rogue that stood and shot."""
    state = build(in_play={0: ["Raiders"], 1: ["Rogue", "Sloop"]}, deck=["2H", "3H", "4H"])
    state = act(charge(state, "c1", "Boarding Axe", "c2"), 1, {"type": "stand", "weapon": "Pistol"})
    assert card(state, "c1")["melee"] == ["c2"] and prompt(state) is None
    state = attack(state, "c1", "Boarding Axe", "c2")
    assert prompt(state) is None and flipped(state) == ["2H", "3H", "4H"]


def test_a_boarded_fort_may_still_use_its_ability() -> None:
    """M5: on its own turn a Fort ignores its boarders and may make a Pirate."""
    state = engage(build(in_play={0: ["Pirate Fort"], 1: ["Raiders"]}, deck=["2C"]), ("c2", "c1"))
    state = act(state, 0, {"type": "use", "card": "c1", "target": None})
    assert [c["name"] for c in GAME.view(state, 0)["seats"][0]["in_play"]] == ["Pirate Fort", "Pirate"]


def test_stand_and_shoot_extra_targets_may_be_any_opponents() -> None:
    """K6: the Scalawag's further grenades may go at a third player's crew."""
    state = build(3, in_play={0: ["Skipper"], 1: ["Scalawag"], 2: ["Rogue"]}, deck=["2H"])
    state = act(charge(state, "c1", "Cutlass", "c2"), 1, {"type": "stand", "weapon": "Grenades"})
    assert [a.get("target") for a in legal(state, 1)] == ["c3", None]
