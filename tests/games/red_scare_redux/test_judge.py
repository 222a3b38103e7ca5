"""The ``hard`` bot's fitted judge: it reads positions reached through the engine the way the fit meant (a team's
completions, its nearly done partials and whose turn comes weigh for it), it is symmetric between two teams, and
the fit that set its weights recovers known weights from outcomes drawn with them."""

from __future__ import annotations

import math
import random
from typing import cast

from bench.red_scare_redux_judge import fit
from games.red_scare_redux.bots.judge import FEATURES, WEIGHTS, judge, team_features
from games.red_scare_redux.state import RedScareState
from tests.games.red_scare_redux.scenario import act, make, pass_window
from tests.games.red_scare_redux.test_hard import give_points, played


def rsr(state: object) -> RedScareState:
    return cast(RedScareState, state)


def test_two_teams_judge_one_position_as_complements() -> None:
    for seed, actions in ((3, 40), (4, 90), (6, 150)):
        state = rsr(played(seed, actions))
        assert abs(judge(state, 0) + judge(state, 1) - 1) < 1e-9
        assert judge(state, 0) == judge(state, 2)  # teammates (alternate seating)


def test_completing_an_objective_through_the_engine_raises_the_teams_judged_value() -> None:
    # Seat 0 (team 0) completes Bug the Embassy by adding its last card: its team's chances go up, the other's down.
    state = make(4, hands={0: ["Gear 1", "Funds 2", "Weapons 3"], 1: ["Counterintelligence"]}, first=0,
                 partials=[(0, "Bug the Embassy", ["Infiltrator", "Gear 2"])])
    before = judge(rsr(state), 0)
    state = pass_window(act(state, 0, {"type": "add", "partial": "p1", "card": "Gear 1"}))
    assert rsr(state)["completed"][0], "the Objective did not complete"
    assert judge(rsr(state), 0) > before + 0.01  # a partial completable from hand was already worth most of it
    assert judge(rsr(state), 1) < 1 - before


def test_a_team_one_objective_from_the_end_and_ahead_on_points_is_judged_ahead() -> None:
    state = make(4, hands={0: ["Funds 1"], 1: ["Funds 1"]}, first=1)  # seat 1 first: team 0 is seats 1 and 3
    give_points(state, 0, ["Dead Letter Box", "Bribe an Official", "Tap the Hotline", "Photograph the Warheads"])
    give_points(state, 1, ["Rig the Election"])
    mine, theirs = team_features(rsr(state), 0), team_features(rsr(state), 1)
    assert mine[FEATURES.index("completed")] == 4 and theirs[FEATURES.index("completed")] == 1
    assert judge(rsr(state), 1) > 0.5 > judge(rsr(state), 0)


def test_the_fit_recovers_weights_from_outcomes_drawn_with_them() -> None:
    rand = random.Random(1)
    truth = [0.8 if i % 3 == 0 else -0.4 if i % 3 == 1 else 0.0 for i in range(len(FEATURES))]
    samples = []
    for _ in range(3000):
        x = [rand.gauss(0, 1) for _ in FEATURES]
        p = 1 / (1 + math.exp(-sum(w * v for w, v in zip(truth, x, strict=True))))
        samples.append((x, 1.0 if rand.random() < p else 0.0, 0.0))
    weights = fit(samples)
    assert len(weights) == len(WEIGHTS)
    assert all(abs(w - t) < 0.15 for w, t in zip(weights, truth, strict=True))
