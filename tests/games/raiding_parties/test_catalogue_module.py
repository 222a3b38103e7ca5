"""The renderer's static catalogue (static/js/games/raiding-parties/catalogue.js) is exactly the engine's data."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from games.raiding_parties import GAME
from tests.games.raiding_parties.scenario import build

ROOT = Path(__file__).resolve().parents[3]


def _writer():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("rp_catalogue", ROOT / "scripts" / "rp_catalogue.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_static_catalogue_matches_the_data() -> None:
    writer = _writer()
    assert writer.MODULE.read_text() == writer.module_text(), (
        "static/js/games/raiding-parties/catalogue.js is out of date: run .venv/bin/python scripts/rp_catalogue.py")


def test_views_do_not_carry_the_catalogue() -> None:
    assert "catalogue" not in GAME.view(build(players=2), 0)
