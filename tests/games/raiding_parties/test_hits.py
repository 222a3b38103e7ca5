"""Hits: reaction windows (H0, ruling 1), resolving a hit (H1), its effects (H2), hold hits (H3, Navigator,
Coastlands), triggered attacks (H4, rulings 10 and 14) and Jolly Roger (K1, ruling 3)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from games.protocol import IllegalAction, State, Window
from games.raiding_parties import GAME
from games.raiding_parties.bots.random import random_bot
from tests.games.raiding_parties.scenario import (
    act,
    build,
    card,
    engage,
    expire,
    flipped,
    legal,
    pass_windows,
    prompt,
    public_log,
    seat_view,
    spawned,
)

FIXED = {"reaction_mode": "fixed"}
PASS = {"type": "pass"}


def attack(state: State, card_id: str, weapon: str, target: str, seat: int = 0) -> State:
    return act(state, seat, {"type": "attack", "card": card_id, "weapon": weapon, "target": target})


def cannon_at_hold(held: list[str], deck: list[str], theirs: tuple[str, ...] = (), **kw: Any) -> State:
    """My Master Gunner (c1, Cannon ♠ ♣, A) fires at seat 1's hold; the Navigator window is passed."""
    state = build(in_play={0: ["Master Gunner"], 1: ["Sloop", *theirs]}, hold={1: held}, deck=deck, **kw)
    return pass_windows(attack(state, "c1", "Cannon", "hold:1"))


# ----------------------------------------------------------------------------- H2 effects


def test_a_normal_hit_does_one_damage_and_a_card_dies_at_its_hp() -> None:
    """H2: damage is permanent; at HP the card goes to its owner's Davy Jones."""
    state = attack(build(in_play={0: ["Rogue"], 1: ["Skipper"]}, deck=["AS"]), "c1", "Pistol", "c2")
    assert card(state, "c2")["damage"] == 1
    state = attack(build(in_play={0: ["Rogue"], 1: [("Skipper", 1)]}, deck=["AS"]), "c1", "Pistol", "c2")
    assert card(state, "c2") is None and seat_view(state, 1)["davy_jones"] == ["Skipper"]


def test_a_cannon_kills_crew_whatever_its_hp() -> None:
    """H2: the Captain (4 HP) dies to one cannon hit; its Fortify does not work against cannons (H1)."""
    state = attack(build(in_play={0: ["Master Gunner"], 1: ["Captain"]}, deck=["AS"]), "c1", "Cannon", "c2")
    assert card(state, "c2") is None and flipped(state) == ["AS"]


@pytest.mark.parametrize("target", ["Pirate Fort", "Coastlands", "Liberty"])
def test_a_cannon_does_two_damage_to_ships_forts_and_lands(target: str) -> None:
    """H2: 2 damage; a Fort's Fortify does not work against cannons."""
    state = attack(build(in_play={0: ["Master Gunner"], 1: [target]}, deck=["AS"]), "c1", "Cannon", "c2")
    assert card(state, "c2")["damage"] == 2 and flipped(state) == ["AS"]


def test_a_spawned_card_leaves_the_game_when_it_dies() -> None:
    """H2, K2: no Davy Jones for a spawned Pirate."""
    state = spawned(build(in_play={0: ["Rogue"], 1: ["Skipper"]}, deck=["AS"]), 1)
    state = attack(state, "c1", "Pistol", "c3")
    assert card(state, "c3") is None and seat_view(state, 1)["davy_jones"] == []


# ----------------------------------------------------------------------------- H3 hold hits


def test_a_cannon_hit_on_a_hold_kills_a_crew_or_a_one_timer() -> None:
    """H3 (4): a random hold card is revealed and dies (a one-timer too)."""
    for held in ("Captain", "Jolly Roger"):
        state = cannon_at_hold([held], ["AS"])
        assert seat_view(state, 1)["hold_size"] == 0 and seat_view(state, 1)["davy_jones"] == [held]


def test_a_ship_hit_in_the_hold_enters_play_with_two_damage() -> None:
    """H3 (4): a Ship hit by a cannon in the hold goes into its owner's play damaged; it is not that seat's card
    play. Its Evade is still tried in the hold (H3 step 3)."""
    state = cannon_at_hold(["Sloop"], ["AS", "2S"])
    entered = seat_view(state, 1)["in_play"][-1]
    assert (entered["name"], entered["damage"], entered["id"]) == ("Sloop", 2, "c3")
    assert flipped(state) == ["AS", "2S"] and seat_view(state, 1)["hold_size"] == 0


