"""The pace said everywhere (issue 35): "Turn-based · 4 h a move" on the home page's form, in the lobby, on the join
page, in the table's header and in Your tables, "Live" likewise; a window option reads as the automatic pass's delay
at a turn-based table; the standing answer to windows is set from the table page and from Your tables, and a window
that waits on a seat says "You may react" there."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, expect

from tests.api.helpers import wait_for
from tests.browser.test_accessibility import AXE, RUN_AXE
from tests.conftest import ServerProcess

RP = "raiding-parties"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_the_pace_is_said_in_the_form_lobby_join_page_header_and_your_tables(browser: Browser,
                                                                               server: ServerProcess) -> None:
    context = browser.new_context(viewport={"width": 1200, "height": 900}, bypass_csp=True)  # axe is injected
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.goto(server.url + "/")
    page.fill("#name", "Alice")
    page.select_option("#game", RP)
    reaction = page.locator('label[for="opt-reaction_seconds"]')
    expect(reaction).to_have_text("Reaction time (seconds)")
    page.select_option("#pace", "turn-based")
    expect(reaction).to_have_text("Reaction time: automatic pass after (seconds)")  # the unit it runs in
    page.select_option("#move-time", "14400")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    table_id = page.url.rsplit("/", 1)[1]

    said = "Turn-based · 4 h a move"
    expect(page.locator("#lobby-pace")).to_have_text(said)
    expect(page.locator("#status-line")).to_contain_text(said)
    expect(page.locator('#lobby-options [data-option="reaction_seconds"]')).to_contain_text(
        "Reaction time: automatic pass after (seconds): 5")
    # The standing answer: pass by default, kept on the server.
    switch = page.locator("#answer-switch")
    expect(switch).to_be_checked()
    token = page.evaluate("(id) => localStorage.getItem('tabletop:seat:' + id)", table_id)
    switch.uncheck()
    expect(page.locator("#answer-note")).to_contain_text("You may react")
    page.add_script_tag(path=str(AXE))
    assert page.evaluate(RUN_AXE) == []  # the lobby with the switch and the pace
    assert httpx.get(f"{server.url}/api/tables/{table_id}/window-answer", headers=bearer(token),
                     timeout=10).json()["answer"] == "respond"

    # An invitee sees the pace before joining.
    invite = page.locator("#invite-link").input_value()
    guest = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    guest.set_default_timeout(15_000)
    joining = guest.new_page()
    joining.goto(invite)
    expect(joining.locator("#gate-pace")).to_have_text(said)
    guest.close()

    # Your tables says it too, with the standing answer's switch.
    page.goto(server.url + "/")
    row = page.locator(f'#your-tables-list > li[data-table="{table_id}"]')
    expect(row).to_contain_text(said)
    expect(row.get_by_label("Pass reaction windows for me")).not_to_be_checked()
    # Every row has such a switch: its name says which table. A save that fails flips back and says why.
    own = row.get_by_role("switch", name="Pass reaction windows for me: Raiding Parties at Alice's table", exact=True)
    expect(own).not_to_be_checked()
    context.set_offline(True)
    own.click()
    expect(page.locator("#toast")).to_contain_text("was not changed: Could not reach the server")
    expect(own).not_to_be_checked()
    context.set_offline(False)
    assert httpx.get(f"{server.url}/api/tables/{table_id}/window-answer", headers=bearer(token),
                     timeout=10).json()["answer"] == "respond"

    # A live table says "Live", with its turn timer when it has one.
    page.fill("#name", "Alice")
    page.select_option("#game", RP)
    page.select_option("#pace", "live")
    expect(reaction).to_have_text("Reaction time (seconds)")
    page.fill("#turn-timer", "45")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    expect(page.locator("#lobby-pace")).to_have_text("Live · 45 s a turn")
    expect(page.locator("#status-line")).to_contain_text("Live · 45 s a turn")
    expect(page.locator("#answer-bar")).to_be_hidden()  # at a live table the game's own switch does it
    context.close()


def table_at_a_window(http: httpx.Client, seat: int) -> tuple[str, list[str]]:
    """A turn-based Raiding Parties table (Alice and Bob, both answering windows themselves) whose people have played
    their first concrete action until a reaction window asks ``seat``: its id and both tokens. The deal is the
    server's own, and some deals end before such a window comes: then the next table is dealt."""
    table: dict[str, Any] = {}

    def deal() -> None:
        created = http.post("/api/tables", json={"game": RP, "name": "Alice", "pace": "turn-based",
                                                 "turn_timer": 3600}).json()
        table_id = created["table_id"]
        invite = created["invite_url"].split("invite=")[1]
        bob = http.post(f"/api/tables/{table_id}/join", json={"name": "Bob", "invite": invite}).json()["token"]
        tokens = [created["token"], bob]
        for token in tokens:  # both answer windows themselves: nothing is passed for them meanwhile
            http.post(f"/api/tables/{table_id}/window-answer", json={"answer": "respond"},
                      headers=bearer(token)).raise_for_status()
        http.post(f"/api/tables/{table_id}/start", headers=bearer(created["token"])).raise_for_status()
        table.update(id=table_id, tokens=tokens)

    def step() -> bool:
        if not table:
            deal()
        for token in table["tokens"]:
            message = http.get(f"/api/tables/{table['id']}/state", headers=bearer(token)).json()
            prompt = message["view"].get("prompt") or {}
            if prompt.get("kind") == "reaction" and prompt.get("seat") == seat:
                return True
            if message["status"] != "playing":  # this deal ended before a window asked: deal another
                table.clear()
                return False
            concrete = [a for a in message["legal"] if not a.get("template")]
            if concrete:
                http.post(f"/api/tables/{table['id']}/actions", json={"action": concrete[0],
                          "expect_seq": message["seq"]}, headers=bearer(token))
        return False

    wait_for(step, timeout=120, what="a reaction window that asks Bob")
    return table["id"], table["tokens"]


def test_a_window_that_waits_on_you_says_you_may_react(sized: BrowserContext, server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        table_id, (_, bob) = table_at_a_window(http, 1)

    page = sized.new_page()
    page.goto(server.url + "/")
    page.evaluate("([id, token]) => localStorage.setItem('tabletop:seat:' + id, token)", [table_id, bob])
    page.reload()
    row = page.locator(f'#your-tables-list > li[data-table="{table_id}"]')
    expect(row).to_contain_text("You may react")
    expect(row).to_contain_text("Turn-based · 1 h a move")
    expect(row.get_by_label("Pass reaction windows for me")).not_to_be_checked()
    page.add_script_tag(path=str(AXE))
    assert page.evaluate(RUN_AXE) == []
    # Letting windows pass from Your tables: the waiting window is passed for Bob at once.
    row.get_by_label("Pass reaction windows for me").check()

    def passed() -> Any:
        got = httpx.get(f"{server.url}/api/tables/{table_id}/state", headers=bearer(bob), timeout=10).json()
        prompt = got["view"].get("prompt") or {}
        return not (prompt.get("kind") == "reaction" and prompt.get("seat") == 1)

    wait_for(passed, timeout=15, what="Bob's window to be passed for him")
