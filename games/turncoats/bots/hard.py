"""Turncoats' ``hard`` level: determinized search over the stones it cannot see (Perfect Information Monte Carlo).

It reads its view, its legal list, its random source and the worlds the platform drew from its seat (never the true
state). The worlds' hidden hands are redealt from what the other seats' public moves say (``infer.py``: every
arrangement of a hand weighed by how likely ``basic`` holding it was to make that seat's latest moves). Two players:
it searches the decisions that can end the game (a Negotiate would complete the round), whether to end it now, in
each world exactly, against basic's best few other actions; UCB1 spreads the node budget over the candidates, each
node one world in turn: the candidate is played there, every seat plays on with a fast greedy policy that knows the
world's hands (``fast.py``), and after ``DEPTH`` turns (or at the end) the position is judged by basic's hand value
with every hand known. Other two-player turns are ``basic``'s (searching them measured no better). Three players or
more: every turn is searched the same way, each candidate judged at once in every world (measured better than
playouts there). Measurements: bench/REPORT.md.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, cast

from games.protocol import Action, Budget, State
from games.turncoats.bots import infer, mimic
from games.turncoats.bots.basic import Position, basic_bot
from games.turncoats.bots.fast import Sim, as_move
from games.turncoats.data import ADJACENT, AREAS, COLOURS, STONES_PER_COLOUR

CANDIDATES = 6  # basic's best actions searched, Negotiate always among them
DEPTH = 3  # turns played out after the candidate before the judge decides
SAMPLES = 4  # moves a playout's greedy policy weighs besides Negotiate
NEGOTIATE_BONUS = 0.02  # what a Negotiate that does not end the game is worth to the greedy policy: a better stone
SEARCH_EVERY_TURN = False  # two players: see the docstring (kept to measure it again)
EVERY_TURN_FROM = 3  # with this many players or more, every turn is searched, each candidate judged at once
INFER = True  # redeal the worlds' hidden hands from the posterior given the other seats' public moves (infer.py)
EXPLORE = 0.7  # UCB1's exploration constant for values in [0, 1]
MIMIC = False  # playouts: every seat plays exactly as basic would with the world's hand (mimic.py)
MIMIC_DEPTH = 4


def hard_bot(view: dict[str, Any], legal: list[Action], rand: random.Random, worlds: list[State],
             budget: Budget) -> Action:
    if len(legal) == 1 or not worlds:
        return legal[0]
    seat = view["you"]
    ending = view["streak"] + 1 >= view["players"] and not view["negotiating"]
    wide = view["players"] >= EVERY_TURN_FROM
    if not ending and not SEARCH_EVERY_TURN and not wide:
        return cast(Action, basic_bot(view, legal, rand))  # type: ignore[arg-type]
    candidates = prune(view, legal, rand)
    if len(candidates) == 1:
        return candidates[0]
    sims = posterior(view, worlds, rand) if INFER else [Sim.of(world) for world in worlds]
    if ending and all(ends_won(sim, rand) for sim in sims):
        return {"type": "negotiate"}  # it ends the game, and won in every world: nothing to search
    moves = [as_move(action) for action in candidates]
    visits = [0] * len(candidates)
    totals = [0.0] * len(candidates)
    stop = time.perf_counter() + budget.seconds
    for n in range(budget.nodes):
        if time.perf_counter() > stop:
            break
        if n < len(candidates):
            arm = n
        else:
            log_n = math.log(n)
            arm = max(range(len(candidates)),
                      key=lambda i: totals[i] / visits[i] + EXPLORE * math.sqrt(log_n / visits[i]))
        sim = sims[n % len(sims)].copy()
        move = moves[arm]
        if move is None:
            negotiate(sim, rand)
        else:
            sim.play(move)
        visits[arm] += 1
        if MIMIC:
            totals[arm] += copy_out(sim, seat, rand, MIMIC_DEPTH)
        else:
            totals[arm] += playout(sim, seat, rand, 0 if wide else DEPTH)
    best = max(range(len(candidates)), key=lambda i: (totals[i] / visits[i] if visits[i] else -1.0, visits[i]))
    return candidates[best]


def posterior(view: dict[str, Any], worlds: list[State], rand: random.Random) -> list[Sim]:
    """The worlds as ``Sim``s, every other seat's hand redealt from what its public moves say (infer.py); the bag
    holds the rest of the unseen stones."""
    seat = view["you"]
    moves = infer.history(view, worlds[0]["log"])
    sims = [Sim.of(world) for world in worlds]
    mine = [view["hand"][c] for c in COLOURS]
    pool = [STONES_PER_COLOUR - view["axe"][c] - view["flag"][c] - sum(a["stones"][c] for a in view["areas"])
            - mine[i] for i, c in enumerate(COLOURS)]
    sizes = [h["count"] for h in view["hands"]]
    for sim, hands in zip(sims, infer.deal(moves, seat, pool, sizes, len(sims), rand), strict=True):
        bag = list(pool)
        for other, hand in enumerate(hands):
            if hand is not None:
                sim.hands[other] = list(hand)
                bag = [bag[c] - hand[c] for c in (0, 1, 2)]
        sim.bag = bag
    return sims


def prune(view: dict[str, Any], legal: list[Action], rand: random.Random) -> list[Action]:
    """basic's best few actions by its own one-step score, Negotiate always kept (it is how the game ends)."""
    if legal[0]["type"] == "return":
        return legal
    here = Position(view)  # type: ignore[arg-type]
    scored = []
    for index, action in enumerate(legal):
        if action["type"] == "negotiate":
            continue
        after = here.copy()
        after.play(action)  # type: ignore[arg-type]
        scored.append((after.score(final=False), -index, action))
    scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
    return [action for _, _, action in scored[:CANDIDATES - 1]] + [{"type": "negotiate"}]


