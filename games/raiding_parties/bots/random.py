"""Raiding Parties' ``random`` bot, from its own seat's view and legal list only.

``random`` picks among its legal actions, leaning towards acting rather than ending the turn so that games end. In a
reaction window it never passes early (ruling 1): it plays the card or lets the window run out.
"""

from __future__ import annotations

import random

from games.raiding_parties.data import catalogue_json
from games.raiding_parties.setup import is_template
from games.raiding_parties.state import PartyAction, PartyTemplate, RaidingAction, RaidingView

ACT_SHARE = 0.9  # how often the random bot does something when it could also end its turn
CUSTOM_SHARE = 0.8  # how often it builds a party of its own rather than take a ready-made one


def random_party(view: RaidingView, template: PartyTemplate, rand: random.Random) -> PartyAction:
    """A random legal custom party: cards drawn one at a time while the gold and the limits allow."""
    gold, max_structures, cap = template["gold"], template["max_ships_forts"], template["copy_cap"]
    catalogue = {c["name"]: c for c in catalogue_json()}
    cards: dict[str, int] = {}
    spent = structures = 0
    for _ in range(40):
        name = rand.choice(sorted(catalogue))
        c = catalogue[name]
        count = cards.get(name, 0)
        if spent + c["gold"] > gold or (c["unique"] and count) or (cap is not None and count >= cap):
            continue
        if c["type"] in ("ship", "fort") and structures >= max_structures:
            continue
        cards[name] = count + 1
        spent += c["gold"]
        structures += c["type"] in ("ship", "fort")
    if not cards:
        cards = {"Pirate": 1}
    return {"type": "party", "cards": cards}


def random_bot(view: RaidingView, legal: list[RaidingAction], rand: random.Random) -> RaidingAction | None:
    concrete = [a for a in legal if not a.get("template")]
    if view["phase"] == "build":
        template = next((a for a in legal if is_template(a)), None)
        if template is not None and rand.random() < CUSTOM_SHARE:
            return random_party(view, template, rand)
        return rand.choice(concrete)
    prompt = view.get("prompt")
    if prompt is not None and prompt["kind"] == "reaction":
        plays = [a for a in concrete if a["type"] != "pass"]
        return rand.choice(plays) if plays and rand.random() < 0.7 else None
    doing = [a for a in concrete if a["type"] != "end"]
    if doing and (len(doing) == len(concrete) or rand.random() < ACT_SHARE):
        return rand.choice(doing)
    return rand.choice(concrete)
