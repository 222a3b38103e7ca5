"""Pure rules engines, one package per game, and the registry the server serves them from."""

from __future__ import annotations

from typing import Any

from games.patriots_and_redcoats import GAME as PATRIOTS_AND_REDCOATS
from games.protocol import Game
from games.raiding_parties import GAME as RAIDING_PARTIES
from games.red_scare_redux import GAME as RED_SCARE_REDUX
from games.turncoats import GAME as TURNCOATS

# The explicit registry: a game is served once it is listed here. Importing a game module has no side effects.
GAMES: dict[str, Game[Any]] = {
    game.id: game for game in (PATRIOTS_AND_REDCOATS, RAIDING_PARTIES, RED_SCARE_REDUX, TURNCOATS)
}
