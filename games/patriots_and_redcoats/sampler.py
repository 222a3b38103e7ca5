"""Redrawing the Loyalty cards a seat cannot see, weighted by the public history (the ``resample`` hook's core).

What a seat knows of the Loyalty cards: its own three, every face-up card, how many face-down cards each player has,
the rules of the deal (one first-pile card a player; the Spies never move; the Leaders are held by living players, one
each, never by the opposing Spy while the game goes on) and the card it passed in the last Winter. Everything else,
every other player's face-down cards and the undealt ones, is redrawn, passed cards included: a card passed between
two other players is theirs to know, not this seat's.

A uniform redraw ignores what the table has watched. So, as DeepRole does for The Resistance (Serrino et al. 2019),
several candidate deals are drawn and one is kept with probability proportional to how likely it makes the public
history: War Councils that placed a side's card (its Commander and Agent probably on that side), the votes that elected
them, every vote, nomination, Spy card, feather split and Major Ferguson call read against what a plain player would
have done on either team (``tells``; at larger tables half of Spy cards and splits as an informed player's), and
cards seen flipped face down (still their holder's, or after one Winter pass perhaps the next player's). The draw
is canonical: pools are sorted before they are shuffled, so the result is a function of what the seat sees and of
``rand`` only.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

from games.patriots_and_redcoats import tells
from games.patriots_and_redcoats.data import (
    COLOUR,
    LEADERS,
    LOYALTY,
    PATRIOT,
    REDCOAT,
    SECOND_PILE,
    SPECIALS,
    SPIES,
    TEAMS,
)
from games.patriots_and_redcoats.rules import teams
from games.patriots_and_redcoats.rules.core import kind, next_living
from games.patriots_and_redcoats.state import CardId, PatriotsState, Team
from games.protocol import Seat, State, visible_entries

CANDIDATES = 20  # deals drawn per redraw, one kept by its weight
# How likely a council is to place side S, by how many of its Commander and Agent are on S (0, 1, 2): the War deck
# holds 10 Redcoat and 6 Patriot cards, so a council of one side is sometimes forced to place the other's.
PLACED = {"patriots": (0.05, 0.45, 0.8), "redcoats": (0.25, 0.6, 0.95)}
# How often an action is what a plain player's reasoning would do on the actor's team (``tells``); the rest of the
# time it is taken as any legal one. 0 weighs no tells of that kind.
PLAIN = {"vote": 0.75, "gift": 0.75, "nominate": 0.75, "feathers": 0.75, "ferguson": 0.75}
# Of the actions read as reasoned (``PLAIN``), the share taken as an informed player's (one who reasons from where the
# cards are, as the hard level does) rather than a plain one's: it spies on an enemy, gives all its feathers to allies
# and votes for a council likely to place its side. Half of Spy cards and splits read so sharpen the ally belief by a
# tenth to an eighth on games of hard and basic players; votes gain nothing, since a hard vote mostly agrees with a
# plain one. Applied from ``INFORMED_FROM`` players on: in games it won at 8 players and lost at 6
# (bench/notes/2026-12-05-patriots-hard.md).
INFORMED = {"vote": 0.0, "gift": 0.5, "feathers": 0.5}
INFORMED_FROM = 8  # players; 7 (not measured) reads plainly as 6 does, 9 and 10 (not measured) as 8 does
SHOWN_OWN = 0.3  # a player shows their own colour while holding the enemy's face down (a bluff shows the enemy's)
# A card flipped face down (Winter, Hessians) in front of everyone is still its holder's until a Winter pass; across one
# pass it stays with them unless they passed it to the next player (Spies never move; Leaders are kept, as a rule).
KEPT = {"special": 0.95, "colour": 0.75}
LOST = 0.02  # a flipped card with neither its holder nor the next player (as now seated): all but ruled out

WINTER_PASS = "winter_pass"  # the event of a Winter pass, all cards at once (public)


@dataclass
class Evidence:
    """The public history a deal is weighed against, beyond the councils' record in the state."""

    tells: list[tells.Tell]
    passed_by_me: tuple[Seat, str] | None  # (receiver, the card's kind) of my pass in the last Winter
    # Cards seen flipped face down: (holder, kind, the next player if a Winter pass came since, else None)
    flipped: list[tuple[Seat, str, Seat | None]]


