"""Decision time of the hard bot at 10 players late in games (long logs): the default budget, one core."""
import random, time, statistics
from games.bots import decide
from games.patriots_and_redcoats import GAME
from games.protocol import apply_checked
times = []
for seed in range(3):
    state = GAME.new_state(10, {}, 7000 + seed)
    rand = random.Random(seed)
    n = 0
    while GAME.result(state) is None:
        for seat in GAME.waiting_on(state):
            hard = seat % 2 == 0
            t = time.perf_counter()
            a = decide(GAME, state, seat, "hard" if hard else "basic", rand)
            if hard: times.append(time.perf_counter() - t)
            if a is None: continue
            state = apply_checked(GAME, state, seat, a); break
        n += 1
    print(seed, n, len(state["log"]))
times.sort()
print(len(times), "mean", statistics.fmean(times)*1000, "p95", times[int(len(times)*0.95)]*1000, "max", times[-1]*1000)
