"""Moving cards between locker, hold, play and Davy Jones; damage and death (H2, M6); players going out and the end
of the game (K5).

Every move of a party card marks the turn's progress (K5c); spawned cards (K2) are not party cards and never do.
"""

from __future__ import annotations

from games.protocol import Seat
from games.raiding_parties.data import BY_NAME, ORDER, RAIDERS, SPAWN_CAP
from games.raiding_parties.rules.cards import active, find, label
from games.raiding_parties.state import InPlay, RaidingState, Reason


def progress(state: RaidingState) -> None:
    if state["turn"] is not None:
        state["turn"]["progress"] = True


def add_to_hold(state: RaidingState, seat: Seat, name: str) -> None:
    """Holds are kept in catalogue order: a hand's order would tell nothing its owner does not know, and a fixed
    order keeps views independent of the order cards arrived in."""
    hold = state["holds"][seat]
    at = next((i for i, other in enumerate(hold) if ORDER[other] > ORDER[name]), len(hold))
    hold.insert(at, name)


def take_from_hold(state: RaidingState, seat: Seat, name: str) -> None:
    state["holds"][seat].remove(name)
    known = state["known"][seat]
    if name in known and known[name] > state["holds"][seat].count(name):
        known[name] -= 1  # one of the known cards left (any copy: they are alike)
        if not known[name]:
            del known[name]


def note_known(state: RaidingState, seat: Seat, name: str) -> None:
    """A hold card everyone saw go back into the hold (H3): resampling must leave it there (ruling 12)."""
    known = state["known"][seat]
    known[name] = min(known.get(name, 0) + 1, state["holds"][seat].count(name))


def draw(state: RaidingState, seat: Seat, why: str) -> str | None:
    """The top card of the locker into the hold; None when the locker is empty."""
    if not state["lockers"][seat]:
        return None
    name = state["lockers"][seat].pop(0)
    add_to_hold(state, seat, name)
    progress(state)
    state["log"].append({"text": why})
    state["log"].append({"text": f"You drew {name}.", "to": [seat]})
    return name


def new_id(state: RaidingState) -> str:
    state["next_id"] += 1
    return f"c{state['next_id']}"


def enter_play(state: RaidingState, seat: Seat, name: str, *, spawned: bool = False, damage: int = 0) -> InPlay:
    """A card joins its owner's play with a fresh id (ruling 12). Raiders' extra attack is granted at once on its
    owner's turn (T2: a card may be used on the turn it enters play)."""
    card: InPlay = {"id": new_id(state), "name": name, "damage": damage, "spawned": spawned, "melee": []}
    state["play"][seat].append(card)
    if not spawned:
        progress(state)
    turn = state["turn"]
    if name == RAIDERS and turn is not None and turn["seat"] == seat:
        grant(state, card["id"], "raiders")
    return card


def spawn(state: RaidingState, seat: Seat, name: str) -> InPlay | None:
    """K2: a card from outside the game; beyond K5's cap of spawned cards in play the spawn fizzles."""
    if sum(1 for c in state["play"][seat] if c["spawned"]) >= SPAWN_CAP:
        state["log"].append({"text": "{s%d} already has %d spawned cards in play: no %s joins." % (
            seat, SPAWN_CAP, name)})
        return None
    card = enter_play(state, seat, name, spawned=True)
    state["log"].append({"text": "A %s (%s) joins {s%d}'s play from outside the game." % (name, card["id"], seat)})
    return card


def grant(state: RaidingState, card_id: str, source: str) -> bool:
    """T4: one extra attack this turn from ``source``; a source grants it at most once a turn."""
    turn = state["turn"]
    assert turn is not None
    sources = turn["grants"].setdefault(card_id, [])
    if source in sources:
        return False
    sources.append(source)
    turn["extras"][card_id] = turn["extras"].get(card_id, 0) + 1
    return True


def to_davy_jones(state: RaidingState, seat: Seat, name: str) -> None:
    state["davy_jones"][seat].append(name)
    progress(state)


def damage(state: RaidingState, card_id: str, amount: int) -> None:
    """H2: permanent damage; the card dies once its damage reaches its HP."""
    found = find(state, card_id)
    assert found is not None
    seat, card = found
    card["damage"] += amount
    if not card["spawned"]:
        progress(state)
    hp = BY_NAME[card["name"]]["hp"]
    assert hp is not None
    state["log"].append({"text": "%s takes %d damage (%d of %d)." % (label(state, card_id), amount,
                                                                     card["damage"], hp)})
    if card["damage"] >= hp:
        kill(state, card_id)


def kill(state: RaidingState, card_id: str) -> None:
    """H2 and M6: the card leaves play (a spawned card leaves the game), everything in melee with it is released,
    and its Played effect lapses (ruling 11)."""
    found = find(state, card_id)
    assert found is not None
    seat, card = found
    state["log"].append({"text": "%s dies." % label(state, card_id)})
    state["play"][seat].remove(card)
    for partner_id in card["melee"]:
        partner = find(state, partner_id)
        if partner is not None:
            partner[1]["melee"].remove(card_id)
    if not card["spawned"]:
        to_davy_jones(state, seat, card["name"])
    turn = state["turn"]
    if turn is not None and card_id in turn["effects"]:
        turn["effects"].remove(card_id)


def link(state: RaidingState, attacker_id: str, defender_id: str) -> None:
    """M1: the charger arrives; a crew pair is 1 v 1, a Ship/Fort/Land takes any number of boarders."""
    attacker = find(state, attacker_id)
    defender = find(state, defender_id)
    assert attacker is not None and defender is not None
    attacker[1]["melee"].append(defender_id)
    defender[1]["melee"].append(attacker_id)


# ----------------------------------------------------------------------------- going out and the end


def has_cards(state: RaidingState, seat: Seat) -> bool:
    """K5(a), ruling 15: locker, hold or play (spawned cards count); Davy Jones does not."""
    return bool(state["lockers"][seat] or state["holds"][seat] or state["play"][seat])


def check_out(state: RaidingState) -> None:
    """Put out every player left without cards; end the game when one player (or none) is left."""
    if state["phase"] != "play":
        return
    gone = [seat for seat in active(state) if not has_cards(state, seat)]
    if not gone:
        return
    for seat in gone:
        state["out"][seat] = True
        state["out_order"].append(seat)
        state["log"].append({"text": "{s%d} has no cards left and is out." % seat})
    left = active(state)
    if len(left) == 1:
        finish(state, left, "last_survivor")
    elif not left:
        finish(state, gone, "shared")  # K5(b): going out together shares a draw


ENDINGS = {
    "last_survivor": "{s%d} is the last player with cards and wins.",
    "no_progress": "Nothing has changed for too long: the game is a draw.",
    "shared": "The last players went out together: they share a draw.",
}


def finish(state: RaidingState, winners: list[Seat], reason: Reason) -> None:
    state["outcome"] = {"winners": sorted(winners), "reason": reason}
    text = ENDINGS[reason]
    state["log"].append({"text": text % winners[0] if "%d" in text else text})
    state["phase"] = "over"
    state["stack"] = []
    state["turn"] = None
