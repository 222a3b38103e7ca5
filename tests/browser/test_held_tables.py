"""Without an account a seat is still safe (issue 35): "Your tables" hides a table instead of forgetting it, leaves a
table only after saying what will happen, and moves every table of a browser to another one by a single link; the
host gives an away seat a new link from the seat strip."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.api.helpers import wait_for
from tests.browser.test_accessibility import check
from tests.conftest import ServerProcess


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def table(http: httpx.Client, host: str = "Alice", started: bool = False, **body: Any) -> dict[str, Any]:
    """A hidden-hands table of ``host`` and Bob, started or not; Bob's token under "bob"."""
    created = http.post("/api/tables", json={"game": "hidden-hands", "name": host, **body}).json()
    invite = created["invite_url"].split("invite=")[1]
    created["invite"] = invite
    created["bob"] = http.post(f"/api/tables/{created['table_id']}/join",
                               json={"name": "Bob", "invite": invite}).json()["token"]
    if started:
        http.post(f"/api/tables/{created['table_id']}/start", headers=auth(created["token"])).raise_for_status()
    return created


def timed(http: httpx.Client, host: str = "Cara") -> dict[str, Any]:
    """A started table at a five-second turn timer, with a minute's review after each reveal (the game lasts minutes,
    not seconds), where Bob has gone away: the host set her gem aside, his timer set his aside for him."""
    created = table(http, host, started=True, turn_timer=5, options={"review_s": 60})
    path = f"/api/tables/{created['table_id']}"
    mine = http.get(f"{path}/state", headers=auth(created["token"])).json()
    http.post(f"{path}/actions", headers=auth(created["token"]),
              json={"action": mine["legal"][0], "expect_seq": mine["seq"]}).raise_for_status()
    wait_for(lambda: http.get(path).json()["seats"][1]["away"], timeout=30, what="Bob's timer to play for him")
    return created


def seats(http: httpx.Client, created: dict[str, Any]) -> list[str]:
    return [s["name"] for s in http.get(f"/api/tables/{created['table_id']}").json()["seats"]]


def bots(http: httpx.Client, created: dict[str, Any]) -> list[bool]:
    return [s["bot"] for s in http.get(f"/api/tables/{created['table_id']}").json()["seats"]]


def holding(ctx: BrowserContext, server: ServerProcess, seats_held: list[tuple[str, str]],
            watched: list[tuple[str, str]] = ()) -> Page:  # type: ignore[assignment]
    """A home page in ``ctx`` whose browser holds these seat tokens and spectator keys (table id, credential)."""
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.evaluate("""([seats, watched]) => {
      for (const [id, token] of seats) localStorage.setItem('tabletop:seat:' + id, token);
      for (const [id, key] of watched) localStorage.setItem('tabletop:watch:' + id, key);
    }""", [seats_held, list(watched)])
    page.reload()
    return page


def stored(page: Page, table_id: str) -> str | None:
    return page.evaluate("(id) => localStorage.getItem('tabletop:seat:' + id)", table_id)  # type: ignore[no-any-return]


