"""The Patriots & Redcoats state key by key, and the shapes of its actions and views (types only: the state is the
JSON-friendly dict ``setup.setup`` builds, an action an entry of ``rules.legal``, a view what ``view.view`` returns).

Cards are ids (``data``: "loyalty-07", "spycraft-12", "war-03"); their kinds are looked up, never stored beside them.
Play is a stack of frames (``Frame``: one TypedDict per ``kind``) under a stack of response windows (``OpenWindow``).
README.md is the contract the action and view types spell out.
"""

# ruff: noqa: UP013  -- the many small action and view shapes read best as a table, one declaration a line

from __future__ import annotations

from typing import Final, Literal, NotRequired, TypedDict

from games.protocol import Seat
from games.state import GameState
from games.turns import Mode, Response

CardId = str  # a card's id: only ever inside the state, never in a view, log line or legal list
LoyaltyKind = str  # data.PATRIOT, data.REDCOAT, data.TURNCOAT, a Spy or a Leader
Team = Literal["patriots", "redcoats"]  # also a War card's side
Phase = Literal["setup", "spycraft", "council", "over"]
WindowMode = Mode
SpycraftKind = Literal["spy", "conceal", "skip", "reverse", "draw2", "winter"]


class SpycraftCard(TypedDict):
    """A Spycraft card as printed (``data.SPYCRAFT``): every one is shown when drawn."""

    kind: SpycraftKind
    eyes: NotRequired[int]  # Spy
    feathers: NotRequired[int]  # Conceal
    name: NotRequired[str]  # the two named cards


class TableOptions(TypedDict):
    """The table options (``Options``), as setup copied them."""

    window_mode: WindowMode
    response_window_s: int
    assassination_window_s: int


# A Loyalty card in front of a player (its slot is its place in the hand); a Spy card lying in front of a player, with
# the eyes it shows now (a 2-eye card may be turned to 1); a Reverse card set aside until the end of the round, beside
# the player who drew it.
HandCard = TypedDict("HandCard", {"id": CardId, "up": bool})
EyeCard = TypedDict("EyeCard", {"id": CardId, "eyes": int})
ReverseCard = TypedDict("ReverseCard", {"id": CardId, "seat": Seat})
Pile = TypedDict("Pile", {"deck": list[CardId], "discard": list[CardId]})  # a deck is drawn from its end


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


Outcome = TypedDict("Outcome", {"winning_team": Team | None, "reason": str})  # winning_team None: a draw


# ----------------------------------------------------------------------------- frames


class RoundFrame(TypedDict):
    """The bottom of the stack: the round (the Spycraft Phase's turns, then the Council Phase)."""

    kind: Literal["round"]
    step: Literal["setup", "spycraft", "end"]


TurnFrame = TypedDict("TurnFrame", {"kind": Literal["turn"], "seat": Seat, "step": Literal["draw", "done"]})


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


ReverseFrame = TypedDict("ReverseFrame", {"kind": Literal["reverse"], "card": CardId, "drawer": Seat,
                                          "step": Literal["start"]})


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


FlipFrame = TypedDict("FlipFrame", {"kind": Literal["flip"], "seat": Seat})  # Hessians: a face-up card goes face down


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


class ResponseWindow(Response):
    """Window (a) after a Spy or Conceal card is given (``give``) or (b) after an Agent places a War card (``agent``);
    ``seat``: who gave or placed. ``serial`` and ``waiting`` (who still owes a continue) are ``games.turns``'s."""

    kind: Literal["give", "agent"]
    seat: Seat


class AssassinationWindow(Response):
    """Window (c) after an assassination is declared."""

    kind: Literal["assassination"]
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
    dealt: list[list[CardId]]  # by seat: the cards as dealt (a world redrawn by resample holds its own hands here)
    box: list[CardId]  # Loyalty cards never dealt
    touched: list[CardId]  # Loyalty cards ever revealed or passed (kept for the record; resample no longer reads it)
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


# ----------------------------------------------------------------------------- actions (what ``rules.legal`` lists)

# Slots index a player's three Loyalty cards; ``card`` indexes the War cards a step shows (``your_war_cards``).
Confirm = TypedDict("Confirm", {"type": Literal["confirm"], "team": Team})
Spy = TypedDict("Spy", {"type": Literal["spy"], "to": Seat | None})  # None: discard it with no effect
Conceal = TypedDict("Conceal", {"type": Literal["conceal"], "to": list[Seat]})  # a seat per feather; []: discard
Reveal = TypedDict("Reveal", {"type": Literal["reveal"], "slot": int})
Flip = TypedDict("Flip", {"type": Literal["flip"], "slot": int | None})  # None: Winter, nothing face up to flip
Ferguson = TypedDict("Ferguson", {"type": Literal["ferguson"], "target": Seat | None})
Order = TypedDict("Order", {"type": Literal["order"], "first": Literal[0, 1]})
HessiansPlain = TypedDict("HessiansPlain", {"type": Literal["hessians"], "option": Literal["none", "council"]})
HessiansFlip = TypedDict("HessiansFlip", {"type": Literal["hessians"], "option": Literal["flip"], "target": Seat})
WinterReveal = TypedDict("WinterReveal", {"type": Literal["winter_reveal"], "card": int})
Pass = TypedDict("Pass", {"type": Literal["pass"], "slot": int})
Nominate = TypedDict("Nominate", {"type": Literal["nominate"], "agent": Seat})
Vote = TypedDict("Vote", {"type": Literal["vote"], "yes": bool})
Discard = TypedDict("Discard", {"type": Literal["discard"], "card": int})
Place = TypedDict("Place", {"type": Literal["place"], "card": int})
Assassinate = TypedDict("Assassinate", {"type": Literal["assassinate"], "target": Seat, "turncoat": bool})
Turncoat = TypedDict("Turncoat", {"type": Literal["turncoat"]})
Continue = TypedDict("Continue", {"type": Literal["continue"]})

