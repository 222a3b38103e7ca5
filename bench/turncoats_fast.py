"""Why Turncoats' hard bot plays out on its own copy of the rules (games/turncoats/bots/fast.py) and not the engine.

Over every state of a few games of ``basic`` bots (seeds 0-5, 2 to 4 players), the CPU time of one playout step both
ways: the engine's (a step of the state, and ``basic`` deciding through the seat's view and legal list) and the
copy's (a ``Sim`` copied and moved, and a ``mimic`` turn: basic's choice on the copy). CPU time, not wall time, so a
loaded machine changes little. Run: python -m bench.turncoats_fast
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from games.bots import decide
from games.protocol import Action, Game, State, apply_checked
from games.search import step
from games.turncoats import GAME as TURNCOATS
from games.turncoats.bots import mimic
from games.turncoats.bots.fast import Sim, as_move

GAME: Game[Any] = TURNCOATS  # driven as the platform drives it: plain dict states


def played() -> list[tuple[State, int, Action]]:
    out = []
    for seed in range(6):
        state = GAME.new_state(2 + seed % 3, {}, seed)
        rand = random.Random(seed)
        while GAME.result(state) is None:
            seat = state["turn"]
            action = decide(GAME, state, seat, "basic", rand)
            assert action is not None
            out.append((state, seat, action))
            state = apply_checked(GAME, state, seat, action)
    return out


def per_call(run: Callable[[], None], calls: int) -> float:
    """Microseconds of CPU a call, the best of three passes (the first warms the caches)."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best / calls * 1e6


def main() -> None:
    moments = played()
    sims = [(Sim.of(state), as_move(action)) for state, _, action in moments]
    basic = GAME.bots["basic"]
    rand = random.Random(0)

    def engine_steps() -> None:
        for state, seat, action in moments:
            step(GAME, state, seat, action)

    def engine_policy() -> None:
        for state, seat, _ in moments:
            basic(GAME.view(state, seat), GAME.legal(state, seat), rand)

    def sim_steps() -> None:
        for sim, move in sims:
            copy = sim.copy()
            if move is not None:
                copy.play(move)

    def sim_policy() -> None:
        for sim, _ in sims:
            mimic.turn(sim.copy(), rand)

    n = len(moments)
    print(f"{n} states. engine: step {per_call(engine_steps, n):.0f} us, basic {per_call(engine_policy, n):.0f} us;"
          f" copy: step {per_call(sim_steps, n):.1f} us, mimic turn {per_call(sim_policy, n):.0f} us")


if __name__ == "__main__":
    main()
