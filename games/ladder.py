"""The strength ladder's figures, as the lobby shows them: how often each bot level beats the next weaker one.

``ladder.json`` (beside this module) is written by ``bench/ladder.py --lobby``: per game id, the table it was measured
at, each plain level's score against the next weaker level (a draw counts half) and the run it comes from. A game
without an entry has no figures, and the lobby keeps its plain descriptions.
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path
from typing import Any, Literal

FIGURES = Path(__file__).with_name("ladder.json")

# A figure from fewer games than this is too rough to tell people ("about 7 of 10" could be 3 or 9): not shown.
MIN_GAMES = 20

Side = Literal["seats", "teams"]  # a match is seat against seat(s), or a team of each level against the other


@cache
def _figures() -> dict[str, Any]:
    if not FIGURES.exists():
        return {}
    loaded: dict[str, Any] = json.loads(FIGURES.read_text())
    return loaded


def level_figures(game_id: str) -> dict[str, dict[str, Any]]:
    """Per level of ``game_id`` that has a figure from ``MIN_GAMES`` games or more: ``{"against": weaker level,
    "wins_of_10": N, "players": P, "teams": bool}``, N being its score against that level in tenths, rounded."""
    entry = _figures().get(game_id)
    if not entry:
        return {}
    return {level: {"against": row["against"], "wins_of_10": math.floor(10 * row["score"] + 0.5),  # 6.5 gives 7
                    "players": entry["players"], "teams": entry["sides"] == "teams"}
            for level, row in entry["scores"].items() if row["games"] >= MIN_GAMES}
