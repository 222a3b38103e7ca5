"""The table server in a real browser with the generic renderer and the test game: create, invite, bots, play,
spectate, chat, result and the fairness page."""

from __future__ import annotations

import json
import re
import time

from playwright.sync_api import BrowserContext, Page, expect
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.conftest import ServerProcess

GAME_SECONDS = 120  # a whole game of the test game, bots included, on a busy machine
# The result is on screen, or a move of mine is offered.
RESULT_OR_MOVE = """() => Boolean(document.querySelector('#result')?.checkVisibility()
  || document.querySelector('#legal button[data-action]:not([disabled])')?.checkVisibility())"""


def create_table(page: Page, server: ServerProcess, name: str = "Alice") -> str:
    page.goto(server.url + "/")
    page.fill("#name", name)
    page.select_option("#game", "hidden-hands")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    return page.url.rsplit("/", 1)[1]


def play_to_the_end(page: Page) -> None:
    """Click the first offered move until the result shows; the generic renderer lists moves in #legal."""
    deadline = time.monotonic() + GAME_SECONDS
    while (left := deadline - time.monotonic()) > 0:
        try:
            page.wait_for_function(RESULT_OR_MOVE, timeout=min(left, 10) * 1000)  # bots, or the reveal
        except PlaywrightTimeout:
            continue
        if page.locator("#result").is_visible():
            return
        try:
            page.locator("#legal button[data-action]:not([disabled])").first.click(timeout=3_000)
        except PlaywrightTimeout:
            continue  # the moves changed under us (a bot moved, or the game ended): look again
    expect(page.locator("#result")).to_be_visible()


def play_both_to_the_end(first: Page, second: Page) -> None:
    """Two people at one table each click their first offered move until both see the result (or time is up: the
    caller's own checks then say what is missing)."""
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        if first.locator("#result").is_visible() and second.locator("#result").is_visible():
            return
        for page in (first, second):
            button = page.locator("#legal button[data-action]:not([disabled])").first
            if button.count() and button.is_visible():
                try:
                    button.click(timeout=3_000)
                except PlaywrightError:
                    pass  # the other player's move redrew the page; look again next time round
        first.wait_for_timeout(100)  # the poll's interval: the other page may be the one with a move


def test_create_add_bots_play_and_see_result(context: BrowserContext, server: ServerProcess) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    table_id = create_table(page, server)
    expect(page.locator("#lobby")).to_be_visible()
    expect(page.locator("#commitment")).to_have_text(re.compile("^[0-9a-f]{64}$"))
    page.fill("#bot-count", "2")
    page.click("#add-bots")
    expect(page.locator("#lobby-seats li")).to_have_count(3)
    page.click("#start")
    expect(page.locator("#legal")).to_be_visible()
    play_to_the_end(page)
    result = page.locator("#result")
    expect(result).to_contain_text("Alice")
    # The full reveal: every set-aside gem of every player is on the result screen.
    state = page.request.get(f"{server.url}/api/tables/{table_id}/audit").json()
    assert state["seed"] and state["result"]
    for gem in state["result"]["reveal"]["aside"]:
        expect(result).to_contain_text(gem)
    # The fairness page replays the log from the revealed seed.
    page.goto(f"{server.url}/t/{table_id}/verify")
    expect(page.locator("body")).to_contain_text("matches")
    expect(page.locator("#browser-verdict")).to_contain_text(re.compile("match", re.I))
    assert not errors, errors


def test_invite_spectate_and_chat(browser, server: ServerProcess) -> None:  # type: ignore[no-untyped-def]
    host_ctx, guest_ctx, watch_ctx = (browser.new_context() for _ in range(3))
    try:
        host = host_ctx.new_page()
        table_id = create_table(host, server, "Alice")
        expect(host.locator("#invite-link")).to_have_value(re.compile("invite="))
        expect(host.locator("#spectate-link")).to_have_value(re.compile("/watch\\?key="))
        invite = host.locator("#invite-link").input_value()
        spectate = host.locator("#spectate-link").input_value()
        assert "invite=" in invite and "/watch?key=" in spectate

        guest = guest_ctx.new_page()
        guest.goto(invite)
        guest.fill("#join-name", "<b>Bob</b>")
        guest.click("#join")
        expect(host.locator("#lobby-seats li")).to_have_count(2)
        expect(host.locator("#lobby-seats")).to_contain_text("<b>Bob</b>")  # a name is text, never markup

        watcher = watch_ctx.new_page()
        watcher.goto(spectate)
        expect(host.locator("#spectator-count")).to_contain_text("1")

        host.fill("#chat-text", "hello <i>table</i>")
        host.click("#chat-send")
        expect(guest.locator("#chat-messages")).to_contain_text("hello <i>table</i>")
        # The spectator opens in the spectators' channel and reads the players' under its own tab.
        expect(watcher.locator("#chat-messages")).not_to_contain_text("hello")
        watcher.click("#chat-tabs button[data-channel=table]")
        expect(watcher.locator("#chat-messages")).to_contain_text("hello <i>table</i>")

        host.click("#start")
        expect(watcher.locator("#game")).to_be_visible()
        # Spectators see no moves and no hands.
        expect(watcher.locator("#legal button[data-action]")).to_have_count(0)
        message = watcher.request.get(
            f"{server.url}/api/tables/{table_id}/state?spectate={spectate.split('key=')[1]}").json()
        assert all(p["hand"] is None for p in message["view"]["players"])
        hands = [json.dumps(p["hand"]) for p in message["view"]["players"]]
        assert hands

        # Both people play to the end; the spectator sees the result live.
        play_both_to_the_end(host, guest)
        expect(watcher.locator("#result")).to_be_visible()
    finally:
        for ctx in (host_ctx, guest_ctx, watch_ctx):
            ctx.close()
