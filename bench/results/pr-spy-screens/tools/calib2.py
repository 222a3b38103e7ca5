"""Calibration of hard's belief at its Spy decisions: ally share and Leader shares against the truth."""
import random, sys
from collections import defaultdict
from games.bots import decide
from games.patriots_and_redcoats import GAME
import games.patriots_and_redcoats.bots.hard as H
sys.path.insert(0, "..")
from diag import leader_of
from games.protocol import apply_checked

CUR = {}
orig = H.CHOOSERS["spy"]
def wrapped(belief, legal, rand, worlds, budget):
    CUR["belief"] = belief
    return orig(belief, legal, rand, worlds, budget)
H.CHOOSERS["spy"] = wrapped
ally = defaultdict(lambda: [0, 0]); trust = defaultdict(lambda: [0, 0]); joint = defaultdict(lambda: [0, 0]); myl = defaultdict(lambda: [0, 0]); enl = defaultdict(lambda: [0, 0])
def b(p): return min(4, int(p * 5))
for seed in range(int(sys.argv[1]), int(sys.argv[2])):
    state = GAME.new_state(6, {}, seed)
    rand = random.Random(f"patriots hard 6 {seed}")
    hard = set(rand.sample(range(6), 3))
    while GAME.result(state) is None:
        moved = False
        for seat in GAME.waiting_on(state):
            CUR.clear()
            action = decide(GAME, state, seat, "hard" if seat in hard else "basic", rand)
            if seat in hard and "belief" in CUR:
                bl = CUR["belief"]; mine = state["team"][seat]
                from games.patriots_and_redcoats.bots.basic import Mind
                mind = Mind(GAME.view(state, seat))
                for t in range(6):
                    if t == seat or not state["alive"][t]: continue
                    ally[b(bl.ally[t])][0] += 1; ally[b(bl.ally[t])][1] += state["team"][t] == mine
                    L = leader_of(state, t)
                    tr = mind.trust(t); kb = 0 if tr < -1 else 1 if tr < -0.3 else 2 if tr <= 0.3 else 3 if tr <= 1 else 4
                    trust[kb][0] += 1; trust[kb][1] += state["team"][t] == mine
                    joint[(b(bl.ally[t]) // 2, kb)][0] += 1; joint[(b(bl.ally[t]) // 2, kb)][1] += state["team"][t] == mine
                    myl[b(bl.my_leader[t])][0] += 1; myl[b(bl.my_leader[t])][1] += L == mine
                    enl[b(bl.enemy_leader[t])][0] += 1; enl[b(bl.enemy_leader[t])][1] += (L is not None and L != mine)
            if action is None: continue
            state = apply_checked(GAME, state, seat, action); moved = True; break
        if not moved:
            s = GAME.required(state)[0]
            state = apply_checked(GAME, state, s, GAME.default_action(state, s))
print("trust buckets (<-1, <-0.3, <=0.3, <=1, >1)", {k: f"{v[1]}/{v[0]}={v[1]/v[0]:.2f}" for k, v in sorted(trust.items())})
print("joint (belief ally <0.4 / <0.8 / >=0.8, trust bucket)", {k: f"{v[1]}/{v[0]}={v[1]/v[0]:.2f}" for k, v in sorted(joint.items())})
for name, d in (("ally", ally), ("my_leader", myl), ("enemy_leader", enl)):
    print(name, " ".join(f"[{k*0.2:.1f}-{k*0.2+0.2:.1f}): {v[1]}/{v[0]}={v[1]/v[0]:.2f}" for k, v in sorted(d.items())))
