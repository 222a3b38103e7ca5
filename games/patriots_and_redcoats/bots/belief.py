"""The hard seat's belief: for every seat, how likely it is on my team and how likely it holds either Leader.

The search needs only a few worlds, but shares read off 16 worlds are noisy: with nothing known yet, a seat that 6 of
16 worlds happen to make the enemy Leader looks three times likelier than the rest. So the belief is read from many
more deals than the search plays. They are weighed by the sampler (``sampler.weighed_deals``, the same draw and the
same reading of the public history that ``resample`` uses) on one of the worlds the seat was handed: a world agrees
with the seat's view in everything the sampler reads (the seat's own cards, the face-up ones, the counts, the log the
seat can read), so the deals drawn on it are those the true state would give, and the bot never touches more than its
worlds.

``resample`` keeps one deal of every ``sampler.CANDIDATES`` by its weight. Read group by group with the weights in
full instead of one kept deal (the expectation of that choice, not a draw of it), the deals give the shares the
worlds would give on average, without the noise of a few draws.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from games.patriots_and_redcoats.data import LEADERS
from games.patriots_and_redcoats.sampler import CANDIDATES, weighed_deals
from games.patriots_and_redcoats.state import PatriotsState, Team
from games.protocol import Seat

MEASURED = 16 * CANDIDATES  # deals weighed per belief: as many groups as the search has worlds
# Off (the hard bot reads its worlds' own counts): at 6 players, 71 games paired on seeds 5000-5070 did not show the
# deals' belief better (-0.085 seat-games a game, SE 0.125; bench/notes/2026-12-07-pr-beliefs.md). MEASURED: on.
DEALS = 0
# Deals normalised together: ``CANDIDATES`` gives what ``resample``'s worlds give on average; ``MEASURED`` would be the
# posterior the weights give in full (sharper than the worlds the search plays in).
GROUP = CANDIDATES


@dataclass
class Shares:
    ally: list[float]  # on my team
    my_leader: list[float]  # holds my team's Leader
    enemy_leader: list[float]  # holds the other team's Leader


def shares(world: PatriotsState, me: Seat, team: Team, rand: random.Random, deals: int = MEASURED,
           group: int = GROUP) -> Shares:
    """The shares from ``deals`` deals of the Loyalty cards ``me`` cannot see, drawn and weighed on ``world``."""
    n = world["players"]
    out = Shares([0.0] * n, [0.0] * n, [0.0] * n)
    drawn = weighed_deals(world, me, rand, deals)
    groups = [drawn[i:i + group] for i in range(0, len(drawn), group)]
    for chunk in groups:
        top = max(d.weight for d in chunk)
        odds = [math.exp(d.weight - top) for d in chunk]
        total = sum(odds) * len(groups)
        for d, odd in zip(chunk, odds, strict=True):
            share = odd / total
            for seat, side in enumerate(d.teams):
                if side == team:
                    out.ally[seat] += share
            for leader, seat in d.leaders.items():
                (out.my_leader if LEADERS[leader] == team else out.enemy_leader)[seat] += share
    return out
