"""Card abilities and auras (edition §2, K2, K3), one test or more per card. Cards whose ability is checked with its
convention live there: Brethren, Ranger, Raiders, Advisor (test_turn), Instructor, Pirate Ship (test_flips),
Coastlands (test_targets, test_hits), Navigator, Scalawag, Officer, Master Gunner, Sloop, Jolly Roger (test_hits)."""

from __future__ import annotations

from games.protocol import State
from games.raiding_parties import GAME
from games.raiding_parties.data import BY_NAME, catalogue_json
from tests.games.raiding_parties.scenario import (
    act,
    build,
    card,
    engage,
    flipped,
    legal,
    pass_windows,
    prompt,
    public_log,
    seat_view,
    spawned,
)

DECLINE = {"type": "decline"}


def attack(state: State, card_id: str, weapon: str, target: str, seat: int = 0) -> State:
    return act(state, seat, {"type": "attack", "card": card_id, "weapon": weapon, "target": target})


def use(state: State, card_id: str, target: str | None = None, seat: int = 0) -> State:
    return act(state, seat, {"type": "use", "card": card_id, "target": target})


def names_in_play(state: State, seat: int) -> list[tuple[str, bool]]:
    return [(c["name"], c["spawned"]) for c in seat_view(state, seat)["in_play"]]


def weapons(state: State, card_id: str) -> set[str]:
    return {a["weapon"] for a in legal(state, 0) if a.get("card") == card_id and "weapon" in a}


# ----------------------------------------------------------------------------- Make a Pirate (K2)


def test_pirate_chief_makes_a_pirate_that_may_act_at_once() -> None:
    """Pirate Chief (Use ♥, A), K2, T2: a spawned Pirate with the Pirate's stats joins play and may be used."""
    state = use(build(in_play={0: ["Pirate Chief"], 1: ["Skipper"]}, deck=["AC"]), "c1")
    assert names_in_play(state, 0) == [("Pirate Chief", False), ("Pirate", True)]
    new = card(state, "c3")
    assert new["hp"] == BY_NAME["Pirate"]["hp"] and new["used"] is False
    assert {"type": "attack", "card": "c3", "weapon": "Pistol", "target": "c2"} in legal(state, 0)


def test_make_a_pirate_fails_off_its_line() -> None:
    """Pirate Chief: ♥, A only (2C fails); the use is spent."""
    state = use(build(in_play={0: ["Pirate Chief"], 1: ["Skipper"]}, deck=["2C"]), "c1")
    assert names_in_play(state, 0) == [("Pirate Chief", False)] and card(state, "c1")["used"] is True


def test_flotilla_makes_a_pirate() -> None:
    """Flotilla (Use ♠ ♥)."""
    state = use(build(in_play={0: ["Flotilla"], 1: ["Skipper"]}, deck=["2S"]), "c1")
    assert names_in_play(state, 0)[-1] == ("Pirate", True)


def test_pirate_forts_use_is_its_cannons_or_make_a_pirate() -> None:
    """Pirate Fort (Use ♣ ♥), T3: Make a Pirate spends its use, so its cannons stay silent this turn."""
    state = use(build(in_play={0: ["Pirate Fort"], 1: ["Skipper"]}, deck=["2C"]), "c1")
    assert names_in_play(state, 0)[-1] == ("Pirate", True)
    assert not [a for a in legal(state, 0) if a.get("card") == "c1"]


def test_pirate_fort_defends_and_fortifies() -> None:
    """Pirate Fort: MD ♠ ♦ answers a boarder; Fortify ♠ ♣ cancels a normal hit."""
    state = build(in_play={0: ["Raiders"], 1: ["Pirate Fort"]}, deck=["AS", "2C", "3D"])
    state = act(state, 0, {"type": "charge", "card": "c1", "weapon": "Boarding Axe", "target": "c2"})
    assert card(state, "c2")["damage"] == 0 and card(state, "c1")["damage"] == 1


