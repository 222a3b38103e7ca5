"""Build Raiding Parties play-phase states by hand for rule tests, and play them through the platform's guard.

``build`` (the contract in games/raiding_parties/README.md) lays out every seat's play, hold, locker and Davy Jones,
stacks the named playing cards on top of the flip deck (the rest of the 52 follow in a fixed order) and starts a
turn whose draw is done. Each seat's party is exactly the cards named for it (spawned cards excluded), so the
engine's conservation check holds; scenario parties need not obey the Golden Rule.
"""

from __future__ import annotations

from typing import Any

from games.protocol import Action, State, apply_checked, apply_expiry
from games.raiding_parties import GAME, rules
from games.raiding_parties.data import DECK, ORDER
from games.raiding_parties.rules import turn as turns

Entry = str | tuple[str, int]  # a card name, or (name, damage) for a card in play


def build(
    players: int = 2,
    *,
    in_play: dict[int, list[Entry]] | None = None,
    hold: dict[int, list[str]] | None = None,
    locker: dict[int, list[str]] | None = None,
    davy_jones: dict[int, list[str]] | None = None,
    deck: list[str] | tuple[str, ...] = (),
    turn: int = 0,
    regular_done: bool = False,
    options: dict[str, Any] | None = None,
    seed: int = 1,
) -> State:
    """A state in ``turn``'s turn, its draw done. Ids c1, c2, ... go to the cards in play in the order named."""
    state = GAME.new_state(players, options, seed)
    assert all(card in DECK for card in deck) and len(set(deck)) == len(deck), "stack distinct playing cards"
    state["deck"] = list(deck) + [card for card in DECK if card not in deck]
    state["pile"] = []
    state["log"] = []
    state["phase"] = "play"
    state["first"] = turn
    for seat in range(players):
        state["holds"][seat] = sorted((hold or {}).get(seat, []), key=ORDER.__getitem__)
        state["davy_jones"][seat] = list((davy_jones or {}).get(seat, []))
        for entry in (in_play or {}).get(seat, []):
            name, damage = (entry, 0) if isinstance(entry, str) else entry
            state["next_id"] += 1
            state["play"][seat].append({"id": f"c{state['next_id']}", "name": name, "damage": damage,
                                        "spawned": False, "melee": []})
    turns.begin(state, turn)  # every locker is still empty: no draw
    for seat in range(players):
        state["lockers"][seat] = list((locker or {}).get(seat, []))
        party: dict[str, int] = {}
        names = (state["lockers"][seat] + state["holds"][seat] + state["davy_jones"][seat]
                 + [c["name"] for c in state["play"][seat]])
        for name in sorted(names, key=ORDER.__getitem__):
            party[name] = party.get(name, 0) + 1
        state["parties"][seat] = party
    state["turn"]["regular_done"] = regular_done
    state["turn"]["progress"] = False
    rules.advance(state)
    rules.check_invariants(state)
    return state


def act(state: State, seat: int, action: Action) -> State:
    return apply_checked(GAME, state, seat, action)


def expire(state: State) -> State:
    """A fixed reaction window's deadline passes: the platform's move, nobody's action."""
    return apply_expiry(GAME, state)


def card(state: State, card_id: str) -> dict[str, Any] | None:
    """The card in play with this id, as the view shows it; None once it has left play."""
    for seat in GAME.view(state, None)["seats"]:
        for c in seat["in_play"]:
            if c["id"] == card_id:
                return dict(c)
    return None


def ids(state: State, seat: int) -> list[str]:
    return [c["id"] for c in state["play"][seat]]


# Additions for the rule tests (issue 10): set-ups ``build`` does not cover, each applied to a built state.


def engage(state: State, *pairs: tuple[str, str]) -> State:
    """Put each (attacker, defender) pair of cards in play in melee, as if the charge had arrived earlier."""
    for attacker, defender in pairs:
        for card_id, other in ((attacker, defender), (defender, attacker)):
            next(c for cards in state["play"] for c in cards if c["id"] == card_id)["melee"].append(other)
    rules.check_invariants(state)
    return state


def spawned(state: State, seat: int, name: str = "Pirate", count: int = 1) -> State:
    """Add spawned cards (K2: from outside the game, not party cards) to a seat's play, with the next ids."""
    for _ in range(count):
        state["next_id"] += 1
        state["play"][seat].append({"id": f"c{state['next_id']}", "name": name, "damage": 0, "spawned": True,
                                    "melee": []})
    state["out"][seat] = False
    rules.check_invariants(state)
    return state


def deck_left(state: State, cards: list[str]) -> State:
    """Leave only ``cards`` (top first) in the flip deck; every other playing card is already on the flipped pile."""
    state["deck"] = list(cards)
    state["pile"] = [c for c in DECK if c not in cards]
    return state


def legal(state: State, seat: int) -> list[Action]:
    return GAME.legal(state, seat)


def prompt(state: State) -> dict[str, Any] | None:
    prompt_: dict[str, Any] | None = GAME.view(state, None)["prompt"]
    return prompt_


def seat_view(state: State, seat: int, viewer: int | None = None) -> dict[str, Any]:
    """One seat's public entry of the view (as ``viewer`` sees it: the owner sees hold and locker)."""
    entry: dict[str, Any] = GAME.view(state, viewer)["seats"][seat]
    return entry


def flipped(state: State) -> list[str]:
    """The playing cards flipped so far, oldest first."""
    return list(GAME.view(state, None)["flips"]["pile"])


def public_log(state: State) -> list[str]:
    return [e["text"] for e in state["log"] if "to" not in e]


def pass_windows(state: State) -> State:
    """Let every open reaction window go by (quick mode: its seat passes; fixed mode: its deadline passes)."""
    while (p := prompt(state)) is not None and p["kind"] == "reaction" and GAME.result(state) is None:
        state = expire(state) if p["mode"] == "fixed" else act(state, p["seat"], {"type": "pass"})
    return state
