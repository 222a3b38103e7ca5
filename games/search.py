"""Determinized search for the ``hard`` bots: Perfect Information Monte Carlo with UCB1 at the root.

The bot's seat cannot see everything, so it searches in ``worlds``: complete states drawn by the platform from what
the seat knows (games/bots.py). Each playout takes the next world in turn, plays one of the bot's candidate actions
in it, lets ``playout`` finish or cut the game short (a rollout policy for every seat, then a judgement of the
position), and credits the action with the value for the bot. UCB1 spends playouts on the actions that look best;
the answer is the action with the best mean after ``budget.nodes`` playouts or ``budget.seconds``, whichever comes
first. With the node budget reached first, the same worlds and seed always give the same action.

This is the textbook method (Long, Sturtevant, Buro and Furtak 2010 on why it works in card games; Cowling, Powley
and Whitehouse 2012 for its ISMCTS relative): simple, game-agnostic, and strong where hidden information resolves as
play goes on. Each game supplies its candidates, its rollout and its judgement (games/<game>/bots/hard.py).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

from games.protocol import Action, Budget, Game, Seat, State, _next_state, apply_expiry

# (state, seat to move, rand) -> that seat's action in a playout; None lets the game's default action stand in.
Policy = Callable[[State, Seat, random.Random], Action | None]
# (state, bot's seat) -> how good the position is for the bot, from 0 (lost) to 1 (won).
Judge = Callable[[State, Seat], float]

EXPLORE = 0.7  # UCB1's exploration constant for values in [0, 1]


def step(game: Game[Any], state: State, seat: Seat, action: Action) -> State:
    """``state`` one action on, without the platform's legality checks (playout actions come from legal lists)."""
    return _next_state(state, lambda new: game.apply(new, seat, action))


def outcome(game: Game[Any], state: State, seat: Seat) -> float | None:
    """1 if ``seat`` is among the winners of a finished game, 0 if not; None while it goes on."""
    result = game.result(state)
    if result is None:
        return None
    winners = result.get("winners") or []
    return 1.0 if seat in winners else 0.0


def mover(game: Game[Any], state: State) -> Seat | None:
    """The seat a playout moves next: the first the game waits on, else the first that may act; None when only a
    self-closing window's deadline can move the game."""
    required = game.required(state)
    if required:
        return required[0]
    waiting = game.waiting_on(state)
    return waiting[0] if waiting else None


def playout(game: Game[Any], state: State, seat: Seat, policy: Policy, judge: Judge, rand: random.Random,
            depth: int) -> float:
    """Play ``state`` on with ``policy`` for every seat, for at most ``depth`` actions; the value for ``seat``."""
    for _ in range(depth):
        done = outcome(game, state, seat)
        if done is not None:
            return done
        actor = mover(game, state)
        if actor is None:
            window = game.window(state)
            if window is None or not window.closes_itself:
                break
            state = apply_expiry(game, state)
            continue
        action = policy(state, actor, rand)
        if action is None:
            action = game.default_action(state, actor)
        state = step(game, state, actor, action)
    done = outcome(game, state, seat)
    return done if done is not None else judge(state, seat)


def no_opinion(state: State, seat: Seat) -> float:
    """The judgement of a playout run to the end that ran out of actions first: neither side is ahead."""
    return 0.5


class Arm:
    __slots__ = ("action", "visits", "total")

    def __init__(self, action: Action) -> None:
        self.action = action
        self.visits = 0
        self.total = 0.0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


def choose(game: Game[Any], seat: Seat, candidates: Sequence[Action], worlds: Sequence[State], rand: random.Random,
           budget: Budget, policy: Policy, judge: Judge, depth: int) -> Action:
    """The candidate with the best mean value over playouts in the worlds (UCB1 picks which to try next)."""
    if len(candidates) == 1 or not worlds:
        return candidates[0]
    arms = [Arm(action) for action in candidates]
    stop = time.perf_counter() + budget.seconds
    for n in range(budget.nodes):
        if time.perf_counter() > stop:
            break
        world = worlds[n % len(worlds)]
        untried = [arm for arm in arms if arm.visits == 0]
        if untried:
            arm = untried[0]
        else:
            log_n = math.log(n)
            arm = max(arms, key=lambda a: a.mean() + EXPLORE * math.sqrt(log_n / a.visits))
        try:
            child = step(game, world, seat, arm.action)
        except Exception:  # not playable in this world (a sampler that missed a constraint): count it as lost
            arm.visits += 1
            continue
        arm.visits += 1
        arm.total += playout(game, child, seat, policy, judge, rand, depth)
    best = max(arms, key=lambda a: (a.mean() if a.visits else -1.0, a.visits))
    return best.action


def bot_policy(game: Game[Any], kind: str = "basic") -> Policy:
    """A rollout policy that asks one of the game's plain bots, through the seat's view of the world."""
    bot = game.bots[kind]

    def policy(state: State, seat: Seat, rand: random.Random) -> Action | None:
        return bot(game.view(state, seat), game.legal(state, seat), rand)

    return policy
