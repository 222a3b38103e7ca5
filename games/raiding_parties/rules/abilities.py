"""Played effects (T5, ruling 11), the locker search of Skipper and Quicksilver (K8), and Make a Pirate (K2).

A Played effect is remembered in the turn (``turn["effects"]``) from the moment its card enters play on its owner's
turn until it is used, the turn ends or the card leaves play. Brethren's effect is spent by playing the next
Brethren (``turn.py``); Liberty's happens by itself.
"""

from __future__ import annotations

from games import rng
from games.protocol import Seat
from games.raiding_parties.data import BY_NAME, ORDER, PIRATE, PRIVATEER
from games.raiding_parties.rules.cards import find, is_crew
from games.raiding_parties.rules.zones import add_to_hold, draw, grant, progress, spawn
from games.raiding_parties.state import EffectAction, InPlay, RaidingAction, RaidingState, SearchFrame
from games.turns import pop, push


def on_played(state: RaidingState, seat: Seat, card: InPlay) -> None:
    """A card played from the hold on its owner's turn: its Played effect becomes available (Liberty's happens)."""
    played = BY_NAME[card["name"]]["played"]
    if played == "spawn_privateer":
        spawn(state, seat, PRIVATEER)
    elif played is not None:
        turn = state["turn"]
        assert turn is not None
        turn["effects"].append(card["id"])


def played_at_once(state: RaidingState, seat: Seat, card: InPlay) -> None:
    """H3, ruling 11: a card forced into play from the hold resolves its Played effect at once or not at all. Only
    Ships, Forts and Lands enter play that way: Liberty spawns, Quicksilver's owner may search."""
    played = BY_NAME[card["name"]]["played"]
    if played == "spawn_privateer":
        spawn(state, seat, PRIVATEER)
    elif played == "search" and state["lockers"][seat]:
        frame: SearchFrame = {"kind": "search", "seat": seat, "card": card["id"], "optional": True}
        push(state, frame)


def make_pirate(state: RaidingState, seat: Seat) -> None:
    spawn(state, seat, PIRATE)


def open_effects(state: RaidingState, seat: Seat) -> list[InPlay]:
    """The seat's cards in play with an unspent Played effect, in the order they entered play."""
    turn = state["turn"]
    if turn is None or turn["seat"] != seat:
        return []
    out = []
    for card_id in turn["effects"]:
        found = find(state, card_id)
        if found is not None and found[0] == seat:
            out.append(found[1])
    return out


def brethren_effect(state: RaidingState, seat: Seat) -> str | None:
    """The oldest unspent Brethren effect: the right to play another Brethren."""
    return next((c["id"] for c in open_effects(state, seat) if BY_NAME[c["name"]]["played"] == "brethren"), None)


def locker_names(state: RaidingState, seat: Seat) -> list[str]:
    """The distinct names in a locker, in catalogue order (what a search may pick; only its owner is offered it)."""
    return sorted(set(state["lockers"][seat]), key=ORDER.__getitem__)


def effect_actions(state: RaidingState, seat: Seat) -> list[EffectAction]:
    out: list[EffectAction] = []
    for card in open_effects(state, seat):
        played = BY_NAME[card["name"]]["played"]
        if played == "draw" and state["lockers"][seat]:
            out.append({"type": "effect", "card": card["id"]})
        elif played == "extra_attack":
            out += [{"type": "effect", "card": card["id"], "target": c["id"]}
                    for c in state["play"][seat] if is_crew(c["name"])]
        elif played == "search":
            out += [{"type": "effect", "card": card["id"], "pick": name} for name in locker_names(state, seat)]
    return out


def apply_effect(state: RaidingState, seat: Seat, action: EffectAction) -> None:
    turn = state["turn"]
    assert turn is not None
    card_id: str = action["card"]
    turn["effects"].remove(card_id)
    name = find_name(state, card_id)
    played = BY_NAME[name]["played"]
    if played == "draw":
        draw(state, seat, "{s%d}'s Advisor (%s) draws a card from the locker." % (seat, card_id))
    elif played == "extra_attack":
        target = action.get("target")
        if target is None:  # never legal: ``effect_actions`` names the crew card in each
            raise AssertionError(f"{name}'s effect ({card_id}) names no crew card to take the extra attack")
        grant(state, target, card_id)
        state["log"].append({"text": "{s%d}'s %s (%s) grants %s an extra attack this turn." % (
            seat, name, card_id, target)})
    elif played == "search":
        pick = action.get("pick")
        if pick is None:  # never legal: ``effect_actions`` names the card in each
            raise AssertionError(f"{name}'s effect ({card_id}) names no card to take from the locker")
        search(state, seat, card_id, pick)


def find_name(state: RaidingState, card_id: str) -> str:
    found = find(state, card_id)
    assert found is not None
    return found[1]["name"]


def search(state: RaidingState, seat: Seat, card_id: str, pick: str) -> None:
    """K8: the pick is told to its owner only; the locker is reshuffled with the table's random source."""
    locker = state["lockers"][seat]
    locker.remove(pick)
    add_to_hold(state, seat, pick)
    rng.shuffle(state, locker)
    progress(state)
    name = find_name(state, card_id) if find(state, card_id) is not None else "card"
    state["log"].append({"text": "{s%d}'s %s put a card from the locker into the hold; the locker is shuffled." % (
        seat, name)})
    state["log"].append({"text": f"You took {pick}.", "to": [seat]})


def search_legal(state: RaidingState, frame: SearchFrame, seat: Seat) -> list[RaidingAction]:
    if seat != frame["seat"]:
        return []
    out: list[RaidingAction] = [{"type": "search", "card": name} for name in locker_names(state, seat)]
    if frame["optional"]:
        out.append({"type": "decline"})
    return out


def run_search(state: RaidingState, frame: SearchFrame) -> bool:
    if not state["lockers"][frame["seat"]]:
        pop(state)  # nothing left to find
        return True
    return False


def search_act(state: RaidingState, frame: SearchFrame, seat: Seat, action: RaidingAction) -> None:
    pop(state)
    if action["type"] == "search":
        search(state, seat, frame["card"], action["card"])


def search_default(state: RaidingState, frame: SearchFrame, seat: Seat) -> RaidingAction:
    """Ruling 11 and K7: the first locker card in catalogue order."""
    return {"type": "search", "card": locker_names(state, seat)[0]}
