"""The ``basic`` bot's board: its seat's view indexed for the questions the bot asks (where a card is, its weapons,
its lines and their odds under the bonuses in force, what may be aimed at). Facts only; ``basic_values.py`` prices
them.

Hit chances are counted on the cards left in the flip deck: the flipped pile since the last reshuffle is public, so
the deck's make-up (not its order) is known to every seat; every flip before the next reshuffle has the same odds.
"""

from __future__ import annotations

from typing import Any

from games.raiding_parties.data import DECK, catalogue_json
from games.raiding_parties.state import CardView, RaidingView, SeatView

Card = CardView  # a card in play as the view shows it
Entry = dict[str, Any]  # a catalogue entry
CATALOGUE: dict[str, Entry] = {c["name"]: c for c in catalogue_json()}  # public, the same for every seat


class Board:
    """The seat's view, indexed: where a card is, its lines and their odds, what may be aimed at."""

    def __init__(self, view: RaidingView) -> None:
        me = view["you"]
        assert me is not None, "a bot plays a seat"
        self.me: int = me
        self.catalogue = CATALOGUE
        self.seats: list[SeatView] = view["seats"]
        self.where: dict[str, tuple[int, Card]] = {}
        self.names: list[set[str]] = []
        for seat in self.seats:
            self.names.append({c["name"] for c in seat["in_play"]})
            for c in seat["in_play"]:
                self.where[c["id"]] = (seat["seat"], c)
        flips = view["flips"]
        # Deck and pile always make up the 52 cards; an empty deck is reshuffled from the whole pile.
        pile = set(flips["pile"])
        self.deck = [c for c in DECK if c not in pile] if flips["deck"] else list(DECK)
        self.opponents = [s["seat"] for s in self.seats if s["seat"] != self.me and not s["out"]]
        self._odds: dict[tuple[frozenset[str], frozenset[str]], float] = {}

    # ------------------------------------------------------------------ cards and lines

    def entry(self, name: str) -> Entry:
        return self.catalogue[name]

    def has(self, seat: int, name: str) -> bool:
        return name in self.names[seat]

    def pirate(self, name: str, in_play: bool = True) -> bool:
        entry = self.entry(name)
        return "Pirate" in entry["traits"] and (in_play or not entry["traits_in_play_only"])

    def chance(self, seat: int, name: str, line: dict[str, Any] | None, in_play: bool = True) -> float:
        """One flip's chance for this card's line, with its owner's J and ♣ bonuses (F3), on the deck as it is."""
        if line is None:
            return 0.0
        suits, ranks = set(line["suits"]), set(line["ranks"])
        if self.has(seat, "Instructor"):
            ranks.add("J")
        if self.pirate(name, in_play) and self.has(seat, "Pirate Ship"):
            suits.add("C")
        key = (frozenset(suits), frozenset(ranks))
        if key not in self._odds:
            hits = sum(1 for c in self.deck if c[-1] in suits or c[:-1] in ranks)
            self._odds[key] = hits / len(self.deck)
        return self._odds[key]

    def evade_line(self, seat: int, name: str, in_play: bool = True) -> dict[str, Any] | None:
        line: dict[str, Any] | None = self.entry(name)["evade"]
        if (self.pirate(name, in_play) or name == "Pirateer") and self.has(seat, "Artishaan"):
            suits = set(line["suits"] if line else []) | {"H"}
            return {"suits": sorted(suits), "ranks": list(line["ranks"] if line else [])}
        return line

    def weapons(self, seat: int, name: str) -> list[dict[str, Any]]:
        return [w for w in self.entry(name)["weapons"] if w["requires"] is None or self.has(seat, w["requires"])]

    def weapon(self, seat: int, name: str, weapon: str) -> dict[str, Any] | None:
        return next((w for w in self.weapons(seat, name) if w["name"] == weapon), None)

    def dueling(self) -> bool:
        return any("Dueling Grounds" in names for names in self.names)

    def shots(self, seat: int, name: str, w: dict[str, Any]) -> tuple[int, str]:
        """Flips per attack and how they aim, as the engine fixes them when the attack starts."""
        flips, aim = w["flips"], w["aim"]
        if name == "Pirateer" and w["name"] == "Pistol" and self.has(seat, "Privateer"):
            flips, aim = 2, "each"
        if self.dueling():
            if aim == "distinct":
                flips = 1
            elif aim == "each":
                aim = "one"
        return flips, aim

    def kind(self, name: str) -> str:
        kind: str = self.entry(name)["type"]
        return kind

    # ------------------------------------------------------------------ targets

    def shootable(self, target: str, cannon: bool) -> bool:
        """W4 from this seat: an enemy crew not in melee (not a Brethren under Coastlands), a Ship or Fort; a cannon
        also an enemy Land nobody is in melee with and an enemy hold with a card."""
        if target.startswith("hold:"):
            seat = int(target[5:])
            return cannon and seat in self.opponents and self.seats[seat]["hold_size"] > 0
        found = self.where.get(target)
        if found is None or found[0] not in self.opponents:
            return False
        seat, card = found
        kind = self.kind(card["name"])
        if kind in ("ship", "fort"):
            return True
        if kind == "land":
            return cannon and not card["melee"]
        if kind != "crew" or card["melee"]:
            return False
        return not (card["name"] == "Brethren" and self.has(seat, "Coastlands"))

    def targets(self, cannon: bool) -> list[str]:
        out = [c["id"] for seat in self.opponents for c in self.seats[seat]["in_play"]
               if self.shootable(c["id"], cannon)]
        if cannon:
            out += [f"hold:{seat}" for seat in self.opponents if self.seats[seat]["hold_size"] > 0]
        return out

    def first_only(self, target: str, cannon: bool) -> bool:
        found = self.where.get(target)
        if found is None:
            return False
        kind = self.kind(found[1]["name"])
        return kind in ("ship", "fort") or (cannon and kind == "land")
