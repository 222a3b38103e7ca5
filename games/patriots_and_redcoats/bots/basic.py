"""Patriots & Redcoats' ``basic`` level: it decides from its own seat's view and legal list only.

It keeps a suspicion score for every other player from public evidence (face-up cards, the councils they led
and how they voted) and its own cards: it spies on suspects, conceals itself and likely allies, votes for councils it
trusts, keeps its team's War cards, passes in Winter to keep or spread its colour, and as a Spy assassinates a
revealed enemy Leader or an Agent who just placed the enemy's winning War card.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.patriots_and_redcoats.bots.random import split
from games.patriots_and_redcoats.data import COLOUR, LEADERS, SPIES, TEAMS, TURNCOAT, VICTORIES_TO_WIN, WAR_NAMES
from games.patriots_and_redcoats.state import (
    Assassinate,
    Conceal,
    Confirm,
    Continue,
    Discard,
    Ferguson,
    Flip,
    Hessians,
    Nominate,
    Pass,
    PatriotsAction,
    Place,
    Reveal,
    SeatSummary,
    SeatView,
    Spy,
    Team,
    Turncoat,
    Vote,
    WinterReveal,
    YourCard,
)

SIDE_OF_NAME = {name: side for side, name in WAR_NAMES.items()}


def card_team(kind: str) -> Team | None:
    return COLOUR.get(kind) or SPIES.get(kind) or LEADERS.get(kind)


class Mind:
    """What the bot believes, rebuilt from the view each time (bots keep no memory)."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.me: int = view["you"]
        self.team: Team = view.get("your_team") or TEAMS[0]
        self.enemy = TEAMS[1 - TEAMS.index(self.team)]
        self.cards: list[YourCard] = view["your_cards"]
        self.alive = [s["alive"] for s in view["seats"]]
        self.score = {s["seat"]: 0.0 for s in view["seats"] if s["seat"] != self.me}
        for row in view["seats"]:
            if row["seat"] == self.me:
                continue
            for kind in row["face_up"]:
                weight = 5.0 if kind in SPIES or kind in LEADERS else 1.0
                team = card_team(kind)
                if team is not None:
                    self.score[row["seat"]] += weight if team == self.team else -weight
        for council in view.get("councils", []):
            if council["outcome"] != "placed":
                continue
            sign = 1.0 if council["placed"] == self.team else -1.0
            for seat in (council["commander"], council["agent"]):
                if seat in self.score:
                    self.score[seat] += 0.7 * sign
            for seat, vote in enumerate(council["votes"] or []):
                if seat in self.score and vote is not None:
                    self.score[seat] += (0.3 if vote else -0.3) * sign

    def living_others(self) -> list[int]:
        return [seat for seat in self.score if self.alive[seat]]

    def trust(self, seat: int | None) -> float:
        if seat is None:
            return 0.0
        return 10.0 if seat == self.me else self.score.get(seat, 0.0)

    def seat(self, seat: int) -> SeatSummary:
        return self.view["seats"][seat]


def basic_bot(view: SeatView, legal: list[PatriotsAction], rand: random.Random) -> PatriotsAction | None:
    if view.get("you") is None or not legal:
        return None
    mind = Mind(view)
    required, optional = split(legal)
    strike = _assassination(mind, optional)
    if strike is not None:
        return strike
    if not required:
        return None
    kind = required[0]["type"]
    chooser = CHOOSERS.get(kind)
    if chooser is None:
        return rand.choice(required)
    return chooser(mind, required, rand)


