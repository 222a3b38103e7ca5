"""The platform's take-back (games/protocol.py) on small games of its own: what "until anyone else acts" means when
several seats may act at once, and no take-back inside a step whose actors are secret."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel

from games.protocol import TAKE_BACK, Game, IllegalAction, State, apply_checked, can_take_back


class NoOptions(BaseModel):
    pass


def _legal(s: State, seat: int) -> list[dict[str, Any]]:
    return [] if s["done"] else [{"type": "nudge"}, {"type": "stop"}]


def _apply(s: State, seat: int, action: dict[str, Any]) -> None:
    if action["type"] == "nudge":
        s["nudges"][seat] += 1
    else:
        s["done"] = True


def pebbles(secret: bool) -> Game[Any]:
    """Both seats may nudge at any time (a nudge may be taken back); either may stop the game."""
    return Game(
        id="pebbles", title="Pebbles", min_players=2, max_players=2, options=NoOptions,
        setup=lambda players, options, seed: {"players": players, "nudges": [0] * players, "done": False, "log": []},
        legal=_legal, apply=_apply, view=lambda s, viewer: {"nudges": s["nudges"]},
        result=lambda s: {"winners": [], "ranking": [], "reveal": {}} if s["done"] else None,
        default_action=lambda s, seat: {"type": "stop"}, bots={},
        secret_step=(lambda s: "all-at-once") if secret else (lambda s: None),
        reversible=lambda s, seat, action: action["type"] == "nudge",
    )


def code(game: Game[Any], state: State, seat: int) -> str:
    with pytest.raises(IllegalAction) as refused:
        apply_checked(game, state, seat, TAKE_BACK)
    return refused.value.code


def test_anyone_else_acting_ends_a_take_back_even_if_they_take_their_own_back() -> None:
    game = pebbles(secret=False)
    start = game.new_state(2, {}, 1)
    mine = apply_checked(game, start, 0, {"type": "nudge"})
    theirs = apply_checked(game, mine, 1, {"type": "nudge"})
    assert not can_take_back(game, theirs, 0) and code(game, theirs, 0) == "nothing_to_take_back"
    undone = apply_checked(game, theirs, 1, TAKE_BACK)
    assert undone["nudges"] == [1, 0]
    assert not can_take_back(game, undone, 0) and code(game, undone, 0) == "nothing_to_take_back"


def test_no_take_back_in_a_secret_step() -> None:
    game = pebbles(secret=True)
    nudged = apply_checked(game, game.new_state(2, {}, 1), 0, {"type": "nudge"})
    assert not can_take_back(game, nudged, 0) and code(game, nudged, 0) == "not_reversible"


def test_a_game_without_take_backs_treats_the_word_as_any_action() -> None:
    game = pebbles(secret=False)
    plain = Game(**{**game.__dict__, "reversible": None})
    nudged = apply_checked(plain, plain.new_state(2, {}, 1), 0, {"type": "nudge"})
    assert "undo" not in nudged
    assert code(plain, nudged, 0) == "not_legal_now"