def test_liberty_forced_into_play_spawns_its_privateer_at_once() -> None:
    """H3, T5, ruling 11: a Played effect of a card entering play from the hold happens at once."""
    state = cannon_at_hold(["Liberty"], ["AS"])
    assert [(c["name"], c["spawned"]) for c in seat_view(state, 1)["in_play"][1:]] == [
        ("Liberty", False), ("Privateer", True)]


def test_quicksilver_forced_into_play_offers_its_owner_the_search_or_a_decline() -> None:
    """H3, ruling 11: the owner picks or declines; the timeout picks the first locker card in catalogue order."""
    state = cannon_at_hold(["Quicksilver"], ["AS"], locker={1: ["Rogue", "Pirate"]})
    assert prompt(state)["kind"] == "search" and prompt(state)["seat"] == 1
    assert legal(state, 1) == [{"type": "search", "card": "Pirate"}, {"type": "search", "card": "Rogue"},
                               {"type": "decline"}]
    assert GAME.default_action(state, 1) == {"type": "search", "card": "Pirate"}
    state = act(state, 1, {"type": "search", "card": "Rogue"})
    assert seat_view(state, 1, 1)["hold"] == ["Rogue"] and seat_view(state, 1, 1)["locker"] == {"Pirate": 1}


def test_a_destroy_sends_even_a_ship_in_the_hold_to_davy_jones() -> None:
    """H2, H3 (4): Rogue's Destroy kills whatever it reveals."""
    state = build(in_play={0: ["Rogue"], 1: ["Skipper"]}, hold={1: ["Sloop"]}, deck=["AH", "2S"])
    state = pass_windows(act(state, 0, {"type": "use", "card": "c1", "target": "hold:1"}))
    assert seat_view(state, 1)["davy_jones"] == ["Sloop"] and len(seat_view(state, 1)["in_play"]) == 1


def test_a_card_that_evades_in_the_hold_goes_back_known_to_all() -> None:
    """H1 (1), H3: Evade works in the hold; the card returns and a public log line says so. A Scalawag throws no
    free Grenades from the hold (H4: while in play)."""
    state = cannon_at_hold(["Scalawag"], ["AS", "2H"])
    assert prompt(state) is None and seat_view(state, 1, 1)["hold"] == ["Scalawag"]
    assert any("Scalawag goes back into" in line for line in public_log(state))


def test_no_fortify_in_the_hold() -> None:
    """H1 (2): Fortify only in play; the Officer hit in the hold dies without a fortify flip."""
    state = cannon_at_hold(["Officer"], ["AS"])
    assert seat_view(state, 1)["davy_jones"] == ["Officer"] and flipped(state) == ["AS"]


def test_navigator_success_cancels_the_hold_hit_and_stays_in_the_hold() -> None:
    """H3 (1), Navigator: revealed, it flips ♦ ♥; a success cancels the hit."""
    state = build(in_play={0: ["Master Gunner"], 1: ["Sloop"]}, hold={1: ["Navigator", "Navigator"]},
                  deck=["AS", "2H"])
    state = act(attack(state, "c1", "Cannon", "hold:1"), 1, {"type": "navigator"})
    assert prompt(state) is None and seat_view(state, 1, 1)["hold"] == ["Navigator", "Navigator"]


def test_navigator_failure_lets_the_hit_fall_on_a_random_card_the_navigator_included() -> None:
    """H3 (1-2), Navigator: on a failure the hold hit goes on; with only Navigators held, one dies."""
    state = build(in_play={0: ["Master Gunner"], 1: ["Sloop"]}, hold={1: ["Navigator", "Navigator"]},
                  deck=["AS", "2S"])
    state = pass_windows(act(attack(state, "c1", "Cannon", "hold:1"), 1, {"type": "navigator"}))
    assert seat_view(state, 1, 1)["hold"] == ["Navigator"] and seat_view(state, 1)["davy_jones"] == ["Navigator"]


