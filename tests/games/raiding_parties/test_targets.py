"""Weapons and targets: legal targets (W4, ruling 8, Coastlands), flips per weapon and choosing each target
(W2, ruling 7), a Ship, Fort or Land as sole target (W3), Use targets (ruling 9) and several opponents (K6)."""

from __future__ import annotations

from games.protocol import State
from games.raiding_parties import GAME
from games.raiding_parties.data import catalogue_json
from tests.games.raiding_parties.scenario import act, build, card, engage, flipped, legal, prompt


def targets(state: State, card_id: str, weapon: str, seat: int = 0) -> list[str]:
    return [a["target"] for a in legal(state, seat)
            if a["type"] == "attack" and a["card"] == card_id and a["weapon"] == weapon]


def shots(state: State, seat: int = 0) -> list[str]:
    """The targets the open aim prompt offers."""
    assert prompt(state)["kind"] == "aim"
    actions = legal(state, seat)
    assert {"type": "stop"} in actions
    return [a["target"] for a in actions if a["type"] == "shot"]


def attack(state: State, card_id: str, weapon: str, target: str, seat: int = 0) -> State:
    return act(state, seat, {"type": "attack", "card": card_id, "weapon": weapon, "target": target})


def melee_table() -> State:
    """Mine: Rogue c1, Master Gunner c2, Raiders c3 (boarding the Sloop), Pirate c4 (fighting the Skipper).
    Theirs: Pirate c5, Sloop c6, Coastlands c7, Skipper c8, and a card in the hold."""
    state = build(in_play={0: ["Rogue", "Master Gunner", "Raiders", "Pirate"],
                           1: ["Pirate", "Sloop", "Coastlands", "Skipper"]}, hold={1: ["Pirate"]})
    return engage(state, ("c3", "c6"), ("c4", "c8"))


def test_a_projectile_aims_at_crew_out_of_melee_and_at_ships_even_in_melee() -> None:
    """W4: never a Land, a hold or a crew in melee; a Ship with boarders on it may still be shot."""
    assert targets(melee_table(), "c1", "Pistol") == ["c5", "c6"]


def test_a_cannon_also_aims_at_lands_and_holds_with_a_card() -> None:
    """W4: a cannon adds any enemy Land and any enemy hold that is not empty."""
    assert targets(melee_table(), "c2", "Cannon") == ["c5", "c6", "c7", "hold:1"]
    state = build(in_play={0: ["Master Gunner"], 1: ["Pirate"]})
    assert targets(state, "c1", "Cannon") == ["c2"]


def test_a_land_with_attackers_on_it_cannot_be_shot() -> None:
    """Ruling 8: no projectiles into a melee, except at a Ship or Fort."""
    state = engage(build(in_play={0: ["Master Gunner", "Pirate"], 1: ["Coastlands", "Skipper"]}), ("c2", "c3"))
    assert targets(state, "c1", "Cannon") == ["c4"]


def test_coastlands_shields_its_owners_brethren_from_every_shot_but_not_from_a_charge() -> None:
    """W4, Coastlands: no P weapon, cannon included, may target them; a charge still may. K6: another player's
    Brethren, without Coastlands, may be shot."""
    state = build(3, in_play={0: ["Master Gunner", "Pirate"], 1: ["Coastlands", "Brethren"], 2: ["Brethren"]})
    assert targets(state, "c1", "Cannon") == ["c3", "c5"]
    assert targets(state, "c2", "Pistol") == ["c5"]
    assert {"type": "charge", "card": "c2", "weapon": "Cutlass", "target": "c4"} in legal(state, 0)


def test_k_targets_flip_once_per_target_and_never_repeat_one() -> None:
    """W2: Grenades (3 targets): one flip at each of up to 3 different targets, each chosen before its flip."""
    state = build(in_play={0: ["Scalawag"], 1: ["Skipper", "Rogue", "Advisor"]}, deck=["2C", "2H", "3C"])
    state = attack(state, "c1", "Grenades", "c2")
    assert shots(state) == ["c3", "c4"]
    state = act(state, 0, {"type": "shot", "target": "c4"})
    assert shots(state) == ["c3"]
    state = act(state, 0, {"type": "shot", "target": "c3"})
    assert prompt(state) is None
    assert [card(state, c)["damage"] for c in ("c2", "c3", "c4")] == [1, 1, 0]


def test_further_targets_are_optional_and_stop_is_the_default() -> None:
    """Ruling 7: the attacker may stop early; a timeout stops."""
    state = build(in_play={0: ["Scalawag"], 1: ["Skipper", "Rogue"]}, deck=["2H"])
    state = attack(state, "c1", "Grenades", "c2")
    assert GAME.default_action(state, 0) == {"type": "stop"}
    state = act(state, 0, {"type": "stop"})
    assert prompt(state) is None and flipped(state) == ["2H"]


def test_with_no_legal_target_left_the_remaining_flips_are_lost() -> None:
    """W2: a lone enemy crew takes one grenade; the other two are lost."""
    state = attack(build(in_play={0: ["Scalawag"], 1: ["Skipper"]}, deck=["2H"]), "c1", "Grenades", "c2")
    assert prompt(state) is None and flipped(state) == ["2H"]


