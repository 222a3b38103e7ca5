"""How often Raiding Parties' ``basic`` bot beats ``random``: two-player games, engine only.

Both seats play the 30-gold "Pirateers" party (the random bot's own party picks are replaced by it, so the parties are
equal); seat 0 is ``basic`` in even games and ``random`` in odd ones, and the engine draws the first player at random.
A reaction window the bot lets run (it never passes early, ruling 1) is closed with the seat's default action, as the
server's timer would. Draws (the no-progress rule, K5c) count as not won.

Run: python -m bench.raiding_parties_bots [games]   (default 500). Prints the win rate with a 95% interval.
"""

from __future__ import annotations

import math
import random
import sys
import time
from typing import Any

from games.protocol import Game, apply_checked
from games.raiding_parties import GAME as RAIDING
from games.raiding_parties.setup import ready_made_for

GAME: Game[Any] = RAIDING  # driven as the platform drives it: plain dict states

PIRATEERS = {"type": "party", "cards": ready_made_for(30)}


def play(seed: int, basic_seat: int) -> tuple[dict[str, Any], int]:
    """One game; returns the result and the number of actions."""
    state = GAME.new_state(2, {"gold": 30}, seed)
    rand = random.Random(seed)
    steps = 0
    while (result := GAME.result(state)) is None:
        seat = GAME.required(state)[0]  # quick reaction mode: somebody always owes an answer
        name = "basic" if seat == basic_seat else "random"
        action = GAME.bots[name](GAME.view(state, seat), GAME.legal(state, seat), rand)
        if state["phase"] == "build" and name == "random":
            action = PIRATEERS
        if action is None:
            action = GAME.default_action(state, seat)  # the reaction window runs out
        state = apply_checked(GAME, state, seat, action)
        steps += 1
    return result, steps


def main(games: int = 500) -> None:
    start = time.perf_counter()
    wins = draws = steps = 0
    for seed in range(games):
        basic_seat = seed % 2
        result, n = play(seed, basic_seat)
        steps += n
        if len(result["winners"]) > 1:
            draws += 1
        elif result["winners"][0] == basic_seat:
            wins += 1
    rate = wins / games
    half = 1.96 * math.sqrt(rate * (1 - rate) / games)
    elapsed = time.perf_counter() - start
    print(f"basic beat random in {wins} of {games} two-player games ({draws} drawn, {games - wins - draws} lost): "
          f"{rate:.1%} (95% CI ±{half:.1%}); {steps / games:.0f} actions a game; "
          f"{elapsed:.1f} s, {elapsed / games * 1000:.0f} ms a game")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
