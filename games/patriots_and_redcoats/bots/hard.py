"""Patriots & Redcoats' ``hard`` level: beliefs from the worlds it is handed, and a short search where it counts.

The platform hands it worlds drawn from its own seat (``view.resample``): every Loyalty card it cannot see redrawn
as the rules allow and weighted by the public history (``sampler``: councils, and every vote, nomination, Spy card,
feather split and Ferguson call read against a plain player's reasoning, ``tells``; at tables of 8 or more, half of
Spy cards and splits as an informed player's, one who knows the teams).
From them it reads, for every other player, how likely they are on its team and how likely they hold either Leader
(``belief.DEALS`` > 0 reads them instead from hundreds of deals weighed by the sampler on the first world, without the
16 worlds' noise: built and measured, left off; the Spy's strike keeps the worlds' own shares either way).
It then votes for councils likely to place its side, spies on likely enemies (above all on a likely enemy Leader
whose last card the eyes would turn), conceals its Leader and its allies', calls Major Ferguson on the player whose
reveal helps most, and as a Spy assassinates the likely enemy Leader (or an enemy assassin aimed at its own). Spy
cards, Ferguson and assassinations, where a mistake ends the game, are checked by determinized search (``SEARCH``,
UCB1 in ``games.search``): each candidate is played on in the worlds with ``basic`` for every seat until the reveal
it causes, and judged by who then holds what. A Turncoat's loyalty confirmation is played to the end of the game in 8
of the worlds: it names the team that wins more often. Everything else (nominations, War cards, reveals, Winter
passes, windows) is ``basic``'s plain choice: valued from the true state, a plain nomination (the Agent the table
trusts most, so it is elected) did better than naming the likeliest ally, with or without counting the votes, and a
plain reveal better than one searched in the worlds.
"""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Sequence
from typing import Any, cast

import games.patriots_and_redcoats.bots.belief as beliefs
from games import search
from games.patriots_and_redcoats.bots.basic import basic_bot
from games.patriots_and_redcoats.bots.belief import Shares
from games.patriots_and_redcoats.bots.random import split
from games.patriots_and_redcoats.data import (
    LEADERS,
    MARKER_MAX,
    REDCOAT,
    SPIES,
    TEAMS,
    VICTORIES_TO_WIN,
    WAR_COUNTS,
)
from games.patriots_and_redcoats.rules.core import kind
from games.patriots_and_redcoats.sampler import PLACED
from games.patriots_and_redcoats.state import PatriotsAction, PatriotsState, SeatView, Team
from games.protocol import Action, Budget, Game, Seat, State
from games.search import Hard, bot_policy

# The share of its worlds that must put the enemy Leader with the target before a Spy strikes: a hit wins at once, a
# miss costs the Spy (and still eliminates the target, most often an enemy). A Spy is asked again and again with fresh
# worlds, so it strikes at the first decision whose worlds pass the bar: on recorded games, 7 of 8 worlds at that
# first crossing hit 10 times in 16 and never struck an ally; 6 of 8 hit 10 in 22 and struck 3 allies. (Measured with 8
# worlds; with the 16 it has now, the same share is 14 of 16.)
STRIKE = 0.85
# The share of its worlds that must put my own Leader with an assassination's target before a Spy counters by
# striking the assassin: a counter costs the Spy, a hit on my Leader costs the game.
COUNTER = 0.3
SEARCH_DEPTH = 3  # playout actions past the seat count: enough for a Spy card's window and the reveal it forces
SEARCHED = 3  # candidates a search weighs (the best by belief)
GAME_LENGTH = 2000  # actions: more than any game of basic players takes (6 players: about 270, at most ~600)
CONFIRM_WORLDS = 8  # a confirmation plays each choice to the end in this many worlds: about 0.35 s at 6 players


