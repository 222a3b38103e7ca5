"""Turncoats (2-5 players): hidden stones in hand, area control on an 11-area map, the end after a round of
Negotiates. Rules: shared/rules/turncoats.txt and turncoats-edition.md."""

from __future__ import annotations

from pydantic import BaseModel

from games.facts import Facts
from games.protocol import Game
from games.turncoats import rules
from games.turncoats.bot import basic_bot, random_bot
from games.turncoats.data import MAX_PLAYERS, MIN_PLAYERS
from games.turncoats.reveal import reveal
from games.turncoats.state import TurncoatsState
from games.turncoats.view import resample, secrets, view


class Options(BaseModel):
    """Turncoats has no table options: the edition fixes every number."""


# How the tests and scripts play it (games/facts.py).
FACTS = Facts(
    golden=(3, 1),
    screenshot_seats=3,
    no_secret_step={"*": "no response window and no simultaneous secret step: each step waits on one seat, or is a "
                         "public vote (who has voted shows)"},
)


GAME: Game[TurncoatsState] = Game(
    id="turncoats",
    title="Turncoats",
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    options=Options,
    setup=rules.setup,
    legal=rules.legal,
    apply=rules.apply,
    view=view,
    result=rules.result,
    default_action=rules.default_action,
    bots={"basic": basic_bot, "random": random_bot},
    secrets=secrets,
    resample=resample,
    reveal=reveal,
    description="Three factions at war and nobody's loyalty is certain. Spend hidden stones to recruit, battle, "
                "march or negotiate; when the fighting stops, the strongest faction crowns whoever hoards its "
                "stones.",
    renderer="turncoats",
    facts=FACTS,
)
