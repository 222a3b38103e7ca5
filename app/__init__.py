"""The web side of the game server: settings, storage, the table service, live streams and pages."""