def test_coastlands_cancels_a_cannon_hold_hit_on_a_brethren_but_not_a_destroy() -> None:
    """Coastlands, H3 step order: the revealed Brethren is safe from a cannon; Rogue's Destroy still kills it."""
    state = cannon_at_hold(["Brethren"], ["AS"], theirs=("Coastlands",))
    assert seat_view(state, 1, 1)["hold"] == ["Brethren"] and flipped(state) == ["AS"]
    state = build(in_play={0: ["Rogue"], 1: ["Coastlands"]}, hold={1: ["Brethren"]}, deck=["AH"])
    state = pass_windows(act(state, 0, {"type": "use", "card": "c1", "target": "hold:1"}))
    assert seat_view(state, 1)["davy_jones"] == ["Brethren"]


# ----------------------------------------------------------------------------- H0 reaction windows, ruling 1


def test_a_navigator_window_opens_at_every_hold_hit_whatever_the_hold() -> None:
    """H0: the prompt depends on public facts only; the same for every viewer; a Navigator only changes the
    owner's legal list; quick mode adds a pass (ruling 1)."""
    for held, answers in ((["Pirate"], [PASS]), (["Navigator"], [{"type": "navigator"}, PASS])):
        state = build(in_play={0: ["Master Gunner"], 1: ["Sloop"]}, hold={1: held}, deck=["AS"])
        state = attack(state, "c1", "Cannon", "hold:1")
        shown = [GAME.view(state, viewer)["prompt"] for viewer in (0, 1, None)]
        assert shown[0] == shown[1] == shown[2]
        assert shown[0]["kind"] == "reaction" and shown[0]["step"] == "navigator" and shown[0]["seat"] == 1
        assert shown[0]["text"] == "may react" and shown[0]["seconds"] == 5
        assert legal(state, 1) == answers and GAME.default_action(state, 1) == PASS
        assert GAME.window(state) == Window(key=shown[0]["key"], seconds=5, closes_itself=False)


def test_a_jolly_roger_window_opens_whenever_the_owner_holds_another_card() -> None:
    """H0: at H1 step 3, if the owner holds at least one card other than the hit one, whatever it is."""
    state = attack(build(in_play={0: ["Rogue"], 1: ["Skipper"]}, hold={1: ["Pirate"]}, deck=["AS"]),
                   "c1", "Pistol", "c2")
    assert prompt(state)["step"] == "jolly_roger" and legal(state, 1) == [PASS]
    state = act(state, 1, PASS)
    assert card(state, "c2")["damage"] == 1
    state = attack(build(in_play={0: ["Rogue"], 1: ["Skipper"]}, deck=["AS"]), "c1", "Pistol", "c2")
    assert prompt(state) is None


def test_a_fixed_window_owes_nothing_and_closes_at_its_deadline() -> None:
    """H0: in fixed mode no seat has a pass; only the platform's expiry closes it (or the card played)."""
    state = build(in_play={0: ["Rogue"], 1: ["Skipper"]}, hold={1: ["Pirate"]}, deck=["AS"],
                  options={**FIXED, "reaction_seconds": 9})
    state = attack(state, "c1", "Pistol", "c2")
    assert prompt(state)["mode"] == "fixed" and prompt(state)["seconds"] == 9
    assert legal(state, 1) == [] and GAME.required(state) == []
    assert GAME.window(state).closes_itself is True and GAME.window(state).seconds == 9
    with pytest.raises(IllegalAction):
        GAME.default_action(state, 1)
    state = expire(state)
    assert card(state, "c2")["damage"] == 1 and prompt(state) is None


def test_a_fixed_window_closes_at_once_when_the_card_is_played() -> None:
    """H0: the window closes when the Jolly Roger is played."""
    state = build(in_play={0: ["Rogue"], 1: ["Skipper"]}, hold={1: ["Jolly Roger"]}, deck=["AS", "2H"],
                  options=FIXED)
    state = attack(state, "c1", "Pistol", "c2")
    assert legal(state, 1) == [{"type": "jolly_roger"}]
    state = act(state, 1, {"type": "jolly_roger"})
    assert prompt(state) is None and card(state, "c2")["damage"] == 0


def test_the_random_bot_never_passes_a_reaction_window_early() -> None:
    """Ruling 1: bots act in a window only to play the card."""
    state = build(in_play={0: ["Rogue"], 1: ["Skipper"]}, hold={1: ["Jolly Roger"]}, deck=["AS"])
    state = attack(state, "c1", "Pistol", "c2")
    rand = random.Random(3)
    answers = {str(random_bot(GAME.view(state, 1), legal(state, 1), rand)) for _ in range(50)}
    assert answers == {"None", str({"type": "jolly_roger"})}


