"""Patriots & Redcoats hard against basic, one game a line, for paired comparisons of two versions on the same seeds.

``play`` is ``bench.patriots_hard``'s game (half the seats hard, chosen by the seed). Each finished game is appended
to a JSON-lines file at once, so a run cut short keeps every game it finished and can be resumed; ``pair`` compares
two such files on the seeds both hold: each version's ratio (Wilson 95 % intervals on both rates), the paired
difference in seat-games won by the hard seats' team less the basic seats' (its standard error over seeds), and the
hard decision time.

Run: python -m bench.patriots_paired play FILE --first SEED --games N [--players 6] [--nodes 32]
     python -m bench.patriots_paired pair BASE NEW [--out FILE.json]
     python -m bench.patriots_paired show FILE [--out FILE.json]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from pathlib import Path
from typing import Any

from bench.patriots_hard import play
from bench.stats import wilson
from games.protocol import Budget


def run(path: Path, first: int, games: int, players: int, nodes: int | None) -> None:
    done = {line["seed"] for line in _lines(path)}
    budget = Budget(nodes=nodes, seconds=1e6) if nodes else None
    with path.open("a") as out:
        for seed in range(first, first + games):
            if seed in done:
                continue
            game = play(players, seed, budget=budget)
            out.write(json.dumps({"seed": seed, "players": players, **game}) + "\n")
            out.flush()


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line] if path.exists() else []


def summary(games: list[dict[str, Any]]) -> dict[str, Any]:
    hard_won, hard_n = sum(g["hard_won"] for g in games), sum(g["hard_seats"] for g in games)
    basic_won, basic_n = sum(g["basic_won"] for g in games), sum(g["basic_seats"] for g in games)
    times = sorted(t for g in games for t in g["times"])
    cpu = sorted(t for g in games for t in g.get("cpu", []))
    return {
        "games": len(games), "seeds": [min(g["seed"] for g in games), max(g["seed"] for g in games)],
        "hard": [hard_won, hard_n, wilson(hard_won, hard_n)], "basic": [basic_won, basic_n, wilson(basic_won, basic_n)],
        "ratio": (hard_won / hard_n) / (basic_won / basic_n) if basic_won else None,
        # the ratio's range from the ends of the two intervals (a rough interval for the ratio)
        "ratio_range": [wilson(hard_won, hard_n)[0] / wilson(basic_won, basic_n)[1],
                        wilson(hard_won, hard_n)[1] / wilson(basic_won, basic_n)[0]],
        "decision_ms": {"mean": 1000 * statistics.fmean(times), "p95": 1000 * times[int(0.95 * (len(times) - 1))],
                        "max": 1000 * times[-1]},
        "decision_cpu_ms": {"mean": 1000 * statistics.fmean(cpu), "p95": 1000 * cpu[int(0.95 * (len(cpu) - 1))],
                            "max": 1000 * cpu[-1]} if cpu else None,
    }


def pair(base: Path, new: Path) -> dict[str, Any]:
    a = {g["seed"]: g for g in _lines(base)}
    b = {g["seed"]: g for g in _lines(new)}
    seeds = sorted(set(a) & set(b))
    diffs = [(b[s]["hard_won"] - b[s]["basic_won"]) - (a[s]["hard_won"] - a[s]["basic_won"]) for s in seeds]
    mean = statistics.fmean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
    return {"seeds": len(seeds), "base": summary([a[s] for s in seeds]), "new": summary([b[s] for s in seeds]),
            "paired_gain_a_game": mean, "se": se, "z": mean / se if se else None}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    played = sub.add_parser("play")
    played.add_argument("file", type=Path)
    played.add_argument("--first", type=int, required=True)
    played.add_argument("--games", type=int, required=True)
    played.add_argument("--players", type=int, default=6)
    played.add_argument("--nodes", type=int, help="hard seats search this many nodes with no time limit (so a "
                        "loaded machine plays the same games); default: the searcher's own budget, 1 s")
    paired = sub.add_parser("pair")
    paired.add_argument("base", type=Path)
    paired.add_argument("new", type=Path)
    paired.add_argument("--out", type=Path)
    shown = sub.add_parser("show")
    shown.add_argument("file", type=Path)
    shown.add_argument("--out", type=Path)
    args = parser.parse_args()
    if args.command == "play":
        run(args.file, args.first, args.games, args.players, args.nodes)
        return
    result = pair(args.base, args.new) if args.command == "pair" else summary(_lines(args.file))
    text = json.dumps(result, indent=2)
    print(text)
    if args.out:
        args.out.write_text(text + "\n")


if __name__ == "__main__":
    main()
