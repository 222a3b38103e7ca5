"""A strength ladder: every bot level of a game rated on one Elo scale from round-robin matches, engine only.

Levels: ``random``, ``basic``, ``hard`` (this revision's) and, with ``--previous REV``, ``hard@REV``: the hard bot of
an earlier revision. Two versions of ``games`` cannot share a process, so REV's files are unpacked from ``git
archive`` into a temporary directory and a child process (``bench/ladder_child.py``) answers that level's decisions
over a pipe; this revision's engine plays every game.

A match between levels A and B is a pair of games on one seed (one deal): A holds one side and B the other, then the
other way round, so a deal or seat that favours a side favours each level once. The sides:
- teams (Red Scare Redux 2v2): A plays one team, B the other. Patriots & Redcoats' teams are secret and formed by
  the opening loyalty confirmation: every seat confirms as ``basic``, then the harness (never a bot) reads the teams
  from the true state and gives A one of them, as bench/patriots_bots.py does;
- otherwise A holds half the seats (two players: one seat) and B the rest, the block of seats rotating with the seed.
Each game counts on its own in the results (the two games of a seed are not independent: the Wilson intervals, which
assume they are, read a little narrow where the deal decides much).
A's score is 1 when a larger share of its seats is among the winners than of B's, 0 when smaller, 1/2 when equal (a
draw; and where a player changes team in Winter, the seats count where they ended).

Every pair of levels plays the same seeds (``--first``, ``--count``), so pairs are compared on the same deals. Every
searching decision gets a node budget and no wall-clock limit (``--nodes``, default each searcher's own), so the load
of the machine cannot change a result; each decision's random source is drawn from the game's seed. Ratings are the
Bradley-Terry maximum-likelihood fit in Elo points (400 points: 10 to 1 odds), anchored at ``--anchor`` = 0, with one
virtual draw per pair played so that a pair won every time still gives a finite rating.

Run: python -m bench.ladder GAME [--players N] [--count 20] [--first SEED] [--previous REV] [--levels random,basic,hard]
     [--nodes N] [--jobs 1] [--lobby]
Prints each pair's result with a Wilson 95 % interval and the ratings; writes them as JSON to bench/results/ (after
every seed, marked partial until the end); ``--lobby`` also stores the game's figures in games/ladder.json, which the
lobby's level descriptions read. ``python -m bench.ladder --figures-from RESULTS... [--out FILE]`` stores them from
results files instead, merging runs on consecutive seed ranges.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass, field
from datetime import UTC, datetime
from io import BytesIO
from itertools import combinations
from multiprocessing.util import Finalize
from pathlib import Path
from typing import Any

from bench.stats import wilson
from games.bots import decide
from games.ladder import FIGURES, Side
from games.protocol import Action, Budget, Game, Seat, State, apply_checked
from games.registry import GAMES

RESULTS = Path(__file__).parent / "results"
ROOT = Path(__file__).resolve().parent.parent
CHILD = Path(__file__).with_name("ladder_child.py")
NO_LIMIT_S = 3600.0  # the wall-clock cap handed with a node budget: never reached, so only nodes count


TeamsOf = Callable[[State], dict[Seat, str] | None]


@dataclass(frozen=True)
class Setup:
    """How a game is played for the ladder by default: the table the bench scripts measure."""

    players: int
    options: dict[str, Any] = field(default_factory=dict)
    # "required": only the first seat play waits on decides (quick windows: bots answer at once); "waiting": every
    # seat that may act is asked in turn, so optional actions are played (Patriots & Redcoats' Spy).
    asks: str = "required"
    # Secret teams, read from the true state by the harness (never by a bot) once they are formed, None before:
    # until then every seat plays ``opening``, after it each level plays a team.
    secret_teams: TeamsOf | None = None
    opening: str = "basic"


def patriots_teams(state: State) -> dict[Seat, str] | None:
    """Patriots & Redcoats' teams after the opening loyalty confirmation (as bench/patriots_bots.py seats them)."""
    teams: list[str | None] = state["team"]
    return None if None in teams else {seat: str(team) for seat, team in enumerate(teams)}


SETUPS = {
    "turncoats": Setup(2),
    "raiding-parties": Setup(2, {"gold": 30}),
    "red-scare-redux": Setup(4),
    "patriots-and-redcoats": Setup(6, asks="waiting", secret_teams=patriots_teams),
}


# ----------------------------------------------------------------------------- players


