"""A guided first game's hints (games/hints.py): every game's hint data is well-formed, every hint comes up in played
games, and a hint reads nothing but the seat's own view and legal list.

The last is checked the way the leak suites check views: over every state of seeded random games played through the
engine, each seat's hints are worked out on the true state and on a world redrawn from that seat with the game's
``resample`` (everything the seat cannot see dealt again); they must be the same, and so must their filled texts.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.hints import Hint, check_condition, check_hints, fill, holds, lookup, showing
from games.protocol import Game
from games.registry import GAMES
from tests.support.corpus import each_game

SEEDS = 3  # random games per game and player count: enough for every hint to come up, a few seconds a game
WORLDS_EVERY = 3  # a world is redrawn at every third state of a game, from one seat in turn (resample is the slow part)


def counts(game: Game[Any]) -> list[int]:
    """The player counts the hints are checked at: the fewest (a guided game's) and a middle one, where teams form."""
    return sorted({game.min_players, min(game.max_players, game.min_players + 2)})


GAME_PARAMS = [pytest.param(game, id=game_id) for game_id, game in sorted(GAMES.items())]


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_every_game_declares_well_formed_hints(game: Game[Any]) -> None:
    assert game.hints, f"{game.id} has no hints for its guided first game (games/{game.id}/hints.py)"
    check_hints(game.hints)
    for hint in game.hints:
        assert hint.text == hint.text.strip() and hint.text.endswith((".", "!", "?")), hint.id


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_every_hint_comes_up_and_reads_only_the_seats_view(game: Game[Any]) -> None:
    assert game.resample is not None, f"{game.id} has no resample hook to check its hints against"
    came_up: set[str] = set()
    checked = 0
    for players in counts(game):
        for seed, states, _ in each_game(game, players, None, seeds=SEEDS):
            rand = random.Random(seed)
            for index, state in enumerate(states):
                if game.result(state) is not None:
                    continue
                for seat in range(players):
                    view, legal = game.view(state, seat), game.legal(state, seat)
                    shown = showing(game.hints, view, legal)
                    came_up.update(shown)
                    texts = [fill(hint.text, view) for hint in game.hints if hint.id in shown]
                    for hint in game.hints:
                        if hint.id in shown:
                            assert "{" not in fill(hint.text, view), (hint.id, fill(hint.text, view))
                            assert "?" not in fill(hint.text, view) or "?" in hint.text, (
                                f"{hint.id}: a placeholder leads nowhere in {game.id} seed {seed} state {index}")
                    if index % WORLDS_EVERY or seat != (index // WORLDS_EVERY) % players:
                        continue
                    world = game.resample(state, seat, random.Random(rand.getrandbits(64)))
                    other_view, other_legal = game.view(world, seat), game.legal(world, seat)
                    assert showing(game.hints, other_view, other_legal) == shown, (
                        f"{game.id} seed {seed} state {index} seat {seat}: a hint changed with what the seat "
                        "cannot see")
                    assert [fill(hint.text, other_view) for hint in game.hints if hint.id in shown] == texts
                    checked += 1
    assert checked
    never = [hint.id for hint in game.hints if hint.id not in came_up]
    assert not never, f"{game.id}: hints never shown in {SEEDS} random games a player count: {never}"


# ---------------------------------------------------------------------------------------------- the condition forms

VIEW = {"you": 1, "step": {"kind": "place", "owed": 2}, "hand_limits": [7, 9], "hand": {"red": 0, "blue": 2},
        "streak": 0, "over": False, "seats": [{"alive": True}, {"alive": False}], "none": None}
LEGAL = [{"type": "play", "card": "Rogue"}, {"type": "end"}]


FORMS: list[tuple[dict[str, Any], bool]] = [
    ({"can": "play"}, True),
    ({"can": "attack"}, False),
    ({"can": "play", "with": {"card": "Rogue"}}, True),
    ({"can": "play", "with": {"card": "Sloop"}}, False),
    ({"view": "step.kind", "is": "place"}, True),
    ({"view": "step.kind", "is": "draw"}, False),
    ({"view": "step.kind", "in": ["draw", "place"]}, True),
    ({"view": "hand_limits.@you", "is": 9}, True),
    ({"view": "seats.1.alive", "is": False}, True),
    ({"view": "seats.5.alive", "is": False}, False),  # out of range: None
    ({"view": "step.owed", "at_least": 2}, True),
    ({"view": "step.owed", "at_most": 1}, False),
    ({"view": "hand", "at_least": 2}, True),  # an object's size: its keys
    ({"view": "over", "at_least": 0}, False),  # a truth value is no number
    ({"view": "none", "present": False}, True),
    ({"view": "missing.deep", "present": False}, True),
    ({"view": "streak", "present": True}, True),
    ({"view": "streak", "is": False}, False),  # 0 is not false: JSON equality, as in the browser
    ({"all": [{"can": "end"}, {"not": {"can": "attack"}}]}, True),
    ({"any": [{"can": "attack"}, {"view": "streak", "at_least": 1}]}, False),
]


@pytest.mark.parametrize(("condition", "expected"), FORMS)
def test_condition_forms(condition: dict[str, Any], expected: bool) -> None:
    check_condition(condition)
    assert holds(condition, VIEW, LEGAL) is expected


@pytest.mark.parametrize("condition", [
    {}, {"can": ""}, {"can": "play", "with": {}}, {"can": "play", "extra": 1}, {"all": []}, {"any": {"can": "x"}},
    {"not": {}}, {"view": "a", "is": 1, "in": [1]}, {"view": "a", "in": 1}, {"view": "a", "at_least": "2"},
    {"view": "a", "at_most": True}, {"view": "a", "present": 1}, {"view": "", "is": 1}, {"view": "a"},
    {"legal": "play"}, ["can", "play"],
])
def test_malformed_conditions_are_refused(condition: Any) -> None:
    with pytest.raises(ValueError):
        check_condition(condition)


@pytest.mark.parametrize("hints", [
    (Hint("Bad Id", "Text.", {"can": "x"}),),
    (Hint("one", "Text.", {"can": "x"}), Hint("one", "Other.", {"can": "y"})),
    (Hint("empty", "  ", {"can": "x"}),),
    (Hint("long", "x" * 241, {"can": "x"}),),
    (Hint("bad-when", "Text.", {"can": 3}),),
])
def test_malformed_hints_are_refused(hints: tuple[Hint, ...]) -> None:
    with pytest.raises(ValueError):
        check_hints(hints)


def test_texts_are_filled_from_the_view_alone() -> None:
    assert fill("Discard down to {hand_limits.@you}; {step.owed} owed.", VIEW) == "Discard down to 9; 2 owed."
    assert fill("{missing} and {hand}", VIEW) == "? and ?"  # nowhere, or not a single value
    assert lookup(VIEW, "seats.0.alive") is True and lookup(None, "a") is None
