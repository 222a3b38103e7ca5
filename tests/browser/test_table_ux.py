"""What friends on phones and laptops meet around any game (issue 9): the result coming into view with a personal
line, the turn banner and alerts, a lost connection, the join page, name limits, spectators in the chat, the rematch
notice and readable error pages. The test game and its generic renderer stand in for every game here."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, WebSocketRoute, expect
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from games.registry import GAMES as REGISTRY
from tests.browser.helpers import SIZES, host_table, settle
from tests.browser.test_platform import create_table, play_both_to_the_end, play_to_the_end
from tests.conftest import ServerProcess

IN_VIEW = """(selector) => {
  const box = document.querySelector(selector)?.getBoundingClientRect();
  return Boolean(box) && box.height > 0 && box.top >= 0 && box.top < window.innerHeight;
}"""


def start_against_bots(page: Page, server: ServerProcess, bots: int = 1) -> str:
    table_id = create_table(page, server)
    page.fill("#bot-count", str(bots))
    page.click("#add-bots")
    expect(page.locator("#lobby-seats li")).to_have_count(bots + 1)
    page.click("#start")
    expect(page.locator("#game")).to_be_visible()
    return table_id


def wait_until(page: Page, condition: Any, what: str, seconds: float = 15) -> None:
    """Poll a Python-side condition; Playwright delivers the routed socket's messages while the page waits."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        page.wait_for_timeout(20)


def invite_of(page: Page) -> str:
    expect(page.locator("#invite-link")).to_have_value(re.compile("invite="))
    return page.locator("#invite-link").input_value()


def test_on_a_phone_the_result_comes_into_view_with_a_personal_line(phone: BrowserContext,
                                                                    server: ServerProcess) -> None:
    page = phone.new_page()
    start_against_bots(page, server, bots=2)
    play_to_the_end(page)
    page.wait_for_function(IN_VIEW, arg="#result-heading")
    expect(page.locator("#personal-result")).to_have_text(
        re.compile(r"^(You won! )?You finished (1st|2nd|3rd) of 3( \(tied\))?\.$"))
    # Every part of the table fits the phone's width.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_turn_banner_and_the_alerts_a_person_turns_on(browser: Browser, server: ServerProcess) -> None:
    context = browser.new_context()
    context.grant_permissions(["notifications"], origin=server.url)
    # Count the sounds and notifications, and let the test say when the tab is in the background.
    context.add_init_script("""
      window.__sounds = 0; window.__notes = []; window.__hidden = false;
      Object.defineProperty(document, 'hidden', { get: () => window.__hidden });
      const Real = window.AudioContext;
      window.AudioContext = class extends Real {
        createOscillator() { window.__sounds += 1; return super.createOscillator(); }
      };
      window.Notification = class {
        constructor(title, options) { window.__notes.push(title); }
        static get permission() { return 'granted'; }
        static requestPermission() { return Promise.resolve('granted'); }
      };
    """)
    try:
        page = context.new_page()
        start_against_bots(page, server)
        banner = page.locator("#turn-banner")
        expect(page.locator("#alerts")).to_have_text("Alerts: off")
        expect(banner).to_have_text("Your turn")
        assert page.evaluate("window.__sounds") == 0  # off until the person turns it on

        page.click("#alerts")
        expect(page.locator("#alerts")).to_have_attribute("aria-pressed", "true")
        page.reload()
        expect(page.locator("#alerts")).to_have_text("Alerts: on")  # remembered by this browser
        expect(banner).to_be_visible()

        # In the background, the next turn sounds, notifies and flashes the title.
        page.evaluate("window.__hidden = true; window.__sounds = 0")
        page.locator("#legal button[data-action]:not([disabled])").first.click()
        page.wait_for_function("() => window.__notes.length > 0")
        assert page.evaluate("window.__sounds") > 0
        page.wait_for_function("() => document.title.startsWith('● Your turn')")
    finally:
        context.close()


def test_a_lost_connection_is_shown_and_the_table_waits(context: BrowserContext, own_server: ServerProcess) -> None:
    server = own_server  # it kills this server and starts it again: no other test may share it
    page = context.new_page()
    start_against_bots(page, server)
    expect(page.locator("#legal button[data-action]").first).to_be_visible()
    bar = page.locator("#conn-bar")
    expect(bar).to_be_hidden()

    server.kill()
    expect(bar).to_have_text("Connection lost. Reconnecting…")
    assert page.evaluate("document.getElementById('play').inert")
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")  # a phone scrolled down to the chat
    assert page.evaluate(IN_VIEW, "#conn-bar")
    server.start()
    expect(bar).to_be_hidden(timeout=20_000)
    expect(page.locator("#toast")).to_have_text("Back online.")
    assert not page.evaluate("document.getElementById('play').inert")


