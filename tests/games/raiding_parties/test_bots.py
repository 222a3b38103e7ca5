"""Raiding Parties bots: ``random`` and ``basic`` only ever return an entry of their legal list (or None where nothing
is owed) over seeded games of 2-4 players; ``basic`` builds the ready-made party, weighs hit chances and defences,
reacts with every Jolly Roger and Navigator it holds and never passes a reaction window early (ruling 1)."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import pytest

from games.protocol import Action, State, apply_checked, apply_expiry, same_json
from games.raiding_parties import GAME
from games.raiding_parties.bots.basic import basic_bot
from games.raiding_parties.bots.random import random_bot
from games.raiding_parties.setup import ready_made_for
from tests.games.raiding_parties.scenario import act, build, deck_left, legal, prompt

BOTS = {"basic": basic_bot, "random": random_bot}
SPADES = [rank + "S" for rank in ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")]
STEPS = 5000


def ask(state: State, seat: int, name: str = "basic", seed: int = 0) -> Action | None:
    """What a bot answers, given exactly what its seat's client gets (as JSON carries it)."""
    view = json.loads(json.dumps(GAME.view(state, seat)))
    return BOTS[name](view, json.loads(json.dumps(GAME.legal(state, seat))), random.Random(seed))


def listed(state: State, seat: int, action: Action) -> bool:
    entries = GAME.legal(state, seat)
    if any(same_json(action, entry) for entry in entries):
        return True
    return state["phase"] == "build" and GAME.accepts is not None and GAME.accepts(state, seat, action)


def play(players: int, options: dict[str, Any], seed: int, seats: list[str]) -> tuple[State, list[Action]]:
    """A whole game between the named bots; every answer is checked against the seat's legal list. A window a bot
    lets run is closed as the server's timer would close it."""
    rand = random.Random(seed)
    state = GAME.new_state(players, options, seed)
    played: list[Action] = []
    for _ in range(STEPS):
        if GAME.result(state) is not None:
            return state, played
        required = GAME.required(state)
        if not required:  # a fixed reaction window: its owner may play the card, or the deadline passes
            owner = prompt(state)["seat"]  # type: ignore[index]
            answer = ask(state, owner, seats[owner], rand.randrange(1 << 30)) if GAME.legal(state, owner) else None
            if answer is None:
                state = apply_expiry(GAME, state)
                continue
            seat = owner
        else:
            seat = required[0]
            answer = ask(state, seat, seats[seat], rand.randrange(1 << 30))
            if answer is None:
                assert prompt(state) is not None and prompt(state)["kind"] == "reaction", (  # type: ignore[index]
                    f"seed {seed}: {seats[seat]} owed an action and gave none")
                answer = GAME.default_action(state, seat)  # the quick window runs out
        assert listed(state, seat, answer), f"seed {seed}: {seats[seat]} played {answer}, not in its legal list"
        state = apply_checked(GAME, state, seat, answer)
        played.append(answer)
    raise AssertionError(f"seed {seed}: no result after {STEPS} actions")


@pytest.mark.parametrize(("players", "options"), [
    (2, {"gold": 30}),
    (2, {"gold": 20, "reaction_mode": "fixed"}),
    (3, {"gold": 40}),
    (3, {"gold": 30, "reaction_mode": "fixed"}),
    (4, {"gold": 20}),
    (4, {"gold": 40, "reaction_mode": "fixed", "copy_cap": 4}),
])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_both_bots_only_play_legal_actions_to_the_end(players: int, options: dict[str, Any], seed: int) -> None:
    seats = ["basic" if (seat + seed) % 2 else "random" for seat in range(players)]
    state, played = play(players, options, seed, seats)
    assert GAME.result(state) is not None and len(played) > 20
    state, _ = play(players, options, seed, ["basic"] * players)
    assert GAME.result(state) is not None


def test_basic_is_deterministic_given_its_random_source_and_fast() -> None:
    start = time.perf_counter()
    first, moves = play(2, {"gold": 30}, 7, ["basic", "basic"])
    elapsed = time.perf_counter() - start
    again, same = play(2, {"gold": 30}, 7, ["basic", "basic"])
    assert moves == same and GAME.result(first) == GAME.result(again)
    assert elapsed < 1.0, f"a whole game of basic against itself took {elapsed:.2f} s"


