"""Shared state helpers: the log, seats, Loyalty hands, decks (draw, discard, reshuffle) and eyes.

The state is a JSON-friendly dict (``state.PatriotsState`` names every field). Cards are ids (``data``); their kinds are
looked up, never stored beside them, so moving a card is moving one string.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any, Literal, overload

from games import rng
from games.patriots_and_redcoats.data import (
    LEADERS,
    LOYALTY,
    LOYALTY_NAMES,
    SPIES,
    SPYCRAFT,
    SPYCRAFT_TITLES,
    WAR,
    WAR_NAMES,
)
from games.patriots_and_redcoats.state import (
    SPYCRAFT_FRAMES,
    CardId,
    ConcealFrame,
    EyeCard,
    LoyaltyKind,
    PatriotsState,
    SpycraftCardView,
    SpyFrame,
    Team,
)
from games.protocol import Seat
from games.state import LogEntry

Deck = Literal["spycraft", "war"]


# ----------------------------------------------------------------------------- log


def say(state: PatriotsState, text: str, to: list[Seat] | None = None, event: dict[str, Any] | None = None) -> None:
    """Append a log entry; without ``to`` it is public, so anything secret must name its readers. ``event`` is what the
    line says as data, for bots (README, "Log events"): it travels under the same ``to``."""
    entry: LogEntry = {"text": text}
    if to is not None:
        entry["to"] = sorted(set(to))
    if event is not None:
        entry["event"] = event
    state["log"].append(entry)


def s(seat: Seat) -> str:
    return "{s%d}" % seat


# ----------------------------------------------------------------------------- seats


def living(state: PatriotsState) -> list[Seat]:
    return [seat for seat in range(state["players"]) if state["alive"][seat]]


def next_living(state: PatriotsState, seat: Seat) -> Seat:
    """The next living player clockwise of ``seat`` (never ``seat`` itself unless it is the only one alive)."""
    n = state["players"]
    for step in range(1, n + 1):
        other = (seat + step) % n
        if state["alive"][other]:
            return other
    raise AssertionError("edition invariant: somebody is alive while the game goes on")


def over(state: PatriotsState) -> bool:
    return state["phase"] == "over"


def new_step(state: PatriotsState) -> int:
    """A fresh number for a simultaneous secret step (a confirmation, a Winter flip or selection): see
    ``rules.secret_step``. Counted apart from the window serials so window keys stay as they were."""
    state["steps"] = state.get("steps", 0) + 1
    return state["steps"]


# ----------------------------------------------------------------------------- Loyalty cards


def kind(card: CardId) -> LoyaltyKind:
    return LOYALTY[card]


def loyalty_name(card_kind: LoyaltyKind) -> str:
    return LOYALTY_NAMES[card_kind]


def article(card_kind: LoyaltyKind) -> str:
    name = loyalty_name(card_kind)
    return name if card_kind in LEADERS else ("the " if card_kind in SPIES else "a ") + name


def kinds(state: PatriotsState, seat: Seat) -> list[LoyaltyKind]:
    # ``kind`` written out: this runs for every seat's legal list at every seq.
    return [LOYALTY[entry["id"]] for entry in state["hands"][seat]]


def face_down_slots(state: PatriotsState, seat: Seat) -> list[int]:
    return [i for i, entry in enumerate(state["hands"][seat]) if not entry["up"]]


def face_up_slots(state: PatriotsState, seat: Seat) -> list[int]:
    return [i for i, entry in enumerate(state["hands"][seat]) if entry["up"]]


def holds(state: PatriotsState, seat: Seat, card_kind: LoyaltyKind) -> bool:
    return card_kind in kinds(state, seat)


def leaders_held(state: PatriotsState, seat: Seat) -> list[LoyaltyKind]:
    return [k for k in kinds(state, seat) if k in LEADERS]


def spy_of(state: PatriotsState, seat: Seat) -> LoyaltyKind | None:
    """The Spy Loyalty card a player holds, if any (edition: at most one, and it never moves)."""
    spies = [k for k in kinds(state, seat) if k in SPIES]
    assert len(spies) <= 1, "edition invariant: a player holds at most one Spy Loyalty card"
    return spies[0] if spies else None


def touch(state: PatriotsState, card: CardId) -> None:
    """Mark a Loyalty card as no longer where the deal left it unseen (revealed or passed)."""
    if card not in state["touched"]:
        state["touched"].append(card)


def turn_up(state: PatriotsState, seat: Seat, slot: int) -> LoyaltyKind:
    """Turn one face-down card face up (the caller checks for elimination) and return its kind."""
    entry = state["hands"][seat][slot]
    assert not entry["up"]
    entry["up"] = True
    touch(state, entry["id"])
    return kind(entry["id"])


# ----------------------------------------------------------------------------- decks


def spycraft_card(card: CardId) -> SpycraftCardView:
    """What is public about a Spycraft card (all of them are revealed when drawn)."""
    data = SPYCRAFT[card]
    return {**data, "title": SPYCRAFT_TITLES[data["kind"]]}


def spycraft_text(card: CardId) -> str:
    data = SPYCRAFT[card]
    title = SPYCRAFT_TITLES[data["kind"]]
    if "eyes" in data:
        return f"a {data['eyes']}-eye {title} card"
    if "feathers" in data:
        return f"a {data['feathers']}-feather {title} card"
    if "name" in data:
        return f"{title} ({data['name']})"
    return title


def spy_eyes(card: CardId) -> int:
    """A Spy card's eyes (only Spy cards print them)."""
    eyes = SPYCRAFT[card].get("eyes")
    if eyes is None:
        raise AssertionError(f"{card} is read as a Spy card but prints no eyes")
    return eyes


