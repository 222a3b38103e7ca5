"""A worker stopping with SIGTERM closes the page's socket with 1012 (service restart): the page tries again at once,
not after its backoff, since another worker may already serve, and is back online once a server answers."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import BrowserContext, expect

from tests.api.helpers import wait_for
from tests.browser.test_platform import create_table
from tests.conftest import ServerProcess

# Every socket the page opens, with when it opened and when and how it closed.
RECORD_SOCKETS = """
window.__sockets = [];
const NativeSocket = window.WebSocket;
window.WebSocket = class extends NativeSocket {
  constructor(...args) {
    super(...args);
    const entry = { opened: performance.now(), closed: null, code: null };
    window.__sockets.push(entry);
    this.addEventListener("close", (event) => { entry.closed = performance.now(); entry.code = event.code; });
  }
};
"""


def _after_restart(sockets: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    codes = [s["code"] for s in sockets]
    return sockets if 1012 in codes and len(sockets) > codes.index(1012) + 1 else None


def test_a_1012_close_is_retried_at_once(context: BrowserContext, own_server: ServerProcess) -> None:
    server = own_server
    page = context.new_page()
    page.add_init_script(RECORD_SOCKETS)
    create_table(page, server)
    expect(page.locator("#conn")).to_have_text("online")
    assert server.process is not None
    server.process.terminate()
    server.process.wait(15)
    sockets = wait_for(lambda: _after_restart(page.evaluate("window.__sockets")), timeout=10,
                       what="a socket closed with 1012 and the next one opened")
    restart = next(n for n, s in enumerate(sockets) if s["code"] == 1012)
    # The backoff would wait 0.5 s or more (375 ms at the least with its jitter); a restart close waits 0.25 s at most.
    assert sockets[restart + 1]["opened"] - sockets[restart]["closed"] < 300, sockets
    server.start()
    expect(page.locator("#conn")).to_have_text("online", timeout=20_000)
    expect(page.locator("#conn")).not_to_have_text(re.compile("gone|ended"))
