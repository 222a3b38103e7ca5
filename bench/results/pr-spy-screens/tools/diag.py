"""Diagnostic: at every Spy-gift decision, what kills were available (true state) and what each kind chose."""
import random, sys, time
from collections import Counter
from games.bots import decide
from games.patriots_and_redcoats import GAME
from games.patriots_and_redcoats.data import LEADERS, SPYCRAFT
from games.patriots_and_redcoats.rules.core import kind
from games.protocol import apply_checked

def leader_of(state, seat):
    for e in state["hands"][seat]:
        side = LEADERS.get(kind(e["id"]))
        if side: return side
    return None

def classify(state, seat, action, eyes):
    to = action["to"]
    if to is None: return "discard"
    down = sum(1 for e in state["hands"][to] if not e["up"])
    total = sum(c["eyes"] for c in state["eyes"][to]) + eyes
    my = state["team"][seat]
    lead = leader_of(state, to)
    if total >= 3 and down <= 1:
        if lead is None: return "kill-plain"
        return "kill-WIN" if lead != my else "kill-LOSE"
    if total >= 3: return "force" + ("-enemyL" if lead and lead != my else "-myL" if lead else "")
    return "eye" + ("-enemyL" if lead and lead != my else "-myL" if lead else ("-enemy" if state["team"][to] != my else "-ally"))

def main(players, first, n):
    stats = {"hard": Counter(), "basic": Counter()}
    for seed in range(first, first + n):
        state = GAME.new_state(players, {}, seed)
        rand = random.Random(f"patriots hard {players} {seed}")
        hard = set(rand.sample(range(players), players // 2))
        while GAME.result(state) is None:
            moved = False
            for seat in GAME.waiting_on(state):
                legal = GAME.legal(state, seat)
                action = decide(GAME, state, seat, "hard" if seat in hard else "basic", rand)
                spy = [a for a in legal if a.get("type") == "spy"]
                if spy and action is not None and action.get("type") == "spy":
                    k = "hard" if seat in hard else "basic"
                    frame = state["stack"][-1] if "stack" in state else None
                    eyes = 1
                    view = GAME.view(state, seat)
                    card = view["step"].get("card") if view.get("step") else None
                    if isinstance(card, dict): eyes = int(card.get("eyes", 1))
                    avail = {classify(state, seat, a, eyes) for a in spy}
                    chosen = classify(state, seat, action, eyes)
                    stats[k]["decisions"] += 1
                    if "kill-WIN" in avail: stats[k]["winkill_avail"] += 1
                    if "kill-WIN" in avail and chosen == "kill-WIN": stats[k]["winkill_taken"] += 1
                    stats[k]["chose:" + chosen] += 1
                if action is None: continue
                state = apply_checked(GAME, state, seat, action); moved = True; break
            if not moved:
                seat = GAME.required(state)[0]
                state = apply_checked(GAME, state, seat, GAME.default_action(state, seat))
    for k, c in stats.items():
        print(k, dict(sorted(c.items())))

if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
