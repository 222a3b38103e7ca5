"""The active player's turn: the main actions and their costs, the steps they open, bonuses and the turn's end."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.protocol import Seat
from games.red_scare_redux import data
from games.red_scare_redux.rules import blackops
from games.red_scare_redux.rules.table import (
    card_helps,
    describe,
    find,
    objective_of,
    place,
    resolve_completion,
    steal_targets,
)
from games.red_scare_redux.rules.zones import (
    BACK_WORDS,
    active,
    distinct,
    hand_names,
    log,
    name,
    placed_names,
    resources_left,
    take_from_hand,
    team_seats,
    teammates,
)
from games.red_scare_redux.state import (
    Back,
    BeginAction,
    BeginPairAction,
    Deck,
    DiscardAction,
    MainAction,
    Partial,
    PutAction,
    RedScareState,
    StealAction,
    StepAction,
)

DECKS: tuple[Deck, ...] = ("omega", "delta")


# ----------------------------------------------------------------------------- legal main actions


def main_actions(state: RedScareState, seat: Seat) -> list[MainAction]:
    out: list[MainAction] = []
    left = state["actions_left"]
    hand = hand_names(state, seat)
    cards = distinct(hand)
    out += [{"type": "draw", "deck": deck} for deck in DECKS if state["decks"][deck]]
    if state["decks"]["objective"] and left >= data.OBJECTIVE_DRAW_COST:
        out.append({"type": "draw_objective"})
    if state["first_action"]:
        most = min(data.REDRAW_MAX, resources_left(state))
        for size in range(1, most + 1):
            out += [{"type": "redraw", "cards": list(combo)} for combo in dict.fromkeys(combinations(hand, size))]
    for mate in teammates(state, seat):
        if len(state["hands"][mate]) < state["hand_limits"][mate]:
            out += [{"type": "give", "card": card, "to": mate} for card in cards]
        out += [{"type": "take", "card": card, "from": mate} for card in distinct(hand_names(state, mate))]
    for objective in cards:
        if objective in data.OBJECTIVE_BY_NAME:
            out += begin_actions(state, hand, objective)
    for partial in state["partials"]:
        if partial["team"] == state["team_of"][seat]:
            out += add_actions(state, partial, hand)
    out += blackops.actions(state, seat)
    out.append({"type": "end_turn"})
    return out


def pairs(hand: list[str], cls: str) -> list[tuple[str, str]]:
    """Two Agents the player may declare as one of class ``cls`` (ruling 19): only when the hand holds no Agent of
    that class, and so no member is of it. A Double Agent in hand has no class yet and bars nothing."""
    agents = [card for card in hand if card in data.CLASS_OF]
    if any(data.CLASS_OF[card] == cls for card in agents):
        return []
    return list(dict.fromkeys(combinations(agents, 2)))


def begin_actions(state: RedScareState, hand: list[str], objective: str) -> list[MainAction]:
    probe: Partial = {"id": "", "team": 0, "objective": objective_copy(state, objective), "placed": []}
    rest = list(hand)
    rest.remove(objective)
    out: list[MainAction] = [{"type": "begin", "objective": objective, "card": card} for card in distinct(rest)
                         if card != "Double Agent" and card_helps(state, probe, card, as_set=True)]
    for cls in dict.fromkeys(c for c in data.OBJECTIVE_BY_NAME[objective].agents if c != "*"):
        out += [{"type": "begin", "objective": objective, "pair": list(pair), "as": cls}
                for pair in pairs(rest, cls)]
    return out


def objective_copy(state: RedScareState, objective: str) -> int:
    return next(i for i, card in enumerate(state["cards"]) if card["name"] == objective)


def add_actions(state: RedScareState, partial: Partial, hand: list[str]) -> list[MainAction]:
    """``add`` and ``add_pair`` onto a partial of the player's team."""
    where = partial["id"]
    out: list[MainAction] = [{"type": "add", "partial": where, "card": card} for card in helping(state, partial, hand)]
    for cls, pair in helping_pairs(state, partial, hand):
        out.append({"type": "add_pair", "partial": where, "pair": list(pair), "as": cls})
    return out


def place_actions(state: RedScareState, partial: Partial, hand: list[str]) -> list[StepAction]:
    """``place`` and ``place_pair`` in a beginning's ``place`` step (its cards judged as a set, ruling 4)."""
    out: list[StepAction] = [{"type": "place", "card": card} for card in helping(state, partial, hand, as_set=True)]
    for cls, pair in helping_pairs(state, partial, hand):
        out.append({"type": "place_pair", "pair": list(pair), "as": cls})
    return out


def helping(state: RedScareState, partial: Partial, hand: list[str], as_set: bool = False) -> list[str]:
    """The Agents and Supplies of the hand that help the partial, once each."""
    return [card for card in distinct(hand) if card in data.CLASS_OF or data.supply_of(card) is not None
            if card_helps(state, partial, card, as_set=as_set)]