def test_spawns_beyond_twenty_in_play_fizzle() -> None:
    """K5(d): at most 20 spawned cards in play per player."""
    state = use(spawned(build(in_play={0: ["Pirate Chief"], 1: ["Skipper"]}, deck=["AC"]), 0, count=20), "c1")
    assert sum(spawned_ for _, spawned_ in names_in_play(state, 0)) == 20


def test_liberty_brings_a_privateer_when_played() -> None:
    """Liberty (Played, rulebook example): the Privateer is spawned by itself as Liberty enters play."""
    state = act(build(in_play={1: ["Skipper"]}, hold={0: ["Liberty"]}), 0, {"type": "play", "card": "Liberty"})
    assert names_in_play(state, 0) == [("Liberty", False), ("Privateer", True)]
    assert not [a for a in legal(state, 0) if a["type"] == "effect"]


# ----------------------------------------------------------------------------- Privateer, Pirateer, Lieutenant


def test_a_privateer_doubles_a_pirateers_pistol_however_many_there_are() -> None:
    """Privateer: two shots with one Privateer or two; none without (a Pirateer gives no bonus)."""
    for mine, flips in ((["Privateer"], 2), (["Privateer", "Privateer"], 2), (["Pirateer"], 1)):
        state = attack(build(in_play={0: ["Pirateer", *mine], 1: ["Skipper", "Sloop"]}, deck=["2H"]),
                       "c1", "Pistol", f"c{2 + len(mine)}")
        assert (prompt(state) is not None) == (flips == 2)


def test_the_double_shot_is_fixed_when_the_attack_starts() -> None:
    """Ruling 16: the Privateer dies to the Scalawag's free Grenades between the shots; the second stays."""
    state = build(in_play={0: ["Pirateer", "Privateer"], 1: ["Scalawag", "Sloop"]}, deck=["AD", "2H", "3C"])
    state = act(attack(state, "c1", "Pistol", "c3"), 1, {"type": "grenades", "target": "c2"})
    assert card(state, "c2") is None
    state = act(state, 1, {"type": "stop"})  # no grenade at the Pirateer
    assert prompt(state)["kind"] == "aim" and prompt(state)["seat"] == 0 and prompt(state)["flips_left"] == 1


def test_a_pirateer_is_a_pirate_and_a_privateer_in_play() -> None:
    """Pirateer, K3: Pirate Ship's ♣ helps it; Lieutenant may give it an extra attack."""
    state = build(in_play={0: ["Pirateer", "Pirate Ship", "Lieutenant"], 1: ["Skipper"]}, deck=["2C", "3S"])
    state = attack(state, "c1", "Pistol", "c4")
    assert card(state, "c4")["damage"] == 1
    state = use(state, "c3", "c1")
    assert card(state, "c1")["extra_attacks"] == 1


def test_lieutenant_gives_a_privateer_an_extra_attack() -> None:
    """Lieutenant (Use ♠ ♣)."""
    state = use(build(in_play={0: ["Lieutenant", "Privateer"], 1: ["Skipper"]}, deck=["2C"]), "c1", "c2")
    assert card(state, "c2")["extra_attacks"] == 1 and card(state, "c1")["used"] is True


# ----------------------------------------------------------------------------- Cannoneer


def cannoneer_charges() -> State:
    """My Cannoneer charges the Skipper (no Stand and Shoot), its Dagger misses, the Skipper retaliates and
    misses."""
    state = build(in_play={0: ["Cannoneer"], 1: ["Skipper", "Sloop"]}, deck=["2H", "3H", "4D"])
    state = act(state, 0, {"type": "charge", "card": "c1", "weapon": "Dagger", "target": "c2"})
    state = act(state, 1, DECLINE)
    return act(state, 1, {"type": "retaliate", "weapon": "Cutlass"})