def conceal_feathers(card: CardId) -> int:
    """A Conceal card's feathers (only Conceal cards print them)."""
    feathers = SPYCRAFT[card].get("feathers")
    if feathers is None:
        raise AssertionError(f"{card} is read as a Conceal card but prints no feathers")
    return feathers


@overload
def given_to(frame: SpyFrame) -> Seat: ...
@overload
def given_to(frame: ConcealFrame) -> list[Seat]: ...
def given_to(frame: SpyFrame | ConcealFrame) -> Seat | list[Seat]:
    """Whom a Spy card was given to, or the seats a Conceal card's feathers went to (one a feather): set when the
    drawer announced it, so known from its window on."""
    if "to" not in frame:
        raise AssertionError(f"{frame['card']} is read as given at step {frame['step']!r}, before it was announced")
    return frame["to"]


def loyalty_label(card: CardId) -> str:
    """A Loyalty card's name, for the replay's "everything revealed" view."""
    return LOYALTY_NAMES[LOYALTY[card]]


def spycraft_label(card: CardId) -> str:
    """A Spycraft card's title and number, for the replay's "everything revealed" view."""
    data = SPYCRAFT[card]
    title = SPYCRAFT_TITLES[data["kind"]]
    if "eyes" in data:
        return f"{title} ({data['eyes']} eye{'s' if data['eyes'] > 1 else ''})"
    if "feathers" in data:
        return f"{title} ({data['feathers']} feather{'s' if data['feathers'] > 1 else ''})"
    if "name" in data:
        return f"{title} ({data['name']})"
    return title


def war_side(card: CardId) -> Team:
    return WAR[card]


def war_name(card: CardId) -> str:
    return WAR_NAMES[WAR[card]]


def draw(state: PatriotsState, deck: Deck) -> CardId:
    """Draw the top card of ``deck`` ("spycraft" or "war"); an empty deck first takes its shuffled discard pile."""
    pile = state[deck]
    if not pile["deck"]:
        assert pile["discard"], f"edition invariant: the {deck} deck and discard are never both empty"
        pile["deck"] = pile["discard"]
        pile["discard"] = []
        rng.shuffle(state, pile["deck"])
        say(state, f"The {deck.capitalize()} discard pile is shuffled to form a new deck.")
    return pile["deck"].pop()


def discard(state: PatriotsState, deck: Deck, *cards: CardId) -> None:
    state[deck]["discard"].extend(cards)


# ----------------------------------------------------------------------------- eyes


def eye_total(state: PatriotsState, seat: Seat) -> int:
    return sum(card["eyes"] for card in state["eyes"][seat])


def remove_eyes(state: PatriotsState, seat: Seat, amount: int) -> None:
    """Remove exactly ``amount`` eyes (at most what the player has) by discarding and turning Spy cards.

    Edition: touch as few cards as possible; among those ways, leave the fewest cards, then prefer earlier cards.
    A 2-eye card may be turned to its 1-eye side; every other card can only be discarded.
    """
    cards = state["eyes"][seat]
    amount = min(amount, eye_total(state, seat))
    if amount == 0:
        return
    best: tuple[tuple[int, int, tuple[int, ...]], tuple[str, ...]] | None = None
    options = [("keep", "turn", "discard") if c["eyes"] == 2 else ("keep", "discard") for c in cards]
    worth: dict[str, Callable[[EyeCard], int]] = {"keep": lambda c: 0, "turn": lambda c: 1,
                                                  "discard": lambda c: c["eyes"]}
    for plan in itertools.product(*options):
        removed = sum(worth[op](c) for c, op in zip(cards, plan, strict=True))
        if removed != amount:
            continue
        touched = sum(op != "keep" for op in plan)
        remaining = sum(op != "discard" for op in plan)
        rank = (touched, remaining, tuple(0 if op == "keep" else 1 for op in plan)[::-1])
        if best is None or rank < best[0]:
            best = (rank, plan)
    assert best is not None, "edition invariant: eyes at rest are at most 2, so exactly 3 can always be removed"
    kept: list[EyeCard] = []
    for card, op in zip(cards, best[1], strict=True):
        if op == "discard":
            discard(state, "spycraft", card["id"])
        else:
            kept.append({"id": card["id"], "eyes": card["eyes"] - (1 if op == "turn" else 0)})
    state["eyes"][seat] = kept


# ----------------------------------------------------------------------------- conservation


def zones(state: PatriotsState) -> dict[str, list[CardId]]:
    """Every card id by deck, wherever it lies: used by the engine's invariant checks and by the tests."""
    loyalty = list(state["box"]) + [e["id"] for hand in state["hands"] for e in hand]
    spycraft = list(state["spycraft"]["deck"]) + list(state["spycraft"]["discard"])
    spycraft += [c["id"] for pile in state["eyes"] for c in pile] + [r["id"] for r in state["reverse"]]
    war = list(state["war"]["deck"]) + list(state["war"]["discard"])
    war += [c for side in state["track"].values() for c in side]
    for frame in state["stack"]:
        if frame["kind"] in SPYCRAFT_FRAMES:
            spycraft.append(frame["card"])
        if frame["kind"] == "draw2":
            spycraft += frame["queue"]
        elif frame["kind"] == "winter":
            war += frame["war"]
        elif frame["kind"] == "council":
            war += frame["hand"]
    return {"loyalty": loyalty, "spycraft": spycraft, "war": war}
