"""Raiding Parties' shapes, as TypedDicts (types only: every value is a plain JSON-friendly dict): the state key by
key, what ``view`` returns (``RaidingView``, the same shape for seats and spectators) and every action ``legal``
lists (``RaidingAction``). README.md is the contract in words.

Cards in holds, lockers and Davy Jones are names; a card in play is an ``InPlay`` with a public id (ruling 12). Play
is a stack of frames (``Frame``): the top frame is what the game waits on; with an empty stack the player whose turn
it is chooses freely (T2).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from games import turns
from games.protocol import Seat
from games.raiding_parties.data import Aim, Line, ReadyMadeParty
from games.state import GameState

Phase = Literal["build", "play", "over"]
ReactionMode = turns.Mode
# How an attack came about: it decides what may answer it (ruling 2) and what it spends (ruling 6).
Mode = Literal["use", "extra", "charge", "stand", "retaliate", "md", "cannoneer_a", "cannoneer_b", "free"]
Cause = Literal["normal", "cannon", "destroy"]
HitStep = Literal["navigator", "reveal", "coastlands", "evade", "fortify", "jolly_roger", "apply"]


class TableOptions(TypedDict):
    gold: int
    copy_cap: int | None
    reaction_mode: ReactionMode
    reaction_seconds: int


class InPlay(TypedDict):
    id: str  # "c<n>", fresh from state["next_id"]
    name: str
    damage: int
    spawned: bool  # from outside the game (K2): leaves the game when it dies
    melee: list[str]  # ids in melee with it: one for a crew, every boarder for a Ship/Fort/Land


class TurnState(TypedDict):
    """What the current turn has spent and granted; reset when a turn begins."""

    seat: Seat
    number: int
    regular_done: bool  # the regular play (T2, ruling 3)
    ranger_done: bool  # the bonus Ranger (ruling 5)
    used: list[str]  # ids whose use is spent (T3)
    extras: dict[str, int]  # id -> extra attacks left (T4)
    grants: dict[str, list[str]]  # id -> sources that granted it an extra attack this turn (one each)
    melee_done: list[str]  # ids that made their melee attack this turn (M4)
    retaliated: list[str]  # ids that retaliated this turn without MD (M3: once a turn)
    cannoneer_a: list[str]  # Cannoneers whose (a) / (b) retaliation is spent this turn
    cannoneer_b: list[str]
    scalawag: list[str]  # Scalawags whose free Grenades are spent this turn (ruling 14)
    effects: list[str]  # ids with an unspent Played effect, in the order they entered play
    progress: bool  # a party card changed zone or took damage this turn (K5c)


class AttackFrame(TypedDict):
    kind: Literal["attack"]
    seat: Seat  # the attacker's owner
    card: str  # the attacker's id
    weapon: str  # a weapon name, or "MD"
    line: Line
    cannon: bool
    melee: bool
    mode: Mode
    flips: int  # fixed when the attack starts (ruling 16)
    aim: Aim
    targets: list[str]  # the target of each flip made
    done: int
    next: str | None  # the next flip's target, once chosen
    step: Literal["aim", "flip", "after"]
    locked: bool  # every flip goes at the first target (W3, Dueling Grounds)
    opponent: str | None  # a melee attack's defender
    stood: bool  # a charge the defender met with Stand and Shoot: no retaliation (M2)
    answered: bool  # the melee answer (retaliation or MD) has been looked at
    retaliated: bool  # the defender did retaliate (Cannoneer (a) waits for it)
    cannoneer_checked: bool
    cannoneers: list[str]  # enemy Cannoneers this projectile attack aimed at, first aimed first (ruling 10)
    answer_index: int


class ChargeFrame(TypedDict):
    kind: Literal["charge"]
    seat: Seat
    card: str
    target: str
    weapon: str
    step: Literal["stand", "contact"]
    stood: bool


class HitFrame(TypedDict):
    kind: Literal["hit"]
    seat: Seat  # the owner of the card or hold hit
    card: str | None  # the card in play hit; None for a hold hit
    hold: bool
    revealed: str | None  # a hold hit's random card, once revealed
    cause: Cause
    step: HitStep
    window: turns.Response | None  # the open reaction window, over the seat hit
    flipper: Seat  # whose card made the hit (for the log)


class RetaliateFrame(TypedDict):
    kind: Literal["retaliate"]
    seat: Seat
    card: str  # the defender
    attacker: str


class CannoneerFrame(TypedDict):
    kind: Literal["cannoneer"]
    seat: Seat
    card: str
    form: Literal["a", "b"]
    target: str


class GrenadesFrame(TypedDict):
    kind: Literal["grenades"]
    seat: Seat
    card: str


class SearchFrame(TypedDict):
    kind: Literal["search"]
    seat: Seat
    card: str  # the Skipper or Quicksilver
    optional: bool  # Quicksilver entering play from the hold may decline (ruling 11)


Frame = AttackFrame | ChargeFrame | HitFrame | RetaliateFrame | CannoneerFrame | GrenadesFrame | SearchFrame


Reason = Literal["last_survivor", "no_progress", "shared"]


class Outcome(TypedDict):
    winners: list[Seat]
    reason: Reason


class RaidingState(GameState):
    options: TableOptions
    phase: Phase
    parties: list[dict[str, int] | None]  # submitted parties, secret to the others
    lockers: list[list[str]]  # top first; nobody sees the order
    holds: list[list[str]]  # kept in catalogue order
    known: list[dict[str, int]]  # hold cards everyone saw return to the hold (H3), by name
    play: list[list[InPlay]]
    davy_jones: list[list[str]]
    deck: list[str]  # the playing-card deck, top first
    pile: list[str]  # flipped cards, oldest first
    next_id: int
    turns: int  # turns begun
    turn: TurnState | None
    stack: list[Frame]
    serial: int  # reaction windows opened
    out: list[bool]
    out_order: list[Seat]
    idle_turns: int
    first: Seat | None
    outcome: Outcome | None


# ----------------------------------------------------------------------------- the view (README: "The view")


class BuildView(TypedDict):
    gold: int
    max_ships_forts: int
    copy_cap: int | None
    ready_count: int  # how many seats have submitted (not which: a secret step)
    you_ready: bool | None  # the viewer's own seat; None for a spectator
    ready_made: list[ReadyMadeParty]


class CardView(TypedDict):
    """A card in play, as everyone sees it."""

    id: str
    name: str
    hp: int
    damage: int
    spawned: bool
    melee: list[str]
    used: bool  # its use is spent this turn
    extra_attacks: int  # left this turn
    melee_attacked: bool  # it made its melee attack this turn (M4)
    played_effect: bool  # it has an unspent Played effect this turn


class SeatView(TypedDict):
    seat: Seat
    out: bool
    hold_size: int
    hold: list[str] | None  # owner only (everyone once the game is over)
    locker_size: int
    locker: dict[str, int] | None  # owner only, as a multiset
    davy_jones: list[str]
    in_play: list[CardView]


class FlipsView(TypedDict):
    deck: int
    pile: list[str]  # oldest first
    last: str | None


class TurnView(TypedDict):
    seat: Seat
    number: int
    regular_play_done: bool
    ranger_bonus_used: bool


class AttackView(TypedDict):
    card: str
    seat: Seat
    weapon: str
    mode: Mode
    targets: list[str]
    flips_made: int
    flips: int


class HitView(TypedDict):
    seat: Seat
    card: str | None
    hold: bool
    revealed: str | None
    cause: Cause
    step: HitStep


class AimPrompt(TypedDict):
    kind: Literal["aim"]
    seat: Seat
    card: str
    weapon: str
    flips_left: int


class StandPrompt(TypedDict):
    kind: Literal["stand_and_shoot"]
    seat: Seat
    card: str  # the charged crew
    charger: str
    weapon: str  # the charge's weapon


class RetaliatePrompt(TypedDict):
    kind: Literal["retaliate"]
    seat: Seat
    card: str  # the defender
    attacker: str


class CannoneerPrompt(TypedDict):
    kind: Literal["cannoneer"]
    seat: Seat
    card: str
    form: Literal["a", "b"]
    target: str


class GrenadesPrompt(TypedDict):
    kind: Literal["grenades"]
    seat: Seat
    card: str


class SearchPrompt(TypedDict):
    kind: Literal["search"]
    seat: Seat
    card: str  # the Skipper or Quicksilver


class ReactionPrompt(TypedDict):
    kind: Literal["reaction"]
    seat: Seat
    step: HitStep  # only ever "navigator" or "jolly_roger"
    text: str
    card: str | None  # the hit card; None for a hold hit
    key: str
    seconds: int
    mode: ReactionMode


Prompt = AimPrompt | StandPrompt | RetaliatePrompt | CannoneerPrompt | GrenadesPrompt | SearchPrompt | ReactionPrompt


class RaidingView(TypedDict):
    """What ``view(state, viewer)`` returns: one shape for every viewer, ``None`` where a viewer may not see."""

    phase: Phase
    you: Seat | None  # None for a spectator
    players: int
    options: TableOptions
    build: BuildView | None  # only in phase "build"
    your_party: dict[str, int] | None
    seats: list[SeatView]
    flips: FlipsView
    turn: TurnView | None
    resolving: list[AttackView]  # attacks under way, outermost first
    hit: HitView | None
    prompt: Prompt | None
    idle_turns: int
    idle_limit: int
    out_order: list[Seat]
    winners: list[Seat] | None


# ----------------------------------------------------------------------------- actions (README: "Actions")


class PartyTemplate(TypedDict):
    """Describes the custom party a seat may send as a ``PartyAction`` (ruling 13); never sent back itself."""

    type: Literal["party"]
    template: bool  # always True
    gold: int
    max_ships_forts: int
    copy_cap: int | None


class PartyAction(TypedDict):
    type: Literal["party"]
    cards: dict[str, int]


class PlayAction(TypedDict):
    type: Literal["play"]
    card: str  # a card name from the hold


class EffectAction(TypedDict):
    """A Played effect: Advisor's has no more keys, Flagbearers' a ``target``, Quicksilver's a ``pick``."""

    type: Literal["effect"]
    card: str
    target: NotRequired[str]
    pick: NotRequired[str]