class Belief:
    """What I believe of every seat: on my team, holding my Leader, holding the enemy's. Read lazily from the many
    deals ``belief.shares`` weighs on the first world (``drawn``: the same shares counted in the worlds themselves,
    which the strike bar was set on)."""

    def __init__(self, view: SeatView, worlds: Sequence[State], rand: random.Random | None = None,
                 deals: int | None = None) -> None:
        self.view = view
        self.me: Seat = view["you"]
        self.team: Team = view.get("your_team") or _own_team(view)
        self.enemy: Team = TEAMS[1 - TEAMS.index(self.team)]
        self.drawn = self._counted(worlds)
        self._worlds, self._rand = worlds, rand
        self._deals = beliefs.DEALS if deals is None else deals
        self._shares: Shares | None = None
        self.alive = [row["alive"] for row in view["seats"]]

    def _counted(self, worlds: Sequence[State]) -> Shares:
        n = self.view["players"]
        out = Shares([0.0] * n, [0.0] * n, [0.0] * n)
        count = max(1, len(worlds))
        for world in worlds:
            for seat in range(n):
                if world["team"][seat] is not None and world["team"][seat] == self.team:
                    out.ally[seat] += 1 / count
                for entry in world["hands"][seat]:
                    side = LEADERS.get(kind(entry["id"]))
                    if side == self.team:
                        out.my_leader[seat] += 1 / count
                    elif side == self.enemy:
                        out.enemy_leader[seat] += 1 / count
        if not worlds:
            out.ally = [0.5] * n
        out.ally[self.me] = 1.0
        return out

    def shares(self) -> Shares:
        if self._shares is None:
            if self._rand is None or not self._worlds or not self._deals:
                self._shares = self.drawn
            else:
                world = cast(PatriotsState, self._worlds[0])
                self._shares = beliefs.shares(world, self.me, self.team, self._rand, self._deals)
                self._shares.ally[self.me] = 1.0
        return self._shares

    @property
    def ally(self) -> list[float]:
        return self.shares().ally

    @property
    def my_leader(self) -> list[float]:
        return self.shares().my_leader

    @property
    def enemy_leader(self) -> list[float]:
        return self.shares().enemy_leader

    def face_down(self, seat: Seat) -> int:
        return int(self.view["seats"][seat]["face_down"])

    def eyes(self, seat: Seat) -> int:
        return int(self.view["seats"][seat]["eye_total"])

    def exposed(self, seat: Seat, more_eyes: int) -> float:
        """How close ``more_eyes`` eyes bring the seat to losing its last face-down card (1: they would)."""
        forced = self.eyes(seat) + more_eyes >= 3
        left = self.face_down(seat) - (1 if forced else 0)
        return 1.0 if left <= 0 else (0.3 if forced else 0.1) / left

    def worth(self, seat: Seat) -> float:
        """How much its team's fate rides on the seat: the Leaders it may hold, then plain team membership."""
        return 6.0 * (self.my_leader[seat] - self.enemy_leader[seat]) + (2 * self.ally[seat] - 1)


def _own_team(view: SeatView) -> Team:
    """Before the first confirmation: the team my cards give (a Spy, a Leader, else the majority of colours)."""
    held = [card["kind"] for card in view["your_cards"]]
    for card_kind in held:
        side = SPIES.get(card_kind) or LEADERS.get(card_kind)
        if side is not None:
            return side
    return "redcoats" if held.count(REDCOAT) >= 2 else "patriots"


def hard_bot(game: Game[Any], view: dict[str, Any], legal: list[Action], rand: random.Random, worlds: list[State],
             budget: Budget) -> Action | None:
    seat_view = cast(SeatView, view)
    actions = cast(list[PatriotsAction], legal)
    if seat_view.get("you") is None or not actions:
        return None
    started = time.perf_counter()
    belief = Belief(seat_view, worlds, rand)
    required, optional = split(actions)
    strike = _assassination(belief, optional, worlds, rand, budget)
    if strike is not None:
        return cast(Action, strike)
    if required and required[0]["type"] in ("continue", "turncoat"):
        # A response window: ``basic``'s rule. In a fixed window the Turncoat may be the only action and is not owed;
        # it is taken only when a face-down card stays, since revealing the last one eliminates at once.
        return cast(Action | None, basic_bot(seat_view, required, rand))
    if len(required) <= 1:  # one thing to do (or only optional ones, declined): nothing to think about
        return cast(Action, required[0]) if required else None
    chooser = CHOOSERS.get(required[0]["type"])
    if chooser is None:
        choice = basic_bot(seat_view, required, rand)
    else:
        if chooser in (_spy, _ferguson):  # they may search: the belief's time comes out of the search's
            belief.shares()
            budget = Budget(nodes=budget.nodes, seconds=max(0.0, budget.seconds - (time.perf_counter() - started)))
        choice = chooser(game, belief, required, rand, worlds, budget)
    return cast(Action, choice)


# ----------------------------------------------------------------------------- searched decisions


def _search(game: Game[Any], belief: Belief, candidates: list[PatriotsAction], rand: random.Random,
            worlds: Sequence[State], budget: Budget) -> PatriotsAction:
    hard = dataclasses.replace(SEARCH, depth=belief.view["players"] + SEARCH_DEPTH)
    return cast(PatriotsAction, hard.search(game, belief.me, cast(list[Action], candidates), worlds, rand, budget))


