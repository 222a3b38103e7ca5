"""Red Scare Redux's ``basic`` bot: greedy, one action at a time, from its own seat's view and legal list only.

Every entry of the legal list gets a value and the bot sends the best one (ties: the first in the list). Roughly, from
most to least valuable: an action that completes an Objective (adding the last card, playing a complete Objective,
taking the last card from a teammate); adding to its team's partial nearest to completion; beginning the hand
Objective that its hand brings nearest to completion; Black Ops against the leading opponent team (Burn Notice,
Sabotage and Defector on its most advanced partial, Interrogation and Pickpocket on its fullest hand), Requisition;
feeding a teammate (giving the cards an Objective in their hand needs, or taking an Objective its own hand serves
better); an Objective draw when the team holds none; discarding junk to redraw; drawing from the deck that holds
what the team still lacks.

Steps: it places every card that still reduces what the Objective lacks (never a wasted Supply, a pair only when it
completes), draws from the deck the team needs, steals from and interrogates the leading opponents (taking the card
that helps them most), and discards the card least useful to its team. Windows: Counterintelligence against a Burn
Notice on its team's partial, a Sabotage or Defector on one worth a point or more of progress (points times the share
done), an Interrogation of its team, and a Double Agent or Forged Papers that would complete an opponent's Objective;
against a Pickpocket, a Tip-Off or a lesser Sabotage only with a second Counterintelligence in hand. Tip-Off against
DRAW2, EXTRA1 and STEAL bonuses. Otherwise it continues (quick) or lets the window run (fixed).

Hidden hands are never guessed at: only the team's own hands, the table, the scores and the hand counts are read. It
reads no random numbers, so it is deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.protocol import Action
from games.red_scare_redux import data
from games.red_scare_redux.objectives import Item, complete, helps, item_of, missing

View = dict[str, Any]

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


def placed_item(placed: dict[str, Any]) -> Item | None:
    if "pair" in placed:
        return item_of("", placed.get("as"), pair=True)
    return item_of(placed["card"], placed.get("as"))


def partial_items(partial: dict[str, Any]) -> list[Item]:
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
    items, pool, used = list(items), list(pool), []
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
    return items, used


class Table:
    """The seat's view, indexed for the questions the bot asks."""

    def __init__(self, view: View) -> None:
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


# ----------------------------------------------------------------------------- main actions


def add_value(table: Table, partial: dict[str, Any], item: Item, pair: bool = False) -> float:
    obj = objective(partial["objective"])
    items = partial_items(partial)
    if not reduces(obj, items, item):
        return -1.0
    after = items + [item]
    if complete(obj, after):
        return COMPLETE + obj.points
    value = ADD + 10 / (1 + work(obj, after)) + obj.points * 0.5
    if item[0] == "supply":
        short = missing(obj, items)["supplies"][item[1][0]]
        waste = max(0, item[1][1] - short)
        value -= waste * 0.5
    return value - (4 if pair else 0)


def begin_value(table: Table, action: Action) -> float:
    obj = objective(action["objective"])
    pool = list(table.hand)
    pool.remove(action["objective"])
    if "pair" in action:
        for card in action["pair"]:
            pool.remove(card)
        first: Item = ("pair", action["as"])
    else:
        item = item_of(action["card"], None)
        if item is None:
            return -1.0
        first = item
        pool.remove(action["card"])
    after, _ = fill(obj, [first], [c for c in pool if c not in data.OBJECTIVE_BY_NAME])
    # Among beginnings of one Objective: a single Agent for a class slot first, a Supply that overshoots last.
    fit = -3.0 if "pair" in action else 0.3 if first[0] == "agent" and first[1] in obj.agents else 0.0
    if first[0] == "supply":
        kind, need = first[1][0], obj.supplies.get(first[1][0], 0)
        fit = 0.0 if action["card"] == best_supply(pool + [action["card"]], kind, need) else -0.5
    if complete(obj, after):
        return COMPLETE - 5 + obj.points + fit
    return BEGIN + 8 / (1 + work(obj, after)) + obj.points * 0.5 + fit


def placed_worth(obj: data.Objective, placed: dict[str, Any]) -> float:
    """How much removing a placed card sets an Objective back."""
    if "pair" in placed:
        return 3.0
    if placed["card"] in data.CLASS_OF or placed["card"] == "Double Agent":
        cls = placed.get("as") or data.CLASS_OF.get(placed["card"], "*")
        return 2.5 if cls in obj.agents else 1.5
    supply = data.supply_of(placed["card"])
    return (supply[1] if supply else data.FORGED_PAPERS_VALUE) * 0.8


def advance(partial: dict[str, Any]) -> float:
    obj = objective(partial["objective"])
    return obj.points * fraction(obj, partial_items(partial))


