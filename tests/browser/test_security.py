"""In the browser: a player removed from a lobby is told so at once, and their page hears nothing more of the table;
the site's own pages work under the Content-Security-Policy with nothing refused."""

from __future__ import annotations

import json
import re

import httpx
from playwright.sync_api import BrowserContext, WebSocket, expect

from tests.browser.test_platform import create_table
from tests.browser.test_table_ux import wait_until
from tests.conftest import ServerProcess


def cara_connected(frame: str) -> bool:
    """A presence message that shows the third seat connected."""
    try:
        message = json.loads(frame)
    except ValueError:
        return False
    seats = message.get("seats", []) if isinstance(message, dict) and message.get("type") == "presence" else []
    return len(seats) == 3 and bool(seats[2].get("connected"))


def test_a_removed_player_s_page_says_so_and_receives_nothing_more(browser, server: ServerProcess) -> None:  # type: ignore[no-untyped-def]
    host_ctx: BrowserContext = browser.new_context()
    guest_ctx: BrowserContext = browser.new_context()
    try:
        host = host_ctx.new_page()
        create_table(host, server)
        expect(host.locator("#invite-link")).to_have_value(re.compile("invite="))
        invite = host.locator("#invite-link").input_value()
        assert "invite=" in invite
        guest = guest_ctx.new_page()
        frames: list[str] = []
        sockets: list[WebSocket] = []
        closed: list[WebSocket] = []

        def watch(ws: WebSocket) -> None:
            sockets.append(ws)
            ws.on("framereceived", lambda payload: frames.append(str(payload)))
            ws.on("close", lambda socket: closed.append(socket))

        guest.on("websocket", watch)
        guest.goto(invite)
        guest.fill("#join-name", "Bob")
        guest.click("#join")
        expect(guest.locator("#lobby")).to_be_visible()
        third = guest_ctx.browser.new_context()  # Cara joins after Bob, so removing Bob moves her into his seat
        try:
            cara = third.new_page()
            cara.goto(invite)
            cara.fill("#join-name", "Cara")
            cara.click("#join")
            expect(host.locator("#lobby-seats li")).to_have_count(3)
            expect(guest.locator("#lobby-seats li")).to_have_count(3)
            # Not a fixed wait: until Bob's page has been told Cara is connected, the last news of her arrival.
            wait_until(guest, lambda: any(cara_connected(frame) for frame in frames), "Cara's presence on Bob's page")
            before = len(frames)
            host.get_by_role("button", name="Remove Bob").click()
            expect(guest.locator("#gate-message")).to_contain_text(re.compile("no longer hold a seat"))
            expect(host.locator("#lobby-seats li")).to_have_count(2)
            # Not a fixed wait: his page's socket is closed by the server (after which nothing can reach it) and no
            # other is opened, so whatever the table does next, the page cannot hear it.
            wait_until(guest, lambda: len(closed) == len(sockets) == 1, "the server to close Bob's socket")
            host.click("#start")  # the game starts without Bob: his page must hear none of it
            expect(cara.locator("#legal")).to_be_visible()
            assert frames[before:] == [], frames[before:]
            assert len(sockets) == 1, [s.url for s in sockets]  # no new connection: nothing more can be heard
            expect(guest.locator("#table-layout")).to_be_hidden()
        finally:
            third.close()
    finally:
        host_ctx.close()
        guest_ctx.close()


def test_pages_load_under_the_content_security_policy(context: BrowserContext, server: ServerProcess) -> None:
    page = context.new_page()
    violations: list[str] = []
    page.on("console", lambda msg: violations.append(msg.text) if "Content Security Policy" in msg.text else None)
    response = page.goto(server.url + "/")
    assert response is not None and "frame-ancestors 'none'" in response.headers["content-security-policy"]
    table_id = create_table(page, server)
    expect(page.locator("#lobby")).to_be_visible()
    page.goto(f"{server.url}/games/turncoats/rules")
    expect(page.locator("svg.rules-map")).to_be_visible()
    page.goto(f"{server.url}/t/{table_id}/verify")
    assert violations == []


def test_a_seat_link_works_once_and_is_worthless_in_the_history(browser, server: ServerProcess) -> None:  # type: ignore[no-untyped-def]
    """A seat link is a one-time claim code: the first browser to open it takes the seat; the same address opened
    again (another browser, or read from the first one's history) says it was used and seats nobody."""
    host_ctx: BrowserContext = browser.new_context()
    device_ctx: BrowserContext = browser.new_context()
    reader_ctx: BrowserContext = browser.new_context()
    try:
        host = host_ctx.new_page()
        table_id = create_table(host, server)
        host_token = host.evaluate(f"() => localStorage.getItem('tabletop:seat:{table_id}')")
        host.click("#make-seat-link")
        expect(host.locator("#seat-link")).to_have_value(re.compile(rf"/t/{table_id}/seat#[\w-]{{32}}$"))
        older = host.locator("#seat-link").input_value()
        host.click("#make-seat-link")  # a newer link cancels the one not yet used
        expect(host.locator("#seat-link")).not_to_have_value(older)
        link = host.locator("#seat-link").input_value()
        assert host_token not in link and host_token not in older

        # Another device of the host's opens the link: it holds the seat, and the code leaves the address bar.
        device = device_ctx.new_page()
        device.goto(link)
        device.wait_for_url(f"{server.url}/t/{table_id}")
        expect(device.locator("#lobby")).to_be_visible()
        expect(device.locator("#seat-field")).to_be_visible()  # a seat's own control: spectators have none
        assert device.evaluate(f"() => localStorage.getItem('tabletop:seat:{table_id}')") == host_token

        # Whoever reads that device's history finds the link used: no seat for them.
        reader = reader_ctx.new_page()
        reader.goto(link)
        expect(reader.locator("h1")).to_have_text("This seat link was already used")
        expect(reader.locator("#seat-message")).to_contain_text(
            "already used, perhaps on another device, or by this browser a moment ago; ask for a new link")
        assert reader.evaluate(f"() => localStorage.getItem('tabletop:seat:{table_id}')") is None
        assert "#" not in reader.url  # nor does the address bar keep showing it
        reader.goto(f"{server.url}/t/{table_id}")
        expect(reader.locator("#gate")).to_be_visible()
        expect(reader.locator("#table-layout")).to_be_hidden()

        # The device reopening it from its own history is told it already holds the seat.
        device.goto(link)
        expect(device.locator("h1")).to_have_text("This seat link was already used")
        expect(device.locator("#seat-message")).to_contain_text("this browser holds a seat at this table")

        # The replaced link says so too.
        reader.goto(older)
        expect(reader.locator("h1")).to_have_text("This seat link was replaced by a newer one")
        assert reader.evaluate(f"() => localStorage.getItem('tabletop:seat:{table_id}')") is None
    finally:
        host_ctx.close()
        device_ctx.close()
        reader_ctx.close()


def test_a_seat_link_with_a_stray_percent_sign_says_it_is_not_valid(context: BrowserContext,
                                                                    server: ServerProcess) -> None:
    created = httpx.post(f"{server.url}/api/tables", json={"game": "hidden-hands", "name": "Alice"}, timeout=10)
    table_id = created.json()["table_id"]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/t/{table_id}/seat#abc%zz{'A' * 26}")
    expect(page.locator("h1")).to_have_text("This link is incomplete or mistyped")
    assert "#" not in page.url  # the fragment left the address bar all the same
    assert errors == []
