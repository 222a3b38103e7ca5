"""What each viewer of a Raiding Parties table may see (K8, ruling 12, H0), built by allow-list; the two leak-test
hooks, ``secrets`` (canary values; ``resample`` is in sampler.py); and ``reveal``, everything
hidden at a moment for the replay.

Public: everything in play (ids, damage, melee pairs, what was used this turn), Davy Jones, every flipped playing
card, hold and locker sizes, the prompt in one form for all. A hold's cards: its owner. A locker's cards: its owner,
as a multiset. Nobody: a locker's order, the deck's order, another seat's party. During building: how many parties
are in, never whose. At the end: everything.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from games.facts import Zone
from games.protocol import Viewer
from games.raiding_parties.data import BY_NAME, ORDER, SHIPS_FORTS_ALLOWED, ready_made_json
from games.raiding_parties.rules import top
from games.raiding_parties.rules.cards import find
from games.raiding_parties.rules.hits import window_key
from games.raiding_parties.rules.turn import idle_limit
from games.raiding_parties.state import (
    AttackView,
    BuildView,
    CardView,
    Frame,
    HitView,
    InPlay,
    Prompt,
    RaidingState,
    RaidingView,
    SeatView,
    TurnState,
    TurnView,
)


def counts(names: list[str]) -> dict[str, int]:
    """A multiset of names, in catalogue order."""
    tally = Counter(names)
    return {name: tally[name] for name in sorted(tally, key=ORDER.__getitem__)}


def view(state: RaidingState, viewer: Viewer) -> RaidingView:
    n = state["players"]
    me = viewer if viewer is not None and 0 <= viewer < n else None
    over = state["phase"] == "over"
    options = state["options"]
    outcome = state["outcome"]
    return {
        "phase": state["phase"],
        "you": me,
        "players": n,
        "options": options.copy(),
        "build": _build(state, me) if state["phase"] == "build" else None,
        "your_party": dict(party) if me is not None and (party := state["parties"][me]) is not None else None,
        "seats": [_seat(state, seat, me, over) for seat in range(n)],
        "flips": {"deck": len(state["deck"]), "pile": list(state["pile"]),
                  "last": state["pile"][-1] if state["pile"] else None},
        "turn": _turn(state["turn"]),
        "resolving": [_attack(f) for f in state["stack"] if f["kind"] == "attack"],
        "hit": _hit(state),
        "prompt": _prompt(state, top(state)),
        "idle_turns": state["idle_turns"],
        "idle_limit": idle_limit(state),
        "out_order": list(state["out_order"]),
        "winners": list(outcome["winners"]) if outcome is not None else None,
    }


def _build(state: RaidingState, me: int | None) -> BuildView:
    gold = state["options"]["gold"]
    return {
        "gold": gold,
        "max_ships_forts": SHIPS_FORTS_ALLOWED[gold],
        "copy_cap": state["options"]["copy_cap"],
        "ready_count": sum(1 for party in state["parties"] if party is not None),
        "you_ready": state["parties"][me] is not None if me is not None else None,
        "ready_made": ready_made_json(gold),
    }


def _seat(state: RaidingState, seat: int, me: int | None, over: bool) -> SeatView:
    sees = seat == me or over
    return {
        "seat": seat,
        "out": state["out"][seat],
        "hold_size": len(state["holds"][seat]),
        "hold": list(state["holds"][seat]) if sees else None,
        "locker_size": len(state["lockers"][seat]),
        "locker": counts(state["lockers"][seat]) if sees else None,
        "davy_jones": list(state["davy_jones"][seat]),
        "in_play": [_card(state, card) for card in state["play"][seat]],
    }


def _card(state: RaidingState, card: InPlay) -> CardView:
    turn = state["turn"]
    card_id = card["id"]
    hp = BY_NAME[card["name"]]["hp"]
    assert hp is not None, "only one-timers have no HP, and they never enter play"
    return {
        "id": card_id,
        "name": card["name"],
        "hp": hp,
        "damage": card["damage"],
        "spawned": card["spawned"],
        "melee": list(card["melee"]),
        "used": turn is not None and card_id in turn["used"],
        "extra_attacks": turn["extras"].get(card_id, 0) if turn is not None else 0,
        "melee_attacked": turn is not None and card_id in turn["melee_done"],
        "played_effect": turn is not None and card_id in turn["effects"],
    }


def _turn(turn: TurnState | None) -> TurnView | None:
    if turn is None:
        return None
    return {"seat": turn["seat"], "number": turn["number"], "regular_play_done": turn["regular_done"],
            "ranger_bonus_used": turn["ranger_done"]}


def _attack(frame: Frame) -> AttackView:
    assert frame["kind"] == "attack"
    return {"card": frame["card"], "seat": frame["seat"], "weapon": frame["weapon"], "mode": frame["mode"],
            "targets": list(frame["targets"]), "flips_made": frame["done"], "flips": frame["flips"]}


def _hit(state: RaidingState) -> HitView | None:
    frame = next((f for f in reversed(state["stack"]) if f["kind"] == "hit"), None)
    if frame is None or frame["kind"] != "hit":
        return None
    return {"seat": frame["seat"], "card": frame["card"], "hold": frame["hold"], "revealed": frame["revealed"],
            "cause": frame["cause"], "step": frame["step"]}


def _prompt(state: RaidingState, frame: Frame | None) -> Prompt | None:
    """The prompt play waits on, in one public form for every viewer (H0)."""
    if frame is None:
        return None
    if frame["kind"] == "attack":
        return {"kind": "aim", "seat": frame["seat"], "card": frame["card"], "weapon": frame["weapon"],
                "flips_left": frame["flips"] - frame["done"]}
    if frame["kind"] == "charge":
        found = find(state, frame["target"])
        return {"kind": "stand_and_shoot", "seat": found[0] if found else frame["seat"], "card": frame["target"],
                "charger": frame["card"], "weapon": frame["weapon"]}
    if frame["kind"] == "retaliate":
        return {"kind": "retaliate", "seat": frame["seat"], "card": frame["card"], "attacker": frame["attacker"]}
    if frame["kind"] == "cannoneer":
        return {"kind": "cannoneer", "seat": frame["seat"], "card": frame["card"], "form": frame["form"],
                "target": frame["target"]}
    if frame["kind"] == "grenades":
        return {"kind": "grenades", "seat": frame["seat"], "card": frame["card"]}
    if frame["kind"] == "search":
        return {"kind": "search", "seat": frame["seat"], "card": frame["card"]}
    assert frame["window"] is not None
    return {"kind": "reaction", "seat": frame["seat"], "step": frame["step"], "text": "may react",
            "card": frame["card"], "key": window_key(frame["window"]),
            "seconds": state["options"]["reaction_seconds"], "mode": state["options"]["reaction_mode"]}


# ----------------------------------------------------------------------------- leak-test hooks


def secrets(state: RaidingState, viewer: Viewer) -> set[str]:
    """Canary values, each the JSON of what a view would show if it leaked: another seat's hold (as its owner sees
    it) and locker multiset, and anyone's locker order and the deck's order. Only zones of two cards or more: a
    single card's name, or two seats with the same one-card locker, is too often shown by chance for the field by
    field search; ``resample`` covers those. Parties are not listed: a ready-made party is public data, so a seat's
    party often equals what a view shows (``build.ready_made``, your own ``your_party``) without leaking anything."""
    if state["phase"] == "over":
        return set()
    hidden = set()
    for seat in range(state["players"]):
        if seat != viewer:
            if len(state["holds"][seat]) >= 2:
                hidden.add(json.dumps(state["holds"][seat]))
            if len(state["lockers"][seat]) >= 2:
                hidden.add(json.dumps(counts(state["lockers"][seat])))
        if len(state["lockers"][seat]) >= 2:
            hidden.add(json.dumps(state["lockers"][seat]))
    if len(state["deck"]) >= 2:
        hidden.add(json.dumps(state["deck"]))
    return hidden


# ----------------------------------------------------------------------------- the replay

SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
NOT_YET = "not submitted yet"


def playing_card(code: str) -> str:
    """A playing card as people write it: "10H" is "10♥"."""
    return code[:-1] + SUITS[code[-1]]


def hidden_zones(state: RaidingState, seat: int) -> dict[str, Zone]:
    """What ``seat`` cannot see in play (``Facts.hidden_zones``): the flip deck's order, every locker's order (its own
    too), and every other seat's hold and party; a card may be in any of them."""
    if state["phase"] != "play":
        return {}
    zones = {"flip deck": Zone(tuple(("flip", code) for code in state["deck"]), ordered=True)}
    for other in range(state["players"]):
        zones[f"locker {other}"] = Zone(tuple(("card", name) for name in state["lockers"][other]), ordered=True)
        if other != seat:
            party = state["parties"][other] or {}
            zones[f"hold {other}"] = Zone(tuple(("card", name) for name in state["holds"][other]))
            zones[f"party {other}"] = Zone(tuple(("card", name) for name, n in party.items() for _ in range(n)))
    return zones


def reveal(state: RaidingState) -> dict[str, Any]:
    """Everything a spectator cannot see at a moment, labelled for the replay's "everything revealed" view: by seat,
    the party it built (during building: whether it has submitted yet), its hold and its locker in order (top
    first); and the flip deck in order (next flip first)."""
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