def test_the_join_page_shows_the_table_and_offers_to_watch(browser: Browser, server: ServerProcess) -> None:
    host_ctx, late_ctx = browser.new_context(), browser.new_context()
    try:
        host = host_ctx.new_page()
        create_table(host, server, "Alice")
        invite = invite_of(host)
        host.fill("#bot-count", "1")
        host.click("#add-bots")
        expect(host.locator("#lobby-seats li")).to_have_count(2)

        late = late_ctx.new_page()
        late.goto(invite)
        expect(late.locator("#gate-summary")).to_have_text(
            "Alice's table of Hidden Hands (test game), waiting in the lobby: 2 of 5 seats taken.")
        expect(late.locator("#gate-seats li")).to_have_count(2)
        expect(late.locator("#join-form")).to_be_visible()
        expect(late.locator("#gate-watch")).to_be_hidden()
        expect(late.locator("#conn")).to_have_text("not joined yet")  # nothing is connecting before the join

        host.click("#start")
        expect(host.locator("#game")).to_be_visible()
        late.reload()
        expect(late.locator("#gate-message")).to_contain_text("already started")
        expect(late.locator("#join-form")).to_be_hidden()
        late.click("#watch-link")
        expect(late.locator("#status-line")).to_contain_text("you are watching")
    finally:
        host_ctx.close()
        late_ctx.close()


def test_a_full_table_offers_to_watch(browser: Browser, server: ServerProcess) -> None:
    host_ctx, late_ctx = browser.new_context(), browser.new_context()
    try:
        host = host_ctx.new_page()
        create_table(host, server, "Alice")
        invite = invite_of(host)
        host.fill("#bot-count", "4")
        host.click("#add-bots")
        expect(host.locator("#lobby-seats li")).to_have_count(5)
        late = late_ctx.new_page()
        late.goto(invite)
        expect(late.locator("#gate-message")).to_have_text(
            "The table is full (5 seats). You can watch the game instead.")
        expect(late.locator("#watch-link")).to_be_visible()
    finally:
        host_ctx.close()
        late_ctx.close()


def test_name_fields_take_what_the_server_takes_and_count(context: BrowserContext,
                                                          server: ServerProcess) -> None:
    page = context.new_page()
    page.goto(server.url + "/")
    name = page.locator("#name")
    assert name.get_attribute("maxlength") == "24"
    name.fill("")
    name.press_sequentially("x" * 30)
    assert name.input_value() == "x" * 24
    expect(page.locator("#name-count")).to_have_text("24 / 24 characters")
    page.select_option("#game", "hidden-hands")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))  # the longest name the field allows is one the server takes
    expect(page.locator("#lobby-seats")).to_contain_text("x" * 24)
    assert page.locator("#chat-name").get_attribute("maxlength") == "24"


def test_spectators_read_the_table_chat_under_their_own_names(browser: Browser, server: ServerProcess) -> None:
    host_ctx, watch_ctx = browser.new_context(), browser.new_context()
    try:
        host = host_ctx.new_page()
        create_table(host, server, "Alice")
        expect(host.locator("#spectate-link")).to_have_value(re.compile("/watch"))
        spectate = host.locator("#spectate-link").input_value()
        watcher = watch_ctx.new_page()
        watcher.goto(spectate)
        expect(watcher.locator("#lobby")).to_be_visible()

        host.fill("#chat-text", "welcome, watchers")
        host.click("#chat-send")
        expect(host.locator("#chat-audience")).to_have_text("Spectators can read this channel.")
        watcher.click("#chat-tabs button[data-channel=table]")
        expect(watcher.locator("#chat-messages")).to_contain_text("welcome, watchers")
        expect(watcher.locator("#chat-form")).to_be_hidden()  # they read the players; they write in their own

        watcher.click("#chat-tabs button[data-channel=spectators]")
        watcher.fill("#chat-name", "Grandma")
        watcher.fill("#chat-text", "go Alice")
        watcher.click("#chat-send")
        expect(watcher.locator("#chat-messages .chat-line").last).to_contain_text("Grandma go Alice")

        # The host closes the players' chat to spectators: it disappears from their screen.
        host.uncheck("#spectator-chat")
        expect(host.locator("#chat-audience")).to_have_text("Only the players read this channel.")
        expect(watcher.locator("#chat-tabs button[data-channel=table]")).to_have_count(0)
        host.fill("#chat-text", "now just us")
        host.click("#chat-send")
        expect(host.locator("#chat-messages")).to_contain_text("now just us")
        # Not a fixed wait: a line the watcher sends after it comes back to the watcher on the same socket, behind
        # anything the table had already sent there.
        watcher.fill("#chat-text", "still watching")
        watcher.click("#chat-send")
        expect(watcher.locator("#chat-messages .chat-line").last).to_contain_text("Grandma still watching")
        expect(watcher.locator("#chat-panel")).not_to_contain_text("now just us")
    finally:
        host_ctx.close()
        watch_ctx.close()


