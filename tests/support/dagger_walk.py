"""Dagger Walk: a tiny game with a secret optional action, for the bot timing test (tests/api/test_bot_timing.py).

Three seats. The last seat walks: it must take ``STEPS`` steps, one at a time, and the game ends after the last. The
other two each draw one card face down from a shuffled three (a dagger and two blanks; the third stays out). The
dagger's holder may strike at any moment (the game ends there); nobody waits for it (``must_act``). Like a Spy's
optional assassination in Patriots & Redcoats, whether a seat may strike is its own secret, and a holder that lets
the moment pass leaves no trace anyone else can see.

Bots: a plain one (``basic``, ``random``) walks when it is the walker and never strikes; ``hard`` searches (in the
test, for its whole time budget) and then does the same, so a Hard holder weighs every chance and lets it go.
"""

from __future__ import annotations

import copy
import random

from pydantic import BaseModel

from games import rng
from games.protocol import Action, Budget, Game, Searcher, Seat, State, View, Viewer

PLAYERS = 3
WALKER = PLAYERS - 1
STEPS = 3
DAGGER, BLANK = "dagger", "blank"


class Options(BaseModel):
    pass


def setup(players: int, options: BaseModel, seed: int) -> State:
    state: State = {"players": players, "rng": seed, "log": []}
    cards = [DAGGER, BLANK, BLANK]
    rng.shuffle(state, cards)
    state["cards"] = cards[:WALKER]  # one per seat before the walker's
    state["out"] = cards[WALKER:]
    state["steps"] = 0
    state["struck"] = None
    state["log"].append({"text": "Each seat but the walker draws a card face down."})
    return state


def over(state: State) -> bool:
    return state["struck"] is not None or state["steps"] >= STEPS


def legal(state: State, seat: Seat) -> list[Action]:
    if over(state):
        return []
    if seat == WALKER:
        return [{"type": "step"}]
    return [{"type": "strike"}] if state["cards"][seat] == DAGGER else []


def must_act(state: State) -> list[Seat]:
    return [] if over(state) else [WALKER]  # a strike is optional: play never waits for one


def apply(state: State, seat: Seat, action: Action) -> None:
    if action["type"] == "step":
        state["steps"] += 1
        state["log"].append({"text": "{s%d} takes a step." % seat})
    else:
        state["struck"] = seat
        state["log"].append({"text": "{s%d} strikes with the dagger." % seat})


def view(state: State, viewer: Viewer) -> View:
    done = over(state)
    return {
        "steps": state["steps"],
        "cards": [card if done or viewer == seat else None for seat, card in enumerate(state["cards"])],
        "struck": state["struck"],
    }


def result(state: State) -> dict | None:
    if not over(state):
        return None
    winners = [state["struck"]] if state["struck"] is not None else [WALKER]
    return {"winners": winners, "ranking": [{"seat": seat} for seat in range(PLAYERS)]}


def default_action(state: State, seat: Seat) -> Action:
    return legal(state, seat)[0]


def walk(view: View, legal: list[Action], rand: random.Random) -> Action | None:
    """Walks when it must; never strikes."""
    return next((action for action in legal if action["type"] == "step"), None)


def ponder(game: Game[State], view: View, legal: list[Action], rand: random.Random, worlds: list[State],
           budget: Budget) -> Action | None:
    """Weighs the worlds it is handed (the thinking itself is the test's to time) and plays as ``walk``."""
    return walk(view, legal, rand)


def secrets(state: State, viewer: Viewer) -> set[str]:
    return set() if over(state) else {f"card {seat}" for seat in range(WALKER) if seat != viewer}


def resample(state: State, viewer: Viewer, rand: random.Random) -> State:
    """Redeal the cards ``viewer`` cannot see (the others' and the one left out) among those places."""
    new = copy.deepcopy(state)
    if over(new):
        return new
    places = [seat for seat in range(WALKER) if seat != viewer]
    cards = [new["cards"][seat] for seat in places] + new["out"]
    rand.shuffle(cards)
    for seat, card in zip(places, cards, strict=False):
        new["cards"][seat] = card
    new["out"] = cards[len(places):]
    return new


GAME = Game(
    id="dagger-walk",
    title="Dagger Walk (test game)",
    min_players=PLAYERS,
    max_players=PLAYERS,
    options=Options,
    setup=setup,
    legal=legal,
    apply=apply,
    view=view,
    result=result,
    default_action=default_action,
    bots={"random": walk, "basic": walk},
    searchers={"hard": Searcher(ponder, worlds=4, nodes=4)},
    must_act=must_act,
    secrets=secrets,
    resample=resample,
    description="A walker, and perhaps a hidden dagger nobody has to use.",
)
