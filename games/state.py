"""The keys every game's state shares, as TypedDicts: the platform's own (``players``, ``log``, ``seq``) and the
random source's (``rng``). Each game declares its whole state in its own ``state.py`` on top of ``GameState``.

These are types only: a state is still the plain JSON-friendly dict it always was, and the platform, which serves
any game, still sees it as ``protocol.State`` (a ``dict[str, Any]`` loaded from the database).
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from games.protocol import Seat


class LogEntry(TypedDict):
    """One line of the log. ``text`` names seats as ``{s3}``; ``to`` restricts it to those seats (no ``to``: public).

    ``seq`` is stamped by the platform (``protocol._next_state``) on the lines an action writes; lines written by
    ``setup`` have none (they read as seq 0). ``redacted`` (true) marks a line that tells an event without its hidden
    part, written beside a fuller line of the same event for those who may see it (a card drawn: "draws a Delta card"
    for all, "drew Funds 2" for the team): the replay's "everything revealed" log shows the fuller line only. It is a
    routing field, never sent.

    ``event`` is the same happening as data, for bots (``{"kind": "steal", "by": 2, "from": 4, "card": ...}``): the
    engine writes it where it writes the line, with exactly what the line says, so it is as secret as the line (it
    travels under the line's ``to``). Bots, samplers and tells read events, never the English text, so a copy edit
    cannot change how they play. Never sent to a browser: the platform makes log lines from ``text`` alone."""

    text: str
    to: NotRequired[list[Seat]]
    seq: NotRequired[int]
    redacted: NotRequired[bool]
    event: NotRequired[dict[str, Any]]


class RngState(TypedDict):
    """The part of a state ``games.rng`` uses: SplitMix64's whole state, one 64-bit integer."""

    rng: int


class GameState(TypedDict):
    """The keys every game state has. ``seq`` is added by the platform (``Game.new_state``) after ``setup`` returns,
    and counts the actions applied since; a game's own code never writes it."""

    players: int
    rng: int
    log: list[LogEntry]
    seq: NotRequired[int]
