"""A judge for Turncoats positions with every hand known, fitted on self-play: the ``hard`` bot's playouts end here.

basic's hand value (``Sim.judge``) says how good a hand is on average over the colours' chances; what decides a
game of Turncoats is sharper than that: the game ends when a round of Negotiates completes, so who would win if it
ended now, whether the seat on turn can end it, and how many stones each seat has left to change the map matter as
much. ``features`` reads those from one seat's side; ``judge`` weighs them by a logistic model per player count, fitted
by ``bench/turncoats_value.py`` on games of ``basic`` against itself (seeds and method there). The weights are plain
numbers in ``weights.py``: nothing is loaded at run time.
"""

from __future__ import annotations

import math

from games.turncoats.bots.fast import Sim
from games.turncoats.bots.weights import WEIGHTS

NAMES = (
    "bias", "basic", "expected", "now", "now_late", "ends_mine", "ends_theirs", "colour_lead", "area_lead",
    "hand_lead", "progress", "my_turn_late",
)


def features(sim: Sim, seat: int) -> list[float]:
    """What the model reads of ``sim`` from ``seat``'s side (``NAMES`` order); ``sim`` must not be over."""
    players = sim.players
    strength, ruled = sim.strengths()
    opener = (sim.turn - sim.streak) % players  # if this streak of Negotiates completes, its tie-break starts here
    leader = sim.winning_colour(ruled)
    now = sim.crowned(leader, opener)  # the winner if the game ended now
    expected = 0.0
    top = max(strength)
    weights = [math.exp(1.5 * (s - top)) for s in strength]
    norm = sum(weights)
    for colour in (0, 1, 2):
        if sim.crowned(colour, opener) == seat:
            expected += weights[colour] / norm
    late = sim.streak / players
    last = sim.streak == players - 1  # the seat on turn can end the game with a Negotiate
    mine = sim.hands[seat]
    held = [h[0] + h[1] + h[2] for h in sim.hands]
    others = [h for s, h in enumerate(held) if s != seat]
    colour_lead = 0.0
    area_lead = 0.0
    if leader >= 0:
        rival = max(sim.hands[s][leader] for s in range(players) if s != seat)
        colour_lead = (mine[leader] - rival) / 4.0
        second = max(ruled[c] for c in (0, 1, 2) if c != leader)
        area_lead = (ruled[leader] - second) / 3.0 * (1.0 if now == seat else -1.0)
    return [
        1.0,
        _basic_logit(sim, seat),
        expected,
        1.0 if now == seat else 0.0,
        late * (1.0 if now == seat else -1.0),
        1.0 if last and now == seat and sim.turn == seat else 0.0,
        1.0 if last and now == sim.turn != seat else 0.0,
        colour_lead,
        area_lead,
        (held[seat] - max(others)) / 4.0,
        1.0 - sum(held) / (8.0 * players),
        late if sim.turn == seat else 0.0,
    ]


def _basic_logit(sim: Sim, seat: int) -> float:
    """basic's hand value with every hand known, in the units of ``Sim.judge``'s logistic (clipped)."""
    p = min(max(sim.judge(seat), 1e-6), 1 - 1e-6)
    return max(-6.0, min(6.0, math.log(p / (1 - p))))


def judge(sim: Sim, seat: int) -> float:
    """``seat``'s chance to win: exact once over; else the fitted model for this player count."""
    if sim.over:
        return 1.0 if sim.winner() == seat else 0.0
    weights = WEIGHTS[min(max(sim.players, min(WEIGHTS)), max(WEIGHTS))]
    z = sum(w * x for w, x in zip(weights, features(sim, seat), strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
