"""``apply_checked`` returns a new state and never changes the one it was given, log included: the platform keeps
the old state (replays, catch-up, the last committed table in memory), and the new state shares the old log's
entries instead of copying them."""

from __future__ import annotations

import json

import pytest

from games.protocol import Game, apply_logged
from tests.support.corpus import played
from tests.support.registry import ALL_GAMES


@pytest.mark.parametrize("game", [pytest.param(g, id=i) for i, g in sorted(ALL_GAMES.items())])
def test_applying_an_action_leaves_the_old_state_as_it_was(game: Game) -> None:
    states, actions = played(game, game.max_players, None, 7)
    for before, (seat, action) in zip(states, actions, strict=False):
        frozen = json.dumps(before, sort_keys=True)
        after = apply_logged(game, before, seat, action)
        assert json.dumps(before, sort_keys=True) == frozen
        assert after["log"][: len(before["log"])] == before["log"]
        assert after["log"] is not before["log"]
