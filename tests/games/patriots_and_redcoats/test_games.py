"""Whole games: card conservation after every action for every player count, defaults, and the bots."""

from __future__ import annotations

import random

import pytest

from games.patriots_and_redcoats import GAME
from games.patriots_and_redcoats.data import LOYALTY, SPYCRAFT, WAR
from games.patriots_and_redcoats.rules.core import zones
from games.protocol import apply_checked
from tests.games.patriots_and_redcoats.scenario import PL, PS, RL, RS, P, R, T, act, build, close_windows
from tests.support.registry import play_random


@pytest.mark.parametrize("players", range(4, 11))
def test_cards_are_conserved_after_every_action(players: int) -> None:
    for seed in range(3):
        states, _ = play_random(GAME, players, seed, random.Random(seed))
        assert GAME.result(states[-1]) is not None
        for state in states:
            found = zones(state)
            assert len(found["loyalty"]) == 37 and sorted(found["loyalty"]) == sorted(LOYALTY)  # box included
            assert len(found["spycraft"]) == 40 and sorted(found["spycraft"]) == sorted(SPYCRAFT)
            assert len(found["war"]) == 16 and sorted(found["war"]) == sorted(WAR)  # track included


@pytest.mark.parametrize("players", [4, 10])
def test_default_actions_alone_finish_the_game(players: int) -> None:
    state = GAME.new_state(players, None, 5)
    for _ in range(20_000):
        if GAME.result(state) is not None:
            break
        seat = GAME.required(state)[0]
        state = apply_checked(GAME, state, seat, GAME.default_action(state, seat))
    assert GAME.result(state) is not None


@pytest.mark.parametrize("bot", ["basic", "random"])
@pytest.mark.parametrize("players", [5, 9])
def test_bots_finish_games(bot: str, players: int) -> None:
    for seed in range(2):
        states, _ = play_random(GAME, players, seed, random.Random(seed), bot=bot)
        assert GAME.result(states[-1]) is not None


@pytest.mark.parametrize("bot", ["basic", "random"])
def test_fixed_mode_games_finish(bot: str) -> None:
    states, actions = play_random(GAME, 6, 3, random.Random(3), options={"window_mode": "fixed"}, bot=bot)
    assert GAME.result(states[-1]) is not None
    assert (None, {"type": "expire"}) in actions  # windows close by their deadline ...
    assert all(action["type"] != "continue" for _, action in actions)  # ... never by anyone's continue


def _ask(state: dict, seat: int) -> dict | None:
    return GAME.bots["basic"](GAME.view(state, seat), GAME.legal(state, seat), random.Random(0))


def test_basic_bot_spies_on_a_revealed_enemy_and_conceals_itself() -> None:
    hands = [[PL, P, P], [RL, R, R], [P, P, R], [R, R, P], [P, R, T]]
    state = build(5, hands, spycraft=[("spy", 2), ("conceal", 1)], up={3: [0]}, eyes={1: [1]})
    assert _ask(state, 0) == {"type": "spy", "to": 3}  # seat 3 showed a Redcoat
    state = close_windows(act(state, 0, {"type": "spy", "to": 3}))
    assert _ask(state, 1) == {"type": "conceal", "to": [1]}  # seat 1 has an eye of its own


def test_basic_bot_keeps_its_teams_war_card() -> None:
    state = build(5, at="council", war=["patriots", "redcoats", "redcoats"])
    state = act(state, 0, {"type": "nominate", "agent": 2})
    for seat in range(5):
        state = act(state, seat, {"type": "vote", "yes": True})
    assert _ask(state, 0) == {"type": "discard", "card": 1}  # a Patriot Commander discards a Redcoat Victory
    state = act(state, 0, {"type": "discard", "card": 1})
    assert _ask(state, 2) == {"type": "place", "card": 0}  # a Patriot Agent places the Patriot Victory


def test_basic_bot_assassinates_a_revealed_enemy_leader() -> None:
    hands = [[PL, P, P], [RL, R, R], [PS, P, R], [RS, R, T], [P, R, T], [P, P, R], [R, R, P]]
    state = build(7, hands, up={1: [0]})
    pick = _ask(state, 2)
    assert pick == {"type": "assassinate", "target": 1, "turncoat": False}
    assert _ask(state, 3) is None  # the Redcoat Spy sees no enemy Leader and waits


def test_basic_bot_passes_on_optional_actions_and_fixed_windows() -> None:
    hands = [[PL, P, P], [RL, R, R], [PS, P, R], [RS, R, T], [P, R, T], [P, P, R], [R, R, P]]
    state = build(7, hands, spycraft=[("spy", 1)], options={"window_mode": "fixed"})
    state = act(state, 0, {"type": "spy", "to": 4})
    assert GAME.legal(state, 5) == []  # fixed windows have no continue: they run to their deadline
    assert _ask(state, 5) is None
    assert GAME.bots["random"](GAME.view(state, 5), GAME.legal(state, 5), random.Random(0)) is None
