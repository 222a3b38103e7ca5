"""The hard Commander's nomination, valued option by option from the true state (issue 19, 2026-12-05).

Run from the project root:
  PYTHONPATH=$PWD python bench/notes/scripts/2026-12-05-patriots-hard-nominate-options.py record FIRST GAMES OUT.pkl
  PYTHONPATH=$PWD python bench/notes/scripts/2026-12-05-patriots-hard-nominate-options.py \
      score PART PARTS PLAYOUTS IN.pkl[,...]

``record`` keeps every hard seat's nomination with more than one Agent to name from ``bench.patriots_hard``'s games.
``score`` plays every Agent on to the end from the true state (``PLAYOUTS`` paired playouts, ``basic`` for every seat,
the same draws for every option) and prints the mean value (the share of playouts the Commander's team won) of the
Agent each rule names: ``hard`` (whatever the checked-out bot does), ``basic``, ``ally`` (the most likely ally in 16
worlds: the hard rule before this session), ``elect`` (the most valuable council counting whether the table elects it,
each other living seat voting as a plain player on its team in each world: ``elect-rule.patch``), ``trueally`` (a true
ally, the one the table elects most: a ceiling of sorts), ``best`` and ``rand`` (the mean over all Agents).
"""

from __future__ import annotations

import pickle
import random
import statistics
import sys
import time
from typing import Any

from bench.patriots_hard import play
from bench.patriots_regret import value
from games.bots import decide, draw_worlds
from games.patriots_and_redcoats import GAME
from games.patriots_and_redcoats.bots import hard
from games.patriots_and_redcoats.bots.basic import Mind, basic_bot
from games.patriots_and_redcoats.bots.random import split
from games.patriots_and_redcoats.data import TEAMS
from games.patriots_and_redcoats.sampler import PLACED
from games.protocol import Seat, State


class Recorder:
    def __init__(self) -> None:
        self.points: list[tuple[State, Seat]] = []

    def deciding(self, state: State, seat: Seat, is_hard: bool) -> None:
        required, _ = split(GAME.legal(state, seat))
        if is_hard and required and required[0]["type"] == "nominate" and len(required) > 1:
            self.points.append((state, seat))

    def moved(self, state: State) -> None:
        pass


def elected_value(view: Any, legal: list[Any], worlds: list[State], me: Seat, mine: str) -> list[float]:
    minds = {(row["seat"], team): Mind({**view, "you": row["seat"], "your_team": team, "your_cards": []})
             for row in view["seats"] if row["alive"] and row["seat"] != me for team in TEAMS}
    voters = sorted({seat for seat, _ in minds})
    out = []
    for action in legal:
        agent, total = action["agent"], 0.0
        for world in worlds:
            yes = 1 + sum(v == agent or min(minds[(v, world["team"][v] or mine)].trust(me),
                                             minds[(v, world["team"][v] or mine)].trust(agent)) >= 0 for v in voters)
            if yes > len(voters) + 1 - yes:
                total += 2 * PLACED[mine][1 + (world["team"][agent] == mine)] - 1
        out.append(total / len(worlds))
    return out


def score(points: list[tuple[State, Seat]], part: int, parts: int, playouts: int) -> list[dict[str, float]]:
    rows = []
    for idx, (state, seat) in enumerate(points, start=1):
        if idx % parts != part:
            continue
        required, _ = split(GAME.legal(state, seat))
        picked = decide(GAME, state, seat, "hard", random.Random(idx))
        if picked not in required:  # a Spy's strike instead
            continue
        values = [value(state, seat, action, idx, playouts) for action in required]
        view = GAME.view(state, seat)
        worlds = draw_worlds(GAME, state, seat, random.Random(idx), 16)
        belief = hard.Belief(view, worlds)
        elect = elected_value(view, required, worlds, seat, belief.team)
        ranks = range(len(required))
        by_elect = max(ranks, key=lambda i: (elect[i], belief.ally[required[i]["agent"]]))
        by_ally = max(ranks, key=lambda i: belief.ally[required[i]["agent"]])
        true_ally = max(ranks, key=lambda i: (state["team"][required[i]["agent"]] == belief.team, elect[i]))
        plain = basic_bot(view, required, random.Random(idx))
        rows.append({"basic": values[required.index(plain)], "hard": values[required.index(picked)],
                     "ally": values[by_ally], "elect": values[by_elect], "trueally": values[true_ally],
                     "best": max(values), "rand": statistics.fmean(values)})
    return rows


def main() -> None:
    if sys.argv[1] == "record":
        first, games, out = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
        recorder = Recorder()
        for seed in range(first, first + games):
            play(6, seed, recorder)
        with open(out, "wb") as sink:
            pickle.dump(recorder.points, sink)
        print(len(recorder.points), "nominations")
        return
    part, parts, playouts = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    points = []
    for name in sys.argv[5].split(","):
        with open(name, "rb") as src:
            points += pickle.load(src)
    started = time.time()
    rows = score(points, part, parts, playouts)
    for key in rows[0]:
        print(key, round(statistics.fmean(row[key] for row in rows), 4))
    print(len(rows), "points", round(time.time() - started), "s")


if __name__ == "__main__":
    main()
