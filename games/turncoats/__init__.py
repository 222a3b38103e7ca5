"""Turncoats (2-5 players): hidden stones in hand, area control on an 11-area map, the end after a round of
Negotiates. Rules: shared/rules/turncoats.txt and turncoats-edition.md; the engine's contract: README.md."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from games.facts import Facts
from games.protocol import Action, Game, Seat, View, Viewer
from games.turncoats import rules
from games.turncoats.bots import BOTS, SEARCHERS
from games.turncoats.data import MAX_PLAYERS, MIN_PLAYERS
from games.turncoats.hints import HINTS
from games.turncoats.options import Options
from games.turncoats.setup import setup
from games.turncoats.state import TurncoatsState
from games.turncoats.view import hidden_zones, resample, reveal, secrets, view

__all__ = ["GAME", "Options"]

# How the tests and scripts play it (games/facts.py).
FACTS = Facts(
    golden=(3, 1),
    screenshot_seats=3,
    hidden_zones=hidden_zones,
    no_secret_step={"*": "no response window and no simultaneous secret step: each step waits on one seat, or is a "
                         "public vote (who has voted shows)"},
)


# The platform holds every game's actions and views as plain dicts (``protocol.Action``, ``protocol.View``); inside
# this package they are the TypedDicts of ``state.py``. To mypy a TypedDict is not a ``dict[str, Any]``, so these
# casts, here only, say what is true: ``legal`` and ``view`` build exactly those shapes, and ``apply`` is only ever
# handed an entry of ``legal`` (``protocol.apply_checked`` refuses anything else).
GAME: Game[TurncoatsState] = Game(
    id="turncoats",
    title="Turncoats",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=Options,
    setup=setup,
    legal=cast(Callable[[TurncoatsState, Seat], list[Action]], rules.legal),
    apply=cast(Callable[[TurncoatsState, Seat, Action], None], rules.apply),
    view=cast(Callable[[TurncoatsState, Viewer], View], view),
    result=rules.result,
    default_action=cast(Callable[[TurncoatsState, Seat], Action], rules.default_action),
    bots=BOTS,
    searchers=SEARCHERS,
    secrets=secrets,
    resample=resample,
    reveal=reveal,
    description="Three factions at war and nobody's loyalty is certain. Spend hidden stones to recruit, battle, "
                "march or negotiate; when the fighting stops, the strongest faction crowns whoever hoards its "
                "stones.",
    renderer="turncoats",
    facts=FACTS,
    hints=HINTS,
)
