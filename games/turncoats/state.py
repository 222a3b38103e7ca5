"""The Turncoats state, key by key (types only: the state is the same JSON-friendly dict ``rules.setup`` builds).

Stones of one colour are interchangeable, so every zone is a ``Counts``: a count for each of the three colours
(always all three keys, in ``data.COLOURS`` order).
"""

from __future__ import annotations

from typing import Literal, TypedDict

from games.protocol import Seat
from games.state import GameState

Colour = Literal["red", "blue", "black"]
Counts = dict[Colour, int]


class LastDraw(TypedDict):
    """A Negotiate half done: the stone is drawn, one is still to be returned."""

    type: Literal["draw"]
    seat: Seat


class LastNegotiate(TypedDict):
    type: Literal["negotiate"]
    seat: Seat
    colour: Colour  # the stone returned to the bag


class LastRecruit(TypedDict):
    type: Literal["recruit"]
    seat: Seat
    colour: Colour
    area: int


class LastBattle(TypedDict):
    type: Literal["battle"]
    seat: Seat
    colour: Colour
    area: int
    victims: Counts  # the two other colours: how many of each were killed


# "from" is a keyword, so this one is declared by call.
LastMarch = TypedDict("LastMarch", {
    "type": Literal["march"], "seat": Seat, "colour": Colour, "from": int, "to": int, "count": int,
})

Last = LastDraw | LastNegotiate | LastRecruit | LastBattle | LastMarch


class TurncoatsState(GameState):
    bag: Counts  # secret from everyone: only its size is shown
    areas: list[Counts]  # by area number, 0..10
    hands: list[Counts]  # by seat
    axe: Counts
    flag: Counts
    turn: Seat  # whose turn it is (once over: the final negotiator's, never passed on)
    first: Seat
    streak: int  # consecutive completed Negotiates; the game ends when it reaches the number of players
    drawn: Colour | None  # the stone drawn by a Negotiate not yet completed (secret to the drawer)
    last: Last | None  # the last action, as everyone saw it
    over: bool
    final_negotiator: Seat | None  # who completed the last Negotiate, once the game is over
    setup_bag: int  # stones left in the bag after setup (kept for the record; nothing reads it)