def test_every_seat_hears_of_a_rematch(browser: Browser, server: ServerProcess) -> None:
    host_ctx, guest_ctx = browser.new_context(), browser.new_context()
    try:
        host = host_ctx.new_page()
        create_table(host, server, "Alice")
        invite = invite_of(host)
        guest = guest_ctx.new_page()
        guest.goto(invite)
        guest.fill("#join-name", "Bob")
        guest.click("#join")
        expect(host.locator("#lobby-seats li")).to_have_count(2)
        host.click("#start")
        play_both_to_the_end(host, guest)
        expect(guest.locator("#again")).to_be_visible()
        guest.click("#again")
        guest.wait_for_url(re.compile(r"/t/[^/?#]+$"))
        expect(host.locator("#toast")).to_have_text("Bob started a rematch.")
        notice = host.locator("#chat-messages .chat-line[data-kind=rematch]")
        expect(notice).to_contain_text("Bob started a rematch.")
        expect(host.locator(".rematch-banner")).to_have_text("Bob started a rematch.")
        notice.locator("button").click()
        expect(host.locator("#lobby")).to_be_visible()
        expect(host.locator("#lobby-seats li")).to_have_count(2)
    finally:
        host_ctx.close()
        guest_ctx.close()


def test_unknown_pages_and_mistyped_seat_links_say_so(context: BrowserContext, server: ServerProcess) -> None:
    page = context.new_page()
    response = page.goto(server.url + "/no/such/page")
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_have_text("Page not found")
    expect(page.locator(".site-header")).to_be_visible()

    table_id = create_table(page, server)
    other = context.browser.new_context()  # type: ignore[union-attr]
    try:
        stranger = other.new_page()
        stranger.goto(f"{server.url}/t/{table_id}/seat#abc")
        expect(stranger.locator("h1")).to_have_text("This link is incomplete or mistyped")
        stranger.goto("about:blank")  # else only the fragment changes and the page does not load again
        stranger.goto(f"{server.url}/t/{table_id}/seat#{'A' * 32}")
        expect(stranger.locator("h1")).to_have_text("This seat link does not work here")
        expect(stranger.locator("#seat-message")).to_contain_text("mistyped or incomplete")
    finally:
        other.close()
    assert httpx.get(f"{server.url}/api/no/such/thing").json()["error"]["code"] == "not_found"


def test_the_seat_strip_marks_whose_turn_it_is(context: BrowserContext, server: ServerProcess) -> None:
    page = context.new_page()
    page.goto(server.url + "/")
    page.fill("#name", "Alice")
    page.select_option("#game", "turncoats")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    page.fill("#bot-count", "1")
    page.click("#add-bots")
    expect(page.locator("#lobby-seats li")).to_have_count(2)
    page.click("#start")
    marked = page.locator("#seats li.turn")
    expect(marked).to_have_count(1)
    expect(marked.locator(".badge.turn")).to_have_text("to play")
    # The marked seat is the one the game says is to move: mine exactly when I have moves. The strip and the game are
    # read together, in one look at a settled page: a bot's move between two looks once paired a stale state with a
    # fresh strip.
    seen = page.wait_for_function("""() => {
      const tc = document.querySelector('.tc');
      const mine = document.querySelector('#seats li.you');
      if (!tc || !mine || tc.dataset.busy === 'true') return null;
      return { state: tc.dataset.state, classes: mine.className };
    }""").json_value()
    mine_marked = re.search(r"\bturn\b", seen["classes"]) is not None
    assert mine_marked == (seen["state"] in ("your-turn", "negotiating")), seen