def black_ops_value(table: Table, action: Action) -> float:
    card = action["card"]
    view = table.view
    if card in ("Double Agent", "Forged Papers"):
        partial = table.partials[action["partial"]]
        item = item_of(card, action["as"])
        assert item is not None
        value = add_value(table, partial, item)
        return value - 6 if value > 0 else -1.0
    if card == "Requisition":
        left = view["decks"]["omega"] + view["decks"]["delta"]
        return REQUISITION if left >= 3 else DRAW + 1
    if card in ("Pickpocket", "Interrogation"):
        victim = action["victim"]
        count: int = sum(view["hand_counts"][victim].values())
        bonus = 2 if view["team_of"][victim] == table.leader else 0
        return (9 if card == "Interrogation" else 7) + 0.3 * count + bonus
    partial = table.partials[action["partial"]]
    lead = LEADER_WEIGHT if partial["team"] == table.leader else 1.0
    adv = advance(partial) * lead
    if card == "Burn Notice":
        return 3 + 6 * adv
    placed = partial["placed"][action["at"]]
    value = 3 + 4 * adv + placed_worth(objective(partial["objective"]), placed)
    if card == "Defector":
        names = placed["pair"] if "pair" in placed else [placed["card"]]
        taken = names[action["member"] or 0]
        if taken in data.CLASS_OF and table.needs.get(data.CLASS_OF[taken]):
            value += 2
        if action["member"] is not None and table.needs.get(data.CLASS_OF.get(names[1 - action["member"]], "")):
            value -= 0.5  # the member we would rather have is the one discarded
    return value


def give_value(table: Table, action: Action) -> float:
    mate, card = action["to"], action["card"]
    mate_hand = table.view["hands"][mate] or []
    best = -1.0
    for obj_name in set(mate_hand):
        if obj_name not in data.OBJECTIVE_BY_NAME:
            continue
        obj = objective(obj_name)
        pool = [c for c in mate_hand if c not in data.OBJECTIVE_BY_NAME]
        before, _ = fill(obj, [], pool)
        after, used = fill(obj, [], pool + [card])
        if card not in used or work(obj, after) >= work(obj, before):
            continue
        best = max(best, 10 + (8 if complete(obj, after) else 4 / (1 + work(obj, after))))
    return best


def take_value(table: Table, action: Action) -> float:
    card, mate = action["card"], action["from"]
    if table.view["actions_left"] < 2:
        return -1.0
    item = item_of(card, None)
    if card in data.CLASS_OF or data.supply_of(card) is not None:
        assert item is not None
        for partial in table.ours:
            obj = objective(partial["objective"])
            items = partial_items(partial)
            if reduces(obj, items, item) and complete(obj, items + [item]):
                return TAKE_LAST + obj.points
        return -1.0
    if card in data.OBJECTIVE_BY_NAME:
        obj = objective(card)
        mine = [c for c in table.hand if c not in data.OBJECTIVE_BY_NAME]
        theirs = [c for c in table.view["hands"][mate] or [] if c not in data.OBJECTIVE_BY_NAME]
        _, used_mine = fill(obj, [], mine)
        _, used_theirs = fill(obj, [], theirs)
        if len(used_mine) >= 2 and len(used_mine) > len(used_theirs):
            return 14 + 2 * len(used_mine)
    return -1.0


def redraw_choice(table: Table) -> list[str]:
    junk = sorted((c for c in table.hand if table.usefulness(c) < JUNK), key=lambda c: (table.usefulness(c), c))
    return junk[:data.REDRAW_MAX]


def main_value(table: Table, action: Action, redraw: list[str]) -> float:
    kind = action["type"]
    if kind in ("add", "add_pair"):
        partial = table.partials[action["partial"]]
        item = item_of(action.get("card", ""), action.get("as"), pair=kind == "add_pair")
        return -1.0 if item is None else add_value(table, partial, item, pair=kind == "add_pair")
    if kind == "begin":
        return begin_value(table, action)
    if kind == "black_ops":
        return black_ops_value(table, action)
    if kind == "draw":
        return DRAW + (0.5 if action["deck"] == table.helpful_deck() else 0)
    if kind == "draw_objective":
        held = sum(1 for c in table.team_hand if c in data.OBJECTIVE_BY_NAME) + len(table.ours)
        return 12.0 if held == 0 else 4.0 if held == 1 else 0.5
    if kind == "redraw":
        if len(redraw) >= 2 and sorted(action["cards"]) == sorted(redraw):
            return 6.0 + len(redraw)
        return -1.0
    if kind == "give":
        return give_value(table, action)
    if kind == "take":
        return take_value(table, action)
    if kind == "end_turn":
        return 0.0
    return -1.0


