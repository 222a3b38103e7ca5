"""The public part of a state's view is built once per state, even when viewers of several tables interleave (a
crowd connecting at once): every seat of one state shares one copy, so a held table does not keep a copy per
viewer (issue 20's memory per connection)."""

from __future__ import annotations

from typing import Any

import pytest

from games.patriots_and_redcoats import GAME as PATRIOTS
from games.protocol import Game
from games.shared_views import SharedViews
from games.turncoats import GAME as TURNCOATS


@pytest.mark.parametrize(("game", "players", "shared_key"), [(TURNCOATS, 5, "areas"), (PATRIOTS, 6, "seats")])
def test_viewers_of_interleaved_tables_share_one_public_part(game: Game[Any], players: int,
                                                             shared_key: str) -> None:
    states = [game.new_state(players, None, seed) for seed in range(3)]
    views = {id(s): [] for s in states}  # type: dict[int, list[Any]]
    for viewer in [None, *range(players)]:  # as a fan-out of three tables at once would ask
        for state in states:
            views[id(state)].append(game.view(state, viewer))
    for state in states:
        parts = {id(v[shared_key]) for v in views[id(state)]}
        assert len(parts) == 1, "each viewer got its own copy of the public part"
    assert len({id(views[id(s)][0][shared_key]) for s in states}) == 3  # each state has its own


def test_a_state_at_a_new_seq_is_built_afresh_and_old_slots_go() -> None:
    built: list[int] = []

    def build(state: dict[str, Any]) -> dict[str, Any]:
        built.append(state["seq"])
        return {"seq": state["seq"]}

    parts: SharedViews[dict[str, Any]] = SharedViews(build, slots=2)
    a, b, c = {"seq": 1}, {"seq": 1}, {"seq": 1}
    assert parts.of(a) is parts.of(a)
    parts.of(b)
    a["seq"] = 2  # (never done to a real state; checks the key holds the seq too)
    assert parts.of(a) == {"seq": 2}
    parts.of(c)  # a third state: the least recently used slot (b) goes
    parts.of(b)
    assert built == [1, 1, 2, 1, 1]
