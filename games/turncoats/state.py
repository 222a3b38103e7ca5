"""The Turncoats state, key by key, and the shapes of its views and actions (types only: the state is the same
JSON-friendly dict ``setup.setup`` builds, a view the dict ``view.view`` builds, an action an entry of ``rules.legal``).

Stones of one colour are interchangeable, so every zone is a ``Counts``: a count for each of the three colours
(always all three keys, in ``data.COLOURS`` order). README.md is the contract these types spell out.
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


# ----------------------------------------------------------------------------- actions (what ``rules.legal`` lists)


class Recruit(TypedDict):
    type: Literal["recruit"]
    colour: Colour
    area: int


class Battle(TypedDict):
    type: Literal["battle"]
    colour: Colour  # the axe colour
    area: int
    victims: Counts  # the two other colours: how many of each die


March = TypedDict("March", {"type": Literal["march"], "colour": Colour, "from": int, "to": int, "count": int})


class Negotiate(TypedDict):
    type: Literal["negotiate"]


class Return(TypedDict):
    """The second half of a Negotiate: one stone from hand back to the bag."""

    type: Literal["return"]
    colour: Colour


TurncoatsAction = Recruit | Battle | March | Negotiate | Return


# ----------------------------------------------------------------------------- views (what ``view.view`` returns)


class AreaView(TypedDict):
    area: int
    stones: Counts
    homeland: Colour | None
    ruler: Colour | None
    hex: list[int]  # axial (q, r) of the area's centre, for drawing
    adjacent: list[int]


class HandView(TypedDict):
    seat: Seat
    count: int
    stones: Counts | None  # every hand once the game is over, else None


class PublicView(TypedDict):
    """The keys every viewer gets alike."""

    players: int
    turn: Seat | None  # None once over
    first: Seat
    streak: int
    negotiating: bool  # a Negotiate's stone is drawn and one is still to be returned
    areas: list[AreaView]
    hole: list[int]
    axe: Counts
    flag: Counts
    bag: int  # its size only
    hands: list[HandView]
    ruled: Counts
    leader: Colour | None  # the colour that would win now
    last: Last | None
    colours: list[Colour]
    over: bool


class SpectatorView(PublicView):
    you: None
    hand: None
    drawn: None


class SeatView(PublicView):
    """A seated player's view: their own hand, and the stone they have just drawn while negotiating."""

    you: Seat
    hand: Counts
    drawn: Colour | None


TurncoatsView = SeatView | SpectatorView
