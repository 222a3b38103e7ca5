"""Red Scare Redux: every number of our edition (shared/rules/red-scare-redux-edition.md), in one place."""

from __future__ import annotations

import functools
from typing import Literal, NamedTuple

MIN_PLAYERS, MAX_PLAYERS = 2, 6
ACTIONS_PER_TURN = 4
OBJECTIVE_DRAW_COST = 2
REDRAW_MAX = 3
HAND_LIMIT = 7
REQUISITION_DRAWS = 3
FORGED_PAPERS_VALUE = 2
WINDOW_SECONDS, WINDOW_SECONDS_MAX = 5, 60
OBJECTIVES_TO_WIN = {2: 5, 3: 3}  # by number of teams
NO_PROGRESS_ROUNDS = 2  # the game ends after 2 x players turns without progress (ruling 14)

CLASSES = ("A", "C", "E", "I", "S")
AGENT_NAMES = {"A": "Assassin", "C": "Cryptographer", "E": "Extractor", "I": "Infiltrator", "S": "Saboteur"}
SUPPLY_TYPES = ("Funds", "Gear", "Intel", "Transport", "Weapons")
# In catalogue order (ruling 18), the order of the edition's Black Ops table.
BLACK_OPS = ("Counterintelligence", "Tip-Off", "Burn Notice", "Sabotage", "Defector", "Pickpocket", "Interrogation",
             "Requisition", "Double Agent", "Forged Papers")
INSTANTS = ("Counterintelligence", "Tip-Off")

Bonus = Literal["DRAW1", "DRAW2", "EXTRA1", "STEAL", "NONE"]
BONUS_DRAWS = {"DRAW1": 1, "DRAW2": 2}


class Objective(NamedTuple):
    number: int
    name: str
    agents: tuple[str, ...]  # class letters, "*" for any Agent
    supplies: dict[str, int]  # type -> threshold
    points: int
    bonus: Bonus


OBJECTIVES: tuple[Objective, ...] = (
    Objective(1, "Smuggle Defector", ("E", "*"), {"Transport": 3, "Funds": 1, "Gear": 1}, 4, "DRAW2"),
    Objective(2, "Assassinate Royalty", (), {"Weapons": 7}, 3, "NONE"),
    Objective(3, "Steal the Blueprints", ("I",), {"Intel": 2, "Gear": 2}, 3, "EXTRA1"),
    Objective(4, "Bug the Embassy", ("I",), {"Gear": 3}, 2, "DRAW1"),
    Objective(5, "Crack the Cipher", ("C",), {"Intel": 4}, 3, "DRAW1"),
    Objective(6, "Sabotage the Refinery", ("S",), {"Gear": 2, "Weapons": 2}, 3, "EXTRA1"),
    Objective(7, "Bribe an Official", ("*",), {"Funds": 4}, 2, "DRAW1"),
    Objective(8, "Dead Letter Box", ("*",), {"Intel": 2}, 1, "DRAW1"),
    Objective(9, "Safehouse Network", ("*", "*"), {"Funds": 2, "Transport": 2}, 3, "DRAW2"),
    Objective(10, "Exfiltrate the Scientist", ("E", "C"), {"Transport": 4, "Intel": 2}, 5, "NONE"),
    Objective(11, "Eliminate the Mole", ("A",), {"Intel": 3, "Weapons": 2}, 3, "STEAL"),
    Objective(12, "Hijack Arms Shipment", ("*", "*"), {"Transport": 3, "Weapons": 3}, 4, "EXTRA1"),
    Objective(13, "Rig the Election", ("I", "*"), {"Funds": 5, "Intel": 2}, 5, "NONE"),
    Objective(14, "Destroy the Missile Silo", ("S", "*"), {"Weapons": 5, "Gear": 3, "Transport": 2}, 5, "NONE"),
    Objective(15, "Photograph the Warheads", ("I",), {"Gear": 2, "Transport": 1}, 2, "DRAW1"),
    Objective(16, "Turn an Asset", ("*",), {"Funds": 3, "Intel": 3}, 3, "STEAL"),
    Objective(17, "Rescue a Captured Agent", ("E", "*"), {"Transport": 2, "Weapons": 3}, 4, "DRAW2"),
    Objective(18, "Poison the General", ("A",), {"Gear": 2, "Funds": 1}, 2, "EXTRA1"),
    Objective(19, "Tap the Hotline", ("C",), {"Gear": 2, "Intel": 1}, 2, "DRAW1"),
    Objective(20, "Blow the Bridge", ("S",), {"Weapons": 3, "Transport": 1}, 3, "STEAL"),
    Objective(21, "Launder the Money", (), {"Funds": 6}, 2, "DRAW2"),
    Objective(22, "Steal the Nuclear Codes", ("C", "I", "A"), {"Intel": 4, "Gear": 2}, 5, "NONE"),
    Objective(23, "Border Run", (), {"Transport": 6}, 2, "EXTRA1"),
    Objective(24, "Activate Sleeper Cell", ("*", "*", "*"), {}, 2, "DRAW1"),
)
OBJECTIVE_BY_NAME = {o.name: o for o in OBJECTIVES}

