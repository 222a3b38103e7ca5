"""Turncoats rules: legal actions, applying them, area control and the result (setup is in ``setup.py``).

Stones of one colour are interchangeable, so every zone (bag, hands, areas, axe, flag) is a count per colour.
Source: shared/rules/turncoats.txt and turncoats-edition.md; rulings are quoted where a line implements one.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from games import rng
from games.protocol import Seat
from games.state import RngState
from games.turncoats.data import ADJACENT, AREAS, COLOURS
from games.turncoats.state import Battle, Colour, Counts, March, TurncoatsAction, TurncoatsState


def empty() -> Counts:
    return {c: 0 for c in COLOURS}


def total(counts: Counts) -> int:
    return sum(counts.values())


def draw(state: RngState, bag: Counts) -> Colour:
    """Take one stone from the bag at random, each stone equally likely."""
    pick = rng.randbelow(state, total(bag))
    for colour in COLOURS:
        if pick < bag[colour]:
            bag[colour] -= 1
            return colour
        pick -= bag[colour]
    raise AssertionError("edition invariant: the bag is never empty when a stone is drawn")


# ----------------------------------------------------------------------------- legal


def legal(state: TurncoatsState, seat: Seat) -> list[TurncoatsAction]:
    if state["over"] or seat != state["turn"]:
        return []
    if state["drawn"] is not None:
        # Edition: after the draw there is no going back; return any stone from hand, the drawn one included.
        return [_return(c) for c in COLOURS if state["hands"][seat][c] > 0]
    hand = state["hands"][seat]
    actions: list[TurncoatsAction] = []
    for colour in COLOURS:
        if hand[colour] == 0:
            continue
        actions += _recruits(colour)
        actions += battle_options(state, colour)
        actions += march_options(state, colour)
    actions.append(_NEGOTIATE)
    return actions


def battle_options(state: TurncoatsState, colour: Colour) -> list[Battle]:
    """Edition: any area may be named; exactly k = min(attackers, defenders) die, the active player choosing."""
    first, second = _OTHERS[colour]
    out: list[Battle] = []
    for area in range(AREAS):
        stones = state["areas"][area]
        out += _battles(colour, area, stones[colour], stones[first], stones[second])
    return out


def march_options(state: TurncoatsState, colour: Colour) -> list[March]:
    """Edition: from an area holding the flag colour, 1..all of those stones move together to one adjacent area."""
    out: list[March] = []
    for area in range(AREAS):
        present = state["areas"][area][colour]
        if present:
            out += _marches(colour, area, present)
    return out


# The legal actions are a small fixed set of values, made once and shared by every legal list (a table held in
# memory keeps its lists, and a list is mostly the same few hundred actions). Shared, so never changed: the engine,
# the bots and the server only read actions.
_NEGOTIATE: TurncoatsAction = {"type": "negotiate"}


@cache
def _return(colour: Colour) -> TurncoatsAction:
    return {"type": "return", "colour": colour}


@cache
def _recruit(colour: Colour, area: int) -> TurncoatsAction:
    return {"type": "recruit", "colour": colour, "area": area}


@cache
def _battle(colour: Colour, area: int, first: int, second: int) -> Battle:
    others = [c for c in COLOURS if c != colour]
    return {"type": "battle", "colour": colour, "area": area, "victims": {others[0]: first, others[1]: second}}


@cache
def _march(colour: Colour, area: int, to: int, count: int) -> March:
    return {"type": "march", "colour": colour, "from": area, "to": to, "count": count}


# A legal list is built at every seq: each area's part of it is looked up by the few counts it depends on, rather than
# made again action by action (most of the engine's time per move).
_OTHERS = {colour: tuple(c for c in COLOURS if c != colour) for colour in COLOURS}


@cache
def _recruits(colour: Colour) -> tuple[TurncoatsAction, ...]:
    return tuple(_recruit(colour, area) for area in range(AREAS))


@cache
def _battles(colour: Colour, area: int, mine: int, first: int, second: int) -> tuple[Battle, ...]:
    """The battles ``colour`` may fight in ``area`` holding ``mine`` of its stones and ``first`` and ``second`` of
    the other two colours' (in ``COLOURS`` order)."""
    kills = min(mine, first + second)
    return tuple(_battle(colour, area, n, kills - n) for n in range(max(0, kills - second), min(kills, first) + 1))


