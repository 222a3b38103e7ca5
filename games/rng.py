"""A small seeded random source whose whole state is one JSON-friendly integer.

Engines keep it in their state (``state["rng"]``) so that the same seed and the same actions always give the same
game, and so a finished table can be replayed from its revealed seed. SplitMix64 is tiny, fast and good enough for
shuffling cards; it is not used for anything secret (the seed itself comes from ``secrets``).
"""

from __future__ import annotations

import hashlib
from typing import TypeVar

from games.state import RngState

T = TypeVar("T")
_MASK = (1 << 64) - 1


def seed_from_text(seed: str) -> int:
    """Turn the table's published seed string into the engine's 64-bit starting state."""
    return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big")


def _next(state: RngState) -> int:
    x = (state["rng"] + 0x9E3779B97F4A7C15) & _MASK
    state["rng"] = x
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def randbelow(state: RngState, n: int) -> int:
    """A uniform integer in [0, n), by rejection so that no value is favoured."""
    if n <= 0:
        raise ValueError("randbelow needs a positive bound")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = _next(state)
        if x < limit:
            return x % n


def shuffle(state: RngState, items: list[T]) -> None:
    """Fisher-Yates shuffle in place."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(state: RngState, items: list[T]) -> T:
    return items[randbelow(state, len(items))]