def test_cannoneer_strikes_once_more_after_the_retaliation_unanswered() -> None:
    """Cannoneer (a): it may melee-attack that opponent once more; no retaliation follows."""
    state = cannoneer_charges()
    assert prompt(state) == {"kind": "cannoneer", "seat": 0, "card": "c1", "form": "a", "target": "c2"}
    assert GAME.default_action(state, 0) == DECLINE
    state = act(state, 0, {"type": "cannoneer"})  # 4D: the Dagger (♦, A) hits
    assert card(state, "c2")["damage"] == 1 and prompt(state) is None


def test_cannoneer_a_draws_melee_defense() -> None:
    """Cannoneer (a), ruling 2: an MD defender (a Land) answers it."""
    state = build(in_play={0: ["Cannoneer"], 1: ["Dueling Grounds"]}, deck=["2H", "3H", "4H", "5H"])
    state = act(state, 0, {"type": "charge", "card": "c1", "weapon": "Dagger", "target": "c2"})
    state = act(state, 0, {"type": "cannoneer"})
    assert flipped(state) == ["2H", "3H", "4H", "5H"] and prompt(state) is None


def test_cannoneer_fires_back_at_a_shooter_once_per_turn() -> None:
    """Cannoneer (b): after an enemy P attack on it, its Cannon at the attacker (a crew dies); once per turn."""
    state = build(in_play={0: ["Rogue", "Skipper"], 1: ["Cannoneer", "Sloop"]}, deck=["2H", "AC", "3H"])
    state = act(attack(state, "c1", "Pistol", "c3"), 1, {"type": "cannoneer"})
    assert card(state, "c1") is None
    state = attack(state, "c2", "Pistol", "c3")
    assert prompt(state) is None


def test_cannoneer_b_answers_only_attacks_made_as_a_use_or_extra_attack() -> None:
    """Ruling 2: a Stand and Shoot on the Cannoneer draws no return fire."""
    state = build(in_play={0: ["Cannoneer"], 1: ["Rogue", "Sloop"]}, deck=["2H", "3H"])
    state = act(state, 0, {"type": "charge", "card": "c1", "weapon": "Dagger", "target": "c2"})
    state = act(state, 1, {"type": "stand", "weapon": "Pistol"})
    assert prompt(state) is None and card(state, "c1")["melee"] == ["c2"]


def test_cannoneer_return_fire_is_never_answered() -> None:
    """Ruling 2: the return fire of one Cannoneer at another Cannoneer draws no return fire."""
    state = build(in_play={0: ["Cannoneer", "Skipper"], 1: ["Cannoneer", "Sloop"]}, deck=["2H", "3H"])
    state = act(attack(state, "c1", "Cannon", "c3"), 1, {"type": "cannoneer"})
    assert prompt(state) is None


def test_several_cannoneers_fire_back_in_the_order_they_were_targeted() -> None:
    """Ruling 10: Grenades at two Cannoneers, the second named first: it answers first."""
    state = build(in_play={0: ["Scalawag", "Skipper"], 1: ["Cannoneer", "Cannoneer"]}, deck=["2H", "3H", "4H"])
    state = act(attack(state, "c1", "Grenades", "c4"), 0, {"type": "shot", "target": "c3"})
    assert prompt(state)["card"] == "c4"
    state = act(state, 1, DECLINE)
    assert prompt(state)["card"] == "c3"


# ----------------------------------------------------------------------------- searches


def test_skipper_searches_its_locker_and_only_its_owner_learns_the_card() -> None:
    """Skipper (Use ♥ ♦), K8: the owner picks from the locker's names; the public log does not name the card."""
    state = build(in_play={0: ["Skipper"], 1: ["Sloop"]}, locker={0: ["Pirate", "Captain", "Pirate"]},
                  deck=["2D"])
    state = use(state, "c1")
    assert prompt(state) == {"kind": "search", "seat": 0, "card": "c1"}
    assert legal(state, 0) == [{"type": "search", "card": "Pirate"}, {"type": "search", "card": "Captain"}]
    assert legal(state, 1) == [] and GAME.default_action(state, 0) == {"type": "search", "card": "Pirate"}
    state = act(state, 0, {"type": "search", "card": "Captain"})
    assert seat_view(state, 0, 0)["hold"] == ["Captain"] and seat_view(state, 0, 0)["locker"] == {"Pirate": 2}
    assert not any("Captain" in line for line in public_log(state))


