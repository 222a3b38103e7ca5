"""Turncoats' ``hard`` bot and the sampler it searches with: the sampler hides every hidden zone and reads the
public history; the playout rules agree with the engine; hard decisions are legal and take the plain win."""

from __future__ import annotations

import random

from games.bots import decide
from games.protocol import Budget, apply_checked
from games.turncoats import GAME
from games.turncoats.bots.fast import Sim, as_move
from games.turncoats.view import resample
from tests.games.turncoats.scenario import counts, make, play

QUICK = Budget(nodes=12, seconds=1e6)  # nodes only: the decision is repeatable


def midgame(players: int, seed: int, actions: int = 6) -> dict:
    state = GAME.new_state(players, {}, seed)
    rand = random.Random(seed)
    for _ in range(actions):
        seat = state["turn"]
        state = apply_checked(GAME, state, seat, decide(GAME, state, seat, "basic", rand))
    return state


def test_the_sampler_varies_every_hidden_zone_and_keeps_every_count() -> None:
    state = midgame(3, 5)
    for viewer in (0, None):
        changed = {"bag": False, **{f"hand {s}": False for s in range(3) if s != viewer}}
        for k in range(30):
            world = resample(state, viewer, random.Random(k))
            assert GAME.view(world, viewer) == GAME.view(state, viewer)
            changed["bag"] |= world["bag"] != state["bag"]
            for seat in range(3):
                if seat != viewer:
                    changed[f"hand {seat}"] |= world["hands"][seat] != state["hands"][seat]
                    assert sum(world["hands"][seat].values()) == sum(state["hands"][seat].values())
        assert all(changed.values()), changed


def test_a_seat_content_to_end_under_a_colour_is_dealt_more_of_it() -> None:
    # Red rules the map; seat 1 has just negotiated, so the redeal leans its hand towards red.
    areas = {0: counts(red=3), 1: counts(red=2), 4: counts(blue=1)}
    hands = [counts(blue=2, black=2), counts(red=1, blue=1, black=2)]
    quiet = make(2, areas=areas, hands=hands, turn=1)
    content = play(quiet, {"type": "negotiate"}, {"type": "return", "colour": "black"})
    red = [sum(resample(state, 0, random.Random(k))["hands"][1]["red"] for k in range(300))
           for state in (play(quiet, {"type": "recruit", "colour": "blue", "area": 4}), content)]
    assert red[1] > 1.3 * red[0]


def test_the_playout_rules_agree_with_the_engine() -> None:
    for seed in range(6):
        state = GAME.new_state(2 + seed % 3, {}, seed)
        rand = random.Random(seed)
        while GAME.result(state) is None:
            seat = state["turn"]
            action = rand.choice(GAME.legal(state, seat))
            sim = Sim.of(state)
            state = apply_checked(GAME, state, seat, action)
            move = as_move(action)
            if move is None:  # the draw: the engine's stone, put in hand as the engine did
                continue
            sim.play(move)
            expected = Sim.of(state)
            for key in ("areas", "hands", "bag", "axe", "flag", "turn", "streak", "over"):
                assert getattr(sim, key) == getattr(expected, key), (seed, action, key)
        assert Sim.of(state).winner() == GAME.result(state)["winners"][0]


def test_hard_decisions_are_legal_with_hard_in_every_seat() -> None:
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        state = GAME.new_state(players, {}, seed)
        rand = random.Random(seed)
        while GAME.result(state) is None:
            seat = state["turn"]
            action = decide(GAME, state, seat, "hard", rand, QUICK)
            assert action in GAME.legal(state, seat)
            state = apply_checked(GAME, state, seat, action)


# Red rules three areas to none; the opponent (seat 1) has just negotiated, so a Negotiate by seat 0 ends the game.
AREAS = {0: counts(red=2), 5: counts(red=2), 10: counts(red=3), 4: counts(blue=1, black=1)}


def test_hard_ends_the_game_it_has_won() -> None:
    # Seven reds in hand and seven on the map: no other hand can hold as many.
    state = make(2, areas=AREAS, hands=[counts(red=7, blue=1), counts(blue=3, black=3)], turn=1)
    state = play(state, {"type": "negotiate"}, {"type": "return", "colour": "blue"})
    assert state["streak"] == 1 and state["turn"] == 0
    action = decide(GAME, state, 0, "hard", random.Random(1), Budget(nodes=60, seconds=1e6))
    assert action == {"type": "negotiate"}


def test_hard_does_not_end_a_game_it_would_lose() -> None:
    # Seat 0 holds no red: ending now crowns whoever holds red. It must act instead.
    state = make(2, areas=AREAS, hands=[counts(blue=3, black=3), counts(red=3, blue=1, black=1)], turn=1)
    state = play(state, {"type": "negotiate"}, {"type": "return", "colour": "blue"})
    action = decide(GAME, state, 0, "hard", random.Random(1), Budget(nodes=60, seconds=1e6))
    assert action is not None and action["type"] != "negotiate"
