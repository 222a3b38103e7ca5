"""P&R sampler equivalence (suitetime, 2026-12-07): record weighed_deals, resample and tells.read over many states at
one commit, compare at another. Run from a checkout's root, PYTHONPATH=$PWD:
  python bench/notes/scripts/2026-12-07-sampler-equivalence.py record /tmp/golden.pkl   (at the old commit)
  python bench/notes/scripts/2026-12-07-sampler-equivalence.py compare /tmp/golden.pkl  (at the new one)
States: random games at 4-10 players, quick and fixed windows, seeds 900001-900002, ~10 states each; every viewer and
the spectator; two rand seeds each. Weights are compared as float.hex, resample's state by its canonical key."""

import pickle
import random
import sys
import time

from games.patriots_and_redcoats import GAME, tells
from games.patriots_and_redcoats.sampler import weighed_deals
from tests.support.leaks import key
from tests.support.registry import play_random

mode, path = sys.argv[1], sys.argv[2]
out = []
spent = 0.0
for players in range(4, 11):
    for options in (None, {"window_mode": "fixed"}):
        for seed in (900001, 900002):
            states, _ = play_random(GAME, players, seed, random.Random(seed), options=options)
            steps = random.Random(seed).sample(range(len(states)), min(10, len(states)))
            for step in sorted(set(steps) | {len(states) - 1}):
                state = states[step]
                for viewer in [*range(players), None]:
                    read = [(t.actor, t.kind, t.plain, t.anyhow, t.chosen, t.pair, t.targets)
                            for t in tells.read(state, viewer)]
                    out.append(((players, seed, step, viewer, "tells"), read, None))
                    for k in range(2):
                        rand_seed = seed * 1000 + step * 10 + k
                        start = time.perf_counter()
                        deals = weighed_deals(state, viewer, random.Random(rand_seed), 20)
                        other = GAME.resample(state, viewer, random.Random(rand_seed))
                        spent += time.perf_counter() - start
                        out.append(((players, seed, step, viewer, k),
                                    [(d.deal, d.choices, d.teams, d.leaders, d.weight.hex()) for d in deals],
                                    key(other)))
print(len(out), "cases", f"{spent:.2f}s in sampler calls")
if mode == "record":
    with open(path, "wb") as file:
        pickle.dump(out, file)
else:
    with open(path, "rb") as file:
        ref = pickle.load(file)
    assert len(ref) == len(out)
    bad = [a[0] for a, b in zip(ref, out, strict=True) if a != b]
    print("differences:", len(bad), bad[:5])
