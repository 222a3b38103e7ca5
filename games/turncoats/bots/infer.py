"""What the other players' public moves say about their hands, for the ``hard`` bot's worlds.

Stones of one colour are interchangeable, so a hidden hand is just three counts: at most 45 arrangements for a hand
of 8. For each other seat the bot weighs every arrangement its prior allows (the unseen stones dealt at random: a
hypergeometric weight) by how likely ``basic`` would have been to play that seat's latest public moves holding it
(a softmax over basic's own action values), and deals the worlds' hands from that posterior.

Everything read here is public: the map, axe, flag and hand sizes of the view, and the events of the log's public
entries (the worlds carry the log cut to what the seat may read; private entries, ``"to"``, are skipped; the English
text is never read). The board before each
past move is rebuilt by undoing the logged moves from the current map. basic's value of an action is linear in the
hand it keeps (its chances depend on the map alone), so each past decision is turned once into a short list of
coefficients and cached: a pure function of public facts.
"""

from __future__ import annotations

import math
import random
from functools import lru_cache
from typing import Any

from games.turncoats.bots.fast import NEAR, OTHERS, SHARPNESS, chances, ruler, strengths, winning_colour
from games.turncoats.data import ADJACENT, AREAS, COLOURS, STONES_PER_COLOUR

TEMPERATURE = 0.3  # softmax temperature over basic's values (about 10 a stone): sharp, basic is near-deterministic
LOOKBACK = 4  # the latest public decisions of a seat that are weighed

Board = tuple[tuple[tuple[int, int, int], ...], tuple[int, int, int], tuple[int, int, int]]  # areas, axe, flag
Hand = tuple[int, int, int]

INDEX: dict[str, int] = {colour: i for i, colour in enumerate(COLOURS)}
MOVES = ("return", "recruit", "battle", "march")  # the event kinds of a public move (a Negotiate is its "return")


# ----------------------------------------------------------------------------- the public history


