"""Card conservation: after every action of seeded random games (2, 3 and 4 players, every gold and both reaction
modes), each party card is in exactly one zone, locker, hold, play or Davy Jones, as its owner's view shows them;
spawned cards are not party cards (K2, K5)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from games.protocol import State, apply_checked, apply_expiry
from games.raiding_parties import GAME
from games.raiding_parties.data import BY_NAME

STEPS = 1500  # actions per game at most; the test checks every one of them


def conserved(state: State) -> None:
    for seat in range(state["players"]):
        view = GAME.view(state, seat)
        mine = view["seats"][seat]
        found = Counter(mine["hold"]) + Counter(mine["locker"]) + Counter(mine["davy_jones"])
        found.update(c["name"] for c in mine["in_play"] if not c["spawned"])
        assert found == Counter(view["your_party"]), f"seat {seat}: {found} is not its party"
        assert mine["hold_size"] == len(mine["hold"]) and mine["locker_size"] == sum(mine["locker"].values())


def custom_party(template: dict, rand: random.Random) -> dict:
    """A random party within the template's gold, Ship/Fort limit, (X) rule and copy cap."""
    cards: Counter[str] = Counter()
    gold, structures = template["gold"], 0
    for _ in range(30):
        name = rand.choice(sorted(BY_NAME))
        data = BY_NAME[name]
        big = data["type"] in ("ship", "fort")
        cap = 1 if data["unique"] else template["copy_cap"]
        full = (big and structures == template["max_ships_forts"]) or (cap is not None and cards[name] >= cap)
        if data["gold"] > gold or full:
            continue
        cards[name] += 1
        gold -= data["gold"]
        structures += big
    return {"type": "party", "cards": dict(cards)}


def choose(legal: list[dict], rand: random.Random) -> dict:
    """A seeded pick among the legal actions (half the parties custom ones); the turn ends one time in five when
    something else could be done, so games move on."""
    template = next((a for a in legal if a.get("template")), None)
    if template is not None and rand.random() < 0.5:
        return custom_party(template, rand)
    concrete = [a for a in legal if not a.get("template")]
    doing = [a for a in concrete if a["type"] != "end"]
    if doing and (len(doing) == len(concrete) or rand.random() < 0.8):
        return rand.choice(doing)
    return rand.choice(concrete)


def play_out(players: int, options: dict, seed: int) -> tuple[State, int]:
    rand = random.Random(seed)
    state = GAME.new_state(players, options, seed)
    for step in range(STEPS):
        if GAME.result(state) is not None:
            return state, step
        seats = GAME.required(state)
        if not seats:  # a fixed reaction window: its deadline passes, or its owner plays the card
            owner = GAME.view(state, None)["prompt"]["seat"]
            legal = GAME.legal(state, owner)
            state = (apply_checked(GAME, state, owner, legal[0]) if legal and rand.random() < 0.5
                     else apply_expiry(GAME, state))
        else:
            seat = rand.choice(seats)
            state = apply_checked(GAME, state, seat, choose(GAME.legal(state, seat), rand))
        if GAME.view(state, None)["phase"] != "build":
            conserved(state)
    return state, STEPS


@pytest.mark.parametrize(("players", "options"), [
    (2, {"gold": 20}),
    (2, {"gold": 30}),
    (2, {"gold": 40, "reaction_mode": "fixed"}),
    (3, {"gold": 30}),
    (3, {"gold": 40}),
    (4, {"gold": 20, "reaction_mode": "fixed"}),
    (4, {"gold": 40, "copy_cap": 4}),
])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_party_card_is_in_exactly_one_zone_after_every_action(players: int, options: dict, seed: int) -> None:
    """K2, K5: cards move between zones, never appear or vanish; spawned cards excluded."""
    state, steps = play_out(players, options, seed)
    assert steps > 20 and GAME.view(state, None)["phase"] != "build"
