"""Rulings 17, 18, 20 and 21 of the edition (the first rules audit), each played through the engine. Ruling 19 has
its own file, test_going_out.py."""

from __future__ import annotations

import pytest

from games.protocol import IllegalAction, State
from games.raiding_parties import GAME
from tests.games.raiding_parties.scenario import (
    act,
    build,
    card,
    engage,
    flipped,
    legal,
    pass_windows,
    prompt,
    seat_view,
)

DECLINE = {"type": "decline"}


def charge(state: State, card_id: str, weapon: str, target: str, seat: int = 0) -> State:
    return act(state, seat, {"type": "charge", "card": card_id, "weapon": weapon, "target": target})


def attack(state: State, card_id: str, weapon: str, target: str, seat: int = 0) -> State:
    return act(state, seat, {"type": "attack", "card": card_id, "weapon": weapon, "target": target})


def names_in_play(state: State, seat: int) -> list[tuple[str, bool]]:
    return [(c["name"], c["spawned"]) for c in seat_view(state, seat)["in_play"]]


def plays(state: State, seat: int = 0) -> list[str]:
    return [a["card"] for a in legal(state, seat) if a["type"] == "play"]


# ----------------------------------------------------------------------------- 17: Liberty spawns by itself


def test_ruling_17_liberty_played_from_the_hold_spawns_at_once_with_no_choice() -> None:
    state = act(build(in_play={1: ["Skipper"]}, hold={0: ["Liberty", "Pirate"]}), 0,
                {"type": "play", "card": "Liberty"})
    assert names_in_play(state, 0) == [("Liberty", False), ("Privateer", True)]
    assert prompt(state) is None and not [a for a in legal(state, 0) if a["type"] == "effect"]


def test_ruling_17_liberty_forced_into_play_by_a_cannon_spawns_at_once_with_no_prompt() -> None:
    state = build(in_play={0: ["Master Gunner"], 1: ["Skipper"]}, hold={1: ["Liberty"]}, deck=["AS"])
    state = pass_windows(attack(state, "c1", "Cannon", "hold:1"))  # the Navigator window opens at every hold hit
    assert names_in_play(state, 1) == [("Skipper", False), ("Liberty", False), ("Privateer", True)]
    assert prompt(state) is None and GAME.view(state, None)["turn"]["seat"] == 0


# ----------------------------------------------------------------------------- 18: retaliation and extra attacks


def test_ruling_18_a_crew_that_has_not_retaliated_answers_an_extra_attack() -> None:
    """The Raiders shoot (their use), then charge with their extra attack: the Rogue may retaliate."""
    state = build(in_play={0: ["Raiders"], 1: ["Sloop", "Rogue"]}, deck=["2H", "3H"])
    state = attack(state, "c1", "Pistol", "c2")  # 2H misses
    state = act(charge(state, "c1", "Boarding Axe", "c3"), 1, DECLINE)  # no Stand and Shoot; 3H misses
    assert card(state, "c1")["extra_attacks"] == 0
    assert prompt(state) == {"kind": "retaliate", "seat": 1, "card": "c3", "attacker": "c1"}


def test_ruling_18_a_crew_that_retaliated_gets_no_second_retaliation() -> None:
    state = engage(build(in_play={0: ["Raiders"], 1: ["Rogue"]}, deck=["2H", "3H", "4H"]), ("c1", "c2"))
    state = attack(state, "c1", "Boarding Axe", "c2")  # the use: 2H misses
    state = act(state, 1, {"type": "retaliate", "weapon": "Dagger"})  # 3H misses
    state = attack(state, "c1", "Boarding Axe", "c2")  # the extra attack: 4H misses
    assert prompt(state) is None and flipped(state) == ["2H", "3H", "4H"]


def test_ruling_18_melee_defense_answers_the_extra_attack_too() -> None:
    state = engage(build(in_play={0: ["Raiders"], 1: ["Sloop"]}, deck=["2H", "3H", "4H", "5H"]), ("c1", "c2"))
    state = attack(attack(state, "c1", "Boarding Axe", "c2"), "c1", "Boarding Axe", "c2")
    assert flipped(state) == ["2H", "3H", "4H", "5H"]  # axe, MD, axe, MD


