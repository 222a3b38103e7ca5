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

from games.red_scare_redux import data
from games.red_scare_redux.bots.reading import (
    ADD,
    BEGIN,
    BLACK_OPS_KEEP,
    COMPLETE,
    DRAW,
    JUNK,
    LEADER_WEIGHT,
    REQUISITION,
    TAKE_LAST,
    Table,
    best_supply,
    fill,
    fraction,
    objective,
    partial_items,
    reduces,
    work,
)
from games.red_scare_redux.rules.objectives import Item, complete, item_of, missing
from games.red_scare_redux.state import (
    BeginAction,
    BeginPairAction,
    BlackOpsAction,
    GiveAction,
    PartialView,
    PlacedView,
    RedScareView,
    RsrAction,
    TakeAction,
)

# ----------------------------------------------------------------------------- main actions


def add_value(table: Table, partial: PartialView, item: Item, pair: bool = False) -> float:
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


def begin_value(table: Table, action: BeginAction | BeginPairAction) -> float:
    obj = objective(action["objective"])
    pool = list(table.hand)
    pool.remove(action["objective"])
    card: str | None = None  # the first card, None for a pair
    if "pair" in action:
        for member in action["pair"]:
            pool.remove(member)
        first: Item = ("pair", action["as"])
    else:
        card = action["card"]
        item = item_of(card, None)
        if item is None:
            return -1.0
        first = item
        pool.remove(card)
    after, _ = fill(obj, [first], [c for c in pool if c not in data.OBJECTIVE_BY_NAME])
    # Among beginnings of one Objective: a single Agent for a class slot first, a Supply that overshoots last.
    fit = -3.0 if card is None else 0.3 if first[0] == "agent" and first[1] in obj.agents else 0.0
    if first[0] == "supply" and card is not None:
        kind, need = first[1][0], obj.supplies.get(first[1][0], 0)
        fit = 0.0 if card == best_supply(pool + [card], kind, need) else -0.5
    if complete(obj, after):
        return COMPLETE - 5 + obj.points + fit
    return BEGIN + 8 / (1 + work(obj, after)) + obj.points * 0.5 + fit


def placed_worth(obj: data.Objective, placed: PlacedView) -> float:
    """How much removing a placed card sets an Objective back."""
    if "pair" in placed:
        return 3.0
    if placed["card"] in data.CLASS_OF or placed["card"] == "Double Agent":
        cls = placed.get("as") or data.CLASS_OF.get(placed["card"], "*")
        return 2.5 if cls in obj.agents else 1.5
    supply = data.supply_of(placed["card"])
    return (supply[1] if supply else data.FORGED_PAPERS_VALUE) * 0.8


def advance(partial: PartialView) -> float:
    obj = objective(partial["objective"])
    return obj.points * fraction(obj, partial_items(partial))


def hand_count(view: RedScareView, seat: int) -> int:
    counts = view["hand_counts"][seat]
    return counts["objective"] + counts["omega"] + counts["delta"]


def black_ops_value(table: Table, action: BlackOpsAction) -> float:
    card = action["card"]
    view = table.view
    if action["card"] == "Double Agent" or action["card"] == "Forged Papers":
        partial = table.partials[action["partial"]]
        item = item_of(card, action["as"])
        assert item is not None
        value = add_value(table, partial, item)
        return value - 6 if value > 0 else -1.0
    if action["card"] == "Requisition":
        left = view["decks"]["omega"] + view["decks"]["delta"]
        return REQUISITION if left >= 3 else DRAW + 1
    if action["card"] == "Pickpocket" or action["card"] == "Interrogation":
        victim = action["victim"]
        count = hand_count(view, victim)
        bonus = 2 if view["team_of"][victim] == table.leader else 0
        return (9 if card == "Interrogation" else 7) + 0.3 * count + bonus
    partial = table.partials[action["partial"]]
    lead = LEADER_WEIGHT if partial["team"] == table.leader else 1.0
    adv = advance(partial) * lead
    if action["card"] == "Burn Notice":
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


def give_value(table: Table, action: GiveAction) -> float:
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


def take_value(table: Table, action: TakeAction) -> float:
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


