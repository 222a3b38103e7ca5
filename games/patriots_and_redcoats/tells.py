"""Tells: public actions that a plain player's reasoning would have taken one way on one team and another on the other.

A plain player (the ``basic`` level's ``Mind``, which is also how most people reason at this table) trusts whoever
shows its colour and whoever led a council that placed its side, votes yes only for a council of two players it does
not distrust, names the Agent it trusts most, gives a Spy card to the player it trusts least and feathers to itself
and those it trusts, and calls Major Ferguson on its worst suspect. Every public score behind that reasoning is the
same number seen from the two teams with opposite signs, so a vote or a gift often fits one team and not the other:
a Patriot would have voted yes where a Redcoat would have voted no. This module replays the events of the public log
(what any seat may read; never the lines' English) to rebuild, for each of those actions, what the public scores and
eyes were at that moment, and returns how likely the action was for its actor on either team, as the sampler's
evidence (DeepRole's belief update, with a plain player's rule standing in for a learned policy).

Players who reason otherwise are covered by the sampler's ``PLAIN``: an action is taken to be the plain rule's with
that probability and any legal one otherwise, so a tell shifts the odds without ever ruling a team out.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from typing import Any, cast

from games.patriots_and_redcoats.bots.basic import Mind
from games.patriots_and_redcoats.data import SECOND_PILE, SPY, TEAMS
from games.patriots_and_redcoats.state import PatriotsState, Team
from games.protocol import Seat, State, visible_entries


@dataclass
class Tell:
    """One public action: how likely the plain rule makes it for its actor on each team, and how likely a uniform pick
    among the legal actions does."""

    actor: Seat
    kind: str  # "vote", "gift" (a Spy card), "nominate", "feathers" or "ferguson"
    plain: dict[Team, float]
    anyhow: float
    chosen: object = None  # what the actor did: a vote (True/False), a Spy card's receiver (None: discarded), a split
    pair: tuple[Seat, Seat] | None = None  # a vote's Commander and Agent
    targets: tuple[Seat, ...] = ()  # a Spy card's or a feather split's possible receivers


@dataclass
class _Table:
    """The public picture at one moment of the replay, as a plain player's ``Mind`` reads it."""

    players: int
    face_up: list[list[str]] = field(init=False)
    eyes: list[int] = field(init=False)
    alive: list[bool] = field(init=False)
    councils: list[dict[str, Any]] = field(init=False, default_factory=list)  # the placed ones, as ``Mind`` reads them
    # ``_everyone`` and what it was read from (the face-up kinds; the councils, which are appended and popped, never
    # edited): worked out again when either changed.
    _scores: tuple[object, dict[Seat, float]] | None = field(init=False, default=None, repr=False)

    def __post_init__(self) -> None:
        self.face_up = [[] for _ in range(self.players)]
        self.eyes = [0] * self.players
        self.alive = [True] * self.players

    def living(self) -> list[Seat]:
        return [seat for seat in range(self.players) if self.alive[seat]]

    def trust(self, seat: Seat) -> dict[Team, dict[Seat, float]]:
        """``seat``'s public score of every other seat on either team (the same numbers, signs flipped)."""
        seen = (tuple(tuple(up) for up in self.face_up), tuple(self.councils))
        if self._scores is None or self._scores[0] != seen:
            self._scores = (seen, self._everyone())
        score = {other: value for other, value in self._scores[1].items() if other != seat}
        return {"patriots": score, "redcoats": {other: -value for other, value in score.items()}}

    def _everyone(self) -> dict[Seat, float]:
        """Every seat's public score as a plain Patriot sees it. A ``Mind`` scores each other seat from that seat's
        face-up cards and councils alone, in the same order whoever it is, so one reading seen from no seat gives
        every reader's scores (to the last bit) by leaving the reader out: one reading per change of the table, not
        one per tell."""
        view = {
            "you": -1, "your_team": "patriots", "your_cards": [], "councils": self.councils,
            "seats": [{"seat": s, "alive": self.alive[s], "face_up": self.face_up[s], "eye_total": self.eyes[s]}
                      for s in range(self.players)],
        }
        return dict(Mind(cast(Any, view)).score)


def _tell(actor: Seat, kind: str, chosen: object, options: list[Any], trust: dict[Team, dict[Seat, float]],
          plain: Callable[[dict[Seat, float]], list[Any]], pair: tuple[Seat, Seat] | None = None,
          targets: tuple[Seat, ...] = ()) -> Tell:
    """The plain rule, given the actor's trust on a team, picks evenly among the options it returns; anyone else
    picks among all ``options``."""
    odds = {}
    for team in TEAMS:
        best = plain(trust[team])
        odds[team] = best.count(chosen) / len(best)
    return Tell(actor, kind, odds, 1 / len(options), chosen, pair, targets)


def _top(options: list[Any], value: Callable[[Any], float]) -> list[Any]:
    values = [value(option) for option in options]
    top = max(values)
    return [option for option, v in zip(options, values, strict=True) if v == top]