def test_skipper_may_not_search_an_empty_locker() -> None:
    """Skipper: not allowed if the locker is empty."""
    state = build(in_play={0: ["Skipper"], 1: ["Sloop"]})
    assert not [a for a in legal(state, 0) if a["type"] == "use"]


def test_quicksilver_searches_when_played() -> None:
    """Quicksilver (Played): put any locker card into the hold."""
    state = build(in_play={1: ["Skipper"]}, hold={0: ["Quicksilver"]}, locker={0: ["Rogue", "Pirate"]})
    state = act(state, 0, {"type": "play", "card": "Quicksilver"})
    assert [a for a in legal(state, 0) if a["type"] == "effect"] == [
        {"type": "effect", "card": "c2", "pick": "Pirate"}, {"type": "effect", "card": "c2", "pick": "Rogue"}]
    state = act(state, 0, {"type": "effect", "card": "c2", "pick": "Rogue"})
    assert seat_view(state, 0, 0)["hold"] == ["Rogue"]


# ----------------------------------------------------------------------------- Rogue, Navigator


def test_rogue_destroys_a_random_card_in_a_hold_whatever_its_hp() -> None:
    """Rogue (Use ♥, A)."""
    state = pass_windows(use(build(in_play={0: ["Rogue"], 1: ["Sloop"]}, hold={1: ["Captain"]}, deck=["2H"]),
                             "c1", "hold:1"))
    assert seat_view(state, 1)["davy_jones"] == ["Captain"]


def test_a_destroy_may_still_be_evaded() -> None:
    """Rogue, H3: the revealed card's Evade still applies (Scalawag ♥)."""
    state = pass_windows(use(build(in_play={0: ["Rogue"], 1: ["Sloop"]}, hold={1: ["Scalawag"]},
                                   deck=["2H", "3H"]), "c1", "hold:1"))
    assert seat_view(state, 1, 1)["hold"] == ["Scalawag"]


def test_a_navigator_also_answers_a_rogue() -> None:
    """Navigator (rulebook FAQ): any hit that targets a hold, a Rogue's ability included."""
    state = use(build(in_play={0: ["Rogue"], 1: ["Sloop"]}, hold={1: ["Navigator"]}, deck=["2H", "3D"]),
                "c1", "hold:1")
    state = act(state, 1, {"type": "navigator"})
    assert seat_view(state, 1, 1)["hold"] == ["Navigator"] and prompt(state) is None


# ----------------------------------------------------------------------------- extra attacks


def test_flagbearers_may_give_any_of_its_owners_crew_the_extra_attack_itself_included() -> None:
    """Flagbearers (Played): one crew in play, not a Ship."""
    state = build(in_play={0: ["Rogue", "Sloop"], 1: ["Skipper"]}, hold={0: ["Flagbearers"]})
    state = act(state, 0, {"type": "play", "card": "Flagbearers"})
    assert [a["target"] for a in legal(state, 0) if a["type"] == "effect"] == ["c1", "c4"]
    state = act(state, 0, {"type": "effect", "card": "c4", "target": "c4"})
    assert card(state, "c4")["extra_attacks"] == 1


def test_captain_gives_another_crew_an_extra_attack_and_fortifies() -> None:
    """Captain (Use ♠ ♦; Fortify ♣ ♥)."""
    state = use(build(in_play={0: ["Captain", "Rogue"], 1: ["Skipper"]}, deck=["2D"]), "c1", "c2")
    assert card(state, "c2")["extra_attacks"] == 1
    state = attack(build(in_play={0: ["Rogue"], 1: ["Captain"]}, deck=["AS", "2H"]), "c1", "Pistol", "c2")
    assert card(state, "c2")["damage"] == 0


