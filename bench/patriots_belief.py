"""Patriots & Redcoats: how right the hard bot's belief is, scored against the truth at its own decisions (issue 19).

A win-rate screen of a sampler change needs a thousand games to see a step of 0.05 in the ratio; this scores the
belief directly, with no game-to-game noise. Two commands:

``record`` plays the benchmark's games (``bench.patriots_hard.play``'s match-up: half the seats hard, half basic)
and keeps every hard seat's non-trivial decision point (the true state and the seat) in a file. While playing it
also counts how the public evidence the sampler weighs really falls: councils' placed side by how many of their
Commander and Agent are on it (the sampler's ``PLACED``), and how often a tell (a vote, nomination, Spy card, feather
split or Ferguson call read against the plain rule: ``games/patriots_and_redcoats/tells.py``) points to its actor's
team.

``score`` draws worlds at every recorded point exactly as the platform does (``games.bots.draw_worlds`` from the
seat), builds the hard bot's ``Belief`` from them and scores it against the true state: the Brier score (mean
squared error, lower is better) of "is on my team", "holds my Leader" and "holds the enemy's Leader" over the other
living seats. ``--set NAME=VALUE`` changes a sampler constant for the run, ``--worlds`` the worlds per point, so two
variants are compared on the same points and the same random draws (the difference's standard error is printed).

Run (from the project root):
  python -m bench.patriots_belief record 60 --players 6 --first 3000 --out /tmp/points-6.pkl
  python -m bench.patriots_belief score /tmp/points-6.pkl [--worlds 8] [--set CANDIDATES=40 ...] [--against ...]
"""

from __future__ import annotations

import argparse
import ast
import math
import pickle
import random
import statistics
from collections import Counter
from collections.abc import Sequence
from typing import Any, cast

from bench.patriots_hard import play
from games.bots import draw_worlds
from games.patriots_and_redcoats import GAME as PATRIOTS
from games.patriots_and_redcoats import sampler, tells
from games.patriots_and_redcoats.bots.hard import Belief
from games.patriots_and_redcoats.bots.random import split
from games.patriots_and_redcoats.data import LEADERS
from games.patriots_and_redcoats.rules.core import kind
from games.patriots_and_redcoats.state import PatriotsState, Team
from games.protocol import Game, Seat, State

GAME: Game[Any] = PATRIOTS  # driven as the platform drives it: plain dict states

Point = tuple[PatriotsState, Seat]


class Tally:
    """How the evidence the sampler weighs fell in the games played, counted against the true teams of the moment."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.seen_councils = 0

    def new_game(self) -> None:
        self.seen_councils = 0

    def hit(self, name: str, yes: bool) -> None:
        self.counts[name + (":yes" if yes else ":no")] += 1

    def update(self, state: PatriotsState) -> None:
        team = state["team"]
        councils = state["councils"]
        while self.seen_councils < len(councils) and councils[self.seen_councils]["outcome"] in (
                "placed", "failed", "broken", "discarded"):
            council = councils[self.seen_councils]
            self.seen_councils += 1
            side = council["placed"]
            if council["outcome"] != "placed" or side is None or council["agent"] is None:
                continue
            for option in ("patriots", "redcoats"):
                on_side = sum(team[s] == option for s in (council["commander"], council["agent"]))
                self.hit(f"PLACED[{option}][{on_side}]", side == option)

    def game_over(self, state: PatriotsState) -> None:
        """The tells of the game as a spectator reads them: where the plain rule tells the teams apart, how often it
        points to the actor's team (as it was at the end: a Winter may have changed it since)."""
        for tell in tells.read(state, None):
            team = state["team"][tell.actor]
            if team is None or tell.plain["patriots"] == tell.plain["redcoats"]:
                continue
            other: Team = "redcoats" if team == "patriots" else "patriots"
            self.hit(f"tells: {tell.kind} fits", tell.plain[team] > tell.plain[other])

    def report(self) -> None:
        names = sorted({key.rsplit(":", 1)[0] for key in self.counts})
        for name in names:
            yes, no = self.counts[name + ":yes"], self.counts[name + ":no"]
            print(f"  {name:22} {yes / (yes + no):.3f}  ({yes} of {yes + no})")


class Recorder:
    """Watches benchmark games (``bench.patriots_hard.play``): keeps the hard seats' non-trivial decision points and
    tallies the evidence after every move."""

    def __init__(self) -> None:
        self.points: list[Point] = []
        self.tally = Tally()
        self.last: PatriotsState | None = None

    def deciding(self, state: State, seat: Seat, hard: bool) -> None:
        required, optional = split(cast(Any, GAME.legal(state, seat)))
        if hard and (len(required) > 1 or optional):
            self.points.append((cast(PatriotsState, state), seat))

    def moved(self, state: State) -> None:
        self.last = cast(PatriotsState, state)
        self.tally.update(self.last)


