"""Pair two benchmark runs of ``bench.patriots_hard`` by seed (issue 19).

``python pair.py NEW1.json,NEW2.json OLD1.json,OLD2.json`` prints each run's ratio over the games both cover and the
mean per game of (hard seats' wins - basic seats' wins) in the new run less the same in the old, with its standard
error: the same seeds deal the same cards, so the pairing removes most of the deal's luck.
"""

import json
import math
import statistics
import sys


def load(paths: list[str]) -> list[list]:
    rows: list[list] = []
    for path in paths:
        with open(path) as src:
            for block in json.load(src):
                rows += block["per_seed"]
    return rows


def main() -> None:
    new, old = load(sys.argv[1].split(",")), load(sys.argv[2].split(","))
    n = min(len(new), len(old))
    new, old = new[:n], old[:n]
    for name, rows in (("new", new), ("old", old)):
        hard, basic = sum(r[0] for r in rows), sum(r[1] for r in rows)
        print(f"{name}: {n} games, hard seats {hard}, basic seats {basic}, ratio {hard / max(1, basic):.3f}")
    diff = [(a[0] - a[1]) - (b[0] - b[1]) for a, b in zip(new, old, strict=True)]
    error = statistics.stdev(diff) / math.sqrt(n)
    print(f"paired {statistics.fmean(diff):+.3f} a game, SE {error:.3f}, z {statistics.fmean(diff) / error:.2f}")


if __name__ == "__main__":
    main()
