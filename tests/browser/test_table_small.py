"""Two small things at the table: on a phone, four seats draw a compact strip whenever a bar shows above the game, so
the game's own buttons stay in sight; and anyone can mute a person's chat for themselves, remembered per table."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.helpers import settle
from tests.browser.test_accessibility import check
from tests.browser.test_platform import create_table
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
    # With the bars and the seat strip at the top of the screen, the game's action buttons are in sight below them.
    page.evaluate("document.querySelector('#turn-banner').scrollIntoView({ block: 'start' })")
    page.wait_for_function(ALL_IN_VIEW, arg=".rs-act button")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    # Taking the card back hides the take-back bar; with the banner and warning still up, the strip stays compact.
    page.locator("#take-back").click()
    expect(page.locator("#take-back-bar")).to_be_hidden()
    assert strip_is_compact(page)


def join(context: BrowserContext, invite: str, name: str) -> Page:
    page = context.new_page()
    page.goto(invite)
    page.fill("#join-name", name)
    page.click("#join")
    expect(page.locator("#lobby")).to_be_visible()
    return page


def say(page: Page, text: str) -> None:
    page.fill("#chat-text", text)
    page.click("#chat-send")
    expect(page.locator("#chat-messages .chat-line").last).to_contain_text(text)


def test_a_person_s_chat_is_muted_for_one_reader_and_remembered_per_table(browser: Browser,
                                                                         server: ServerProcess) -> None:
    # Bob's page is checked with axe, which the tests inject: his context bypasses the page's script policy.
    contexts = [browser.new_context(), browser.new_context(bypass_csp=True), browser.new_context()]
    try:
        ann = contexts[0].new_page()
        table_id = create_table(ann, server, "Ann")
        expect(ann.locator("#invite-link")).to_have_value(re.compile("invite="))
        invite = ann.locator("#invite-link").input_value()
        bob = join(contexts[1], invite, "Bob")
        carol = join(contexts[2], invite, "Carol")
        expect(ann.locator("#lobby-seats li")).to_have_count(3)
        sent: list[str] = []  # everything Bob's page says to the server, by socket or by request
        bob.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(str(frame))))
        bob.on("request", lambda request: sent.append(f"{request.url} {request.post_data or ''}"))

        say(ann, "hello from Ann")
        line = bob.locator("#chat-messages .chat-line", has_text="hello from Ann")
        expect(line).to_be_visible()
        expect(bob.locator("#chat-messages button[aria-label='Mute Bob']")).to_have_count(0)  # not oneself
        # Bob mutes Ann from the keyboard: her line folds away, for Bob alone.
        line.get_by_role("button", name="Mute Ann").focus()
        bob.keyboard.press("Enter")
        expect(bob.locator("#chat-messages")).not_to_contain_text("hello from Ann")
        folded = bob.locator("#chat-messages .muted-lines")
        expect(folded).to_have_text(re.compile(r"^1 line from Ann, muted"))
        expect(bob.get_by_role("button", name="Unmute Ann")).to_be_focused()

        say(ann, "can you read me")
        expect(carol.locator("#chat-messages")).to_contain_text("can you read me")
        say(carol, "Carol here")  # reaches Bob behind Ann's line: then Ann's has been and gone
        expect(bob.locator("#chat-messages")).to_contain_text("Carol here")
        expect(bob.locator("#chat-messages")).not_to_contain_text("can you read me")
        expect(folded).to_have_text(re.compile(r"^2 lines from Ann, muted"))
        expect(ann.locator("#chat-messages")).to_contain_text("Carol here")
        expect(ann.locator("#chat-messages .muted-lines")).to_have_count(0)  # nobody tells Ann
        assert not [said for said in sent if "mute" in said.lower()], "the mute went to the server"
        check(bob, "the chat with a muted person's lines folded")

        # Remembered at this table after a reload; unmuting brings every line back.
        bob.reload()
        expect(bob.locator("#chat-messages")).to_contain_text("Carol here")
        expect(bob.locator("#chat-messages .muted-lines")).to_have_text(re.compile(r"^2 lines from Ann, muted"))
        assert bob.evaluate("(id) => localStorage.getItem('tabletop:mute:' + id)", table_id) == '["seat:0"]'
        bob.get_by_role("button", name="Unmute Ann").click()
        expect(bob.locator("#chat-messages")).to_contain_text("hello from Ann")
        expect(bob.locator("#chat-messages")).to_contain_text("can you read me")
        expect(bob.locator("#chat-messages .muted-lines")).to_have_count(0)
        assert bob.evaluate("(id) => localStorage.getItem('tabletop:mute:' + id)", table_id) is None
        say(ann, "back again")
        expect(bob.locator("#chat-messages")).to_contain_text("back again")
    finally:
        for context in contexts:
            context.close()
