"""How often Turncoats' ``basic`` bot beats ``random``: two-player games, seats alternating, engine only.

Run: python -m bench.turncoats_bots [games]   (default 500). Prints the win rate with a 95% interval.
"""

from __future__ import annotations

import math
import random
import sys
import time
from typing import Any

from games.protocol import Game, apply_checked
from games.turncoats import GAME as TURNCOATS

GAME: Game[Any] = TURNCOATS  # driven as the platform drives it: plain dict states


def play(seed: int, basic_seat: int) -> int:
    state = GAME.new_state(2, {}, seed)
    rand = random.Random(seed)
    while (result := GAME.result(state)) is None:
        seat = state["turn"]
        bot = GAME.bots["basic" if seat == basic_seat else "random"]
        action = bot(GAME.view(state, seat), GAME.legal(state, seat), rand)
        state = apply_checked(GAME, state, seat, action)
    winner: int = result["winners"][0]
    return winner


def main(games: int = 500) -> None:
    start = time.perf_counter()
    wins = sum(play(seed, seed % 2) == seed % 2 for seed in range(games))
    rate = wins / games
    half = 1.96 * math.sqrt(rate * (1 - rate) / games)
    elapsed = time.perf_counter() - start
    print(f"basic beat random in {wins} of {games} two-player games: {rate:.1%} (95% CI ±{half:.1%}); "
          f"{elapsed:.1f} s, {elapsed / games * 1000:.0f} ms a game")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
