"""Everything a Patriots & Redcoats spectator cannot see at a moment, labelled for the replay's "everything revealed"
view: every player's Loyalty cards (face-down ones included), team, Turncoat choice and last Leader held; the Loyalty
cards never dealt; both decks in order (top first) and the War discard; the War cards a Council or Winter's drawer
holds in secret; and the secret choices of a step under way (confirmations, votes, Winter flips and picks, who
has answered an open response window)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from games.patriots_and_redcoats.core import war_name
from games.patriots_and_redcoats.data import LOYALTY, LOYALTY_NAMES, SPYCRAFT, SPYCRAFT_TITLES, WAR, WAR_NAMES
from games.patriots_and_redcoats.state import CardId, Frame, PatriotsState

NOT_YET = "not yet"


def loyalty_card(card: CardId) -> str:
    return LOYALTY_NAMES[LOYALTY[card]]


def spycraft_card(card: CardId) -> str:
    data = SPYCRAFT[card]
    title = SPYCRAFT_TITLES[data["kind"]]
    if "eyes" in data:
        return f"{title} ({data['eyes']} eye{'s' if data['eyes'] > 1 else ''})"
    if "feathers" in data:
        return f"{title} ({data['feathers']} feather{'s' if data['feathers'] > 1 else ''})"
    if "name" in data:
        return f"{title} ({data['name']})"
    return title


def reveal(state: PatriotsState) -> dict[str, Any]:
    top = state["stack"][-1] if state["stack"] else None
    out: dict[str, Any] = {
        "players": [_player(state, seat, top) for seat in range(state["players"])],
        "Loyalty cards never dealt": _tally(loyalty_card(c) for c in state["box"]),
    }
    for frame in state["stack"]:
        if frame["kind"] == "council" and frame["hand"]:
            holder = frame["commander"] if frame["step"] == "discard" else frame["agent"]
            out["War cards in the Council"] = [{"seat": holder, "cards": [war_name(c) for c in frame["hand"]]}]
        elif frame["kind"] == "winter" and frame["war"]:
            drawn = [war_name(c) for c in frame["war"]]
            out["War cards drawn for Winter"] = [{"seat": frame["drawer"], "cards": drawn}]
    out["War deck, top first"] = [war_name(c) for c in reversed(state["war"]["deck"])]
    out["War discard"] = _tally(WAR_NAMES[WAR[c]] for c in state["war"]["discard"])
    out["Spycraft deck, top first"] = [spycraft_card(c) for c in reversed(state["spycraft"]["deck"])]
    return out


def _tally(names: Iterable[str]) -> dict[str, int]:
    return dict(sorted(Counter(names).items()))


def _player(state: PatriotsState, seat: int, top: Frame | None) -> dict[str, Any]:
    hand = state["hands"][seat]
    row: dict[str, Any] = {
        "seat": seat,
        "face down": [loyalty_card(e["id"]) for e in hand if not e["up"]],
        "face up": [loyalty_card(e["id"]) for e in hand if e["up"]],
        "team": state["team"][seat] or "not yet confirmed",
    }
    if state["choice"][seat] is not None:
        row["Turncoat choice"] = state["choice"][seat]
    leader = state["leader_held"][seat]
    if leader is not None:
        row["last Leader held"] = LOYALTY_NAMES[leader]
    if not state["alive"][seat]:
        return row
    if state["windows"] and state["options"]["window_mode"] == "quick":
        # Who has let the open response window go by is nobody's to know (fixed mode: nobody can, it runs out).
        row["continued in the open window"] = "no" if seat in state["windows"][-1]["waiting"] else "yes"
    if top is None:
        return row
    if top["kind"] == "confirm" and top["choices"] is not None:
        row["confirming"] = top["choices"][seat] or NOT_YET
    elif top["kind"] == "council" and top["step"] == "vote" and top["votes"] is not None:
        vote = top["votes"][seat]
        row["vote"] = NOT_YET if vote is None else ("yes" if vote else "no")
    elif top["kind"] == "winter" and top["step"] == "flip" and top["flips"] is not None:
        row["Winter flip"] = _slot(state, seat, top["flips"][seat], "nothing to flip")
    elif top["kind"] == "winter" and top["step"] == "select" and top["picks"] is not None:
        row["Winter pass (face down)"] = _slot(state, seat, top["picks"][seat], NOT_YET)
    return row


def _slot(state: PatriotsState, seat: int, slot: int | None, none: str) -> str:
    """A Winter flip or pick (a slot in the hand; -1: nothing to flip), by the card's name."""
    if slot is None:
        return NOT_YET
    if slot < 0:
        return none
    return loyalty_card(state["hands"][seat][slot]["id"])
