"""Patriots & Redcoats: how a position's odds read, fitted on games of ``basic`` players (for the hard Turncoat).

A player whose majority turns on Turncoats names a team at every loyalty confirmation, and wins or loses with it. The
hard bot names the team more likely to win, judged by a small logistic model over a position's plain facts
(``games.patriots_and_redcoats.bots.odds.features``). This script fits that model: it plays games of ``basic`` players
through the engine, takes the position each time a confirmation has just been resolved (the true state: teams as
computed, Leaders where they are), and every tenth position besides (the model also judges where the hard bot's
playouts stop), labels it with the team that went on to win, and fits the weights by gradient
descent on the log loss (no draws). It prints the weights, the log loss and accuracy on held-out games, and the
same for the Redcoat base rate alone.

Run: python -m bench.patriots_odds GAMES [--first SEED] [--players 6 8]
"""

from __future__ import annotations

import argparse
import math
import random
from typing import Any

from games.bots import decide
from games.patriots_and_redcoats import GAME
from games.patriots_and_redcoats.bots.odds import NAMES, features
from games.protocol import apply_checked

CONFIRMED = "Every loyalty is confirmed."
EVERY = 10  # besides each confirmation, a position every this many actions: the model also judges playouts' ends


def record(players: int, seed: int) -> list[tuple[list[float], int]]:
    """(features for the Redcoats, 1 if the Redcoats went on to win) at each resolved confirmation of one game."""
    state: Any = GAME.new_state(players, {}, seed)
    rand = random.Random(f"patriots odds {players} {seed}")
    points: list[list[float]] = []
    actions = 0
    while (result := GAME.result(state)) is None:
        before = len(state["log"])
        seat = next((s for s in GAME.waiting_on(state)), None)
        action = decide(GAME, state, seat, "basic", rand) if seat is not None else None
        if action is None:
            seat = GAME.required(state)[0]
            action = GAME.default_action(state, seat)
        state = apply_checked(GAME, state, seat, action)
        actions += 1
        confirmed = any(entry["text"] == CONFIRMED for entry in state["log"][before:])
        if (confirmed or actions % EVERY == 0) and GAME.result(state) is None:
            points.append(features(state, "redcoats"))
    winners = result["winners"]
    if not winners:
        return []
    won = int(state["team"][winners[0]] == "redcoats")
    return [(point, won) for point in points]


def fit(data: list[tuple[list[float], int]], steps: int = 3000, rate: float = 0.5) -> list[float]:
    weights = [0.0] * len(data[0][0])
    for _ in range(steps):
        grad = [0.0] * len(weights)
        for x, y in data:
            p = 1 / (1 + math.exp(-sum(w * v for w, v in zip(weights, x, strict=True))))
            for i, v in enumerate(x):
                grad[i] += (p - y) * v
        weights = [w - rate * g / len(data) for w, g in zip(weights, grad, strict=True)]
    return weights


def score(weights: list[float], data: list[tuple[list[float], int]]) -> tuple[float, float]:
    loss = right = 0.0
    for x, y in data:
        p = 1 / (1 + math.exp(-sum(w * v for w, v in zip(weights, x, strict=True))))
        p = min(max(p, 1e-6), 1 - 1e-6)
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        right += (p >= 0.5) == bool(y)
    return loss / len(data), right / len(data)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int)
    parser.add_argument("--first", type=int, default=7000)
    parser.add_argument("--players", type=int, nargs="+", default=[6, 8])
    args = parser.parse_args()
    train: list[tuple[list[float], int]] = []
    test: list[tuple[list[float], int]] = []
    for players in args.players:
        for seed in range(args.first, args.first + args.games):
            (test if seed % 4 == 0 else train).extend(record(players, seed))
    weights = fit(train)
    base = fit([([x[0]], y) for x, y in train])
    print(f"{len(train)} training positions, {len(test)} held out")
    print("weights:", ", ".join(f"{name} {w:+.3f}" for name, w in zip(NAMES, weights, strict=True)))
    print("held out: log loss %.4f, accuracy %.3f" % score(weights, test))
    print("base rate only (%s %+.3f): log loss %.4f, accuracy %.3f"
          % (NAMES[0], base[0], *score(base, [([x[0]], y) for x, y in test])))


if __name__ == "__main__":
    main()
