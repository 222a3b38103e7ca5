"""How often Turncoats' ``hard`` bot beats ``basic``, engine only, every seat decided through ``games.bots.decide``
with the default budget (so the hard bot gets worlds drawn from its own seat, never the true state).

Two match-ups: two players, hard against basic, seats alternating; and four players, one hard against three basic,
the hard seat rotating. Run: python -m bench.turncoats_hard [games] [--jobs N] [--players 2,4]   (default 400 each).
Prints wins with a Wilson 95% interval and the time per hard decision (mean, p95, max); writes the same as JSON to
bench/results/turncoats-hard.json.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from multiprocessing import Pool
from pathlib import Path

from games.bots import decide
from games.protocol import apply_checked
from games.turncoats import GAME

RESULTS = Path(__file__).parent / "results" / "turncoats-hard.json"


def play(job: tuple[int, int]) -> tuple[int, int, list[float]]:
    """One game: (players, seed). The hard seat is seed % players. Returns (hard seat, winner, hard decision times)."""
    players, seed = job
    hard = seed % players
    state = GAME.new_state(players, {}, seed)
    rand = random.Random(f"bench {players} {seed}")
    times = []
    while (result := GAME.result(state)) is None:
        seat = state["turn"]
        start = time.perf_counter()
        action = decide(GAME, state, seat, "hard" if seat == hard else "basic", rand)
        if seat == hard:
            times.append(time.perf_counter() - start)
        state = apply_checked(GAME, state, seat, action)
    return hard, result["winners"][0], times


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate."""
    if not games:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z / (1 + z * z / games) * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    return centre - half, centre + half


def match(players: int, games: int, jobs: int) -> dict[str, object]:
    start = time.perf_counter()
    with Pool(jobs) as pool:
        outcomes = pool.map(play, [(players, seed) for seed in range(games)], chunksize=1)
    elapsed = time.perf_counter() - start
    wins = sum(hard == winner for hard, winner, _ in outcomes)
    times = sorted(t for _, _, ts in outcomes for t in ts)
    low, high = wilson(wins, games)
    row = {
        "players": players, "games": games, "hard_wins": wins, "win_rate": wins / games,
        "wilson_95": [low, high], "equal_share": 1 / players,
        "decisions": len(times),
        "decision_ms": {"mean": 1000 * sum(times) / len(times), "p95": 1000 * times[int(0.95 * (len(times) - 1))],
                        "max": 1000 * times[-1]},
        "default_budget": {"nodes": GAME.searchers["hard"].nodes, "worlds": GAME.searchers["hard"].worlds},
        "jobs": jobs, "seconds": elapsed,
    }
    ms = row["decision_ms"]
    print(f"{players} players, hard vs {players - 1} basic: hard won {wins} of {games} ({wins / games:.1%}, "
          f"Wilson 95% {low:.1%}-{high:.1%}; equal share {1 / players:.0%}); hard decision mean {ms['mean']:.1f} ms, "
          f"p95 {ms['p95']:.1f} ms, max {ms['max']:.1f} ms over {len(times)}; {elapsed:.0f} s", flush=True)
    return row


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", type=int, nargs="?", default=400)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--players", default="2,4")
    args = parser.parse_args()
    rows = [match(int(p), args.games, args.jobs) for p in args.players.split(",")]
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
