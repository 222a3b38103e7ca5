"""The renderer keeps a short copy of the Objectives (to say what a card in hand needs); it must equal data.py."""

from __future__ import annotations

import re
from pathlib import Path

from games.red_scare_redux.data import OBJECTIVES

CARDS_JS = Path(__file__).resolve().parents[3] / "static" / "js" / "games" / "red-scare-redux" / "cards.js"
ROW = re.compile(r'^\s*"(?P<name>[^"]+)": \["(?P<agents>[A-Z*]*)", \{(?P<supplies>[^}]*)\}, (?P<points>\d+), '
                 r'"(?P<bonus>[A-Z0-9]+)"\],$')


def test_the_renderers_objectives_equal_the_data() -> None:
    block = CARDS_JS.read_text().split("const OBJECTIVES = {", 1)[1].split("};", 1)[0]
    rows = [ROW.match(line) for line in block.strip().splitlines()]
    assert all(rows), [line for line, row in zip(block.strip().splitlines(), rows, strict=True) if not row]
    found = {}
    for row in rows:
        assert row is not None
        supplies = {kind: int(n) for kind, n in re.findall(r"(\w+): (\d+)", row["supplies"])}
        found[row["name"]] = (tuple(row["agents"]), supplies, int(row["points"]), row["bonus"])
    assert found == {o.name: (o.agents, o.supplies, o.points, o.bonus) for o in OBJECTIVES}
