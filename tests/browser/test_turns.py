"""A timed turn in the browser, at laptop and phone sizes: Red Scare Redux with a turn timer, one person and three
bots. On the person's turn the page warns them before the game plays their turn for them (only them: a spectator
sees no warning), and a card given to their teammate can be taken back with the page's own button.

The page's clock is Playwright's: moved on in one jump to the last seconds before the deadline, instead of waiting
for them.
"""

from __future__ import annotations

import re
import time

import httpx
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import open_seat
from tests.browser.test_accessibility import check
from tests.browser.test_red_scare_redux import answer_until_confirm
from tests.conftest import ServerProcess

TIMER_S = 60
WARNING = re.compile(r"^([1-9]|10) s left, then your turn is played for you\.$")
TAKEN_BACK = "Alice takes back their last action."



def timed_table(server: ServerProcess) -> tuple[str, str, str]:
    """Alice (seat 0) and three basic bots, a turn timer, one-second windows; (table id, token, spectator link)."""
    with httpx.Client(base_url=server.url, timeout=10) as http:
        created = http.post("/api/tables", json={"game": "red-scare-redux", "name": "Alice", "turn_timer": TIMER_S,
                                                 "options": {"response_window_s": 1}}).json()
        auth = {"Authorization": f"Bearer {created['token']}"}
        url = f"/api/tables/{created['table_id']}"
        http.post(f"{url}/bots", json={"count": 3, "kind": "basic"}, headers=auth).raise_for_status()
        http.post(f"{url}/start", headers=auth).raise_for_status()
    return created["table_id"], created["token"], created["spectate_url"]


def hand_heading(page: Page) -> str:
    return page.locator("#rs-hand-h").inner_text()


def alice_can_give(sized: BrowserContext, server: ServerProcess) -> tuple[Page, str]:
    """Alice's page at her first turn, with a card to give. Whether her teammate has room for one is the deal's (a
    full hand takes nothing), so tables are dealt until one does; returns the page and the spectator link."""
    end = time.monotonic() + 240
    while True:
        table_id, token, spectate = timed_table(server)
        page = sized.new_page()
        open_seat(page, server, table_id, token)
        # Alice's turn: the bots before her have moved.
        expect(page.locator(".rs[data-state=your-move] #rs-prompt")).to_have_text("Your turn", timeout=60_000)
        if page.locator(".rs-act [data-flow=give]").count():
            return page, spectate
        page.close()
        assert time.monotonic() < end, "no deal left Alice's teammate room for a card"


def test_the_warning_before_a_turn_is_played_and_taking_a_give_back(sized: BrowserContext,
                                                                   server: ServerProcess) -> None:
    sized.clock.install()  # runs as the real clock does, until moved on
    page, spectate = alice_can_give(sized, server)
    expect(page.locator(".rs[data-state=your-move] .rs-act [data-flow=give]")).to_be_visible()
    expect(page.locator("#turn-banner")).to_be_visible()
    expect(page.locator("#turn-warning")).to_be_hidden()  # a minute is left
    expect(page.locator("#take-back-bar")).to_be_hidden()  # nothing to take back yet
    before = hand_heading(page)

    # A card to the teammate, then the page offers to take it back (and the game's own panel does not).
    page.locator("[data-flow=give]").click()
    sent = answer_until_confirm(page, last=True)
    assert sent["type"] == "give" and sent["to"] == 2
    expect(page.locator("#take-back-bar")).to_be_visible()
    expect(page.locator("#rs-hand-h")).not_to_have_text(before)
    assert page.locator(".rs [data-kind=take_back]").count() == 0

    # The last seconds: the warning says what is about to happen; a screen reader hears it once.
    sized.clock.fast_forward((TIMER_S - 8) * 1000)
    warning = page.locator("#turn-warning")
    expect(warning).to_be_visible()
    expect(warning).to_have_text(WARNING)
    expect(page.locator("#turn-warning-said")).to_have_text(re.compile(r"seconds left, then your turn is played"))
    check(page, "a timed turn's warning, with a take-back offered")

    # Taking the give back: the log says so, the hand is as it was, and the next action has the whole timer again.
    page.locator("#take-back").click()
    expect(page.locator("#log li .log-text").last).to_have_text(TAKEN_BACK)
    expect(page.locator("#take-back-bar")).to_be_hidden()
    expect(page.locator("#rs-hand-h")).to_have_text(before)
    expect(warning).to_be_hidden()
    expect(page.locator("#turn-warning-said")).to_have_text("")

    # A spectator is never warned: it is not their turn.
    watcher = sized.new_page()
    watcher.goto(spectate)
    expect(watcher.locator(".rs[data-state=spectating]")).to_be_visible()
    expect(watcher.locator("#log li .log-text").last).to_have_text(TAKEN_BACK)
    sized.clock.fast_forward((TIMER_S - 8) * 1000)
    expect(warning).to_have_text(WARNING)
    expect(watcher.locator("#countdown")).to_have_text(re.compile(r"Time left: 0:(0\d|10)"))
    expect(watcher.locator("#turn-warning")).to_be_hidden()