# ----------------------------------------------------------------------------- H1 order, Fortify, Jolly Roger


def test_evade_then_fortify_then_the_damage() -> None:
    """H1: Evade first (Artishaan gives the Pirate Fort, a Pirate, Evade ♥), then Fortify, each cancelling."""
    state = build(in_play={0: ["Rogue"], 1: ["Pirate Fort", "Artishaan"]}, deck=["AS", "2S", "3C"])
    state = attack(state, "c1", "Pistol", "c2")
    assert card(state, "c2")["damage"] == 0 and flipped(state) == ["AS", "2S", "3C"]
    state = build(in_play={0: ["Rogue"], 1: ["Pirate Fort", "Artishaan"]}, deck=["AS", "2H"])
    state = attack(state, "c1", "Pistol", "c2")
    assert card(state, "c2")["damage"] == 0 and flipped(state) == ["AS", "2H"]


@pytest.mark.parametrize(("fortify", "damage"), [("2C", 0), ("2H", 1)])
def test_fortify_cancels_a_normal_hit_on_its_line(fortify: str, damage: int) -> None:
    """H1 (2), Officer: Fortify ♠ ♣."""
    state = attack(build(in_play={0: ["Rogue"], 1: ["Officer"]}, deck=["AS", fortify]), "c1", "Pistol", "c2")
    assert card(state, "c2")["damage"] == damage


@pytest.mark.parametrize(("flip", "saved"), [("2H", True), ("2C", True), ("2S", False)])
def test_jolly_roger_gives_the_hit_card_an_evade_on_hearts_or_clubs(flip: str, saved: bool) -> None:
    """H1 (3), Jolly Roger: the hit card flips ♥ ♣; the Jolly Roger goes to Davy Jones either way."""
    state = build(in_play={0: ["Rogue"], 1: ["Skipper"]}, hold={1: ["Jolly Roger", "Pirate"]}, deck=["AS", flip])
    state = act(attack(state, "c1", "Pistol", "c2"), 1, {"type": "jolly_roger"})
    assert card(state, "c2")["damage"] == (0 if saved else 1)
    assert seat_view(state, 1)["davy_jones"] == ["Jolly Roger"] and prompt(state) is None


def test_at_most_one_jolly_roger_per_hit() -> None:
    """Jolly Roger: after a failed Jolly Roger the hit applies; a second one is not offered."""
    state = build(in_play={0: ["Rogue"], 1: ["Skipper"]}, hold={1: ["Jolly Roger", "Jolly Roger"]},
                  deck=["AS", "2S"])
    state = act(attack(state, "c1", "Pistol", "c2"), 1, {"type": "jolly_roger"})
    assert prompt(state) is None and card(state, "c2")["damage"] == 1


def test_a_jolly_roger_cannot_save_itself_but_another_may() -> None:
    """Jolly Roger: a revealed Jolly Roger is the hit card; only another Jolly Roger can be played for it."""
    state = cannon_at_hold(["Jolly Roger"], ["AS"])
    assert seat_view(state, 1)["davy_jones"] == ["Jolly Roger"]
    state = build(in_play={0: ["Master Gunner"], 1: ["Sloop"]}, hold={1: ["Jolly Roger", "Jolly Roger"]},
                  deck=["AS", "2H"])
    state = act(attack(state, "c1", "Cannon", "hold:1"), 1, PASS)
    assert legal(state, 1) == [{"type": "jolly_roger"}, PASS]
    state = act(state, 1, {"type": "jolly_roger"})
    assert seat_view(state, 1, 1)["hold"] == ["Jolly Roger"] and seat_view(state, 1)["davy_jones"] == ["Jolly Roger"]


def test_the_jolly_roger_flip_belongs_to_the_protected_card() -> None:
    """F2, F3: with its owner's Instructor in play the protected card's flip also succeeds on J."""
    state = build(in_play={0: ["Rogue"], 1: ["Skipper", "Instructor"]}, hold={1: ["Jolly Roger", "Pirate"]},
                  deck=["AS", "JS"])
    state = act(attack(state, "c1", "Pistol", "c2"), 1, {"type": "jolly_roger"})
    assert card(state, "c2")["damage"] == 0


