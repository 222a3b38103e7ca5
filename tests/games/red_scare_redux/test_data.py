"""The edition's numbers, and that every Objective can be completed from the decks."""

from __future__ import annotations

from games.red_scare_redux import data
from games.red_scare_redux.rules.objectives import complete


def test_deck_sizes() -> None:
    assert len(data.omega_cards()) == data.OMEGA_SIZE == 54
    assert len(data.delta_cards()) == data.DELTA_SIZE == 60
    assert len(data.OBJECTIVES) == 24
    assert sum(data.DELTA_AGENTS.values()) == 26


def test_every_objective_can_be_completed_from_the_decks() -> None:
    """With real cards only (no Double Agent or Forged Papers), the whole Resource supply meets each Objective, and
    so does a smallest set found by taking the largest Supplies first."""
    cards = data.omega_cards() + data.delta_cards()
    for objective in data.OBJECTIVES:
        items = []
        for cls in objective.agents:
            pick = next(c for c in data.CLASSES if c == cls) if cls != "*" else "A"
            assert data.DELTA_AGENTS[pick] >= objective.agents.count(cls)
            items.append(("agent", pick))
        for kind, need in objective.supplies.items():
            values = sorted((data.supply_of(c)[1] for c in cards if (s := data.supply_of(c)) and s[0] == kind),
                            reverse=True)
            total, used = 0, 0
            while total < need:
                total += values[used]
                items.append(("supply", (kind, values[used])))
                used += 1
        assert complete(objective, items), objective.name


def test_a_pair_stands_in_for_a_class() -> None:
    objective = data.OBJECTIVE_BY_NAME["Crack the Cipher"]
    assert complete(objective, [("pair", "C"), ("supply", ("Intel", 3)), ("supply", ("Intel", 1))])
    assert not complete(data.OBJECTIVE_BY_NAME["Bribe an Official"], [("pair", "A"), ("supply", ("Funds", 3)),
                                                                       ("supply", ("Funds", 1))])
