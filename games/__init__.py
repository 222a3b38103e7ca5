"""Pure rules engines, one package per game. The registry the server serves them from is ``games.registry``;
importing this package (or ``games.rng``) imports no game."""