def test_a_spy_s_standing_offer_is_not_a_turn(context: BrowserContext, server: ServerProcess) -> None:
    """P&R: the banner and the alert sound follow what play waits on, never a Spy's offer to assassinate (a chime
    heard across the room would point at the Spy) and never a window every living player meets alike."""
    page = context.new_page()
    page.goto(server.url + "/")
    verdicts = page.evaluate("""async () => {
      const m = await import('/static/js/games/patriots-and-redcoats.js');
      const kill = { type: 'assassinate', target: 1, turncoat: false };
      return [
        m.isYourTurn({ view: { window: null }, legal: [kill] }),
        m.isYourTurn({ view: { window: { key: 'w1' } }, legal: [{ type: 'continue' }, kill] }),
        m.isYourTurn({ view: { window: null }, legal: [{ type: 'vote', yes: true }, kill] }),
        m.isYourTurn({ view: { window: null }, legal: [] }),
      ];
    }""")
    assert verdicts == [False, False, True, False]


def test_the_lobby_says_what_the_window_modes_trade(context: BrowserContext, server: ServerProcess) -> None:
    page = context.new_page()
    page.goto(server.url + "/")
    page.fill("#name", "Alice")
    page.select_option("#game", "patriots-and-redcoats")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    options = page.locator("#lobby-options")
    expect(options).to_be_visible()
    expect(options.locator("li").filter(has_text="Response windows: quick")).to_contain_text(
        "fixed: nothing to press and no timing tells, but every window runs its full time")


def test_the_patriots_seat_strip_marks_the_public_step(context: BrowserContext, server: ServerProcess) -> None:
    """P&R: the platform's strip marks the seats its ring marks (the public step), and none in a secret step."""
    page = context.new_page()
    page.goto(server.url + "/")
    page.fill("#name", "Alice")
    page.select_option("#game", "patriots-and-redcoats")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    page.fill("#bot-count", "3")
    page.click("#add-bots")
    expect(page.locator("#lobby-seats li")).to_have_count(4)
    page.click("#start")
    # Waits for the strip and the ring to mark the same seats (at least one), or for a newer state in which a move is
    # Alice's. A move is made only in the state the test looked at (its seq), never in one that arrived after the
    # look: a click aimed blind could take her past a public step unseen, and this game can end within a few moves.
    agree_or_my_move = """(seq) => {
      const strip = [...document.querySelectorAll('#seats li.turn')].map((li) => li.dataset.seat).sort();
      const ring = [...document.querySelectorAll('.pr-seat[data-turn=true]')].map((li) => li.dataset.seat).sort();
      if (JSON.stringify(strip) === JSON.stringify(ring) && strip.length > 0) return 'same';
      if (document.querySelector('#pr-result')) return 'over';
      const pr = document.querySelector('.pr');
      if (!pr || pr.dataset.busy === 'true' || pr.dataset.seq === seq || pr.dataset.state !== 'your-move') return false;
      return pr.dataset.seq;
    }"""
    # Alice confirms her loyalty (a secret step, nobody marked); then play reaches a public step.
    seq = None
    deadline = time.monotonic() + 60
    while (left := deadline - time.monotonic()) > 0:
        try:
            seen = page.wait_for_function(agree_or_my_move, arg=seq, timeout=min(left, 10) * 1000).json_value()
        except PlaywrightTimeout:
            seq = None  # a refused move leaves the seq as it was: look again
            continue
        if seen == "same":
            return
        assert seen != "over", "the game ended before the seat strip marked the seats the game's ring marks"
        seq = seen
        button = page.locator(f".pr[data-seq='{seq}'] .pr-act button[data-action]:not([disabled])"
                              ":not([data-kind=assassinate])").first
        try:
            button.click(timeout=2_000)
        except (PlaywrightError, PlaywrightTimeout):
            pass  # the state moved on under the click: the next look decides
    raise AssertionError("the seat strip never marked the seats the game's ring marks")


