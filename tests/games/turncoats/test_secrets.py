"""Turncoats' hooks for the standing leak tests (edition, "Secrets: who sees what"): ``secrets`` names every hidden
hand and a drawn stone the viewer did not draw; ``resample`` redraws them, the drawn stone by the engine itself."""

from __future__ import annotations

import json
import random

from games.turncoats import GAME
from games.turncoats.view import resample, secrets
from tests.games.turncoats.scenario import counts, make, play, stones_total


def test_secrets_are_every_other_non_empty_hand_and_the_stone_someone_else_drew() -> None:
    hands = [counts(red=2, blue=1), counts(black=1), counts()]
    state = make(3, hands=hands)
    one = json.dumps(counts(black=1))  # a one-stone hand is as secret as any other
    assert secrets(state, 0) == {one}
    assert secrets(state, 1) == {json.dumps(hands[0])}
    assert secrets(state, None) == {json.dumps(hands[0]), one}  # an empty hand is no secret: its size is public
    state = play(state, {"type": "negotiate"})
    drawn = state["drawn"]
    assert drawn is not None
    assert drawn in secrets(state, 1) and drawn in secrets(state, 2) and drawn in secrets(state, None)
    assert drawn not in secrets(state, 0)  # the drawer saw it
    assert json.dumps(state["hands"][0]) in secrets(state, 1)


def test_secrets_end_with_the_game() -> None:
    state = make(2, hands=[counts(), counts()])
    for _ in range(2):
        state = play(state, {"type": "negotiate"})
        state = play(state, {"type": "return", "colour": state["drawn"]})
    assert GAME.result(state) is not None
    assert secrets(state, 0) == secrets(state, None) == set()


def test_resample_draws_the_hidden_stone_again_through_the_engine() -> None:
    state = make(3, hands=[counts(red=2, blue=1), counts(black=3), counts(blue=2)], turn=0)
    state = play(state, {"type": "negotiate"})
    drawer_log = [e for e in state["log"] if e.get("to") == [0]]
    drawn = set()
    for k in range(40):
        other = resample(state, 1, random.Random(k))
        drawn.add(other["drawn"])
        assert other["drawn"] is not None and other["hands"][0][other["drawn"]] >= 1
        assert other["hands"][1] == state["hands"][1]  # the viewer's own hand stays
        assert [sum(h.values()) for h in other["hands"]] == [sum(h.values()) for h in state["hands"]]
        assert stones_total(other) == 63 and other["last"] == state["last"] and other["seq"] == state["seq"]
        assert GAME.view(other, 1) == GAME.view(state, 1)
        # The draw's log lines are written again, with the new stone for the drawer and the same seq.
        assert [e["text"] for e in other["log"] if "to" not in e] == [e["text"] for e in state["log"] if "to" not in e]
        private = [e for e in other["log"] if e.get("to") == [0]]
        assert len(private) == len(drawer_log) and private[-1]["seq"] == drawer_log[-1]["seq"]
        assert private[-1]["text"] == f"You drew a {other['drawn']} stone."
    assert len(drawn) >= 2, "the hidden stone is never drawn again as another colour"


def test_resample_keeps_the_drawers_own_stone() -> None:
    state = make(3, hands=[counts(red=2, blue=1), counts(black=3), counts(blue=2)], turn=0)
    state = play(state, {"type": "negotiate"})
    for k in range(10):
        other = resample(state, 0, random.Random(k))
        assert other["drawn"] == state["drawn"] and other["hands"][0] == state["hands"][0]
        assert other["log"] == state["log"]
        # The engine's random source is redrawn: the true one would tell the next draws.
        assert other == resample({**state, "rng": state["rng"] + 1}, 0, random.Random(k))
