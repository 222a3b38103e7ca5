"""Your tables on the home page (issue 22): a live and a turn-based table listed with whose move it is, your move
first, a deleted table dropped from the list (and from the browser's storage); axe-clean at laptop and phone size."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.api.helpers import wait_for
from tests.browser.helpers import SIZES
from tests.browser.test_accessibility import AXE, RUN_AXE
from tests.conftest import ServerProcess, server_env


@pytest.fixture
def quick_expiry(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server whose lobbies expire after about a second (games in play are untouched)."""
    proc = ServerProcess(server_env(tmp_path, LOBBY_TTL_HOURS="0.0003", EXPIRY_INTERVAL="0.5"),
                         log_path=tmp_path / "server.log")
    proc.start()
    yield proc
    proc.stop()


def table(http: httpx.Client, **body: Any) -> dict[str, Any]:
    created = http.post("/api/tables", json={"game": "hidden-hands", "name": "Alice", **body}).json()
    invite = created["invite_url"].split("invite=")[1]
    bob = http.post(f"/api/tables/{created['table_id']}/join", json={"name": "Bob", "invite": invite}).json()
    created["bob"] = bob["token"]
    return created


def start(http: httpx.Client, created: dict[str, Any]) -> None:
    http.post(f"/api/tables/{created['table_id']}/start",
              headers={"Authorization": f"Bearer {created['token']}"}).raise_for_status()


@pytest.mark.parametrize("size", list(SIZES))
def test_your_tables_list_whose_move_and_drop_a_deleted_table(browser: Browser, quick_expiry: ServerProcess,
                                                               size: str) -> None:
    with httpx.Client(base_url=quick_expiry.url, timeout=10) as http:
        live, turn_based, doomed = table(http, turn_timer=60), table(http, pace="turn-based"), table(http)
        start(http, live)
        start(http, turn_based)
        state = http.get(f"/api/tables/{live['table_id']}/state",
                         headers={"Authorization": f"Bearer {live['token']}"}).json()
        http.post(f"/api/tables/{live['table_id']}/actions", json={"action": state["legal"][0]},
                  headers={"Authorization": f"Bearer {live['token']}"}).raise_for_status()
        # The lobby nobody started expires.
        wait_for(lambda: http.get(f"/api/tables/{doomed['table_id']}").status_code == 404, timeout=15,
                 what="the lobby to expire")

    ctx = browser.new_context(viewport=SIZES[size], bypass_csp=True, is_mobile=size == "phone",
                              has_touch=size == "phone")
    ctx.set_default_timeout(15_000)
    page = ctx.new_page()
    page.goto(quick_expiry.url + "/")
    expect(page.locator("#your-tables")).to_be_hidden()  # nothing held yet
    page.evaluate("(tables) => tables.forEach(([id, token]) => localStorage.setItem('tabletop:seat:' + id, token))",
                  [[t["table_id"], t["token"]] for t in (live, turn_based, doomed)])
    page.reload()

    rows = page.locator("#your-tables-list > li")
    expect(rows).to_have_count(2)
    first, second = rows.nth(0), rows.nth(1)
    # Your move first: both must set a gem aside at the turn-based table; Alice has at the live one.
    expect(first).to_have_attribute("data-table", turn_based["table_id"])
    expect(first).to_contain_text("Your move")
    expect(first).to_contain_text("Turn-based · 1 day a move")
    expect(first).to_contain_text("With Bob")
    expect(second).to_have_attribute("data-table", live["table_id"])
    expect(second).to_contain_text("Waiting on Bob")
    expect(second).to_contain_text("Live · 1 min a turn")
    expect(first.get_by_role("link")).to_have_attribute("href", f"/t/{turn_based['table_id']}")
    # The deleted table is gone from the list and from this browser's storage.
    assert page.evaluate("(id) => localStorage.getItem('tabletop:seat:' + id)", doomed["table_id"]) is None
    assert page.evaluate("(id) => localStorage.getItem('tabletop:seat:' + id)", live["table_id"]) == live["token"]

    page.add_script_tag(path=str(AXE))
    assert page.evaluate(RUN_AXE) == []

    # Hiding takes a table off the list here; its seat stays in this browser (tests/browser/test_held_tables.py).
    second.get_by_role("button", name="Hide from this list").click()
    expect(rows).to_have_count(1)
    assert page.evaluate("(id) => localStorage.getItem('tabletop:seat:' + id)", live["table_id"]) == live["token"]
    ctx.close()
