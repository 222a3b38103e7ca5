"""Hitting the deck: the shared deck and its reshuffle (F1), reading a flip (F2), the J and ♣ bonuses (F3, K3,
ruling 16)."""

from __future__ import annotations

import pytest

from games.protocol import State
from games.raiding_parties import GAME
from tests.games.raiding_parties.scenario import (
    act,
    build,
    card,
    deck_left,
    flipped,
    pass_windows,
    prompt,
    public_log,
    seat_view,
)


def shoot(state: State, card_id: str, target: str, weapon: str = "Pistol") -> State:
    return act(state, 0, {"type": "attack", "card": card_id, "weapon": weapon, "target": target})


def test_every_flip_goes_face_up_onto_one_shared_pile() -> None:
    """F1: the top card is turned onto the pile, public to all."""
    state = build(in_play={0: ["Rogue"], 1: ["Pirate Chief"]}, deck=["2H", "3H"])
    state = shoot(state, "c1", "c2")
    flips = GAME.view(state, 1)["flips"]
    assert flips == {"deck": 51, "pile": ["2H"], "last": "2H"}


def test_an_empty_deck_takes_the_whole_pile_reshuffled_before_the_next_flip() -> None:
    """F1: the deck runs out mid-attack; the flipped pile becomes the new deck, and that is logged (K8)."""
    state = deck_left(build(in_play={0: ["Flotilla"], 1: ["Pirate Chief"]}), ["2H"])
    state = shoot(state, "c1", "c2", "Brace of Pistols")
    assert GAME.view(state, 0)["flips"]["deck"] == 0
    state = act(state, 0, {"type": "shot", "target": "c2"})
    flips = GAME.view(state, 0)["flips"]
    assert flips["deck"] == 51 and len(flips["pile"]) == 1
    assert any("shuffled into a new deck" in line for line in public_log(state))


@pytest.mark.parametrize(("flip", "hit"), [("2S", True), ("9D", True), ("AH", True), ("AC", True),
                                           ("KH", False), ("2C", False)])
def test_a_flip_succeeds_on_a_listed_suit_or_a_listed_rank(flip: str, hit: bool) -> None:
    """F2: Rogue's Pistol is ♠ ♦, A: any spade, any diamond, any ace."""
    state = build(in_play={0: ["Rogue"], 1: ["Pirate Chief"]}, deck=[flip])
    state = shoot(state, "c1", "c2")
    assert card(state, "c2")["damage"] == (1 if hit else 0)


@pytest.mark.parametrize(("instructor_seat", "hit"), [(0, True), (1, False), (None, False)])
def test_instructor_adds_the_jack_to_its_owners_flips_only(instructor_seat: int | None, hit: bool) -> None:
    """F3: a J succeeds for the cards of the Instructor's owner, not for an opponent's."""
    in_play: dict[int, list[str]] = {0: ["Rogue"], 1: ["Pirate Chief"]}
    if instructor_seat is not None:
        in_play[instructor_seat].append("Instructor")
    state = build(in_play=in_play, deck=["JH"])
    target = "c3" if instructor_seat == 0 else "c2"
    state = shoot(state, "c1", target)
    assert card(state, target)["damage"] == (1 if hit else 0)


@pytest.mark.parametrize(("instructor", "navigator_saved"), [(True, True), (False, False)])
def test_instructor_jack_also_works_for_a_card_in_the_hold(instructor: bool, navigator_saved: bool) -> None:
    """F3: "in play or in the hold": a revealed Navigator's ♦ ♥ flip also succeeds on J."""
    state = build(in_play={0: ["Master Gunner"], 1: ["Instructor"] if instructor else ["Pirate"]},
                  hold={1: ["Navigator"]}, deck=["AS", "JC"])
    state = shoot(state, "c1", "hold:1", "Cannon")
    assert prompt(state)["step"] == "navigator"
    state = act(state, 1, {"type": "navigator"})
    assert seat_view(state, 1)["hold_size"] == (1 if navigator_saved else 0)
    assert seat_view(state, 1)["davy_jones"] == ([] if navigator_saved else ["Navigator"])


