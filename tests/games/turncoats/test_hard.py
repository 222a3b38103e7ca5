"""Turncoats' ``hard`` bot and the sampler it searches with: the sampler hides every hidden zone and reads the
public history; hard decisions are legal and take the plain win. (The playout rules are held to the engine in
test_fast.py.)"""

from __future__ import annotations

import random
from itertools import pairwise

from games.bots import decide
from games.protocol import Budget, apply_checked, visible_entries
from games.turncoats import GAME
from games.turncoats.bots import hard, infer, mimic
from games.turncoats.bots.fast import Sim, as_move
from games.turncoats.data import COLOURS
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


def basic_game(players: int, seed: int) -> list[tuple[dict, dict]]:
    """A whole game of basic bots: (state, action) before every move."""
    state = GAME.new_state(players, {}, seed)
    rand = random.Random(seed)
    seen = []
    while GAME.result(state) is None:
        seat = state["turn"]
        action = decide(GAME, state, seat, "basic", rand)
        seen.append((state, action))
        state = apply_checked(GAME, state, seat, action)
    return seen


def board(state: dict) -> tuple:
    return (tuple(tuple(a[c] for c in COLOURS) for a in state["areas"]), tuple(state["axe"][c] for c in COLOURS),
            tuple(state["flag"][c] for c in COLOURS))


def test_the_public_history_rebuilds_the_board_each_mover_saw() -> None:
    seen = basic_game(3, 4)
    now = next(s for s, _ in seen[len(seen) // 2:] if s["drawn"] is None)  # a moment between moves
    moves = infer.history(GAME.view(now, 0), visible_entries(now, 0))
    # Every move before now, as logged: a Negotiate once, at its return (its board is the one it drew on).
    past = [(s, a) for s, a in seen if a["type"] != "negotiate" and len(s["log"]) < len(now["log"])]
    assert len(moves) == len(past) > 5
    for move, (state, action) in zip(moves, past, strict=True):
        assert move["seat"] == state["turn"]
        assert move["board"] == board(state)
        drawn = action["type"] == "return"  # the mover's own hand holds the drawn stone then
        assert move["sizes"] == tuple(sum(h.values()) - (drawn and s == state["turn"])
                                      for s, h in enumerate(state["hands"]))
        assert move["streak"] == state["streak"]


def test_basic_moves_make_the_true_hand_far_more_likely() -> None:
    prior = posterior = 0.0
    count = 0
    for seed in range(4):
        for state, action in basic_game(2, seed):
            if state["turn"] != 0 or state["drawn"] is not None or action["type"] == "return":
                continue
            view = GAME.view(state, 0)
            moves = infer.history(view, visible_entries(state, 0))
            pool = [21 - view["axe"][c] - view["flag"][c] - sum(a["stones"][c] for a in view["areas"])
                    - view["hand"][c] for c in COLOURS]
            options = infer.arrangements(pool, view["hands"][1]["count"])
            true = tuple(state["hands"][1][c] for c in COLOURS)
            weights = {hand: p * infer.likelihood(moves, 1, hand) for hand, p in options}
            assert weights[true] > 0  # the true hand is never ruled out against basic
            prior += dict(options)[true] / sum(p for _, p in options)
            posterior += weights[true] / sum(weights.values())
            count += 1
    assert count > 10 and posterior > 3 * prior


def test_the_playouts_play_exactly_as_basic() -> None:
    # basic breaks ties at random, so the check is on value: basic's action and the playout's are both the best.
    checked = 0
    for players, seed in ((2, 0), (3, 1), (4, 2)):
        for state, action in basic_game(players, seed):
            sim = Sim.of(state)
            seat, hand = state["turn"], sim.hands[state["turn"]]
            if state["drawn"] is None:
                sizes = tuple(sum(h) for h in sim.hands)
                options = infer.spend_options(mimic.board(sim), seat, sizes, sim.streak)
                chosen = mimic.spend(sim, random.Random(seed)) or (3,)
            else:
                sizes = tuple(sum(h) - (s == seat) for s, h in enumerate(sim.hands))
                options = infer.return_options(mimic.board(sim), seat, sizes, sim.streak)
                chosen = (3, mimic.give_back(sim, random.Random(seed)))
            values = {key: a0 * hand[0] + a1 * hand[1] + a2 * hand[2] + b
                      for colour, key, a0, a1, a2, b in options if colour < 0 or hand[colour]}
            top = max(values.values())
            assert values[as_move(action) or (3,)] > top - 1e-6, (players, seed, action)
            assert values[chosen] > top - 1e-6
            checked += 1
    assert checked > 20


def test_a_judge_greedy_turn_plays_the_best_rated_of_basics_best_few() -> None:
    # The screening knob hard.GREEDY: the bot's own playout turns take whichever of basic's k best moves the judge
    # rates best one move on. Negotiates draw at random, so the check compares against the other moves exactly.
    checked = 0
    for players, seed in ((2, 3), (4, 4)):
        for state, _ in basic_game(players, seed):
            if state["drawn"] is not None:
                continue
            sim = Sim.of(state)
            seat, hand = sim.turn, sim.hands[sim.turn]
            sizes = tuple(sum(h) for h in sim.hands)
            values = {key: a0 * hand[0] + a1 * hand[1] + a2 * hand[2] + b
                      for colour, key, a0, a1, a2, b in infer.spend_options(mimic.board(sim), seat, sizes, sim.streak)
                      if colour < 0 or hand[colour]}
            keys = mimic.top(sim, 3, random.Random(seed))
            assert all(values[a] > values[b] - 1e-6 for a, b in pairwise(keys))  # best first, ties aside
            assert values[keys[0]] > max(values.values()) - 1e-6  # basic's own choice comes first
            rated = {}
            for key in keys:
                if key != (3,):
                    after = sim.copy()
                    after.play(key)
                    rated[key] = (hard.JUDGE(after, seat), after)
            chosen = hard.greedy_turn(sim, 3, random.Random(seed))
            assert chosen is not sim and sum(chosen.hands[seat]) <= sum(hand)
            assert hard.JUDGE(chosen, seat) >= max((r for r, _ in rated.values()), default=0.0) - 1e-12
            if chosen.streak == sim.streak:  # not the Negotiate: exactly one of the rated positions
                assert any(chosen.areas == after.areas and chosen.hands == after.hands for _, after in rated.values())
            checked += 1
    assert checked > 10
