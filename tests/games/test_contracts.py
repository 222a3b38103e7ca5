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
from typing import Any, Literal, NotRequired, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from games.patriots_and_redcoats import state as pr_state
from games.raiding_parties import state as rp_state
from games.red_scare_redux import state as rsr_state
from games.turncoats import state as tc_state
from tests.support.registry import ALL_GAMES, option_sets, play_random, sizes

GAMES = Path(__file__).resolve().parents[2] / "games"
TAG_MISMATCH = " is another shape's tag"


@cache
def fields(typed: Any) -> tuple[dict[str, Any], set[str]]:
    """A TypedDict's keys with their types, and its required keys. (``__required_keys__`` cannot tell under
    ``from __future__ import annotations``, where every annotation is a string when the class is made.)"""
    hints = get_type_hints(typed, include_extras=True)
    required = {key for key, hint in hints.items() if get_origin(hint) is not NotRequired}
    return {key: get_args(hint)[0] if key not in required else hint for key, hint in hints.items()}, required


@typing.no_type_check
def problems(value: Any, expected: Any, where: str = "view") -> list[str]:
    """Where ``value`` differs from the type ``expected`` (empty: it conforms)."""
    if expected is Any:
        return []
    if expected is None or expected is type(None):
        return [] if value is None else [f"{where}: {value!r} is not null"]
    origin = get_origin(expected)
    if origin in (Union, types.UnionType):
        found = []
        for arg in get_args(expected):
            found.append(problems(value, arg, where))
            if not found[-1]:
                return []
        return min(found, key=lambda p: (p[0].endswith(TAG_MISMATCH), len(p)))  # the closest member's problems
    if origin is Literal:
        ok = any(type(value) is type(arg) and value == arg for arg in get_args(expected))
        return [] if ok else [f"{where}: {value!r} is none of {get_args(expected)}"]
    if is_typeddict(expected):
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        hints, required = fields(expected)
        for tag in ("type", "kind"):  # a tagged union's other members fail here, cheaply
            if tag in hints and get_origin(hints[tag]) is Literal and value.get(tag) not in get_args(hints[tag]):
                return [f"{where}: {tag} {value.get(tag)!r}{TAG_MISMATCH}"]
        out = [f"{where}: missing {key!r}" for key in sorted(required - value.keys())]
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
    "patriots-and-redcoats": ("patriots_and_redcoats", pr_state.SeatView, pr_state.SpectatorView,
                              pr_state.PatriotsAction),
    # One view type serves seats and spectators alike in these two (a spectator's hidden parts are null or counts).
    "raiding-parties": ("raiding_parties", rp_state.RaidingView, rp_state.RaidingView, rp_state.RaidingAction),
    "red-scare-redux": ("red_scare_redux", rsr_state.RedScareView, rsr_state.RedScareView, rsr_state.RsrAction),
}


def _games(game_id: str) -> list[tuple[int, str, dict[str, Any] | None]]:
    """One seeded game at each player count, the bots taking turns, plus the option sets the conformance suite adds."""
    game = ALL_GAMES[game_id]
    counts = range(game.min_players, game.max_players + 1)
    runs: list[tuple[int, str, dict[str, Any] | None]] = [(n, ("random", "basic")[n % 2], None) for n in counts]
    for options in option_sets(game)[1:]:
        fits = sizes(game, options)
        runs.append((min(n for n in fits if n > game.min_players) if len(fits) > 1 else fits[0], "basic", options))
    return runs


@pytest.mark.parametrize("game_id", sorted(CONTRACTS))
def test_views_and_actions_have_their_declared_shapes(game_id: str) -> None:
    game = ALL_GAMES[game_id]
    _, seat_view, spectator_view, action = CONTRACTS[game_id]
    for players, bot, options in _games(game_id):
        states, _ = play_random(game, players, 1, random.Random(players), options=options, bot=bot)
        for state in states[:: max(1, len(states) // 80)] + states[-1:]:
            found = problems(game.view(state, None), spectator_view, "spectator view")
            for seat in range(players):
                found += problems(game.view(state, seat), seat_view, f"seat {seat}'s view")
                for entry in game.legal(state, seat):
                    found += problems(entry, action, f"seat {seat}'s legal entry")
            assert not found, f"{game_id}, {players} players, {bot} bots, {options}, seq {state['seq']}: {found[:5]}"


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