@pytest.mark.parametrize(("shooter", "hit"), [("Pirate", True), ("Pirate Chief", True), ("Rogue", False)])
def test_pirate_ship_adds_clubs_to_its_owners_pirates_only(shooter: str, hit: bool) -> None:
    """F3, K3: with Pirate Ship in play a Pirate (by title) also succeeds on ♣; a non-Pirate does not."""
    state = build(in_play={0: [shooter, "Pirate Ship"], 1: ["Skipper"]}, deck=["2C"])
    state = shoot(state, "c1", "c3")
    assert card(state, "c3")["damage"] == (1 if hit else 0)


def test_pirate_ship_clubs_need_the_ship_in_its_owners_play() -> None:
    """F3: an enemy Pirate Ship gives my Pirate nothing."""
    state = build(in_play={0: ["Pirate"], 1: ["Skipper", "Pirate Ship"]}, deck=["2C"])
    state = shoot(state, "c1", "c2")
    assert card(state, "c2")["damage"] == 0


def test_pirate_ship_is_a_pirate_and_its_own_cannons_hit_on_clubs() -> None:
    """K3: Pirate Ship is a Pirate by title, so its A K cannons also succeed on ♣ (edition: .37 with its own ♣)."""
    state = build(in_play={0: ["Pirate Ship"], 1: ["Skipper"]}, deck=["2C"])
    state = shoot(state, "c1", "c2", "2 Cannons")
    assert card(state, "c2") is None  # a cannon hit kills crew


def test_two_pirate_ships_do_not_stack_their_bonus() -> None:
    """F3: copies of a bonus do not stack: a ♣ is still one success doing 1 damage, and the line is unchanged."""
    state = build(in_play={0: ["Pirate", "Pirate Ship", "Pirate Ship", "Pirate"], 1: ["Skipper"]},
                  deck=["2C", "2H"])
    state = shoot(state, "c1", "c5")
    state = act(state, 0, {"type": "attack", "card": "c4", "weapon": "Pistol", "target": "c5"})
    assert card(state, "c5")["damage"] == 1
    assert flipped(state) == ["2C", "2H"]


@pytest.mark.parametrize(("held", "evaded"), [("Pirate", True), ("Pirateer", False)])
def test_clubs_reach_a_pirate_in_the_hold_but_not_a_pirateer(held: str, evaded: bool) -> None:
    """F3, K3: a Pirateer is a Pirate only in play. Artishaan gives both Evade ♥ in the hold; Pirate Ship's ♣
    counts for the held Pirate only."""
    state = build(in_play={0: ["Master Gunner"], 1: ["Artishaan", "Pirate Ship"]}, hold={1: [held]},
                  deck=["AS", "3C"])
    state = pass_windows(shoot(state, "c1", "hold:1", "Cannon"))
    assert seat_view(state, 1, 1)["hold"] == ([held] if evaded else [])
    assert flipped(state) == ["AS", "3C"]


def test_bonuses_are_checked_flip_by_flip() -> None:
    """Ruling 16: the Instructor dies between the two shots of a Brace, so its J no longer helps the second."""
    state = build(in_play={0: ["Flotilla", ("Instructor", 1)], 1: ["Scalawag"]},
                  deck=["AS", "2H", "3C", "JD"])
    state = shoot(state, "c1", "c3", "Brace of Pistols")  # AS hits, 2H: the Scalawag evades
    assert prompt(state)["kind"] == "grenades"
    state = act(state, 1, {"type": "grenades", "target": "c2"})  # 3C kills the wounded Instructor
    assert card(state, "c2") is None
    state = act(state, 1, {"type": "stop"})  # no grenade at the Flotilla
    state = act(state, 0, {"type": "shot", "target": "c3"})  # JD: no Instructor any more
    assert card(state, "c3")["damage"] == 0
    assert flipped(state) == ["AS", "2H", "3C", "JD"]
