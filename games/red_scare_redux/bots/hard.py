"""Red Scare Redux's ``hard`` level: determinized search (PIMC) over the cards it cannot see.

It reads its view, its legal list, its random source and the worlds the platform drew from its seat (opponents'
hands and the decks' order redealt, games/red_scare_redux/view.py ``resample``). Legal lists are long (redraw
combinations, give and take offers), so ``basic``'s own scoring prunes them to the few best entries; each is then
played in every world, the game goes on with ``basic`` for every seat until the end of the next turn after this one
(so an opponent's Black Ops answer to what the bot left on the table is seen), and ``judge`` weighs the position
(judge.py: a logistic of the teams' feature difference, its weights fitted on played ``basic`` games).
Candidates are compared on the same worlds (common random numbers): with few playouts per decision, a paired
comparison separates close candidates far better than independent samples do. The best mean wins; ties go to
``basic``'s order.

Draws that would take the hand over its limit are left out of the legal list first (limit.py). Decisions with one
legal entry are left to ``basic`` without search. The draw step's deck choice is searched like
any other: each world has its own deck order, so the worlds average over the card a deck would give.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import cast

import orjson

from games.protocol import Action, Budget, State, View
from games.red_scare_redux import rules
from games.red_scare_redux.bots.basic import (
    basic_bot,
    card_worth_to,
    main_value,
    place_value,
    redraw_choice,
)
from games.red_scare_redux.bots.judge import judge
from games.red_scare_redux.bots.limit import unwasted
from games.red_scare_redux.bots.reading import Table
from games.red_scare_redux.rules.zones import resources_left, sort_names
from games.red_scare_redux.state import RedScareState, RedScareView, RsrAction
from games.red_scare_redux.view import view as seat_view

TOP = 4  # candidates searched after pruning by basic's scores
DEPTH = 80  # playout actions at most (the horizon, two turns, is usually reached far sooner)
TURNS = 3  # playouts stop when this many turns have ended (this one, the opponent's, the teammate's)
MARGIN = 0.03  # a candidate replaces basic's choice only if it is better by this much on average


def policy(state: RedScareState, seat: int, rand: random.Random) -> RsrAction:
    """``basic``'s choice, offered a legal list without the redraw combinations it would not pick (up to 63 entries
    it would score and refuse: most of a playout's time otherwise)."""
    if state["window"] is not None or state["step"] is not None or not state["first_action"]:
        legal = rules.legal(state, seat)
        view = seat_view(state, seat)
    else:
        state["first_action"] = False  # the only thing it changes in the legal list is the redraw offers
        legal = rules.legal(state, seat)
        state["first_action"] = True
        view = seat_view(state, seat)
        junk = redraw_choice(Table(view))
        if 2 <= len(junk) <= resources_left(state):  # basic redraws only two or more
            legal.append({"type": "redraw", "cards": sort_names(junk)})
    action = basic_bot(view, legal, rand)
    return action if action is not None else rules.default_action(state, seat)


def playout(world: State, seat: int, action: RsrAction, rand: random.Random) -> float:
    """``action`` in a copy of ``world``, then ``basic`` for everyone until TURNS turns have ended; the judged value."""
    state = cast(RedScareState, orjson.loads(orjson.dumps({k: v for k, v in world.items() if k != "log"})))
    state["log"] = []  # the engine only appends to it
    turns, last = 0, state["turn_index"]
    rules.apply(state, seat, action)
    for _ in range(DEPTH):
        if state["over"]:
            break
        if state["turn_index"] != last:
            turns, last = turns + 1, state["turn_index"]
            if turns >= TURNS:
                break
        waiting = rules.must_act(state)
        if not waiting:  # a fixed window: only its deadline moves the game
            rules.expire(state)
            continue
        actor = waiting[0]
        rules.apply(state, actor, policy(state, actor, rand))
    return judge(state, seat)


def candidates(view: RedScareView, legal: list[RsrAction]) -> list[RsrAction]:
    """The legal entries worth searching, best first by ``basic``'s value; an empty list: leave it to ``basic``."""
    table = Table(view)
    value: Callable[[RsrAction], float]
    if view["window"] is not None:
        return legal  # continue, or an instant: at most three entries
    step = view["step"]
    if step is not None:
        if step["kind"] == "draw":
            return legal  # Omega or Delta: the worlds' decks say what each would give
        if step["kind"] == "place":
            partial = table.partials[step["partial"] or ""]
            value = lambda a: place_value(table, partial, a)  # noqa: E731
        elif step["kind"] == "interrogate":
            team = view["team_of"][step["victim"] or 0]
            value = lambda a: card_worth_to(view, team, a["card"]) if a["type"] == "pick" else 0.0  # noqa: E731
        elif step["kind"] == "discard":
            value = lambda a: -table.usefulness(a["card"]) if a["type"] == "discard" else 0.0  # noqa: E731
        else:
            return legal
    else:
        redraw = redraw_choice(table) if view["first_action"] else []
        value = lambda a: main_value(table, a, redraw)  # noqa: E731
    ranked = sorted(range(len(legal)), key=lambda i: (-value(legal[i]), i))
    return [legal[i] for i in ranked[:TOP]]


def hard_bot(view: View, legal: list[Action], rand: random.Random, worlds: list[State],
             budget: Budget) -> Action | None:
    if not legal:
        return None
    rsr_view = cast(RedScareView, view)
    rsr_legal = unwasted(rsr_view, cast(list[RsrAction], legal))  # no draw into a hand-limit discard
    fallback = basic_bot(rsr_view, rsr_legal, rand)
    if len(legal) == 1 or not worlds:
        return cast(Action | None, fallback)
    options = candidates(rsr_view, rsr_legal)
    if fallback is not None and fallback not in options:
        options = [fallback, *options][:TOP]
    if len(options) < 2:
        return cast(Action | None, fallback if fallback is not None else options[0] if options else None)
    seat = rsr_view["you"]
    assert seat is not None
    totals = [0.0] * len(options)
    stop = time.perf_counter() + budget.seconds
    rounds = max(1, budget.nodes // len(options))
    done = 0
    for n in range(rounds):
        if done and time.perf_counter() > stop:
            break
        world = worlds[n % len(worlds)]
        seed = rand.getrandbits(32)
        for i, option in enumerate(options):
            totals[i] += playout(world, seat, option, random.Random(seed))
        done += 1
    best = max(range(len(options)), key=lambda i: (totals[i], -i))
    if fallback is not None and totals[best] - totals[options.index(fallback)] < MARGIN * done:
        return cast(Action, fallback)  # too close to call on so few worlds: basic's judgement stands
    return cast(Action, options[best])
