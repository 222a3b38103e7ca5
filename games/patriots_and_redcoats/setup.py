"""Patriots & Redcoats setup (rulebook: Setup; edition: Setup): the two Loyalty piles and the deal, both decks
shuffled, a random first Commander; then play runs to the first thing it waits on (the loyalty confirmation)."""

from __future__ import annotations

from pydantic import BaseModel

from games import rng
from games.patriots_and_redcoats.data import HAND, LOYALTY, SECOND_PILE, SPYCRAFT, TEAMS, WAR, first_pile_specials
from games.patriots_and_redcoats.options import Options
from games.patriots_and_redcoats.rules import advance
from games.patriots_and_redcoats.rules.core import article, kinds, leaders_held, say
from games.patriots_and_redcoats.rules.spycraft import new_walk
from games.patriots_and_redcoats.state import PatriotsState
from games.state import RngState


def setup(players: int, options: BaseModel, seed: int) -> PatriotsState:
    assert isinstance(options, Options)
    source: RngState = {"rng": seed}  # the random source, until the state that keeps it is built
    by_kind: dict[str, list[str]] = {}
    for card, card_kind in LOYALTY.items():
        by_kind.setdefault(card_kind, []).append(card)
    # Rulebook Setup 1: the first pile starts from the Spies and Leaders the player count keeps; the rest go to the box.
    first: list[str] = []
    for card_kind in first_pile_specials(players):
        first.append(by_kind[card_kind].pop(0))
    box = [card for card_kind, cards in by_kind.items() if card_kind not in SECOND_PILE for card in cards]
    second = [card for card_kind in SECOND_PILE for card in by_kind[card_kind]]
    rng.shuffle(source, second)
    while len(first) < players:
        first.append(second.pop())
    rng.shuffle(source, first)
    hands = [[first[seat]] for seat in range(players)]
    for seat in range(players):
        hands[seat] += [second.pop(), second.pop()]
    box += second
    spycraft_deck = list(SPYCRAFT)
    war_deck = list(WAR)
    rng.shuffle(source, spycraft_deck)
    rng.shuffle(source, war_deck)
    commander = rng.randbelow(source, players)
    state: PatriotsState = {
        "players": players,
        "rng": source["rng"],
        "log": [],
        "options": {"window_mode": options.window_mode, "response_window_s": options.response_window_s,
                    "assassination_window_s": options.assassination_window_s},
        "hands": [[{"id": card, "up": False} for card in hand] for hand in hands],
        "dealt": [list(hand) for hand in hands],
        "box": box,
        "touched": [],
        "alive": [True] * players,
        "team": [None] * players,
        "team_before": [None] * players,
        "choice": [None] * players,
        "leader_held": [None] * players,
        "received_leader": [False] * players,
        "eyes": [[] for _ in range(players)],
        "spycraft": {"deck": spycraft_deck, "discard": []},
        "war": {"deck": war_deck, "discard": []},
        "track": {team: [] for team in TEAMS},
        "marker": 0,
        "reverse": [],
        "commander": commander,
        "round": 1,
        "phase": "setup",
        "walk": new_walk(commander),
        "stack": [{"kind": "round", "step": "setup"}],
        "windows": [],
        "serial": 0,
        "steps": 0,
        "councils": [],
        "outcome": None,
    }
    for seat in range(players):
        held = leaders_held(state, seat)
        if held:
            state["leader_held"][seat] = held[0]
    say(state, f"Each player is dealt {HAND} Loyalty cards in secret. {{s{commander}}} is the first Commander.")
    for seat in range(players):
        say(state, "Your Loyalty cards: " + ", ".join(article(k) for k in kinds(state, seat)) + ".", to=[seat])
    advance(state)
    return state