def test_a_jolly_roger_on_ones_own_turn_before_the_play_is_that_play() -> None:
    """K1, ruling 3: my charger is hit by the retaliation; the Jolly Roger played then fills my regular play."""
    state = build(in_play={0: ["Skipper"], 1: ["Skipper"]}, hold={0: ["Jolly Roger", "Rogue"]},
                  deck=["2H", "AS", "2C"])
    state = act(state, 0, {"type": "charge", "card": "c1", "weapon": "Cutlass", "target": "c2"})
    state = act(state, 1, {"type": "decline"})  # no Stand and Shoot; my Cutlass misses (2H)
    state = act(state, 1, {"type": "retaliate", "weapon": "Cutlass"})  # AS hits
    state = act(state, 0, {"type": "jolly_roger"})  # 2C saves
    assert card(state, "c1")["damage"] == 0
    assert GAME.view(state, 0)["turn"]["regular_play_done"] is True
    assert not [a for a in legal(state, 0) if a["type"] == "play"]


def test_a_jolly_roger_on_another_players_turn_is_free() -> None:
    """K1: at any other time it is free (no play is spent)."""
    state = build(in_play={0: ["Rogue"], 1: ["Skipper"]}, hold={0: ["Pirate"], 1: ["Jolly Roger", "Pirate"]},
                  deck=["AS", "2H"])
    state = act(attack(state, "c1", "Pistol", "c2"), 1, {"type": "jolly_roger"})
    assert GAME.view(state, 0)["turn"]["regular_play_done"] is False


# ----------------------------------------------------------------------------- H4 triggered attacks


def test_scalawags_free_grenades_resolve_inside_the_flip_that_triggered_them() -> None:
    """H4: the Scalawag evades the first shot of a Brace and throws at once; the Brace's second shot waits."""
    state = build(in_play={0: ["Flotilla"], 1: ["Scalawag"]}, deck=["AS", "2H", "3C"])
    state = attack(state, "c1", "Brace of Pistols", "c2")
    assert prompt(state) == {"kind": "grenades", "seat": 1, "card": "c2"}
    assert GAME.view(state, None)["resolving"][0]["flips_made"] == 1
    state = act(state, 1, {"type": "grenades", "target": "c1"})
    assert card(state, "c1")["damage"] == 1
    assert prompt(state)["kind"] == "aim" and prompt(state)["seat"] == 0 and prompt(state)["flips_left"] == 1


def test_scalawag_throws_only_on_its_own_evade_not_a_jolly_roger_save() -> None:
    """H4: a Jolly Roger save is not the Scalawag's Evade."""
    state = build(in_play={0: ["Rogue"], 1: ["Scalawag"]}, hold={1: ["Jolly Roger", "Pirate"]},
                  deck=["AS", "2S", "2H"])
    state = act(attack(state, "c1", "Pistol", "c2"), 1, {"type": "jolly_roger"})
    assert card(state, "c2")["damage"] == 0 and prompt(state) is None


def test_scalawag_throws_at_most_once_per_turn() -> None:
    """H4, ruling 14: the second evade of the turn brings no second free attack."""
    state = build(in_play={0: ["Flotilla"], 1: ["Scalawag"]}, deck=["AS", "2H", "3H", "KS", "4H"])
    state = act(attack(state, "c1", "Brace of Pistols", "c2"), 1, {"type": "grenades", "target": "c1"})  # 3H
    state = act(state, 0, {"type": "shot", "target": "c2"})  # KS hits, 4H evades
    assert prompt(state) is None and card(state, "c2")["damage"] == 0


def test_scalawag_throws_nothing_from_melee() -> None:
    """Ruling 14: a Scalawag in melee that evades gets no free Grenades."""
    state = engage(build(in_play={0: ["Pirate"], 1: ["Scalawag", "Skipper"]}, deck=["AD", "2H"]), ("c1", "c2"))
    state = attack(state, "c1", "Cutlass", "c2")
    assert card(state, "c2")["damage"] == 0 and prompt(state)["kind"] == "retaliate"


def test_cannoneer_return_fire_comes_after_the_whole_attack() -> None:
    """H4: Cannoneer (b) resolves after the attack that aimed at it, here after the Brace's second shot."""
    state = build(in_play={0: ["Flotilla"], 1: ["Cannoneer", "Skipper"]}, deck=["2H", "3H"])
    state = attack(state, "c1", "Brace of Pistols", "c2")
    assert prompt(state)["kind"] == "aim"
    state = act(state, 0, {"type": "shot", "target": "c3"})
    assert prompt(state) == {"kind": "cannoneer", "seat": 1, "card": "c2", "form": "b", "target": "c1"}


