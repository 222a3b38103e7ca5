"""Patriots & Redcoats: what each kind of decision is worth, valued from the true state (a diagnostic for issue 19).

Games of half ``hard`` and half ``basic`` seats are played as ``bench.patriots_hard`` plays them. At about a third of
the hard seats' decisions with several required options (windows aside), every option (up to 8) is valued by playing
it to the end of the game from the **true** state, twelve times, with ``basic`` for every seat and the same random
draws for every option, so options differ only by the choice. Per kind of decision it prints how many were valued
and the mean value (the share of playouts the seat's team won) of the hard bot's pick, of ``basic``'s pick at the same
point, of the best option and of an option at random. The true state knows what no seat does, so "best" is a ceiling
no bot can reach; what matters is where the hard bot's pick falls between "random" and "best", and whether it beats
``basic``'s.

Run: python -m bench.patriots_regret PLAYERS FIRST_SEED GAMES
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from typing import Any

from bench.patriots_hard import play
from games.bots import decide
from games.patriots_and_redcoats import GAME as PATRIOTS
from games.protocol import Action, Game, Seat, State
from games.search import bot_policy, no_opinion, playout, step

GAME: Game[Any] = PATRIOTS  # driven as the platform drives it: plain dict states

PLAYOUTS = 12
SHARE = 0.34  # of the hard seats' decisions with a real choice
MOST = 8  # options valued per decision: the hard pick, basic's, then the first others


def value(state: State, seat: Seat, action: Action, salt: int, playouts: int = PLAYOUTS) -> float:
    """The share of ``playouts`` games, played to the end after ``action``, that the seat's team wins (the same draws
    for every action with the same ``salt``)."""
    policy = bot_policy(GAME)
    child = step(GAME, state, seat, action)
    return sum(playout(GAME, child, seat, policy, no_opinion, random.Random(k * 7919 + salt), 3000)
               for k in range(playouts)) / playouts


class Valuer:
    """Watches ``bench.patriots_hard.play``: at a share of the hard seats' decisions with a real choice, values the
    hard pick, ``basic``'s pick and the other options (the picks are asked with a random source of their own, so the
    game itself goes on exactly as it would unwatched)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.sample = random.Random(seed)
        self.tally: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))

    def deciding(self, state: State, seat: Seat, hard: bool) -> None:
        # what the seat must choose among, as in bots.random.split (an assassination is optional), kept as the
        # platform's plain actions so they go to ``value`` as they are
        required = [a for a in GAME.legal(state, seat) if a["type"] != "assassinate"]
        if not hard or len(required) < 2 or required[0]["type"] in ("continue", "turncoat"):
            return
        if self.sample.random() >= SHARE:
            return
        pick = decide(GAME, state, seat, "hard", random.Random(self.seed))
        plain = decide(GAME, state, seat, "basic", random.Random(self.seed))
        if pick not in required:  # a Spy's strike instead: not this kind of decision
            return
        options = [pick, *([plain] if plain in required and plain != pick else [])]
        options += [a for a in required if a not in options][:MOST - len(options)]
        worth = [value(state, seat, option, self.seed) for option in options]
        kind = self.tally[required[0]["type"]]
        kind["n"] += 1
        kind["hard"] += worth[0]
        kind["basic"] += worth[options.index(plain)] if plain in options else worth[0]
        kind["best"] += max(worth)
        kind["random"] += sum(worth) / len(worth)
        kind["differs"] += plain != pick

    def moved(self, state: State) -> None:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", type=int)
    parser.add_argument("first", type=int)
    parser.add_argument("games", type=int)
    args = parser.parse_args()
    tally: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for seed in range(args.first, args.first + args.games):
        valuer = Valuer(seed)
        play(args.players, seed, valuer)
        for name, kind in valuer.tally.items():
            for key, amount in kind.items():
                tally[name][key] += amount
    print(f"{args.players} players, seeds {args.first}-{args.first + args.games - 1}")
    print("kind       decisions  hard   basic  best   random  hard differs from basic")
    for name, kind in sorted(tally.items()):
        n = kind["n"]
        print(f"{name:10s} {n:9.0f}  {kind['hard'] / n:.3f}  {kind['basic'] / n:.3f}  {kind['best'] / n:.3f}  "
              f"{kind['random'] / n:.3f}   {kind['differs']:.0f}")


if __name__ == "__main__":
    main()
