"""Red Scare Redux (2-6 players in teams): race to complete spy Objectives with Agents and Supplies while Black Ops
cards disrupt the other side. Rules: shared/rules/red-scare-redux.txt and red-scare-redux-edition.md; the engine's
contract is this package's README.md."""

from __future__ import annotations

from typing import Any, cast

from games.facts import Facts, OptionSet
from games.protocol import Action, Game, Seat, View, Viewer
from games.red_scare_redux import rules
from games.red_scare_redux.bots import BOTS, SEARCHERS
from games.red_scare_redux.data import MAX_PLAYERS, MIN_PLAYERS
from games.red_scare_redux.hints import HINTS
from games.red_scare_redux.options import Options
from games.red_scare_redux.setup import setup
from games.red_scare_redux.state import RedScareState, RsrAction
from games.red_scare_redux.view import hidden_zones, resample, reveal, secrets, view


def setup_game(players: int, options: Any, seed: int) -> RedScareState:
    assert isinstance(options, Options)
    return setup(players, options, seed)


# The platform boundary: the platform holds views and actions as plain dicts (protocol's View and Action); the game's
# own functions take and return its TypedDicts (state.py), which are those same dicts.


def legal(state: RedScareState, seat: Seat) -> list[Action]:
    return cast(list[Action], rules.legal(state, seat))


def apply(state: RedScareState, seat: Seat, action: Action) -> None:
    rules.apply(state, seat, cast(RsrAction, action))  # the platform's guard found it in the legal list


def seat_view(state: RedScareState, viewer: Viewer) -> View:
    return cast(View, view(state, viewer))


def default_action(state: RedScareState, seat: Seat) -> Action:
    return cast(Action, rules.default_action(state, seat))


def teams(state: RedScareState) -> dict[int, str]:
    return {seat: str(state["team_of"][seat] + 1) for seat in range(state["players"])}  # shown as "team 1"


# How the tests and scripts play it (games/facts.py). A 6-player game runs ~330 actions with 7 viewers each.
FACTS = Facts(
    # 2v2 with give and take, every Black Ops card, Counterintelligence, Tip-Off, Steal and the last-Resource end.
    golden=(4, 30),
    conformance_seeds=3,
    option_sets=(
        OptionSet({"layout_6": "2v2v2"}, sizes=(6,), why="six players in three teams of two"),
        OptionSet({"window_mode": "fixed"}, why="response windows closed only by their expiry"),
    ),
    quick_options={"response_window_s": 1},
    screenshot_seats=4,
    hidden_zones=hidden_zones,
    no_secret_step={"2p": "1v1: a response window waits on the one opponent",
                    "*-window_mode=fixed": "fixed windows wait on nobody: they close at their deadline, unanswered"},
)


GAME: Game[RedScareState] = Game(
    id="red-scare-redux",
    title="Red Scare Redux",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=Options,
    setup=setup_game,
    legal=legal,
    apply=apply,
    view=seat_view,
    result=rules.result,
    default_action=default_action,
    bots=BOTS,
    searchers=SEARCHERS,
    teams=teams,
    must_act=rules.must_act,
    window=rules.window,
    auto_answers=rules.auto_answers,
    expire=rules.expire,
    secret_step=rules.secret_step,
    turn=rules.turn_clock,
    reversible=rules.reversible,
    secrets=secrets,
    resample=resample,
    reveal=reveal,
    description="Cold War spy teams race to complete Objectives with Agents and Supplies, while Black Ops "
                "cards burn, sabotage and steal the other side's work.",
    renderer="red-scare-redux",
    facts=FACTS,
    hints=HINTS,
)
