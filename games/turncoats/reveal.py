"""Everything a Turncoats spectator cannot see at a moment, labelled for the replay's "everything revealed" view:
every hand's stones by colour, the bag's colour mix, and the stone a Negotiate has drawn and not yet returned."""

from __future__ import annotations

from typing import Any

from games.turncoats.data import COLOURS
from games.turncoats.rules import total
from games.turncoats.state import TurncoatsState


def reveal(state: TurncoatsState) -> dict[str, Any]:
    out: dict[str, Any] = {
        "hands": [{"seat": seat, **{colour: hand[colour] for colour in COLOURS}, "stones": total(hand)}
                  for seat, hand in enumerate(state["hands"])],
        "bag": {**{colour: state["bag"][colour] for colour in COLOURS}, "stones": total(state["bag"])},
    }
    if state["drawn"] is not None:
        # Drawn by the seat whose turn it is, already in their hand: one stone of it goes back to the bag next.
        out["drawn, not yet returned"] = [{"seat": state["turn"], "stone": state["drawn"]}]
    return out