def test_hide_a_table_and_show_it_again(context: BrowserContext, server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        one, two = table(http), table(http, "Cara")
    page = holding(context, server, [(one["table_id"], one["bob"]), (two["table_id"], two["bob"])])
    rows = page.locator("#your-tables-list > li")
    expect(rows).to_have_count(2)
    toggle = page.locator("#your-tables-hidden")
    expect(toggle).to_be_hidden()

    page.locator(f"li[data-table='{one['table_id']}']").get_by_role("button", name="Hide from this list").click()
    expect(rows).to_have_count(1)
    expect(rows.first).to_have_attribute("data-table", two["table_id"])
    expect(toggle).to_have_text("Show hidden (1)")
    assert stored(page, one["table_id"]) == one["bob"]  # the seat stays in this browser
    page.reload()  # and hidden it stays
    expect(rows).to_have_count(1)

    toggle.click()
    expect(rows).to_have_count(2)
    hidden = page.locator(f"li[data-table='{one['table_id']}']")
    expect(hidden).to_have_class(re.compile(r"hidden-table"))
    hidden.get_by_role("button", name="Show in the list").click()
    expect(toggle).to_be_hidden()
    expect(rows).to_have_count(2)
    expect(page.locator("li.hidden-table")).to_have_count(0)
    # The table opens in its seat, as before.
    expect(hidden.get_by_role("link")).to_have_attribute("href", f"/t/{one['table_id']}")


def test_leave_asks_first_and_says_what_happens(context: BrowserContext, server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        lobby, playing = table(http), table(http, "Cara", started=True)
        page = holding(context, server, [(lobby["table_id"], lobby["bob"]), (playing["table_id"], playing["bob"])])
        rows = page.locator("#your-tables-list > li")
        expect(rows).to_have_count(2)
        dialog = page.locator("#leave-dialog")

        # In the lobby: the seat is freed. Cancel, and Escape, keep everything.
        in_lobby = page.locator(f"li[data-table='{lobby['table_id']}']")
        in_lobby.get_by_role("button", name="Leave this table").click()
        expect(dialog).to_be_visible()
        expect(dialog).to_contain_text("freed for someone else")
        expect(page.locator("#leave-cancel")).to_be_focused()  # the safe answer is the one a key press gives
        page.locator("#leave-cancel").click()
        expect(dialog).to_be_hidden()
        in_lobby.get_by_role("button", name="Leave this table").click()
        expect(dialog).to_be_visible()
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        expect(rows).to_have_count(2)
        assert seats(http, lobby) == ["Alice", "Bob"] and stored(page, lobby["table_id"]) == lobby["bob"]

        in_lobby.get_by_role("button", name="Leave this table").click()
        page.get_by_role("button", name="Leave the table").click()
        expect(rows).to_have_count(1)
        assert seats(http, lobby) == ["Alice"]
        assert stored(page, lobby["table_id"]) is None

        # In play: the dialog says what becomes of the seat (a bot plays it), and only then is it given up.
        in_play = page.locator(f"li[data-table='{playing['table_id']}']")
        in_play.get_by_role("button", name="Leave this table").click()
        expect(dialog).to_contain_text("goes on without you")
        expect(dialog).to_contain_text("a bot plays your seat from now on")
        page.keyboard.press("Enter")  # the focused button: Cancel
        expect(dialog).to_be_hidden()
        assert stored(page, playing["table_id"]) == playing["bob"]
        assert bots(http, playing) == [False, False]  # cancelled: nothing was sent
        in_play.get_by_role("button", name="Leave this table").click()
        page.get_by_role("button", name="Leave the game").click()
        expect(page.locator("#your-tables")).to_be_hidden()
        assert stored(page, playing["table_id"]) is None
        assert seats(http, playing) == ["Cara", "Bob"]
        assert bots(http, playing) == [False, True]


def test_the_keyboard_stays_in_the_list_when_it_is_drawn_again(context: BrowserContext, server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        one, two, three = table(http), table(http, "Cara"), table(http, "Dee")
    page = holding(context, server, [(one["table_id"], one["bob"]), (two["table_id"], two["bob"]),
                                     (three["table_id"], three["bob"])])
    rows = page.locator("#your-tables-list > li")
    expect(rows).to_have_count(3)
    row = page.locator(f"li[data-table='{one['table_id']}']")

    # Hidden by the keyboard: its row goes, and the focus goes to "Show hidden", not back to the top of the page.
    row.get_by_role("button", name="Hide from this list").focus()
    page.keyboard.press("Enter")
    expect(rows).to_have_count(2)
    expect(page.locator("#your-tables-hidden")).to_be_focused()
    page.keyboard.press("Enter")  # show the hidden one
    expect(rows).to_have_count(3)
    # Shown in the list again: the focus stays on the same row's button, whose words changed.
    row.get_by_role("button", name="Show in the list").focus()
    page.keyboard.press("Enter")
    expect(row.get_by_role("button", name="Hide from this list")).to_be_focused()

    # Left: the row goes, and the focus stays in the list.
    row.get_by_role("button", name="Leave this table").focus()
    page.keyboard.press("Enter")
    page.get_by_role("button", name="Leave the table").click()
    expect(rows).to_have_count(2)
    assert page.evaluate("() => document.getElementById('your-tables-list').contains(document.activeElement)")


def test_the_lobby_asks_before_leaving_as_your_tables_does(context: BrowserContext, server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        lobby = table(http)
        page = context.new_page()
        page.goto(server.url + "/")
        page.evaluate("([id, token]) => localStorage.setItem('tabletop:seat:' + id, token)",
                      [lobby["table_id"], lobby["bob"]])
        page.goto(f"{server.url}/t/{lobby['table_id']}")
        leave = page.locator("#lobby").get_by_role("button", name="Leave the table")
        dialog = page.locator("#leave-dialog")
        leave.click()
        expect(dialog).to_be_visible()
        expect(dialog).to_contain_text("You give up your seat at Hidden Hands (test game) at Alice's table")
        expect(page.locator("#leave-cancel")).to_be_focused()
        page.keyboard.press("Escape")  # kept: nothing was sent
        expect(dialog).to_be_hidden()
        expect(leave).to_be_focused()
        assert seats(http, lobby) == ["Alice", "Bob"] and stored(page, lobby["table_id"]) == lobby["bob"]

        leave.click()
        dialog.get_by_role("button", name="Leave the table").click()
        expect(page.locator("#gate-message")).to_have_text("You left the table.")
        assert seats(http, lobby) == ["Alice"]
        assert stored(page, lobby["table_id"]) is None


def test_move_every_table_to_another_browser(browser: Browser, context: BrowserContext,
                                             server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        lobby, playing, watched = table(http), table(http, "Cara", started=True), table(http, "Dee")
    old = holding(context, server, [(lobby["table_id"], lobby["bob"]), (playing["table_id"], playing["bob"])],
                  [(watched["table_id"], watched["spectate_url"].split("key=")[1])])
    expect(old.locator("#your-tables-list > li")).to_have_count(3)
    # A hidden table moves too.
    old.locator(f"li[data-table='{lobby['table_id']}']").get_by_role("button", name="Hide from this list").click()
    old.get_by_role("button", name="Move my tables to another device").click()
    dialog = old.locator("#move-dialog")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("It carries 3 tables.")
    old.wait_for_function("() => document.getElementById('move-qr').naturalWidth > 0")  # the QR code drew
    url = old.locator("#move-link").input_value()
    assert re.fullmatch(re.escape(server.url) + r"/move#[A-Za-z0-9_-]{32}", url)
    old.get_by_role("button", name="Done").click()
    expect(dialog).to_be_hidden()

    other = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    other.set_default_timeout(15_000)
    try:
        page = other.new_page()
        page.goto(url)
        page.wait_for_url(server.url + "/")
        rows = page.locator("#your-tables-list > li")
        expect(rows).to_have_count(3)
        assert stored(page, playing["table_id"]) == playing["bob"]
        page.locator(f"li[data-table='{playing['table_id']}']").get_by_role("link").click()
        page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
        expect(page.locator("#seats li.you")).to_contain_text("Bob")

        # Used once: a second browser opening the same link is told so, and gets nothing.
        again = other.new_page()
        again.goto(url)
        expect(again.locator("h1")).to_have_text("This move link was already used")
        assert "#" not in again.url  # the code left the address bar
    finally:
        other.close()


def test_the_host_gives_an_away_seat_a_new_link(browser: Browser, context: BrowserContext,
                                                server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        playing = timed(http)
    host = context.new_page()
    host.goto(server.url + "/")
    host.evaluate("([id, token]) => localStorage.setItem('tabletop:seat:' + id, token)",
                  [playing["table_id"], playing["token"]])
    host.goto(f"{server.url}/t/{playing['table_id']}")
    give = host.locator("#seats").get_by_role("button", name="Give Bob's seat a new link")
    dialog = host.locator("#handover-dialog")
    give.click()  # Bob's timer played for him: he is away
    expect(dialog).to_contain_text("the old one stops working at this table at once")
    host.get_by_role("button", name="Cancel").click()
    expect(dialog).to_be_hidden()
    give.click()
    host.get_by_role("button", name="Make a new link").click()
    link = host.locator("#handover-link")
    expect(link).to_have_value(re.compile(r"/seat#[A-Za-z0-9_-]{32}$"))
    url = link.input_value()
    host.get_by_role("button", name="Done").click()
    expect(host.locator("#chat-log, .chat-line").filter(has_text="gave Bob's seat a new link.").first).to_be_visible()

    with httpx.Client(base_url=server.url, timeout=10) as http:
        assert http.get(f"/api/tables/{playing['table_id']}/state", headers=auth(playing["bob"])).status_code == 401
    bob = browser.new_context()  # Bob's new device
    try:
        page = bob.new_page()
        page.goto(url)
        page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
        expect(page.locator("#seats li.you")).to_contain_text("Bob")
    finally:
        bob.close()


def test_the_list_and_its_dialogs_are_accessible(sized: BrowserContext, server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        lobby, playing = table(http), table(http, "Cara", started=True)
    page = holding(sized, server, [(lobby["table_id"], lobby["token"]), (playing["table_id"], playing["token"])])
    page.locator(f"li[data-table='{lobby['table_id']}']").get_by_role("button", name="Hide from this list").click()
    page.get_by_role("button", name="Show hidden (1)").click()
    expect(page.locator("li.hidden-table")).to_have_count(1)
    check(page, "your tables with a hidden one shown")
    page.locator(f"li[data-table='{playing['table_id']}']").get_by_role("button", name="Leave this table").click()
    expect(page.locator("#leave-dialog")).to_be_visible()
    check(page, "the leave question")
    page.keyboard.press("Escape")
    page.get_by_role("button", name="Move my tables to another device").click()
    expect(page.locator("#move-dialog")).to_be_visible()
    check(page, "the move link")
    url = page.locator("#move-link").input_value()
    page.keyboard.press("Escape")
    page.goto(url)
    page.wait_for_url(server.url + "/")
    page.goto(url)
    expect(page.locator("h1")).to_have_text("This move link was already used")
    check(page, "move link already used")

    with httpx.Client(base_url=server.url, timeout=10) as http:
        away = timed(http)  # a table whose Bob is away, for the hand-over dialogs
    page.evaluate("([id, token]) => localStorage.setItem('tabletop:seat:' + id, token)",
                  [away["table_id"], away["token"]])
    page.goto(f"{server.url}/t/{away['table_id']}")
    page.locator("#seats").get_by_role("button", name="Give Bob's seat a new link").click()
    check(page, "the hand-over question")
    page.get_by_role("button", name="Make a new link").click()
    expect(page.locator("#handover-link")).to_have_value(re.compile("/seat#"))
    check(page, "the hand-over link")
