"""``basic``'s own choice in a playout world, for the ``hard`` bot's playouts.

basic's value of an action is linear in the hand it holds (infer.py turns each board into cached coefficients), so
with a world's hand known its choice is an argmax over a cached table: the same action ``basic_bot`` takes (ties
aside, broken by ``rand`` here as there). Boards repeat a lot across worlds (the map is public; only hands differ),
so the cache pays.
"""

from __future__ import annotations

import random
from typing import Any

from games.turncoats.bots import infer
from games.turncoats.bots.fast import Sim


def board(sim: Sim) -> infer.Board:
    return (tuple((a[0], a[1], a[2]) for a in sim.areas), (sim.axe[0], sim.axe[1], sim.axe[2]),
            (sim.flag[0], sim.flag[1], sim.flag[2]))


def _best(options: tuple[tuple[Any, ...], ...], hand: list[int], rand: random.Random) -> tuple[int, ...]:
    top = -1e18
    best: list[tuple[int, ...]] = []
    h0, h1, h2 = hand
    for colour, key, a0, a1, a2, b in options:
        if colour >= 0 and not hand[colour]:
            continue
        value = a0 * h0 + a1 * h1 + a2 * h2 + b
        if value > top + 1e-9:
            top, best = value, [key]
        elif value > top - 1e-9:
            best.append(key)
    return best[0] if len(best) == 1 else best[rand.randrange(len(best))]


def spend(sim: Sim, rand: random.Random) -> tuple[int, ...] | None:
    """basic's move for the seat on turn in ``sim``: a ``Sim`` move, or None for Negotiate."""
    seat = sim.turn
    sizes = tuple(h[0] + h[1] + h[2] for h in sim.hands)
    key = _best(infer.spend_options(board(sim), seat, sizes, sim.streak), sim.hands[seat], rand)
    return None if key == (3,) else key


def top(sim: Sim, k: int, rand: random.Random) -> list[tuple[int, ...]]:
    """basic's ``k`` best moves for the seat on turn, best first, as move keys ((3,) is Negotiate)."""
    seat = sim.turn
    sizes = tuple(h[0] + h[1] + h[2] for h in sim.hands)
    h0, h1, h2 = hand = sim.hands[seat]
    scored = []
    for colour, key, a0, a1, a2, b in infer.spend_options(board(sim), seat, sizes, sim.streak):
        if colour < 0 or hand[colour]:
            scored.append((a0 * h0 + a1 * h1 + a2 * h2 + b + rand.random() * 1e-9, key))
    scored.sort(reverse=True)
    return [key for _, key in scored[:k]]


def give_back(sim: Sim, rand: random.Random) -> int:
    """The colour basic returns after its draw (the drawn stone already in the hand of the seat on turn)."""
    seat = sim.turn
    sizes = tuple(h[0] + h[1] + h[2] - (s == seat) for s, h in enumerate(sim.hands))
    return _best(infer.return_options(board(sim), seat, sizes, sim.streak), sim.hands[seat], rand)[1]


def turn(sim: Sim, rand: random.Random) -> None:
    """One whole turn of basic for the seat on turn."""
    move = spend(sim, rand)
    if move is None:
        sim.draw(rand)
        sim.play((3, give_back(sim, rand)))
    else:
        sim.play(move)
