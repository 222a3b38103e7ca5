"""The Raiding Parties state, key by key (types only: the state is the plain JSON-friendly dict ``rules.setup``
builds).

Cards in holds, lockers and Davy Jones are names; a card in play is an ``InPlay`` with a public id (ruling 12). Play
is a stack of frames (``Frame``): the top frame is what the game waits on; with an empty stack the player whose turn
it is chooses freely (T2).
"""

from __future__ import annotations

from typing import Literal, TypedDict

from games.protocol import Seat
from games.raiding_parties.data import Aim, Line
from games.state import GameState

Phase = Literal["build", "play", "over"]
ReactionMode = Literal["quick", "fixed"]
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
    window: int | None  # the serial of the open reaction window
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
