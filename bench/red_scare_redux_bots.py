"""How often Red Scare Redux's ``basic`` bot beats ``random``: four-player (2v2) games, engine only.

One team is played by ``basic``, the other by ``random``. With the default table options seats alternate teams
(0 and 2 against 1 and 3) and the engine draws the first seat from the seed; the ``basic`` team is the one that moves
first in even games and second in odd ones, so each side starts half the games and the seats ``basic`` holds follow
the engine's draw. Windows are quick: the seat asked is the first one the game waits on; ``random`` always continues
(ruling 12), ``basic`` continues or plays an instant. Draws (tied points, no completion) count as not won.

Run: python -m bench.red_scare_redux_bots [games]   (default 500). Prints the win rate with a 95% interval.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from typing import Any

from bench.stats import wilson
from games.protocol import Game, apply_checked
from games.red_scare_redux import GAME as RSR

GAME: Game[Any] = RSR  # driven as the platform drives it: plain dict states

PLAYERS = 4


def play(seed: int, basic_first: bool) -> tuple[dict[str, Any], int, int, int]:
    """One game; returns the result, the numbers of actions and turns, and the parity of the basic team's seats."""
    state = GAME.new_state(PLAYERS, None, seed)
    first = state["order"][0] % 2
    basic_parity = first if basic_first else 1 - first
    rand = random.Random(seed)
    steps = turns = 0
    while (result := GAME.result(state)) is None:
        before = state["turn_index"]
        seat = GAME.required(state)[0]  # quick windows: somebody always owes an answer
        name = "basic" if seat % 2 == basic_parity else "random"
        action = GAME.bots[name](GAME.view(state, seat), GAME.legal(state, seat), rand)
        if action is None:
            action = GAME.default_action(state, seat)
        state = apply_checked(GAME, state, seat, action)
        steps += 1
        turns += state["turn_index"] != before
    return result, steps, turns + 1, basic_parity


def main(games: int = 500) -> None:
    start = time.perf_counter()
    wins = draws = steps = turns = 0
    first_wins = first_games = 0
    reasons: Counter[str] = Counter()
    margins: list[int] = []
    for seed in range(games):
        basic_first = seed % 2 == 0
        result, n, t, parity = play(seed, basic_first)
        steps += n
        turns += t
        reasons[result["reason"]] += 1
        points = {entry["team"]: entry["points"] for entry in result["ranking"]}
        basic_team = next(e["team"] for e in result["ranking"] if e["seats"][0] % 2 == parity)
        margins.append(points[basic_team] - points[1 - basic_team])
        won = len(result["winners"]) == 2 and result["winners"][0] % 2 == parity
        if len(result["winners"]) > 2:
            draws += 1
        elif won:
            wins += 1
        if basic_first:
            first_games += 1
            first_wins += won
    rate = wins / games
    low, high = wilson(wins, games)
    elapsed = time.perf_counter() - start
    print(f"basic team beat random team in {wins} of {games} 2v2 games ({draws} drawn, "
          f"{games - wins - draws} lost): {rate:.1%} (95% Wilson interval {low:.1%}-{high:.1%})")
    print(f"basic team started {first_games} games and won {first_wins} of them; "
          f"won {wins - first_wins} of the other {games - first_games}")
    print(f"reasons: {dict(reasons)}; mean point margin {sum(margins) / games:+.1f}; "
          f"{steps / games:.0f} actions and {turns / games:.1f} turns a game; "
          f"{elapsed:.1f} s, {elapsed / games * 1000:.0f} ms a game")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)