def _assassination(mind: Mind, options: list[Assassinate]) -> Assassinate | None:
    """As a Spy: strike a revealed enemy Leader, or the Agent who just placed the enemy's winning War card."""
    if not options:
        return None
    targets = {a["target"] for a in options}
    enemy_leader = next((k for k, t in LEADERS.items() if t == mind.enemy), None)
    target = next((s["seat"] for s in mind.view["seats"] if s["seat"] in targets and enemy_leader in s["face_up"]),
                  None)
    window = mind.view.get("window")
    if target is None and window and window["kind"] == "agent" and window["seat"] in targets:
        if mind.view["war"][mind.enemy] >= VICTORIES_TO_WIN:  # the Agent just placed the enemy's winning card
            target = window["seat"]
    if target is None:
        return None
    picks = [a for a in options if a["target"] == target]
    facedown = sum(1 for c in mind.cards if not c["face_up"])
    safe = [a for a in picks if a["turncoat"] and facedown >= 3]
    return (safe or picks)[0]


def _spy(mind: Mind, legal: list[Spy], rand: random.Random) -> Spy:
    step = mind.view["step"]
    card = step["card"] if step is not None and (step["kind"] == "spy" or step["kind"] == "conceal") else None
    eyes = card.get("eyes", 1) if card is not None else 1
    options = [a for a in legal if a["to"] is not None]
    if not options:
        return legal[0]

    def value(action: Spy) -> tuple[float, float]:
        to = action["to"]
        assert to is not None, "only the gifts are weighed"
        seat = mind.seat(to)
        forces = 1.0 if seat["eye_total"] + eyes >= 3 else 0.0
        return (-1.5 * mind.trust(to) + forces, rand.random())

    best = max(options, key=value)
    return best if mind.trust(best["to"]) <= 0.5 else legal[0]


def _conceal(mind: Mind, legal: list[Conceal], rand: random.Random) -> Conceal:
    def value(action: Conceal) -> tuple[float, float]:
        total = 0.0
        for seat in set(action["to"]):
            removed = min(action["to"].count(seat), mind.seat(seat)["eye_total"])
            total += removed * (2.0 if seat == mind.me else mind.trust(seat))
        return (total, rand.random())

    best = max(legal, key=value)
    return best if value(best)[0] > 0 else next(a for a in legal if a["to"] == [])


def _reveal(mind: Mind, legal: list[Reveal], rand: random.Random) -> Reveal:
    """Show the least telling card: the enemy colour first (a bluff), keep Turncoats, Spies and Leaders hidden."""
    def cost(action: Reveal) -> int:
        kind = mind.cards[action["slot"]]["kind"]
        if kind in LEADERS:
            return 5
        if kind in SPIES:
            return 4
        if kind == TURNCOAT:
            return 3
        return 1 if COLOUR.get(kind) == mind.enemy else 2

    return min(legal, key=cost)


def _ferguson(mind: Mind, legal: list[Ferguson], rand: random.Random) -> Ferguson:
    suspects = [a for a in legal if a["target"] is not None and a["target"] != mind.me and mind.trust(a["target"]) < 0]
    return min(suspects, key=lambda a: mind.trust(a["target"])) if suspects else legal[0]


def _hessians(mind: Mind, legal: list[Hessians], rand: random.Random) -> Hessians:
    flips = [a for a in legal if a["option"] == "flip" and (a["target"] == mind.me or mind.trust(a["target"]) > 0)]
    if flips:
        return max(flips, key=lambda a: mind.trust(a["target"]))
    council = [a for a in legal if a["option"] == "council"]
    return council[0] if council and any(mind.trust(s) > 0 for s in mind.living_others()) else legal[0]


def _nominate(mind: Mind, legal: list[Nominate], rand: random.Random) -> Nominate:
    return max(legal, key=lambda a: (mind.trust(a["agent"]), rand.random()))


def _vote(mind: Mind, legal: list[Vote], rand: random.Random) -> Vote:
    step = mind.view["step"]
    commander, agent = (step["commander"], step["agent"]) if step is not None and step["kind"] == "council" else (
        None, None)
    yes = mind.me in (commander, agent) or min(mind.trust(commander), mind.trust(agent)) >= 0
    return {"type": "vote", "yes": yes}


def _sides(mind: Mind) -> list[Team]:
    step = mind.view["step"]
    if step is None or not (step["kind"] == "winter" or step["kind"] == "council"):
        return []
    return [SIDE_OF_NAME[name] for name in step.get("your_war_cards", [])]