# ----------------------------------------------------------------------------- auras


def test_artishaan_gives_its_owners_pirates_in_play_evade_hearts_itself_included() -> None:
    """Artishaan (Aura), K3: a Pirate and Artishaan evade on ♥; a non-Pirate does not."""
    for target, evaded in (("c2", True), ("c3", True), ("c4", False)):
        state = build(in_play={0: ["Rogue"], 1: ["Pirate Chief", "Artishaan", "Skipper"]}, deck=["AS", "2H"])
        state = attack(state, "c1", "Pistol", target)
        assert card(state, target)["damage"] == (0 if evaded else 1)


def test_swashbucklers_get_a_cannon_while_captain_redd_is_in_play() -> None:
    """Captain Redd (Aura), Swashbuckler."""
    assert weapons(build(in_play={0: ["Swashbuckler"], 1: ["Skipper"]}), "c1") == {"2 Cutlass"}
    state = build(in_play={0: ["Swashbuckler", "Captain Redd"], 1: ["Skipper"]}, deck=["AS"])
    assert "Cannon" in weapons(state, "c1")
    state = attack(state, "c1", "Cannon", "c3")
    assert card(state, "c3") is None


def test_a_swashbuckler_may_stand_and_shoot_with_its_cannon() -> None:
    """Swashbuckler: "it may also Stand and Shoot with it"."""
    state = build(in_play={0: ["Skipper"], 1: ["Swashbuckler", "Captain Redd"]}, deck=["AS"])
    state = act(state, 0, {"type": "charge", "card": "c1", "weapon": "Cutlass", "target": "c2"})
    assert legal(state, 1) == [{"type": "stand", "weapon": "Cannon"}, DECLINE]
    state = act(state, 1, {"type": "stand", "weapon": "Cannon"})
    assert card(state, "c1") is None


def test_captain_redd_evades_on_hearts() -> None:
    """Captain Redd: Evade ♥."""
    state = attack(build(in_play={0: ["Rogue"], 1: ["Captain Redd"]}, deck=["AS", "2H"]), "c1", "Pistol", "c2")
    assert card(state, "c2")["damage"] == 0


def test_dueling_grounds_gives_a_k_target_weapon_one_flip_for_every_player() -> None:
    """Dueling Grounds (Aura for all players): the Grounds' owner's opponent is bound too."""
    for owner in (0, 1):
        in_play = {0: ["Scalawag"], 1: ["Skipper", "Rogue"]}
        in_play[owner] = [*in_play[owner], "Dueling Grounds"]
        state = attack(build(in_play=in_play, deck=["2H"]), "c1", "Grenades", "c3" if owner == 0 else "c2")
        assert prompt(state) is None and flipped(state) == ["2H"]


def test_dueling_grounds_puts_both_shots_of_a_two_shot_weapon_on_one_target() -> None:
    """Dueling Grounds: a Brace's second shot goes only at the first target."""
    state = build(in_play={0: ["Flotilla"], 1: ["Skipper", "Rogue", "Dueling Grounds"]}, deck=["2H"])
    state = attack(state, "c1", "Brace of Pistols", "c2")
    assert [a.get("target") for a in legal(state, 0)] == ["c2", None]


def test_dueling_grounds_binds_stand_and_shoot() -> None:
    """Dueling Grounds: also Stand and Shoot (a Scalawag's Grenades go only at the charger)."""
    state = build(in_play={0: ["Skipper", "Rogue"], 1: ["Scalawag", "Dueling Grounds"]}, deck=["2H", "3H"])
    state = act(state, 0, {"type": "charge", "card": "c1", "weapon": "Cutlass", "target": "c3"})
    state = act(state, 1, {"type": "stand", "weapon": "Grenades"})
    assert prompt(state) is None and flipped(state) == ["2H", "3H"]


