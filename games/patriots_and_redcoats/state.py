"""The Patriots & Redcoats state, key by key (types only: the state is the same JSON-friendly dict ``rules.setup``
builds).

Cards are ids (``data``: "loyalty-07", "spycraft-12", "war-03"); their kinds are looked up, never stored beside them.
Play is a stack of frames (``Frame``: one TypedDict per ``kind``) under a stack of response windows (``OpenWindow``).
"""

from __future__ import annotations

from typing import Final, Literal, NotRequired, TypedDict

from games.protocol import Seat
from games.state import GameState

CardId = str  # a card's id: only ever inside the state, never in a view, log line or legal list
LoyaltyKind = str  # data.PATRIOT, data.REDCOAT, data.TURNCOAT, a Spy or a Leader
Team = Literal["patriots", "redcoats"]  # also a War card's side
Phase = Literal["setup", "spycraft", "council", "over"]
WindowMode = Literal["quick", "fixed"]


class TableOptions(TypedDict):
    """The table options (``Options``), as setup copied them."""

    window_mode: WindowMode
    response_window_s: int
    assassination_window_s: int


class HandCard(TypedDict):
    """A Loyalty card in front of a player; its slot is its place in the hand."""

    id: CardId
    up: bool


class EyeCard(TypedDict):
    """A Spy card lying in front of a player, with the eyes it shows now (a 2-eye card may be turned to 1)."""

    id: CardId
    eyes: int


class ReverseCard(TypedDict):
    """A Reverse card set aside until the end of the round, beside the player who drew it."""

    id: CardId
    seat: Seat


class Pile(TypedDict):
    deck: list[CardId]  # drawn from the end
    discard: list[CardId]


class Walk(TypedDict):
    """The turn walk of the Spycraft Phase (edition, Turn walk)."""

    anchor: Seat  # the Commander the phase started from: reaching it again ends the phase
    dir: int  # 1 clockwise, -1 counter-clockwise
    skips: int  # turns still to skip
    last: Seat | None  # whose turn came last (None: nobody's yet)


class CouncilRecord(TypedDict):
    """One War Council in the public history (``state["councils"]``)."""

    round: int
    hessians: bool
    commander: Seat
    agent: Seat | None
    votes: list[bool | None] | None  # by seat once every vote is in (None: that seat did not vote); None: no vote
    outcome: Literal["elected", "failed", "broken", "placed", "discarded"]
    placed: Team | None  # the side of the War card placed


class Outcome(TypedDict):
    winning_team: Team | None  # None: a draw
    reason: str


# ----------------------------------------------------------------------------- frames


class RoundFrame(TypedDict):
    """The bottom of the stack: the round (the Spycraft Phase's turns, then the Council Phase)."""

    kind: Literal["round"]
    step: Literal["setup", "spycraft", "end"]


class TurnFrame(TypedDict):
    kind: Literal["turn"]
    seat: Seat
    step: Literal["draw", "done"]


class ConfirmFrame(TypedDict):
    """The secret loyalty confirmation: ``choices`` by seat, None until it starts."""

    kind: Literal["confirm"]
    choices: list[Team | None] | None
    step_id: NotRequired[int]  # set when it starts (``core.new_step``)


class SpyFrame(TypedDict):
    """A Spy card drawn: announced to one player (``to``), then window (a), then the eyes."""

    kind: Literal["spy"]
    card: CardId
    drawer: Seat
    step: Literal["start", "announce", "window"]
    to: NotRequired[Seat]  # set once announced


class ConcealFrame(TypedDict):
    """A Conceal card drawn: its feathers split among players (``to``: one seat per feather), then window (a)."""

    kind: Literal["conceal"]
    card: CardId
    drawer: Seat
    step: Literal["start", "announce", "window"]
    to: NotRequired[list[Seat]]  # set once announced


class SkipFrame(TypedDict):
    """Skip Next Turn; Major Ferguson's drawer then names a player to reveal a card."""

    kind: Literal["skip"]
    card: CardId
    drawer: Seat
    step: Literal["start", "ferguson"]


class ReverseFrame(TypedDict):
    kind: Literal["reverse"]
    card: CardId
    drawer: Seat
    step: Literal["start"]


class Draw2Frame(TypedDict):
    """Draw 2 Cards (or Hessians): the two drawn cards wait in ``queue`` and are resolved in the chosen order."""

    kind: Literal["draw2"]
    card: CardId
    drawer: Seat
    step: Literal["start", "order", "resolve", "hessians"]
    queue: list[CardId]


