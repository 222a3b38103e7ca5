"""Hard decisions over states from played games, recorded to compare two versions of the search code.

A refactor of the search layer must not change what any Hard bot plays. This records, for every game with a ``hard``
level, the decision of ``games.bots.decide(..., "hard", random.Random(k), Budget(nodes=N, seconds=1e6))`` (N: the
searcher's default node budget; the time limit out of reach, so only nodes count and the run is repeatable) at
states spread over games played by ``basic`` bots, and compares a later run with a recorded one.

Run:  python -m bench.hard_decisions record FILE [--seeds N] [--states N]
      python -m bench.hard_decisions compare FILE

bench/results/2026-12-07-hard-decisions-695c34f.json: 595 decisions recorded at commit 695c34f (before the search
layer of issue 37; seeds 0-3, 20 states a game, the fewest and most players); the search layer's commits gave the
same 595. A record holds only until a bot's model changes on purpose.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from games.bots import decide
from games.protocol import Budget, Game, State
from games.registry import GAMES
from tests.support.leaks import key
from tests.support.registry import play_random


def moments(game: Game[Any], players: int, seed: int, count: int) -> list[tuple[int, int, State]]:
    """Up to ``count`` (step, seat, state) spread over one game of ``basic`` bots: a seat with a choice to make."""
    states, _ = play_random(game, players, seed, random.Random(seed), bot="basic")
    choices = [(step, seat, state) for step, state in enumerate(states) if game.result(state) is None
               for seat in game.waiting_on(state)[:1] if len(game.legal(state, seat)) > 1]
    gap = max(1, len(choices) // count)
    return choices[gap // 2::gap][:count]


def record(seeds: int, per_game: int) -> list[dict[str, Any]]:
    rows = []
    for game_id, game in sorted(GAMES.items()):
        searcher = game.searchers.get("hard")
        if searcher is None:
            continue
        budget = Budget(nodes=searcher.nodes, seconds=1e6)
        started = time.perf_counter()
        for players in sorted({game.min_players, game.max_players}):
            for seed in range(seeds):
                for step, seat, state in moments(game, players, seed, per_game):
                    k = seed * 1000 + step
                    action = decide(game, state, seat, "hard", random.Random(k), budget)
                    rows.append({"game": game_id, "players": players, "seed": seed, "step": step, "seat": seat,
                                 "k": k, "nodes": budget.nodes, "action": key(action)})
        print(f"{game_id}: {sum(r['game'] == game_id for r in rows)} decisions, {time.perf_counter() - started:.0f} s",
              file=sys.stderr)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=("record", "compare"))
    parser.add_argument("file")
    parser.add_argument("--seeds", type=int, default=2)  # games per game and player count (seeds 0..N-1)
    parser.add_argument("--states", type=int, default=10)  # decisions per game played
    args = parser.parse_args()
    if args.mode == "record":
        rows = record(args.seeds, args.states)
        with open(args.file, "w") as out:
            json.dump({"seeds": args.seeds, "states": args.states, "rows": rows}, out, indent=0)
        return
    with open(args.file) as recorded_file:
        saved = json.load(recorded_file)
    recorded = saved["rows"]
    now = record(saved["seeds"], saved["states"])
    differ = [(a, b) for a, b in zip(recorded, now, strict=True) if a != b]
    for a, b in differ:
        print("differs:", a, "now", b["action"])
    print(f"{len(recorded) - len(differ)} of {len(recorded)} decisions the same")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
