"""The Red Scare Redux state, key by key (types only: the plain JSON-friendly dict ``setup.setup`` builds).

Every physical card is a copy with an integer id, an index into ``cards``; zones hold ids. Ids never reach a view
(edition ruling 11): views name cards.
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict

from games.protocol import Seat
from games.state import GameState

Back = Literal["objective", "omega", "delta"]


class Card(TypedDict):
    name: str
    back: Back


# One placement on a partial: a single card (``cards`` of one id) or a pair of Agents standing in for one. ``as``:
# the class a pair or Double Agent stands for, the type Forged Papers stands for, else None. ("as" is a keyword.)
Placed = TypedDict("Placed", {"cards": list[int], "as": str | None})


class Partial(TypedDict):
    id: str  # "p<n>", public
    team: int
    objective: int  # the Objective's copy id
    placed: list[Placed]


class Completed(TypedDict):
    objective: int
    placed: list[Placed]
    order: int  # the completion's number in the game (1, 2, ...): the tie-break's recency


class Decks(TypedDict):
    objective: list[int]  # top first
    omega: list[int]
    delta: list[int]


class RedScareState(GameState):
    layout: str
    teams: list[list[Seat]]  # by team in team order; seats in player-number order
    team_of: list[int]  # by seat
    hand_limits: list[int]  # by seat
    order: list[Seat]  # the cycle of turns
    turn_index: int
    actions_left: int
    first_action: bool
    cards: list[Card]  # by copy id; never changes
    decks: Decks
    hands: list[list[int]]  # by seat
    discard: list[int]  # oldest first
    partials: list[Partial]
    next_partial: int
    completed: list[list[Completed]]  # by team
    completions: int  # completions so far in the game
    step: dict[str, Any] | None  # a pending step for one seat (see README)
    window: dict[str, Any] | None  # an open response window, as every viewer sees it
    pending: dict[str, Any] | None  # what the open window holds up (copy ids: never in a view)
    continued: list[Seat]  # who has continued in the open quick window (not shown)
    window_mode: Literal["quick", "fixed"]
    window_s: int
    window_count: int  # windows opened so far: the window key
    last_turn: bool  # the last Resource card is drawn: this turn is the last
    progress: bool  # something counting as progress happened this turn (ruling 14)
    quiet_turns: int
    over: bool
    reason: str | None
