"""Time per hard decision at 10 players, late games included (long logs to replay): three games, the even seats hard,
the default budget. Run from the project root:
    PYTHONPATH=. python bench/notes/scripts/2026-12-04-patriots-hard-time10.py"""

import random
import statistics
import time

from games.bots import decide
from games.patriots_and_redcoats import GAME
from games.protocol import apply_checked

times: list[float] = []
for seed in range(3):
    state = GAME.new_state(10, {}, 7000 + seed)
    rand = random.Random(seed)
    moves = 0
    while GAME.result(state) is None:
        for seat in GAME.waiting_on(state):
            hard = seat % 2 == 0
            start = time.perf_counter()
            action = decide(GAME, state, seat, "hard" if hard else "basic", rand)
            if hard:
                times.append(time.perf_counter() - start)
            if action is None:
                continue
            state = apply_checked(GAME, state, seat, action)
            break
        moves += 1
    print(seed, moves, len(state["log"]))
times.sort()
print(len(times), "mean", statistics.fmean(times) * 1000, "p95", times[int(len(times) * 0.95)] * 1000,
      "max", times[-1] * 1000)
