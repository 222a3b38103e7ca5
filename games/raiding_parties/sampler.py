"""Raiding Parties' sampler: the ``resample`` hook, which redraws everything a viewer cannot see (ruling 12). The
leak tests use it to check that a viewer cannot tell, and searching bots get their worlds from it (games/bots.py), so
it is canonical: its output is a function of the viewer's view and ``rand`` only."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import cast

import orjson

from games.protocol import Viewer
from games.raiding_parties.data import BY_NAME, CARDS, DECK, ORDER, SHIP_OR_FORT, SHIPS_FORTS_ALLOWED
from games.raiding_parties.setup import ready_made_entries
from games.raiding_parties.state import RaidingState, TableOptions
from games.raiding_parties.view import counts

DECK_ORDER = {code: i for i, code in enumerate(DECK)}
NAMES = [c["name"] for c in CARDS]  # catalogue order
BY_COST = sorted(NAMES, key=lambda name: (BY_NAME[name]["gold"], ORDER[name]))
MAX_COPIES = 1000  # no copy cap: as many as the gold pays for


def resample(state: RaidingState, viewer: Viewer, rand: random.Random) -> RaidingState:
    """Ruling 12, and canonical (its output depends on what ``viewer`` sees and on ``rand`` only, tests/games/
    test_worlds.py): every public fact stays; the flip deck and every locker are reshuffled from a fixed order; the
    random source is redrawn. What another seat's party holds beyond the cards everyone has seen is redrawn too
    (``party_guess``): a ready-made party when the seen cards fit one, else a random legal completion, dealt between
    its hold (cards known to be there stay) and its locker. During building, who has submitted (only the count is
    public) and what is drawn again."""
    new = _copy(state)
    if new["phase"] == "over":
        return new
    new["rng"] = rand.getrandbits(64)
    new["deck"] = _shuffled(new["deck"], DECK_ORDER, rand)
    if new["phase"] == "build":
        others = [seat for seat in range(new["players"]) if seat != viewer]
        ready = sum(1 for seat in others if new["parties"][seat] is not None)
        choices = [entry["cards"] for entry in ready_made_entries(new["options"])]
        chosen = set(rand.sample(others, ready))
        for seat in others:
            new["parties"][seat] = dict(rand.choice(choices)) if seat in chosen else None
        return new
    shown = Counter[tuple[int, str]]()
    for frame in new["stack"]:
        if frame["kind"] == "hit" and frame["revealed"] is not None:
            shown[(frame["seat"], frame["revealed"])] += 1  # revealed in the open, still in the hold
    for seat in range(new["players"]):
        if seat == viewer:
            new["lockers"][seat] = _shuffled(new["lockers"][seat], ORDER, rand)
            continue
        hold, locker = new["holds"][seat], new["lockers"][seat]
        party = new["parties"][seat]
        assert party is not None, "every party is in once play starts"
        stays = Counter(new["known"][seat])
        for (owner, name), n in shown.items():
            if owner == seat:
                stays[name] = max(stays[name], n)
        unseen = len(hold) - sum(stays.values())
        seen = Counter(party) - Counter(hold) - Counter(locker) + stays  # played, dead or known in the hold
        pool = party_guess(seen, unseen + len(locker), new["options"], rand)
        new["parties"][seat] = counts([*seen.elements(), *pool])
        new["holds"][seat] = sorted([*stays.elements(), *pool[:unseen]], key=ORDER.__getitem__)
        new["lockers"][seat] = pool[unseen:]
    return new


def _copy(state: RaidingState) -> RaidingState:
    """A deep copy; the log, which only grows and is most of a long game's state, entry by entry (much faster)."""
    rest = {key: value for key, value in state.items() if key != "log"}
    try:
        copied = orjson.loads(orjson.dumps(rest))
    except TypeError:  # not plain JSON (a hand-made test state)
        copied = copy.deepcopy(rest)
    new = cast(RaidingState, copied)
    new["log"] = [entry.copy() for entry in state["log"]]
    return new


def _shuffled(names: list[str], order: dict[str, int], rand: random.Random) -> list[str]:
    """The cards in a fixed order, then shuffled: the result does not depend on the order they came in."""
    out = sorted(names, key=order.__getitem__)
    rand.shuffle(out)
    return out


READY_MADE_SHARE = 0.5  # how often a seat's unseen cards are guessed to complete a ready-made party that fits


def party_guess(seen: Counter[str], missing: int, options: TableOptions, rand: random.Random) -> list[str]:
    """``missing`` cards that, with the ``seen`` ones, make a legal party at this table, in a random order. The
    public history speaks for the ready-made parties: when the seen cards fit one exactly (same size, none outside
    it), it is taken half the time; otherwise the cards are drawn one by one from what keeps the party completable."""
    fits = []
    for entry in ready_made_entries(options):
        made = Counter(entry["cards"])
        if not seen - made and made.total() == seen.total() + missing:
            fits.append(made - seen)
    if fits and rand.random() < READY_MADE_SHARE:
        pool = list(rand.choice(fits).elements())
    else:
        pool = _completion(seen, missing, options, rand)
    rand.shuffle(pool)
    return pool


def _completion(seen: Counter[str], missing: int, options: TableOptions, rand: random.Random) -> list[str]:
    """A random completion: each card is drawn among those after which the rest can still be paid for (the cheapest
    copies allowed fit in the gold left), so some legal party is always reached."""
    gold, cap = options["gold"], options["copy_cap"]
    party = Counter(seen)
    spent = sum(BY_NAME[name]["gold"] * n for name, n in party.items())
    structures_left = SHIPS_FORTS_ALLOWED[gold] - sum(n for name, n in party.items()
                                                      if BY_NAME[name]["type"] in SHIP_OR_FORT)
    drawn: list[str] = []
    for left in range(missing, 0, -1):
        options_now = [name for name in NAMES if _room(party, name, cap) > 0
                       and (BY_NAME[name]["type"] not in SHIP_OR_FORT or structures_left > 0)]
        affordable = []
        for name in options_now:
            party[name] += 1
            if spent + BY_NAME[name]["gold"] + _cheapest(party, left - 1, cap) <= gold:
                affordable.append(name)
            party[name] -= 1
        if not affordable:  # cannot happen for a legal true party; keep the guess legal in size anyway
            affordable = [min(options_now, key=lambda n: BY_NAME[n]["gold"])]
        name = rand.choice(affordable)
        party[name] += 1
        spent += BY_NAME[name]["gold"]
        structures_left -= BY_NAME[name]["type"] in SHIP_OR_FORT
        drawn.append(name)
    return drawn


def _room(party: Counter[str], name: str, cap: int | None) -> int:
    """How many more copies of ``name`` the party may take (a large number when unlimited)."""
    limit = 1 if BY_NAME[name]["unique"] else cap if cap is not None else MAX_COPIES
    return limit - party[name]


def _cheapest(party: Counter[str], count: int, cap: int | None) -> int:
    """The least gold ``count`` more cards can cost (no Ships or Forts needed: crew are cheaper)."""
    total = 0
    for name in BY_COST:
        if count <= 0:
            break
        take = max(0, min(count, _room(party, name, cap)))
        total += take * BY_NAME[name]["gold"]
        count -= take
    return total if count <= 0 else 10 ** 6
