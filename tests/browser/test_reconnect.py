"""A server restart under an open page: the page reconnects by itself, without a reload, and play goes on. A table
that expires under an open page: the page says so and does not try again."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import BrowserContext, expect

from tests.browser.helpers import watch_errors
from tests.browser.test_platform import create_table, play_to_the_end
from tests.conftest import ServerProcess, server_env


def test_page_reconnects_after_server_restart(context: BrowserContext, own_server: ServerProcess) -> None:
    server = own_server  # it kills this server and starts it again: no other test may share it
    page = context.new_page()
    create_table(page, server)
    page.fill("#bot-count", "1")
    page.click("#add-bots")
    page.click("#start")
    expect(page.locator("#legal button[data-action]").first).to_be_visible()
    page.evaluate("window.__marker = 'same page'")  # gone if the page reloads

    server.kill()
    expect(page.locator("#conn")).to_have_text(re.compile("reconnecting"))
    server.start()
    expect(page.locator("#conn")).to_have_text("online", timeout=20_000)
    assert page.evaluate("window.__marker") == "same page"

    play_to_the_end(page)
    expect(page.locator("#result")).to_contain_text("Game over")


def test_a_table_that_expires_under_an_open_page_says_so(context: BrowserContext, tmp_path: Path) -> None:
    """The lobby is left alone past its time (4 s here) and the sweep deletes it: the page, still open on it, says
    the table has expired, offers the home page, and opens no new connection."""
    server = ServerProcess(server_env(tmp_path, LOBBY_TTL_HOURS=str(4 / 3600), EXPIRY_INTERVAL="0.25"),
                           log_path=tmp_path / "server.log")
    server.start()
    try:
        page = context.new_page()
        errors = watch_errors(page)
        sockets: list[str] = []
        page.on("websocket", lambda ws: sockets.append(ws.url))
        page.clock.install()  # the page's timers, to be run ahead below instead of waited for
        create_table(page, server)
        expect(page.locator("#conn")).to_have_text("online")
        expect(page.locator("#gate-heading")).to_have_text("This table has expired", timeout=15_000)
        expect(page.locator("#gate-message")).to_contain_text("deleted")
        expect(page.locator("#gate-home a")).to_have_attribute("href", "/")
        expect(page.locator("#table-layout")).to_be_hidden()
        expect(page.locator("#status-line")).to_have_text("Expired")
        # Not a fixed wait: the page's clock is run a minute ahead, past every backoff a reconnect would wait.
        page.clock.run_for(60_000)
        assert len(sockets) == 1, sockets
        assert errors == []
    finally:
        server.stop()
    log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in log, log[-3000:]
