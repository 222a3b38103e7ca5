"""Turncoats' ``basic`` level: it decides from its own seat's view and legal list only.

It looks one action ahead: it scores the map each legal action would leave against the hand it would keep.
The score is what the player wants at the end: many stones of the colour that rules most areas, few of the others.
Opponents' hands are unknown, so they are estimated from the stones not on the board and not in its own hand.
"""

from __future__ import annotations

import math
import random

from games.turncoats.data import COLOURS, STONES_PER_COLOUR
from games.turncoats.state import Colour, Counts, SeatView, TurncoatsAction


def _narrow(tied: list[Colour], key: Counts) -> list[Colour]:
    best = max(key[c] for c in tied)
    return [c for c in tied if key[c] == best]


def _ruler(stones: Counts, axe: Counts, flag: Counts) -> Colour | None:
    if not any(stones.values()):
        return None
    tied = _narrow(list(COLOURS), stones)
    for key in (axe, flag):
        if len(tied) > 1:
            tied = _narrow(tied, key)
    return tied[0] if len(tied) == 1 else None


class Position:
    """The part of the game a seat can see, cheap to copy and change."""

    def __init__(self, view: SeatView) -> None:
        self.areas = [dict(a["stones"]) for a in view["areas"]]
        self.axe = dict(view["axe"])
        self.flag = dict(view["flag"])
        self.hand = dict(view["hand"])
        self.opponents = [h["count"] for h in view["hands"] if h["seat"] != view["you"]]
        self.players = view["players"]
        self.streak = view["streak"]

    def copy(self) -> Position:
        new = object.__new__(Position)
        new.areas = [dict(a) for a in self.areas]
        new.axe, new.flag, new.hand = dict(self.axe), dict(self.flag), dict(self.hand)
        new.opponents, new.players, new.streak = self.opponents, self.players, self.streak
        return new

    def play(self, action: TurncoatsAction) -> None:
        if action["type"] == "negotiate":
            return
        if action["type"] == "return":
            self.hand[action["colour"]] -= 1
            return
        colour = action["colour"]
        self.hand[colour] -= 1
        if action["type"] == "recruit":
            self.areas[action["area"]][colour] += 1
        elif action["type"] == "battle":
            self.axe[colour] += 1
            for victim, n in action["victims"].items():
                self.areas[action["area"]][victim] -= n
        elif action["type"] == "march":
            self.flag[colour] += 1
            self.areas[action["from"]][colour] -= action["count"]
            self.areas[action["to"]][colour] += action["count"]

    def strengths(self) -> dict[Colour, float]:
        """Areas ruled per colour, plus a little for areas a colour is close to taking."""
        out = {c: 0.0 for c in COLOURS}
        for stones in self.areas:
            owner = _ruler(stones, self.axe, self.flag)
            if owner is not None:
                out[owner] += 1.0
            top = max(stones.values())
            for c in COLOURS:
                if c != owner and top > 0 and stones[c] >= top - 1:
                    out[c] += 0.3
        for c in COLOURS:
            out[c] += 0.05 * self.axe[c] + 0.02 * self.flag[c]
        return out

    def hand_value(self, chances: dict[Colour, float]) -> float:
        """Expected standing given each colour's chance to win: my stones of it against an average opponent's."""
        unseen = {c: STONES_PER_COLOUR - sum(a[c] for a in self.areas) - self.axe[c] - self.flag[c] - self.hand[c]
                  for c in COLOURS}
        pool = max(1, sum(unseen.values()))
        biggest = max(self.opponents, default=0)
        mine_total = sum(self.hand.values())
        value = 0.0
        for c in COLOURS:
            rival = biggest * unseen[c] / pool * (1.0 + 0.25 * (len(self.opponents) - 1))
            others_mine = mine_total - self.hand[c]
            others_rival = biggest - biggest * unseen[c] / pool
            value += chances[c] * (10 * (self.hand[c] - rival) - (others_mine - others_rival))
        return value

    def score(self, final: bool) -> float:
        strengths = self.strengths()
        if final:
            ruled = {c: 0 for c in COLOURS}
            for stones in self.areas:
                owner = _ruler(stones, self.axe, self.flag)
                if owner:
                    ruled[owner] += 1
            tied = _narrow(list(COLOURS), ruled)
            for key in (self.axe, self.flag):
                if len(tied) > 1:
                    tied = _narrow(tied, key)
            if len(tied) == 1:
                chances = {c: 1.0 if c == tied[0] else 0.0 for c in COLOURS}
            else:
                return -2.0 * sum(self.hand.values())  # no colour wins: fewest stones wins
        else:
            scale = max(strengths.values())
            weights = {c: math.exp(1.5 * (strengths[c] - scale)) for c in COLOURS}
            norm = sum(weights.values())
            chances = {c: w / norm for c, w in weights.items()}
        return self.hand_value(chances)


def basic_bot(view: SeatView, legal: list[TurncoatsAction], rand: random.Random) -> TurncoatsAction:
    here = Position(view)
    if legal[0]["type"] == "return":
        # Keep the hand that scores best on the map as it stands.
        options = []
        for action in legal:
            after = here.copy()
            after.play(action)
            options.append((after.score(final=here.streak + 1 >= here.players), rand.random(), action))
        return max(options, key=lambda o: (o[0], o[1]))[2]
    best: tuple[float, float, TurncoatsAction] | None = None
    for action in legal:
        after = here.copy()
        after.play(action)
        if action["type"] == "negotiate":
            ends = here.streak + 1 >= here.players
            # Negotiating keeps the hand and swaps a stone for a likely better one; it may end the game.
            value = after.score(final=ends) + (0.0 if ends else 0.8)
        else:
            value = after.score(final=False)
        candidate = (value, rand.random(), action)
        if best is None or candidate[:2] > best[:2]:
            best = candidate
    assert best is not None
    return best[2]
