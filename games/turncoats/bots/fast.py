"""A small, fast copy of the Turncoats rules for the ``hard`` bot's playouts, and a judge of positions.

The engine's own ``apply`` copies the whole state and writes log lines on every action; a playout needs neither, so
a world (a whole state drawn from the bot's seat) is turned into flat lists of counts, indexed by colour in
``data.COLOURS`` order, and played on in place. The rules here are the engine's (rules.py), held to it over every
state of played games in tests/games/turncoats/test_fast.py. The engine would be too slow here: a playout move costs
it about 100 times what it costs this copy, mostly ``basic`` deciding through a view (bench/turncoats_fast.py).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from games.protocol import State
from games.turncoats.data import ADJACENT, AREAS, COLOURS

Stones = list[int]  # a count per colour, in COLOURS order
INDEX = {colour: i for i, colour in enumerate(COLOURS)}
NEAR = 0.3  # basic's credit for an area a colour is one stone short of (basic.Position.strengths)
SHARPNESS = 1.5  # basic's softmax over strengths: how sure the leading colour is of winning
STONE = 10.0  # basic's worth of one stone of a colour against the best rival's, in other stones fewer
SCALE = 10.0  # the hand value that makes a 73 % favourite


class Sim:
    """A Turncoats position with every hand known, cheap to copy and to play on."""

    __slots__ = ("players", "areas", "hands", "bag", "axe", "flag", "turn", "streak", "over", "final")

    players: int
    areas: list[Stones]
    hands: list[Stones]
    bag: Stones
    axe: Stones
    flag: Stones
    turn: int
    streak: int
    over: bool
    final: int  # the seat that made the final Negotiate, once over

    @staticmethod
    def of(state: State) -> Sim:
        sim = object.__new__(Sim)
        sim.players = state["players"]
        sim.areas = [[a[c] for c in COLOURS] for a in state["areas"]]
        sim.hands = [[h[c] for c in COLOURS] for h in state["hands"]]
        sim.bag = [state["bag"][c] for c in COLOURS]
        sim.axe = [state["axe"][c] for c in COLOURS]
        sim.flag = [state["flag"][c] for c in COLOURS]
        sim.turn, sim.streak, sim.over = state["turn"], state["streak"], state["over"]
        # A Negotiate half done (``drawn``) needs nothing more: the stone is in hand, and a return move comes next.
        sim.final = state["final_negotiator"] if state["final_negotiator"] is not None else -1
        return sim

    def copy(self) -> Sim:
        new = object.__new__(Sim)
        new.players = self.players
        new.areas = [a[:] for a in self.areas]
        new.hands = [h[:] for h in self.hands]
        new.bag, new.axe, new.flag = self.bag[:], self.axe[:], self.flag[:]
        new.turn, new.streak, new.over, new.final = self.turn, self.streak, self.over, self.final
        return new

    # ------------------------------------------------------------------------- moves

    def play(self, move: tuple[int, ...]) -> None:
        """A move: (0, colour, area) recruit; (1, colour, area, kill0, kill1) battle (kills of the other two colours
        in colour order); (2, colour, from, to, count) march; (3, returned colour) a whole Negotiate, drawn already."""
        kind, colour = move[0], move[1]
        seat = self.turn
        self.hands[seat][colour] -= 1
        if kind == 3:
            self.bag[colour] += 1
            self.streak += 1
            if self.streak >= self.players:
                self.over, self.final = True, seat
                return
        else:
            self.streak = 0
            if kind == 0:
                self.areas[move[2]][colour] += 1
            elif kind == 1:
                self.axe[colour] += 1
                area = self.areas[move[2]]
                a, b = OTHERS[colour]
                area[a] -= move[3]
                area[b] -= move[4]
                self.bag[a] += move[3]
                self.bag[b] += move[4]
            else:
                self.flag[colour] += 1
                self.areas[move[2]][colour] -= move[4]
                self.areas[move[3]][colour] += move[4]
        self.turn = (seat + 1) % self.players

    def draw(self, rand: random.Random) -> int:
        """The seat on turn draws a stone from the bag into hand (the first half of a Negotiate)."""
        bag = self.bag
        pick = rand.randrange(bag[0] + bag[1] + bag[2])
        colour = 0 if pick < bag[0] else 1 if pick < bag[0] + bag[1] else 2
        bag[colour] -= 1
        self.hands[self.turn][colour] += 1
        return colour

    # ------------------------------------------------------------------------- judging

    def ruler(self, stones: Stones) -> int:
        return ruler(stones, self.axe, self.flag)

    def strengths(self) -> tuple[list[float], list[int]]:
        return strengths(self.areas, self.axe, self.flag)

    def winning_colour(self, ruled: list[int]) -> int:
        return winning_colour(ruled, self.axe, self.flag)

    def crowned(self, colour: int, opener: int) -> int:
        """The seat that wins if ``colour`` wins (-1: no colour): most of it, then fewest others, then turn order."""
        best, key = 0, None
        for seat in range(self.players):
            hand = self.hands[seat]
            good = hand[colour] if colour >= 0 else 0
            mine = (-good, hand[0] + hand[1] + hand[2] - good, (seat - opener) % self.players)
            if key is None or mine < key:
                best, key = seat, mine
        return best

    def winner(self) -> int:
        """The winning seat of a finished game."""
        _, ruled = self.strengths()
        return self.crowned(self.winning_colour(ruled), (self.final + 1) % self.players)

    def colour_chances(self) -> list[float]:
        return chances(self.strengths()[0])

    def judge(self, seat: int) -> float:
        """``seat``'s chance to win: exact once over; else basic's hand value with every hand known (for each colour's
        chance, ten per stone of it ahead of the best rival in it, less one per other stone more than theirs), through
        a logistic."""
        if self.over:
            return 1.0 if self.winner() == seat else 0.0
        value = 0.0
        mine = self.hands[seat]
        mine_total = mine[0] + mine[1] + mine[2]
        for colour, chance in enumerate(self.colour_chances()):
            rival: Stones | None = None
            for other in range(self.players):
                hand = self.hands[other]
                if other != seat and (rival is None or hand[colour] > rival[colour]):
                    rival = hand
            assert rival is not None
            spare = (rival[0] + rival[1] + rival[2] - rival[colour]) - (mine_total - mine[colour])
            value += chance * (STONE * (mine[colour] - rival[colour]) + spare)
        return 1.0 / (1.0 + math.exp(-value / SCALE))


OTHERS = [(1, 2), (0, 2), (0, 1)]


def moves(sim: Sim) -> list[tuple[int, ...]]:
    """Every move but Negotiate for the seat on turn, as ``Sim.play`` takes them (the engine's ``legal``)."""
    hand = sim.hands[sim.turn]
    out: list[tuple[int, ...]] = []
    for colour in (0, 1, 2):
        if not hand[colour]:
            continue
        a, b = OTHERS[colour]
        for area in range(AREAS):
            out.append((0, colour, area))
            stones = sim.areas[area]
            kills = min(stones[colour], stones[a] + stones[b])
            for first in range(max(0, kills - stones[b]), min(kills, stones[a]) + 1):
                out.append((1, colour, area, first, kills - first))
            for to in ADJACENT[area]:
                for n in range(1, stones[colour] + 1):
                    out.append((2, colour, area, to, n))
    return out


def as_move(action: dict[str, Any]) -> tuple[int, ...] | None:
    """An engine action as a ``Sim`` move; None for ``negotiate`` (it is two steps, drawn in the playout)."""
    kind = action["type"]
    if kind == "negotiate":
        return None
    colour = INDEX[action["colour"]]
    if kind == "return":
        return (3, colour)
    if kind == "recruit":
        return (0, colour, action["area"])
    if kind == "battle":
        a, b = OTHERS[colour]
        return (1, colour, action["area"], action["victims"][COLOURS[a]], action["victims"][COLOURS[b]])
    return (2, colour, action["from"], action["to"], action["count"])


# ----------------------------------------------------------------------------- basic's reading of a map
# Shared with infer.py, which works on the same numbers as tuples and caches them.

Counts = Sequence[int]  # a count per colour, in COLOURS order (a list here, a tuple in infer.py's caches)


def ruler(stones: Counts, axe: Counts, flag: Counts) -> int:
    """Edition: most stones; a tie narrows by axe, then flag; a surviving tie or an empty area is unruled (-1)."""
    r, u, k = stones
    top = r if r > u else u
    if k > top:
        top = k
    if top == 0:
        return -1
    tied = [c for c in (0, 1, 2) if stones[c] == top]
    if len(tied) == 1:
        return tied[0]
    for key in (axe, flag):
        best = max(key[c] for c in tied)
        tied = [c for c in tied if key[c] == best]
        if len(tied) == 1:
            return tied[0]
    return -1


def strengths(areas: Sequence[Counts], axe: Counts, flag: Counts) -> tuple[list[float], list[int]]:
    """Areas ruled per colour plus basic's credit for near misses and tie-break stones; and the areas ruled."""
    ruled = [0, 0, 0]
    out = [0.05 * axe[c] + 0.02 * flag[c] for c in (0, 1, 2)]
    for stones in areas:
        owner = ruler(stones, axe, flag)
        if owner >= 0:
            ruled[owner] += 1
            out[owner] += 1.0
        top = max(stones)
        if top:
            for c in (0, 1, 2):
                if c != owner and stones[c] >= top - 1:
                    out[c] += NEAR
    return out, ruled


def winning_colour(ruled: Counts, axe: Counts, flag: Counts) -> int:
    """The colour that rules most areas, ties narrowed by axe, then flag (-1: still tied)."""
    tied = [c for c in (0, 1, 2) if ruled[c] == max(ruled)]
    for key in (axe, flag):
        if len(tied) > 1:
            best = max(key[c] for c in tied)
            tied = [c for c in tied if key[c] == best]
    return tied[0] if len(tied) == 1 else -1


def chances(strength: list[float]) -> list[float]:
    """basic's guess at each colour's chance to win: a softmax over its strengths."""
    top = max(strength)
    weights = [math.exp(SHARPNESS * (s - top)) for s in strength]
    norm = sum(weights)
    return [w / norm for w in weights]
