"""What handing a bot's decision to the thinking pool (app/thinking.py) costs, next to deciding on the event loop.

For a mid-game state of each served game at its most players, the same trivial decision (the first legal action,
no worlds drawn) is made three ways: directly, as a plain bot is on the event loop; through the pool, round trip; and
the part of that round trip the event loop itself spends (encoding the state, writing it to the pipe, reading the
answer), which is what other tables wait for. The rest of the round trip is the child's, on another core.

Run: python -m bench.thinking [decisions]   (default 300 per game). Prints microseconds per decision (median, p90).
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import statistics
import sys
import time
from typing import Any

import orjson

from app.settings import Settings
from app.thinking import Thinker
from games.bots import decide
from games.protocol import Action, Budget, Game, Searcher, State, View, apply_logged
from games.registry import GAMES
from tests.support.registry import next_move


def first(game: Game[Any], view: View, legal: list[Action], rand: random.Random,
        worlds: list[State], budget: Budget) -> Action:
    return legal[0]


# Each served game with an ``echo`` searcher that only answers: the hand-over is all that is left to measure.
# The child loads them by ``module:attribute`` name, so each is a module attribute of its own.
ECHO = {game_id: dataclasses.replace(game, id=f"echo-{game_id}", searchers={"echo": Searcher(first, worlds=0)})
        for game_id, game in GAMES.items()}
globals().update({f"ECHO_{game_id.replace('-', '_').upper()}": game for game_id, game in ECHO.items()})


def mid_game(game: Game[Any]) -> tuple[State, int]:
    """A state halfway through a random game at the most players, and a seat that may act in it."""
    rand = random.Random(1)
    states = [game.new_state(game.max_players, None, 1)]
    while game.result(states[-1]) is None:
        states.append(apply_logged(game, states[-1], *next_move(game, states[-1], None, rand)))
    for state in states[len(states) // 2:]:
        if game.waiting_on(state):
            return state, game.waiting_on(state)[0]
    raise AssertionError("no seat acts in the second half")


def quantiles(times: list[float]) -> str:
    ordered = sorted(times)
    return f"{statistics.median(ordered) * 1e6:7.0f} {ordered[int(len(ordered) * 0.9)] * 1e6:7.0f}"


async def measure(decisions: int) -> None:
    extra = [f"bench.thinking:ECHO_{game_id.replace('-', '_').upper()}" for game_id in ECHO]
    thinker = Thinker(Settings(extra_games=extra, bot_workers=1), {g.id: g for g in ECHO.values()})
    print(f"{'game':24} {'state KB':>8} | direct med p90 | pool round trip med p90 | loop's part med p90 (us)")
    try:
        for game_id, game in ECHO.items():
            state, seat = mid_game(game)
            size = len(orjson.dumps(state)) / 1024
            await thinker.decide(game, state, seat, "echo", "warm-up")  # the child starts once
            direct, pool, loop_part = [], [], []
            for n in range(decisions):
                began = time.perf_counter()
                decide(game, state, seat, "echo", random.Random(n))
                direct.append(time.perf_counter() - began)
                began, cpu = time.perf_counter(), time.thread_time()
                await thinker.decide(game, state, seat, "echo", str(n))
                pool.append(time.perf_counter() - began)
                loop_part.append(time.thread_time() - cpu)  # this thread's CPU only: the loop's own work
            times = f"{quantiles(direct)} | {quantiles(pool)}         | {quantiles(loop_part)}"
            print(f"{game_id:24} {size:8.1f} | {times}")
    finally:
        await thinker.close()


if __name__ == "__main__":
    asyncio.run(measure(int(sys.argv[1]) if len(sys.argv) > 1 else 300))
