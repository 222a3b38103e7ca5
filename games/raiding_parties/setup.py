"""Raiding Parties setup: the new table (the shuffled flip deck, empty zones, phase ``build``) and what party
building offers and checks (K4, K7, ruling 13): the template, the ready-made parties and the validation of a
submitted party against the Golden Rule and the table options. Applying a party and starting play is the rules' job
(``rules.submit``, ``rules.start_play``): starting play runs the engine loop.

A party is a multiset of card names, ``{name: count}``. Validation lists every problem in plain words, so a player
who sends a bad party learns all that is wrong with it at once.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from pydantic import BaseModel

from games import rng
from games.protocol import IllegalAction
from games.raiding_parties.data import BY_NAME, DECK, ORDER, READY_MADE, SHIP_OR_FORT, SHIPS_FORTS_ALLOWED
from games.raiding_parties.options import Options
from games.raiding_parties.state import PartyAction, PartyTemplate, RaidingAction, RaidingState, TableOptions
from games.state import RngState

MAX_COUNT = 1000  # a count above this is junk, not a party


def setup(players: int, options: BaseModel, seed: int) -> RaidingState:
    assert isinstance(options, Options)
    source: RngState = {"rng": seed}
    deck = list(DECK)
    rng.shuffle(source, deck)
    state: RaidingState = {
        "players": players, "rng": source["rng"], "log": [],
        "options": {"gold": options.gold, "copy_cap": options.copy_cap, "reaction_mode": options.reaction_mode,
                    "reaction_seconds": options.reaction_seconds},
        "phase": "build",
        "parties": [None] * players,
        "lockers": [[] for _ in range(players)],
        "holds": [[] for _ in range(players)],
        "known": [{} for _ in range(players)],
        "play": [[] for _ in range(players)],
        "davy_jones": [[] for _ in range(players)],
        "deck": deck, "pile": [], "next_id": 0, "turns": 0, "turn": None, "stack": [], "serial": 0,
        "out": [False] * players, "out_order": [], "idle_turns": 0, "first": None, "outcome": None,
    }
    state["log"].append({"text": "Every player builds a party of up to %d gold in secret." % options.gold})
    return state


def party_template(state: RaidingState) -> PartyTemplate:
    options = state["options"]
    return {"type": "party", "template": True, "gold": options["gold"],
            "max_ships_forts": SHIPS_FORTS_ALLOWED[options["gold"]], "copy_cap": options["copy_cap"]}


def is_template(action: RaidingAction) -> TypeGuard[PartyTemplate]:
    """The party template: the one legal entry that is not sent back as it is."""
    return action["type"] == "party" and bool(action.get("template"))


def party_problems(cards: dict[str, int], gold: int, copy_cap: int | None) -> list[str]:
    """Everything wrong with a party of well-formed counts at a table of ``gold`` (empty: it is legal)."""
    problems = []
    chosen = {name: n for name, n in cards.items() if n > 0}
    if not chosen:
        problems.append("A party needs at least one card.")
    total = sum(BY_NAME[name]["gold"] * n for name, n in chosen.items())
    if total > gold:
        problems.append(f"The party costs {total} gold; this table allows {gold}.")
    structures = sum(n for name, n in chosen.items() if BY_NAME[name]["type"] in SHIP_OR_FORT)
    allowed = SHIPS_FORTS_ALLOWED[gold]
    if structures > allowed:
        problems.append(f"The party has {structures} Ships and Forts; a {gold}-gold party may have {allowed}.")
    for name in sorted(chosen, key=ORDER.__getitem__):
        if BY_NAME[name]["unique"] and chosen[name] > 1:
            problems.append(f"{name} is marked (X): one copy per party, not {chosen[name]}.")
        elif copy_cap is not None and not BY_NAME[name]["unique"] and chosen[name] > copy_cap:
            problems.append(f"{chosen[name]} copies of {name}; this table allows {copy_cap} of a card.")
    return problems


def read_party(action: Mapping[str, Any], options: TableOptions) -> dict[str, int]:
    """The party a ``{"type": "party", "cards": {...}}`` action submits, in catalogue order without zero counts;
    raises IllegalAction naming every problem."""
    if set(action) != {"type", "cards"}:
        raise IllegalAction("bad_action", 'A party is {"type": "party", "cards": {"<card name>": <count>, ...}}.')
    cards: Any = action["cards"]
    if not isinstance(cards, dict):
        raise IllegalAction("bad_action", '"cards" must map card names to counts.')
    # Every problem is named at once: the unreadable entries, then what is wrong with the rest.
    readable = {name: count for name, count in cards.items()
                if name in BY_NAME and type(count) is int and 0 <= count <= MAX_COUNT}
    problems = [f"There is no card named {str(name)[:40]!r}." for name in list(cards)[:8] if name not in BY_NAME]
    problems += [f"The count of {name} must be a whole number from 0 to {MAX_COUNT}." for name in cards
                 if name in BY_NAME and name not in readable]
    problems += party_problems(readable, options["gold"], options["copy_cap"])
    if problems:
        raise IllegalAction("not_legal_now", " ".join(problems))
    return {name: readable[name] for name in sorted(readable, key=ORDER.__getitem__) if readable[name] > 0}


def ready_made_for(gold: int) -> dict[str, int]:
    """The ready-made party a seat gets on timeout (K7): the one made for the table's gold."""
    return dict(READY_MADE[gold][1])


def ready_made_entries(options: TableOptions) -> list[PartyAction]:
    """The ready-made parties legal at this table, as plain legal entries (copy_cap is at least 4, ruling 13)."""
    out: list[PartyAction] = []
    for made_for, (_, cards) in sorted(READY_MADE.items()):
        if not party_problems(cards, options["gold"], options["copy_cap"]):
            out.append({"type": "party", "cards": dict(cards)})
        else:
            assert made_for > options["gold"], "ruling 13: a ready-made party is legal at its own gold"
    return out


def as_list(cards: dict[str, int]) -> list[str]:
    """A party as a list of names in catalogue order, one per card."""
    return [name for name in sorted(cards, key=ORDER.__getitem__) for _ in range(cards[name])]
