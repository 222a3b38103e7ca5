"""A server restart under an open page: the page reconnects by itself, without a reload, and play goes on."""

from __future__ import annotations

import re

from playwright.sync_api import BrowserContext, expect

from tests.browser.test_platform import create_table, play_to_the_end
from tests.conftest import ServerProcess


def test_page_reconnects_after_server_restart(context: BrowserContext, server: ServerProcess) -> None:
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