# The last evidence read for each viewer, by what it was read from: a bot draws all its worlds from one state, and
# reading the log is a third of each draw; a leak check redraws one state for every viewer in turn, and for the actor
# of the next move between them. One entry a seat, so at most ten. Read-only to every user.
_last: dict[Seat, tuple[tuple[object, ...], Evidence]] = {}


def evidence(state: PatriotsState, viewer: Seat) -> Evidence:
    """The public history ``viewer`` can read, as the sampler weighs it (the same state gives the same object)."""
    seen = visible_entries(cast(State, state), viewer)
    # Compared, never hashed: every draw from one state meets the same event dicts, so this is mostly identity checks.
    key = (viewer, tuple(state["alive"]), any(PLAIN.values()), tuple(e["event"] for e in seen if "event" in e))
    last = _last.get(viewer)  # one read: another thread may replace it meanwhile
    if last is None or last[0] != key:
        last = _last[viewer] = (key, _read(state, viewer, seen))
    return last[1]


def _read(state: PatriotsState, viewer: Seat, seen: list[dict[str, Any]]) -> Evidence:
    """Read from the entries' events (README, "Log events"), never their text."""
    passed: tuple[Seat, str] | None = None
    flips: list[tuple[Seat, str]] = []  # since the last Winter pass
    flips_before: list[tuple[Seat, str]] = []  # between the two last passes (older ones are lost in two passes)
    for entry in seen:
        event = entry.get("event")
        if event is None:
            continue
        if event["kind"] == WINTER_PASS:
            flips_before, flips = flips, []
        elif event["kind"] == "flip" and event["seat"] != viewer:
            flips.append((event["seat"], event["card"]))
        elif event["kind"] == "pass" and event["giver"] == viewer:
            passed = (event["receiver"], event["card"])
    flipped: list[tuple[Seat, str, Seat | None]] = [(seat, card_kind, None) for seat, card_kind in flips]
    flipped += [(seat, card_kind, next_living(state, seat)) for seat, card_kind in flips_before]
    read = tells.read(state, viewer) if any(PLAIN.values()) else []
    return Evidence(read, passed, flipped)


def redraw_loyalty(state: PatriotsState, viewer: Seat | None, rand: random.Random) -> None:
    """Redraw, in place, every Loyalty card ``viewer`` cannot see (a spectator: every face-down card)."""
    deals = weighed_deals(state, viewer, rand, CANDIDATES)
    top = max(d.weight for d in deals)
    chosen = deals[rand.choices(range(len(deals)), [math.exp(d.weight - top) for d in deals])[0]]
    others = [seat for seat in range(state["players"]) if seat != viewer]
    box_slots = [i for i, card in enumerate(state["box"]) if kind(card) in SECOND_PILE]
    _apply(state, others, chosen.deal, chosen.choices, box_slots)


Deal = tuple[dict[Seat, list[CardId]], list[CardId]]  # the face-down cards of each other seat in slot order; the box


@dataclass
class Weighed:
    """A candidate deal of the cards ``viewer`` cannot see, and how well it explains the public history."""

    deal: Deal
    choices: dict[Seat, Team]  # a Turncoat's count, where it has a choice
    teams: list[Team | None]  # every seat's team under the deal (None before the first confirmation)
    leaders: dict[str, Seat]  # the seat holding each Leader (by kind), face up or down
    weight: float  # the log-likelihood of the public history (0 for all when there is nothing to weigh)