def public_moves(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every public move in the log's events, oldest first, as {seat, kind, colour (an index), ...}. A Negotiate is
    one move (kind "return"): the draw decision and the return decision share its board."""
    moves: list[dict[str, Any]] = []
    for entry in log:
        event = entry.get("event")
        if "to" in entry or event is None:
            continue
        kind = event["kind"]
        if kind not in MOVES:
            continue
        move: dict[str, Any] = {"seat": event["seat"], "kind": kind, "colour": INDEX[event["colour"]]}
        if kind == "recruit":
            move["area"] = event["area"]
        elif kind == "battle":
            victims = [0, 0, 0]
            for colour, n in event["killed"].items():
                victims[INDEX[colour]] = n
            move.update(area=event["area"], victims=victims)
        elif kind == "march":
            move.update({"count": event["count"], "from": event["from"], "to": event["to"]})
        moves.append(move)
    return moves


def history(view: dict[str, Any], log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every public move (``public_moves``), each with the board, hand sizes and streak its mover saw before
    deciding."""
    moves = public_moves(log)
    streak = 0
    for move in moves:  # the streak each mover saw: completed Negotiates in a row before its move
        move["streak"] = streak
        streak = streak + 1 if move["kind"] == "return" else 0
    areas = [[a["stones"][c] for c in COLOURS] for a in view["areas"]]
    axe = [view["axe"][c] for c in COLOURS]
    flag = [view["flag"][c] for c in COLOURS]
    sizes = [h["count"] for h in view["hands"]]
    if view.get("negotiating"):
        sizes[view["you"]] -= 1  # the bot's own stone drawn and not yet returned
    for move in reversed(moves):  # undo each move to find what its mover saw
        c = move["colour"]
        if move["kind"] == "recruit":
            areas[move["area"]][c] -= 1
        elif move["kind"] == "battle":
            axe[c] -= 1
            for v in range(3):
                areas[move["area"]][v] += move["victims"][v]
        elif move["kind"] == "march":
            flag[c] -= 1
            areas[move["from"]][c] += move["count"]
            areas[move["to"]][c] -= move["count"]
        if move["kind"] != "return":
            sizes[move["seat"]] += 1
        move["board"] = (tuple(tuple(a) for a in areas), tuple(axe), tuple(flag))
        move["sizes"] = tuple(sizes)
    return moves


# ----------------------------------------------------------------------------- basic's values, as coefficients


def _chances(areas: list[list[int]], axe: list[int], flag: list[int], final: bool) -> list[float] | None:
    """basic's chance for each colour to win the map (one-hot when the game ends; None: no colour wins)."""
    strength, ruled = strengths(areas, axe, flag)
    if final:
        winner = winning_colour(ruled, axe, flag)
        return None if winner < 0 else [1.0 if c == winner else 0.0 for c in (0, 1, 2)]
    return chances(strength)


def _linear(areas: list[list[int]], axe: list[int], flag: list[int], chances: list[float] | None, kept: int,
            rivals: list[int]) -> tuple[float, float, float, float]:
    """basic's hand value as (a0, a1, a2, b): value = a . hand + b for a kept hand of ``kept`` stones."""
    free = [STONES_PER_COLOUR - sum(a[c] for a in areas) - axe[c] - flag[c] for c in (0, 1, 2)]
    return _value(free, chances, kept, rivals)


def _value(free: list[int], chances: list[float] | None, kept: int,
           rivals: list[int]) -> tuple[float, float, float, float]:
    """``_linear`` given the stones of each colour off the board (``free``: unseen to the mover with its hand)."""
    if chances is None:
        return (0.0, 0.0, 0.0, -2.0 * kept)  # no colour wins: fewest stones
    pool = max(1, sum(free) - kept)
    biggest = max(rivals, default=0)
    k = 1.0 + 0.25 * (len(rivals) - 1)
    slope = (10 * k + 1) * biggest / pool
    c0, c1, c2 = chances
    b = (c0 * (-slope * free[0]) + c1 * (-slope * free[1]) + c2 * (-slope * free[2])) - kept + biggest
    return (c0 * (11 + slope), c1 * (11 + slope), c2 * (11 + slope), b)


@lru_cache(maxsize=65536)
def _area(stones: tuple[int, ...], axe: tuple[int, ...], flag: tuple[int, ...]) -> tuple[float, float, float]:
    """One area's part of basic's strengths: 1 to its ruler, ``NEAR`` to each other colour within a stone of the top."""
    out = [0.0, 0.0, 0.0]
    owner = ruler(stones, axe, flag)
    if owner >= 0:
        out[owner] = 1.0
    top = max(stones)
    if top:
        for c in (0, 1, 2):
            if c != owner and stones[c] >= top - 1:
                out[c] += NEAR
    return (out[0], out[1], out[2])


@lru_cache(maxsize=4096)
def spend_options(board: Board, seat: int, sizes: tuple[int, ...], streak: int) -> tuple[tuple[Any, ...], ...]:
    """Every action basic could take at this board, as (colour spent or -1, move key, a0, a1, a2, b): its value for
    a hand h held before the move is a . h + b, less a[colour] for the stone spent (folded into b here). An action
    changes one or two areas and maybe the axe or flag, so basic's strengths are updated, not recounted."""
    areas = board[0]
    axe, flag = board[1], board[2]
    players = len(sizes)
    rivals = [sizes[s] for s in range(players) if s != seat]
    size = sizes[seat]
    free = [STONES_PER_COLOUR - sum(a[c] for a in areas) - axe[c] - flag[c] for c in (0, 1, 2)]
    out: list[tuple[Any, ...]] = []
    bases: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[list[tuple[float, float, float]], list[float]]] = {}

    def base(ax: tuple[int, ...], fl: tuple[int, ...]) -> tuple[list[tuple[float, float, float]], list[float]]:
        if (ax, fl) not in bases:
            parts = [_area(a, ax, fl) for a in areas]
            bases[ax, fl] = parts, [sum(p[c] for p in parts) + 0.05 * ax[c] + 0.02 * fl[c] for c in (0, 1, 2)]
        return bases[ax, fl]

    biggest = max(rivals, default=0)
    weight = (10 * (1.0 + 0.25 * (len(rivals) - 1)) + 1) * biggest
    rest = biggest - (size - 1)
    exp = math.exp

    def add(colour: int, key: tuple[int, ...], ax: tuple[int, ...], fl: tuple[int, ...],
            changed: tuple[tuple[int, tuple[int, ...]], ...], gone: list[int]) -> None:
        """``_value(gone, chances(strength), size - 1, rivals)``, inlined: this is the bot's hot loop."""
        parts, (s0, s1, s2) = base(ax, fl)
        for area, stones in changed:
            old, new = parts[area], _area(stones, ax, fl)
            s0 += new[0] - old[0]
            s1 += new[1] - old[1]
            s2 += new[2] - old[2]
        top = s0 if s0 > s1 else s1
        if s2 > top:
            top = s2
        w0, w1, w2 = exp(SHARPNESS * (s0 - top)), exp(SHARPNESS * (s1 - top)), exp(SHARPNESS * (s2 - top))
        norm = w0 + w1 + w2
        c0, c1, c2 = w0 / norm, w1 / norm, w2 / norm
        slope = weight / max(1, gone[0] + gone[1] + gone[2] - size + 1)
        b = -slope * (c0 * gone[0] + c1 * gone[1] + c2 * gone[2]) + rest
        a = (c0 * (11 + slope), c1 * (11 + slope), c2 * (11 + slope))
        out.append((colour, key, a[0], a[1], a[2], b - a[colour]))

    ends = streak + 1 >= players
    listed = [list(a) for a in areas]
    a0, a1, a2, b = _value(free, _chances(listed, list(axe), list(flag), ends), size, rivals)
    out.append((-1, (3,), a0, a1, a2, b + (0.0 if ends else 0.8)))  # Negotiate
    for colour in (0, 1, 2):
        x, y = OTHERS[colour]
        plus = tuple(n + (c == colour) for c, n in enumerate(axe))
        flagged = tuple(n + (c == colour) for c, n in enumerate(flag))
        placed = [free[c] - (c == colour) for c in (0, 1, 2)]  # one more stone of the colour on the board
        for area in range(AREAS):
            stones = areas[area]
            grown = tuple(n + (c == colour) for c, n in enumerate(stones))
            add(colour, (0, colour, area), axe, flag, ((area, grown),), placed)
            kills = min(stones[colour], stones[x] + stones[y])
            for first in range(max(0, kills - stones[y]), min(kills, stones[x]) + 1):
                left = list(stones)
                left[x] -= first
                left[y] -= kills - first
                back = list(placed)
                back[x] += first
                back[y] += kills - first
                add(colour, (1, colour, area, first, kills - first), plus, flag, ((area, tuple(left)),), back)
            for to in ADJACENT[area]:
                for n in range(1, stones[colour] + 1):
                    start = tuple(k - n * (c == colour) for c, k in enumerate(stones))
                    end = tuple(k + n * (c == colour) for c, k in enumerate(areas[to]))
                    add(colour, (2, colour, area, to, n), axe, flagged, ((area, start), (to, end)), placed)
    return tuple(out)


