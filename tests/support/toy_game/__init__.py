"""High Card, a toy game for tests/games/test_new_game.py: the package a fifth game would be, GAME and its facts.

Two to four players are dealt two cards each from twelve (card-01 to card-12); in turn, each plays a card face up
until every hand is empty, and the highest total wins. A hand is its owner's secret, the undealt cards nobody's.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from pydantic import BaseModel

from games import rng
from games.facts import Facts, Zone
from games.protocol import Action, Game, IllegalAction, Seat, State, View, Viewer

HAND = 2


class Options(BaseModel):
    """High Card has no table options."""


def card(number: int) -> str:
    return f"card-{number:02d}"


def setup(players: int, options: BaseModel, seed: int) -> State:
    state: State = {"players": players, "rng": seed, "turn": 0, "played": [[] for _ in range(players)], "log": []}
    deck = [card(n) for n in range(1, 13)]
    rng.shuffle(state, deck)
    state["hands"] = [sorted(deck[HAND * seat:HAND * seat + HAND]) for seat in range(players)]
    state["deck"] = deck[HAND * players:]
    state["log"].append({"text": "The cards are dealt."})
    return state


def legal(state: State, seat: Seat) -> list[Action]:
    if result(state) is not None or seat != state["turn"]:
        return []
    return [{"type": "play", "card": c} for c in state["hands"][seat]]


def apply(state: State, seat: Seat, action: Action) -> None:
    if action["card"] not in state["hands"][seat]:
        raise IllegalAction("bad_action", "That card is not in your hand.")
    state["hands"][seat].remove(action["card"])
    state["played"][seat].append(action["card"])
    state["log"].append({"text": f"{{s{seat}}} plays {action['card']}."})
    state["turn"] = (seat + 1) % state["players"]


def points(state: State, seat: Seat) -> int:
    return sum(int(c.removeprefix("card-")) for c in state["played"][seat])


def result(state: State) -> dict[str, Any] | None:
    if any(state["hands"]):
        return None
    scores = [points(state, seat) for seat in range(state["players"])]
    ranking = sorted(range(state["players"]), key=lambda seat: -scores[seat])
    return {"winners": [s for s in ranking if scores[s] == max(scores)],
            "ranking": [{"seat": s, "points": scores[s]} for s in ranking], "reveal": {"deck": state["deck"]}}


def view(state: State, viewer: Viewer) -> View:
    over = result(state) is not None
    return {"turn": state["turn"], "hand": list(state["hands"][viewer]) if viewer is not None else None,
            "hand_sizes": [len(hand) for hand in state["hands"]], "played": copy.deepcopy(state["played"]),
            "deck_size": len(state["deck"]), "deck": list(state["deck"]) if over else None}


def default_action(state: State, seat: Seat) -> Action:
    return legal(state, seat)[0]


def random_bot(view: View, legal: list[Action], rand: random.Random) -> Action:
    return rand.choice(legal)


def secrets(state: State, viewer: Viewer) -> set[str]:
    if result(state) is not None:
        return set()
    hidden = set(state["deck"])
    for seat, hand in enumerate(state["hands"]):
        if seat != viewer:
            hidden |= set(hand)
    return hidden


def resample(state: State, viewer: Viewer, rand: random.Random) -> State:
    """Redeal the cards the viewer cannot see (the deck, the other hands) among those places."""
    new = copy.deepcopy(state)
    if result(new) is not None:  # everything is shown at the end: nothing is left to redraw
        return new
    others = [seat for seat in range(new["players"]) if seat != viewer]
    pool = list(new["deck"]) + [c for seat in others for c in new["hands"][seat]]
    rand.shuffle(pool)
    for seat in others:
        count = len(new["hands"][seat])
        new["hands"][seat], pool = sorted(pool[:count]), pool[count:]
    new["deck"] = pool
    return new


def hidden_zones(state: State, seat: int) -> dict[str, Zone]:
    """What ``seat`` cannot see: the deck's order and the other hands."""
    if result(state) is not None:
        return {}
    zones = {"deck": Zone(tuple(("card", str(c)) for c in state["deck"]), ordered=True)}
    zones.update({f"hand {other}": Zone(tuple(("card", str(c)) for c in state["hands"][other]))
                  for other in range(state["players"]) if other != seat})
    return zones


FACTS = Facts(golden=(2, 1), conformance_seeds=5, no_secret_step={"*": "one seat acts at a time, in the open"},
              hidden_zones=hidden_zones)

GAME = Game(
    id="high-card",
    title="High Card (toy game)",
    min_players=2,
    max_players=4,
    options=Options,
    setup=setup,
    legal=legal,
    apply=apply,
    view=view,
    result=result,
    default_action=default_action,
    bots={"random": random_bot},
    secrets=secrets,
    resample=resample,
    facts=FACTS,
)