def _discard(mind: Mind, legal: list[Discard], rand: random.Random) -> Discard:
    sides = _sides(mind)
    enemy = [a for a in legal if a["card"] < len(sides) and sides[a["card"]] == mind.enemy]
    return enemy[0] if enemy else legal[-1]


def _place(mind: Mind, legal: list[Place], rand: random.Random) -> Place:
    sides = _sides(mind)
    mine = [a for a in legal if a["card"] < len(sides) and sides[a["card"]] == mind.team]
    return mine[0] if mine else legal[0]


def _winter_reveal(mind: Mind, legal: list[WinterReveal], rand: random.Random) -> WinterReveal:
    sides = _sides(mind)
    if mind.view["war"][mind.enemy] > 0:
        enemy = [a for a in legal if a["card"] < len(sides) and sides[a["card"]] == mind.enemy]
        if enemy:
            return enemy[0]
    ours = [a for a in legal if a["card"] < len(sides) and sides[a["card"]] != mind.team]
    return ours[0] if ours else legal[0]


def _flip(mind: Mind, legal: list[Flip], rand: random.Random) -> Flip:
    """Hide the face-up card that says most about this player's team."""
    def telling(action: Flip) -> int:
        if action["slot"] is None:
            return 0
        kind = mind.cards[action["slot"]]["kind"]
        return 3 if kind in SPIES or kind in LEADERS else (2 if card_team(kind) == mind.team else 1)

    return max(legal, key=telling)


def _pass(mind: Mind, legal: list[Pass], rand: random.Random) -> Pass:
    """Keep the Leader. A player whose team is fixed (Spy or Leader) passes its colour to recruit the next player;
    a player held by the majority passes a card that keeps the majority."""
    kinds = [c["kind"] for c in mind.cards]
    sticky = any(k in SPIES or k in LEADERS for k in kinds) or mind.view.get("your_last_leader") is not None

    def rank(action: Pass) -> int:
        kind = mind.cards[action["slot"]]["kind"]
        if kind in LEADERS:
            return 9
        if sticky:
            return 0 if card_team(kind) == mind.team else (1 if kind == TURNCOAT else 2)
        return 0 if card_team(kind) == mind.enemy else (1 if kind == TURNCOAT else 2)

    return min(legal, key=lambda a: (rank(a), a["slot"]))


def _confirm(mind: Mind, legal: list[Confirm], rand: random.Random) -> Confirm:
    teams = [a["team"] for a in legal]
    keep = mind.view.get("your_team")
    if keep in teams:
        return next(a for a in legal if a["team"] == keep)
    return rand.choice(legal)


def _respond(mind: Mind, legal: list[Turncoat | Continue], rand: random.Random) -> Turncoat | Continue | None:
    """In a response window: a target saves itself with a Turncoat when one stays face down; else continue. A fixed
    window has no continue (it runs to its deadline and closes by itself), so there the bot simply waits."""
    facedown = sum(1 for c in mind.cards if not c["face_up"])
    save = [a for a in legal if a["type"] == "turncoat"]
    if save and facedown >= 2:
        return save[0]
    return next((a for a in legal if a["type"] == "continue"), None)


# Each chooser is checked against the actions it is given; the table is looked up by the type of the first required
# action, which is what pairs a legal list with its chooser (a seat is only ever asked one kind of thing at a time,
# or answers a window: continue and turncoat), so the table takes the list as Any.
Chooser = Callable[[Mind, Any, random.Random], PatriotsAction | None]
CHOOSERS: dict[str, Chooser] = {
    "spy": _spy, "conceal": _conceal, "reveal": _reveal, "ferguson": _ferguson, "hessians": _hessians,
    "order": lambda mind, legal, rand: legal[0], "nominate": _nominate, "vote": _vote, "discard": _discard,
    "place": _place, "winter_reveal": _winter_reveal, "flip": _flip, "pass": _pass, "confirm": _confirm,
    "continue": _respond, "turncoat": _respond,
}
