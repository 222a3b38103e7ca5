"""Turncoats: every number of our edition (shared/rules/turncoats-edition.md), in one place."""

from __future__ import annotations

from games.turncoats.state import Colour

COLOURS: tuple[Colour, ...] = ("red", "blue", "black")
STONES_PER_COLOUR = 21  # 63 stones in all
HAND_SIZE = 8  # at every player count
SETUP_PER_AREA = 2
AREAS = 11  # numbered 0..10; the axe and the flag are not areas
MIN_PLAYERS, MAX_PLAYERS = 2, 5

# Adjacency: 17 edges, both ways. Rebuilt from images of the map; kept here so a correction is a data change.
EDGES = [
    (0, 1), (0, 2), (0, 4), (1, 3), (1, 4), (2, 4), (3, 5), (4, 6), (5, 7), (5, 8),
    (6, 7), (6, 9), (7, 8), (7, 9), (7, 10), (8, 10), (9, 10),
]
HOMELANDS: dict[Colour, int] = {"black": 2, "red": 3, "blue": 9}

# Axial hex coordinates (q, r) of each area's centre, for drawing; (0, 0) is the hole in the middle of the map.
HEX = [(1, -2), (0, -1), (2, -2), (-1, 0), (1, -1), (-1, 1), (1, 0), (0, 1), (-1, 2), (1, 1), (0, 2)]
HOLE = (0, 0)


def neighbours() -> list[list[int]]:
    out: list[list[int]] = [[] for _ in range(AREAS)]
    for a, b in EDGES:
        out[a].append(b)
        out[b].append(a)
    return [sorted(n) for n in out]


ADJACENT = neighbours()