def helping_pairs(state: RedScareState, partial: Partial, hand: list[str]) -> list[tuple[str, tuple[str, str]]]:
    """(class, pair) for every pair of the hand that may stand for a class slot the partial still has open."""
    out: list[tuple[str, tuple[str, str]]] = []
    for cls in dict.fromkeys(c for c in objective_of(state, partial).agents if c != "*"):
        if card_helps(state, partial, "", cls, pair=True):
            out += [(cls, pair) for pair in pairs(hand, cls)]
    return out


# ----------------------------------------------------------------------------- applying main actions


def apply_main(state: RedScareState, seat: Seat, action: MainAction) -> None:
    kind = action["type"]
    if action["type"] == "end_turn":
        log(state, f"{{s{seat}}} ends the turn.")
        end_turn(state)
        return
    state["actions_left"] -= data.OBJECTIVE_DRAW_COST if kind == "draw_objective" else 1
    state["first_action"] = False
    if action["type"] == "draw":
        draw(state, seat, action["deck"])
    elif action["type"] == "draw_objective":
        draw(state, seat, "objective")
    elif action["type"] == "redraw":
        for card in action["cards"]:
            state["discard"].append(take_from_hand(state, seat, card))
        log(state, f"{{s{seat}}} discards {', '.join(action['cards'])} to draw as many.",
            event={"kind": "discard", "seat": seat, "cards": list(action["cards"]), "reason": "redraw"})
        state["step"] = {"kind": "draw", "seat": seat, "owed": len(action["cards"])}
    elif action["type"] == "give":
        copy = take_from_hand(state, seat, action["card"])
        state["hands"][action["to"]].append(copy)
        log_exchange(state, f"{{s{seat}}} gives {{what}} to {{s{action['to']}}}.", copy,
                     {"kind": "give", "seat": seat, "from": seat, "to": action["to"]})
    elif action["type"] == "take":
        copy = take_from_hand(state, action["from"], action["card"])
        state["hands"][seat].append(copy)
        log_exchange(state, f"{{s{seat}}} takes {{what}} from {{s{action['from']}}}.", copy,
                     {"kind": "take", "seat": seat, "from": action["from"], "to": seat})
    elif action["type"] == "begin":
        begin(state, seat, action)
    elif action["type"] == "add" or action["type"] == "add_pair":
        partial = find(state, action["partial"])
        put(state, seat, partial, action)
        resolve_completion(state, seat, partial)
    elif action["type"] == "black_ops":
        blackops.play(state, seat, action)
    after_action(state)


def log_exchange(state: RedScareState, text: str, copy: int, moved: dict[str, Any]) -> None:
    """A card passed between teammates: the team sees which, the others see its back (ruling 11). ``moved``: the
    event without the card (kind, seat, from, to)."""
    team = team_seats(state, moved["seat"])
    log(state, text.replace("{what}", name(state, copy)), to=team, event={**moved, "card": name(state, copy)})
    others = [s for s in range(state["players"]) if s not in team]
    if others:
        back = state["cards"][copy]["back"]
        log(state, text.replace("{what}", BACK_WORDS[back]), to=others, redacted=True, event={**moved, "back": back})


def draw(state: RedScareState, seat: Seat, deck: Back) -> None:
    copy = state["decks"][deck].pop(0)
    state["hands"][seat].append(copy)
    state["progress"] = True
    log(state, f"{{s{seat}}} draws {BACK_WORDS[deck]}.", redacted=True)  # the team's line below names the card
    log(state, f"{{s{seat}}} drew {name(state, copy)}.", to=team_seats(state, seat))
    if deck != "objective" and resources_left(state) == 0 and not state["last_turn"]:
        state["last_turn"] = True
        log(state, "The last Resource card is drawn: this is the last turn.")


def put(state: RedScareState, seat: Seat, partial: Partial, action: PutAction) -> None:
    if "pair" in action:
        copies = [take_from_hand(state, seat, card) for card in action["pair"]]
        place(state, partial, copies, action["as"])
    else:
        place(state, partial, [take_from_hand(state, seat, action["card"])], None)
    placed, objective = partial["placed"][-1], objective_of(state, partial).name
    log(state, f"{{s{seat}}} places {describe(state, placed)} on {objective} ({partial['id']}).",
        event={"kind": "place", "seat": seat, "cards": placed_names(state, placed), "as": placed["as"],
               "objective": objective, "partial": partial["id"]})


def begin(state: RedScareState, seat: Seat, action: BeginAction | BeginPairAction) -> None:
    partial: Partial = {"id": f"p{state['next_partial']}", "team": state["team_of"][seat],
                        "objective": take_from_hand(state, seat, action["objective"]), "placed": []}
    state["next_partial"] += 1
    state["partials"].append(partial)
    log(state, f"{{s{seat}}} begins {action['objective']} ({partial['id']}).",
        event={"kind": "begin", "seat": seat, "objective": action["objective"], "partial": partial["id"]})
    put(state, seat, partial, action)
    if not resolve_completion(state, seat, partial):
        state["step"] = {"kind": "place", "seat": seat, "partial": partial["id"]}


# ----------------------------------------------------------------------------- steps


