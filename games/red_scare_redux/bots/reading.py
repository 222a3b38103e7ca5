"""What the ``basic`` bot reads off its seat's view: the progress of every partial, what its team still lacks, how
useful each card is to it, and the value constants the bot weighs actions with."""

from __future__ import annotations

import functools

from games.red_scare_redux import data
from games.red_scare_redux.rules.objectives import Item, helps, item_of, missing
from games.red_scare_redux.state import PartialView, PlacedView, RedScareView

COMPLETE = 100.0  # plus the Objective's points
ADD = 30.0
BEGIN = 22.0
TAKE_LAST = 45.0
DRAW = 5.0
REQUISITION = 12.0
BLACK_OPS_KEEP = {"Counterintelligence": 8.0, "Burn Notice": 8.0, "Requisition": 7.0, "Double Agent": 7.0,
                  "Forged Papers": 6.0, "Interrogation": 5.5, "Sabotage": 5.5, "Defector": 5.5, "Pickpocket": 4.5,
                  "Tip-Off": 4.0}
LEADER_WEIGHT = 1.5  # a partial of the leading opponent team counts this much more than another team's
JUNK = 3.0  # cards less useful than this are redrawn
DELTA_TYPES = ("Transport", "Weapons")


# ----------------------------------------------------------------------------- reading the table


def placed_item(placed: PlacedView) -> Item | None:
    if "pair" in placed:
        return item_of("", placed.get("as"), pair=True)
    return item_of(placed["card"], placed.get("as"))


def partial_items(partial: PartialView) -> list[Item]:
    return [item for item in (placed_item(p) for p in partial["placed"]) if item is not None]


def objective(name: str) -> data.Objective:
    return data.OBJECTIVE_BY_NAME[name]


