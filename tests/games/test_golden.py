"""Each game's golden playthrough still reads as recorded: what every viewer sees after each action of one seeded game.

A difference is either a bug or an intended change of rules or views; for the latter, regenerate the files with
``.venv/bin/python -m tests.support.golden`` and review the diff before committing it.
"""

from __future__ import annotations

import difflib

import pytest

from tests.support.golden import PLAYTHROUGHS, path_for, transcript
from tests.support.registry import ALL_GAMES


def test_every_game_has_a_playthrough() -> None:
    assert set(PLAYTHROUGHS) == set(ALL_GAMES), "declare Facts.golden for every game"
    missing = [game_id for game_id in PLAYTHROUGHS if not path_for(game_id).exists()]
    assert not missing, f"no recorded playthrough for {missing}: run `.venv/bin/python -m tests.support.golden " \
                        f"{' '.join(missing)}` and review it"


@pytest.mark.parametrize("game_id", sorted(PLAYTHROUGHS))
def test_playthrough_matches_the_recorded_one(game_id: str) -> None:
    players, seed = PLAYTHROUGHS[game_id]
    recorded = path_for(game_id).read_text()
    now = transcript(ALL_GAMES[game_id], players, seed)
    if now != recorded:
        diff = difflib.unified_diff(recorded.splitlines(True), now.splitlines(True), "recorded", "now")
        head = "".join(list(diff)[:60])
        pytest.fail(f"{game_id}'s playthrough changed (first lines of the diff below). If the change is intended, run "
                    f"`.venv/bin/python -m tests.support.golden` and review the diff.\n{head}")
