"""At hard seats' Spy decisions with a kill available: hard's choice against what basic would have given."""
import random, sys
from collections import Counter
from games.bots import decide
from games.patriots_and_redcoats import GAME
from games.patriots_and_redcoats.bots.basic import basic_bot
sys.path.insert(0, "..")
from diag import classify
from games.protocol import apply_checked

def main(players, first, n):
    c = Counter()
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
                if spy and seat in hard and action is not None:
                    view = GAME.view(state, seat)
                    card = view["step"].get("card") if view.get("step") else None
                    eyes = int(card.get("eyes", 1)) if isinstance(card, dict) else 1
                    kinds = {classify(state, seat, a, eyes) for a in spy}
                    if any(k.startswith("kill") for k in kinds):
                        alt = basic_bot(view, spy, random.Random(seed))
                        h, b = classify(state, seat, action, eyes), classify(state, seat, alt, eyes)
                        c["hard:" + h] += 1; c["basic:" + b] += 1
                        if h != b: c[f"diff {h} | {b}"] += 1
                if action is None: continue
                state = apply_checked(GAME, state, seat, action); moved = True; break
            if not moved:
                seat = GAME.required(state)[0]
                state = apply_checked(GAME, state, seat, GAME.default_action(state, seat))
    for k, v in sorted(c.items()): print(f"{v:4d} {k}")

main(int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]))