def test_dueling_grounds_binds_free_grenades() -> None:
    """Dueling Grounds: Scalawag's free Grenades take one target."""
    state = build(in_play={0: ["Rogue", "Skipper"], 1: ["Scalawag", "Dueling Grounds"]}, deck=["AS", "2H", "3H"])
    state = act(attack(state, "c1", "Pistol", "c3"), 1, {"type": "grenades", "target": "c1"})
    assert prompt(state) is None and flipped(state) == ["AS", "2H", "3H"]


def test_dueling_grounds_defends_itself() -> None:
    """Dueling Grounds: MD ♠, A K against a charger."""
    state = build(in_play={0: ["Pirate"], 1: ["Dueling Grounds"]}, deck=["2H", "KH"])
    state = act(state, 0, {"type": "charge", "card": "c1", "weapon": "Cutlass", "target": "c2"})
    assert card(state, "c1") is None


def test_coastlands_defends_itself() -> None:
    """Coastlands: MD ♣, A."""
    state = build(in_play={0: ["Pirate"], 1: ["Coastlands"]}, deck=["2H", "3C"])
    state = act(state, 0, {"type": "charge", "card": "c1", "weapon": "Cutlass", "target": "c2"})
    assert card(state, "c1") is None


def test_in_melee_scalawag_still_evades() -> None:
    """Scalawag: Evade ♥ also in melee (only the free Grenades are off, ruling 14)."""
    state = engage(build(in_play={0: ["Pirate"], 1: ["Scalawag", "Sloop"]}, deck=["AD", "2H"]), ("c1", "c2"))
    state = attack(state, "c1", "Cutlass", "c2")
    assert card(state, "c2")["damage"] == 0


def test_free_grenades_draw_no_return_fire() -> None:
    """Ruling 2: only an attack made as a use or an extra attack draws Cannoneer (b); free Grenades do not."""
    state = build(in_play={0: ["Rogue", "Cannoneer"], 1: ["Scalawag", "Sloop"]}, deck=["AS", "2H", "3H"])
    state = act(attack(state, "c1", "Pistol", "c3"), 1, {"type": "grenades", "target": "c2"})
    state = act(state, 1, {"type": "stop"})
    assert prompt(state) is None


def test_no_return_fire_at_an_attacker_it_may_not_shoot() -> None:
    """Cannoneer (b): only if the attacker is a legal target (a Brethren under Coastlands is not)."""
    state = build(in_play={0: ["Brethren", "Coastlands"], 1: ["Cannoneer", "Sloop"]}, deck=["2H"])
    state = attack(state, "c1", "Grenades", "c3")
    assert prompt(state) is None


def test_cannoneer_strikes_once_more_only_after_a_retaliation_and_once_per_turn() -> None:
    """Cannoneer (a): not after a declined retaliation; once a turn, even with an extra attack."""
    state = build(in_play={0: ["Cannoneer"], 1: ["Skipper", "Sloop"]}, deck=["2H", "3H"])
    state = act(state, 0, {"type": "charge", "card": "c1", "weapon": "Dagger", "target": "c2"})
    state = act(act(state, 1, DECLINE), 1, DECLINE)
    assert prompt(state) is None
    state = build(in_play={0: ["Cannoneer"], 1: ["Dueling Grounds"]}, hold={0: ["Flagbearers"]},
                  deck=["2H", "3H", "4H", "5H", "6H", "7H"])
    state = act(state, 0, {"type": "play", "card": "Flagbearers"})
    state = act(state, 0, {"type": "effect", "card": "c3", "target": "c1"})
    state = act(state, 0, {"type": "charge", "card": "c1", "weapon": "Dagger", "target": "c2"})
    state = act(state, 0, {"type": "cannoneer"})
    state = attack(state, "c1", "Dagger", "c2")
    assert prompt(state) is None and len(flipped(state)) == 6


