"""Patriots & Redcoats (4-10 players): hidden Loyalty cards, Spies and Turncoats, War Councils and Winter passes.
Rules: shared/rules/patriots-and-redcoats.txt and patriots-and-redcoats-edition.md; the engine's contract: README.md."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from games.facts import Facts, OptionSet
from games.patriots_and_redcoats import rules
from games.patriots_and_redcoats.bots import BOTS, SEARCHERS
from games.patriots_and_redcoats.data import MAX_PLAYERS, MIN_PLAYERS
from games.patriots_and_redcoats.hints import HINTS
from games.patriots_and_redcoats.options import Options
from games.patriots_and_redcoats.setup import setup
from games.patriots_and_redcoats.state import PatriotsState
from games.patriots_and_redcoats.view import hidden_zones, resample, reveal, secrets, view
from games.protocol import Action, Game, Seat, View, Viewer

__all__ = ["GAME", "Options"]


# How the tests and scripts play it (games/facts.py). A 10-player game runs ~430 actions with 11 viewers each,
# hence fewer conformance seeds.
FACTS = Facts(
    golden=(4, 1),
    conformance_seeds=8,
    option_sets=(OptionSet({"window_mode": "fixed"}, why="windows with no continue, closed by their expiry"),),
    quick_options={"response_window_s": 1, "assassination_window_s": 1},
    screenshot_seats=5,
    hidden_zones=hidden_zones,
)


# The platform holds every game's actions and views as plain dicts (``protocol.Action``, ``protocol.View``); inside
# this package they are the TypedDicts of ``state.py``. To mypy a TypedDict is not a ``dict[str, Any]``, so these
# casts, here only, say what is true: ``legal``, ``default_action`` and ``view`` build exactly those shapes, and
# ``apply`` is only ever handed an entry of ``legal`` (``protocol.apply_checked`` refuses anything else).
GAME: Game[PatriotsState] = Game(
    id="patriots-and-redcoats",
    title="Patriots & Redcoats",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=Options,
    setup=setup,
    legal=cast(Callable[[PatriotsState, Seat], list[Action]], rules.legal),
    apply=cast(Callable[[PatriotsState, Seat, Action], None], rules.apply),
    view=cast(Callable[[PatriotsState, Viewer], View], view),
    result=rules.result,
    default_action=cast(Callable[[PatriotsState, Seat], Action], rules.default_action),
    bots=BOTS,
    searchers=SEARCHERS,
    window=rules.window,
    auto_answers=cast(Callable[[PatriotsState], dict[Seat, Action | None]], rules.windows.auto_answers),
    must_act=rules.must_act,
    secret_step=rules.secret_step,
    expire=rules.expire,
    secrets=secrets,
    resample=resample,
    reveal=reveal,
    description="Patriots against Redcoats, and nobody is sure who is who. Spy on each other to force Loyalty cards "
                "face up, elect War Councils that secretly choose the war's victories, pass cards in the Winter to "
                "turn allegiances, and find the enemy Leader before your own is exposed.",
    renderer="patriots-and-redcoats",
    facts=FACTS,
    hints=HINTS,
)
