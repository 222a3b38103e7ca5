"""Red Scare Redux's shapes, types only: the state key by key (the plain JSON-friendly dict ``setup.setup`` builds),
the view every seat and spectator gets, and every action ``legal`` lists. README.md describes each in words.

Every physical card is a copy with an integer id, an index into ``cards``; zones hold ids. Ids never reach a view
(edition ruling 11): views and actions name cards.

Action shapes are ``@final`` where a sibling of the same ``type`` differs by its keys, so ``"pair" in action`` tells
them apart for the type checker.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict, final

from games.protocol import Seat
from games.state import GameState
from games.turns import Mode, Response

Back = Literal["objective", "omega", "delta"]
Deck = Literal["omega", "delta"]  # the Resource decks


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


# ----------------------------------------------------------------------------- actions (what ``legal`` lists)


@final
class DrawAction(TypedDict):  # a main action (1 action) or a ``draw`` step's answer
    type: Literal["draw"]
    deck: Deck


class DrawObjectiveAction(TypedDict):
    type: Literal["draw_objective"]


class RedrawAction(TypedDict):
    type: Literal["redraw"]
    cards: list[str]  # card names, catalogue order


class GiveAction(TypedDict):
    type: Literal["give"]
    card: str
    to: Seat


TakeAction = TypedDict("TakeAction", {"type": Literal["take"], "card": str, "from": Seat})


@final
class BeginAction(TypedDict):
    type: Literal["begin"]
    objective: str
    card: str


BeginPairAction = TypedDict("BeginPairAction", {"type": Literal["begin"], "objective": str, "pair": list[str],
                                                "as": str})


@final
class AddAction(TypedDict):
    type: Literal["add"]
    partial: str
    card: str


AddPairAction = TypedDict("AddPairAction", {"type": Literal["add_pair"], "partial": str, "pair": list[str],
                                            "as": str})


class BurnNoticeAction(TypedDict):
    type: Literal["black_ops"]
    card: Literal["Burn Notice"]
    partial: str  # an opponent's partial


class OnTableAction(TypedDict):
    type: Literal["black_ops"]
    card: Literal["Sabotage", "Defector"]
    partial: str
    at: int  # an index into the partial's ``placed``
    member: int | None  # 0 or 1 for a pair's member, else None


class VictimAction(TypedDict):
    type: Literal["black_ops"]
    card: Literal["Pickpocket", "Interrogation"]
    victim: Seat


class RequisitionAction(TypedDict):
    type: Literal["black_ops"]
    card: Literal["Requisition"]


# Double Agent (``as`` a class) or Forged Papers (``as`` a Supply type) onto the player's team's partial.
StandInAction = TypedDict("StandInAction", {"type": Literal["black_ops"],
                                            "card": Literal["Double Agent", "Forged Papers"], "partial": str,
                                            "as": str})

BlackOpsAction = BurnNoticeAction | OnTableAction | VictimAction | RequisitionAction | StandInAction


class EndTurnAction(TypedDict):
    type: Literal["end_turn"]


@final
class PlaceAction(TypedDict):  # a ``place`` step's answers: PlaceAction, PlacePairAction, DoneAction
    type: Literal["place"]
    card: str


PlacePairAction = TypedDict("PlacePairAction", {"type": Literal["place_pair"], "pair": list[str], "as": str})


class DoneAction(TypedDict):
    type: Literal["done"]


class StealAction(TypedDict):  # a ``steal`` step's answer
    type: Literal["steal"]
    victim: Seat


class PickAction(TypedDict):  # an ``interrogate`` step's answer: a card of the victim's hand
    type: Literal["pick"]
    card: str


class DiscardAction(TypedDict):  # a ``discard`` step's answer
    type: Literal["discard"]
    card: str


class CounterAction(TypedDict):  # window answers: CounterAction, TipOffAction, ContinueAction
    type: Literal["counter"]


class TipOffAction(TypedDict):
    type: Literal["tip_off"]


class ContinueAction(TypedDict):
    type: Literal["continue"]


PutAction = BeginAction | BeginPairAction | AddAction | AddPairAction | PlaceAction | PlacePairAction  # a placement
MainAction = (DrawAction | DrawObjectiveAction | RedrawAction | GiveAction | TakeAction | BeginAction
              | BeginPairAction | AddAction | AddPairAction | BlackOpsAction | EndTurnAction)
StepAction = DrawAction | PlaceAction | PlacePairAction | DoneAction | StealAction | PickAction | DiscardAction
WindowAction = CounterAction | TipOffAction | ContinueAction
RsrAction = MainAction | StepAction | WindowAction


# ----------------------------------------------------------------------------- steps, windows (in the state)


class DrawStep(TypedDict):  # after a redraw, Requisition, DRAW1 or DRAW2
    kind: Literal["draw"]
    seat: Seat
    owed: int  # cards still to draw


class PlaceStep(TypedDict):  # after ``begin``
    kind: Literal["place"]
    seat: Seat
    partial: str


class StealStep(TypedDict):  # the STEAL bonus
    kind: Literal["steal"]
    seat: Seat


class InterrogateStep(TypedDict):
    kind: Literal["interrogate"]
    seat: Seat
    victim: Seat


class DiscardStep(TypedDict):  # the end of a turn over the hand limit
    kind: Literal["discard"]
    seat: Seat
    over: int  # cards over the limit when the step opened


Step = DrawStep | PlaceStep | StealStep | InterrogateStep | DiscardStep
StepKind = Literal["draw", "place", "steal", "interrogate", "discard"]


class CounterWindow(TypedDict):  # a Counterintelligence window: against a Black Ops card or a Tip-Off
    kind: Literal["counter"]
    seat: Seat  # who played the card
    card: str
    action: BlackOpsAction | TipOffAction  # the announced action, targets and all
    eligible: list[Seat]
    mode: Literal["quick", "fixed"]
    seconds: int
    key: int  # the window's number in the game


class TipOffWindow(TypedDict):  # a Tip-Off window before a Completion Bonus
    kind: Literal["tip_off"]
    seat: Seat  # who completed the Objective
    objective: str
    bonus: str
    eligible: list[Seat]
    mode: Literal["quick", "fixed"]
    seconds: int
    key: int


Window = CounterWindow | TipOffWindow


class BlackOpsPending(TypedDict):  # a Black Ops card held up by its window
    kind: Literal["black_ops"]
    seat: Seat
    copy: int
    action: BlackOpsAction


class TipOffPending(TypedDict):  # a Tip-Off held up by its Counterintelligence window
    kind: Literal["tip_off"]
    seat: Seat
    copy: int
    completer: Seat
    bonus: str


class BonusPending(TypedDict):  # a Completion Bonus held up by its Tip-Off window
    kind: Literal["bonus"]
    seat: Seat
    bonus: str


Pending = BlackOpsPending | TipOffPending | BonusPending


# ----------------------------------------------------------------------------- the state


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
    step: Step | None  # a pending step for one seat
    window: Window | None  # an open response window, as every viewer sees it
    pending: Pending | None  # what the open window holds up (copy ids: never in a view)
    response: Response | None  # the open window: its key, the eligible seats yet to continue (never shown)
    window_mode: Mode
    window_s: int
    serial: int  # windows opened so far: the window key
    last_turn: bool  # the last Resource card is drawn: this turn is the last
    progress: bool  # something counting as progress happened this turn (ruling 14)
    quiet_turns: int
    over: bool
    reason: str | None


# ----------------------------------------------------------------------------- the view (seats and spectators alike)


class BackCounts(TypedDict):  # cards by back: a hand's, or what is left in each deck
    objective: int
    omega: int
    delta: int


# A placement as shown: ``card`` (a single card) or ``pair`` (two Agent names), and ``as`` for a pair, a Double Agent
# or Forged Papers.
# A card placed on an Objective (a Double Agent or Forged Papers carries the class it stands for), or a pair of
# Agents standing in for one class.
PlacedCardView = TypedDict("PlacedCardView", {"card": str, "as": NotRequired[str]})
PlacedPairView = TypedDict("PlacedPairView", {"pair": list[str], "as": NotRequired[str]})
PlacedView = PlacedCardView | PlacedPairView


class Missing(TypedDict):
    agents: list[str]  # open Agent slots: classes, "*" for any
    supplies: dict[str, int]  # Supply points still short, by type


class PartialView(TypedDict):
    id: str
    team: int
    objective: str
    placed: list[PlacedView]
    missing: Missing


class CompletedView(TypedDict):
    objective: str
    points: int
    placed: list[PlacedView]


class StepView(TypedDict):
    """The open step, every key present: what a kind does not use is None. ``hand`` (an Interrogation victim's hand)
    only in the views of the interrogator's team (ruling 9)."""

    kind: StepKind
    seat: Seat
    owed: int | None  # draw
    partial: str | None  # place
    victim: Seat | None  # interrogate
    over: int | None  # discard
    hand: list[str] | None  # interrogate, the interrogator's team only


class RedScareView(TypedDict):
    layout: str
    teams: list[list[Seat]]
    team_of: list[int]
    you: Seat | None  # None for a spectator
    your_team: int | None
    order: list[Seat]
    turn_index: int
    turn: Seat
    actions_left: int
    first_action: bool
    last_turn: bool
    hand_limits: list[int]
    hands: list[list[str] | None]  # by seat: the viewer's team's hands, others None
    hand_counts: list[BackCounts]
    decks: BackCounts
    discard: list[str]
    partials: list[PartialView]
    completed: list[list[CompletedView]]
    scores: list[int]
    objectives_to_win: int
    step: StepView | None
    window: Window | None
