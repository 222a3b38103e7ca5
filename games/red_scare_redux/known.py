"""Cards a seat knows to be in another team's hands, read off the events of the log entries that seat may read: a
card an opponent took from its team (Pickpocket, STEAL), an Agent taken back with Defector, a hand seen in an
Interrogation. A known card is forgotten when its holder plays, places or discards a card of that name, and every
known card of a back when the holder passes a card of that back to a teammate (the seat sees only the back, so it no
longer knows which).

Only events are read (the engine writes one beside each such line, games/state.py ``LogEntry``), never the English
text, so rewording a line cannot change what the worlds deal."""

from __future__ import annotations

from typing import cast

from games.protocol import State, Viewer, visible_entries
from games.red_scare_redux.state import RedScareState

MOVES = ("pickpocket", "steal", "give", "take")  # a card from one hand to another: "from", "to", "card" or "back"


def known_cards(state: RedScareState, viewer: Viewer, backs: dict[str, str]) -> dict[int, list[str]]:
    """Per seat of another team, the card names ``viewer`` knows it holds (``backs``: each card name's back)."""
    team = state["team_of"][viewer] if viewer is not None else None
    known: dict[int, list[str]] = {seat: [] for seat in range(state["players"]) if state["team_of"][seat] != team}

    def lose(seat: int, card: str) -> None:
        if seat in known and card in known[seat]:
            known[seat].remove(card)

    for entry in visible_entries(cast(State, state), viewer):
        event = entry.get("event")
        if event is None:
            continue
        kind, seat = event["kind"], event.get("seat")
        if kind in MOVES:
            giver, getter = event["from"], event["to"]
            if "back" in event:  # an exchange the viewer sees only by its back
                if giver in known:
                    known[giver] = [c for c in known[giver] if backs[c] != event["back"]]
            elif event["card"] in backs:
                lose(giver, event["card"])
                if getter in known:
                    known[getter].append(event["card"])
        elif kind == "defector":
            if seat in known and event["card"] in backs:
                known[seat].append(event["card"])
        elif kind == "hand_seen":
            if seat in known:
                known[seat] = [c for c in event["cards"] if c in backs]
        elif kind == "discard" or kind == "place":
            for card in event["cards"]:
                lose(seat, card)
        elif kind == "begin":
            lose(seat, event["objective"])
        elif kind == "play":
            lose(seat, event["card"])
    return known