def test_dueling_grounds_keeps_a_pirateers_double_shot_on_one_target() -> None:
    """Dueling Grounds: a Pirateer's double shot puts both on its first target."""
    state = build(in_play={0: ["Pirateer", "Privateer"], 1: ["Skipper", "Rogue", "Dueling Grounds"]}, deck=["2H"])
    state = attack(state, "c1", "Pistol", "c3")
    assert [a.get("target") for a in legal(state, 0)] == ["c3", None]


# Edition §2: (type, gold, HP, unique) of every card, in catalogue order.
CATALOGUE = {
    "Pirate": ("crew", 1, 1, False), "Pirateer": ("crew", 1, 1, False), "Privateer": ("crew", 1, 1, False),
    "Navigator": ("crew", 2, 1, False), "Brethren": ("crew", 2, 1, False), "Ranger": ("crew", 2, 1, False),
    "Pirate Chief": ("crew", 2, 2, False), "Cannoneer": ("crew", 3, 1, False), "Skipper": ("crew", 3, 2, False),
    "Lieutenant": ("crew", 3, 2, False), "Rogue": ("crew", 3, 2, False), "Advisor": ("crew", 3, 2, False),
    "Scalawag": ("crew", 3, 2, False), "Swashbuckler": ("crew", 3, 2, False), "Instructor": ("crew", 3, 2, True),
    "Flagbearers": ("crew", 4, 3, False), "Flotilla": ("crew", 4, 3, False), "Raiders": ("crew", 4, 3, False),
    "Officer": ("crew", 4, 3, True), "Master Gunner": ("crew", 4, 2, False), "Artishaan": ("crew", 5, 3, True),
    "Captain Redd": ("crew", 5, 3, True), "Captain": ("crew", 6, 4, True), "Sloop": ("ship", 5, 3, False),
    "Quicksilver": ("ship", 6, 4, True), "Liberty": ("ship", 7, 5, True), "Pirate Ship": ("ship", 8, 6, False),
    "Pirate Fort": ("fort", 8, 8, False), "Coastlands": ("land", 3, 4, True), "Dueling Grounds": ("land", 2, 3, True),
    "Jolly Roger": ("one-timer", 2, None, False),
}


def test_the_catalogue_has_the_editions_31_cards_in_its_order() -> None:
    """Edition §2, ruling 16 (catalogue order = the row order of §2)."""
    shown = catalogue_json()
    assert {c["name"]: (c["type"], c["gold"], c["hp"], c["unique"]) for c in shown} == CATALOGUE
    assert [c["name"] for c in shown] == list(CATALOGUE)
    assert {c["name"] for c in shown if c["md"] is not None} == {
        "Sloop", "Quicksilver", "Liberty", "Pirate Ship", "Pirate Fort", "Coastlands", "Dueling Grounds"}


def test_a_spawned_privateer_is_its_owners_in_every_respect() -> None:
    """K2: Liberty's spawned Privateer doubles a Pirateer's Pistol like any Privateer."""
    state = build(in_play={0: ["Pirateer"], 1: ["Skipper", "Rogue"]}, hold={0: ["Liberty"]}, deck=["2H"])
    state = act(state, 0, {"type": "play", "card": "Liberty"})
    assert names_in_play(state, 0)[-1] == ("Privateer", True)
    state = attack(state, "c1", "Pistol", "c2")
    assert prompt(state)["kind"] == "aim" and prompt(state)["flips_left"] == 1


def test_quicksilver_with_an_empty_locker_does_nothing() -> None:
    """T5: no search is offered, on its owner's turn or when forced into play from the hold (H3)."""
    state = act(build(in_play={1: ["Skipper"]}, hold={0: ["Quicksilver"]}), 0, {"type": "play", "card": "Quicksilver"})
    assert not [a for a in legal(state, 0) if a["type"] == "effect"]
    state = build(in_play={0: ["Master Gunner"], 1: ["Sloop"]}, hold={1: ["Quicksilver"]}, deck=["AS"])
    state = pass_windows(attack(state, "c1", "Cannon", "hold:1"))
    assert prompt(state) is None and names_in_play(state, 1)[-1] == ("Quicksilver", False)