def errors(point: Point, worlds: int, rand: random.Random) -> tuple[float, ...]:
    """Brier scores of the belief at one point: ally, holds my Leader, holds the enemy's Leader; then the same three
    with the sampling noise of ``worlds`` worlds taken out (a share q of k worlds is off from the sampler's own
    probability by q(1-q)/(k-1) squared on average), which is what more worlds would tend to."""
    state, seat = point
    belief = Belief(cast(Any, GAME.view(state, seat)), draw_worlds(GAME, cast(State, state), seat, rand, worlds))
    truth = state
    others = [s for s in range(truth["players"]) if s != seat and truth["alive"][s] and truth["team"][s] is not None]
    sums = [0.0] * 6
    for other in others:
        holds = {LEADERS[kind(e["id"])] for e in truth["hands"][other] if kind(e["id"]) in LEADERS}
        pairs = ((belief.ally[other], truth["team"][other] == belief.team),
                 (belief.my_leader[other], belief.team in holds), (belief.enemy_leader[other], belief.enemy in holds))
        for i, (share, true) in enumerate(pairs):
            sums[i] += (share - true) ** 2
            sums[3 + i] += (share - true) ** 2 - share * (1 - share) / max(1, worlds - 1)
    n = max(1, len(others))
    return tuple(total / n for total in sums)


def score(points: Sequence[Point], worlds: int, settings: dict[str, Any], seed: int) -> list[tuple[float, ...]]:
    saved = {name: getattr(sampler, name) for name in settings}
    try:
        for name, value in settings.items():
            setattr(sampler, name, value)
        return [errors(point, worlds, random.Random(f"belief {seed} {i}")) for i, point in enumerate(points)]
    finally:
        for name, value in saved.items():
            setattr(sampler, name, value)


def parse_settings(items: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in items:
        name, _, text = item.partition("=")
        if not hasattr(sampler, name):
            raise SystemExit(f"the sampler has no constant {name}")
        out[name] = ast.literal_eval(text)  # a number, tuple or dict
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    rec = commands.add_parser("record")
    rec.add_argument("games", type=int)
    rec.add_argument("--players", type=int, default=6)
    rec.add_argument("--first", type=int, default=3000)
    rec.add_argument("--out", required=True)
    sco = commands.add_parser("score")
    sco.add_argument("points")
    sco.add_argument("--worlds", type=int, default=8)
    sco.add_argument("--set", nargs="*", default=[], help="a sampler constant for this run, NAME=VALUE")
    sco.add_argument("--against", nargs="*", default=None, help="a second variant's settings, compared pairwise")
    sco.add_argument("--against-worlds", type=int, default=None)
    sco.add_argument("--seed", type=int, default=0)
    sco.add_argument("--every", type=int, default=1, help="score every n-th point only (a quicker screen)")
    args = parser.parse_args()
    if args.command == "record":
        recorder = Recorder()
        for seed in range(args.first, args.first + args.games):
            recorder.tally.new_game()
            play(args.players, seed, recorder)
            if recorder.last is not None:
                recorder.tally.game_over(recorder.last)
        with open(args.out, "wb") as out:
            pickle.dump(recorder.points, out)
        print(f"{len(recorder.points)} decision points from {args.games} games; the evidence as it fell:")
        recorder.tally.report()
        return
    with open(args.points, "rb") as src:
        points = pickle.load(src)[::args.every]
    first = score(points, args.worlds, parse_settings(args.set), args.seed)
    labels = ("ally", "my Leader", "enemy Leader", "ally, any k", "my L., any k", "enemy L., any k")
    print(f"{len(points)} points, {args.worlds} worlds, {args.set or 'the current sampler'}")
    for i, label in enumerate(labels):
        print(f"  Brier {label:16} {statistics.fmean(e[i] for e in first):.4f}")
    if args.against is None:
        return
    second = score(points, args.against_worlds or args.worlds, parse_settings(args.against), args.seed)
    print(f"against {args.against_worlds or args.worlds} worlds, {args.against or 'the current sampler'}:")
    for i, label in enumerate(labels):
        diff = [b[i] - a[i] for a, b in zip(first, second, strict=True)]
        se = statistics.stdev(diff) / math.sqrt(len(diff))
        print(f"  Brier {label:16} {statistics.fmean(e[i] for e in second):.4f}  "
              f"difference {statistics.fmean(diff):+.4f} (SE {se:.4f})")


if __name__ == "__main__":
    main()