# ----------------------------------------------------------------------------- steps and windows


def place_value(table: Table, partial: dict[str, Any], action: Action) -> float:
    if action["type"] == "done":
        return 0.0
    pair = action["type"] == "place_pair"
    item = item_of(action.get("card", ""), action.get("as"), pair=pair)
    if item is None:
        return -1.0
    obj = objective(partial["objective"])
    items = partial_items(partial)
    if not reduces(obj, items, item):
        return -1.0
    if complete(obj, items + [item]):
        return COMPLETE
    if pair:
        return -1.0  # two Agents for one slot only when that completes the Objective
    if item[0] == "agent":
        return 20.0 if item[1] in obj.agents else 15.0
    short = missing(obj, items)["supplies"][item[1][0]]
    hand = table.hand
    return 10.0 + (1 if action["card"] == best_supply(hand, item[1][0], short) else 0)


def card_worth_to(view: View, team: int, card: str) -> float:
    """How much a card in an opponent's hand helps them (for Interrogation's pick)."""
    supply = data.supply_of(card)
    item = item_of(card, None) if card in data.CLASS_OF or supply is not None else None
    value = BLACK_OPS_KEEP.get(card, 0.0)
    if card in data.OBJECTIVE_BY_NAME:
        value = 5 + objective(card).points
    elif card in data.CLASS_OF:
        value = 6.0
    elif supply is not None:
        value = 1 + supply[1] * 0.5
    for partial in view["partials"]:
        if partial["team"] == team and item is not None:
            obj = objective(partial["objective"])
            items = partial_items(partial)
            if reduces(obj, items, item):
                value = max(value, 12 + (10 if complete(obj, items + [item]) else 0))
    return value


def window_choice(table: Table, legal: list[Action]) -> Action | None:
    view = table.view
    window = view["window"]
    types = {a["type"] for a in legal}
    cont: Action | None = {"type": "continue"} if "continue" in types else None
    if window["kind"] == "tip_off":
        if "tip_off" in types and window.get("bonus") in ("DRAW2", "EXTRA1", "STEAL"):
            return {"type": "tip_off"}
        return cont
    if "counter" not in types:
        return cont
    spare = table.hand.count("Counterintelligence") >= 2
    action = window["action"]
    card = window["card"]
    against = False
    if card in ("Burn Notice", "Sabotage", "Defector"):
        partial = table.partials.get(action.get("partial", ""))
        against = partial is not None and partial["team"] == table.team and (
            card == "Burn Notice" or spare or advance(partial) >= 1.0)
    elif card == "Interrogation":
        against = view["team_of"][action["victim"]] == table.team
    elif card == "Pickpocket":
        against = view["team_of"][action["victim"]] == table.team and spare
    elif card in ("Double Agent", "Forged Papers"):
        partial = table.partials.get(action.get("partial", ""))
        item = item_of(card, action.get("as"))
        if partial is not None and item is not None and partial["team"] != table.team:
            obj = objective(partial["objective"])
            items = partial_items(partial)
            against = complete(obj, items + [item])
    elif card == "Tip-Off":
        against = spare
    return {"type": "counter"} if against else cont


def step_choice(table: Table, legal: list[Action]) -> Action:
    view = table.view
    step = view["step"]
    kind = step["kind"]
    if kind == "draw":
        deck = table.helpful_deck()
        return next((a for a in legal if a["deck"] == deck), legal[0])
    if kind == "place":
        partial = table.partials[step["partial"]]
        return best(legal, lambda a: place_value(table, partial, a))
    if kind == "steal":
        return best(legal, lambda a: (view["team_of"][a["victim"]] == table.leader)
                    + sum(view["hand_counts"][a["victim"]].values()))
    if kind == "interrogate":
        victim_team = view["team_of"][step["victim"]]
        return best(legal, lambda a: card_worth_to(view, victim_team, a["card"]))
    if kind == "discard":
        return best(legal, lambda a: -table.usefulness(a["card"]))
    return legal[0]


def best(legal: list[Action], value: Callable[[Action], float]) -> Action:
    """The entry worth most; the first in the list on a tie."""
    top, top_value = legal[0], float("-inf")
    for action in legal:
        v = value(action)
        if v > top_value:
            top, top_value = action, v
    return top


def basic_bot(view: View, legal: list[Action], rand: random.Random) -> Action | None:
    if not legal:
        return None
    table = Table(view)
    if view["window"] is not None:
        return window_choice(table, legal)
    if view["step"] is not None:
        return step_choice(table, legal)
    redraw = redraw_choice(table) if view["first_action"] else []
    return best(legal, lambda a: main_value(table, a, redraw))
