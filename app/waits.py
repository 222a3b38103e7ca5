"""What play waits on, as everyone may know it: the ``waits`` part of every state message (docs/API.md).

It is worked out from the state alone, never from a viewer, so every viewer of a seq reads the same value, and it
rides in the one message each viewer gets per seq (no message of its own, so no count or timing changes with it):

- ``{"kind": "turn", "seats": [...]}``: the seats play waits on, where that is public (no window open, no step whose
  actors are secret). A bot among them is deciding: the page says "thinking…" there until the next seq.
- ``{"kind": "window", "seats": [...] | None}``: a game window is open. ``seats`` are the seats it asks as everyone
  can see them (the game's ``auto_answers`` keys, from public facts only), whatever they hold and whoever has
  answered already; None where the window asks nobody by name (it closes when its time runs out).
- ``{"kind": "secret", "seats": None}``: a step whose actors are secret (a simultaneous pick): who is still to act is
  nobody's business, so nobody is named.
- None: no game in play, or it is over.
"""

from __future__ import annotations

from typing import Any

from games.protocol import Game, State

Waits = dict[str, Any]


def waits_of(game: Game[Any], state: State | None, required: list[int] | None = None,
             over: bool | None = None) -> Waits | None:
    """``required`` and ``over``: the game's required seats and whether it has a result, when already worked out."""
    if state is None or ((game.result(state) is not None) if over is None else over):
        return None
    if game.window(state) is not None:
        asked = game.auto_answers(state) if game.auto_answers is not None else {}
        return {"kind": "window", "seats": sorted(asked) or None}
    if game.secret_step(state) is not None:
        return {"kind": "secret", "seats": None}
    return {"kind": "turn", "seats": sorted(game.required(state, over=False) if required is None else required)}
