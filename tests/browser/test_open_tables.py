"""Open tables in the browser: a host lists the lobby, a second browser finds it on the home page and takes a seat
without the invite link, the host removes that person and unlists the table; the home page with the list passes axe."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.test_accessibility import check
from tests.browser.test_platform import create_table
from tests.conftest import ServerProcess

TITLE = "Hidden Hands (test game)"


def set_listed(page: Page, on: bool) -> None:
    """Tick or untick the lobby's box and wait for the server's answer (what the home page then reads)."""
    with page.expect_response(lambda response: response.url.endswith("/listing")) as answer:
        if on:
            page.check("#list-table")
        else:
            page.uncheck("#list-table")
    assert answer.value.ok, answer.value.text()
    expect(page.locator("#list-table")).to_be_enabled()
    expect(page.locator("#list-table")).to_be_checked(checked=on)


def entry(page: Page, table_id: str):  # type: ignore[no-untyped-def]
    return page.locator(f"#open-tables-list li[data-open-table='{table_id}']")


def test_a_listed_lobby_is_found_taken_and_managed_by_its_host(browser: Browser, server: ServerProcess) -> None:
    contexts = [browser.new_context(), browser.new_context()]
    try:
        ann = contexts[0].new_page()
        table_id = create_table(ann, server, "Ann")
        expect(ann.locator("#invite-link")).to_have_value(re.compile("invite="))
        invite = ann.locator("#invite-link").input_value().split("invite=")[1]
        expect(ann.locator("#list-table")).not_to_be_checked()  # off until the host lists it

        bob = contexts[1].new_page()
        bob.goto(server.url + "/")
        expect(bob.locator("#open-tables-empty")).to_be_visible()
        expect(entry(bob, table_id)).to_have_count(0)

        set_listed(ann, True)
        bob.reload()
        listed = entry(bob, table_id)
        expect(listed).to_contain_text(TITLE)
        expect(listed).to_contain_text("Live")
        expect(listed).to_contain_text("Hosted by Ann · 4 seats free")
        expect(bob.locator("#open-tables-empty")).to_be_hidden()
        assert invite not in bob.content()

        # A name the server refuses is explained, and seats nobody.
        bob.fill("#open-name", "Bot Bob")
        bob.get_by_role("button", name=f"Take a seat at Ann's {TITLE} table").click()
        expect(bob.locator("#open-tables-error")).to_contain_text("kept for bots")
        expect(ann.locator("#lobby-seats li")).to_have_count(1)

        bob.fill("#open-name", "Bob")
        bob.get_by_role("button", name=f"Take a seat at Ann's {TITLE} table").click()
        bob.wait_for_url(re.compile(rf"/t/{re.escape(table_id)}$"))
        expect(bob.locator("#lobby-seats li")).to_have_count(2)
        expect(ann.locator("#lobby-seats li")).to_have_count(2)
        expect(bob.locator("#invite-field")).to_be_hidden()  # a seat from the list is never shown the invite code
        assert invite not in bob.content()

        # The host removes Bob before the start, and takes the table off the list.
        ann.get_by_role("button", name="Remove Bob").click()
        expect(bob.locator("#gate-message")).to_contain_text(re.compile("no longer hold a seat"))
        expect(ann.locator("#lobby-seats li")).to_have_count(1)
        set_listed(ann, False)
        bob.goto(server.url + "/")
        expect(bob.locator("#open-tables-empty")).to_be_visible()
        expect(entry(bob, table_id)).to_have_count(0)
    finally:
        for ctx in contexts:
            ctx.close()


def test_the_home_page_with_open_tables_passes_axe(sized: BrowserContext, server: ServerProcess) -> None:
    for name, pace in (("Ann", "live"), ("Ben", "turn-based")):
        made = httpx.post(f"{server.url}/api/tables", json={"game": "hidden-hands", "name": name, "pace": pace},
                          timeout=10).json()
        httpx.post(f"{server.url}/api/tables/{made['table_id']}/listing", json={"listed": True},
                   headers={"Authorization": f"Bearer {made['token']}"}, timeout=10).raise_for_status()
    page = sized.new_page()
    page.goto(server.url + "/")
    expect(page.locator("#open-tables-list li").first).to_contain_text("Hosted by Ben")
    check(page, "home with open tables")