def step_actions(state: RedScareState) -> list[StepAction]:
    step = state["step"]
    assert step is not None
    seat = step["seat"]
    if step["kind"] == "draw":
        return [{"type": "draw", "deck": deck} for deck in DECKS if state["decks"][deck]]
    if step["kind"] == "place":
        partial = find(state, step["partial"])
        return place_actions(state, partial, hand_names(state, seat)) + [{"type": "done"}]
    if step["kind"] == "steal":
        steals: list[StealAction] = [{"type": "steal", "victim": victim} for victim in steal_targets(state, seat)]
        return list(steals)
    if step["kind"] == "discard":
        discards: list[DiscardAction] = [{"type": "discard", "card": c} for c in distinct(hand_names(state, seat))]
        return list(discards)
    return list(blackops.interrogate_actions(state, step["victim"]))


def apply_step(state: RedScareState, seat: Seat, action: StepAction) -> None:
    step = state["step"]
    assert step is not None
    if action["type"] == "draw":
        assert step["kind"] == "draw"
        draw(state, seat, action["deck"])
        step["owed"] -= 1
        if step["owed"] == 0 or resources_left(state) == 0:
            state["step"] = None
    elif action["type"] == "place" or action["type"] == "place_pair":
        assert step["kind"] == "place"
        partial = find(state, step["partial"])
        state["step"] = None  # a completion may open the bonus's own step
        put(state, seat, partial, action)
        if not resolve_completion(state, seat, partial):
            state["step"] = step
            return
    elif action["type"] == "done":
        state["step"] = None
    elif action["type"] == "steal":
        state["step"] = None
        blackops.take_random(state, seat, action["victim"], "steal")
    elif action["type"] == "pick":
        blackops.apply_pick(state, seat, action)
    elif action["type"] == "discard":
        state["discard"].append(take_from_hand(state, seat, action["card"]))
        log(state, f"{{s{seat}}} discards {action['card']} (hand limit).",
            event={"kind": "discard", "seat": seat, "cards": [action["card"]], "reason": "hand_limit"})
        if len(state["hands"][seat]) <= state["hand_limits"][seat]:
            state["step"] = None
            next_turn(state)
        return
    after_action(state)


# ----------------------------------------------------------------------------- the turn's end


def after_action(state: RedScareState) -> None:
    """Once an action has fully resolved (no step open), the turn ends by itself at 0 actions (ruling 16)."""
    if state["over"] or state["step"] is not None or state["window"] is not None:
        return
    if state["actions_left"] <= 0:
        end_turn(state)


def end_turn(state: RedScareState) -> None:
    seat = active(state)
    state["quiet_turns"] = 0 if state["progress"] else state["quiet_turns"] + 1
    if state["last_turn"]:
        finish(state, "decks_empty")
        return
    if state["quiet_turns"] >= data.NO_PROGRESS_ROUNDS * state["players"]:
        finish(state, "no_progress")
        return
    over = len(state["hands"][seat]) - state["hand_limits"][seat]
    if over > 0:
        state["step"] = {"kind": "discard", "seat": seat, "over": over}
        return
    next_turn(state)


def next_turn(state: RedScareState) -> None:
    state["turn_index"] = (state["turn_index"] + 1) % len(state["order"])
    state["actions_left"] = data.ACTIONS_PER_TURN
    state["first_action"] = True
    state["progress"] = False
    log(state, f"{{s{active(state)}}}'s turn.")


def finish(state: RedScareState, reason: str) -> None:
    state["over"] = True
    state["reason"] = reason


def default_step(state: RedScareState) -> StepAction:
    """Timeouts (rulings 2 and 13)."""
    step = state["step"]
    assert step is not None
    if step["kind"] == "draw":
        return {"type": "draw", "deck": larger_deck(state)}
    if step["kind"] == "place":
        return {"type": "done"}
    if step["kind"] == "steal":
        victims = steal_targets(state, step["seat"])
        # Ties: the earliest in turn order counting from the player whose turn it is (ruling 21).
        now = state["turn_index"]
        order = list(dict.fromkeys(state["order"][now:] + state["order"][:now]))
        victim = min(victims, key=lambda s: (-len(state["hands"][s]), order.index(s)))
        return {"type": "steal", "victim": victim}
    if step["kind"] == "interrogate":
        return {"type": "pick", "card": discard_order(hand_names(state, step["victim"]))[-1]}
    return {"type": "discard", "card": discard_order(hand_names(state, step["seat"]))[0]}


def larger_deck(state: RedScareState) -> Deck:
    return "omega" if len(state["decks"]["omega"]) > len(state["decks"]["delta"]) else "delta"


def discard_order(cards: list[str]) -> list[str]:
    """The bots' discard order: Supplies by value, then Black Ops, Agents, Objectives (catalogue order on ties)."""
    def key(card: str) -> tuple[int, int, tuple[int, int]]:
        rank = data.catalogue_rank(card)
        supply = data.supply_of(card)
        group = {1: 0, 3: 1, 2: 2, 0: 3}[rank[0]]
        return (group, supply[1] if supply else 0, rank)
    return sorted(cards, key=key)


def default_main(state: RedScareState) -> MainAction:
    if resources_left(state) == 0:
        return {"type": "end_turn"}
    return {"type": "draw", "deck": larger_deck(state)}