@pytest.mark.parametrize(("gold", "party"), [(20, 20), (30, 30), (40, 40)])
def test_basic_builds_the_ready_made_party_for_the_tables_gold(gold: int, party: int) -> None:
    """The 30-gold Pirateers at 30 gold (the rulebook's example party), the one made for the table otherwise."""
    state = GAME.new_state(2, {"gold": gold}, 1)
    assert ask(state, 0) == {"type": "party", "cards": ready_made_for(party)}


def test_basic_takes_a_certain_kill_over_a_shot_likely_to_be_fortified() -> None:
    """Only spades and three low diamonds are left in the flip deck (the flipped pile is public): the Rogue's Pistol
    (♠ ♦, A) hits for sure, so the Pirate (1 HP, no defence) dies for sure, while the wounded Master Gunner, worth
    more, would fortify (♠ ♣) on 13 of the 16 cards."""
    state = deck_left(build(in_play={0: ["Rogue"], 1: ["Pirate", ("Master Gunner", 1)]}), SPADES + ["2D", "3D", "4D"])
    assert ask(state, 0) == {"type": "attack", "card": "c1", "weapon": "Pistol", "target": "c2"}
    # With a full deck a hit gets through its Fortify half the time: the Master Gunner's cannon is then worth the risk.
    fresh = build(in_play={0: ["Rogue"], 1: ["Pirate", ("Master Gunner", 1)]})
    assert ask(fresh, 0) == {"type": "attack", "card": "c1", "weapon": "Pistol", "target": "c3"}


def test_a_cannon_goes_at_the_crew_it_kills_outright_rather_than_the_ship() -> None:
    """H2: a cannon hit kills crew whatever its HP (the 4-HP Captain) but does only 2 to a Ship."""
    state = build(in_play={0: ["Master Gunner"], 1: ["Sloop", "Captain"]})
    assert ask(state, 0) == {"type": "attack", "card": "c1", "weapon": "Cannon", "target": "c3"}


def hit_on_my_pirate(hold: list[str], options: dict[str, Any] | None = None) -> State:
    """Seat 1's Rogue shoots seat 0's Pirate and hits (A♠): seat 0's Jolly Roger window opens."""
    state = build(in_play={0: ["Pirate"], 1: ["Rogue"]}, hold={0: hold}, deck=["AS"], turn=1, options=options)
    state = act(state, 1, {"type": "attack", "card": "c2", "weapon": "Pistol", "target": "c1"})
    p = prompt(state)
    assert p is not None and p["kind"] == "reaction" and p["step"] == "jolly_roger" and p["seat"] == 0
    return state


@pytest.mark.parametrize("mode", ["quick", "fixed"])
def test_basic_reacts_with_a_jolly_roger_when_it_holds_one(mode: str) -> None:
    state = hit_on_my_pirate(["Jolly Roger", "Pirate Chief"], {"reaction_mode": mode})
    assert ask(state, 0) == {"type": "jolly_roger"}


def test_basic_never_passes_a_reaction_window_early() -> None:
    """Ruling 1: without the card it lets the window run (None), so its answer time tells nothing."""
    state = hit_on_my_pirate(["Pirate Chief"])
    assert {"type": "pass"} in legal(state, 0)
    assert ask(state, 0) is None


def test_basic_reveals_a_navigator_when_its_hold_is_shot() -> None:
    state = build(in_play={0: ["Pirate"], 1: ["Master Gunner"]}, hold={0: ["Navigator", "Pirate"]}, deck=["AS"],
                  turn=1)
    state = act(state, 1, {"type": "attack", "card": "c2", "weapon": "Cannon", "target": "hold:0"})
    assert ask(state, 0) == {"type": "navigator"}


def test_basic_stands_and_shoots_a_charger_its_cannon_kills() -> None:
    """M2: the Master Gunner's Cannon kills the charging Captain outright before its 2 Cutlass land."""
    state = build(in_play={0: ["Master Gunner"], 1: ["Captain"]}, turn=1)
    state = act(state, 1, {"type": "charge", "card": "c2", "weapon": "2 Cutlass", "target": "c1"})
    assert ask(state, 0) == {"type": "stand", "weapon": "Cannon"}


def test_basic_plays_its_pirate_ship_first_and_keeps_a_lone_jolly_roger_for_last() -> None:
    state = build(in_play={1: ["Pirate"]}, hold={0: ["Pirate", "Pirate Ship", "Jolly Roger"]})
    assert ask(state, 0) == {"type": "play", "card": "Pirate Ship"}
    state = build(in_play={0: ["Pirate"], 1: ["Pirate"]}, hold={0: ["Jolly Roger"]})
    assert ask(state, 0) == {"type": "attack", "card": "c1", "weapon": "Pistol", "target": "c2"}