@lru_cache(maxsize=1024)
def return_options(board: Board, seat: int, sizes: tuple[int, ...], streak: int) -> tuple[tuple[Any, ...], ...]:
    """basic's value of returning each colour after its draw (the hand then holds one stone more than ``sizes``)."""
    areas = [list(a) for a in board[0]]
    axe, flag = list(board[1]), list(board[2])
    rivals = [sizes[s] for s in range(len(sizes)) if s != seat]
    chances = _chances(areas, axe, flag, streak + 1 >= len(sizes))
    a0, a1, a2, b = _linear(areas, axe, flag, chances, sizes[seat], rivals)
    return tuple((c, (3, c), a0, a1, a2, b - (a0, a1, a2)[c]) for c in (0, 1, 2))


def chance_of(options: tuple[tuple[Any, ...], ...], hand: Hand, key: tuple[int, ...]) -> float:
    """basic's softmax probability of the move ``key`` holding ``hand`` (only moves that hand allows)."""
    values: list[float] = []
    mine = None
    for colour, move, a0, a1, a2, b in options:
        if colour >= 0 and not hand[colour]:
            continue
        value = (a0 * hand[0] + a1 * hand[1] + a2 * hand[2] + b) / TEMPERATURE
        values.append(value)
        if move == key:
            mine = value
    if mine is None:
        return 0.0
    top = max(values)
    return math.exp(mine - top) / sum(math.exp(v - top) for v in values)