class AttackAction(TypedDict):
    type: Literal["attack"]
    card: str
    weapon: str
    target: str


class ChargeAction(TypedDict):
    type: Literal["charge"]
    card: str
    weapon: str
    target: str


class UseAction(TypedDict):
    type: Literal["use"]
    card: str
    target: str | None

class ShotAction(TypedDict):
    type: Literal["shot"]
    target: str


class StandAction(TypedDict):
    type: Literal["stand"]
    weapon: str


class RetaliateAction(TypedDict):
    type: Literal["retaliate"]
    weapon: str


class GrenadesAction(TypedDict):
    type: Literal["grenades"]
    target: str


class SearchAction(TypedDict):
    type: Literal["search"]
    card: str  # a card name from the locker


class EndAction(TypedDict):
    type: Literal["end"]


class StopAction(TypedDict):
    type: Literal["stop"]


class DeclineAction(TypedDict):
    type: Literal["decline"]


class CannoneerAction(TypedDict):
    type: Literal["cannoneer"]


class NavigatorAction(TypedDict):
    type: Literal["navigator"]


class JollyRogerAction(TypedDict):
    type: Literal["jolly_roger"]


class PassAction(TypedDict):
    type: Literal["pass"]


TurnAction = PlayAction | EffectAction | AttackAction | ChargeAction | UseAction | EndAction
PromptAction = (ShotAction | StopAction | StandAction | DeclineAction | RetaliateAction | CannoneerAction
                | GrenadesAction | SearchAction | NavigatorAction | JollyRogerAction | PassAction)
RaidingAction = PartyTemplate | PartyAction | TurnAction | PromptAction  # every entry ``legal`` may list