@cache
def _marches(colour: Colour, area: int, present: int) -> tuple[March, ...]:
    """The marches of 1..``present`` stones of ``colour`` out of ``area``, to each adjacent area in turn."""
    return tuple(_march(colour, area, to, n) for to in ADJACENT[area] for n in range(1, present + 1))


# ----------------------------------------------------------------------------- apply


def apply(state: TurncoatsState, seat: Seat, action: TurncoatsAction) -> None:
    hand = state["hands"][seat]
    if action["type"] == "negotiate":
        colour = draw(state, state["bag"])
        hand[colour] += 1
        state["drawn"] = colour
        state["last"] = {"type": "draw", "seat": seat}
        state["log"].append({"text": "{s%d} negotiates and draws a stone from the bag." % seat,
                             "event": {"kind": "negotiate", "seat": seat}})
        state["log"].append({"text": f"You drew a {colour} stone.", "to": [seat],
                             "event": {"kind": "drew", "seat": seat, "colour": colour}})
        return
    if action["type"] == "return":
        colour = action["colour"]
        hand[colour] -= 1
        state["bag"][colour] += 1
        state["drawn"] = None
        state["streak"] += 1
        state["last"] = {"type": "negotiate", "seat": seat, "colour": colour}
        state["log"].append({"text": "{s%d} negotiated and returned a %s stone." % (seat, colour),
                             "event": {"kind": "return", "seat": seat, "colour": colour}})
        # Edition: the game ends at once when the consecutive completed Negotiates reach the number of players.
        if state["streak"] >= state["players"]:
            state["over"] = True
            state["final_negotiator"] = seat
            state["log"].append({"text": "Every player negotiated in turn: the game is over.",
                                 "event": {"kind": "over"}})
            return
        _pass_turn(state)
        return
    colour = action["colour"]
    hand[colour] -= 1
    state["streak"] = 0  # any other action resets the streak
    if action["type"] == "recruit":
        state["areas"][action["area"]][colour] += 1
        state["last"] = {"type": "recruit", "seat": seat, "colour": colour, "area": action["area"]}
        state["log"].append({"text": "{s%d} recruited a %s stone into area %d." % (seat, colour, action["area"]),
                             "event": {"kind": "recruit", "seat": seat, "colour": colour, "area": action["area"]}})
    elif action["type"] == "battle":
        state["axe"][colour] += 1
        area = state["areas"][action["area"]]
        killed: dict[str, int] = {}  # as the line names them: the colours that lost stones
        for victim, n in action["victims"].items():
            area[victim] -= n
            state["bag"][victim] += n  # killed stones go back to the bag
            if n:
                killed[victim] = n
        state["last"] = {"type": "battle", "seat": seat, "colour": colour, "area": action["area"],
                         "victims": dict(action["victims"])}
        outcome = "killing " + " and ".join(f"{n} {c}" for c, n in killed.items()) if killed else "killing none"
        state["log"].append({"text": "{s%d} battled with %s in area %d, %s." % (seat, colour, action["area"], outcome),
                             "event": {"kind": "battle", "seat": seat, "colour": colour, "area": action["area"],
                                       "killed": killed}})
    elif action["type"] == "march":
        state["flag"][colour] += 1
        state["areas"][action["from"]][colour] -= action["count"]
        state["areas"][action["to"]][colour] += action["count"]
        state["last"] = {"type": "march", "seat": seat, "colour": colour, "from": action["from"], "to": action["to"],
                         "count": action["count"]}
        state["log"].append({"text": "{s%d} marched %d %s from area %d to area %d." % (
            seat, action["count"], colour, action["from"], action["to"]),
            "event": {"kind": "march", "seat": seat, "colour": colour, "count": action["count"],
                      "from": action["from"], "to": action["to"]}})
    _pass_turn(state)


