"""Reveals, Spy gifts and votes valued option by option from the true state, on recorded decision points (issue 19).

Points come from ``python -m bench.patriots_belief record 60 --players 6 --first 3000 --out points-6.pkl`` (every
non-trivial hard decision of 60 games). Run from the project root:
  PYTHONPATH=$PWD python bench/notes/scripts/2026-12-05-patriots-hard-points-options.py \
      KIND PART PARTS PLAYOUTS points-6.pkl
KIND: ``reveal``, ``spy`` (every second gift), ``vote-holder`` or ``vote-other`` (the voter holds its own Leader or
not; its own councils left out). Every option is played to the end ``PLAYOUTS`` times with ``basic`` for every seat
and the same draws for every option; printed: the mean value (the share of playouts the seat's team won) of each
rule's pick. Rules: ``basic``, ``hard`` (the checked-out bot), ``own`` (reveal one's own colour first), ``search``
(each option played to the end in 8 (``s8``) or 16 (``s16``) worlds drawn from the seat, the most wins taken; for
gifts among the three the hard belief ranks best and discarding), ``top1`` (the hard belief's best gift), ``disc``
(discard), ``yes`` / ``no`` (votes), ``best`` and ``rand`` (the mean over the options). The files beside it were
printed by the first, scratch version of this script, whose playouts were salted by another count of the points: a
rerun gives other numbers within the noise.
"""

from __future__ import annotations

import math
import pickle
import random
import statistics
import sys
from typing import Any

from bench.patriots_regret import value
from games.bots import decide, draw_worlds
from games.patriots_and_redcoats import GAME
from games.patriots_and_redcoats.bots import hard
from games.patriots_and_redcoats.bots.basic import basic_bot
from games.patriots_and_redcoats.bots.random import split
from games.patriots_and_redcoats.data import COLOUR, LEADERS, SPIES, TURNCOAT
from games.patriots_and_redcoats.rules.core import kind
from games.protocol import Seat, State
from games.search import bot_policy, no_opinion, playout, step


def searched(worlds: list[State], seat: Seat, options: list[Any], rand: random.Random) -> int:
    wins = [0.0] * len(options)
    for world in worlds:
        salt = rand.random()
        for i, action in enumerate(options):
            wins[i] += playout(GAME, step(GAME, world, seat, action), seat, bot_policy(GAME), no_opinion,
                               random.Random(salt), 3000)
    return max(range(len(options)), key=lambda i: (wins[i], -i))


def reveal(state: State, seat: Seat, required: list[Any], idx: int, playouts: int) -> dict[str, float] | None:
    by_kind: dict[str, Any] = {}
    for action in required:
        by_kind.setdefault(kind(state["hands"][seat][action["slot"]]["id"]), action)
    if len(by_kind) < 2:
        return None
    kinds = list(by_kind)
    values = [value(state, seat, by_kind[k], idx, playouts) for k in kinds]
    plain = basic_bot(GAME.view(state, seat), required, random.Random(idx))
    team = state["team"][seat]

    def own_first(card: str) -> int:
        if card in LEADERS:
            return 5
        return 4 if card in SPIES else 3 if card == TURNCOAT else 1 if COLOUR.get(card) == team else 2

    worlds = draw_worlds(GAME, state, seat, random.Random(idx), 8)
    best_searched = searched(worlds, seat, [by_kind[k] for k in kinds], random.Random(idx))
    return {"basic": values[kinds.index(kind(state["hands"][seat][plain["slot"]]["id"]))],
            "own": values[kinds.index(min(kinds, key=own_first))], "search": values[best_searched],
            "best": max(values), "rand": statistics.fmean(values)}


def gift(state: State, seat: Seat, required: list[Any], idx: int, playouts: int) -> dict[str, float] | None:
    if idx % 2:
        return None
    values = [value(state, seat, action, idx, playouts) for action in required]
    view = GAME.view(state, seat)
    picked = decide(GAME, state, seat, "hard", random.Random(idx))
    if picked not in required:
        return None
    rand = random.Random(idx)
    worlds = draw_worlds(GAME, state, seat, rand, 16)
    belief = hard.Belief(view, worlds)
    card = view["step"].get("card") if view["step"] else None
    eyes = int(card.get("eyes", 1)) if isinstance(card, dict) else 1

    def worth(action: Any) -> float:
        to = action["to"]
        if to is None:
            return 0.0
        return -belief.worth(to) * belief.exposed(to, eyes) - 0.2 * (2 * belief.ally[to] - 1)

    ranked = sorted(required, key=lambda a: (-worth(a), rand.random()))
    discard = next(a for a in required if a["to"] is None)
    options = [*[a for a in ranked if a["to"] is not None][:3], discard]
    s8 = options[searched(worlds[:8], seat, options, rand)]
    s16 = options[searched(worlds, seat, options, rand)]
    pick = {"basic": basic_bot(view, required, random.Random(idx)), "hard": picked, "s8": s8, "s16": s16,
            "top1": options[0], "disc": discard}
    return {name: values[required.index(action)] for name, action in pick.items()} | {
        "best": max(values), "rand": statistics.fmean(values)}


def vote(state: State, seat: Seat, required: list[Any], idx: int, playouts: int,
         holder: bool) -> dict[str, float] | None:
    holds = any(LEADERS.get(kind(e["id"])) == state["team"][seat] for e in state["hands"][seat])
    council = GAME.view(state, seat)["step"]
    if holds != holder or seat in (council.get("commander"), council.get("agent")):
        return None
    values = {a["yes"]: value(state, seat, a, idx, playouts) for a in required}
    picked = decide(GAME, state, seat, "hard", random.Random(idx))
    if picked not in required:
        return None
    plain = basic_bot(GAME.view(state, seat), required, random.Random(idx))
    return {"hard": values[picked["yes"]], "basic": values[plain["yes"]], "yes": values[True], "no": values[False],
            "best": max(values.values())}


def main() -> None:
    what, part, parts, playouts = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    with open(sys.argv[5], "rb") as src:
        points = pickle.load(src)
    wanted = "vote" if what.startswith("vote") else what
    rows = []
    counted = 0
    for state, seat in points:
        required, _ = split(GAME.legal(state, seat))
        if not required or required[0]["type"] != wanted or len(required) < 2:
            continue
        counted += 1
        if counted % parts != part:
            continue
        if what == "reveal":
            row = reveal(state, seat, required, counted, playouts)
        elif what == "spy":
            row = gift(state, seat, required, counted, playouts)
        else:
            row = vote(state, seat, required, counted, playouts, what == "vote-holder")
        if row is not None:
            rows.append(row)
    for key in rows[0]:
        print(key, round(statistics.fmean(row[key] for row in rows), 4))
    for key in ("basic", "yes"):
        if key in rows[0] and "hard" in rows[0]:
            diff = [row[key] - row["hard"] for row in rows]
            error = statistics.stdev(diff) / math.sqrt(len(diff))
            print(f"{key} - hard {statistics.fmean(diff):+.4f} (SE {error:.4f})")
    print(len(rows), "points")


if __name__ == "__main__":
    main()
