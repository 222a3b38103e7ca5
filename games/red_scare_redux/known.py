"""Cards a seat knows to be in another team's hands, read off the log lines that seat may read: a card an opponent
took from its team (Pickpocket, STEAL), an Agent taken back with Defector, a hand seen in an Interrogation. A known
card is forgotten when its holder plays, places or discards a card of that name, and every known card of a back when
the holder passes a card of that back to a teammate (the seat sees only the back, so it no longer knows which)."""

from __future__ import annotations

import re
from typing import cast

from games.protocol import State, Viewer, visible_entries
from games.red_scare_redux.state import RedScareState

SEAT = r"\{s(\d+)\}"
FROM_SEAT = re.compile(rf"^{SEAT} (?:picks|steals|takes|gives) (.+) (?:from|to) {SEAT}\.$")
DEFECTOR = re.compile(rf"^{SEAT} takes (.+?) from (?!\{{s).+$")
HAND_WAS = re.compile(rf"^{SEAT}'s hand was: (.*)\.$")
DISCARDS = re.compile(rf"^{SEAT} discards (.+?)(?: to draw as many| \(hand limit\))\.$")
FORCED = re.compile(rf"^{SEAT}'s Interrogation makes {SEAT} discard (.+)\.$")
PLAYS = re.compile(rf"^{SEAT} plays (.+)$")
PLACES = re.compile(rf"^{SEAT} places (.+?)(?: as [^+]+)? on .+$")
BEGINS = re.compile(rf"^{SEAT} begins (.+) \(p?\d+\)\.$")
BACKS = {"an Objective": "objective", "an Omega card": "omega", "a Delta card": "delta"}


def known_cards(state: RedScareState, viewer: Viewer, backs: dict[str, str]) -> dict[int, list[str]]:
    """Per seat of another team, the card names ``viewer`` knows it holds (``backs``: each card name's back)."""
    team = state["team_of"][viewer] if viewer is not None else None
    known: dict[int, list[str]] = {seat: [] for seat in range(state["players"]) if state["team_of"][seat] != team}

    def lose(seat: int, card: str) -> None:
        if seat in known and card in known[seat]:
            known[seat].remove(card)

    for entry in visible_entries(cast(State, state), viewer):
        text = entry["text"]
        if m := FROM_SEAT.match(text):
            actor, card, other = int(m[1]), m[2], int(m[3])
            giver, getter = (actor, other) if " gives " in text else (other, actor)
            if card in BACKS:  # an exchange the viewer sees only by its back
                if giver in known:
                    known[giver] = [c for c in known[giver] if backs[c] != BACKS[card]]
            elif card in backs:
                lose(giver, card)
                if getter in known:
                    known[getter].append(card)
        elif m := DEFECTOR.match(text):
            if int(m[1]) in known and m[2] in backs:
                known[int(m[1])].append(m[2])
        elif m := HAND_WAS.match(text):
            if int(m[1]) in known:
                known[int(m[1])] = [c for c in m[2].split(", ") if c in backs]
        elif m := FORCED.match(text):
            lose(int(m[2]), m[3])
        elif m := DISCARDS.match(text):
            for card in m[2].split(", "):
                lose(int(m[1]), card)
        elif m := PLACES.match(text):
            for card in m[2].split(" + "):
                lose(int(m[1]), card)
        elif m := BEGINS.match(text):
            lose(int(m[1]), m[2])
        elif m := PLAYS.match(text):
            played = next((c for c in known.get(int(m[1]), []) if m[2].startswith(c)), None)
            if played is not None:
                lose(int(m[1]), played)
    return known
