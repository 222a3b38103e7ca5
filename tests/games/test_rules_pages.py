"""Rules help pages that list an engine's data must not drift from it: Raiding Parties' catalogue table names every
card of ``games.raiding_parties.data`` with its gold, HP, weapons and lines, in catalogue order; Red Scare Redux's card
list names every Objective of ``games.red_scare_redux.data`` with its Agents, Supplies, points and bonus, and every card
of the Omega and Delta decks with its number of copies."""

from __future__ import annotations

import html
import re
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

from games.raiding_parties.data import catalogue_json
from games.red_scare_redux import data as rsr_data

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


# ----------------------------------------------------------------------------- Red Scare Redux

RSR_PAGE = ROOT / "templates" / "rules" / "red-scare-redux.html"
RSR_BONUS = {"DRAW1": "Draw 1", "DRAW2": "Draw 2", "EXTRA1": "Extra action", "STEAL": "Steal", "NONE": "None"}


class MarkedRows(HTMLParser):
    """Every <tr> carrying a data-* attribute: its attributes, the data-* attributes of its table, and its cells'
    text keyed by data-label (a cell without one by its position, "0", "1", ...)."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[dict[str, dict[str, str]]] = []
        self.table: dict[str, str] = {}
        self.row: dict[str, dict[str, str]] | None = None
        self.cell: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        if tag == "table":
            self.table = {key: value for key, value in a.items() if key.startswith("data-")}
        elif tag == "tr" and any(key.startswith("data-") for key in a):
            self.row = {"attrs": a, "table": dict(self.table), "cells": {}, "cell_attrs": {}}
            self.rows.append(self.row)
        elif self.row is not None and tag in ("td", "th"):
            self.cell = a.get("data-label") or str(len(self.row["cells"]))
            self.row["cells"][self.cell] = ""
            self.row["cell_attrs"].update({key: value for key, value in a.items() if key.startswith("data-")})

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th"):
            self.cell = None
        elif tag == "tr":
            self.row = None
        elif tag == "table":
            self.table = {}

    def handle_data(self, data: str) -> None:
        if self.row is not None and self.cell is not None:
            self.row["cells"][self.cell] += data


def rsr_rows(marker: str) -> list[dict[str, dict[str, str]]]:
    page = MarkedRows()
    page.feed(RSR_PAGE.read_text())
    return [row for row in page.rows if marker in row["attrs"]]


def test_red_scare_redux_rules_list_every_objective_as_the_data_has_it() -> None:
    rows = rsr_rows("data-objective")
    assert [row["attrs"]["data-objective"] for row in rows] == [o.name for o in rsr_data.OBJECTIVES], \
        "the Objectives table lists the catalogue, in its order, once each"
    for objective, row in zip(rsr_data.OBJECTIVES, rows, strict=True):
        cells, attrs = row["cells"], row["cell_attrs"]
        agents = ", ".join("any Agent" if slot == "*" else f"{rsr_data.AGENT_NAMES[slot]} ({slot})"
                           for slot in objective.agents) or "—"
        supplies = ", ".join(f"{kind} {need}" for kind, need in objective.supplies.items()) or "—"
        assert flat(cells["Number"]) == str(objective.number), objective.name
        assert flat(cells["Objective"]) == objective.name, objective.name
        assert flat(cells["Agents"]) == agents, objective.name
        assert flat(cells["Supplies"]) == supplies, objective.name
        assert (attrs["data-points"], flat(cells["Points"])) == (str(objective.points),) * 2, objective.name
        assert (attrs["data-bonus"], flat(cells["Bonus"])) == (objective.bonus, RSR_BONUS[objective.bonus]), \
            objective.name


def test_red_scare_redux_rules_list_every_deck_card_and_count_as_the_data_has_it() -> None:
    rows = rsr_rows("data-card")
    expected = {"omega": (rsr_data.omega_cards(), rsr_data.OMEGA_SIZE), "delta": (rsr_data.delta_cards(),
                                                                                   rsr_data.DELTA_SIZE)}
    assert {row["table"].get("data-deck") for row in rows} == set(expected), "one table per Resource deck"
    for deck, (cards, size) in expected.items():
        listed = [row for row in rows if row["table"]["data-deck"] == deck]
        counts = Counter(cards)
        assert [row["attrs"]["data-card"] for row in listed] == list(counts), f"{deck}: every card once, deck order"
        for row in listed:
            card = row["attrs"]["data-card"]
            assert flat(row["cells"]["0"]) == card, (deck, card)
            assert flat(row["cells"]["Copies"]) == str(counts[card]), (deck, card)
        assert listed[0]["table"]["data-total"] == str(size) == str(len(cards)), deck
        caption = re.search(rf'data-deck="{deck}".*?<caption>(.*?)</caption>', RSR_PAGE.read_text(), re.S)
        assert caption is not None and f"{size} cards" in flat(caption.group(1)), deck


def test_red_scare_redux_rules_explain_every_black_ops_card_and_bonus() -> None:
    assert [row["attrs"]["data-blackops"] for row in rsr_rows("data-blackops")] == list(rsr_data.BLACK_OPS)
    bonuses = rsr_rows("data-bonus")
    assert [row["attrs"]["data-bonus"] for row in bonuses] == list(RSR_BONUS)
    assert [flat(row["cells"]["0"]) for row in bonuses] == list(RSR_BONUS.values())
    assert set(RSR_BONUS) == {o.bonus for o in rsr_data.OBJECTIVES}


def test_red_scare_redux_rules_list_every_layout() -> None:
    layouts = [row["attrs"]["data-layout"] for row in rsr_rows("data-layout")]
    assert sorted(layouts) == sorted(rsr_data.LAYOUTS)