def test_the_moves_wait_for_the_server_s_answer_to_an_action(context: BrowserContext, server: ServerProcess) -> None:
    """One action at a time: the moves stay disabled until the server answers the action, with an `ack` (even when
    the state the action made has already come) or with a refusal, whose reason is shown and the moves given back."""
    held: list[str] = []
    plan = {"hold_acks": False, "spoil_next": False}
    sockets: list[WebSocketRoute] = []

    def route(ws: WebSocketRoute) -> None:
        sockets.append(ws)
        upstream = ws.connect_to_server()

        def to_server(raw: str | bytes) -> None:
            if plan["spoil_next"] and isinstance(raw, str) and json.loads(raw).get("type") == "act":
                plan["spoil_next"] = False
                raw = json.dumps({**json.loads(raw), "action": {"type": "juggle"}})
            upstream.send(raw)

        def to_page(raw: str | bytes) -> None:
            if plan["hold_acks"] and isinstance(raw, str) and json.loads(raw).get("type") == "ack":
                held.append(raw)
                return
            ws.send(raw)

        ws.on_message(to_server)
        upstream.on_message(to_page)

    page = context.new_page()
    page.route_web_socket(re.compile(r"/ws/tables/"), route)
    start_against_bots(page, server)
    set_aside = page.locator('#legal button[data-action*="set_aside"]')
    expect(set_aside.first).to_be_enabled()

    plan["hold_acks"] = True
    set_aside.first.click()
    wait_until(page, lambda: bool(held), "the ack")
    # The state the action made is drawn (the bot had set aside too: it is time to commit), yet with no ack yet
    # the moves stay disabled.
    expect(page.locator("#log li", has_text="You set aside")).to_have_count(1)
    commit = page.locator('#legal button[data-action*="commit"]')
    expect(commit.first).to_be_visible()
    assert page.locator("#legal button[data-action]:not([disabled])").count() == 0

    plan["hold_acks"] = False
    for raw in held:
        sockets[-1].send(raw)
    expect(commit.first).to_be_enabled()

    plan["spoil_next"] = True
    commit.first.click()
    expect(page.locator("#toast")).to_contain_text("'juggle' with those details is not allowed now")
    expect(commit.first).to_be_enabled()
    expect(page.locator("#log li", has_text="Alice committed")).to_have_count(0)  # the refusal changed nothing
    commit.first.click()  # and the move itself still goes through
    expect(page.locator("#log li", has_text="Alice committed")).to_have_count(1)


def test_options_read_as_words_and_only_where_they_apply(context: BrowserContext, server: ServerProcess) -> None:
    page = context.new_page()
    page.goto(server.url + "/")
    page.fill("#name", "Alice")
    page.select_option("#game", "red-scare-redux")
    labels = page.locator("#option-fields label").all_inner_texts()
    assert labels == ["Teams at 6 players", "Teams by seat", "Response windows", "Response window (seconds)"]
    expect(page.locator("#opt-layout_6-hint")).to_contain_text("Only with 6 players.")
    expect(page.locator("#opt-teams-hint")).to_contain_text("Only with 4 to 6 players.")
    page.fill("#opt-teams", "1 2 1 2")  # a team per seat, typed as numbers
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))

    options = page.locator("#lobby-options")
    expect(options.locator("li[data-option=window_mode]")).to_contain_text("Response windows: quick")
    expect(options.locator("li")).to_have_count(2)  # alone at the table: the team options do not apply yet
    page.fill("#bot-count", "3")
    page.click("#add-bots")
    expect(page.locator("#lobby-seats li")).to_have_count(4)
    expect(options.locator("li[data-option=teams]")).to_contain_text("Teams by seat: 1 2 1 2")
    expect(options.locator("li[data-option=layout_6]")).to_have_count(0)  # "Teams at 6 players" on a 4-seat table
    page.fill("#bot-count", "2")
    page.click("#add-bots")
    expect(page.locator("#lobby-seats li")).to_have_count(6)
    expect(options.locator("li[data-option=layout_6]")).to_contain_text("Teams at 6 players: 3v3")
    expect(options).not_to_contain_text("null")

    # An option left empty reads "none", and its description says what none means.
    page.goto(server.url + "/")
    page.fill("#name", "Alice")
    page.select_option("#game", "raiding-parties")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    expect(page.locator("#lobby-options li[data-option=copy_cap]")).to_contain_text("Copy limit: none")


