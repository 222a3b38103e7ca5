"""How often Turncoats' ``hard`` bot beats ``basic``, engine only, every seat decided through ``games.bots.decide``
(so the hard bot gets worlds drawn from its own seat, never the true state).

Two match-ups: two players, hard against basic, seats alternating; and four players, one hard against three basic,
the hard seat rotating. Run:

    python -m bench.turncoats_hard [games] [--start SEED] [--jobs N] [--players 2,4] [--seconds S]
                                   [--nodes N] [--variant NAME] [--out FILE]

Games use seeds START..START+games-1 (default 0..399). ``--seconds``: the wall-time cap per decision (default 1 s,
the server's); a large cap leaves the node budget alone in charge, so load on the box cannot change a result and two
variants run on the same seeds are paired. ``--variant``: a hard bot from ``VARIANTS`` (default "shipped", the
module as it is). Prints wins with a Wilson 95% interval and the time per hard decision (mean, p95, max); writes
the same, with each seed's outcome, as JSON to ``--out`` (default bench/results/<date>-turncoats-hard.json). Compare two
result files seed by seed, on the seeds both played, with ``python -m bench.turncoats_hard --paired A.json B.json``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from datetime import date
from multiprocessing import Pool
from pathlib import Path
from typing import Any

from bench.stats import sign_test, wilson
from games.bots import decide
from games.protocol import Budget, Game, apply_checked
from games.turncoats import GAME as TURNCOATS
from games.turncoats.bots import hard, value
from games.turncoats.bots.fast import Sim

GAME: Game[Any] = TURNCOATS  # driven as the platform drives it: plain dict states

RESULTS = Path(__file__).parent / "results"


def _knobs(judge: Callable[[Sim, int], float] = hard.basic_judge, depth: int = 4, loop: str = "ucb1",
           candidates: int = 6, greedy: int = 0) -> Callable[[], None]:
    def apply() -> None:
        hard.JUDGE, hard.DEPTH, hard.LOOP, hard.CANDIDATES, hard.GREEDY = judge, depth, loop, candidates, greedy
    return apply


# Variants screened against each other: each sets the hard module's knobs in a worker before its games. "current"
# is the bot as issue 19 left it (basic's judge after 4 turns); "shipped" is whatever the module now says.
VARIANTS: dict[str, Callable[[], None]] = {
    "shipped": lambda: None,
    "current": _knobs(),
    "value": _knobs(value.judge),
    "value-d2": _knobs(value.judge, 2),
    "value-d8": _knobs(value.judge, 8),
    "deep": _knobs(depth=40),
    "paired": _knobs(value.judge, loop="paired"),
    "paired-d2": _knobs(value.judge, 2, loop="paired"),
    "paired-d8": _knobs(value.judge, 8, loop="paired"),
    "paired-c9": _knobs(value.judge, loop="paired", candidates=9),
    "value-c9": _knobs(value.judge, candidates=9),
    "greedy3": _knobs(value.judge, greedy=3),
    "paired-greedy3": _knobs(value.judge, loop="paired", greedy=3),
    "greedy2": _knobs(value.judge, greedy=2),
}

_seconds = 1.0
_nodes = GAME.searchers["hard"].nodes
_pause: Path | None = None  # while this file exists, no new game starts (someone is measuring speed)


def _init(variant: str, seconds: float, nodes: int, pause: Path | None = None) -> None:
    global _seconds, _nodes, _pause
    _seconds, _nodes, _pause = seconds, nodes, pause
    VARIANTS[variant]()


def play(job: tuple[int, int]) -> tuple[int, int, list[float], list[float]]:
    """One game: (players, seed). The hard seat is seed % players. Returns (hard seat, winner, hard decision times
    on the wall clock and in this process's processor time: the second is what one core would take, whatever else
    runs on the box)."""
    players, seed = job
    while _pause is not None and _pause.exists():
        time.sleep(30)
    hard_seat = seed % players
    state = GAME.new_state(players, {}, seed)
    rand = random.Random(f"bench {players} {seed}")
    budget = Budget(nodes=_nodes, seconds=_seconds)
    times, cpu = [], []
    while (result := GAME.result(state)) is None:
        seat = state["turn"]
        start, start_cpu = time.perf_counter(), time.process_time()
        if seat == hard_seat:
            action = decide(GAME, state, seat, "hard", rand, budget)
            times.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        else:
            action = decide(GAME, state, seat, "basic", rand)
        state = apply_checked(GAME, state, seat, action)
    return hard_seat, result["winners"][0], times, cpu


def match(players: int, games: int, start_seed: int, jobs: int, variant: str, seconds: float,
          nodes: int, pause: Path | None = None) -> dict[str, object]:
    start = time.perf_counter()
    seeds = list(range(start_seed, start_seed + games))
    with Pool(jobs, initializer=_init, initargs=(variant, seconds, nodes, pause)) as pool:
        outcomes = []
        for seed, outcome in zip(seeds, pool.imap(play, [(players, seed) for seed in seeds]), strict=True):
            outcomes.append(outcome)
            print(f"seed {seed}: {int(outcome[0] == outcome[1])}", file=sys.stderr, flush=True)  # progress, won or not
    elapsed = time.perf_counter() - start
    won = [int(hard_seat == winner) for hard_seat, winner, _, _ in outcomes]
    wins = sum(won)
    times = sorted(t for _, _, ts, _ in outcomes for t in ts)
    cpu = sorted(t for _, _, _, ts in outcomes for t in ts)
    low, high = wilson(wins, games)
    ms = {"mean": 1000 * sum(times) / len(times), "p95": 1000 * times[int(0.95 * (len(times) - 1))],
          "max": 1000 * times[-1]}
    cpu_ms = {"mean": 1000 * sum(cpu) / len(cpu), "p95": 1000 * cpu[int(0.95 * (len(cpu) - 1))], "max": 1000 * cpu[-1]}
    row = {
        "players": players, "games": games, "seeds": [seeds[0], seeds[-1]], "variant": variant,
        "hard_wins": wins, "win_rate": wins / games,
        "wilson_95": [low, high], "equal_share": 1 / players,
        "decisions": len(times),
        "decision_ms": ms, "decision_cpu_ms": cpu_ms,
        "budget": {"nodes": nodes, "worlds": GAME.searchers["hard"].worlds,
                   "seconds": seconds},
        "jobs": jobs, "seconds": elapsed, "won": won,
    }
    print(f"{variant}: {players} players, hard vs {players - 1} basic, seeds {seeds[0]}-{seeds[-1]}: hard won {wins} "
          f"of {games} ({wins / games:.1%}, Wilson 95% {low:.1%}-{high:.1%}; equal share {1 / players:.0%}); hard "
          f"decision mean {ms['mean']:.1f} ms, p95 {ms['p95']:.1f} ms, max {ms['max']:.1f} ms over {len(times)}; "
          f"processor time mean {cpu_ms['mean']:.1f} ms, p95 {cpu_ms['p95']:.1f} ms, max {cpu_ms['max']:.1f} ms; "
          f"{elapsed:.0f} s", flush=True)
    return row


def paired(a: Path, b: Path) -> None:
    """Seed by seed, two result files, on the seeds both played: the win rates, and the seeds only one of them won (a
    sign test on those: the two-sided chance of a split at least this uneven if the variants were equal)."""
    rows_a = {r["players"]: r for r in json.loads(a.read_text())}
    for row_b in json.loads(b.read_text()):
        row_a = rows_a.get(row_b["players"])
        if row_a is None:
            continue
        won_a, won_b = (dict(zip(range(r["seeds"][0], r["seeds"][1] + 1), r["won"], strict=True))
                        for r in (row_a, row_b))
        seeds = sorted(set(won_a) & set(won_b))
        if not seeds:
            continue
        only_a = sum(won_a[s] > won_b[s] for s in seeds)
        only_b = sum(won_b[s] > won_a[s] for s in seeds)
        rate_a, rate_b = (sum(won[s] for s in seeds) / len(seeds) for won in (won_a, won_b))
        p = sign_test(only_a, only_b)
        print(f"{row_b['players']} players, seeds {seeds[0]}-{seeds[-1]} ({len(seeds)}): {row_a['variant']} "
              f"{rate_a:.1%}, {row_b['variant']} {rate_b:.1%} ({rate_b - rate_a:+.1%}); won by {row_a['variant']} "
              f"only {only_a}, by {row_b['variant']} only {only_b}, sign test p = {p:.3f}")


def rebuild(log: Path, variant: str, players: int, nodes: int) -> list[dict[str, object]]:
    """A result row from a stopped run's progress lines ("seed N: 1"), seeds from the first in a row: no decision
    times (they are not in the log)."""
    outcomes: dict[int, int] = {}
    for line in log.read_text().splitlines():
        if line.startswith("seed "):
            seed, result = line[5:].split(": ")
            outcomes[int(seed)] = int(result)
    first = min(outcomes)
    seeds: list[int] = []
    while first + len(seeds) in outcomes:
        seeds.append(first + len(seeds))
    won = [outcomes[s] for s in seeds]
    low, high = wilson(sum(won), len(won))
    return [{"players": players, "games": len(won), "seeds": [seeds[0], seeds[-1]], "variant": variant,
             "hard_wins": sum(won), "win_rate": sum(won) / len(won), "wilson_95": [low, high],
             "equal_share": 1 / players, "budget": {"nodes": nodes, "worlds": GAME.searchers["hard"].worlds},
             "rebuilt_from": log.name, "won": won}]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("games", type=int, nargs="?", default=400)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--players", default="2,4")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--nodes", type=int, default=GAME.searchers["hard"].nodes, help="node budget per decision")
    parser.add_argument("--variant", default="shipped", choices=sorted(VARIANTS))
    parser.add_argument("--out", type=Path, default=RESULTS / f"{date.today().isoformat()}-turncoats-hard.json")
    parser.add_argument("--paired", nargs=2, type=Path, metavar=("A", "B"))
    parser.add_argument("--rebuild", type=Path, metavar="LOG",
                        help="write --out from a stopped run's progress lines (with --variant, --players, --nodes)")
    parser.add_argument("--pause-while", type=Path, metavar="FILE",
                        help="start no new game while FILE exists (the shared box's QUIET flag)")
    args = parser.parse_args()
    if args.paired:
        paired(*args.paired)
        return
    if args.rebuild:
        args.out.write_text(json.dumps(rebuild(args.rebuild, args.variant, int(args.players), args.nodes), indent=1)
                            + "\n")
        return
    rows = [match(int(p), args.games, args.start, args.jobs, args.variant, args.seconds, args.nodes, args.pause_while)
            for p in args.players.split(",")]
    args.out.parent.mkdir(exist_ok=True)
    args.out.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
