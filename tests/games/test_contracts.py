"""Each game's contract holds: every view and every legal action of seeded random games has exactly the shape its
``state.py`` declares (the TypedDicts mypy checks the engine and the bots against), and the game's README names every
top-level view key and every action type.

The types only help if they are true: mypy trusts them and the platform never checks them, so a key added to a view
without its type (or a type left behind by a change) would go unnoticed. This test walks real values against them.
"""

from __future__ import annotations

import random
import re
import types
import typing
from functools import cache
from pathlib import Path
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from games.turncoats import state as tc_state
from tests.support.registry import ALL_GAMES, play_random

GAMES = Path(__file__).resolve().parents[2] / "games"
hints_of = cache(get_type_hints)


@typing.no_type_check
def problems(value: Any, expected: Any, where: str = "view") -> list[str]:
    """Where ``value`` differs from the type ``expected`` (empty: it conforms)."""
    if expected is Any:
        return []
    if expected is None or expected is type(None):
        return [] if value is None else [f"{where}: {value!r} is not null"]
    origin = get_origin(expected)
    if origin in (Union, types.UnionType):
        found = [problems(value, arg, where) for arg in get_args(expected)]
        return [] if any(not p for p in found) else min(found, key=len)
    if origin is Literal:
        ok = any(type(value) is type(arg) and value == arg for arg in get_args(expected))
        return [] if ok else [f"{where}: {value!r} is none of {get_args(expected)}"]
    if is_typeddict(expected):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        hints = hints_of(expected)
        out = [f"{where}: missing {key!r}" for key in sorted(expected.__required_keys__ - value.keys())]
        out += [f"{where}: undeclared {key!r}" for key in sorted(value.keys() - hints.keys())]
        for key in value.keys() & hints.keys():
            out += problems(value[key], hints[key], f"{where}.{key}")
        return out
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not a list"]
        return [p for i, item in enumerate(value) for p in problems(item, get_args(expected)[0], f"{where}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        key_type, value_type = get_args(expected)
        return [p for key, item in value.items()
                for p in problems(key, key_type, f"{where} key") + problems(item, value_type, f"{where}.{key}")]
    if expected in (dict, list):
        return [] if isinstance(value, expected) else [f"{where}: {value!r} is not a {expected.__name__}"]
    if expected is float:
        return [] if type(value) in (int, float) else [f"{where}: {value!r} is not a number"]
    return [] if type(value) is expected else [f"{where}: {value!r} is not a {expected.__name__}"]


# Per game: its package, the view type for a seat and for a spectator, and the union of its actions.
CONTRACTS: dict[str, tuple[str, Any, Any, Any]] = {
    "turncoats": ("turncoats", tc_state.SeatView, tc_state.SpectatorView, tc_state.TurncoatsAction),
}


def _games(game_id: str) -> list[tuple[int, int, dict[str, Any] | None]]:
    game = ALL_GAMES[game_id]
    runs: list[tuple[int, int, dict[str, Any] | None]] = [
        (players, seed, None) for players in range(game.min_players, game.max_players + 1) for seed in (1,)]
    if game_id == "patriots-and-redcoats":
        runs += [(5, 3, {"window_mode": "fixed"})]
    return runs


@pytest.mark.parametrize("game_id", sorted(CONTRACTS))
def test_views_and_actions_have_their_declared_shapes(game_id: str) -> None:
    game = ALL_GAMES[game_id]
    _, seat_view, spectator_view, action = CONTRACTS[game_id]
    for players, seed, options in _games(game_id):
        for bot in ("random", "basic"):
            states, _ = play_random(game, players, seed, random.Random(seed), options=options, bot=bot)
            for state in states[:: max(1, len(states) // 60)] + states[-1:]:
                found = problems(game.view(state, None), spectator_view, "spectator view")
                for seat in range(players):
                    found += problems(game.view(state, seat), seat_view, f"seat {seat}'s view")
                    for entry in game.legal(state, seat):
                        found += problems(entry, action, f"seat {seat}'s legal entry")
                assert not found, f"{game_id} {players} players, seed {seed}, seq {state['seq']}: {found[:5]}"


def _keys(typed: Any) -> set[str]:
    return set().union(*(get_type_hints(t).keys() for t in get_args(typed) or (typed,)))


@pytest.mark.parametrize("game_id", sorted(CONTRACTS))
def test_readme_names_every_view_key_and_action(game_id: str) -> None:
    package, seat_view, spectator_view, action = CONTRACTS[game_id]
    readme = (GAMES / package / "README.md").read_text()
    quoted = set(re.findall(r'"([a-z_0-9]+)"', readme)) | set(re.findall(r"`([a-z_0-9.]+)`", readme))
    named = quoted | {word.split(".")[-1] for word in quoted}
    keys = _keys(seat_view) | _keys(spectator_view)
    assert not keys - named, f"view keys missing from {package}/README.md: {sorted(keys - named)}"
    kinds = {get_args(get_type_hints(t)["type"])[0] for t in get_args(action)}
    assert not kinds - named, f"action types missing from {package}/README.md: {sorted(kinds - named)}"
