"""Patriots & Redcoats: ``hard`` seats against ``basic`` seats, engine only.

In each game half the seats, chosen at random, are ``hard`` and the rest ``basic``; every seat decides through
``games.bots.decide`` (the hard ones with their default budget and the worlds drawn from their own seat). A seat-game
counts as won when the seat is among the result's winners: its team as last computed (teams can change in Winter;
an eliminated player keeps the team it had), the same count for both kinds. Draws count as not won.

Reported per player count: games, the share of hard seats and of basic seats whose team won, each with a Wilson 95 %
interval, their ratio, and the time per hard decision (mean, p95, max).

Run: python -m bench.patriots_hard GAMES [--jobs N] [--players 6 8] [--first SEED] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from datetime import date
from pathlib import Path
from typing import Any, Protocol

from bench.stats import wilson
from games.bots import decide
from games.patriots_and_redcoats import GAME as PATRIOTS
from games.protocol import Budget, Game, Seat, State, apply_checked

GAME: Game[Any] = PATRIOTS  # driven as the platform drives it: plain dict states

RESULTS = Path(__file__).parent / "results"


class Watcher(Protocol):
    """What ``play`` shows an observer (``bench.patriots_belief``): each decision as it is asked for, each new state."""

    def deciding(self, state: State, seat: Seat, hard: bool) -> None: ...

    def moved(self, state: State) -> None: ...


def play(players: int, seed: int, watch: Watcher | None = None, budget: Budget | None = None) -> dict[str, Any]:
    """One game. ``budget``: the hard seats' (default: the searcher's own, 1 s); a node budget with unbounded time
    makes a game the same however loaded the machine is. ``cpu``: each hard decision's CPU time (the wall time of a
    decision on a core of its own)."""
    state = GAME.new_state(players, {}, seed)
    rand = random.Random(f"patriots hard {players} {seed}")
    hard = set(rand.sample(range(players), players // 2))
    times: list[float] = []
    cpu: list[float] = []
    while (result := GAME.result(state)) is None:
        moved = False
        for seat in GAME.waiting_on(state):
            if watch is not None:
                watch.deciding(state, seat, seat in hard)
            start, start_cpu = time.perf_counter(), time.process_time()
            action = decide(GAME, state, seat, "hard" if seat in hard else "basic", rand, budget)
            if seat in hard:
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
            if action is None:
                continue
            state = apply_checked(GAME, state, seat, action)
            moved = True
            break
        if not moved:
            seat = GAME.required(state)[0]
            state = apply_checked(GAME, state, seat, GAME.default_action(state, seat))
        if watch is not None:
            watch.moved(state)
    winners = set(result["winners"])
    return {"hard_won": sum(s in winners for s in hard), "hard_seats": len(hard),
            "basic_won": sum(s in winners and s not in hard for s in range(players)),
            "basic_seats": players - len(hard), "times": times, "cpu": cpu, "reason": result.get("reason", "")}


def _play(job: tuple[int, int]) -> dict[str, Any]:
    return play(*job)


def summarise(players: int, games: list[dict[str, Any]], elapsed: float) -> dict[str, Any]:
    hard_won, hard_n = sum(g["hard_won"] for g in games), sum(g["hard_seats"] for g in games)
    basic_won, basic_n = sum(g["basic_won"] for g in games), sum(g["basic_seats"] for g in games)
    times = sorted(t for g in games for t in g["times"])
    hard_rate, basic_rate = hard_won / hard_n, basic_won / basic_n
    return {
        "players": players, "games": len(games),
        "hard": {"won": hard_won, "seats": hard_n, "rate": hard_rate, "wilson95": wilson(hard_won, hard_n)},
        "basic": {"won": basic_won, "seats": basic_n, "rate": basic_rate, "wilson95": wilson(basic_won, basic_n)},
        "ratio": hard_rate / basic_rate if basic_rate else None,
        "hard_decision_ms": {"count": len(times), "mean": 1000 * statistics.fmean(times),
                             "p95": 1000 * times[int(0.95 * (len(times) - 1))], "max": 1000 * times[-1]},
        "seconds": elapsed,
        # per seed, in seed order from --first: hard seats won, basic seats won, how the game ended
        "per_seed": [[g["hard_won"], g["basic_won"], g["reason"]] for g in games],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="+", default=[6, 8])
    parser.add_argument("--first", type=int, default=0, help="first seed (a run can be split across processes)")
    parser.add_argument("--out", help="results file name (default <date>-patriots-hard-<players>.json)")
    args = parser.parse_args()
    RESULTS.mkdir(exist_ok=True)
    out = []
    for players in args.players:
        start = time.perf_counter()
        jobs = [(players, seed) for seed in range(args.first, args.first + args.games)]
        games: list[dict[str, Any]] = []
        with ProcessPoolExecutor(args.jobs) as pool:
            for game in pool.map(_play, jobs, chunksize=4):
                games.append(game)
                if len(games) % 50 == 0 and len(games) < len(jobs):  # partial figures, in case a run must be cut
                    part = summarise(players, games, time.perf_counter() - start)
                    print(f"  {players} players, after {len(games)} games: ratio {part['ratio']:.2f} "
                          f"(hard {part['hard']['won']}/{part['hard']['seats']}, "
                          f"basic {part['basic']['won']}/{part['basic']['seats']})", flush=True)
        summary = summarise(players, games, time.perf_counter() - start)
        out.append(summary)
        h, b, t = summary["hard"], summary["basic"], summary["hard_decision_ms"]
        print(f"{players} players, {summary['games']} games: hard seats' team won {h['rate']:.1%} "
              f"[{h['wilson95'][0]:.1%}, {h['wilson95'][1]:.1%}], basic seats' {b['rate']:.1%} "
              f"[{b['wilson95'][0]:.1%}, {b['wilson95'][1]:.1%}], ratio {summary['ratio']:.2f}; "
              f"hard decision {t['mean']:.1f} ms mean, {t['p95']:.1f} p95, {t['max']:.0f} max; "
              f"{summary['seconds']:.0f} s", flush=True)
    name = args.out or f"{date.today().isoformat()}-patriots-hard-" + "-".join(str(p) for p in args.players) + ".json"
    (RESULTS / name).write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
