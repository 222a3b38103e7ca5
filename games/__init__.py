"""Pure rules engines, one package per game, and the registry the server serves them from."""

from __future__ import annotations

from games.protocol import Game

# The explicit registry: a game is served once it is listed here. Importing a game module has no side effects.
GAMES: dict[str, Game] = {}


def register(*games: Game) -> dict[str, Game]:
    return {game.id: game for game in games}