def _judge(state: PatriotsState, seat: Seat) -> float:
    """A world's position for ``seat``, from 0 to 1: War Victories, and how exposed each Leader's holder is."""
    team = state["team"][seat] or TEAMS[0]
    enemy = TEAMS[1 - TEAMS.index(team)]
    value = 0.5 + 0.06 * (len(state["track"][team]) - len(state["track"][enemy]))
    for holder in range(state["players"]):
        if not state["alive"][holder]:
            continue
        hand = state["hands"][holder]
        for entry in hand:
            side = LEADERS.get(kind(entry["id"]))
            if side is None:
                continue
            down = sum(1 for e in hand if not e["up"])
            danger = 0.25 / max(1, down) + 0.02 * sum(e["eyes"] for e in state["eyes"][holder])
            value += danger if side == enemy else -danger
    return min(1.0, max(0.0, value))


def _judged(state: State, seat: Seat) -> float:
    return _judge(cast(PatriotsState, state), seat)


# A searched Spy card or Ferguson call: ``basic`` for every seat until the reveal it causes (``depth``: the seat count
# plus SEARCH_DEPTH, set per table), then ``_judge``; UCB1 over the candidates.
SEARCH = Hard(judge=_judged, depth=SEARCH_DEPTH, policy="basic")


def _assassination(belief: Belief, options: list[Any], worlds: Sequence[State], rand: random.Random,
                   budget: Budget) -> PatriotsAction | None:
    """As a Spy: strike the likely enemy Leader, or an enemy assassin whose target likely holds my Leader, or the
    Agent who just placed the enemy's winning card."""
    if not options:
        return None
    window = belief.view.get("window")
    drawn = belief.drawn  # the bars below were set on shares counted in the worlds
    targets = sorted({a["target"] for a in options}, key=lambda t: -drawn.enemy_leader[t])
    target = targets[0] if worlds and drawn.enemy_leader[targets[0]] >= STRIKE else None
    if target is None and window and window["kind"] == "assassination" and window["assassin"] in targets:
        if drawn.my_leader[window["target"]] >= COUNTER and drawn.ally[window["assassin"]] < 0.5:
            target = window["assassin"]  # their strike is cancelled only if they fall first
    if target is None and window and window["kind"] == "agent" and window["seat"] in targets:
        if belief.view["war"][belief.enemy] >= VICTORIES_TO_WIN:
            target = window["seat"]
    if target is None:
        return None
    picks = [a for a in options if a["target"] == target]
    safe = [a for a in picks if a["turncoat"] and belief.face_down(belief.me) >= 3]
    return cast(PatriotsAction, (safe or picks)[0])


def _spy(game: Game[Any], belief: Belief, legal: list[Any], rand: random.Random, worlds: Sequence[State],
         budget: Budget) -> PatriotsAction:
    step = belief.view["step"]
    card = step.get("card") if step is not None else None
    eyes = int(card.get("eyes", 1)) if isinstance(card, dict) else 1

    def value(action: Any) -> float:
        to: Seat | None = action["to"]
        if to is None:
            return 0.0
        return -belief.worth(to) * belief.exposed(to, eyes) - 0.2 * (2 * belief.ally[to] - 1)

    ranked = sorted(legal, key=lambda a: (-value(a), rand.random()))
    best = [a for a in ranked if value(a) > 0][:SEARCHED]
    if not best:
        return cast(PatriotsAction, next(a for a in legal if a["to"] is None))
    if any(belief.exposed(a["to"], eyes) >= 1.0 for a in best):  # a reveal that could end the game: look ahead
        return _search(game, belief, [*best, next(a for a in legal if a["to"] is None)], rand, worlds, budget)
    return cast(PatriotsAction, best[0])


def _conceal(game: Game[Any], belief: Belief, legal: list[Any], rand: random.Random, worlds: Sequence[State],
             budget: Budget) -> PatriotsAction:
    def value(action: Any) -> tuple[float, float]:
        total = 0.0
        for seat in set(action["to"]):
            removed = min(action["to"].count(seat), belief.eyes(seat))
            if removed:
                guard = belief.worth(seat) * (belief.exposed(seat, 0) + 0.2)
                total += removed * (guard + 0.3 * (2 * belief.ally[seat] - 1))
        return total, rand.random()

    best = max(legal, key=value)
    return cast(PatriotsAction, best if value(best)[0] > 0 else next(a for a in legal if a["to"] == []))