def weighed_deals(state: PatriotsState, viewer: Seat | None, rand: random.Random, count: int) -> list[Weighed]:
    """``count`` deals drawn as the rules allow, each with its weight (one only when nothing can be weighed yet: a
    spectator, or before the first confirmation). ``redraw_loyalty`` keeps one of them by its weight; a belief may
    average over all of them."""
    others = [seat for seat in range(state["players"]) if seat != viewer]
    spots = {seat: [i for i, e in enumerate(state["hands"][seat]) if not e["up"]] for seat in others}
    hidden = sorted(state["hands"][seat][i]["id"] for seat in others for i in spots[seat])
    box_slots = [i for i, card in enumerate(state["box"]) if kind(card) in SECOND_PILE]
    pool = sorted(hidden + [state["box"][i] for i in box_slots])
    specials = [card for card in pool if kind(card) in SPECIALS]
    plain = [card for card in pool if kind(card) not in SPECIALS]
    before_winter = not any("event" in e and e["event"]["kind"] == WINTER_PASS for e in state["log"])  # public
    facts = evidence(state, viewer) if viewer is not None else Evidence([], None, [])
    pinned = _pinned(state, facts)
    weighed = viewer is not None and state["team"][viewer] is not None
    # What every deal shares, read from the state once: each seat's face-up kinds (and the viewer's whole hand).
    shown = [[LOYALTY[e["id"]] for e in hand if e["up"]] for hand in state["hands"]]
    whole = [[LOYALTY[e["id"]] for e in hand] for hand in state["hands"]]
    scale = _Scale(state, facts, shown) if weighed and viewer is not None else None
    held = _held(state, spots, shown)
    deals = []
    for _ in range(count if weighed else 1):
        deal = _deal(state, spots, specials, plain, box_slots, pinned, before_winter, held, rand)
        choices = {seat: rand.choice(TEAMS) for seat in others}
        kinds = [shown[seat] + [LOYALTY[c] for c in deal[0][seat]] if seat in deal[0] else whole[seat]
                 for seat in range(state["players"])]
        team = _teams(state, viewer, kinds, choices)
        weight = scale.weight(deal, kinds, team) if scale is not None else 0.0
        leaders = {k: seat for seat in range(state["players"]) for k in kinds[seat] if k in LEADERS}
        deals.append(Weighed(deal, choices, team, leaders, weight))
    return deals


def _pinned(state: PatriotsState, facts: Evidence) -> dict[Seat, str]:
    """A face-down card kind the viewer knows another seat holds: the one it passed that seat in the last Winter."""
    if facts.passed_by_me is None:
        return {}
    receiver, card_kind = facts.passed_by_me
    shown = any(kind(e["id"]) == card_kind and e["up"] for e in state["hands"][receiver])
    return {receiver: card_kind} if state["alive"][receiver] and not shown else {}


def _deal(state: PatriotsState, spots: dict[Seat, list[int]], specials: list[CardId], plain: list[CardId],
          box_slots: list[int], pinned: dict[Seat, str], before_winter: bool, held: _Held,
          rand: random.Random) -> Deal:
    for attempt in range(20):
        placed = _place_specials(state, spots, specials, pinned, before_winter and attempt < 15, held, rand)
        if placed is not None:
            break
    else:
        placed = {}
        free = [(seat, i) for seat in sorted(spots) for i in spots[seat]]
        rand.shuffle(free)
        for card in specials:  # constraints that cannot be met (not seen in practice): the counts still hold
            placed[free.pop()] = card
    rest = list(plain)
    rand.shuffle(rest)
    # A plain card the viewer passed in the last Winter is still in its receiver's hand.
    for seat, card_kind in pinned.items():
        if card_kind in SECOND_PILE and any((seat, i) not in placed for i in spots[seat]):
            match = next((c for c in rest if kind(c) == card_kind), None)
            if match is not None:
                rest.remove(match)
                i = rand.choice([i for i in spots[seat] if (seat, i) not in placed])
                placed[(seat, i)] = match
    hands = {seat: [placed[(seat, i)] if (seat, i) in placed else rest.pop() for i in spots[seat]]
             for seat in sorted(spots)}
    box = [rest.pop() for _ in box_slots]
    assert not rest
    return hands, box


class _Held(NamedTuple):
    """What constrains where a Spy or Leader may go, per seat still to be dealt (``spots``' seats), before a deal: the
    teams of the Spies and of the Leaders it shows, and how many face-down slots it has."""

    spies: dict[Seat, frozenset[Team]]
    leaders: dict[Seat, frozenset[Team]]
    slots: dict[Seat, int]
    seats: list[Seat]  # in order


def _held(state: PatriotsState, spots: dict[Seat, list[int]], shown: list[list[str]]) -> _Held:
    seats = sorted(spots)
    return _Held({seat: frozenset(SPIES[k] for k in shown[seat] if k in SPIES) for seat in seats},
                 {seat: frozenset(LEADERS[k] for k in shown[seat] if k in LEADERS) for seat in seats},
                 {seat: len(spots[seat]) for seat in seats}, seats)


