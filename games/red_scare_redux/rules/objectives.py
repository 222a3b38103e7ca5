"""What an Objective still needs, and whether a card helps it (edition: Agent slots, rulings 1, 3 and 4).

Works on names, not copies: a placement is ``(kind, value)``: ``("agent", "A")`` for an Agent or a Double Agent of
that class, ``("pair", "C")`` for two Agents bound to a class slot (ruling 1), ``("supply", ("Gear", 2))`` for a
Supply or Forged Papers.
"""

from __future__ import annotations

import functools
from itertools import permutations
from typing import Any

from games.red_scare_redux import data
from games.red_scare_redux.state import Missing

Item = tuple[str, Any]


def matched(slots: tuple[str, ...], agents: list[Item]) -> int:
    """The most Agent slots the placed Agents and pairs can fill (a tiny assignment problem: at most 3 slots)."""
    return matched_tuple(slots, tuple(agents))


@functools.cache  # few distinct questions, asked very often by the bots' searches
def matched_tuple(slots: tuple[str, ...], agents: tuple[Item, ...]) -> int:
    best = 0
    for chosen in permutations(range(len(agents)), min(len(slots), len(agents))):
        for order in permutations(range(len(slots)), len(chosen)):
            filled = sum(1 for a, s in zip(chosen, order, strict=True) if fits(agents[a], slots[s]))
            best = max(best, filled)
    return best


def fits(item: Item, slot: str) -> bool:
    kind, cls = item
    return cls == slot if kind == "pair" else slot in ("*", cls)


def totals(items: list[Item]) -> dict[str, int]:
    out: dict[str, int] = {}
    for kind, value in items:
        if kind == "supply":
            out[value[0]] = out.get(value[0], 0) + value[1]
    return out


def agents_of(items: list[Item]) -> list[Item]:
    return [item for item in items if item[0] in ("agent", "pair")]


def complete(objective: data.Objective, items: list[Item]) -> bool:
    have = totals(items)
    return (matched(objective.agents, agents_of(items)) == len(objective.agents)
            and all(have.get(kind, 0) >= need for kind, need in objective.supplies.items()))


def helps(objective: data.Objective, items: list[Item], item: Item, as_set: bool = False) -> bool:
    """Whether placing ``item`` on top of ``items`` helps. ``as_set``: ``items`` were all placed in this same
    beginning, so the set is judged whatever its order (ruling 4): the Supplies of a type, less their largest card,
    must stay below the threshold."""
    kind, value = item
    if kind == "supply":
        need = objective.supplies.get(value[0])
        if need is None:
            return False
        if not as_set:
            return totals(items).get(value[0], 0) < need
        values: list[int] = [v[1] for k, v in items if k == "supply" and v[0] == value[0]] + [value[1]]
        return sum(values) - max(values) < need
    agents = agents_of(items)
    return bool(matched(objective.agents, agents + [item]) > matched(objective.agents, agents))


def missing(objective: data.Objective, items: list[Item]) -> Missing:
    """What is still needed, for the view: unfilled slots and the shortfall per Supply type."""
    agents = agents_of(items)
    open_slots = list(objective.agents)
    # Remove slots greedily in the order class slots first, which is exact for the edition's Objectives (no
    # Objective asks twice for one class).
    for kind, cls in sorted(agents, key=lambda item: item[0] != "pair"):
        for slot in ([cls] if kind == "pair" else [cls, "*"]):
            if slot in open_slots:
                open_slots.remove(slot)
                break
    have = totals(items)
    short = {kind: need - have.get(kind, 0) for kind, need in objective.supplies.items() if have.get(kind, 0) < need}
    return {"agents": open_slots, "supplies": short}


def item_of(name: str, as_: str | None, pair: bool = False) -> Item | None:
    """The placement a card (or pair) makes; None for a card that never goes on an Objective."""
    if pair:
        return ("pair", as_)
    if name in data.CLASS_OF:
        return ("agent", data.CLASS_OF[name])
    if name == "Double Agent":
        return ("agent", as_)
    if name == "Forged Papers":
        return ("supply", (as_, data.FORGED_PAPERS_VALUE))
    supply = data.supply_of(name)
    return ("supply", supply) if supply is not None else None