def _ferguson(game: Game[Any], belief: Belief, legal: list[Any], rand: random.Random, worlds: Sequence[State],
              budget: Budget) -> PatriotsAction:
    def value(action: Any) -> float:
        to: Seat | None = action["target"]
        if to is None or to == belief.me:
            return 0.0
        last = belief.face_down(to) <= 1
        return -belief.worth(to) * (1.0 if last else 0.15) - 0.1 * (2 * belief.ally[to] - 1)

    ranked = sorted(legal, key=lambda a: (-value(a), rand.random()))
    best = [a for a in ranked if value(a) > 0][:SEARCHED]
    if not best:
        return cast(PatriotsAction, next(a for a in legal if a["target"] is None))
    if any(belief.face_down(a["target"]) <= 1 for a in best):
        return _search(game, belief, [*best, next(a for a in legal if a["target"] is None)], rand, worlds, budget)
    return cast(PatriotsAction, best[0])


# ----------------------------------------------------------------------------- belief-weighted decisions


def _council_value(belief: Belief, commander: Seat, agent: Seat) -> float:
    """How much better than nothing an elected council of these two is for my team: its card's side, expected."""
    mine = belief.team
    p_c, p_a = belief.ally[commander], belief.ally[agent]
    both, one, none = p_c * p_a, p_c * (1 - p_a) + p_a * (1 - p_c), (1 - p_c) * (1 - p_a)
    placed_mine = both * PLACED[mine][2] + one * PLACED[mine][1] + none * PLACED[mine][0]
    return 2 * placed_mine - 1


def _confirm(game: Game[Any], belief: Belief, legal: list[Any], rand: random.Random, worlds: Sequence[State],
             budget: Budget) -> PatriotsAction:
    """A Turncoat names the team it expects to win, as a person would: both choices are played on to the end of the
    game in the first ``CONFIRM_WORLDS`` worlds with ``basic`` for every seat, with the same random draws (so they
    differ only by the choice), and the one that wins more often is named; a tie goes to ``basic``'s own choice."""
    plain = basic_bot(belief.view, legal, rand)
    candidates = [plain, *(a for a in legal if a != plain)]
    if len(candidates) == 1 or not worlds:
        return cast(PatriotsAction, plain)
    policy = bot_policy(game)

    def play(world: State, action: Action, draws: random.Random) -> float:
        child = search.step(game, world, belief.me, action)
        return search.playout(game, child, belief.me, policy, search.no_opinion, draws, GAME_LENGTH)

    rounds = max(1, min(CONFIRM_WORLDS, budget.nodes // len(candidates)))
    nodes = Budget(nodes=rounds * len(candidates), seconds=budget.seconds)
    return cast(PatriotsAction, search.paired(candidates, worlds[:rounds], play, rand, nodes, margin=0.0))


def _vote(game: Game[Any], belief: Belief, legal: list[Any], rand: random.Random, worlds: Sequence[State],
          budget: Budget) -> PatriotsAction:
    step = belief.view["step"]
    if step is None or step["kind"] != "council":
        return cast(PatriotsAction, legal[0])
    commander, agent = step["commander"], step["agent"]
    if belief.me in (commander, agent) or agent is None:
        return {"type": "vote", "yes": True}
    elected = _council_value(belief, commander, agent)
    failed = 0.0
    if belief.view["war"]["marker"] == MARKER_MAX - 1:  # a failure now draws a War card at random
        failed = (WAR_COUNTS[belief.team] - WAR_COUNTS[belief.enemy]) / sum(WAR_COUNTS.values())
    return {"type": "vote", "yes": elected >= failed}


def _hessians(game: Game[Any], belief: Belief, legal: list[Any], rand: random.Random, worlds: Sequence[State],
              budget: Budget) -> PatriotsAction:
    flips = [a for a in legal if a["option"] == "flip" and belief.worth(a["target"]) > 0.5]
    if flips:
        return cast(PatriotsAction, max(flips, key=lambda a: belief.worth(a["target"])))
    council = [a for a in legal if a["option"] == "council"]
    others = [s for s in range(belief.view["players"]) if s != belief.me and belief.alive[s]]
    if council and others and max(belief.ally[s] for s in others) > 0.6:
        return cast(PatriotsAction, council[0])
    return cast(PatriotsAction, next(a for a in legal if a["option"] == "none"))


CHOOSERS = {"spy": _spy, "conceal": _conceal, "ferguson": _ferguson, "vote": _vote, "hessians": _hessians,
            "confirm": _confirm}