def test_no_return_fire_from_a_cannoneer_that_died() -> None:
    """H4: only while the Cannoneer is in play."""
    state = attack(build(in_play={0: ["Flotilla"], 1: ["Cannoneer"]}, deck=["AS"]), "c1", "Brace of Pistols", "c2")
    assert card(state, "c2") is None and prompt(state) is None


def test_a_card_that_dies_loses_its_remaining_flips() -> None:
    """H4: a Pirateer's doubled Pistol; the Scalawag evades the first shot and its free Grenades kill the
    Pirateer: the second shot is lost."""
    state = build(in_play={0: ["Pirateer", "Privateer"], 1: ["Scalawag"]}, deck=["AD", "2H", "3C"])
    state = attack(state, "c1", "Pistol", "c3")
    state = act(state, 1, {"type": "grenades", "target": "c1"})
    assert card(state, "c1") is None
    state = act(state, 1, {"type": "stop"})  # no grenade at the Privateer
    assert prompt(state) is None and GAME.view(state, None)["resolving"] == []


def test_a_ship_fort_or_land_hit_in_the_hold_enters_play_damaged() -> None:
    """H3 (4): Lands and Forts as well as Ships."""
    for held in ("Dueling Grounds", "Pirate Fort"):
        state = cannon_at_hold([held], ["AS"])
        assert [(c["name"], c["damage"]) for c in seat_view(state, 1)["in_play"]][-1] == (held, 2)


def test_the_random_hold_card_is_drawn_from_the_whole_hold() -> None:
    """Ruling 12: random picks from a hold are uniform; over a few seeds each card is picked."""
    picked = set()
    for seed in range(12):
        state = build(in_play={0: ["Master Gunner"], 1: ["Sloop"]}, hold={1: ["Pirate", "Rogue", "Captain"]},
                      deck=["AS"], seed=seed)
        state = pass_windows(attack(state, "c1", "Cannon", "hold:1"))
        picked.update(seat_view(state, 1)["davy_jones"])
    assert picked == {"Pirate", "Rogue", "Captain"}


def test_each_reaction_window_has_its_own_key() -> None:
    """H0: a new window, a new key (the platform's deadline restarts)."""
    state = build(in_play={0: ["Master Gunner"], 1: ["Sloop"]}, hold={1: ["Pirate", "Rogue"]}, deck=["AS"])
    state = attack(state, "c1", "Cannon", "hold:1")
    first = GAME.window(state).key
    state = act(state, 1, PASS)
    assert prompt(state)["step"] == "jolly_roger" and GAME.window(state).key != first


def test_the_view_shows_the_hit_being_resolved() -> None:
    """The contract's hit: during the Jolly Roger window of a Pistol hit on the Skipper."""
    state = attack(build(in_play={0: ["Rogue"], 1: ["Skipper"]}, hold={1: ["Pirate"]}, deck=["AS"]),
                   "c1", "Pistol", "c2")
    view = GAME.view(state, 0)
    assert view["hit"] == {"seat": 1, "card": "c2", "hold": False, "revealed": None, "cause": "normal",
                           "step": "jolly_roger"}
    assert view["resolving"] == [{"card": "c1", "seat": 0, "weapon": "Pistol", "mode": "use", "targets": ["c2"],
                                  "flips_made": 1, "flips": 1}]


def test_a_card_seen_returning_to_the_hold_stays_there_when_hidden_cards_are_redrawn() -> None:
    """Ruling 12: the resample keeps the hold and locker sizes and leaves a card that evaded in the hold where all
    saw it. Since issue 19 it also guesses the rest of another seat's party (its make-up is not shown to this seat),
    so only the card seen is certain."""
    state = cannon_at_hold(["Scalawag", "Pirate"], ["AS", "2H"], locker={1: ["Rogue", "Captain", "Advisor"]},
                           seed=1)  # this seed's random pick is the Scalawag, which evades
    assert seat_view(state, 1, 1)["hold"] == ["Pirate", "Scalawag"] and seat_view(state, 1)["davy_jones"] == []
    holds = set()
    for seed in range(20):
        redrawn = seat_view(GAME.resample(state, 0, random.Random(seed)), 1, 1)
        hold, locker = redrawn["hold"], list(Counter(redrawn["locker"]).elements())
        assert "Scalawag" in hold and len(hold) == 2 and len(locker) == 3
        holds.add(tuple(hold))
    assert len(holds) > 1
