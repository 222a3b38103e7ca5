"""Raiding Parties (2-4 players): build a party of pirates, ships, forts and lands in secret, then flip playing cards
to shoot, board and destroy every card of the other parties. Rules: shared/rules/raiding-parties.txt and
raiding-parties-edition.md; the contract for renderers and bots is this package's README.md."""

from __future__ import annotations

from games.protocol import Game
from games.raiding_parties import rules
from games.raiding_parties.bots import BOTS
from games.raiding_parties.data import MAX_PLAYERS, MIN_PLAYERS
from games.raiding_parties.options import Options
from games.raiding_parties.setup import setup
from games.raiding_parties.state import RaidingState
from games.raiding_parties.view import resample, reveal, secrets, view

__all__ = ["GAME", "Options"]

GAME: Game[RaidingState] = Game(
    id="raiding-parties",
    title="Raiding Parties",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=Options,
    setup=setup,
    legal=rules.legal,
    apply=rules.apply,
    view=view,
    result=rules.result,
    default_action=rules.default_action,
    bots=BOTS,
    window=rules.window,
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
)