# Supplies by type: {value: copies}.
OMEGA_SUPPLIES = {"Funds": {1: 5, 2: 5, 3: 4}, "Gear": {1: 4, 2: 5, 3: 4}, "Intel": {1: 5, 2: 5, 3: 4}}
OMEGA_BLACK_OPS = {"Forged Papers": 3, "Counterintelligence": 3, "Requisition": 2, "Pickpocket": 2,
                   "Interrogation": 1, "Tip-Off": 1, "Burn Notice": 1}
DELTA_AGENTS = {"A": 5, "C": 5, "E": 5, "I": 6, "S": 5}
DELTA_SUPPLIES = {"Transport": {1: 4, 2: 5, 3: 4}, "Weapons": {1: 3, 2: 5, 3: 4}}
DELTA_BLACK_OPS = {"Double Agent": 3, "Sabotage": 2, "Defector": 2, "Counterintelligence": 1, "Burn Notice": 1}
OMEGA_SIZE, DELTA_SIZE = 54, 60

# Layouts: team sizes in the order of the seat labels (label i is seat i mod teams by default).
LAYOUTS: dict[str, tuple[int, ...]] = {"1v1": (1, 1), "1v1v1": (1, 1, 1), "2v2": (2, 2), "3v2": (3, 2),
                                       "3v3": (3, 3), "2v2v2": (2, 2, 2)}
LAYOUT_BY_PLAYERS = {2: "1v1", 3: "1v1v1", 4: "2v2", 5: "3v2"}
LAYOUTS_6 = ("3v3", "2v2v2")
DEAL_OBJECTIVES, DEAL_OMEGA, DEAL_DELTA = 1, 2, 2
# 3v2 (rulebook's alternate rules): by team size, per player number within the team: (Objectives, Resources).
DEAL_3V2 = {3: ((1, 3), (1, 3), (1, 3)), 2: ((2, 4), (1, 5))}
HAND_LIMIT_3V2 = {3: 6, 2: 9}


def supply_name(kind: str, value: int) -> str:
    return f"{kind} {value}"


def omega_cards() -> list[str]:
    out = [supply_name(k, v) for k, by in OMEGA_SUPPLIES.items() for v, n in by.items() for _ in range(n)]
    return out + [name for name, n in OMEGA_BLACK_OPS.items() for _ in range(n)]


def delta_cards() -> list[str]:
    out = [AGENT_NAMES[c] for c, n in DELTA_AGENTS.items() for _ in range(n)]
    out += [supply_name(k, v) for k, by in DELTA_SUPPLIES.items() for v, n in by.items() for _ in range(n)]
    return out + [name for name, n in DELTA_BLACK_OPS.items() for _ in range(n)]


CLASS_OF = {name: c for c, name in AGENT_NAMES.items()}


@functools.cache  # called for every card of every hand at every look: a search asks it millions of times
def supply_of(card: str) -> tuple[str, int] | None:
    """A Supply card's (type, value); None for any other card."""
    kind, _, value = card.rpartition(" ")
    return (kind, int(value)) if kind in SUPPLY_TYPES and value.isascii() and value.isdigit() else None


@functools.cache
def catalogue_rank(card: str) -> tuple[int, int]:
    """Catalogue order (ruling 18): Objectives, Supplies, Agents, Black Ops."""
    if card in OBJECTIVE_BY_NAME:
        return (0, OBJECTIVE_BY_NAME[card].number)
    supply = supply_of(card)
    if supply is not None:
        return (1, SUPPLY_TYPES.index(supply[0]) * 10 + supply[1])
    if card in CLASS_OF:
        return (2, CLASSES.index(CLASS_OF[card]))
    return (3, BLACK_OPS.index(card))