Hessians = HessiansPlain | HessiansFlip
CouncilAction = Nominate | Vote | Discard | Place
WinterAction = WinterReveal | Flip | Pass
PatriotsAction = (Confirm | Spy | Conceal | Reveal | Flip | Ferguson | Order | Hessians | WinterReveal | Pass
                  | CouncilAction | Assassinate | Turncoat | Continue)

# ----------------------------------------------------------------------------- views (what ``view.view`` returns)


class SpycraftCardView(SpycraftCard):
    title: str


CardView = TypedDict("CardView", {"kind": LoyaltyKind, "face_up": bool})
YourCard = TypedDict("YourCard", {"slot": int, "kind": LoyaltyKind, "face_up": bool})


class SeatSummary(TypedDict):
    """One entry of ``view["seats"]``: what everyone sees of a player (``cards`` and ``team`` once over)."""

    seat: Seat
    alive: bool
    face_up: list[LoyaltyKind]  # sorted
    face_down: int  # a bare count: no slot, order or id
    eyes: list[int]
    eye_total: int
    reverse: int  # Reverse cards set aside beside them
    commander: bool
    cards: NotRequired[list[CardView]]
    team: NotRequired[Team | None]


WarView = TypedDict("WarView", {"patriots": int, "redcoats": int, "marker": int, "deck": int, "discard": int})
DeckView = TypedDict("DeckView", {"deck": int, "discard": int})


class Resolving(TypedDict):
    """A Spycraft card being resolved, outermost first."""

    card: SpycraftCardView
    seat: Seat  # who drew it
    step: str
    waiting: NotRequired[list[SpycraftCardView]]  # Draw 2 Cards: the drawn cards not yet resolved
    to: NotRequired[Seat | list[Seat]]  # a given Spy or Conceal card in its window


ConfirmStep = TypedDict("ConfirmStep", {"kind": Literal["confirm"]})
CardStep = TypedDict("CardStep", {"kind": Literal["spy", "conceal"], "seat": Seat, "card": SpycraftCardView})
RevealStep = TypedDict("RevealStep", {"kind": Literal["reveal"], "seat": Seat, "reason": str})
SeatStep = TypedDict("SeatStep", {"kind": Literal["hessians_flip", "ferguson", "order", "hessians"], "seat": Seat})
OtherStep = TypedDict("OtherStep", {"kind": Literal["round", "turn", "reverse"]})  # frames that never wait


class WinterStep(TypedDict):
    kind: Literal["winter"]
    step: Literal["war", "flip", "select", "check"]
    seat: Seat  # the drawer
    your_war_cards: NotRequired[list[str]]  # the drawer, at step "war"


class CouncilStep(TypedDict):
    kind: Literal["council"]
    hessians: bool
    step: Literal["nominate", "vote", "discard", "place", "window"]
    commander: Seat
    agent: Seat | None
    voted: NotRequired[list[Seat]]  # step "vote": who has voted (not how)
    reminder: NotRequired[str]  # steps "discard" and "place"
    your_war_cards: NotRequired[list[str]]  # the Commander at "discard", the Agent at "place"


Step = ConfirmStep | CardStep | RevealStep | SeatStep | WinterStep | CouncilStep | OtherStep


class WindowTiming(TypedDict):
    key: str
    seconds: int
    mode: WindowMode
    depth: int  # open windows, this one included


class ResponseWindowView(WindowTiming):
    kind: Literal["give", "agent"]
    seat: Seat


class AssassinationWindowView(WindowTiming):
    kind: Literal["assassination"]
    assassin: Seat
    target: Seat


AssassinationView = TypedDict("AssassinationView", {"assassin": Seat, "target": Seat, "turncoat": bool,
                                                    "countered": bool, "cancelled": bool})
PlayerReveal = TypedDict("PlayerReveal", {"seat": Seat, "team": Team | None, "alive": bool,
                                          "last_leader": LoyaltyKind | None, "cards": list[CardView],
                                          "eyes": list[int]})


class RevealAll(TypedDict):
    """Everything, by kind, at the end (``view["reveal"]`` and the result's ``reveal``)."""

    players: list[PlayerReveal]
    undealt: list[LoyaltyKind]
    war_deck: list[Team]  # top first
    war_discard: list[Team]
    track: dict[Team, int]
    spycraft_deck: list[SpycraftCard]  # top first
    spycraft_discard: int
    leaders: dict[Team, Seat]  # who holds each Leader


class PublicView(TypedDict):
    """The keys every viewer gets alike (``outcome`` and ``reveal`` once over)."""

    players: int
    phase: Phase
    round: int
    commander: Seat
    agent: Seat | None
    direction: Literal["clockwise", "counter-clockwise"]
    anchor: Seat
    pending_skips: int
    seats: list[SeatSummary]
    war: WarView
    spycraft: DeckView
    resolving: list[Resolving]
    step: Step | None
    window: ResponseWindowView | AssassinationWindowView | None
    assassinations: list[AssassinationView]
    councils: list[CouncilRecord]
    options: TableOptions
    over: bool
    outcome: NotRequired[Outcome]
    reveal: NotRequired[RevealAll]


class SpectatorView(PublicView):
    you: None


class SeatView(PublicView):
    you: Seat
    your_cards: list[YourCard]
    your_team: Team | None
    your_last_leader: LoyaltyKind | None
    your_turncoat_choice: Team | None
    you_alive: bool


PatriotsView = SeatView | SpectatorView
