"""Rules help pages that list an engine's data must not drift from it: Raiding Parties' catalogue table names every
card of ``games.raiding_parties.data`` with its gold, HP, weapons and lines, in catalogue order."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path

from games.raiding_parties.data import catalogue_json

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "templates" / "rules" / "raiding-parties.html"
SUIT = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


class Rows(HTMLParser):
    """Each <tr data-card> of the page: its cells' text, keyed by data-label (the first cell, a th, by "Card"), and
    the data-gold / data-hp values."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: dict[str, dict[str, str]] = {}
        self.order: list[str] = []
        self.row: dict[str, str] | None = None
        self.cell: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "tr" and a.get("data-card"):
            name = a["data-card"] or ""
            self.row = self.rows.setdefault(name, {})
            self.order.append(name)
        elif self.row is not None and tag in ("td", "th"):
            self.cell = a.get("data-label") or "Card"
            self.row.setdefault(self.cell, "")
            for key in ("data-gold", "data-hp"):
                if a.get(key) is not None:
                    self.row[key] = a[key] or ""

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th"):
            self.cell = None
        elif tag == "tr":
            self.row = None

    def handle_data(self, data: str) -> None:
        if self.row is not None and self.cell is not None:
            self.row[self.cell] += data


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(text)).strip()


def line_text(line: dict) -> str:  # type: ignore[type-arg]
    parts = [" ".join(SUIT[s] for s in line["suits"]), " ".join(line["ranks"])]
    return ", ".join(p for p in parts if p) + f" ({round(line['chance'] * 100)}%)"


def test_raiding_parties_rules_list_every_card_as_the_data_has_it() -> None:
    page = Rows()
    page.feed(PAGE.read_text())
    catalogue = catalogue_json()
    assert page.order == [card["name"] for card in catalogue], "the table lists the catalogue, in its order, once each"
    for card in catalogue:
        row = page.rows[card["name"]]
        hp = "—" if card["hp"] is None else str(card["hp"])
        assert (row["data-gold"], flat(row["Gold"])) == (str(card["gold"]), str(card["gold"])), card["name"]
        assert (row["data-hp"], flat(row["HP"])) == (hp, hp), card["name"]
        assert flat(row["Card"]) == card["name"] + (" (X)" if card["unique"] else ""), card["name"]
        weapons = flat(row["Weapons"])
        for weapon in card["weapons"]:
            assert weapon["name"] in weapons and line_text(weapon) in weapons, (card["name"], weapon["name"])
        abilities = flat(row["Abilities"])
        for key in ("md", "evade", "fortify", "hold", "use"):
            if card[key]:
                assert line_text(card[key]) in abilities, (card["name"], key)
        assert flat(card["text"]) in abilities, card["name"]