def test_a_brace_may_fire_its_second_shot_at_the_same_or_another_target() -> None:
    """W2: two shots, each with its own target, which may be the same."""
    state = attack(build(in_play={0: ["Flotilla"], 1: ["Skipper", "Rogue"]}, deck=["2H"]),
                   "c1", "Brace of Pistols", "c2")
    assert shots(state) == ["c2", "c3"]


def test_a_second_shot_retargets_when_the_first_target_died() -> None:
    """W2: the first shot kills; the second may go at another target."""
    state = attack(build(in_play={0: ["Flotilla"], 1: ["Pirate", "Rogue"]}, deck=["AS"]),
                   "c1", "Brace of Pistols", "c2")
    assert card(state, "c2") is None and shots(state) == ["c3"]


def test_a_ship_takes_a_k_target_weapon_as_its_only_target_with_one_flip() -> None:
    """W3: Grenades at a Ship flip once."""
    state = attack(build(in_play={0: ["Scalawag"], 1: ["Sloop", "Skipper"]}, deck=["2H"]), "c1", "Grenades", "c2")
    assert prompt(state) is None and flipped(state) == ["2H"]


def test_a_ship_takes_both_shots_of_a_brace() -> None:
    """W3: a Brace aimed at a Ship puts both shots into it."""
    state = attack(build(in_play={0: ["Flotilla"], 1: ["Sloop", "Skipper"]}, deck=["2H"]),
                   "c1", "Brace of Pistols", "c2")
    assert shots(state) == ["c2"]


def test_a_cannon_aimed_at_a_land_puts_both_shots_into_it() -> None:
    """W3, ruling 8: 2 Cannons at a Land."""
    state = attack(build(in_play={0: ["Sloop"], 1: ["Coastlands", "Skipper"]}, deck=["2H"]), "c1", "2 Cannons", "c2")
    assert shots(state) == ["c2"]


def test_no_ship_may_be_a_later_target() -> None:
    """W2: after a first target that is crew, a Ship or Fort is no longer offered."""
    state = build(in_play={0: ["Scalawag", "Flotilla"], 1: ["Skipper", "Sloop", "Pirate Fort", "Rogue"]},
                  deck=["2H", "3H"])
    state = attack(state, "c1", "Grenades", "c3")
    assert shots(state) == ["c6"]
    state = act(state, 0, {"type": "stop"})
    state = attack(state, "c2", "Brace of Pistols", "c3")
    assert shots(state) == ["c3", "c6"]


def test_targets_may_be_split_among_opponents() -> None:
    """K6: a (k targets) weapon picks any opponent's cards, flip by flip."""
    state = build(3, in_play={0: ["Scalawag"], 1: ["Skipper"], 2: ["Rogue"]}, deck=["2H"])
    assert targets(state, "c1", "Grenades") == ["c2", "c3"]
    assert shots(attack(state, "c1", "Grenades", "c2")) == ["c3"]


def test_a_use_names_a_target_that_exists() -> None:
    """Ruling 9: Rogue picks an enemy hold with a card; Lieutenant one of its owner's Privateers or Pirateers;
    Captain another crew of its owner's. With no such target the Use is not offered."""
    state = build(3, in_play={0: ["Rogue", "Lieutenant", "Captain", "Pirateer", "Pirate", "Sloop"],
                              1: ["Privateer"], 2: ["Skipper"]}, hold={2: ["Pirate"]})
    uses = {a["card"]: [] for a in legal(state, 0) if a["type"] == "use"}
    for a in legal(state, 0):
        if a["type"] == "use":
            uses[a["card"]].append(a["target"])
    assert uses == {"c1": ["hold:2"], "c2": ["c4"], "c3": ["c1", "c2", "c4", "c5"]}
    state = build(in_play={0: ["Rogue", "Lieutenant", "Captain"], 1: ["Privateer"]})
    assert [a for a in legal(state, 0) if a["type"] == "use"] == [{"type": "use", "card": "c3", "target": t}
                                                                  for t in ("c1", "c2")]


def test_projectiles_shoot_and_melee_weapons_charge() -> None:
    """W1: Pistol, Brace, Grenades and Cannon are projectiles; Dagger, Cutlass and Boarding Axe melee."""
    state = build(in_play={0: ["Flagbearers", "Brethren", "Master Gunner", "Rogue"], 1: ["Skipper"]})
    shot = {a["weapon"] for a in legal(state, 0) if a["type"] == "attack"}
    charged = {a["weapon"] for a in legal(state, 0) if a["type"] == "charge"}
    assert shot == {"Pistol", "Grenades", "Cannon"}
    assert charged == {"2 Cutlass", "Boarding Axe", "Cutlass", "Dagger"}
    kinds = {w["name"]: w["kind"] for c in catalogue_json() for w in c["weapons"]}
    assert {name for name, kind in kinds.items() if kind == "P"} == {
        "Pistol", "Brace of Pistols", "Grenades", "Cannon", "2 Cannons"}