def read(state: PatriotsState, viewer: Seat | None) -> list[Tell]:
    """The tells in what ``viewer`` (None: a spectator) can read of the log, its own actions left out (it knows its
    own team). Only the entries' events are read (README, "Log events"), never their text."""
    table = _Table(state["players"])
    tells: list[Tell] = []
    pair: tuple[Seat, Seat] | None = None
    votes: list[bool | None] | None = None
    for entry in visible_entries(cast(State, state), viewer):
        event = entry.get("event")
        if event is None:
            continue
        kind = event["kind"]
        tell: Tell | None = None
        if kind == "give":
            tell = _gift(table, event["by"], event["eyes"], event["target"])
        elif kind == "split":
            tell = _feathers(table, event["by"], event["feathers"], tuple(event["targets"]))
        elif kind == "discard":
            by = event["by"]
            tell = _gift(table, by, event["eyes"], None) if event["card"] == SPY else _feathers(
                table, by, event["feathers"], ())
        elif kind == "ferguson":
            tell = _ferguson(table, event["by"], event["target"])
        elif kind in ("spied", "eyes_removed"):
            table.eyes[event["seat"]] = event["total"]
        elif kind == "concealed":
            table.eyes[event["seat"]] -= event["lost"]
        elif kind == "nominate":
            pair, votes = (event["commander"], event["agent"]), None
            tell = _nominate(table, *pair)
        elif kind == "votes" and pair is not None:
            votes = [None] * table.players
            for seat in event["yes"]:
                votes[seat] = True
            for seat in event["no"]:
                votes[seat] = False
            tells += [_vote(table, voter, pair, vote) for voter, vote in enumerate(votes)
                      if vote is not None and voter != viewer and voter not in pair]
        elif kind == "place" and pair is not None:
            table.councils.append({"outcome": "placed", "placed": event["side"], "commander": pair[0],
                                   "agent": pair[1], "votes": votes})
        elif kind == "agent_gone" and table.councils:
            table.councils.pop()
        elif kind in ("reveal", "declare", "held"):
            card_kind, up = event["card"], table.face_up[event["seat"]]
            if card_kind in SECOND_PILE or card_kind not in up:  # a Spy shows once
                up.append(card_kind)
        elif kind == "flip":
            if event["card"] in table.face_up[event["seat"]]:
                table.face_up[event["seat"]].remove(event["card"])
        elif kind == "eliminated":
            table.alive[event["seat"]] = False
            table.eyes[event["seat"]] = 0
        if tell is not None and tell.actor != viewer:
            tells.append(tell)
    return tells


def _vote(table: _Table, voter: Seat, pair: tuple[Seat, Seat], vote: bool) -> Tell:
    """A plain voter says yes when it distrusts neither the Commander nor the Agent."""
    def plain(trust: dict[Seat, float]) -> list[Any]:
        return [min(trust.get(pair[0], 0.0), trust.get(pair[1], 0.0)) >= 0]

    return _tell(voter, "vote", vote, [True, False], table.trust(voter), plain, pair=pair)


def _nominate(table: _Table, commander: Seat, agent: Seat) -> Tell:
    """A plain Commander names the player it trusts most."""
    options: list[Any] = [seat for seat in table.living() if seat != commander]

    def plain(trust: dict[Seat, float]) -> list[Any]:
        return _top(options, lambda seat: trust.get(seat, 0.0))

    return _tell(commander, "nominate", agent, options, table.trust(commander), plain)


def _gift(table: _Table, giver: Seat, eyes: int, to: Seat | None) -> Tell:
    """A plain giver spies on the living player it trusts least (a forced reveal counting for a little more), or
    discards the card when it trusts even that one."""
    targets: list[Any] = [seat for seat in table.living() if seat != giver]

    def plain(trust: dict[Seat, float]) -> list[Any]:
        if not targets:
            return [None]
        best = _top(targets, lambda seat: -1.5 * trust.get(seat, 0.0) + (table.eyes[seat] + eyes >= 3))
        return [seat if trust.get(seat, 0.0) <= 0.5 else None for seat in best]

    return _tell(giver, "gift", to, [None, *targets], table.trust(giver), plain, targets=tuple(targets))


def _feathers(table: _Table, giver: Seat, feathers: int, split: tuple[Seat, ...]) -> Tell:
    """A plain giver puts feathers where they remove most eyes, itself counting double and the others by trust;
    when no split is worth anything it gives them to no one."""
    splits: list[Any] = [(), *combinations_with_replacement(table.living(), feathers)]

    def plain(trust: dict[Seat, float]) -> list[Any]:
        def value(option: tuple[Seat, ...]) -> float:
            return sum(min(option.count(seat), table.eyes[seat]) * (2.0 if seat == giver else trust.get(seat, 0.0))
                       for seat in set(option))

        best = _top(splits, value)
        return best if value(best[0]) > 0 else [()]

    return _tell(giver, "feathers", split, splits, table.trust(giver), plain, targets=tuple(table.living()))


def _ferguson(table: _Table, drawer: Seat, target: Seat | None) -> Tell:
    """A plain drawer names its worst suspect for Major Ferguson, if it distrusts anyone."""
    others = [seat for seat in table.living() if seat != drawer]

    def plain(trust: dict[Seat, float]) -> list[Any]:
        suspects: list[Any] = [seat for seat in others if trust.get(seat, 0.0) < 0]
        return _top(suspects, lambda seat: -trust.get(seat, 0.0)) if suspects else [None]

    return _tell(drawer, "ferguson", target, [None, *table.living()], table.trust(drawer), plain)
