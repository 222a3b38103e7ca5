"""Patriots & Redcoats: the hard seat's shares (ally, my Leader, the enemy Leader) against the truth, three ways.

At every 15th action of 6-player games of ``basic`` players (cheap to play, so many points), a random living seat's
belief is built as the hard bot builds it (worlds drawn from the seat by ``games.bots.draw_worlds``) and scored
against the true state by its Brier score (mean squared error over the other living seats, lower is better): the
16 worlds' own counts (the bot before 2026-12-07), the deals read group by group (``belief.shares``, the bot now) and
the same deals' weights pooled (the posterior the weights give in full). Differences are paired by point.

Run: python -m bench.patriots_shares FIRST_SEED GAMES
"""

from __future__ import annotations

import random
import statistics
import sys
from typing import Any, cast

from games.bots import decide, draw_worlds
from games.patriots_and_redcoats import GAME as PATRIOTS
from games.patriots_and_redcoats.bots import belief
from games.patriots_and_redcoats.bots.hard import Belief
from games.patriots_and_redcoats.data import LEADERS
from games.patriots_and_redcoats.rules.core import kind
from games.protocol import Game, State
from games.search import step

GAME: Game[Any] = PATRIOTS  # driven as the platform drives it: plain dict states

WAYS = ("16 worlds", "grouped deals (the bot)", "pooled deals")
WHAT = ("ally", "my Leader", "enemy Leader")


def errors(state: State, me: int, rand: random.Random) -> list[list[float]]:
    worlds = draw_worlds(GAME, state, me, rand, 16)
    held = Belief(cast(Any, GAME.view(state, me)), worlds, rand, belief.MEASURED)
    pooled = belief.shares(cast(Any, worlds[0]), me, held.team, rand, group=belief.MEASURED)
    others = [s for s in range(state["players"]) if s != me and state["alive"][s]]
    out = []
    for shares in (held.drawn, held.shares(), pooled):
        err = [0.0, 0.0, 0.0]
        for other in others:
            holds = {LEADERS[kind(e["id"])] for e in state["hands"][other] if kind(e["id"]) in LEADERS}
            truth = (state["team"][other] == held.team, held.team in holds, held.enemy in holds)
            guess = (shares.ally[other], shares.my_leader[other], shares.enemy_leader[other])
            for i in range(3):
                err[i] += (guess[i] - truth[i]) ** 2 / len(others)
        out.append(err)
    return out


def main() -> None:
    first, games = int(sys.argv[1]), int(sys.argv[2])
    rows = []
    for seed in range(first, first + games):
        state = GAME.new_state(6, {}, seed)
        rand = random.Random(seed)
        for n in range(1, 10_000):
            if GAME.result(state) is not None:
                break
            seat = (GAME.required(state) or GAME.waiting_on(state))[0]
            action = decide(GAME, state, seat, "basic", rand) or GAME.default_action(state, seat)
            state = step(GAME, state, seat, action)
            if n % 15 or GAME.result(state) is not None or state["team"][0] is None:
                continue
            me = rand.randrange(6)
            if state["alive"][me]:
                rows.append(errors(state, me, random.Random(f"{seed} {n}")))
    print(f"{len(rows)} points, seeds {first}-{first + games - 1}")
    for j, way in enumerate(WAYS):
        print(f"{way}: " + ", ".join(f"{what} {statistics.fmean(r[j][i] for r in rows):.4f}"
                                     for i, what in enumerate(WHAT)))
    for j in (1, 2):
        for i, what in enumerate(WHAT):
            d = [r[j][i] - r[0][i] for r in rows]
            print(f"  {WAYS[j]} less 16 worlds, {what}: {statistics.fmean(d):+.4f} "
                  f"(SE {statistics.stdev(d) / len(d) ** 0.5:.4f})")


if __name__ == "__main__":
    main()
