"""The search layer's loops (games/search.py), on playouts whose values the test sets, and its playouts on real games:
what each loop compares, what it keeps, and that no playout changes the worlds it is handed."""

from __future__ import annotations

import json
import random

import pytest

from games.bots import draw_worlds
from games.protocol import Action, Budget
from games.registry import GAMES
from games.search import Hard, paired, ucb1
from tests.support.registry import play_random

A: Action = {"type": "a"}
B: Action = {"type": "b"}
C: Action = {"type": "c"}
NODES = Budget(nodes=30, seconds=1e6)


def fixed(values: dict[str, float]):  # type: ignore[no-untyped-def]
    """A playout worth a fixed value per candidate, whatever the world."""
    return lambda world, action, rand: values[action["type"]]


@pytest.mark.parametrize(("b", "margin", "kept"), [(0.52, 0.03, "a"), (0.6, 0.03, "b"), (0.5, 0.0, "a"),
                                                   (0.51, 0.0, "b")])
def test_paired_keeps_the_default_unless_another_beats_it_by_the_margin(b: float, margin: float, kept: str) -> None:
    pick = paired([A, B], ["w1", "w2"], fixed({"a": 0.5, "b": b}), random.Random(1), NODES, margin)
    assert pick["type"] == kept


def test_paired_gives_every_candidate_of_a_round_the_same_draws_and_each_round_new_ones() -> None:
    seen: list[tuple[str, str, float]] = []

    def playout(world: str, action: Action, rand: random.Random) -> float:
        seen.append((world, action["type"], rand.random()))
        return 0.5

    paired([A, B, C], ["w1", "w2"], playout, random.Random(2), Budget(nodes=12, seconds=1e6), 0.0)
    rounds = [seen[i:i + 3] for i in range(0, len(seen), 3)]
    assert len(rounds) == 4  # 12 playouts, three candidates a round
    for index, played in enumerate(rounds):
        assert [action for _, action, _ in played] == ["a", "b", "c"]
        assert {world for world, _, _ in played} == {["w1", "w2"][index % 2]}
        assert len({draw for _, _, draw in played}) == 1
    assert len({played[0][2] for played in rounds}) == 4


def test_ucb1_finds_the_best_candidate_and_spends_most_playouts_on_it() -> None:
    counts = {"a": 0, "b": 0, "c": 0}

    def playout(world: str, action: Action, rand: random.Random) -> float:
        counts[action["type"]] += 1
        return {"a": 0.2, "b": 0.9, "c": 0.5}[action["type"]]

    assert ucb1([A, B, C], ["w"], playout, random.Random(3), Budget(nodes=60, seconds=1e6)) == B
    assert sum(counts.values()) == 60
    assert counts["b"] > counts["a"] + counts["c"]


def test_a_spent_time_budget_still_gets_one_playout() -> None:
    assert ucb1([A, B], ["w"], fixed({"a": 0.4, "b": 0.6}), random.Random(4), Budget(nodes=50, seconds=0.0)) == A
    assert paired([A, B], ["w"], fixed({"a": 0.4, "b": 0.6}), random.Random(4), Budget(nodes=50, seconds=0.0),
                  0.0) == B


def test_a_horizon_ends_a_playout_before_its_depth() -> None:
    game = GAMES["raiding-parties"]
    states, _ = play_random(game, 2, 3, random.Random(3), bot="basic")
    world = next(s for s in states[len(states) // 3:] if game.result(s) is None and s["phase"] == "play")
    seat = game.waiting_on(world)[0]
    action = game.legal(world, seat)[0]
    asked: list[int] = []

    def after(start: dict) -> object:
        return lambda state: len(asked) >= 3 or bool(asked.append(1))  # stop before the fourth move

    moves: list[int] = []

    def policy(state: dict, mover: int, rand: random.Random) -> Action | None:
        moves.append(mover)
        return None  # the game's default action

    Hard(judge=lambda state, me: 0.5, depth=50, policy=policy, horizon=after).playout(  # type: ignore[arg-type]
        game, world, seat, action, policy, random.Random(5))
    assert len(moves) <= 3 and len(asked) == 3


@pytest.mark.parametrize("game_id", sorted(g for g in GAMES if g != "turncoats"))
def test_a_search_leaves_its_worlds_as_they_were(game_id: str) -> None:
    """Every playout plays on its own copy (in place or by engine steps): the next playout finds the world intact."""
    game = GAMES[game_id]
    hard = {"patriots-and-redcoats": "games.patriots_and_redcoats.bots.hard", "raiding-parties":
            "games.raiding_parties.bots.hard", "red-scare-redux": "games.red_scare_redux.bots.hard"}[game_id]
    search: Hard = __import__(hard, fromlist=["SEARCH"]).SEARCH
    players = game.min_players if game_id != "red-scare-redux" else 4
    states, _ = play_random(game, players, 1, random.Random(1), bot="basic")
    state = next(s for s in states[len(states) // 2:] if game.result(s) is None
                 and any(len(game.legal(s, seat)) > 1 for seat in game.waiting_on(s)))
    seat = next(seat for seat in game.waiting_on(state) if len(game.legal(state, seat)) > 1)
    worlds = draw_worlds(game, state, seat, random.Random(6), 2)
    before = json.dumps(worlds, sort_keys=True)
    search.search(game, seat, game.legal(state, seat)[:3], worlds, random.Random(7), Budget(nodes=6, seconds=1e6))
    assert json.dumps(worlds, sort_keys=True) == before