# ----------------------------------------------------------------------------- 20: Stand and Shoot at each charge


def test_ruling_20_stand_and_shoot_again_against_a_new_charge() -> None:
    """The Rogue shoots the first charger dead, then may stand and shoot at the second. Having stood this turn,
    it still gives up its melee reply when the second charger arrives (M2, README ruling 6)."""
    state = build(in_play={0: ["Pirate", "Pirate"], 1: ["Rogue"]}, deck=["AS", "2H"])
    state = act(charge(state, "c1", "Cutlass", "c3"), 1, {"type": "stand", "weapon": "Pistol"})  # AS kills c1
    assert card(state, "c1") is None and card(state, "c3")["melee"] == []
    state = charge(state, "c2", "Cutlass", "c3")
    assert prompt(state) == {"kind": "stand_and_shoot", "seat": 1, "card": "c3", "charger": "c2",
                             "weapon": "Cutlass"}
    assert legal(state, 1) == [{"type": "stand", "weapon": "Pistol"}, DECLINE]
    state = act(state, 1, DECLINE)  # 2H: the Cutlass misses
    assert card(state, "c3")["melee"] == ["c2"] and prompt(state) is None


# ----------------------------------------------------------------------------- 21: four void sentences


def test_ruling_21_no_free_grenades_from_melee() -> None:
    """H4's "may be thrown from melee" is void: a Scalawag in melee that evades throws nothing."""
    state = engage(build(in_play={0: ["Pirate", "Skipper"], 1: ["Scalawag"]}, deck=["AD", "2H"]), ("c1", "c3"))
    state = attack(state, "c1", "Cutlass", "c3")  # AD hits, 2H evades
    assert card(state, "c3")["damage"] == 0 and prompt(state)["kind"] == "retaliate"


def test_ruling_21_no_cannon_at_a_land_in_melee_but_still_at_a_boarded_ship() -> None:
    """W4's "(even in melee)" for Lands is void (ruling 8); a boarded Ship stays a target."""
    state = build(in_play={0: ["Master Gunner", "Pirate", "Raiders"], 1: ["Coastlands", "Sloop"]}, deck=["AS"])
    state = engage(state, ("c2", "c4"), ("c3", "c5"))
    targets = [a["target"] for a in legal(state, 0) if a.get("card") == "c1" and a["type"] == "attack"]
    assert targets == ["c5"]
    with pytest.raises(IllegalAction) as refused:
        attack(state, "c1", "Cannon", "c4")
    assert refused.value.code == "not_legal_now"


def test_ruling_21_the_bonus_ranger_comes_only_after_the_regular_play() -> None:
    """T2's "before or after it" is void (ruling 5): a Ranger played first is the regular play."""
    state = act(build(in_play={1: ["Sloop"]}, hold={0: ["Ranger", "Pirate"]}), 0, {"type": "play", "card": "Ranger"})
    turn = GAME.view(state, 0)["turn"]
    assert (turn["regular_play_done"], turn["ranger_bonus_used"]) == (True, False) and plays(state) == []
    state = act(build(in_play={1: ["Sloop"]}, hold={0: ["Ranger", "Pirate"]}), 0, {"type": "play", "card": "Pirate"})
    assert plays(state) == ["Ranger"]


def test_ruling_21_a_one_timer_may_be_the_regular_play_without_its_trigger() -> None:
    """T2/K1's "only when its trigger occurs" yields to ruling 3: as the regular play it goes to Davy Jones; after
    the regular play it waits for its trigger."""
    state = build(in_play={1: ["Sloop"]}, hold={0: ["Jolly Roger", "Pirate"]})
    assert plays(state) == ["Pirate", "Jolly Roger"]
    played = act(state, 0, {"type": "play", "card": "Jolly Roger"})
    assert seat_view(played, 0)["davy_jones"] == ["Jolly Roger"]
    assert GAME.view(played, 0)["turn"]["regular_play_done"] is True
    assert plays(act(state, 0, {"type": "play", "card": "Pirate"})) == []
