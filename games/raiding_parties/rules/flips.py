"""Hitting the deck (F1-F3): the shared 52-card deck, its reshuffle, and reading a flip.

Every flip belongs to one card (F2); the bonuses depend on that card's owner and on whether it is a Pirate where it
lies, so a flip is always asked for on behalf of a card: its owner, its name and whether it is in play.
"""

from __future__ import annotations

from games import rng
from games.protocol import Seat
from games.raiding_parties.data import DECK, INSTRUCTOR, INSTRUCTOR_RANK, PIRATE_SHIP, PIRATE_SHIP_SUIT, Line
from games.raiding_parties.rules.cards import has, is_pirate
from games.raiding_parties.state import RaidingState

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def shown(card: str) -> str:
    """A playing card as the log writes it: "10♥"."""
    return card[:-1] + SYMBOLS[card[-1]]


def succeeds(state: RaidingState, seat: Seat, name: str, in_play: bool, line: Line, card: str) -> bool:
    """F2 and F3: the suit or the rank is in the line, or a bonus in force for this card applies."""
    rank, suit = card[:-1], card[-1]
    if suit in line["suits"] or rank in line["ranks"]:
        return True
    if rank == INSTRUCTOR_RANK and has(state, seat, INSTRUCTOR):
        return True
    return suit == PIRATE_SHIP_SUIT and is_pirate(name, in_play) and has(state, seat, PIRATE_SHIP)


def flip(state: RaidingState, seat: Seat, name: str, in_play: bool, line: Line, why: str) -> bool:
    """Hit the deck for ``why`` (a log phrase such as "{s0}'s Rogue (c3) shoots at ..."); True on a success."""
    if not state["deck"]:
        # F1: the whole flipped pile becomes the new deck (K8: logged, since it may happen mid-attack).
        state["deck"] = state["pile"]
        state["pile"] = []
        rng.shuffle(state, state["deck"])
        state["log"].append({"text": "The deck is empty: the flipped cards are shuffled into a new deck."})
    card = state["deck"].pop(0)
    state["pile"].append(card)
    ok = succeeds(state, seat, name, in_play, line, card)
    state["log"].append({"text": f"{why}: {shown(card)}, {'success' if ok else 'failure'}."})
    return ok


def hit_count(state: RaidingState, seat: Seat, name: str, in_play: bool, line: Line) -> int:
    """How many of the 52 cards would succeed for this card now (for "best weapon", K7)."""
    return sum(1 for card in DECK if succeeds(state, seat, name, in_play, line, card))