def _place_specials(state: PatriotsState, spots: dict[Seat, list[int]], specials: list[CardId],
                    pinned: dict[Seat, str], one_each: bool, held: _Held,
                    rand: random.Random) -> dict[tuple[Seat, int], CardId] | None:
    """Spies and Leaders onto seats as the rules allow; None on a dead end."""
    alive = state["alive"]
    spies, leaders, free_slots = dict(held.spies), dict(held.leaders), dict(held.slots)  # updated as cards go
    placed: dict[tuple[Seat, int], CardId] = {}
    order = list(specials)
    rand.shuffle(order)
    # The viewer's passed special goes where it went first.
    order.sort(key=lambda card: 0 if kind(card) in pinned.values() else 1)
    for card in order:
        card_kind = kind(card)
        pin = [seat for seat, k in pinned.items() if k == card_kind and seat in spots
               and _allowed(spies[seat], leaders[seat], alive[seat], card_kind, one_each)]
        seats = pin or [seat for seat in held.seats if free_slots[seat]
                        and _allowed(spies[seat], leaders[seat], alive[seat], card_kind, one_each)]
        if pin:
            pinned = {s: k for s, k in pinned.items() if s != pin[0]}
        if not seats:
            return None
        seat = rand.choice(seats)
        free = [i for i in spots[seat] if (seat, i) not in placed]
        if not free:
            return None
        placed[(seat, rand.choice(free))] = card
        free_slots[seat] -= 1
        if card_kind in SPIES:
            spies[seat] = spies[seat] | {SPIES[card_kind]}
        else:
            leaders[seat] = leaders[seat] | {LEADERS[card_kind]}
    return placed


def _allowed(spies: frozenset[Team], leaders: frozenset[Team], alive: bool, card_kind: str, one_each: bool) -> bool:
    """May a seat holding Spies and Leaders of these teams take a card of ``card_kind``?"""
    if one_each and (spies or leaders):
        return False
    if card_kind in SPIES:
        return not spies and all(team == SPIES[card_kind] for team in leaders)
    if not alive or leaders:
        return False
    return all(team == LEADERS[card_kind] for team in spies)


def _apply(state: PatriotsState, others: list[Seat], deal: Deal, choices: dict[Seat, Team],
           box_slots: list[int]) -> None:
    """Put a deal in the state and make the hidden bookkeeping (Leaders held, Turncoat choices, teams) agree."""
    hands, box = deal
    for seat, cards in hands.items():
        slots = [i for i, e in enumerate(state["hands"][seat]) if not e["up"]]
        for i, card in zip(slots, cards, strict=True):
            state["hands"][seat][i]["id"] = card
    for i, card in zip(box_slots, box, strict=True):
        state["box"][i] = card
    in_winter = any(f["kind"] == "winter" for f in state["stack"])
    for seat in others:
        state["dealt"][seat] = [e["id"] for e in state["hands"][seat]]
        held = [kind(e["id"]) for e in state["hands"][seat] if kind(e["id"]) in LEADERS]
        state["leader_held"][seat] = held[0] if len(held) == 1 else None
        state["received_leader"][seat] = False
        if state["team"][seat] is None:
            continue
        state["choice"][seat] = choices[seat] if teams.has_choice(state, seat) else None
        state["team"][seat] = teams.team_of(state, seat, state["choice"][seat])
        if in_winter:
            state["team_before"][seat] = state["team"][seat]


def _teams(state: PatriotsState, viewer: Seat | None, kinds: list[list[str]],
           choices: dict[Seat, Team]) -> list[Team | None]:
    """Every seat's team under a deal whose card kinds are ``kinds`` (``teams.team_of``'s rules on the dealt kinds,
    without touching the state)."""
    out: list[Team | None] = list(state["team"])
    for seat in range(state["players"]):
        if seat == viewer or out[seat] is None:
            continue
        held = kinds[seat]
        spy = next((SPIES[k] for k in held if k in SPIES), None)
        leader = next((LEADERS[k] for k in held if k in LEADERS), None)
        blue, red = held.count(PATRIOT), held.count(REDCOAT)
        out[seat] = spy or leader or ("patriots" if blue >= 2 else "redcoats" if red >= 2 else choices[seat])
    return out