def _pass_turn(state: TurncoatsState) -> None:
    state["turn"] = (state["turn"] + 1) % state["players"]


# ----------------------------------------------------------------------------- control and result


def narrow(candidates: list[Colour], key: Counts) -> list[Colour]:
    """Keep the candidates tied for the most of ``key``."""
    best = max(key[c] for c in candidates)
    return [c for c in candidates if key[c] == best]


def ruler(state: TurncoatsState, area: int) -> Colour | None:
    """Edition: most stones; a tie narrows by axe stones, then flag stones; a surviving tie or empty area is unruled."""
    stones = state["areas"][area]
    counts = [stones[c] for c in COLOURS]
    best = max(counts)
    if best == 0:
        return None
    if counts.count(best) == 1:  # the usual case, no tie (every view works out every area's ruler)
        return COLOURS[counts.index(best)]
    tied = [c for c in COLOURS if stones[c] == best]
    for tiebreak in (state["axe"], state["flag"]):
        if len(tied) > 1:
            tied = narrow(tied, tiebreak)
    return tied[0] if len(tied) == 1 else None


def rulers(state: TurncoatsState) -> list[Colour | None]:
    """Every area's ruler, in area order: ``ruler`` of each, with its usual case (one colour ahead, or an empty area)
    settled inline, since every view works out all eleven."""
    first, second, third = COLOURS
    out: list[Colour | None] = []
    for area, stones in enumerate(state["areas"]):
        a, b, c = stones[first], stones[second], stones[third]
        if a > b and a > c:
            out.append(first)
        elif b > a and b > c:
            out.append(second)
        elif c > a and c > b:
            out.append(third)
        else:
            out.append(ruler(state, area))  # a tie for the most, or an empty area
    return out


def ruled_counts(state: TurncoatsState, ruled: list[Colour | None] | None = None) -> Counts:
    """How many areas each colour rules (``ruled``: ``rulers(state)``, when the caller has it already)."""
    counts = empty()
    for colour in rulers(state) if ruled is None else ruled:
        if colour is not None:
            counts[colour] += 1
    return counts


def winning_colour(state: TurncoatsState, counts: Counts | None = None) -> Colour | None:
    """Edition: most areas ruled; ties narrow by axe then flag (even at 0 areas each); else no colour wins.
    ``counts``: ``ruled_counts(state)``, when the caller has it already."""
    tied = narrow(list(COLOURS), ruled_counts(state) if counts is None else counts)
    for tiebreak in (state["axe"], state["flag"]):
        if len(tied) > 1:
            tied = narrow(tied, tiebreak)
    return tied[0] if len(tied) == 1 else None


def ranking(state: TurncoatsState) -> list[dict[str, Any]]:
    """Every player ranked by the edition's keys: most winning-colour stones, fewest others, then turn order."""
    players = state["players"]
    colour = winning_colour(state)
    opener = ((state["final_negotiator"] if state["final_negotiator"] is not None else state["turn"]) + 1) % players
    rows = []
    for seat in range(players):
        hand = state["hands"][seat]
        good = hand[colour] if colour else 0
        others = total(hand) - good
        rows.append({"seat": seat, "winning_colour_stones": good, "other_stones": others,
                     "turn_order": (seat - opener) % players})
    rows.sort(key=lambda r: (-r["winning_colour_stones"], r["other_stones"], r["turn_order"]))
    for place, row in enumerate(rows, start=1):
        row["rank"] = place
    return rows


def result(state: TurncoatsState) -> dict[str, Any] | None:
    if not state["over"]:
        return None
    rows = ranking(state)
    return {
        "winners": [rows[0]["seat"]],
        "ranking": rows,
        "winning_colour": winning_colour(state),
        "ruled": ruled_counts(state),
        "reveal": {"hands": [dict(h) for h in state["hands"]], "bag": dict(state["bag"])},
    }


def default_action(state: TurncoatsState, seat: Seat) -> TurncoatsAction:
    """Edition: a timed-out or departed player negotiates, then returns the stone just drawn."""
    if state["drawn"] is not None:
        return {"type": "return", "colour": state["drawn"]}
    return {"type": "negotiate"}
