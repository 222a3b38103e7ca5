"""The standing leak checks catch what they are for, in the cheaper form the conformance suite runs them."""

from __future__ import annotations

import dataclasses
import random

import pytest

from games.protocol import Action, Seat, State
from tests.support import hidden_hands
from tests.support.leaks import Canary, walk
from tests.support.registry import play_random


def _whispering_apply(state: State, seat: Seat, action: Action) -> None:
    """Hidden Hands, except that every commit writes a public line naming a gem still in the last seat's hand."""
    hidden_hands.apply(state, seat, action)
    last = state["players"] - 1
    if action["type"] == "commit" and seat != last and state["hands"][last]:
        state["log"].append({"text": f"Seat {seat} glances at {state['hands'][last][0]}."})


def test_the_canary_walk_finds_a_log_line_naming_a_secret() -> None:
    """Each log line is looked at once, in the state where it is written: a line that names a secret then fails."""
    leaky = dataclasses.replace(hidden_hands.GAME, apply=_whispering_apply)
    states, _ = play_random(leaky, 3, 1, random.Random(1))
    with pytest.raises(AssertionError, match="leaks"):
        walk(Canary(), leaky, states, "seed 1")
    honest, _ = play_random(hidden_hands.GAME, 3, 1, random.Random(1))
    walk(Canary(), hidden_hands.GAME, honest, "seed 1")  # and the game as it is passes
