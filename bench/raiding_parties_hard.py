"""How often Raiding Parties' ``hard`` bot beats ``basic``: two-player games at 30 gold, seats alternating, engine only.

Each bot builds its party as it would at a table (``basic`` takes the ready-made "Pirateers", ``hard`` builds its
own). Every decision goes through ``games.bots.decide`` (the hard bot gets worlds drawn from its seat, never the
state) with the searcher's default node budget. A reaction window a bot lets run (it never passes early, ruling 1) is
closed with the seat's default action, as the server's timer would. Draws (K5c) count as not won.

The node budget alone ends every search (the wall cap is lifted far above any search), so the box's load cannot change
a game: the same seeds give the same games on any machine. Times are given in wall time and in processor time (what
one core takes; the 1 s target is on the latter). ``--wall-cap`` puts back the server's 1 s wall cap (the old
default, whose games depend on the load).

Run: python -m bench.raiding_parties_hard [games] [--first SEED] [--wall-cap] [--jobs N]   (default 400 games from
seed 0, 2 jobs). Prints the result and writes it as JSON to bench/results/.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from bench.stats import wilson
from games.bots import decide
from games.protocol import Budget, Game, apply_checked
from games.raiding_parties import GAME as RAIDING

GAME: Game[Any] = RAIDING

RESULTS = Path(__file__).parent / "results"


NODE_BOUND_S = 60.0  # the wall cap of a node-bound run: far above any search of the default budget


def play(job: tuple[int, bool]) -> dict[str, Any]:
    """One game; hard sits at seat ``seed % 2``. Returns the winners, the actions and the hard bot's think times (wall
    and processor)."""
    seed, node_bound = job
    hard_seat = seed % 2
    state = GAME.new_state(2, {"gold": 30}, seed)
    rand = random.Random(seed)
    budget = Budget(nodes=GAME.searchers["hard"].nodes, seconds=NODE_BOUND_S) if node_bound else None
    times: list[float] = []
    cpu: list[float] = []
    steps = 0
    while (result := GAME.result(state)) is None:
        seat = GAME.required(state)[0]  # quick reaction mode: somebody always owes an answer
        kind = "hard" if seat == hard_seat else "basic"
        start, start_cpu = time.perf_counter(), time.process_time()
        action = decide(GAME, state, seat, kind, rand, budget if kind == "hard" else None)
        if kind == "hard":
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        if action is None:
            action = GAME.default_action(state, seat)  # the reaction window runs out
        state = apply_checked(GAME, state, seat, action)
        steps += 1
    return {"seed": seed, "hard_seat": hard_seat, "winners": result["winners"], "steps": steps, "times": times,
            "cpu": cpu}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="?", type=int, default=400)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--wall-cap", action="store_true",
                        help="the server's 1 s wall cap (games then depend on the load); default: the node budget only")
    parser.add_argument("--node-bound", action="store_true", help="the default now; kept so old commands still run")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    start = time.perf_counter()
    seeds = range(args.first, args.first + args.games)
    with Pool(args.jobs) as pool:
        games = pool.map(play, [(seed, not args.wall_cap) for seed in seeds], chunksize=1)
    elapsed = time.perf_counter() - start
    wins = sum(g["winners"] == [g["hard_seat"]] for g in games)
    draws = sum(len(g["winners"]) > 1 for g in games)
    losses = args.games - wins - draws
    times = sorted(t for g in games for t in g["times"])
    cpu = sorted(t for g in games for t in g["cpu"])
    low, high = wilson(wins, args.games)
    summary = {
        "bench": "raiding_parties_hard", "games": args.games, "seeds": [args.first, args.first + args.games - 1],
        "node_bound": not args.wall_cap, "jobs": args.jobs, "gold": 30,
        "nodes": GAME.searchers["hard"].nodes, "worlds": GAME.searchers["hard"].worlds,
        "wins": wins, "draws": draws, "losses": losses, "win_rate": wins / args.games, "wilson95": [low, high],
        "decisions": len(times), "think_mean_ms": 1000 * sum(times) / len(times),
        "think_p95_ms": 1000 * times[int(0.95 * (len(times) - 1))], "think_max_ms": 1000 * times[-1],
        "cpu_mean_ms": 1000 * sum(cpu) / len(cpu), "cpu_p95_ms": 1000 * cpu[int(0.95 * (len(cpu) - 1))],
        "cpu_max_ms": 1000 * cpu[-1], "outcomes": [[g["seed"], g["winners"] == [g["hard_seat"]]] for g in games],
        "actions_per_game": sum(g["steps"] for g in games) / args.games, "seconds": elapsed,
    }
    print(f"hard beat basic in {wins} of {args.games} two-player games at 30 gold ({draws} drawn, {losses} lost): "
          f"{wins / args.games:.1%}, Wilson 95% [{low:.1%}, {high:.1%}]; hard decisions {len(times)}: mean "
          f"{summary['think_mean_ms']:.1f} ms, p95 {summary['think_p95_ms']:.1f} ms, max "
          f"{summary['think_max_ms']:.0f} ms (processor: mean {summary['cpu_mean_ms']:.1f}, p95 "
          f"{summary['cpu_p95_ms']:.1f} ms); {summary['actions_per_game']:.0f} actions a game; {elapsed:.0f} s")
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / time.strftime("%Y-%m-%d-%H%M-raiding-parties-hard.json")
    out.write_text(json.dumps(summary, indent=1) + "\n")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
