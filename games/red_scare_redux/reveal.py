"""Everything a Red Scare Redux spectator cannot see at a moment, labelled for the replay's "everything revealed"
view: every hand by card name, and the three decks in order (top first)."""

from __future__ import annotations

from typing import Any

from games.red_scare_redux.state import RedScareState
from games.red_scare_redux.zones import hand_names, name


def reveal(state: RedScareState) -> dict[str, Any]:
    return {
        "hands": [{"seat": seat, "team": state["team_of"][seat] + 1, "cards": hand_names(state, seat)}
                  for seat in range(state["players"])],
        **{f"{back} deck, top first": [name(state, copy) for copy in state["decks"][back]]
           for back in ("objective", "omega", "delta")},
    }
