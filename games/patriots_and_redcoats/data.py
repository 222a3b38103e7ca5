"""Patriots & Redcoats: every card and number of our edition (shared/rules/patriots-and-redcoats-edition.md).

The rulebook fixes the Loyalty deck, the War deck and the Spycraft kinds; the Spycraft eye/feather splits and the two
named cards (Major Ferguson, Hessians) are our edition. A corrected card list is a change to this file only.

Every physical card has an id ("loyalty-07", "spycraft-12", "war-03") that lives only inside the state: no view, log
or legal list ever carries one, so the conformance canary can look for them in every message.
"""

from __future__ import annotations

from typing import Final, TypeVar

from games.patriots_and_redcoats.state import CardId, LoyaltyKind, SpycraftCard, SpycraftKind, Team

K = TypeVar("K")

MIN_PLAYERS, MAX_PLAYERS = 4, 10
HAND = 3  # Loyalty cards in front of each player
VICTORIES_TO_WIN = 4
MARKER_MAX = 3  # a failed election that moves the War marker to 3 places a random War card
EYES_TO_REVEAL = 3  # eyes that force a reveal, and exactly how many are then removed
COUNCIL_DRAW = 3  # War cards the Commander draws
WINTER_DRAW = 2  # War cards Winter's drawer draws
DRAW2_DRAW = 2

# Response windows (edition, "Assassination and response windows"); table options may change the lengths.
RESPONSE_WINDOW_S = 5  # (a) a Spy or Conceal card given, (b) an Agent's War card placed
ASSASSINATION_WINDOW_S = 20  # (c) an assassination declared
WINDOW_MODES = ("quick", "fixed")
WINDOW_S_MAX = 120

TEAMS: tuple[Team, Team] = ("patriots", "redcoats")

# ----------------------------------------------------------------------------- Loyalty (37)

PATRIOT, REDCOAT, TURNCOAT = "patriot", "redcoat", "turncoat"
PATRIOT_SPY, REDCOAT_SPY = "patriot_spy", "redcoat_spy"
PATRIOT_LEADER, REDCOAT_LEADER = "patriot_leader", "redcoat_leader"

LOYALTY_COUNTS = {
    PATRIOT: 14, REDCOAT: 14, TURNCOAT: 3, PATRIOT_SPY: 2, REDCOAT_SPY: 2, PATRIOT_LEADER: 1, REDCOAT_LEADER: 1,
}
LOYALTY_NAMES = {
    PATRIOT: "Patriot", REDCOAT: "Redcoat", TURNCOAT: "Turncoat", PATRIOT_SPY: "Patriot Spy",
    REDCOAT_SPY: "Redcoat Spy", PATRIOT_LEADER: "General Washington (Patriot Leader)",
    REDCOAT_LEADER: "King George III (Redcoat Leader)",
}
SPIES: dict[LoyaltyKind, Team] = {PATRIOT_SPY: "patriots", REDCOAT_SPY: "redcoats"}
LEADERS: dict[LoyaltyKind, Team] = {PATRIOT_LEADER: "patriots", REDCOAT_LEADER: "redcoats"}
LEADER_OF = {team: kind for kind, team in LEADERS.items()}
SECOND_PILE = (PATRIOT, REDCOAT, TURNCOAT)  # the kinds shuffled into the second pile
SPECIALS = (PATRIOT_SPY, REDCOAT_SPY, PATRIOT_LEADER, REDCOAT_LEADER)  # the kinds the first pile starts from
# The blue and red Loyalty cards, for the majority rule.
COLOUR: dict[LoyaltyKind, Team] = {PATRIOT: "patriots", REDCOAT: "redcoats"}


def first_pile_specials(players: int) -> list[str]:
    """Rulebook Setup 1: the special cards that stay in the first pile (the others go to the box)."""
    if players <= 6:
        return [PATRIOT_SPY, PATRIOT_LEADER, REDCOAT_LEADER]
    return [PATRIOT_SPY, PATRIOT_SPY, REDCOAT_SPY, PATRIOT_LEADER, REDCOAT_LEADER]


def _ids(prefix: str, kinds: list[K]) -> dict[CardId, K]:
    return {f"{prefix}-{i:02d}": kind for i, kind in enumerate(kinds)}


LOYALTY: dict[CardId, LoyaltyKind] = _ids("loyalty", [k for k, n in LOYALTY_COUNTS.items() for _ in range(n)])

# ----------------------------------------------------------------------------- Spycraft (40)

SPY: Final = "spy"
CONCEAL: Final = "conceal"
SKIP: Final = "skip"
REVERSE: Final = "reverse"
DRAW2: Final = "draw2"
WINTER: Final = "winter"
MAJOR_FERGUSON, HESSIANS = "Major Ferguson", "Hessians"
SPY_EYES = {1: 10, 2: 8, 3: 5}  # 23 Spy cards; each 2-eye card has a 1-eye side
CONCEAL_FEATHERS = {1: 3, 2: 3, 3: 2}  # 8 Conceal cards
SKIP_COUNT, REVERSE_COUNT, DRAW2_COUNT, WINTER_COUNT = 3, 3, 2, 1


def _spycraft_cards() -> list[SpycraftCard]:
    cards: list[SpycraftCard] = []
    cards += [{"kind": SPY, "eyes": e} for e, n in SPY_EYES.items() for _ in range(n)]
    cards += [{"kind": CONCEAL, "feathers": f} for f, n in CONCEAL_FEATHERS.items() for _ in range(n)]
    cards += [{"kind": SKIP, "name": MAJOR_FERGUSON}]
    cards += [{"kind": SKIP} for _ in range(SKIP_COUNT - 1)]
    cards += [{"kind": REVERSE} for _ in range(REVERSE_COUNT)]
    cards += [{"kind": DRAW2, "name": HESSIANS}]
    cards += [{"kind": DRAW2} for _ in range(DRAW2_COUNT - 1)]
    cards += [{"kind": WINTER} for _ in range(WINTER_COUNT)]
    return cards


SPYCRAFT: dict[CardId, SpycraftCard] = {f"spycraft-{i:02d}": card for i, card in enumerate(_spycraft_cards())}
SPYCRAFT_TITLES: dict[SpycraftKind, str] = {SPY: "Spy", CONCEAL: "Conceal", SKIP: "Skip Next Turn",
                                             REVERSE: "Reverse", DRAW2: "Draw 2 Cards", WINTER: "Winter is Coming"}

# ----------------------------------------------------------------------------- War (16)

WAR_COUNTS: dict[Team, int] = {"patriots": 6, "redcoats": 10}
WAR: dict[CardId, Team] = _ids("war", [side for side, n in WAR_COUNTS.items() for _ in range(n)])
WAR_NAMES: dict[Team, str] = {"patriots": "Patriot Victory", "redcoats": "Redcoat Victory"}

assert len(LOYALTY) == 37 and len(SPYCRAFT) == 40 and len(WAR) == 16