def main_value(table: Table, action: RsrAction, redraw: list[str]) -> float:
    if action["type"] == "add":
        item = item_of(action["card"], None)
        return -1.0 if item is None else add_value(table, table.partials[action["partial"]], item)
    if action["type"] == "add_pair":
        item = item_of("", action["as"], pair=True)
        return -1.0 if item is None else add_value(table, table.partials[action["partial"]], item, pair=True)
    if action["type"] == "begin":
        return begin_value(table, action)
    if action["type"] == "black_ops":
        return black_ops_value(table, action)
    if action["type"] == "draw":
        return DRAW + (0.5 if action["deck"] == table.helpful_deck() else 0)
    if action["type"] == "draw_objective":
        held = sum(1 for c in table.team_hand if c in data.OBJECTIVE_BY_NAME) + len(table.ours)
        return 12.0 if held == 0 else 4.0 if held == 1 else 0.5
    if action["type"] == "redraw":
        if len(redraw) >= 2 and sorted(action["cards"]) == sorted(redraw):
            return 6.0 + len(redraw)
        return -1.0
    if action["type"] == "give":
        return give_value(table, action)
    if action["type"] == "take":
        return take_value(table, action)
    if action["type"] == "end_turn":
        return 0.0
    return -1.0


# ----------------------------------------------------------------------------- steps and windows


def place_value(table: Table, partial: PartialView, action: RsrAction) -> float:
    if action["type"] == "place_pair":
        pair, card, item = True, "", item_of("", action["as"], pair=True)
    elif action["type"] == "place":
        pair, card, item = False, action["card"], item_of(action["card"], None)
    else:
        return 0.0  # done
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
    return 10.0 + (1 if card == best_supply(hand, item[1][0], short) else 0)


def card_worth_to(view: RedScareView, team: int, card: str) -> float:
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


def window_choice(table: Table, legal: list[RsrAction]) -> RsrAction | None:
    view = table.view
    window = view["window"]
    assert window is not None
    types = {a["type"] for a in legal}
    cont: RsrAction | None = {"type": "continue"} if "continue" in types else None
    if window["kind"] == "tip_off":
        if "tip_off" in types and window["bonus"] in ("DRAW2", "EXTRA1", "STEAL"):
            return {"type": "tip_off"}
        return cont
    if "counter" not in types:
        return cont
    spare = table.hand.count("Counterintelligence") >= 2
    action = window["action"]  # what the window holds up: a Black Ops card or a Tip-Off
    against = False
    if action["type"] == "tip_off":
        against = spare
    elif action["card"] in ("Burn Notice", "Sabotage", "Defector"):
        partial = table.partials.get(action["partial"])
        against = partial is not None and partial["team"] == table.team and (
            action["card"] == "Burn Notice" or spare or advance(partial) >= 1.0)
    elif action["card"] == "Interrogation":
        against = view["team_of"][action["victim"]] == table.team
    elif action["card"] == "Pickpocket":
        against = view["team_of"][action["victim"]] == table.team and spare
    elif action["card"] in ("Double Agent", "Forged Papers"):
        partial = table.partials.get(action["partial"])
        item = item_of(action["card"], action["as"])
        if partial is not None and item is not None and partial["team"] != table.team:
            obj = objective(partial["objective"])
            items = partial_items(partial)
            against = complete(obj, items + [item])
    return {"type": "counter"} if against else cont


def step_choice(table: Table, legal: list[RsrAction]) -> RsrAction:
    view = table.view
    step = view["step"]
    assert step is not None
    kind = step["kind"]
    if kind == "draw":
        deck = table.helpful_deck()
        return next((a for a in legal if a["type"] == "draw" and a["deck"] == deck), legal[0])
    if kind == "place":
        assert step["partial"] is not None
        partial = table.partials[step["partial"]]
        return best(legal, lambda a: place_value(table, partial, a))
    if kind == "steal":
        def steal_value(a: RsrAction) -> float:
            assert a["type"] == "steal"
            return (view["team_of"][a["victim"]] == table.leader) + hand_count(view, a["victim"])
        return best(legal, steal_value)
    if kind == "interrogate":
        assert step["victim"] is not None
        victim_team = view["team_of"][step["victim"]]

        def pick_value(a: RsrAction) -> float:
            assert a["type"] == "pick"
            return card_worth_to(view, victim_team, a["card"])
        return best(legal, pick_value)
    if kind == "discard":
        def discard_value(a: RsrAction) -> float:
            assert a["type"] == "discard"
            return -table.usefulness(a["card"])
        return best(legal, discard_value)
    return legal[0]


def best(legal: list[RsrAction], value: Callable[[RsrAction], float]) -> RsrAction:
    """The entry worth most; the first in the list on a tie."""
    top, top_value = legal[0], float("-inf")
    for action in legal:
        v = value(action)
        if v > top_value:
            top, top_value = action, v
    return top


def basic_bot(view: RedScareView, legal: list[RsrAction], rand: random.Random) -> RsrAction | None:
    if not legal:
        return None
    table = Table(view)
    if view["window"] is not None:
        return window_choice(table, legal)
    if view["step"] is not None:
        return step_choice(table, legal)
    redraw = redraw_choice(table) if view["first_action"] else []
    return best(legal, lambda a: main_value(table, a, redraw))
