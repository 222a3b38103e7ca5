"""The ``hard`` bot's fitted judge: positions reached through the engine read the way the fit meant (a seat that
can end a game it is winning is judged far ahead, the same seat facing a rival who can end it far behind), it is
exact once the game is over, every player count has weights, and the fit recovers known weights from outcomes drawn
with them."""

from __future__ import annotations

import math
import random

from bench.turncoats_value import fit
from games.turncoats.bots import value
from games.turncoats.bots.fast import Sim
from games.turncoats.bots.weights import WEIGHTS
from tests.games.turncoats.scenario import counts, make, play

# Red rules three areas to none.
AREAS = {0: counts(red=2), 5: counts(red=2), 10: counts(red=3), 4: counts(blue=1, black=1)}
REDS, FEW = counts(red=6, blue=1), counts(blue=3, black=3)


def test_every_player_count_has_weights_for_every_feature() -> None:
    assert sorted(WEIGHTS) == [2, 3, 4, 5]
    assert all(len(weights) == len(value.NAMES) for weights in WEIGHTS.values())
    sim = Sim.of(make(3, areas=AREAS, hands=[REDS, FEW, FEW]))
    assert len(value.features(sim, 0)) == len(value.NAMES)


def test_a_seat_that_can_end_a_game_it_is_winning_is_judged_far_ahead() -> None:
    # Seat 1 has just negotiated: seat 0, holding the reds, ends the game with a Negotiate and wins.
    state = play(make(2, areas=AREAS, hands=[REDS, FEW], turn=1), {"type": "negotiate"},
                 {"type": "return", "colour": "blue"})
    sim = Sim.of(state)
    assert sim.streak == 1 and sim.turn == 0
    assert value.judge(sim, 0) > 0.8
    assert value.judge(sim, 1) < 0.2


def test_the_same_hands_with_the_rival_to_end_it_are_judged_worse() -> None:
    # As above, but seat 1 holds the reds and may end the game: seat 0's chances fall.
    ahead = Sim.of(play(make(2, areas=AREAS, hands=[REDS, FEW], turn=1), {"type": "negotiate"},
                        {"type": "return", "colour": "blue"}))
    behind = Sim.of(play(make(2, areas=AREAS, hands=[FEW, REDS], turn=0), {"type": "negotiate"},
                         {"type": "return", "colour": "blue"}))
    assert behind.turn == 1 and behind.streak == 1
    assert value.judge(behind, 0) < 0.2 < 0.8 < value.judge(ahead, 0)


def test_a_finished_game_is_judged_exactly() -> None:
    state = play(make(2, areas=AREAS, hands=[REDS, FEW], turn=1), {"type": "negotiate"},
                 {"type": "return", "colour": "blue"}, {"type": "negotiate"}, {"type": "return", "colour": "blue"})
    sim = Sim.of(state)
    assert sim.over
    assert (value.judge(sim, 0), value.judge(sim, 1)) == (1.0, 0.0)


def test_the_fit_recovers_known_weights_from_outcomes_drawn_with_them() -> None:
    rand = random.Random(5)
    truth = [-0.5, 1.5, -2.0]
    samples = []
    for _ in range(6000):
        x = [1.0, rand.gauss(0, 1), rand.gauss(0, 1)]
        p = 1 / (1 + math.exp(-sum(w * v for w, v in zip(truth, x, strict=True))))
        samples.append((x, int(rand.random() < p), 0.5))
    fitted = fit(samples)
    assert all(abs(f - t) < 0.15 for f, t in zip(fitted, truth, strict=True)), fitted
