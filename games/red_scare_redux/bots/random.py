"""The random bot: any concrete legal action; in a quick window it continues (ruling 12)."""

from __future__ import annotations

import random

from games.protocol import Action, View


def random_bot(view: View, legal: list[Action], rand: random.Random) -> Action | None:
    if not legal:
        return None
    if any(action["type"] == "continue" for action in legal):
        return {"type": "continue"}
    return rand.choice(legal)
