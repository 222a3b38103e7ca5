"""Every card is somewhere, exactly once, after every action of random games: decks, hands, discard, partials,
completed Objectives, and whatever an open window holds up."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.red_scare_redux import GAME
from tests.support.registry import play_random


def places(state: dict[str, Any]) -> list[int]:
    """Every copy id the state holds anywhere, one entry per place it is in."""
    out: list[int] = []
    for back in ("objective", "omega", "delta"):
        out += state["decks"][back]
    for hand in state["hands"]:
        out += hand
    out += state["discard"]
    for partial in state["partials"]:
        out.append(partial["objective"])
        out += [copy for placed in partial["placed"] for copy in placed["cards"]]
    for pile in state["completed"]:
        for done in pile:
            out.append(done["objective"])
            out += [copy for placed in done["placed"] for copy in placed["cards"]]
    out += held_up(state["pending"])
    return out


def held_up(pending: dict[str, Any] | None) -> list[int]:
    """The Black Ops card or Tip-Off an open window holds up: out of its player's hand, not yet discarded."""
    if pending is None or "copy" not in pending:
        return []
    return [int(pending["copy"])]


@pytest.mark.parametrize(("players", "options"), [(2, None), (3, None), (4, None), (5, None), (6, None),
                                                  (6, {"layout_6": "2v2v2"}), (4, {"window_mode": "fixed"})])
def test_every_card_is_somewhere_once(players: int, options: dict[str, Any] | None) -> None:
    for seed in range(3):
        states, actions = play_random(GAME, players, seed, random.Random(seed), options=options)
        every = sorted(range(len(states[0]["cards"])))
        for step, state in enumerate(states):
            assert sorted(places(state)) == every, f"seed {seed}, after action {step}: {actions[step - 1]}"
