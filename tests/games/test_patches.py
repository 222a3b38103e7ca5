"""Patches (app.patches): for random games of every game, applying a viewer's patch to the full state message it
held gives exactly the next full message, at a sample of steps and at every step into, inside or out of a game window
(where the most changes at once); and a patch to one viewer does not change when only what that viewer cannot see
does (the non-interference test, extended to patches). The games are the shared corpus's (tests/support/corpus.py).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from app import patches
from app.messages import state_message
from games.protocol import Game, State, Viewer, apply_logged
from tests.support.corpus import played
from tests.support.registry import ALL_GAMES, option_sets, sizes

SEEDS = 2  # games per game and option set, each at a player count drawn from its seed
SAMPLED_STEPS = 16  # steps per game whose patches are checked, besides every step with a window
RESAMPLED_STEPS = 12


def _cases() -> list[Any]:
    return [pytest.param(game, options, id=f"{game_id}{'-' + json.dumps(options) if options else ''}")
            for game_id, game in sorted(ALL_GAMES.items()) for options in option_sets(game)]


def _games(game: Game, options: dict[str, Any] | None) -> list[tuple[int, int, list[State], list[Any]]]:
    """``(seed, players, states, actions)`` of the case's games."""
    out = []
    for seed in range(SEEDS):
        players = random.Random(seed).choice(sizes(game, options))
        out.append((seed, players, *played(game, players, options, seed)))
    return out


def message(game: Game, state: State, viewer: Viewer) -> dict[str, Any]:
    status = "finished" if game.result(state) is not None else "playing"
    names = [f"P{n}" for n in range(state["players"])]
    return state_message(game, status=status, seq=state["seq"], state=state, viewer=viewer, names=names,
                         table={"table_id": "t"}, deadline=None)


def exact(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def checked_steps(game: Game, states: list[State], seed: int) -> list[int]:
    """The steps (index of the state after) whose patches are checked: the first and last, a sample, and every step
    into, inside or out of a window."""
    steps = range(1, len(states))
    picks = {1, len(states) - 1, *random.Random(f"patches-{seed}").sample(steps, min(SAMPLED_STEPS, len(steps)))}
    windows = [game.window(state) is not None for state in states]
    picks.update(step for step in steps if windows[step - 1] or windows[step])
    return sorted(picks)


@pytest.mark.parametrize(("game", "options"), _cases())
def test_patches_rebuild_every_full_message(game: Game, options: dict[str, Any] | None,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("app.messages.clock", lambda: __import__("datetime").datetime(2026, 1, 1))
    for seed, players, states, _ in _games(game, options):
        for step in checked_steps(game, states, seed):
            for viewer in [None, *range(players)]:
                held, full = message(game, states[step - 1], viewer), message(game, states[step], viewer)
                ops = patches.diff(held, full)
                rebuilt = patches.apply(held, json.loads(json.dumps(ops)))  # as it travels: through JSON
                assert exact(rebuilt) == exact(full), f"seed {seed}, viewer {viewer}, seq {states[step]['seq']}"


@pytest.mark.parametrize(("game", "options"), _cases())
def test_a_patch_does_not_change_with_what_its_viewer_cannot_see(game: Game, options: dict[str, Any] | None,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    if game.resample is None:
        pytest.skip(f"{game.id} declares no resample")
    monkeypatch.setattr("app.messages.clock", lambda: __import__("datetime").datetime(2026, 1, 1))
    checked = 0
    for seed, _, states, actions in _games(game, options):
        rand = random.Random(f"patch-ni-{seed}")
        steps = [i for i, (seat, _) in enumerate(actions) if seat is not None]
        for index in sorted(rand.sample(steps, min(RESAMPLED_STEPS, len(steps)))):
            before, (seat, action) = states[index], actions[index]
            after = states[index + 1]
            # The viewer is the actor: what it did, it knows; everything hidden from it is redrawn.
            assert seat is not None
            other = game.resample(before, seat, rand)
            other_after = apply_logged(game, other, seat, action)
            seen = message(game, before, seat), message(game, after, seat)
            seen_there = message(game, other, seat), message(game, other_after, seat)
            if exact(seen) != exact(seen_there):
                continue  # the action showed everyone something that was hidden before (a reveal): fair to differ
            mine, theirs = patches.diff(*seen), patches.diff(*seen_there)
            assert mine == theirs, f"seed {seed}, seq {before['seq']}: seat {seat}'s patch tells hidden things"
            checked += 1
    assert checked


# Python calls 1, 1.0 and true equal; JSON does not, and a client holding the wrong one renders it wrong.
TYPE_ONLY_CHANGES = [
    ({"a": [1, 2]}, {"a": [True, 2]}),
    ({"a": [1, 2]}, {"a": [1.0, 2]}),
    ({"a": [0]}, {"a": [False]}),
    ({"log": [{"n": 1}, {"n": 2}]}, {"log": [{"n": 2}, {"n": True}]}),  # a list that slid
    ({"log": [1, 2, 3, 4]}, {"log": [2.0, 3, 4, 5, 6]}),  # a list that slid
    ({"legal": [1, 5, 6, 7, 8, 9]}, {"legal": [True, 5, 0, 7, 8, 9.0, 10]}),  # the same entries at both ends
    ({"a": {"b": 1}}, {"a": {"b": True}}),
    ({"a": [[1], [2]]}, {"a": [[1], [2.0]]}),
    (1, True),
]


@pytest.mark.parametrize(("old", "new"), TYPE_ONLY_CHANGES, ids=lambda value: exact(value))
def test_a_change_of_type_alone_is_patched(old: Any, new: Any) -> None:
    ops = patches.diff(old, new)
    assert exact(patches.apply(old, json.loads(json.dumps(ops)))) == exact(new), ops
