"""Accounts with passkeys in the browser (issue 35, item 1), through Chromium's virtual authenticator (the DevTools
protocol's WebAuthn domain): create an account on a laptop and take seats there; sign in on a phone with the same
passkey (copied across, as a synced passkey arrives) and play on from its "Your tables"; the phone's own table added to
the account; signing out of the phone removes only the account's tables from it. At 127.0.0.1 the page says why
passkeys cannot work, and a closed passkey prompt is told in words.

WebAuthn needs a relying party with a name: the browser reaches the test server at ``localhost`` (the same process
the other tests reach at 127.0.0.1)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.test_accessibility import check
from tests.browser.test_platform import create_table
from tests.browser.test_table_ux import start_against_bots
from tests.conftest import ServerProcess

TABLES_OF_THE_ACCOUNT = """async (ids) => {
  const answer = await (await fetch('/api/your-tables', { method: 'POST',
    headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ tables: [] }) })).json();
  const held = new Set((answer.account ?? []).map((c) => c.table_id));
  return ids.every((id) => held.has(id));
}"""


def local(server: ServerProcess) -> Any:
    """The server as the browser must name it for passkeys: at localhost (what the page helpers read is ``url``)."""
    return SimpleNamespace(url=f"http://localhost:{server.port}", port=server.port)


def add_authenticator(context: BrowserContext, page: Page) -> tuple[Any, str]:
    """A platform authenticator with user verification, as a phone's or a laptop's, that answers at once."""
    cdp = context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    added = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": {
        "protocol": "ctap2", "transport": "internal", "hasResidentKey": True, "hasUserVerification": True,
        "isUserVerified": True, "automaticPresenceSimulation": True}})
    return cdp, str(added["authenticatorId"])


def stored(page: Page, prefix: str, table_id: str) -> str | None:
    value: str | None = page.evaluate("(key) => localStorage.getItem(key)", f"tabletop:{prefix}:{table_id}")
    return value


def test_an_account_carries_seats_to_another_device_and_signing_out_removes_only_them(
        browser: Browser, server: ServerProcess) -> None:
    site = local(server)
    laptop_ctx, phone_ctx = browser.new_context(), browser.new_context()
    laptop_ctx.set_default_timeout(15_000)
    phone_ctx.set_default_timeout(15_000)
    try:
        # The laptop: create the account, then take a seat (a game in play, Ann's move) and a spectator link.
        laptop = laptop_ctx.new_page()
        laptop_cdp, laptop_key = add_authenticator(laptop_ctx, laptop)
        laptop.goto(site.url + "/")
        expect(laptop.locator("#account-create-button")).to_be_visible()
        laptop.fill("#account-name", "Ann")
        laptop.click("#account-create-button")
        expect(laptop.locator("#account-who")).to_have_text("Ann")
        expect(laptop.locator("#account-message")).to_contain_text("Welcome, Ann")

        played = start_against_bots(laptop, site)
        expect(laptop.locator("#turn-banner")).to_have_text("Your turn")
        with httpx.Client(base_url=server.url, timeout=10) as http:
            watched = http.post("/api/tables", json={"game": "hidden-hands", "name": "Carl"}).json()
        laptop.goto(watched["spectate_url"].replace(server.url, site.url))
        expect(laptop.locator("#status-line")).to_contain_text("you are watching")
        laptop.wait_for_function(TABLES_OF_THE_ACCOUNT, arg=[played, watched["table_id"]], polling=200)

        # The phone holds a table of its own, taken without an account.
        phone = phone_ctx.new_page()
        phone_cdp, phone_key = add_authenticator(phone_ctx, phone)
        own = create_table(phone, site, "Pat")
        phone.goto(site.url + "/")
        expect(phone.locator(f"#your-tables-list li[data-table='{own}']")).to_be_visible()

        # The passkey arrives on the phone as a synced one would; sign in with it.
        for credential in laptop_cdp.send("WebAuthn.getCredentials", {"authenticatorId": laptop_key})["credentials"]:
            phone_cdp.send("WebAuthn.addCredential", {"authenticatorId": phone_key, "credential": credential})
        phone.click("#account-sign-in")
        expect(phone.locator("#account-who")).to_have_text("Ann")
        for table_id in (played, watched["table_id"], own):
            expect(phone.locator(f"#your-tables-list li[data-table='{table_id}']")).to_be_visible()
        expect(phone.locator(f"#your-tables-list li[data-table='{played}']")).to_contain_text("Your move")

        # Its own table can join the account (one button); it stays the phone's own.
        expect(phone.locator("#account-add-tables")).to_be_visible()
        phone.click("#account-add-tables")
        expect(phone.locator("#account-message")).to_have_text("1 table added to your account.")
        expect(phone.locator("#account-add-tables")).to_be_hidden()

        # Play on from the phone: the table opens in Ann's seat, and her move is made there.
        token = stored(phone, "seat", played)
        assert token and token == stored(laptop, "seat", played)
        with httpx.Client(base_url=server.url, timeout=10, headers={"Authorization": f"Bearer {token}"}) as http:
            before = http.get(f"/api/tables/{played}/state").json()
            assert before["legal"], "it is Ann's move"
            phone.locator(f"#your-tables-list li[data-table='{played}'] a").click()
            phone.wait_for_url(f"{site.url}/t/{played}")
            expect(phone.locator("#turn-banner")).to_have_text("Your turn")
            phone.locator("#legal button[data-action]:not([disabled])").first.click()
            phone.wait_for_function(
                "async ([id, seq]) => (await (await fetch(`/api/tables/${id}/state`, { headers: "
                "{ Authorization: `Bearer ${localStorage.getItem('tabletop:seat:' + id)}` } })).json()).seq > seq",
                arg=[played, before["seq"]], polling=200)
            after = http.get(f"/api/tables/{played}/state").json()
            assert after["seq"] > before["seq"] and after["you"]["seat"] == 0

        # Sign out of the phone: the account's tables leave it, its own stays; the laptop stays signed in.
        phone.goto(site.url + "/")
        phone.click("#account-sign-out")
        expect(phone.locator("#account-message")).to_contain_text("Signed out of this device")
        expect(phone.locator("#account-sign-in")).to_be_visible()
        assert stored(phone, "seat", played) is None and stored(phone, "watch", watched["table_id"]) is None
        assert stored(phone, "seat", own) is not None
        expect(phone.locator(f"#your-tables-list li[data-table='{own}']")).to_be_visible()
        expect(phone.locator("#your-tables-list li")).to_have_count(1)

        laptop.goto(site.url + "/")
        expect(laptop.locator("#account-who")).to_have_text("Ann")
        for table_id in (played, watched["table_id"], own):  # the phone's table came to the laptop through the account
            expect(laptop.locator(f"#your-tables-list li[data-table='{table_id}']")).to_be_visible()

        # The session cookie: HttpOnly and SameSite=Lax, and never written to the server's log.
        cookie = next(c for c in laptop_ctx.cookies() if c["name"] == "tabletop_session")
        assert cookie["httpOnly"] and cookie["sameSite"] == "Lax" and not cookie["secure"]
        assert server.log_path is not None
        assert cookie["value"] not in server.log_path.read_text(errors="replace")
        assert not [c for c in phone_ctx.cookies() if c["name"] == "tabletop_session"]
    finally:
        laptop_ctx.close()
        phone_ctx.close()


def test_the_page_says_why_passkeys_cannot_work_or_did_not(context: BrowserContext, server: ServerProcess) -> None:
    page = context.new_page()
    page.goto(server.url + "/")  # 127.0.0.1: an IP address is never a passkey's site
    expect(page.locator("#account-unavailable")).to_contain_text("localhost")
    expect(page.locator("#account-create-button")).to_be_hidden()

    # At localhost, a prompt the person closes is said in words, and nothing changes.
    page.add_init_script("""
      navigator.credentials.get = () => Promise.reject(new DOMException('closed', 'NotAllowedError'));
    """)
    page.goto(local(server).url + "/")
    page.click("#account-sign-in")
    expect(page.locator("#account-message")).to_contain_text("the prompt was closed or timed out")
    expect(page.locator("#account-in")).to_be_hidden()


def test_the_account_area_reads_well_at_both_sizes_and_renames(sized: BrowserContext, server: ServerProcess) -> None:
    page = sized.new_page()
    add_authenticator(sized, page)
    page.goto(local(server).url + "/")
    expect(page.locator("#account-create-button")).to_be_visible()
    check(page, "home, signed out")
    page.fill("#account-name", "Ann")
    page.click("#account-create-button")
    expect(page.locator("#account-who")).to_have_text("Ann")
    check(page, "home, signed in")
    page.fill("#account-new-name", "Ann B.")
    page.click("#account-rename-button")
    expect(page.locator("#account-message")).to_have_text("Name changed.")
    page.reload()
    expect(page.locator("#account-who")).to_have_text("Ann B.")


def test_signing_out_holds_even_when_the_next_request_fails(context: BrowserContext, server: ServerProcess) -> None:
    page = context.new_page()
    add_authenticator(context, page)
    page.goto(local(server).url + "/")
    message = page.locator("#account-message")
    expect(page.locator("#account-create-button")).to_be_visible()
    # The live region is in the page before anything is said in it: one that appears with its text is not read out.
    assert message.get_attribute("hidden") is None
    page.fill("#account-name", "Ann")
    page.click("#account-create-button")
    expect(page.locator("#account-who")).to_have_text("Ann")

    # Signed out on the server, then the page cannot ask what the area should offer: it is signed out all the same.
    page.route("**/api/account", lambda route: route.abort() if route.request.method == "GET" else route.fallback())
    page.click("#account-sign-out")
    expect(message).to_contain_text("Signed out of this device")
    expect(page.locator("#account-in")).to_be_hidden()
    assert page.evaluate("() => localStorage.getItem('tabletop:account')") is None


def test_a_table_forgotten_while_signed_in_does_not_come_back(context: BrowserContext, server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        if http.post("/api/account/seats/forget", json={"table_id": "probe"}).status_code == 404:
            pytest.skip("POST /api/account/seats/forget is not on this branch")
        watched = http.post("/api/tables", json={"game": "hidden-hands", "name": "Carl"}).json()
        kept = http.post("/api/tables", json={"game": "hidden-hands", "name": "Dee"}).json()
    site = local(server)
    page = context.new_page()
    add_authenticator(context, page)
    page.goto(site.url + "/")
    page.fill("#account-name", "Ann")
    page.click("#account-create-button")
    expect(page.locator("#account-who")).to_have_text("Ann")
    for table in (watched, kept):
        page.goto(table["spectate_url"].replace(server.url, site.url))
        expect(page.locator("#status-line")).to_contain_text("you are watching")
    page.wait_for_function(TABLES_OF_THE_ACCOUNT, arg=[watched["table_id"], kept["table_id"]], polling=200)

    page.goto(site.url + "/")
    row = page.locator(f"#your-tables-list li[data-table='{watched['table_id']}']")
    row.get_by_role("button", name="Stop watching").click()
    page.locator("#leave-confirm").click()
    expect(row).to_have_count(0)
    # The account forgot it too: neither the next list nor a reload hands the spectator link back.
    page.wait_for_function(f"async () => !(await ({TABLES_OF_THE_ACCOUNT})([{watched['table_id']!r}]))",
                           polling=200)
    page.reload()
    expect(page.locator("#your-tables-list > li")).to_have_count(1)  # drawn after the account's list was kept
    expect(page.locator(f"#your-tables-list li[data-table='{kept['table_id']}']")).to_be_visible()
    assert stored(page, "watch", watched["table_id"]) is None
