"""The random bot: any concrete legal action; in a quick window it continues (ruling 12)."""

from __future__ import annotations

import random

from games.red_scare_redux.state import RedScareView, RsrAction


def random_bot(view: RedScareView, legal: list[RsrAction], rand: random.Random) -> RsrAction | None:
    if not legal:
        return None
    if any(action["type"] == "continue" for action in legal):
        return {"type": "continue"}
    return rand.choice(legal)
