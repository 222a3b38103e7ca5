"""How often Red Scare Redux's ``hard`` team beats a ``basic`` team: four-player (2v2) games, engine only.

Seats alternate teams (0 and 2 against 1 and 3, the default table options) and the engine draws the first seat from
the seed; the ``hard`` team moves first in even games and second in odd ones. Every seat decides through
``games.bots.decide`` (the one place a bot gets its view, legal list and worlds) with its level's default budget, so
the hard bot searches exactly as it would on the server. Windows are quick: the seat asked is the first one the game
waits on, and every bot continues at once or plays an instant (ruling 12). A draw (tied points, no completion) is
counted apart and not as a win. Time is measured around each hard decision, worlds drawn included.

Run: python -m bench.red_scare_redux_hard [games] [--jobs N] [--first SEED] [--node-bound] [--each] [--out FILE]
[--worlds W] [--nodes N] [--turns T] (default 400 games from seed 0, 2 jobs). ``--node-bound`` lifts the 1 s cap so
only the node count bounds a search: the same seeds then give the same games on a loaded box, which paired
comparisons need. ``--worlds``, ``--nodes`` and ``--turns`` screen another budget or horizon than the shipped bot's
without editing it (the bench hands the search a changed ``Searcher`` and sets the playouts' turn count in its own
processes). Prints the table and writes it as JSON to bench/results/, rewritten after every game so that a run
stopped early keeps what it finished. ``python -m bench.red_scare_redux_hard --pair BASE.json OTHER.json`` compares
two runs seed by seed (flips and their sign test).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from datetime import date
from functools import partial
from pathlib import Path
from typing import Any

from bench.stats import sign_test, wilson
from games.bots import decide
from games.protocol import Budget, Game, apply_checked
from games.red_scare_redux import GAME as RSR
from games.red_scare_redux.bots import hard as hard_module

GAME: Game[Any] = RSR  # driven as the platform drives it: plain dict states

PLAYERS = 4
RESULTS = Path(__file__).parent / "results"


def variant(worlds: int | None = None, nodes: int | None = None) -> Game[Any]:
    """The game with its ``hard`` searcher given ``worlds`` and ``nodes`` (None: the shipped figure)."""
    searcher = GAME.searchers["hard"]
    changed = replace(searcher, worlds=worlds or searcher.worlds, nodes=nodes or searcher.nodes)
    return replace(GAME, searchers={**GAME.searchers, "hard": changed})


def play(seed: int, node_bound: bool = False, worlds: int | None = None, nodes: int | None = None,
         turns: int | None = None) -> dict[str, Any]:
    """One game: the hard team's outcome, the point margin and the time of every hard decision. ``node_bound``: the
    search stops at its node count only, so a loaded box cannot change the game. ``worlds``, ``nodes``, ``turns``:
    a variant's budget and playout horizon (None: the shipped bot's)."""
    game = variant(worlds, nodes)
    if turns is not None:
        hard_module.TURNS = turns  # this process plays only this variant's games
    hard_first = seed % 2 == 0
    state = GAME.new_state(PLAYERS, None, seed)
    first = state["order"][0] % 2
    parity = first if hard_first else 1 - first  # the hard team's seats: those of this parity
    rand = random.Random(seed)
    times: list[float] = []  # wall time of each hard decision
    cpus: list[float] = []  # and its CPU time (the shared box's load inflates the wall time)
    steps = 0
    while (result := GAME.result(state)) is None:
        seat = GAME.required(state)[0]  # quick windows: somebody always owes an answer
        kind = "hard" if seat % 2 == parity else "basic"
        start, cpu = time.perf_counter(), time.thread_time()
        budget = Budget(nodes=game.searchers["hard"].nodes, seconds=1e6) if node_bound else None
        action = decide(game, state, seat, kind, rand, budget)
        if kind == "hard":
            times.append(time.perf_counter() - start)
            cpus.append(time.thread_time() - cpu)
        if action is None:
            action = GAME.default_action(state, seat)
        state = apply_checked(GAME, state, seat, action)
        steps += 1
    points = {entry["team"]: entry["points"] for entry in result["ranking"]}
    hard_team = next(e["team"] for e in result["ranking"] if e["seats"][0] % 2 == parity)
    winners = result["winners"]
    outcome = "draw" if len(winners) > 2 else "win" if winners[0] % 2 == parity else "loss"
    return {"seed": seed, "hard_first": hard_first, "outcome": outcome, "reason": result["reason"],
            "margin": points[hard_team] - points[1 - hard_team], "steps": steps, "times": times, "cpus": cpus}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summarize(games: list[dict[str, Any]], args: argparse.Namespace, elapsed: float) -> dict[str, Any]:
    """The run's table so far, with every seed's outcome."""
    outcomes = Counter(g["outcome"] for g in games)
    wins, draws, n = outcomes["win"], outcomes["draw"], len(games)
    low, high = wilson(wins, n)
    times = [t for g in games for t in g["times"]]
    cpus = [t for g in games for t in g["cpus"]]
    first = [g for g in games if g["hard_first"]]
    searcher = variant(args.worlds, args.nodes).searchers["hard"]
    return {
        "bench": "red_scare_redux_hard", "date": date.today().isoformat(), "players": PLAYERS,
        "worlds": searcher.worlds, "nodes": searcher.nodes, "turns": args.turns or hard_module.TURNS,
        "games": n, "wins": wins, "draws": draws,
        "losses": outcomes["loss"], "win_rate": wins / n, "wilson_95": [low, high],
        "wins_moving_first": sum(g["outcome"] == "win" for g in first), "games_moving_first": len(first),
        "mean_margin": sum(g["margin"] for g in games) / n,
        "reasons": dict(Counter(g["reason"] for g in games)),
        "actions_per_game": sum(g["steps"] for g in games) / n,
        "hard_decisions": len(times), "decision_ms": {
            "mean": 1000 * sum(times) / len(times), "p95": 1000 * percentile(times, 0.95),
            "max": 1000 * max(times)},
        "decision_cpu_ms": {"mean": 1000 * sum(cpus) / len(cpus), "p95": 1000 * percentile(cpus, 0.95),
                            "max": 1000 * max(cpus)},
        "jobs": args.jobs, "node_bound": args.node_bound, "first_seed": args.first, "seconds": elapsed,
        "outcomes": {g["seed"]: g["outcome"] for g in games},  # per seed: runs compare paired, game by game
    }


def pair(base: Path, other: Path) -> str:
    """Two runs' results compared on the seeds both finished: each one's wins and Wilson interval, the seeds only
    one of them won (flips) and the sign test on those, and each one's decision CPU p95."""
    runs = [json.loads(path.read_text()) for path in (base, other)]
    won = [{int(seed): outcome == "win" for seed, outcome in run["outcomes"].items()} for run in runs]
    seeds = sorted(set(won[0]) & set(won[1]))
    if not seeds:
        raise SystemExit(f"{base} and {other} share no finished seed")
    lines = [f"{len(seeds)} seeds both finished, {seeds[0]}-{seeds[-1]}"]
    for path, run, wins in zip((base, other), runs, won, strict=True):
        count = sum(wins[seed] for seed in seeds)
        low, high = wilson(count, len(seeds))
        lines.append(f"{path.name}: {count} won ({count / len(seeds):.1%}, {low:.1%}-{high:.1%}); its whole run "
                     f"{run['games']} games, CPU p95 {run['decision_cpu_ms']['p95']:.0f} ms "
                     f"({run['worlds']} worlds, {run['nodes']} nodes, {run.get('turns', 3)} turns)")
    only_base = sum(won[0][seed] and not won[1][seed] for seed in seeds)
    only_other = sum(won[1][seed] and not won[0][seed] for seed in seeds)
    lines.append(f"flips: won by {base.name} only {only_base}, by {other.name} only {only_other}, "
                 f"sign test p = {sign_test(only_base, only_other):.3f}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=400)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--first", type=int, default=0, help="the first seed (split a run's seeds across runs)")
    parser.add_argument("--each", action="store_true", help="print each seed's outcome to stderr as it ends")
    parser.add_argument("--out", type=Path, default=None, help="the results file (default: dated, in bench/results)")
    parser.add_argument("--node-bound", action="store_true",
                        help="no 1 s cap: the default node count alone bounds a search (paired runs under load)")
    parser.add_argument("--worlds", type=int, default=None, help="worlds a hard decision (default: the shipped bot's)")
    parser.add_argument("--nodes", type=int, default=None, help="playouts a hard decision (default: the shipped bot's)")
    parser.add_argument("--turns", type=int, default=None,
                        help="turns a playout runs, this one included (default: the shipped bot's TURNS)")
    parser.add_argument("--pair", type=Path, nargs=2, metavar=("BASE", "OTHER"),
                        help="compare two results files on the seeds both finished (plays nothing)")
    args = parser.parse_args()
    if args.pair:
        print(pair(*args.pair))
        return
    for name in ("worlds", "nodes", "turns"):
        if getattr(args, name) is not None and getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    RESULTS.mkdir(exist_ok=True)
    out = args.out or RESULTS / f"{date.today().isoformat()}-red-scare-redux-hard.json"
    start = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        games = []
        seeds = range(args.first, args.first + args.games)
        run = partial(play, node_bound=args.node_bound, worlds=args.worlds, nodes=args.nodes, turns=args.turns)
        for game in pool.map(run, seeds, chunksize=4 if args.jobs > 1 else 1):
            games.append(game)
            # the file after every game: a run stopped early keeps its finished games, CPU figures included
            partial_out = out.with_name(out.name + ".part")  # then renamed: a run stopped mid-write leaves a whole file
            partial_out.write_text(json.dumps(summarize(games, args, time.perf_counter() - start), indent=2) + "\n")
            partial_out.replace(out)
            if args.each:  # every seed's outcome as it comes
                print(f"seed {game['seed']}: {game['outcome']}", file=sys.stderr, flush=True)
            if len(games) % 25 == 0:  # a running tally, for long runs on a shared box
                won = sum(g["outcome"] == "win" for g in games)
                elapsed = time.perf_counter() - start
                print(f"{len(games)} games, {won} won, {elapsed:.0f} s", file=sys.stderr, flush=True)
    summary = summarize(games, args, time.perf_counter() - start)
    wins, n, draws, (low, high) = summary["wins"], summary["games"], summary["draws"], summary["wilson_95"]
    print(f"hard team beat basic team in {wins} of {n} 2v2 games ({draws} drawn, {summary['losses']} lost): "
          f"{wins / n:.1%} (95% Wilson interval {low:.1%}-{high:.1%})")
    print(f"moving first: won {summary['wins_moving_first']} of {summary['games_moving_first']}; mean point margin "
          f"{summary['mean_margin']:+.2f}; reasons {summary['reasons']}")
    ms = summary["decision_ms"]
    cpu = summary["decision_cpu_ms"]
    print(f"{summary['hard_decisions']} hard decisions: wall mean {ms['mean']:.1f} ms, p95 {ms['p95']:.1f} ms, "
          f"max {ms['max']:.1f} ms; "
          f"CPU mean {cpu['mean']:.1f} ms, p95 {cpu['p95']:.1f} ms, max {cpu['max']:.1f} ms")
    print(f"budget {summary['worlds']} worlds, {summary['nodes']} nodes, {summary['turns']} turns a playout; "
          f"{summary['seconds']:.0f} s with {args.jobs} jobs")
    out.write_text(json.dumps(summary, indent=2) + "\n")
    print(f"written to {out.relative_to(Path.cwd()) if out.is_relative_to(Path.cwd()) else out}")


if __name__ == "__main__":
    main()