class RevealFrame(TypedDict):
    """A reveal owed: three eyes (``eyes``), or named by Major Ferguson."""

    kind: Literal["reveal"]
    seat: Seat
    eyes: bool
    why: str  # "eyes" or data.MAJOR_FERGUSON


class FlipFrame(TypedDict):
    """Hessians: a player flips a face-up card face down."""

    kind: Literal["flip"]
    seat: Seat


class WinterFrame(TypedDict):
    """Winter is Coming: the War cards (``war``, secret to the drawer), then the flips and picks by seat (a slot; -1:
    nothing to flip), then a confirmation and the Leader checks."""

    kind: Literal["winter"]
    card: CardId
    drawer: Seat
    step: Literal["war", "flip", "select", "check"]
    war: list[CardId]
    flips: list[int | None] | None
    picks: list[int | None] | None
    step_id: NotRequired[int]  # set when the flips and again when the picks start (``core.new_step``)


class CouncilFrame(TypedDict):
    """A War Council: nomination, the vote (``votes`` by seat), the Commander's and Agent's secret War cards
    (``hand``), the placed card's window."""

    kind: Literal["council"]
    hessians: bool
    commander: Seat
    agent: Seat | None
    step: Literal["nominate", "vote", "discard", "place", "window"]
    votes: list[bool | None] | None
    hand: list[CardId]
    placed: CardId | None
    record: NotRequired[int]  # its index in ``state["councils"]``, once it has one


# The Spycraft cards' own frames, opened by ``spycraft.start_card`` (Winter's too: see ``WinterFrame``).
CardFrame = SpyFrame | ConcealFrame | SkipFrame | ReverseFrame | Draw2Frame
# The kinds of frame that hold a drawn Spycraft card (``card``, drawn by ``drawer``): ``frame["kind"] in`` it narrows.
SPYCRAFT_FRAMES: Final = ("spy", "conceal", "skip", "reverse", "draw2", "winter")
Frame = (RoundFrame | TurnFrame | ConfirmFrame | CardFrame | RevealFrame | FlipFrame | WinterFrame | CouncilFrame)
FrameKind = Literal["round", "turn", "confirm", "spy", "conceal", "skip", "reverse", "draw2", "reveal", "flip",
                    "winter", "council"]

# ----------------------------------------------------------------------------- response windows


class ResponseWindow(TypedDict):
    """Window (a) after a Spy or Conceal card is given (``give``) or (b) after an Agent places a War card (``agent``);
    ``seat``: who gave or placed."""

    kind: Literal["give", "agent"]
    serial: int  # its key's number: a fresh one whenever it opens or reopens
    waiting: list[Seat]  # who still owes a continue (quick mode)
    seat: Seat


class AssassinationWindow(TypedDict):
    """Window (c) after an assassination is declared."""

    kind: Literal["assassination"]
    serial: int
    waiting: list[Seat]
    assassin: Seat
    target: Seat
    protected: bool  # the assassin revealed a Turncoat with the declaration
    countered: bool  # the target revealed a Turncoat against it
    cancelled: bool  # the assassin was eliminated first


OpenWindow = ResponseWindow | AssassinationWindow  # (not protocol.Window, which is a window's deadline)


# ----------------------------------------------------------------------------- the whole state


class PatriotsState(GameState):
    options: TableOptions
    hands: list[list[HandCard]]  # by seat: three Loyalty cards each
    dealt: list[list[CardId]]  # by seat: the cards as dealt (resample keeps the deal's shape)
    box: list[CardId]  # Loyalty cards never dealt
    touched: list[CardId]  # Loyalty cards ever revealed or passed: someone may know where they are
    alive: list[bool]
    team: list[Team | None]  # by seat: None until the first confirmation
    team_before: list[Team | None]  # the teams when the current (or last) Winter began
    choice: list[Team | None]  # a rule-3 player's Turncoat count, as last confirmed
    leader_held: list[LoyaltyKind | None]  # the most recent Leader held (rule 2: it sticks)
    received_leader: list[bool]  # ever received a Leader in a Winter pass
    eyes: list[list[EyeCard]]  # by seat
    spycraft: Pile
    war: Pile
    track: dict[Team, list[CardId]]  # the War Victories on the track, both teams always present
    marker: int  # the War marker, 0..2: failed elections since it last reached 3 (rulebook: only then reset)
    reverse: list[ReverseCard]
    commander: Seat
    round: int
    phase: Phase
    walk: Walk
    stack: list[Frame]  # the top frame is the one being played
    windows: list[OpenWindow]  # open response windows; only the top one can close
    serial: int  # the last window serial given out
    steps: int  # the last secret step number given out (``core.new_step``)
    councils: list[CouncilRecord]
    outcome: Outcome | None
