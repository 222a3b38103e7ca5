"""How often Raiding Parties' ``hard`` bot beats ``basic``: two-player games at 30 gold, seats alternating, engine only.

Each bot builds its party as it would at a table (``basic`` takes the ready-made "Pirateers", ``hard`` builds its
own). Every decision goes through ``games.bots.decide`` (the hard bot gets worlds drawn from its seat, never the
state) with the searcher's default node budget and a 1 s cap. A reaction window a bot lets run (it never passes early,
ruling 1) is closed with the seat's default action, as the server's timer would. Draws (K5c) count as not won.

Run: python -m bench.raiding_parties_hard [games] [--jobs N]   (default 400 games, 2 jobs). Prints the result and
writes it as JSON to bench/results/.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from games.bots import decide
from games.protocol import Game, apply_checked
from games.raiding_parties import GAME as RAIDING

GAME: Game[Any] = RAIDING

RESULTS = Path(__file__).parent / "results"


def play(seed: int) -> dict[str, Any]:
    """One game; hard sits at seat ``seed % 2``. Returns the winners, the actions and the hard bot's think times."""
    hard_seat = seed % 2
    state = GAME.new_state(2, {"gold": 30}, seed)
    rand = random.Random(seed)
    times: list[float] = []
    steps = 0
    while (result := GAME.result(state)) is None:
        seat = GAME.required(state)[0]  # quick reaction mode: somebody always owes an answer
        kind = "hard" if seat == hard_seat else "basic"
        start = time.perf_counter()
        action = decide(GAME, state, seat, kind, rand)
        if kind == "hard":
            times.append(time.perf_counter() - start)
        if action is None:
            action = GAME.default_action(state, seat)  # the reaction window runs out
        state = apply_checked(GAME, state, seat, action)
        steps += 1
    return {"seed": seed, "hard_seat": hard_seat, "winners": result["winners"], "steps": steps, "times": times}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    start = time.perf_counter()
    with Pool(args.jobs) as pool:
        games = pool.map(play, range(args.games), chunksize=1)
    elapsed = time.perf_counter() - start
    wins = sum(g["winners"] == [g["hard_seat"]] for g in games)
    draws = sum(len(g["winners"]) > 1 for g in games)
    losses = args.games - wins - draws
    times = sorted(t for g in games for t in g["times"])
    low, high = wilson(wins, args.games)
    summary = {
        "bench": "raiding_parties_hard", "games": args.games, "jobs": args.jobs, "gold": 30,
        "nodes": GAME.searchers["hard"].nodes, "worlds": GAME.searchers["hard"].worlds,
        "wins": wins, "draws": draws, "losses": losses, "win_rate": wins / args.games, "wilson95": [low, high],
        "decisions": len(times), "think_mean_ms": 1000 * sum(times) / len(times),
        "think_p95_ms": 1000 * times[int(0.95 * (len(times) - 1))], "think_max_ms": 1000 * times[-1],
        "actions_per_game": sum(g["steps"] for g in games) / args.games, "seconds": elapsed,
    }
    print(f"hard beat basic in {wins} of {args.games} two-player games at 30 gold ({draws} drawn, {losses} lost): "
          f"{wins / args.games:.1%}, Wilson 95% [{low:.1%}, {high:.1%}]; hard decisions {len(times)}: mean "
          f"{summary['think_mean_ms']:.1f} ms, p95 {summary['think_p95_ms']:.1f} ms, max "
          f"{summary['think_max_ms']:.0f} ms; {summary['actions_per_game']:.0f} actions a game; {elapsed:.0f} s")
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / time.strftime("%Y-%m-%d-%H%M-raiding-parties-hard.json")
    out.write_text(json.dumps(summary, indent=1) + "\n")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