def _key(move: dict[str, Any]) -> tuple[int, ...]:
    c = move["colour"]
    if move["kind"] == "recruit":
        return (0, c, move["area"])
    if move["kind"] == "battle":
        x, y = OTHERS[c]
        return (1, c, move["area"], move["victims"][x], move["victims"][y])
    return (2, c, move["from"], move["to"], move["count"])


def likelihood(moves: list[dict[str, Any]], seat: int, hand: Hand) -> float:
    """How likely basic holding ``hand`` now would have been to make ``seat``'s latest ``LOOKBACK`` public moves:
    back through them, each spend adding its stone back; a Negotiate's return is weighed with the hand it then held
    (the drawn stone in it), and the choice to Negotiate over each stone it may have drawn (as likely as its share
    of the hand then), the walk going on back from each."""
    mine = [move for move in moves if move["seat"] == seat][-LOOKBACK:]
    return _back(mine, len(mine), hand)


def _back(mine: list[dict[str, Any]], upto: int, hand: Hand) -> float:
    h = list(hand)
    weight = 1.0
    for index in range(upto - 1, -1, -1):
        move = mine[index]
        c = move["colour"]
        h[c] += 1
        if move["kind"] != "return":
            weight *= chance_of(spend_options(move["board"], move["seat"], move["sizes"], move["streak"]),
                                (h[0], h[1], h[2]), _key(move))
            if weight == 0.0:
                return 0.0
            continue
        weight *= chance_of(return_options(move["board"], move["seat"], move["sizes"], move["streak"]),
                            (h[0], h[1], h[2]), (3, c))
        if weight == 0.0:
            return 0.0
        options = spend_options(move["board"], move["seat"], move["sizes"], move["streak"])
        held = sum(h)
        drew = 0.0
        for x in (0, 1, 2):
            if h[x]:
                before = (h[0] - (x == 0), h[1] - (x == 1), h[2] - (x == 2))
                chance = h[x] / held * chance_of(options, before, (3,))
                if chance > 0.0:
                    drew += chance * (_back(mine, index, before) if index else 1.0)
        return weight * drew
    return weight


# ----------------------------------------------------------------------------- dealing from the posterior


def arrangements(pool: list[int], size: int) -> list[tuple[Hand, float]]:
    """Every hand of ``size`` stones the pool allows, with its chance when dealt at random (unnormalised)."""
    out: list[tuple[Hand, float]] = []
    for r in range(min(pool[0], size) + 1):
        for u in range(min(pool[1], size - r) + 1):
            k = size - r - u
            if k <= pool[2]:
                out.append(((r, u, k), float(math.comb(pool[0], r) * math.comb(pool[1], u) * math.comb(pool[2], k))))
    return out


def deal(moves: list[dict[str, Any]], me: int, pool: list[int], sizes: list[int], count: int,
         rand: random.Random) -> list[list[Hand | None]]:
    """``count`` deals of every other seat's hand (None for ``me``), seat by seat from the stones ``pool`` holds
    unseen, each hand drawn from its prior times basic's likelihood of its seat's moves."""
    cache: dict[tuple[int, Hand], float] = {}
    deals = []
    for _ in range(count):
        left = list(pool)
        hands: list[Hand | None] = [None] * len(sizes)
        for seat in range(len(sizes)):
            if seat == me:
                continue
            options = arrangements(left, sizes[seat])
            weights = []
            for hand, prior in options:
                if (seat, hand) not in cache:
                    cache[seat, hand] = likelihood(moves, seat, hand)
                weights.append(prior * cache[seat, hand])
            if sum(weights) <= 0:  # nothing explains the moves (not a basic player): the prior alone
                weights = [prior for _, prior in options]
            pick = rand.random() * sum(weights)
            hand = options[-1][0]
            for (option, _), w in zip(options, weights, strict=True):
                if pick < w:
                    hand = option
                    break
                pick -= w
            hands[seat] = hand
            for c in (0, 1, 2):
                left[c] -= hand[c]
        deals.append(hands)
    return deals