ENEMY_COLOUR = {"patriots": REDCOAT, "redcoats": PATRIOT}  # the Loyalty colour of the other team


class _Scale:
    """The log-likelihood of the public history under a deal. What does not depend on the deal is read once per
    ``weighed_deals`` (from the constants as they are then), chiefly each plainly read tell's log-odds for either
    team; each deal then adds the same terms in the same order as a term-by-term reading, so the weights are the same
    to the last bit."""

    def __init__(self, state: PatriotsState, facts: Evidence, shown: list[list[str]]) -> None:
        self.state, self.facts = state, facts
        # Face-up cards of each seat's own colour, by the team the seat would be on.
        self.own_up = [{side: sum(COLOUR.get(k) == side for k in up) for side in TEAMS} for up in shown]
        shares = INFORMED if state["players"] >= INFORMED_FROM else {}
        # Per tell: (actor, log-odds by team, the tell, plain, informed). The log-odds are None for a tell read in
        # part as an informed player's (they depend on every seat's team) and for odds of 0 (left to ``math.log``
        # at the deal that meets them, which fails there as it always has).
        self.tells: list[tuple[Seat, dict[Team, float] | None, tells.Tell, float, float]] = []
        for tell in facts.tells:
            plain, informed = PLAIN[tell.kind], shares.get(tell.kind, 0.0)
            odds = {side: plain * tell.plain[side] + (1 - plain) * tell.anyhow for side in TEAMS}
            logs = None if informed or min(odds.values()) <= 0 else {side: math.log(p) for side, p in odds.items()}
            self.tells.append((tell.actor, logs, tell, plain, informed))

    def weight(self, deal: Deal, kinds: list[list[str]], team: list[Team | None]) -> float:
        total = 0.0
        for seat, hidden in deal[0].items():
            side = team[seat]
            if side is None:
                continue
            # A player who must show a card shows the enemy's colour first, and flips their own colour back face
            # down first in Winter: their own colour face up beside the enemy's face down is unlikely.
            up = self.own_up[seat][side]
            if up and ENEMY_COLOUR[side] in kinds[seat][len(kinds[seat]) - len(hidden):]:
                for _ in range(up):
                    total += math.log(SHOWN_OWN)
        for seat, card_kind, receiver in self.facts.flipped:
            kept = KEPT["colour" if card_kind in SECOND_PILE else "special"]
            if card_kind in kinds[seat]:
                total += math.log(kept if receiver is not None else 1.0)
            elif receiver is not None and card_kind in kinds[receiver]:
                total += math.log(1 - kept)
            else:
                total += math.log(LOST)
        for council in self.state["councils"]:
            side = council["placed"]
            if council["outcome"] != "placed" or side is None or council["agent"] is None:
                continue
            on_side = sum(team[s] == side for s in (council["commander"], council["agent"]))
            total += math.log(PLACED[side][on_side])
        for actor, logs, tell, plain, informed in self.tells:
            side = team[actor]
            if side is None:
                continue
            if logs is not None:
                total += logs[side]
                continue
            reasoned = tell.plain[side]
            if informed:
                reasoned = (1 - informed) * reasoned + informed * _informed(tell, side, team)
            total += math.log(plain * reasoned + (1 - plain) * tell.anyhow)
        return total


def _informed(tell: tells.Tell, side: Team, team: list[Team | None]) -> float:
    """How likely an informed player on ``side`` was to act as ``tell`` says, the teams being ``team``."""
    if tell.kind == "vote" and tell.pair is not None:
        on_side = sum(team[seat] == side for seat in tell.pair)
        return float(tell.chosen == (PLACED[side][on_side] >= 0.5))
    if tell.kind == "gift":
        to = cast(Seat | None, tell.chosen)
        if to is None or team[to] is None or team[to] == side:
            return 0.0
        return 1 / sum(team[seat] is not None and team[seat] != side for seat in tell.targets)  # any enemy, evenly
    if tell.kind == "feathers" and tell.chosen:
        split = cast(tuple[Seat, ...], tell.chosen)
        if any(team[seat] != side for seat in split):
            return 0.0
        allies = sum(team[seat] == side for seat in tell.targets)
        return 1 / math.comb(allies + len(split) - 1, len(split))  # one of the splits among allies only
    return 0.0
