"""The ``hard`` bot's party: built for the table, not taken ready-made.

A value model prices each card once in play: half its HP plus ``HORIZON`` turns of its threat (its best weapon's
expected hits a turn, a cannon hit counted double since it kills crew, a melee weapon at ``MELEE`` since it must
charge first, Raiders twice), a bonus for its Played effect, one for Melee Defense, a share for Evade or Fortify. A
party is worth the mean value of its cards times the plays it gets to make: one card a turn for about ``TURNS`` turns,
one more a turn for each Ranger (a bonus play). So strong cards beat many cheap ones (a card in the locker does
nothing), and Rangers pay for their weakness in tempo.

A hill climb from each allowed Ship or Fort (and from none) adds, drops and swaps cards while the value grows, within
the gold, the Ship/Fort limit, (X) and the copy cap. It is deterministic (ties go to catalogue order). Checked
offline by simulated fights of ``basic`` against ``basic`` with the 30-gold "Pirateers"
(bench/notes/2026-12-03-raiding-parties-hard.md): the parties it builds win about 80 % where the ready-made one wins
about half. ``TURNS`` was lowered after paired screens (bench/notes/2026-12-07-raiding-parties-hard-2.md): the
bonus plays of Rangers are worth more than the first model said.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from games.raiding_parties.data import BY_NAME, CARDS, SHIP_OR_FORT, chance

HORIZON = 2.5  # turns of threat a card in play is worth (as basic's prices)
MELEE = 0.5  # a melee weapon's hits count for less: it must charge first and meets Stand and Shoot
# Turns a player gets to play a card in, about. 7 built Pirate Fort + 5 Master Gunners + Pirate Chief at 30 gold; 5
# builds Pirate Fort + 4 Master Gunners + 3 Rangers, which beat it paired on seeds 61000-61999
# (bench/notes/2026-12-07-raiding-parties-hard-2.md): cards come out faster than the old count assumed.
TURNS = 5
RANGER_PLAYS = 4  # bonus plays the Rangers add at most
USE_GAIN = {"make_pirate": 1.4, "destroy_hold": 2.0, "search": 0.6, "extra_attack_privateer": 0.5,
            "extra_attack_crew": 0.7}
PLAYED_GAIN = {"draw": 0.8, "search": 0.6, "spawn_privateer": 1.5, "extra_attack": 0.6}
NAMES = [c["name"] for c in CARDS if c["type"] in ("crew", "ship", "fort")]  # catalogue order
RANGER = "Ranger"


@cache
def card_value(name: str) -> float:
    card = BY_NAME[name]
    threat = 0.0
    for w in card["weapons"]:
        if w.get("requires"):
            continue  # a weapon that needs another card (Swashbuckler's cannon)
        hits = w["flips"] * chance(w["line"]) * (2.0 if w["cannon"] else 1.0) * (MELEE if w["kind"] == "M" else 1.0)
        threat = max(threat, hits)
    if name == "Raiders":
        threat *= 2
    use = card["use"]
    if use is not None:
        threat = max(threat, chance(use["line"]) * USE_GAIN[use["effect"]])
    value = 0.5 * (card["hp"] or 0) + HORIZON * threat + PLAYED_GAIN.get(card["played"] or "", 0.0)
    if card["md"] is not None:
        value += 1.0
    if card["fortify"] is not None or card["evade"] is not None:
        value *= 1.2
    return value


def party_value(party: Counter[str]) -> float:
    n = party.total()
    if not n:
        return 0.0
    plays = min(n, TURNS + min(party[RANGER], RANGER_PLAYS))
    return plays * sum(card_value(name) * k for name, k in party.items()) / n


def allowed(party: Counter[str], gold: int, structures: int, cap: int | None) -> bool:
    if sum(BY_NAME[name]["gold"] * k for name, k in party.items()) > gold:
        return False
    if sum(k for name, k in party.items() if BY_NAME[name]["type"] in SHIP_OR_FORT) > structures:
        return False
    for name, k in party.items():
        limit = 1 if BY_NAME[name]["unique"] else cap
        if limit is not None and k > limit:
            return False
    return True


def neighbours(party: Counter[str]) -> list[Counter[str]]:
    """Every party one card added, dropped or swapped away, in a fixed order."""
    out = []
    for name in NAMES:
        out.append(party + Counter({name: 1}))
    for old in sorted(party, key=NAMES.index):
        dropped = party - Counter({old: 1})
        out.append(dropped)
        for name in NAMES:
            if name != old:
                out.append(dropped + Counter({name: 1}))
    return out


def climb(start: Counter[str], gold: int, structures: int, cap: int | None) -> Counter[str]:
    party, value = start, party_value(start)
    while True:
        best, best_value = party, value
        for other in neighbours(party):
            other_value = party_value(other)
            if other_value > best_value + 1e-9 and allowed(other, gold, structures, cap):
                best, best_value = other, other_value
        if best is party:
            return party
        party, value = best, best_value


@cache
def build_party(gold: int, structures: int, cap: int | None) -> tuple[tuple[str, int], ...]:
    """The best party the climb finds for a table, as (name, count) pairs in catalogue order."""
    starts = [Counter[str]()] + [Counter({name: 1}) for name in NAMES
                                 if BY_NAME[name]["type"] in SHIP_OR_FORT and structures > 0]
    best = max((climb(start, gold, structures, cap) for start in starts if allowed(start, gold, structures, cap)),
               key=party_value)
    return tuple((name, best[name]) for name in NAMES if best[name])
