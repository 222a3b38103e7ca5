"""The two figures every strength benchmark reports: a rate's Wilson interval and the paired sign test."""

from __future__ import annotations

import math


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a rate (a draw may count half a win), sound near 0 % and 100 % where the normal
    one collapses; (0, 1) before any game."""
    if not games:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def sign_test(a: int, b: int) -> float:
    """Exact two-sided sign test of ``a`` seeds won by one side only against ``b`` won by the other only: the chance
    of a split at least this uneven if each were a fair coin (McNemar's test on paired games)."""
    n, low = a + b, min(a, b)
    if n == 0:
        return 1.0
    tail: float = sum(math.comb(n, k) for k in range(low + 1)) / 2**n
    return min(1.0, 2.0 * tail)
