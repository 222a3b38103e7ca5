"""Waits made visible (issue 37, item 5), against a real server: the seat strip says "thinking…" on a Hard bot while
the game waits on its move, and a reaction window is told in the same words to both seats and a spectator.

The server here gives every bot a ten-second delay (``BOT_DELAY``): a Hard bot's turn then lasts long enough to be
seen, whatever the machine's load. The words come from the state message's ``waits`` (app/waits.py), which
tests/games/test_waits.py checks is the same for every viewer whatever the hands hold.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.helpers import SIZES, open_seat, watch_errors
from tests.browser.test_accessibility import violations
from tests.conftest import ServerProcess, server_env

THINKING = "li.seat .badge.thinking"
BOT_DELAY_S = 10  # a bot's every move takes this long at least: room for three pages and axe to look at it


# The shared ``server`` fixture's way (tests/browser/conftest.py), with slow bots.
@pytest.fixture(scope="module")
def slow_bots(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path: Path = tmp_path_factory.mktemp("waits")
    proc = ServerProcess(server_env(path, BOT_DELAY=str(BOT_DELAY_S)), log_path=path / "server.log")
    proc.start()
    yield proc
    proc.stop()


@pytest.fixture
def laptop(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport=SIZES["laptop"], bypass_csp=True)  # axe is injected by the test
    ctx.set_default_timeout(15_000)
    yield ctx
    ctx.close()


def absolute(server: ServerProcess, url: str) -> str:
    return url if url.startswith("http") else server.url + url


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def state_of(server: ServerProcess, table_id: str, token: str) -> dict[str, Any]:
    reply = httpx.get(f"{server.url}/api/tables/{table_id}/state", headers=bearer(token), timeout=10)
    reply.raise_for_status()
    return reply.json()  # type: ignore[no-any-return]


def act(server: ServerProcess, table_id: str, token: str, action: dict[str, Any], seq: int) -> None:
    reply = httpx.post(f"{server.url}/api/tables/{table_id}/actions", headers=bearer(token),
                       json={"action": action, "expect_seq": seq}, timeout=10)
    assert reply.status_code in (200, 409), reply.text  # 409: the table moved on meanwhile; the next look decides


def test_a_hard_bot_is_thinking_on_its_turn_and_not_after(slow_bots: ServerProcess, laptop: BrowserContext,
                                                          phone: BrowserContext) -> None:
    server = slow_bots
    made = httpx.post(f"{server.url}/api/tables", json={"game": "turncoats", "name": "Ann"}, timeout=10).json()
    table_id, token = made["table_id"], made["token"]
    httpx.post(f"{server.url}/api/tables/{table_id}/bots", json={"count": 1, "kind": "hard"}, headers=bearer(token),
               timeout=10).raise_for_status()
    httpx.post(f"{server.url}/api/tables/{table_id}/start", headers=bearer(token), timeout=10).raise_for_status()
    page = laptop.new_page()
    errors = watch_errors(page)
    open_seat(page, server, table_id, token)
    watcher = laptop.new_page()
    watcher.goto(absolute(server, made["spectate_url"]))
    small = phone.new_page()  # a spectator on a phone: the longer badge still fits the strip
    small.goto(absolute(server, made["spectate_url"]))

    # Until it is the bot's turn: Ann makes her moves through the API (anything but a Negotiate, which could end it).
    deadline = time.monotonic() + 60
    while True:
        assert time.monotonic() < deadline, "the Hard bot never had a turn"
        state = state_of(server, table_id, token)
        assert state["status"] == "playing", state["status"]
        if state["waits"] == {"kind": "turn", "seats": [1]}:
            break
        if state["legal"]:
            action = next((a for a in state["legal"] if a["type"] != "negotiate"), state["legal"][0])
            act(server, table_id, token, action, state["seq"])
        else:
            page.wait_for_timeout(100)  # the bot is moving: look again (its move ends the wait above)

    # The bot's move takes ten seconds at least: both the seat and the spectator see it thinking meanwhile, and
    # nobody else is.
    for viewer in (page, watcher, small):
        bot = viewer.locator("li.seat[data-seat='1'] .badge.thinking")
        expect(bot).to_have_text("thinking…")
        expect(viewer.locator(THINKING)).to_have_count(1)
        expect(viewer.locator("li.seat[data-seat='1']")).to_have_class("seat turn")
        expect(viewer.locator("#waits-line")).to_be_hidden()
    assert small.evaluate("document.documentElement.scrollWidth") <= 390
    found = violations(page)  # the badge is readable: axe's contrast and names
    assert not found, "\n".join(found)
    assert page.locator(THINKING).count() == 1, "the bot moved before axe had looked at its badge"

    # Once it has moved and play waits on Ann, it is thinking no more.
    thought_at = state["seq"]
    deadline = time.monotonic() + 30
    while True:
        assert time.monotonic() < deadline, "the Hard bot did not move"
        state = state_of(server, table_id, token)
        if state["seq"] > thought_at and 1 not in (state["waits"] or {}).get("seats", []):
            break
        page.wait_for_timeout(100)
    page.wait_for_function("(seq) => Number(document.querySelector('.tc[data-seq]')?.dataset.seq) >= seq",
                           arg=state["seq"])
    expect(page.locator(THINKING)).to_have_count(0)
    assert errors == []


def attack_offered(legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    aimed = [a for a in legal if a["type"] in ("attack", "charge") and isinstance(a.get("target"), str)
             and not a["target"].startswith("hold:")]
    return aimed[0] if aimed else None


def open_a_reaction_window(server: ServerProcess, table_id: str, tokens: list[str]) -> dict[str, Any]:
    """Both seats play through the API, attacking when they can, until a hit opens a reaction window; returns the
    state message then (Ann's)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for token in tokens:
            state = state_of(server, table_id, token)
            if (state["waits"] or {}).get("kind") == "window":
                return state
            legal = [a for a in state["legal"] if not a.get("template")]
            if not legal:
                continue
            plays = [a for a in legal if a["type"] == "play"]
            action = (attack_offered(legal) or (plays[0] if plays else None)
                      or next((a for a in legal if a["type"] != "end"), legal[0]))
            act(server, table_id, token, action, state["seq"])
    pytest.fail("no reaction window opened in 60 s")


def test_a_reaction_window_reads_the_same_to_every_viewer(slow_bots: ServerProcess, browser: Browser) -> None:
    server = slow_bots
    with httpx.Client(base_url=f"{server.url}/api", timeout=10) as http:
        made = http.post("/tables", json={"game": "raiding-parties", "name": "Ann",
                                          "options": {"reaction_seconds": 60}}).json()
        table_id = made["table_id"]
        invite = made["invite_url"].split("invite=", 1)[1]
        ben = http.post(f"/tables/{table_id}/join", json={"name": "Ben", "invite": invite}).json()["token"]
        http.post(f"/tables/{table_id}/start", headers=bearer(made["token"])).raise_for_status()
    tokens = [made["token"], ben]
    for token in tokens:
        state = state_of(server, table_id, token)
        party = next(a for a in state["legal"] if a["type"] == "party" and not a.get("template"))
        act(server, table_id, token, party, state["seq"])
    state = open_a_reaction_window(server, table_id, tokens)
    hit = state["waits"]["seats"]
    assert hit is not None and len(hit) == 1, state["waits"]  # a Raiding Parties window asks the seat hit alone
    said = f"Waiting for responses from {['Ann', 'Ben'][hit[0]]}."

    contexts = [browser.new_context(viewport=SIZES["laptop"]) for _ in range(3)]
    try:
        pages: list[Page] = []
        for context, token in zip(contexts, tokens, strict=False):
            page = context.new_page()
            open_seat(page, server, table_id, token)
            pages.append(page)
        watcher = contexts[2].new_page()
        watcher.goto(absolute(server, made["spectate_url"]))
        pages.append(watcher)
        for page in pages:  # Ann and Ben hold different cards; the spectator holds none: the same words for all
            expect(page.locator("#waits-line")).to_have_text(said)
            expect(page.locator(THINKING)).to_have_count(0)
        assert state_of(server, table_id, ben)["waits"] == state["waits"]
    finally:
        for context in contexts:
            context.close()


WORDS = """async () => {
  const { thinkingSeats, waitsText } = await import('/static/js/table/seats.js');
  const seats = ['Ann', 'Bob', 'Cy', 'Di'].map((name, seat) => ({ seat, name, bot: seat === 1 ? 'hard' : null }));
  const base = { status: 'playing', table: { seats } };
  const told = (waits, extra = {}) => {
    const message = { ...base, waits, ...extra };
    return { text: waitsText(message), thinking: [...thinkingSeats(message)] };
  };
  const window = { kind: 'window', seats: [1, 3] };
  return {
    // Two seats holding different cards, and a spectator: only `waits` and the names make the words.
    held: [told(window, { you: { seat: 1 }, legal: [{ type: 'counter' }, { type: 'continue' }], view: { hand: [1] } }),
           told(window, { you: { seat: 3 }, legal: [{ type: 'continue' }], view: { hand: [2] } }),
           told(window, { you: { seat: null } })],
    everyone: told({ kind: 'window', seats: [0, 1, 2, 3] }),
    fixed: told({ kind: 'window', seats: null }),
    secret: told({ kind: 'secret', seats: null }),
    turn: told({ kind: 'turn', seats: [1] }),
    over: told({ kind: 'turn', seats: [1] }, { status: 'finished' }),
  };
}"""


def test_the_words_depend_on_waits_and_names_only(slow_bots: ServerProcess, context: BrowserContext) -> None:
    page = context.new_page()
    page.goto(slow_bots.url + "/")
    told = page.evaluate(WORDS)
    window = {"text": "Waiting for responses from Bob and Di.", "thinking": []}  # a bot in a window: not singled out
    assert told["held"] == [window, window, window]
    assert told["everyone"] == {"text": "Waiting for responses from everyone.", "thinking": []}
    assert told["fixed"] == {"text": "Waiting for responses until the time runs out.", "thinking": []}
    assert told["secret"] == {"text": "Waiting on the players: who has chosen stays hidden.", "thinking": []}
    assert told["turn"] == {"text": None, "thinking": [1]}
    assert told["over"] == {"text": None, "thinking": []}
