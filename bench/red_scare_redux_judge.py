"""Fits the weights of Red Scare Redux's ``hard`` judge (games/red_scare_redux/bots/judge.py) on played games.

``basic`` plays every seat of four-player (2v2) games, engine only (the playouts the judge ends are ``basic`` games
too). At every turn's start the two teams' features are recorded; once the game is over each position is labelled
with its final outcome (won 1, drawn 0.5, lost 0). A logistic regression without intercept of the outcome on the
feature difference (team 0 minus team 1, and mirrored) gives the weights; a small L2 penalty keeps rare features
sane. The last fifth of the games is held out: the log-loss of the fitted judge is printed beside the hand-set one's.

Run: python -m bench.red_scare_redux_judge [games] [--first SEED]   (default 600 games from seed 100000). Prints
WEIGHTS to paste into judge.py.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import Any, cast

from bench import logistic
from games.bots import decide
from games.protocol import Game, apply_checked
from games.red_scare_redux import GAME as RSR
from games.red_scare_redux.bots.judge import FEATURES, plan, team_features
from games.red_scare_redux.bots.reading import BLACK_OPS_KEEP, work
from games.red_scare_redux.rules.table import scores
from games.red_scare_redux.state import RedScareState

GAME: Game[Any] = RSR
PENALTY = 1.0  # L2 on the weights (on the summed log-likelihood of some ten thousand positions: light)

SCALE = 3.0  # the hand-set judge: points of advantage that make a position about 73 % won
Sample = tuple[list[float], float, float]  # feature difference, outcome for team 0, hand-set judge's difference


def team_worth(state: RedScareState, team: int) -> float:
    # The hand-set judge the fitted one replaced (before it: 0.85 per begun, 0.75 per held Objective, 0.55 per
    # lacking card, 0.9 per placing action; a logistic of scale SCALE), kept here as the fit's yardstick.
    """The team's points, plus each Objective it is working on (on the table or in a hand) at its points times
    DECAY to the power of the cards it still lacks once the team's hands are used, nearest first (a card counts for
    one Objective only), times PLACE to the power of the actions that putting the team's cards on it takes (one per
    card on a begun Objective, one in all for beginning one from hand); plus a little for Black Ops in hand."""
    worth = float(scores(state)[team])
    hand, planned = plan(state, team)
    for obj, after, used, begun in planned:
        actions = len(used) if begun else min(len(used), 1)
        weight = 0.85 if begun else 0.75
        worth += weight * obj.points * 0.55 ** work(obj, after) * 0.9 ** actions
    worth += sum(BLACK_OPS_KEEP[card] for card in hand if card in BLACK_OPS_KEEP) / 25
    return worth


def positions(seed: int) -> list[Sample]:
    """One basic game's turn-start positions: (team 0 minus team 1 features, team 0's outcome, old judge's edge)."""
    state = GAME.new_state(4, None, seed)
    rand = random.Random(seed)
    rows: list[tuple[list[float], float]] = []
    last = -1
    while GAME.result(state) is None:
        rsr = cast(RedScareState, state)
        if rsr["turn_index"] != last and rsr["step"] is None and rsr["window"] is None:
            last = rsr["turn_index"]
            a, b = team_features(rsr, 0), team_features(rsr, 1)
            rows.append(([x - y for x, y in zip(a, b, strict=True)], team_worth(rsr, 0) - team_worth(rsr, 1)))
        seat = GAME.required(state)[0]
        action = decide(GAME, state, seat, "basic", rand) or GAME.default_action(state, seat)
        state = apply_checked(GAME, state, seat, action)
    result = GAME.result(state)
    assert result is not None
    winners = result["winners"]
    outcome = 0.5 if len(winners) > 2 else 1.0 if state["team_of"][winners[0]] == 0 else 0.0
    return [(diff, outcome, old) for diff, old in rows]


def fit(samples: list[Sample]) -> list[float]:
    """Newton's method on the penalized log-likelihood, mirrored samples included (no intercept: symmetric)."""
    rows = [(x, y) for x, y, _ in samples] + [([-v for v in x], 1 - y) for x, y, _ in samples]
    return logistic.fit(rows, PENALTY, 25)


def log_loss(pairs: list[tuple[float, float]]) -> float:
    eps = 1e-9
    return -sum(y * math.log(max(eps, p)) + (1 - y) * math.log(max(eps, 1 - p)) for p, y in pairs) / len(pairs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=600)
    parser.add_argument("--first", type=int, default=100000)
    args = parser.parse_args()
    start = time.perf_counter()
    games = [positions(seed) for seed in range(args.first, args.first + args.games)]
    cut = len(games) * 4 // 5
    train = [s for g in games[:cut] for s in g]
    test = [s for g in games[cut:] for s in g]
    weights = fit(train)
    fitted = [(1 / (1 + math.exp(-max(-30.0, min(30.0, sum(w * x for w, x in zip(weights, d, strict=True)))))), y)
              for d, y, _ in test]
    old = [(1 / (1 + math.exp(-edge / SCALE)), y) for _, y, edge in test]
    print(f"{len(games)} games, {len(train)} training and {len(test)} held-out positions, "
          f"{time.perf_counter() - start:.0f} s")
    print(f"held-out log-loss: fitted {log_loss(fitted):.4f}, hand-set {log_loss(old):.4f}, "
          f"coin {math.log(2):.4f}")
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"  {name:12s} {w:+.4f}")
    print("WEIGHTS = (" + ", ".join(f"{w:.4f}" for w in weights) + ")")


if __name__ == "__main__":
    main()