class Previous:
    """The levels of an earlier revision, answered by a child process running that revision's ``games``."""

    def __init__(self, revision: str) -> None:
        self.revision = revision
        self._dir = tempfile.TemporaryDirectory(prefix="ladder-")
        archive = subprocess.run(["git", "archive", "--format=tar", revision, "games"], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        with tarfile.open(fileobj=BytesIO(archive)) as tar:
            tar.extractall(self._dir.name, filter="data")
        self._child = subprocess.Popen([sys.executable, str(CHILD), self._dir.name], cwd=self._dir.name,
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                       env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"})

    def decide(self, game: Game[Any], state: State, seat: Seat, kind: str, seed: int,
               nodes: int | None) -> Action | None:
        assert self._child.stdin is not None and self._child.stdout is not None
        ask = {"game": game.id, "state": state, "seat": seat, "kind": kind, "seed": seed, "nodes": nodes}
        self._child.stdin.write(json.dumps(ask) + "\n")
        self._child.stdin.flush()
        line = self._child.stdout.readline()
        if not line:
            raise RuntimeError(f"the child playing revision {self.revision} ended (see its error output above)")
        action: Action | None = json.loads(line)["action"]
        return action

    def close(self) -> None:
        if self._child.stdin is not None:
            self._child.stdin.close()  # the child ends at the end of its input
        self._child.wait(timeout=60)
        if self._child.stdout is not None:
            self._child.stdout.close()
        self._dir.cleanup()


_previous: dict[str, Previous] = {}  # per process: one child per earlier revision, started when first needed


def previous(revision: str) -> Previous:
    if revision not in _previous:
        if not _previous:  # a pool's worker too ends its children and removes their files when it exits
            Finalize(None, close_previous, exitpriority=10)
        _previous[revision] = Previous(revision)
    return _previous[revision]


def close_previous() -> None:
    while _previous:
        _previous.popitem()[1].close()


def choose(game: Game[Any], state: State, seat: Seat, level: str, seed: int, nodes: int | None) -> Action | None:
    """The decision of ``level`` (``kind`` or ``kind@REV``) at ``seat``, through ``games.bots.decide`` of its
    revision, with a node budget and no time limit."""
    kind, _, revision = level.partition("@")
    if revision:
        return previous(revision).decide(game, state, seat, kind, seed, nodes)
    budget = None
    if kind in game.searchers:
        budget = Budget(nodes=game.searchers[kind].nodes if nodes is None else nodes, seconds=NO_LIMIT_S)
    return decide(game, state, seat, kind, random.Random(seed), budget)


# ----------------------------------------------------------------------------- one match


def side_a(game: Game[Any], state: State, seed: int, secret_teams: TeamsOf | None = None) -> set[Seat] | None:
    """The seats level A holds in the game of ``seed`` (see the module's docstring); None while secret teams are
    not formed yet."""
    players: int = state["players"]
    teams_of: TeamsOf | None = secret_teams or game.teams
    if teams_of is not None:
        teams = teams_of(state)
        if teams is None:
            return None
        names = sorted(set(teams.values()))
        if len(names) != 2:
            raise ValueError(f"{game.title}: a match needs two teams, this table has {len(names)}")
        return {seat for seat, team in teams.items() if team == names[seed % 2]}
    # Odd tables: A holds the larger half in every other rotation, so neither level is favoured on average.
    count = players // 2 + (players % 2) * ((seed // players) % 2)
    return {(seed + i) % players for i in range(count)}


def play(game_id: str, setup: Setup, a: str, b: str, seed: int, mirrored: bool, nodes: int | None) -> float:
    """One game of level ``a`` against level ``b``: a's score (1 won, 1/2 drawn, 0 lost). ``mirrored``: the levels
    swap sides (the same deal, the same decision seeds), so a deal that favours one side favours each level once."""
    game: Game[Any] = GAMES[game_id]
    state = game.new_state(setup.players, setup.options, seed)
    everyone = set(range(setup.players))
    seats_a: set[Seat] | None = None
    rand = random.Random(f"ladder {game_id} {setup.players} {seed}")  # the same for every pair: paired seeds
    while (result := game.result(state)) is None:
        if seats_a is None and (seats_a := side_a(game, state, seed, setup.secret_teams)) is not None and mirrored:
            seats_a = everyone - seats_a
        moved = False
        asked = game.waiting_on(state) if setup.asks == "waiting" else game.required(state)[:1]
        for seat in asked:
            level = setup.opening if seats_a is None else a if seat in seats_a else b
            action = choose(game, state, seat, level, rand.getrandbits(64), nodes)
            if action is not None:
                state = apply_checked(game, state, seat, action)
                moved = True
                break
        if not moved:  # everybody lets the window run: it closes as the server's timer would close it
            seat = game.required(state)[0]
            state = apply_checked(game, state, seat, game.default_action(state, seat))
    winners = set(result["winners"])
    if seats_a is None:
        raise RuntimeError(f"{game.title} ended before its teams were formed (seed {seed})")
    seats_b = everyone - seats_a
    share_a = len(winners & seats_a) / len(seats_a)
    share_b = len(winners & seats_b) / len(seats_b)
    return 1.0 if share_a > share_b else 0.0 if share_a < share_b else 0.5


Outcome = tuple[str, str, int, int, float]  # level a, level b, seed, mirrored (0 or 1), a's score
Job = tuple[str, Setup, str, str, int, int, int | None]


def _play(job: Job) -> Outcome:
    game_id, setup, a, b, seed, mirrored, nodes = job
    return a, b, seed, mirrored, play(game_id, setup, a, b, seed, bool(mirrored), nodes)


# ----------------------------------------------------------------------------- statistics


def fit(tallies: dict[tuple[str, str], tuple[float, int]], anchor: str, prior_draws: float = 1.0) -> dict[str, float]:
    """Elo ratings from ``{(a, b): (a's score, games)}``: the Bradley-Terry maximum-likelihood strengths (Hunter's
    minorise-maximise iteration), in Elo points with ``anchor`` at 0. ``prior_draws`` virtual draws are added to
    every pair played, so a level that won every game still gets a finite rating."""
    levels = sorted({level for pair in tallies for level in pair})
    if anchor not in levels:
        raise ValueError(f"the anchor {anchor!r} played no game")
    wins = dict.fromkeys(levels, 0.0)
    games: dict[tuple[str, str], float] = {}
    for (a, b), (score, n) in tallies.items():
        wins[a] += score + prior_draws / 2
        wins[b] += n - score + prior_draws / 2
        for pair in ((a, b), (b, a)):
            games[pair] = games.get(pair, 0.0) + n + prior_draws
    strength = dict.fromkeys(levels, 1.0)
    for _ in range(100_000):
        new = {}
        for level in levels:
            met = sum(n / (strength[level] + strength[other]) for (one, other), n in games.items() if one == level)
            new[level] = wins[level] / met if met else strength[level]
        scale = new[anchor]
        new = {level: value / scale for level, value in new.items()}
        done = max(abs(math.log(new[level] / strength[level])) for level in levels) < 1e-12
        strength = new
        if done:
            break
    return {level: 400 * math.log10(strength[level]) for level in levels}


def expected(elo_a: float, elo_b: float) -> float:
    """A's expected score against B on the Elo scale."""
    return 1 / (1 + 10 ** ((elo_b - elo_a) / 400))


def pair_rows(outcomes: Sequence[Outcome], levels: Sequence[str]) -> list[dict[str, Any]]:
    rows = []
    for a, b in combinations(levels, 2):
        scores = [score for x, y, _, _, score in outcomes if (x, y) == (a, b)]
        total, n = sum(scores), len(scores)
        low, high = wilson(total, n)
        rows.append({"a": a, "b": b, "games": n, "a_wins": scores.count(1.0), "draws": scores.count(0.5),
                     "b_wins": scores.count(0.0), "a_score": total / n if n else None, "wilson_95": [low, high]})
    return rows


# ----------------------------------------------------------------------------- the run


def jobs(game_id: str, setup: Setup, levels: Sequence[str], first: int, count: int,
         nodes: int | None) -> Iterator[Job]:
    # Seed-major order: a run cut short still has every pair measured on the same, fewer, seeds, both ways round.
    for seed in range(first, first + count):
        for a, b in combinations(levels, 2):
            for mirrored in (0, 1):
                yield game_id, setup, a, b, seed, mirrored, nodes


def run(game_id: str, setup: Setup, levels: Sequence[str], first: int, count: int, nodes: int | None,
        workers: int, anchor: str, checkpoint: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Every pair of ``levels`` on seeds ``first`` to ``first + count - 1``. ``checkpoint``: called with the summary
    so far each time every pair has played one more seed, so a run cut short keeps its paired games."""
    start = time.perf_counter()
    played_at = revision()  # the code that plays, even if the tree moves on during a long run
    todo = list(jobs(game_id, setup, levels, first, count, nodes))
    per_seed = len(todo) // count if count else 1
    outcomes: list[Outcome] = []
    try:
        with ProcessPoolExecutor(workers) if workers > 1 else nullcontext() as pool:
            played = pool.map(_play, todo, chunksize=1) if pool is not None else map(_play, todo)
            for outcome in played:
                outcomes.append(outcome)
                if checkpoint is not None and len(outcomes) % per_seed == 0 and len(outcomes) < len(todo):
                    seeds = len(outcomes) // per_seed
                    checkpoint(summarise(game_id, setup, levels, first, seeds, nodes, anchor, outcomes, start,
                                         played_at))
    finally:
        close_previous()
    return summarise(game_id, setup, levels, first, count, nodes, anchor, outcomes, start, played_at)


def summarise(game_id: str, setup: Setup, levels: Sequence[str], first: int, count: int, nodes: int | None,
              anchor: str, outcomes: list[Outcome], start: float, played_at: str) -> dict[str, Any]:
    rows, elo = rated(outcomes, levels, anchor)
    searchers = GAMES[game_id].searchers
    return {
        "bench": "ladder", "game": game_id, "players": setup.players, "options": setup.options, "asks": setup.asks,
        "sides": side_kind(GAMES[game_id], setup),
        "date": datetime.now(UTC).strftime("%Y-%m-%dT%H:%MZ"), "revision": played_at,
        "levels": list(levels), "seeds": [first, first + count], "games_per_pair": 2 * count,
        "nodes": {kind: nodes if nodes is not None else s.nodes for kind, s in searchers.items()},
        "anchor": anchor, "elo": elo, "pairs": rows, "seconds": time.perf_counter() - start,
        "outcomes": [list(outcome) for outcome in outcomes],  # per game: paired comparisons later
    }


def rated(outcomes: Sequence[Outcome], levels: Sequence[str],
          anchor: str) -> tuple[list[dict[str, Any]], dict[str, float]]:
    """Each pair's results and the ratings fitted to them."""
    rows = pair_rows(outcomes, levels)
    tallies = {(row["a"], row["b"]): (row["a_score"] * row["games"], row["games"]) for row in rows if row["games"]}
    return rows, fit(tallies, anchor)


def merge(summaries: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One summary of runs of the same ladder on consecutive seed ranges (a run split in parts, or cut short and
    resumed from its next seed)."""
    parts = sorted(summaries, key=lambda part: part["seeds"][0])
    same = ("game", "players", "options", "asks", "levels", "nodes", "anchor")
    for part in parts[1:]:
        if any(part[key] != parts[0][key] for key in same):
            raise ValueError(f"only runs alike in {', '.join(same)} can be merged")
    for before, after in zip(parts, parts[1:], strict=False):
        if before["seeds"][1] != after["seeds"][0]:
            raise ValueError(f"seeds {before['seeds']} and {after['seeds']} are not consecutive ranges")
    outcomes: list[Outcome] = [(a, b, seed, mirrored, score)
                               for part in parts for a, b, seed, mirrored, score in part["outcomes"]]
    rows, elo = rated(outcomes, parts[0]["levels"], parts[0]["anchor"])
    first, end = parts[0]["seeds"][0], parts[-1]["seeds"][1]
    return {**parts[0], "seeds": [first, end], "games_per_pair": 2 * (end - first), "pairs": rows, "elo": elo,
            "revision": "+".join(dict.fromkeys(part["revision"] for part in parts)),
            "date": parts[-1]["date"], "seconds": sum(part["seconds"] for part in parts),
            "partial": any(part.get("partial") for part in parts),
            "outcomes": [list(outcome) for outcome in outcomes]}


def side_kind(game: Game[Any], setup: Setup) -> Side:
    """How a match was split: team against team (public teams, or secret ones the harness reads), else seats."""
    return "teams" if game.teams is not None or setup.secret_teams is not None else "seats"


def revision() -> str:
    done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain", "games"], cwd=ROOT, capture_output=True, text=True)
    return done.stdout.strip() + ("+changes" if dirty.stdout.strip() else "")


def report(summary: dict[str, Any]) -> str:
    lines = [f"{summary['game']}, {summary['players']} players, seeds {summary['seeds'][0]}-{summary['seeds'][1] - 1} "
             f"({summary['games_per_pair']} games a pair), nodes {summary['nodes']}, revision {summary['revision']}"]
    for row in summary["pairs"]:
        low, high = row["wilson_95"]
        lines.append(f"  {row['a']:>14} vs {row['b']:<14} {row['a_wins']:>4} won {row['draws']:>3} drawn "
                     f"{row['b_wins']:>4} lost: {row['a_score']:.1%} (Wilson 95% {low:.1%}-{high:.1%})")
    ranked = sorted(summary["elo"].items(), key=lambda item: -item[1])
    lines.append("  Elo (" + summary["anchor"] + " = 0): " + ", ".join(f"{k} {v:.0f}" for k, v in ranked))
    return "\n".join(lines)


def lobby_figures(summary: dict[str, Any], note: str) -> dict[str, Any]:
    """The game's entry in games/ladder.json: each plain level's score against the next weaker one, and the run."""
    scores = {}
    plain = [level for level in ("hard", "basic", "random") if level in summary["levels"]]
    for stronger, weaker in zip(plain, plain[1:], strict=False):
        row = next(r for r in summary["pairs"] if {r["a"], r["b"]} == {stronger, weaker})
        score = row["a_score"] if row["a"] == stronger else 1 - row["a_score"]
        scores[stronger] = {"against": weaker, "score": round(score, 3), "games": row["games"]}
    return {"players": summary["players"], "sides": summary["sides"], "scores": scores,
            "elo": {k: round(v) for k, v in summary["elo"].items()}, "seeds": summary["seeds"],
            "revision": summary["revision"], "date": summary["date"], "note": note}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", choices=sorted(GAMES))
    parser.add_argument("--players", type=int, help="default: the table the game's bench script measures")
    parser.add_argument("--levels", default="random,basic,hard")
    parser.add_argument("--previous", help="a git revision whose hard bot joins the ladder as hard@REV")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--count", type=int, default=20, help="seeds, each played twice per pair (sides swapped)")
    parser.add_argument("--nodes", type=int, help="node budget of every searching level (default: its own)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--anchor", default="random", help="the level rated 0 (when absent: the first level)")
    parser.add_argument("--out", type=Path, help="results file (default: dated, in bench/results)")
    parser.add_argument("--lobby", action="store_true", help="store the figures in games/ladder.json")
    parser.add_argument("--note", default="", help="a line stored with the lobby's figures (how large the run was)")
    parser.add_argument("--figures-from", type=Path, nargs="+", metavar="RESULTS",
                        help="play nothing: store the figures of these results files (runs on consecutive seed "
                             "ranges are merged, and the merged results written to --out if given)")
    args = parser.parse_args()
    if args.figures_from:
        summary = merge([json.loads(path.read_text()) for path in args.figures_from])
        print(report(summary))
        if args.out:
            args.out.write_text(json.dumps(summary, indent=1) + "\n")
        store_figures(summary)
        return
    if args.game is None:
        parser.error("name a game")
    default = SETUPS.get(args.game, Setup(GAMES[args.game].min_players))
    setup = Setup(args.players or default.players, default.options, default.asks)
    levels = args.levels.split(",") + ([f"hard@{args.previous}"] if args.previous else [])
    anchor = args.anchor if args.anchor in levels else levels[0]
    RESULTS.mkdir(exist_ok=True)
    out = args.out or RESULTS / f"{time.strftime('%Y-%m-%d-%H%M')}-ladder-{args.game}-{setup.players}p.json"

    def save(summary: dict[str, Any], partial: bool) -> None:
        summary["note"] = args.note
        summary["partial"] = partial
        out.write_text(json.dumps(summary, indent=1) + "\n")

    def checkpoint(summary: dict[str, Any]) -> None:
        save(summary, True)
        done = summary["seeds"][1] - args.first
        print(f"  {done} of {args.count} seeds, {summary['seconds']:.0f} s", file=sys.stderr, flush=True)

    summary = run(args.game, setup, levels, args.first, args.count, args.nodes, args.jobs, anchor, checkpoint)
    save(summary, False)
    print(report(summary))
    print(f"written to {out}")
    if args.lobby:
        store_figures(summary)


def store_figures(summary: dict[str, Any]) -> None:
    """Put a run's figures in games/ladder.json, replacing the game's earlier ones."""
    figures = json.loads(FIGURES.read_text()) if FIGURES.exists() else {}
    figures[summary["game"]] = lobby_figures(summary, summary.get("note", ""))
    FIGURES.write_text(json.dumps(dict(sorted(figures.items())), indent=1) + "\n")
    print(f"figures for {summary['game']} stored in {FIGURES}")


if __name__ == "__main__":
    main()
