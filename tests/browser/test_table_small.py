"""Two small things at the table: on a phone, four seats draw a compact strip whenever a bar shows above the game, so
the game's own buttons stay in sight; and anyone can mute a person's chat for themselves, remembered per table."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.helpers import settle
from tests.browser.test_red_scare_redux import answer_until_confirm
from tests.browser.test_turns import TIMER_S, alice_can_give
from tests.conftest import ServerProcess

# Whether every one of the selector's visible elements lies wholly inside the window as the page stands.
ALL_IN_VIEW = """(selector) => {
  const boxes = [...document.querySelectorAll(selector)].map((el) => el.getBoundingClientRect())
    .filter((box) => box.height > 0);
  return boxes.length > 0 && boxes.every((box) => box.top >= 0 && box.bottom <= window.innerHeight);
}"""


def strip_is_compact(page: Page) -> bool:
    return bool(page.locator("#seats").evaluate("(el) => el.classList.contains('crowded')"))


def test_on_a_phone_four_seats_under_a_bar_make_a_compact_strip(phone: BrowserContext, server: ServerProcess) -> None:
    phone.clock.install()  # runs as the real clock does, until moved on
    page, _ = alice_can_give(phone, server)  # Alice and three bots: four seats
    expect(page.locator("#seats li.seat")).to_have_count(4)
    expect(page.locator("#turn-banner")).to_be_visible()
    expect(page.locator("#seats")).to_have_class("seat-strip crowded")  # her turn's banner is a bar too

    # A card to her teammate: the take-back bar shows; the time warning joins it in the last seconds.
    page.locator("[data-flow=give]").click()
    answer_until_confirm(page, last=True)
    expect(page.locator("#take-back-bar")).to_be_visible()
    phone.clock.fast_forward((TIMER_S - 8) * 1000)
    expect(page.locator("#turn-warning")).to_be_visible()
    expect(page.locator("#seats")).to_have_class("seat-strip crowded")
    settle(page)
    # The game's action buttons are in sight without scrolling past the bars.
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("#game").scroll_into_view_if_needed()
    page.wait_for_function(ALL_IN_VIEW, arg=".rs-act button")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # Taking the card back hides the take-back bar; with the banner and warning still up, the strip stays compact.
    page.locator("#take-back").click()
    expect(page.locator("#take-back-bar")).to_be_hidden()
    assert strip_is_compact(page)