def work(obj: data.Objective, items: list[Item]) -> float:
    """About how many cards are still needed: open Agent slots plus the Supply shortfall in 2-point cards."""
    need = missing(obj, items)
    shorts: list[int] = list(need["supplies"].values())
    return float(len(need["agents"]) + sum((short + 1) // 2 for short in shorts))


def fraction(obj: data.Objective, items: list[Item]) -> float:
    """How much of the Objective is done, Agent slots and Supply points weighed alike."""
    need = missing(obj, items)
    total = len(obj.agents) + sum(obj.supplies.values())
    left = len(need["agents"]) + sum(need["supplies"].values())
    return 1 - left / total if total else 0.0


def reduces(obj: data.Objective, items: list[Item], item: Item) -> bool:
    """Whether the item lowers what is missing (the legal list also allows a Supply a beginning no longer needs)."""
    if item[0] == "supply":
        return bool(missing(obj, items)["supplies"].get(item[1][0], 0) > 0)
    return helps(obj, items, item)


def best_supply(cards: list[str], kind: str, short: int) -> str | None:
    """The card of a type to put towards a shortfall: the smallest that covers it, else the largest."""
    values = sorted({s[1] for c in cards if (s := data.supply_of(c)) is not None and s[0] == kind})
    if not values:
        return None
    covering = [v for v in values if v >= short]
    return data.supply_name(kind, covering[0] if covering else values[-1])


def fill(obj: data.Objective, items: list[Item], pool: list[str], pairs: bool = True) -> tuple[list[Item], list[str]]:
    """Greedily place what ``pool`` offers (plain Agents and Supplies): the items after and the cards used. Single
    Agents go first, so a pair is planned only for a class slot no Agent in the pool fills: never with an Agent of
    that class left over (ruling 19)."""
    after, used = fill_cached(obj.name, tuple(items), tuple(pool), pairs)
    return list(after), list(used)


@functools.lru_cache(maxsize=1 << 16)  # the hard bot's playouts ask the same questions over and over
def fill_cached(objective_name: str, placed: tuple[Item, ...], offered: tuple[str, ...],
                pairs: bool) -> tuple[tuple[Item, ...], tuple[str, ...]]:
    obj = data.OBJECTIVE_BY_NAME[objective_name]
    items, pool, used = list(placed), list(offered), []
    for card in sorted((c for c in pool if c in data.CLASS_OF), key=lambda c: (data.CLASS_OF[c] not in obj.agents, c)):
        item = item_of(card, None)
        assert item is not None
        if helps(obj, items, item):
            items.append(item)
            pool.remove(card)
            used.append(card)
    if pairs:
        for cls in missing(obj, items)["agents"]:
            agents = [c for c in pool if c in data.CLASS_OF]
            if cls != "*" and len(agents) >= 2:
                items.append(("pair", cls))
                for card in agents[:2]:
                    pool.remove(card)
                    used.append(card)
    for kind in obj.supplies:
        while (short := missing(obj, items)["supplies"].get(kind, 0)) > 0:
            chosen = best_supply(pool, kind, short)
            if chosen is None:
                break
            supply = data.supply_of(chosen)
            assert supply is not None
            items.append(("supply", supply))
            pool.remove(chosen)
            used.append(chosen)
    return tuple(items), tuple(used)


class Table:
    """The seat's view, indexed for the questions the bot asks."""

    def __init__(self, view: RedScareView) -> None:
        assert view["you"] is not None and view["your_team"] is not None  # a bot plays a seat
        self.view = view
        self.me: int = view["you"]
        self.team: int = view["your_team"]
        self.mates: list[int] = [s for s in view["teams"][self.team] if s != self.me]
        self.hand: list[str] = view["hands"][self.me] or []
        self.partials = {p["id"]: p for p in view["partials"]}
        self.ours = [p for p in view["partials"] if p["team"] == self.team]
        self.team_hand = [c for s in view["teams"][self.team] for c in (view["hands"][s] or [])]
        scores = view["scores"]
        others = [t for t in range(len(view["teams"])) if t != self.team]
        # The leading opponent team: most points, then the most done on the table.
        self.leader = max(others, key=lambda t: (scores[t], self.table_progress(t), -t)) if others else None
        self.needs = self.team_needs()

    def table_progress(self, team: int) -> float:
        return sum(objective(p["objective"]).points * fraction(objective(p["objective"]), partial_items(p))
                   for p in self.view["partials"] if p["team"] == team)

    def team_needs(self) -> dict[str, float]:
        """What the team's partials and hand Objectives still lack after the team's hands are used: Agent classes
        (``"*"`` any) and Supply points by type."""
        out: dict[str, float] = {}
        targets = [(objective(p["objective"]), partial_items(p)) for p in self.ours]
        targets += [(objective(c), []) for c in self.team_hand if c in data.OBJECTIVE_BY_NAME]
        for obj, items in targets:
            after, _ = fill(obj, items, [c for c in self.team_hand if c not in data.OBJECTIVE_BY_NAME], pairs=False)
            need = missing(obj, after)
            for cls in need["agents"]:
                out[cls] = out.get(cls, 0) + 1
            for kind, short in need["supplies"].items():
                out[kind] = out.get(kind, 0) + short
        return out

    def usefulness(self, card: str) -> float:
        """How much the team wants to keep a card in hand (discard order: least useful first)."""
        if card in data.OBJECTIVE_BY_NAME:
            obj = objective(card)
            pool = [c for c in self.team_hand if c not in data.OBJECTIVE_BY_NAME]
            after, _ = fill(obj, [], pool)
            return 5 + obj.points * 0.5 + 4 * fraction(obj, after)
        if card in data.CLASS_OF:
            cls = data.CLASS_OF[card]
            return 6 + (3 if self.needs.get(cls) else 1 if self.needs.get("*") else 0)
        supply = data.supply_of(card)
        if supply is not None:
            kind, value = supply
            return (4 + value) if self.needs.get(kind) else 1 + value * 0.5
        return BLACK_OPS_KEEP.get(card, 4.0)

    def helpful_deck(self) -> str:
        delta = sum(n * 1.5 for key, n in self.needs.items() if key in data.CLASSES or key == "*")
        delta += sum(n / 2 for key, n in self.needs.items() if key in DELTA_TYPES)
        omega = sum(n / 2 for key, n in self.needs.items() if key in data.SUPPLY_TYPES and key not in DELTA_TYPES)
        if delta == omega:
            decks = self.view["decks"]
            return "omega" if decks["omega"] > decks["delta"] else "delta"
        return "delta" if delta > omega else "omega"
