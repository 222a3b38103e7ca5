"""Missed winning kills by hard seats: belief on the target, and the choice."""
import random, sys
from collections import Counter
from games.bots import decide
from games.patriots_and_redcoats import GAME
import games.patriots_and_redcoats.bots.hard as H
sys.path.insert(0, "..")
from diag import classify, leader_of
from games.protocol import apply_checked

CUR = {}
orig = H.CHOOSERS["spy"]
def wrapped(belief, legal, rand, worlds, budget):
    CUR["belief"] = belief
    return orig(belief, legal, rand, worlds, budget)
H.CHOOSERS["spy"] = wrapped

def main(players, first, n):
    for seed in range(first, first + n):
        state = GAME.new_state(players, {}, seed)
        rand = random.Random(f"patriots hard {players} {seed}")
        hard = set(rand.sample(range(players), players // 2))
        while GAME.result(state) is None:
            moved = False
            for seat in GAME.waiting_on(state):
                legal = GAME.legal(state, seat)
                CUR.clear()
                action = decide(GAME, state, seat, "hard" if seat in hard else "basic", rand)
                spy = [a for a in legal if a.get("type") == "spy"]
                if spy and seat in hard and action is not None and "belief" in CUR:
                    b = CUR["belief"]
                    view = GAME.view(state, seat)
                    card = view["step"].get("card") if view.get("step") else None
                    eyes = int(card.get("eyes", 1)) if isinstance(card, dict) else 1
                    kills = [a for a in spy if classify(state, seat, a, eyes).startswith("kill")]
                    chosen = classify(state, seat, action, eyes)
                    if kills:
                        print(f"seed {seed} seat {seat} team {state['team'][seat]} belief-team {b.team} chose {chosen}->{action['to']}")
                        for a in kills:
                            t = a["to"]
                            print(f"    kill {classify(state, seat, a, eyes):10s} to {t}: enemyL {b.enemy_leader[t]:.2f} myL {b.my_leader[t]:.2f} ally {b.ally[t]:.2f}")
                        if action["to"] is not None and action not in kills:
                            t = action["to"]
                            print(f"    chosen to {t}: enemyL {b.enemy_leader[t]:.2f} myL {b.my_leader[t]:.2f} ally {b.ally[t]:.2f} exposed {b.exposed(t, eyes):.2f}")
                if action is None: continue
                state = apply_checked(GAME, state, seat, action); moved = True; break
            if not moved:
                seat = GAME.required(state)[0]
                state = apply_checked(GAME, state, seat, GAME.default_action(state, seat))

main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
