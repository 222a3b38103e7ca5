"""Everything a Raiding Parties spectator cannot see at a moment, labelled for the replay's "everything revealed"
view: by seat, the party it built (during building: whether it has submitted yet), its hold and its locker in order
(top first); and the flip deck in order (next flip first)."""

from __future__ import annotations

from typing import Any

from games.raiding_parties.state import RaidingState

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
NOT_YET = "not submitted yet"


def playing_card(code: str) -> str:
    """A playing card as people write it: "10H" is "10♥"."""
    return code[:-1] + SUITS[code[-1]]


def reveal(state: RaidingState) -> dict[str, Any]:
    return {
        "seats": [
            {"seat": seat,
             "party built": dict(party) if (party := state["parties"][seat]) is not None else NOT_YET,
             "hold": list(state["holds"][seat]),
             "locker, top first": list(state["lockers"][seat])}
            for seat in range(state["players"])
        ],
        "flip deck, next first": [playing_card(code) for code in state["deck"]],
    }
