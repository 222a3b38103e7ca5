"""Fits the Turncoats ``hard`` bot's judge (games/turncoats/bots/value.py) on self-play and writes its weights.

Games of ``basic`` against itself in every seat, played on the bot's fast copy of the rules (``mimic.turn``: basic's
exact choice, ties broken by a seeded random source) from the engine's own setup, seeds 100000 + 10000 x players and
up (never used to screen or to measure). Before every turn, each seat's features (``value.features``) are one sample,
labelled 1 if that seat won the game. A logistic regression per player count (Newton's method, a small ridge) is
fitted on the first 80 % of the games and checked on the rest (log loss and accuracy, against basic's own judge);
then refitted on all of them and written to games/turncoats/bots/weights.py. Plain Python, so the data and the fit
are the same on any box:

    python -m bench.turncoats_value [--games 2:4000,3:1500,4:1200,5:600] [--first 100000]

``--games`` names the player counts to fit (the others keep their weights).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from pathlib import Path

from bench import logistic
from games.turncoats import GAME
from games.turncoats.bots import mimic, value
from games.turncoats.bots.fast import Sim
from games.turncoats.bots.weights import FITS, WEIGHTS

WEIGHTS_FILE = Path(__file__).parent.parent / "games" / "turncoats" / "bots" / "weights.py"
GAMES = "2:4000,3:1500,4:1200,5:600"  # self-play games per player count
RIDGE = 1.0  # on the sum of squared weights (bias included), against the summed log loss of many thousand samples

Sample = tuple[list[float], int, float]  # features, won, basic's judge


def game(players: int, seed: int) -> list[Sample]:
    """One self-play game of basic: every seat's sample before every turn."""
    sim = Sim.of(GAME.new_state(players, {}, seed))
    rand = random.Random(f"value {players} {seed}")
    seen: list[tuple[list[float], int, float]] = []
    while not sim.over:
        for seat in range(players):
            seen.append((value.features(sim, seat), seat, sim.judge(seat)))
        mimic.turn(sim, rand)
    winner = sim.winner()
    return [(x, int(seat == winner), basic) for x, seat, basic in seen]


def fit(samples: list[Sample], iterations: int = 12) -> list[float]:
    """Logistic regression by Newton's method with a ridge: the weights that minimise the summed log loss."""
    return logistic.fit([(x, y) for x, y, _ in samples], RIDGE, iterations)


def score(samples: list[Sample], predict: list[float]) -> tuple[float, float]:
    """Mean log loss and accuracy of predictions."""
    loss = 0.0
    right = 0
    for (_, y, _), p in zip(samples, predict, strict=True):
        p = min(max(p, 1e-9), 1 - 1e-9)
        loss -= math.log(p if y else 1 - p)
        right += (p > 0.5) == bool(y)
    return loss / len(samples), right / len(samples)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default=GAMES)
    parser.add_argument("--first", type=int, default=100000)
    args = parser.parse_args()
    weights, fits = dict(WEIGHTS), dict(FITS)  # player counts not fitted now keep what they have
    for part in filter(None, args.games.split(",")):
        players, count = (int(n) for n in part.split(":"))
        start = time.perf_counter()
        first = args.first + players * 10_000
        games = [game(players, first + i) for i in range(count)]
        cut = count * 4 // 5
        train = [s for g in games[:cut] for s in g]
        test = [s for g in games[cut:] for s in g]
        held = fit(train)
        fitted = score(test, [logistic.sigmoid(sum(w * x for w, x in zip(held, f, strict=True))) for f, _, _ in test])
        basic = score(test, [b for _, _, b in test])
        weights[players] = fit(train + test)
        fits[players] = (f"{count} games (seeds {first}-{first + count - 1}), {len(train) + len(test)} samples; "
                         f"held out: log loss {fitted[0]:.3f}, accuracy {fitted[1]:.1%} "
                         f"(basic's judge {basic[0]:.3f}, {basic[1]:.1%})")
        print(f"{players} players: {fits[players]} ({time.perf_counter() - start:.0f} s)", flush=True)
    write(weights, fits)


def write(weights: dict[int, list[float]], fits: dict[int, str]) -> None:
    """The weights module, one row of weights and one note per player count."""
    rows = "".join(f"    {p}: [{', '.join(f'{w:.4f}' for w in weights[p])}],\n" for p in sorted(weights))
    notes = "".join(f"    {p}: ({fits[p][:fits[p].index('held')]!r}\n        {fits[p][fits[p].index('held'):]!r}),\n"
                    for p in sorted(fits))
    WEIGHTS_FILE.write_text(
        '"""The Turncoats judge\'s weights (value.NAMES order), one logistic model per player count, and how each was\n'
        'fitted. Written by ``python -m bench.turncoats_value``; do not edit by hand."""\n\n'
        f"WEIGHTS: dict[int, list[float]] = {{\n{rows}}}\n\nFITS: dict[int, str] = {{\n{notes}}}\n")


if __name__ == "__main__":
    main()
