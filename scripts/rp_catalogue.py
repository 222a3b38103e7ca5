"""Writes Raiding Parties' card catalogue as a static ES module for the renderer:

    .venv/bin/python scripts/rp_catalogue.py

The catalogue never changes during a game, so it travels once as a cached file rather than in every state message
(it was four fifths of each view). tests/games/raiding_parties/test_catalogue_module.py fails when the file and
games/raiding_parties/data.py disagree.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.raiding_parties.data import catalogue_json  # noqa: E402

MODULE = ROOT / "static" / "js" / "games" / "raiding-parties" / "catalogue.js"
HEAD = "// Generated from games/raiding_parties/data.py by scripts/rp_catalogue.py: edit the data, not this file.\n"


def module_text() -> str:
    return f"{HEAD}export const CATALOGUE = {json.dumps(catalogue_json(), indent=1, ensure_ascii=False)};\n"


if __name__ == "__main__":
    MODULE.write_text(module_text())
    print(MODULE)
