"""Red Scare Redux's ``hard`` level: determinized search (PIMC) over the cards it cannot see.

It reads its view, its legal list, its random source and the worlds the platform drew from its seat (opponents'
hands and the decks' order redealt, games/red_scare_redux/view.py ``resample``). Legal lists are long (redraw
combinations, give and take offers), so ``basic``'s own scoring prunes them to the few best entries; each is then
played in every world, the game goes on with ``basic`` for every seat until the end of the next turn after this one
(so an opponent's Black Ops answer to what the bot left on the table is seen), and ``judge`` weighs the position
(judge.py: a logistic of the teams' feature difference, its weights fitted on played ``basic`` games).
Candidates are compared on the same worlds (common random numbers, ``games.search.paired``): with few playouts per
decision, a paired comparison separates close candidates far better than independent samples do. ``basic``'s own
choice is kept unless another's mean beats it by ``MARGIN``; the search is declared once, as ``SEARCH``.

Draws that would take the hand over its limit are left out of the legal list first (limit.py). Decisions with one
legal entry are left to ``basic`` without search. The draw step's deck choice is searched like
any other: each world has its own deck order, so the worlds average over the card a deck would give.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

from games.protocol import Action, Budget, Game, State, View
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
from games.search import Hard

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


def turns_ended(world: State) -> Callable[[State], bool]:
    """A playout's horizon: ``TURNS`` turns have ended since the world's (this one included)."""
    turns, last = 0, world["turn_index"]

    def stop(state: State) -> bool:
        nonlocal turns, last
        if state["turn_index"] != last:
            turns, last = turns + 1, state["turn_index"]
        return turns >= TURNS

    return stop


def _policy(state: State, seat: int, rand: random.Random) -> Action:
    return cast(Action, policy(cast(RedScareState, state), seat, rand))


def _judge(state: State, seat: int) -> float:
    return judge(cast(RedScareState, state), seat)


# ``basic`` for every seat (``policy``) on a copy of the world played in place, instants in windows nobody waits on
# left unplayed, until TURNS turns have ended; ``judge`` values the end, a finished game too. Every candidate in the
# same worlds; basic's choice kept unless another is better by ``MARGIN``.
SEARCH = Hard(judge=_judge, depth=DEPTH, policy=_policy, horizon=turns_ended, margin=MARGIN, in_place=True,
              optional_moves=False, judges_ends=True)


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


def hard_bot(game: Game[Any], view: View, legal: list[Action], rand: random.Random, worlds: list[State],
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
    if fallback is not None:  # basic's choice first: the move the search keeps unless another is plainly better
        options = [fallback, *(option for option in options if option != fallback)]
    return SEARCH.search(game, seat, cast(list[Action], options), worlds, rand, budget, default=fallback is not None)
