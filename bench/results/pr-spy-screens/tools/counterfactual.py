"""Decision-level comparison: at every hard seat's Spy decision in games played by the current code, ask each
variant's _spy (same belief, legal list, worlds, budget and random seed) what it would give, and score the choice
against the true state (kill of the enemy Leader's holder, of my own Leader's holder, of a plain seat, or no kill)."""
import importlib.util, random, sys, time
from collections import Counter, defaultdict
from games.bots import decide
from games.patriots_and_redcoats import GAME
import games.patriots_and_redcoats.bots.hard as H
sys.path.insert(0, "/work/wt-pr/.runs")
from diag import classify
from games.protocol import apply_checked

VARIANTS = {}
for name in sys.argv[3:]:
    spec = importlib.util.spec_from_file_location(f"hard_{name}", f"/work/wt-pr/.runs/{name}/games/patriots_and_redcoats/bots/hard.py")
    mod = importlib.util.module_from_spec(spec); spec.loader.exec_module(mod)
    VARIANTS[name] = mod
CUR = {}
orig = H.CHOOSERS["spy"]
def wrapped(belief, legal, rand, worlds, budget):
    CUR["args"] = (belief, legal, worlds, budget, rand.random())
    return orig(belief, legal, random.Random(CUR["args"][4]), worlds, budget)
H.CHOOSERS["spy"] = wrapped
tally = defaultdict(Counter); times = defaultdict(list)
for seed in range(int(sys.argv[1]), int(sys.argv[2])):
    state = GAME.new_state(6, {}, seed)
    rand = random.Random(f"patriots hard 6 {seed}")
    hard = set(rand.sample(range(6), 3))
    while GAME.result(state) is None:
        moved = False
        for seat in GAME.waiting_on(state):
            CUR.clear()
            action = decide(GAME, state, seat, "hard" if seat in hard else "basic", rand)
            if seat in hard and "args" in CUR:
                belief, legal, worlds, budget, r = CUR["args"]
                view = GAME.view(state, seat)
                card = view["step"].get("card") if view.get("step") else None
                eyes = int(card.get("eyes", 1)) if isinstance(card, dict) else 1
                kill_spot = any(classify(state, seat, a, eyes).startswith("kill") for a in legal)
                for name, mod in [("current", H), *VARIANTS.items()]:
                    fn = orig if name == "current" else mod.CHOOSERS["spy"]
                    start = time.perf_counter()
                    choice = fn(mod.Belief(view, worlds) if name != "current" else belief, legal, random.Random(r), worlds, budget)
                    times[name].append(time.perf_counter() - start)
                    c = classify(state, seat, choice, eyes)
                    tally[name]["spot:" + ("kill" if kill_spot else "none")] += 0
                    tally[name][c.split("-")[0] + ("-" + c.split("-")[1] if c.startswith("kill") else "") if False else c] += 1
            if action is None: continue
            state = apply_checked(GAME, state, seat, action); moved = True; break
        if not moved:
            s = GAME.required(state)[0]
            state = apply_checked(GAME, state, s, GAME.default_action(state, s))
keys = ["kill-WIN", "kill-LOSE", "kill-plain", "force-enemyL", "force-myL", "force", "eye-enemyL", "eye-myL", "eye-enemy", "eye-ally", "discard"]
print("variant".ljust(10), " ".join(k.rjust(12) for k in keys), "  ms mean/max")
for name, c in tally.items():
    t = sorted(times[name])
    print(name.ljust(10), " ".join(str(c[k]).rjust(12) for k in keys), f"  {1000*sum(t)/len(t):.1f}/{1000*t[-1]:.0f}")
