"""Raiding Parties (2-4 players): build a party of pirates, ships, forts and lands in secret, then flip playing cards
to shoot, board and destroy every card of the other parties. Rules: shared/rules/raiding-parties.txt and
raiding-parties-edition.md; the contract for renderers and bots is this package's README.md."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import cast

from games.facts import Facts, OptionSet
from games.protocol import Action, Bot, Game, Seat, View, Viewer
from games.raiding_parties import rules
from games.raiding_parties.bots import BOTS, SEARCHERS
from games.raiding_parties.data import MAX_PLAYERS, MIN_PLAYERS
from games.raiding_parties.hints import HINTS
from games.raiding_parties.options import Options
from games.raiding_parties.sampler import resample
from games.raiding_parties.setup import setup
from games.raiding_parties.state import RaidingState
from games.raiding_parties.view import hidden_zones, reveal, secrets, view

__all__ = ["GAME", "Options"]

# How the tests and scripts play it (games/facts.py). A 4-player game runs ~300 actions, over four option sets.
FACTS = Facts(
    golden=(2, 1),
    conformance_seeds=6,
    option_sets=(
        OptionSet({"gold": 20}, why="parties without Ships or Forts"),
        OptionSet({"gold": 40}, why="parties with two of them"),
        OptionSet({"reaction_mode": "fixed"}, why="reaction windows closed only by their expiry"),
    ),
    quick_options={"reaction_seconds": 1},  # bots never pass a reaction window early (ruling 1)
    screenshot_seats=2,
    hidden_zones=hidden_zones,
)

# The platform holds every game's views and actions as plain dicts (``protocol.View``, ``protocol.Action``); this game
# types its own with TypedDicts (state.py: ``RaidingView``, ``RaidingAction``), which mypy will not take for a
# ``dict[str, Any]`` although at run time they are exactly that. These casts, the only ones in the package, hand the
# typed functions over unchanged. ``apply`` may take its action as a ``RaidingAction`` because
# ``protocol.apply_checked`` lets through only an entry of ``legal`` or a party that ``accepts`` took.
_legal = cast(Callable[[RaidingState, Seat], list[Action]], rules.legal)
_apply = cast(Callable[[RaidingState, Seat, Action], None], rules.apply)
_default_action = cast(Callable[[RaidingState, Seat], Action], rules.default_action)
_view = cast(Callable[[RaidingState, Viewer], View], view)
_bots = cast(Mapping[str, Bot], BOTS)
_auto_answers = cast(Callable[[RaidingState], dict[Seat, Action | None]], rules.auto_answers)

GAME: Game[RaidingState] = Game(
    id="raiding-parties",
    title="Raiding Parties",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=Options,
    setup=setup,
    legal=_legal,
    apply=_apply,
    view=_view,
    result=rules.result,
    default_action=_default_action,
    bots=_bots,
    searchers=SEARCHERS,
    window=rules.window,
    auto_answers=_auto_answers,
    must_act=rules.must_act,
    secret_step=rules.secret_step,
    expire=rules.expire,
    accepts=rules.accepts,
    secrets=secrets,
    resample=resample,
    reveal=reveal,
    description="Hire a raiding party of pirates, ships and forts in secret, then hit the deck: flip playing cards to "
                "shoot, charge, board and cannonade until one party is left.",
    renderer="raiding-parties",
    facts=FACTS,
    hints=HINTS,
)
