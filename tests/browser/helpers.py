"""What every game's browser test does first: host a table from the home page, fill it with bots, start it; and how a
browser takes a seat it holds a token for (a one-time seat link)."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import ViewportSize

from tests.conftest import ServerProcess

# The two sizes every page is checked at: a laptop and a phone.
SIZES: dict[str, ViewportSize] = {"laptop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}


def seat_link(server: ServerProcess, table_id: str, token: str) -> str:
    """A fresh one-time seat link for the seat ``token`` holds (a link never carries the token itself)."""
    made = httpx.post(f"{server.url}/api/tables/{table_id}/seat-link", headers={"Authorization": f"Bearer {token}"},
                      timeout=10)
    made.raise_for_status()
    return str(made.json()["seat_url"])


def open_seat(page: Any, server: ServerProcess, table_id: str, token: str) -> None:
    """Take the seat ``token`` holds in this page's browser through a seat link, and wait for the table page."""
    page.goto(seat_link(server, table_id, token))
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))


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


# Resolves once the page's fonts and stylesheets have loaded and two frames have been drawn since (a renderer's layout
# work, resize observers included, is done by then): a state to wait for, where a test once slept a fixed time.
SETTLED = """async () => {
  await document.fonts.ready;
  await Promise.all([...document.querySelectorAll('link[rel=stylesheet]')].map((link) => link.sheet ? null
    : new Promise((done) => { link.addEventListener('load', done, { once: true });
                              link.addEventListener('error', done, { once: true }); })));
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""


def settle(page: Any) -> None:
    """Wait until the page has settled (see SETTLED)."""
    page.evaluate(SETTLED)
