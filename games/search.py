"""Determinized search for the ``hard`` bots: Perfect Information Monte Carlo, one layer for every game.

The bot's seat cannot see everything, so it searches in ``worlds``: complete states drawn by the platform from what
the seat knows (games/bots.py). Each playout takes a world, plays one of the bot's candidate actions in it, plays the
game on (a rollout policy for every seat) until it ends or a horizon cuts it short, and credits the candidate with the
position's value for the bot (exact at the end, else a judgement). Two ways to spend the playouts:

- ``ucb1``: one playout at a time, the next world in turn, on the candidate UCB1 picks (the ones that look best);
  the answer is the best mean.
- ``paired``: every candidate in the same world with the same random draws, world after world; the first candidate
  is the bot's default move and is kept unless another beats it by a margin.

Either stops after ``budget.nodes`` playouts or ``budget.seconds``, whichever comes first; with the node budget
reached first, the same worlds and seed always give the same action.

A game's Hard bot is a declaration, ``Hard``: its playout policy, its judge, its horizon and which loop compares the
candidates; the bot picks the candidates and calls ``Hard.search`` with the ``Game`` it was handed. A game whose
playouts run on a faster model of its own rules than the engine (Turncoats) hands ``ucb1`` or ``paired`` its own
playout over its own worlds.

This is the textbook method (Long, Sturtevant, Buro and Furtak 2010 on why it works in card games; Cowling, Powley
and Whitehouse 2012 for its ISMCTS relative): simple, game-agnostic, and strong where hidden information resolves as
play goes on.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from games.protocol import Action, Budget, Game, Seat, State, _copy, _next_state, apply_expiry

# (state, seat to move, rand) -> that seat's action in a playout; None lets the game's default action stand in.
Policy = Callable[[State, Seat, random.Random], Action | None]
# (state, bot's seat) -> how good the position is for the bot, from 0 (lost) to 1 (won).
Judge = Callable[[State, Seat], float]
W = TypeVar("W")  # a world as a playout takes it: a state, or a game's own faster model of one
# (world, the bot's candidate, rand) -> the candidate played there and the game played on: its value for the bot.
Playout = Callable[[W, Action, random.Random], float]
# The world before the candidate -> whether a playout has gone far enough, asked before every playout move (first
# right after the candidate); stateful where it counts turns.
Horizon = Callable[[State], Callable[[State], bool]]

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
    return Hard(judge, depth, policy).play_on(game, state, seat, policy, rand, endless(state))


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


def ucb1(candidates: Sequence[Action], worlds: Sequence[W], playout: Playout[W], rand: random.Random,
         budget: Budget) -> Action:
    """The candidate with the best mean value over playouts, world after world in turn (UCB1 picks which candidate
    to try next). The first playout always runs, so a budget already spent still gives a considered answer."""
    if len(candidates) == 1 or not worlds:
        return candidates[0]
    arms = [Arm(action) for action in candidates]
    stop = time.perf_counter() + budget.seconds
    for n in range(budget.nodes):
        if n and time.perf_counter() > stop:
            break
        world = worlds[n % len(worlds)]
        untried = [arm for arm in arms if arm.visits == 0]
        if untried:
            arm = untried[0]
        else:
            log_n = math.log(n)
            arm = max(arms, key=lambda a: a.mean() + EXPLORE * math.sqrt(log_n / a.visits))
        arm.visits += 1
        arm.total += playout(world, arm.action, rand)
    best = max(arms, key=lambda a: (a.mean() if a.visits else -1.0, a.visits))
    return best.action


def paired(candidates: Sequence[Action], worlds: Sequence[W], playout: Playout[W], rand: random.Random,
           budget: Budget, margin: float) -> Action:
    """Every candidate in the same world, world after world (``budget.nodes`` playouts in all, at least one round);
    in a round every candidate gets a random source seeded alike, so the luck of the draws cancels out of the
    comparison (common random numbers: with a few playouts a decision, a paired comparison separates close candidates
    far better than independent samples do). The first candidate is the default move: another replaces it only when
    its mean is better by more than ``margin`` (0: the best mean, ties to the earlier). A round that would not end
    by ``budget.seconds``, judging by the slowest so far, is not begun (playouts to the game's end are long)."""
    if len(candidates) == 1 or not worlds:
        return candidates[0]
    totals = [0.0] * len(candidates)
    rounds = 0
    stop = time.perf_counter() + budget.seconds
    slowest = 0.0
    for n in range(max(1, budget.nodes // len(candidates))):
        began = time.perf_counter()
        if n and began + slowest > stop:
            break
        world = worlds[n % len(worlds)]
        seed = rand.getrandbits(32)
        for i, action in enumerate(candidates):
            totals[i] += playout(world, action, random.Random(seed))
        rounds += 1
        slowest = max(slowest, time.perf_counter() - began)
    best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return candidates[best] if totals[best] - totals[0] > margin * rounds else candidates[0]


def endless(world: State) -> Callable[[State], bool]:
    """No horizon: a playout runs to the end of the game or of its ``depth``."""
    return lambda state: False


@dataclass(frozen=True)
class Hard:
    """A game's Hard bot, as far as the search goes: how a candidate is played on in a world and judged, and how the
    candidates are compared. The bot picks its candidates (the move it would make without searching first) and
    calls ``search`` with the game it was handed; this does the rest.

    A playout plays the candidate in a world, then ``policy`` for every seat, until the game ends, ``horizon`` says
    it has gone far enough or ``depth`` actions have been played; a finished game is worth 1 to a winner and 0 to a
    loser, any other position what ``judge`` says.
    """

    judge: Judge  # the position where a playout stops, for the bot's seat, from 0 (lost) to 1 (won)
    depth: int  # playout actions at most (a window closing by itself counts as one)
    policy: Policy | str = "basic"  # every seat's move in a playout: a function, or one of the game's plain bots
    horizon: Horizon = endless
    # None: UCB1 spends the playouts on the candidates that look best (``ucb1``). A number: every candidate is played
    # in every world and the first is kept unless another beats it by this much (``paired``).
    margin: float | None = None
    # Playouts copy the world once, without its log, and play on that copy in place: many times faster than an engine
    # step (which copies the state), for a game whose ``apply`` and ``expire`` change only the state they are handed
    # and whose policy needs no history before the playout's own.
    in_place: bool = False
    optional_moves: bool = True  # whether a seat with only optional moves (nobody required) acts in a playout
    judges_ends: bool = False  # the judge values finished games too (a game everybody wins as a draw, say)

    def search(self, game: Game[Any], seat: Seat, candidates: Sequence[Action], worlds: Sequence[State],
               rand: random.Random, budget: Budget, default: bool = True) -> Action:
        """The candidate to play. ``default``: the first candidate is the move to keep unless the margin is beaten
        (False: there is none, the best mean wins)."""
        policy = bot_policy(game, self.policy) if isinstance(self.policy, str) else self.policy

        def play(world: State, action: Action, draws: random.Random) -> float:
            return self.playout(game, world, seat, action, policy, draws)

        if self.margin is None:
            return ucb1(candidates, worlds, play, rand, budget)
        return paired(candidates, worlds, play, rand, budget, self.margin if default else 0.0)

    def playout(self, game: Game[Any], world: State, seat: Seat, action: Action, policy: Policy,
                rand: random.Random) -> float:
        """``action`` played by ``seat`` in ``world``, then the game played on; the value for ``seat``."""
        stop = self.horizon(world)
        if self.in_place:
            world = _copy({key: value for key, value in world.items() if key != "log"})
            world["log"] = []  # the engine only appends to it
        try:
            state = self.advance(game, world, seat, action)
        except Exception:  # not playable in this world (a sampler that missed a constraint): count it as lost
            return 0.0
        return self.play_on(game, state, seat, policy, rand, stop)

    def play_on(self, game: Game[Any], state: State, seat: Seat, policy: Policy, rand: random.Random,
                stop: Callable[[State], bool]) -> float:
        """``state`` played on (in place if ``in_place``) until the end, ``stop`` or ``depth``; its value for
        ``seat``."""
        for _ in range(self.depth):
            if game.result(state) is not None or stop(state):
                break
            actor = mover(game, state) if self.optional_moves else next(iter(game.required(state)), None)
            if actor is None:
                window = game.window(state)
                if game.expire is None or window is None or not window.closes_itself:
                    break
                state = self.close(game, state)
                continue
            move = policy(state, actor, rand)
            if move is None:
                move = game.default_action(state, actor)
            state = self.advance(game, state, actor, move)
        if self.judges_ends:
            return self.judge(state, seat)
        done = outcome(game, state, seat)
        return done if done is not None else self.judge(state, seat)

    def advance(self, game: Game[Any], state: State, seat: Seat, action: Action) -> State:
        """``state`` one action on: by an engine step, or on the playout's own copy in place."""
        if not self.in_place:
            return step(game, state, seat, action)
        game.apply(state, seat, action)
        return self.moved(state)

    def close(self, game: Game[Any], state: State) -> State:
        """``state`` with its self-closing window closed, as ``advance`` moves it."""
        if not self.in_place:
            return apply_expiry(game, state)
        assert game.expire is not None
        game.expire(state)
        return self.moved(state)

    @staticmethod
    def moved(state: State) -> State:
        state["seq"] = state.get("seq", 0) + 1  # a view part kept per state and seq (shared_views.py) is built anew
        return state


def bot_policy(game: Game[Any], kind: str = "basic") -> Policy:
    """A rollout policy that asks one of the game's plain bots, through the seat's view of the world."""
    bot = game.bots[kind]

    def policy(state: State, seat: Seat, rand: random.Random) -> Action | None:
        return bot(game.view(state, seat), game.legal(state, seat), rand)

    return policy