def test_on_a_phone_six_seats_make_a_compact_strip(phone: BrowserContext, server: ServerProcess) -> None:
    page = phone.new_page()
    host_table(page, server, "red-scare-redux", "Alice", 6, ".rs")
    strip = page.locator("#seats")
    expect(strip.locator("li.seat")).to_have_count(6)
    settle(page)
    # Waited for: a bot's passing "thinking" mark can wrap one seat's line for a moment on a busy machine.
    try:
        page.wait_for_function("() => document.querySelector('#seats').getBoundingClientRect().height <= 200",
                               timeout=10_000)
    except PlaywrightTimeout:
        height = strip.evaluate("(el) => el.getBoundingClientRect().height")
        raise AssertionError(f"six seats take {height:.0f} px of a 844 px phone") from None
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    # Compact, and every mark still in words: each seat's team, the bots, you and the host.
    for seat in strip.locator("li.seat").all():
        expect(seat.locator(".badge.team")).to_have_text(re.compile(r"^Team [12]$"))
    expect(strip.locator(".badge.bot")).to_have_count(5)
    expect(strip.locator("li.you .badge.host")).to_have_count(1)


# Every AudioContext the page makes, kept where the test can read its state.
COUNT_CONTEXTS = """
  window.__contexts = [];
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    constructor(...args) { super(...args); window.__contexts.push(this); }
  };
"""
SOUND_RUNS = "() => window.__contexts.length > 0 && window.__contexts.every((c) => c.state === 'running')"


def test_after_a_reload_one_tap_turns_the_sound_back_on(browser: Browser, server: ServerProcess) -> None:
    """Chromium starts no sound a page has not been touched since it loaded ("AudioContext was not allowed to start"):
    after a reload with alerts on, the page says the sound is paused, and one tap makes "Alerts: on" true again."""
    context = browser.new_context()
    context.add_init_script(COUNT_CONTEXTS)
    try:
        page = context.new_page()
        start_against_bots(page, server)
        resume = page.locator("#sound-resume")
        page.click("#alerts")
        expect(page.locator("#alerts")).to_have_text("Alerts: on")
        page.wait_for_function(SOUND_RUNS)  # turned on by a tap: the sound plays
        expect(resume).to_be_hidden()

        page.reload()
        expect(page.locator("#turn-banner")).to_be_visible()  # a turn has begun since the reload, untouched
        stuck = page.evaluate("() => window.__contexts.filter((c) => c.state !== 'running').length")
        assert stuck == 0, "the turn's chime started a sound the browser does not allow before a touch"
        expect(page.locator("#alerts")).to_have_text("Alerts: on")
        expect(resume).to_be_visible()
        expect(resume).to_have_text("Sound paused: tap here")
        resume.click()
        page.wait_for_function(SOUND_RUNS)
        expect(resume).to_be_hidden()
    finally:
        context.close()


# ---------------------------------------------------------------- issue 21 row 2: the game opens in view

# Each game's prompt: the line that says what to do now. (The test game's generic renderer lists its moves under a
# dump of the view: no game people play is drawn by it.)
PROMPTS = {"raiding-parties": "#rp-prompt", "turncoats": ".tc-status", "patriots-and-redcoats": "#pr-prompt",
           "red-scare-redux": "#rs-prompt"}
# The table is in view (its top inside the window) and the prompt wholly inside the window.
TABLE_IN_VIEW = """(prompt) => {
  const play = document.querySelector('#play')?.getBoundingClientRect();
  const said = document.querySelector(prompt)?.getBoundingClientRect();
  return Boolean(play && said) && play.top >= 0 && play.top < window.innerHeight
    && said.height > 0 && said.top >= 0 && said.bottom <= window.innerHeight;
}"""


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(PROMPTS))
def test_a_game_opens_in_view_wherever_start_was_pressed(browser: Browser, server: ServerProcess, game: str,
                                                         size: str) -> None:
    """Issue 21 row 2: Start sits under the lobby's options and invite link, so on a phone the page is scrolled
    down to press it; the game that replaces the lobby must not open off-screen (it opened 590-630 px down)."""
    context = browser.new_context(viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone")
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        page.fill("#name", "Alice")
        page.select_option("#game", game)
        page.click("#create")
        page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
        seats = REGISTRY[game].min_players
        page.fill("#bot-count", str(seats - 1))
        page.click("#add-bots")
        expect(page.locator("#lobby-seats li")).to_have_count(seats)
        # Someone who read the options, the invite link and the chat under them scrolls back to Start.
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        page.locator("#start").scroll_into_view_if_needed()
        if size == "phone":
            assert page.evaluate("scrollY") > 100  # the situation of the report: the page is scrolled down
        page.locator("#start").click()
        page.wait_for_selector(f"#game [data-seq], {PROMPTS[game]}")
        settle(page)
        page.wait_for_function(TABLE_IN_VIEW, arg=PROMPTS[game], timeout=5_000)
    finally:
        context.close()
