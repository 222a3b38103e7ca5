"""Patriots & Redcoats: a team of ``basic`` bots against a team of ``random`` bots, engine only.

Each game, the players dealt onto one team (alternating Patriots and Redcoats between games) are played by
``basic`` and the rest by ``random``; a game counts for ``basic`` when the team it started on wins. Teams can change
in Winter, so this measures the side's result, as a table would see it. Draws count as not won.

Run: python -m bench.patriots_bots [games per count] [player counts...]   (default 500 at 5, 7 and 10 players)
"""

from __future__ import annotations

import math
import random
import sys
import time
from typing import Any

from games.patriots_and_redcoats import GAME as PATRIOTS
from games.protocol import Game, apply_checked

GAME: Game[Any] = PATRIOTS  # driven as the platform drives it: plain dict states


def play(players: int, seed: int) -> tuple[bool, int]:
    state = GAME.new_state(players, {}, seed)
    rand = random.Random(seed)
    # The side basic plays is decided on the teams after the opening loyalty confirmation (the engine's own team
    # field, never shown to bots); until then everyone confirms with basic.
    side = ("patriots", "redcoats")[seed % 2]
    basic: set[int] | None = None
    steps = 0
    while (result := GAME.result(state)) is None:
        if basic is None and all(team is not None for team in state["team"]):
            basic = {s for s in range(players) if state["team"][s] == side}
        moved = False
        for seat in GAME.waiting_on(state):
            bot = GAME.bots["basic" if basic is None or seat in basic else "random"]
            action = bot(GAME.view(state, seat), GAME.legal(state, seat), rand)
            if action is None:
                continue
            state = apply_checked(GAME, state, seat, action)
            steps += 1
            moved = True
            break
        if not moved:
            seat = GAME.required(state)[0]
            state = apply_checked(GAME, state, seat, GAME.default_action(state, seat))
            steps += 1
    return result.get("winning_team") == side, steps


def main(games: int, counts: list[int]) -> None:
    for players in counts:
        start = time.perf_counter()
        outcomes = [play(players, seed) for seed in range(games)]
        wins = sum(won for won, _ in outcomes)
        rate = wins / games
        half = 1.96 * math.sqrt(rate * (1 - rate) / games)
        elapsed = time.perf_counter() - start
        steps = sum(s for _, s in outcomes) / games
        print(f"{players} players: basic side won {wins} of {games} ({rate:.1%} ±{half:.1%}); "
              f"{steps:.0f} actions a game; {elapsed:.0f} s")


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    main(count, [int(a) for a in sys.argv[2:]] or [5, 7, 10])