def playout(sim: Sim, seat: int, rand: random.Random, depth: int) -> float:
    """Play on greedily for ``depth`` turns; the bot's chance of winning then."""
    for _ in range(depth):
        if sim.over:
            break
        greedy(sim, rand)
    return sim.judge(seat)


def copy_out(sim: Sim, seat: int, rand: random.Random, depth: int) -> float:
    """Play on as basic would in every seat for ``depth`` turns; the bot's chance of winning then."""
    for _ in range(depth):
        if sim.over:
            break
        mimic.turn(sim, rand)
    return sim.judge(seat)


def ends_won(sim: Sim, rand: random.Random) -> bool:
    """Whether a Negotiate ends the game with a win for the seat on turn, in this world."""
    seat = sim.turn
    sim = sim.copy()
    negotiate(sim, rand)
    return sim.over and sim.winner() == seat


def negotiate(sim: Sim, rand: random.Random) -> None:
    """A whole Negotiate by the seat on turn: draw, then return the stone whose loss hurts it least."""
    sim.draw(rand)
    mover = sim.turn
    hand = sim.hands[mover]
    best, choice = -1.0, 0
    for colour in (0, 1, 2):
        if hand[colour]:
            after = sim.copy()
            after.play((3, colour))
            value = after.judge(mover) + rand.random() * 1e-6
            if value > best:
                best, choice = value, colour
    sim.play((3, choice))


def greedy(sim: Sim, rand: random.Random) -> None:
    """One turn for the seat on turn: the best of Negotiate and a few sampled moves, by its chance of winning."""
    mover = sim.turn
    hand = sim.hands[mover]
    if not hand[0] + hand[1] + hand[2]:
        negotiate(sim, rand)
        return
    if sim.streak + 1 >= sim.players:  # a Negotiate would end the game: judged with the hand as it is
        ending = sim.copy()
        ending.over, ending.final = True, mover
        best = ending.judge(mover)
    else:
        best = sim.judge(mover) + NEGOTIATE_BONUS
    choice: tuple[int, ...] | None = None
    for _ in range(SAMPLES):
        move = sample(sim, rand)
        if move is None:
            continue
        after = sim.copy()
        after.play(move)
        value = after.judge(mover) + rand.random() * 1e-6
        if value > best:
            best, choice = value, move
    if choice is None:
        negotiate(sim, rand)
    else:
        sim.play(choice)


def sample(sim: Sim, rand: random.Random) -> tuple[int, ...] | None:
    """A random Recruit, Battle (killing as many as it may, the larger colour first) or March of the seat on turn."""
    hand = sim.hands[sim.turn]
    pick = rand.randrange(hand[0] + hand[1] + hand[2])
    colour = 0 if pick < hand[0] else 1 if pick < hand[0] + hand[1] else 2
    area = rand.randrange(AREAS)
    kind = rand.randrange(4)
    stones = sim.areas[area]
    if kind == 1:
        a, b = (1, 2) if colour == 0 else (0, 2) if colour == 1 else (0, 1)
        kills = min(stones[colour], stones[a] + stones[b])
        first = min(kills, stones[a]) if stones[a] >= stones[b] else max(0, kills - stones[b])
        return (1, colour, area, first, kills - first)
    if kind == 2:
        if not stones[colour]:
            return None
        to = ADJACENT[area][rand.randrange(len(ADJACENT[area]))]
        return (2, colour, area, to, rand.randint(1, stones[colour]))
    return (0, colour, area)
