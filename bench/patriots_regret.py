"""Patriots & Redcoats: what each kind of decision is worth, valued from the true state (a diagnostic for issue 19).

Games of half ``hard`` and half ``basic`` seats are played through the engine. At about a third of the hard seats'
decisions with several required options (windows aside), every option (up to 8) is valued by playing it to the end of
the game from the **true** state, twelve times, with ``basic`` for every seat and the same random draws for every
option, so options differ only by the choice. Per kind of decision it prints how many were valued and the mean value
(the share of playouts the seat's team won) of the hard bot's pick, of ``basic``'s pick at the same point, of the best
option and of an option at random. The true state knows what no seat does, so "best" is a ceiling no bot can reach;
what matters is where the hard bot's pick falls between "random" and "best", and whether it beats ``basic``'s.

Run: python -m bench.patriots_regret PLAYERS FIRST_SEED GAMES
"""

from __future__ import annotations

import argparse
import random
from collections import Counter, defaultdict

from games.bots import decide
from games.patriots_and_redcoats import GAME
from games.patriots_and_redcoats.bots.random import split
from games.protocol import Action, Seat, State, apply_checked
from games.search import bot_policy, playout, step

PLAYOUTS = 12
SHARE = 0.34  # of the hard seats' decisions with a real choice
MOST = 8  # options valued per decision: the hard pick, basic's, then the first others


def _even(state: State, seat: Seat) -> float:
    return 0.5


def value(state: State, seat: Seat, action: Action, salt: int) -> float:
    policy = bot_policy(GAME)
    child = step(GAME, state, seat, action)
    return sum(playout(GAME, child, seat, policy, _even, random.Random(k * 7919 + salt), 3000)
               for k in range(PLAYOUTS)) / PLAYOUTS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", type=int)
    parser.add_argument("first", type=int)
    parser.add_argument("games", type=int)
    args = parser.parse_args()
    tally: dict[str, Counter[str]] = defaultdict(Counter)
    for seed in range(args.first, args.first + args.games):
        state = GAME.new_state(args.players, {}, seed)
        rand = random.Random(seed)
        hard = set(random.Random(seed).sample(range(args.players), args.players // 2))
        while GAME.result(state) is None:
            moved = False
            for seat in GAME.waiting_on(state):
                action = decide(GAME, state, seat, "hard" if seat in hard else "basic", rand)
                if action is None:
                    continue
                required, _ = split(GAME.legal(state, seat))
                if (seat in hard and len(required) > 1 and action in required
                        and required[0]["type"] not in ("continue", "turncoat") and rand.random() < SHARE):
                    plain = decide(GAME, state, seat, "basic", random.Random(1))
                    options = [action, *([plain] if plain in required and plain != action else [])]
                    options += [a for a in required if a not in options][:MOST - len(options)]
                    worth = [value(state, seat, option, seed) for option in options]
                    kind = tally[required[0]["type"]]
                    kind["n"] += 1
                    kind["hard"] += worth[0]
                    kind["basic"] += worth[options.index(plain)] if plain in options else worth[0]
                    kind["best"] += max(worth)
                    kind["random"] += sum(worth) / len(worth)
                    kind["differs"] += plain != action
                state = apply_checked(GAME, state, seat, action)
                moved = True
                break
            if not moved:
                seat = GAME.required(state)[0]
                state = apply_checked(GAME, state, seat, GAME.default_action(state, seat))
    print(f"{args.players} players, seeds {args.first}-{args.first + args.games - 1}")
    print("kind       decisions  hard   basic  best   random  hard differs from basic")
    for name, kind in sorted(tally.items()):
        n = kind["n"]
        print(f"{name:10s} {n:9d}  {kind['hard'] / n:.3f}  {kind['basic'] / n:.3f}  {kind['best'] / n:.3f}  "
              f"{kind['random'] / n:.3f}   {kind['differs']}")


if __name__ == "__main__":
    main()
