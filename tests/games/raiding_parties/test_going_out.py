"""Ruling 19: when the player whose turn it is goes out, only their own prompts and frames lapse; an attack or effect
of another living player already under way (free Grenades, Stand and Shoot, a retaliation, a Cannoneer's answer)
resolves in full first, then the next turn begins."""

from __future__ import annotations

from games.protocol import State
from games.raiding_parties import GAME
from tests.games.raiding_parties.scenario import act, build, card, engage, prompt, public_log, seat_view


def view(state: State) -> dict:
    return GAME.view(state, None)


def test_a_scalawags_free_grenades_go_on_after_they_knock_out_the_current_player() -> None:
    """Seat 0's last card shoots seat 1's Scalawag, which evades and kills it with its free Grenades; the two
    remaining throws still go at seat 2, then seat 1's turn begins."""
    state = build(3, in_play={0: ["Pirate"], 1: ["Scalawag"], 2: ["Rogue", "Rogue"]},
                  deck=["AS", "2H", "3C", "4C", "5C"])
    state = act(state, 0, {"type": "attack", "card": "c1", "weapon": "Pistol", "target": "c2"})  # AS hits, 2H evades
    state = act(state, 1, {"type": "grenades", "target": "c1"})  # 3C: the Pirate dies, seat 0 is out
    assert seat_view(state, 0)["out"] is True and card(state, "c1") is None
    assert prompt(state) == {"kind": "aim", "seat": 1, "card": "c2", "weapon": "Grenades", "flips_left": 2}
    assert view(state)["turn"]["seat"] == 0  # the turn ends only once the throws are done
    state = act(state, 1, {"type": "shot", "target": "c3"})  # 4C
    state = act(state, 1, {"type": "shot", "target": "c4"})  # 5C
    assert card(state, "c3")["damage"] == 1 and card(state, "c4")["damage"] == 1
    assert prompt(state) is None and view(state)["turn"]["seat"] == 1 and GAME.result(state) is None


def test_stand_and_shoot_grenades_go_on_after_they_kill_the_last_charger() -> None:
    """M2: the Scalawag's first grenade kills the charger, seat 0's last card; its other targets may still be any
    opponent's."""
    state = build(3, in_play={0: ["Pirate"], 1: ["Scalawag"], 2: ["Rogue", "Rogue"]}, deck=["3C", "4C", "5D"])
    state = act(state, 0, {"type": "charge", "card": "c1", "weapon": "Cutlass", "target": "c2"})
    state = act(state, 1, {"type": "stand", "weapon": "Grenades"})  # 3C kills the charger
    assert seat_view(state, 0)["out"] is True
    assert prompt(state) == {"kind": "aim", "seat": 1, "card": "c2", "weapon": "Grenades", "flips_left": 2}
    state = act(state, 1, {"type": "shot", "target": "c3"})  # 4C hits
    state = act(state, 1, {"type": "shot", "target": "c4"})  # 5D misses
    assert card(state, "c3")["damage"] == 1 and card(state, "c4")["damage"] == 0
    assert prompt(state) is None and view(state)["turn"]["seat"] == 1


def test_a_retaliation_that_kills_the_last_attacker_resolves_then_the_turn_passes() -> None:
    """A retaliation's only target is the attacker, so once it kills the current player's last card it has
    nothing left; the kill stands and the next player (skipping nobody else) begins."""
    state = engage(build(3, in_play={0: ["Pirate"], 1: ["Swashbuckler"], 2: ["Rogue"]}, deck=["2H", "3H", "4S"]),
                   ("c1", "c2"))
    state = act(state, 0, {"type": "attack", "card": "c1", "weapon": "Cutlass", "target": "c2"})  # 2H misses
    assert prompt(state)["kind"] == "retaliate"
    state = act(state, 1, {"type": "retaliate", "weapon": "2 Cutlass"})  # 3H misses, 4S kills
    assert seat_view(state, 0)["out"] is True and card(state, "c2")["melee"] == []
    assert "{s0}'s Pirate (c1) dies." in public_log(state)
    assert prompt(state) is None and view(state)["turn"]["seat"] == 1


def test_a_cannoneers_answer_that_kills_the_last_attacker_resolves_then_the_turn_passes() -> None:
    """Cannoneer (b) fires back at seat 0's last card after its Brace is done; a second Cannoneer aimed at has
    no attacker left to answer."""
    state = build(3, in_play={0: ["Flotilla"], 1: ["Cannoneer"], 2: ["Cannoneer"]}, deck=["2H", "3H", "AC"])
    state = act(state, 0, {"type": "attack", "card": "c1", "weapon": "Brace of Pistols", "target": "c2"})
    state = act(state, 0, {"type": "shot", "target": "c3"})
    assert prompt(state) == {"kind": "cannoneer", "seat": 1, "card": "c2", "form": "b", "target": "c1"}
    state = act(state, 1, {"type": "cannoneer"})  # AC: the cannon kills the Flotilla
    assert seat_view(state, 0)["out"] is True and card(state, "c1") is None
    assert prompt(state) is None and view(state)["turn"]["seat"] == 1
