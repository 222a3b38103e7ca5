"""The view per the edition's secrets table, and the leak-test hooks."""

from __future__ import annotations

import json
import random

from games.red_scare_redux import GAME
from tests.games.red_scare_redux.scenario import make


def test_hands_to_the_team_counts_to_all() -> None:
    state = make(4, hands={0: ["Funds 1", "Border Run"], 1: ["Assassin"], 2: ["Gear 2"]})
    view = GAME.view(state, 0)
    assert view["hands"][0] == ["Border Run", "Funds 1"] and view["hands"][2] == ["Gear 2"]
    assert view["hands"][1] is None and view["hands"][3] is None
    assert view["hand_counts"][1] == {"objective": 0, "omega": 0, "delta": 1}
    assert GAME.view(state, None)["hands"] == [None] * 4
    assert json.dumps(["Assassin"]) in GAME.secrets(state, 0)
    assert json.dumps(["Funds 1"]) not in str(GAME.secrets(state, 2))


def test_resample_keeps_the_viewers_view() -> None:
    state = GAME.new_state(4, None, 11)
    for viewer in (0, 1, None):
        before = GAME.view(state, viewer)
        other = GAME.resample(state, viewer, random.Random(3))
        assert GAME.view(other, viewer) == before
        if viewer is not None:
            assert GAME.legal(other, viewer) == GAME.legal(state, viewer)


STEP_KEYS = {"kind", "seat", "owed", "partial", "victim", "over", "hand"}


def test_the_step_is_shown_key_by_key() -> None:
    """The view names each key of the open step (None where its kind has none); nothing else of the state's step,
    not even a key added to it later, reaches a view."""
    state = make(4, hands={0: ["Requisition"]})
    state["step"] = {"kind": "draw", "seat": 0, "owed": 2, "note": "engine only"}
    for viewer in (0, 1, None):
        step = GAME.view(state, viewer)["step"]
        assert set(step) == STEP_KEYS
        assert step == {"kind": "draw", "seat": 0, "owed": 2, "partial": None, "victim": None, "over": None,
                        "hand": None}
