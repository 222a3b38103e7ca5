"""What every game's browser test does first: host a table from the home page, fill it with bots, start it."""

from __future__ import annotations

import re
from typing import Any

from tests.conftest import ServerProcess


def host_table(page: Any, server: ServerProcess, game: str, name: str, players: int, ready: str,
               options: dict[str, str] | None = None) -> str:
    """Create ``game`` as ``name`` with the option fields given (id ``opt-<name>``), add bots up to ``players``, start,
    and wait for ``ready`` (the renderer's root); returns the table id."""
    page.goto(server.url + "/")
    page.fill("#name", name)
    page.select_option("#game", game)
    for option, value in (options or {}).items():
        page.fill(f"#opt-{option}", value)
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    page.fill("#bot-count", str(players - 1))
    page.click("#add-bots")
    page.wait_for_function(f"() => document.querySelectorAll('#lobby-seats li').length === {players}")
    page.click("#start")
    page.wait_for_selector(ready)
    return str(page.url.rsplit("/", 1)[1])


def watch_errors(page: Any) -> list[str]:
    """The page's uncaught errors, collected as they happen."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors
