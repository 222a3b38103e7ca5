"""Turncoats in a real browser: a whole game against a bot by clicks, a recruit by taps on a phone, and issue 9's
measurements (a whole phone move without scrolling, a result that fits 390 px, 12 px text on phones, the whole board
on a 1366x768 laptop, the turn marker, AA contrast).

The renderer's hooks: hand stones ``button[data-colour]``, modes ``[data-mode]``, map areas ``[data-area]`` (valid
targets carry ``data-target``), ``[data-action-type=negotiate]``, ``[data-return]``, ``[data-victims]``,
``[data-count]``; the root ``.tc`` tells its ``data-state`` (your-turn, negotiating, waiting, spectating, over),
``data-seq`` and ``data-busy``; the players list marks the acting seat with ``data-turn=true``.
"""

from __future__ import annotations

import time

import httpx
import pytest

from tests.browser.helpers import host_table as shared_host
from tests.browser.helpers import open_seat, settle, watch_errors
from tests.conftest import ServerProcess

GAME_SECONDS = 120  # a 2-player game has at most 16 non-Negotiate actions, plus the Negotiates
ROOT = ".tc[data-seq]"  # the table's root: the final result is a .tc too

# True once the game is over, or once it is my move in a state newer than `seq` and nothing is in flight.
MY_MOVE_OR_OVER = """(seq) => {
  if (document.querySelector('#turncoats-result')) return true;
  const tc = document.querySelector('.tc[data-seq]');
  if (!tc || tc.dataset.busy === 'true' || tc.dataset.seq === seq) return false;
  return tc.dataset.state === 'your-turn' || tc.dataset.state === 'negotiating';
}"""


def host_table(page, server: ServerProcess, name: str) -> str:  # type: ignore[no-untyped-def]
    return shared_host(page, server, "turncoats", name, 2, ".tc")


def recruit_by_clicks(page, tap: bool = False) -> None:  # type: ignore[no-untyped-def]
    press = (lambda loc: loc.tap()) if tap else (lambda loc: loc.click())
    press(page.locator("button[data-colour]:not([disabled])").first)
    press(page.locator("button[data-mode=recruit]"))
    target = page.locator("[data-area][data-target]").first
    target.wait_for()
    press(target)


def play_to_the_end(page) -> int:  # type: ignore[no-untyped-def]
    """Play this seat by clicks until the result shows: recruit while stones last, negotiate when that ends the game
    (the other side just negotiated) or the hand is empty. Returns how many moves it made."""
    seq, moves, end = None, 0, time.monotonic() + GAME_SECONDS
    while True:
        if time.monotonic() > end:
            pytest.fail(f"the game did not end within {GAME_SECONDS} s ({moves} moves of mine)")
        page.wait_for_function(MY_MOVE_OR_OVER, arg=seq, timeout=20_000)
        if page.locator("#turncoats-result").count():
            return moves
        root = page.locator(ROOT)
        seq = root.get_attribute("data-seq")
        if root.get_attribute("data-state") == "negotiating":
            page.locator("[data-return]").first.click()
            continue
        streak = int(page.locator(".tc-streak").get_attribute("data-streak") or "0")
        if page.locator("button[data-colour]:not([disabled])").count() and (moves == 0 or streak == 0):
            recruit_by_clicks(page)
        else:
            page.locator("[data-action-type=negotiate]").click()
        moves += 1


def test_whole_game_by_clicks_reaches_the_result(server: ServerProcess, context) -> None:  # type: ignore[no-untyped-def]
    page = context.new_page()
    errors = watch_errors(page)
    table_id = host_table(page, server, "Ann")

    moves = play_to_the_end(page)

    result = page.locator("#turncoats-result")
    result.wait_for()
    assert "colour" in result.inner_text().lower()

    # Every hand is revealed, and the numbers are the server's.
    token = page.evaluate(f"() => localStorage.getItem('tabletop:seat:{table_id}')")
    state = httpx.get(f"{server.url}/api/tables/{table_id}/state",
                      headers={"Authorization": f"Bearer {token}"}, timeout=10).json()
    assert state["status"] == "finished"
    hands = state["result"]["reveal"]["hands"]
    assert len(hands) == 2
    for seat, hand in enumerate(hands):
        row = result.locator(f"[data-reveal-seat='{seat}']")
        assert row.count() == 1
        for colour, count in hand.items():
            assert row.locator(f"td[data-colour={colour}]").inner_text().strip() == str(count)
    assert result.locator("[data-reveal-bag]").count() == 1
    assert result.locator("svg.tc-map [data-area]").count() == 11
    for row in state["result"]["ranking"]:
        assert result.locator(f".tc-ranking tr[data-seat='{row['seat']}']").count() == 1
    assert moves >= 2
    assert errors == []


def test_phone_map_fits_and_recruit_by_taps(server: ServerProcess, phone) -> None:  # type: ignore[no-untyped-def]
    page = phone.new_page()
    errors = watch_errors(page)
    host_table(page, server, "Pip")
    page.wait_for_function(MY_MOVE_OR_OVER, arg=None, timeout=20_000)
    assert page.locator(".tc").get_attribute("data-state") == "your-turn"

    width = page.viewport_size["width"]
    box = page.locator("svg.tc-map").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5
    assert box["width"] >= width * 0.85  # scaled to the width, not a thumbnail
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width

    before = page.locator(".tc").get_attribute("data-seq")
    stone = page.locator("button[data-colour]:not([disabled])").first
    stone.tap()
    for locator in (stone, page.locator("button[data-mode=recruit]"), page.locator("[data-action-type=negotiate]")):
        size = locator.bounding_box()
        assert size is not None and size["height"] >= 40 and size["width"] >= 40
    page.locator("button[data-mode=recruit]").tap()
    target = page.locator("[data-area][data-target]").first
    target.wait_for()
    size = target.bounding_box()
    assert size is not None and size["height"] >= 40 and size["width"] >= 40
    target.tap()
    page.wait_for_function("(seq) => document.querySelector('.tc')?.dataset.seq !== seq", arg=before)
    recruited = "() => /Pip recruited a \\w+ stone into area \\d+/.test(document.querySelector('#log').textContent)"
    page.wait_for_function(recruited)
    assert errors == []


# ---------------------------------------------------------------- issue 9: phones, laptops, results, contrast

LAPTOP = {"width": 1366, "height": 768}
LONG_NAME = "Wilhelmina Featherstonha"  # 24 characters, the longest name the server takes


def api_table(server: ServerProcess, host: str = "Ann", guest: str = "Bea") -> tuple[str, str, str]:
    """A two-person table started through the API: (table id, host token, guest token)."""
    made = httpx.post(f"{server.url}/api/tables", json={"game": "turncoats", "name": host}, timeout=10).json()
    table_id, host_token = made["table_id"], made["token"]
    invite = made["invite_url"].split("invite=", 1)[1]
    joined = httpx.post(f"{server.url}/api/tables/{table_id}/join", json={"name": guest, "invite": invite}, timeout=10)
    guest_token = joined.json()["token"]
    started = httpx.post(f"{server.url}/api/tables/{table_id}/start", headers=bearer(host_token), timeout=10)
    assert started.status_code == 200, started.text
    return table_id, host_token, guest_token


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def negotiate_to_the_end(server: ServerProcess, table_id: str, tokens: list[str]) -> None:
    """Every seat negotiates in turn (returning the first stone offered): a round of Negotiates ends the game."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        moved = False
        for token in tokens:
            state = httpx.get(f"{server.url}/api/tables/{table_id}/state", headers=bearer(token), timeout=10).json()
            if state["status"] == "finished":
                return
            legal = state["legal"]
            if not legal:
                continue
            action = next((a for a in legal if a["type"] in ("negotiate", "return")), None)
            assert action is not None, legal
            reply = httpx.post(f"{server.url}/api/tables/{table_id}/actions", headers=bearer(token),
                               json={"action": action}, timeout=10)
            assert reply.status_code == 200, reply.text
            moved = True
        assert moved, "nobody could move"
    pytest.fail("the Negotiates did not end the game")


def in_viewport(page, locator) -> bool:  # type: ignore[no-untyped-def]
    """The element's whole box lies inside the viewport as the page stands (Playwright has not scrolled)."""
    box = locator.bounding_box()
    size = page.viewport_size
    return (box is not None and box["y"] >= 0 and box["x"] >= 0
            and box["y"] + box["height"] <= size["height"] + 0.5 and box["x"] + box["width"] <= size["width"] + 0.5)


# The element's whole box lies inside the viewport (in_viewport, as a state to wait for).
IN_VIEW = """(selector) => {
  const b = document.querySelector(selector)?.getBoundingClientRect();
  return Boolean(b) && b.top >= 0 && b.left >= 0 && b.bottom <= innerHeight + 0.5 && b.right <= innerWidth + 0.5;
}"""


# Every valid target area is inside the viewport and is what a tap at its centre would hit (no sticky bar over it).
TARGETS_IN_VIEW = """() => {
  const targets = [...document.querySelectorAll('.tc-map [data-area][data-target]')];
  return targets.length > 0 && targets.every((t) => {
    const b = t.getBoundingClientRect();
    if (b.top < 0 || b.left < 0 || b.bottom > innerHeight + 0.5 || b.right > innerWidth + 0.5) return false;
    const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    return hit !== null && hit.closest('[data-area]') === t;
  });
}"""


def test_phone_a_whole_move_without_scrolling(server: ServerProcess, phone) -> None:  # type: ignore[no-untyped-def]
    page = phone.new_page()
    errors = watch_errors(page)
    host_table(page, server, "Pip")
    page.wait_for_function(MY_MOVE_OR_OVER, arg=None, timeout=20_000)
    settle(page)

    status = page.locator(".tc-status")
    stones_ = page.locator(".tc button[data-colour]")
    modes = page.locator(".tc button[data-mode]")
    assert in_viewport(page, status)
    assert stones_.count() == 3 and modes.count() == 3
    for i in range(3):
        assert in_viewport(page, stones_.nth(i)), "a hand stone is below the fold"
        assert in_viewport(page, modes.nth(i)), "a mode button is below the fold"
    assert in_viewport(page, page.locator("[data-action-type=negotiate]"))
    # The hand sits right under the status line, before the map.
    assert stones_.first.bounding_box()["y"] < page.locator("svg.tc-map").bounding_box()["y"]

    before = page.locator(".tc").get_attribute("data-seq")
    stone = page.locator(".tc button[data-colour]:not([disabled])").first
    stone.tap()
    recruit = page.locator("button[data-mode=recruit]")
    assert in_viewport(page, recruit)
    recruit.tap()
    page.wait_for_function(TARGETS_IN_VIEW, timeout=3_000)  # the renderer brought the map into view, not the test
    # The bar with the instructions stays in sight while the areas are picked.
    assert in_viewport(page, page.locator(".tc-status"))
    target = page.locator("[data-area][data-target]").last
    assert in_viewport(page, target)
    target.tap()
    page.wait_for_function("(seq) => document.querySelector('.tc')?.dataset.seq !== seq", arg=before)
    recruited = "() => /Pip recruited a \\w+ stone into area \\d+/.test(document.querySelector('#log').textContent)"
    page.wait_for_function(recruited)
    assert errors == []


RANKING_FITS = """() => {
  const out = [];
  for (const table of document.querySelectorAll('#turncoats-result table')) {
    const wrap = table.parentElement;
    out.push({name: table.className, table: table.getBoundingClientRect().width, room: wrap.clientWidth,
              scroll: wrap.scrollWidth});
  }
  return {tables: out, page: document.documentElement.scrollWidth, body: document.body.scrollWidth};
}"""


def test_phone_result_fits_and_nothing_stale_under_it(server: ServerProcess, phone) -> None:  # type: ignore[no-untyped-def]
    table_id, host_token, guest_token = api_table(server, host=LONG_NAME, guest="Bea")
    page = phone.new_page()
    errors = watch_errors(page)
    open_seat(page, server, table_id, host_token)
    page.wait_for_selector(".tc[data-state]")
    negotiate_to_the_end(server, table_id, [host_token, guest_token])
    page.locator("#turncoats-result .tc-ranking").wait_for()
    settle(page)

    sizes = page.evaluate(RANKING_FITS)
    width = page.viewport_size["width"]
    assert sizes["page"] <= width and sizes["body"] <= width, sizes
    assert len(sizes["tables"]) == 2
    for table in sizes["tables"]:
        assert table["table"] <= table["room"] + 0.5 and table["scroll"] <= table["room"], table

    # Under the result the game area draws nothing the result already shows: no map, no hand, no text.
    game = page.locator("#game")
    assert game.locator("svg").count() == 0
    assert game.locator("[data-colour], [data-hand-colour]").count() == 0
    assert game.inner_text().strip() == ""
    assert errors == []


# Rendered size of every piece of text in the Turncoats parts of the page: HTML by its computed font size, SVG text by
# its font size times the map's scale on screen.
TEXT_SIZES = """() => {
  const out = [];
  const roots = document.querySelectorAll('#game .tc, #turncoats-result');
  for (const root of roots) {
    for (const el of root.querySelectorAll('*')) {
      const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!own) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || el.closest('.visually-hidden')) continue;
      let px = parseFloat(getComputedStyle(el).fontSize);
      const svg = el.closest('svg');
      if (svg) px *= svg.getScreenCTM().a;
      out.push({text: el.textContent.trim().slice(0, 30), px: Math.round(px * 100) / 100});
    }
  }
  return out;
}"""


def small_text(page) -> list[dict[str, object]]:  # type: ignore[no-untyped-def]
    sizes = page.evaluate(TEXT_SIZES)
    assert sizes, "no text measured"
    return [s for s in sizes if float(s["px"]) < 12]  # type: ignore[arg-type]


def test_phone_text_is_at_least_12px(server: ServerProcess, phone) -> None:  # type: ignore[no-untyped-def]
    table_id, host_token, guest_token = api_table(server)
    page = phone.new_page()
    open_seat(page, server, table_id, host_token)
    page.wait_for_selector("svg.tc-map")
    assert small_text(page) == []
    state = page.locator(".tc").get_attribute("data-state")
    if state == "your-turn":  # the battle badges on every tile
        page.locator("button[data-colour]:not([disabled])").first.tap()
        page.locator("button[data-mode=battle]").tap()
        page.locator("[data-area][data-target]").first.wait_for()
        assert small_text(page) == []
    negotiate_to_the_end(server, table_id, [host_token, guest_token])
    page.locator("#turncoats-result svg.tc-map").wait_for()
    assert small_text(page) == []


def test_laptop_shows_the_whole_board(server: ServerProcess, browser) -> None:  # type: ignore[no-untyped-def]
    ctx = browser.new_context(viewport=LAPTOP)
    try:
        page = ctx.new_page()
        host_table(page, server, "Lou")
        page.wait_for_function(MY_MOVE_OR_OVER, arg=None, timeout=20_000)
        settle(page)
        assert page.evaluate("() => scrollY") == 0
        for part in ("svg.tc-map", "svg.tc-map [data-pile=flag]", "svg.tc-map [data-pile=axe]"):
            assert in_viewport(page, page.locator(part)), f"{part} is below the fold"
        for area in range(11):
            assert in_viewport(page, page.locator(f"svg.tc-map [data-area='{area}']"))
        assert page.locator("svg.tc-map").bounding_box()["width"] >= 380  # fitted, not shrunk to a stamp
        # Something drawn above the game later (a banner, a wrapped seat strip) refits the map, as does a
        # shorter window.
        page.evaluate("""() => {
          const bar = document.createElement('div');
          bar.className = 'test-banner';
          bar.textContent = 'a banner the platform shows above the game';
          bar.style.height = '90px';
          document.getElementById('game').before(bar);
        }""")
        page.wait_for_function(IN_VIEW, arg="svg.tc-map [data-pile=flag]", timeout=3_000)  # refitted
        assert in_viewport(page, page.locator("svg.tc-map [data-pile=flag]"))
        page.set_viewport_size({"width": 1366, "height": 640})
        page.wait_for_function(IN_VIEW, arg="svg.tc-map [data-pile=flag]", timeout=3_000)
        assert in_viewport(page, page.locator("svg.tc-map [data-pile=flag]"))
    finally:
        ctx.close()


def test_seat_list_marks_whose_turn_it_is(server: ServerProcess, context) -> None:  # type: ignore[no-untyped-def]
    table_id, host_token, guest_token = api_table(server, host="Ann", guest="Bea")
    page = context.new_page()
    open_seat(page, server, table_id, host_token)
    page.wait_for_selector(".tc-players")
    state = httpx.get(f"{server.url}/api/tables/{table_id}/state", headers=bearer(host_token), timeout=10).json()
    turn = state["view"]["turn"]
    marked = page.locator(".tc-players [data-turn=true]")
    assert marked.count() == 1
    assert marked.get_attribute("data-seat") == str(turn)
    assert "to play" in marked.inner_text()
    # The marker is readable: AA contrast against its own background, like any text.
    assert [c for c in page.evaluate(CONTRAST) if ".tc-players" in c["where"] and c["ratio"] < c["need"]] == []
    # The renderer names the acting seats for a platform seat strip that asks.
    acting = page.evaluate("""async () => (await import('/static/js/games/turncoats.js'))
      .actingSeats({status: 'playing', view: {turn: 1, over: false}})""")
    assert acting == [1]


# WCAG contrast of every piece of text in the Turncoats parts of the page. HTML: text colour against the first opaque
# background up the tree. SVG: fill against the shape it sits on (its tag, stone or box, else its tile, else the felt).
CONTRAST = """() => {
  const rgb = (c) => {
    const m = /rgba?\\(([^)]+)\\)/.exec(c || '');
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const over = (top, under) => top.slice(0, 3).map((v, i) => v * top[3] + under[i] * (1 - top[3])).concat(1);
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const htmlBg = (el) => {
    const layers = [];
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      const c = rgb(getComputedStyle(n).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let bg = [255, 255, 255, 1];
    for (const c of layers.reverse()) bg = over(c, bg);
    return bg;
  };
  const svgBg = (el) => {
    const group = el.closest('.tc-rule-tag, .tc-badge, .tc-plus, .tc-march-arrow');
    const shape = group?.querySelector('rect, circle')
      ?? el.closest('.tc-pile')?.querySelector('.tc-pile-bg')
      ?? el.closest('.tc-area')?.querySelector('.tc-hex')
      ?? el.closest('svg').querySelector('.tc-felt');
    return rgb(getComputedStyle(shape).fill);
  };
  const opacity = (el, stop) => {
    let a = 1;
    for (let n = el; n && n !== stop; n = n.parentElement) a *= parseFloat(getComputedStyle(n).opacity);
    return a;
  };
  const out = [];
  for (const root of document.querySelectorAll('#game .tc, #turncoats-result')) {
    for (const el of root.querySelectorAll('*')) {
      if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || el.closest('.visually-hidden, button:disabled')) continue;
      const style = getComputedStyle(el);
      const inSvg = el.closest('svg');
      const bg = inSvg ? svgBg(el) : htmlBg(el);
      const fg = rgb(inSvg ? style.fill : style.color);
      if (!fg || !bg) continue;
      const alpha = fg[3] * opacity(el, inSvg ? el.closest('g[data-area], g[data-pile], svg') : root.parentElement);
      const text = over([fg[0], fg[1], fg[2], alpha], bg);
      let px = parseFloat(style.fontSize);
      if (inSvg) px *= inSvg.getScreenCTM().a;
      const bold = parseInt(style.fontWeight, 10) >= 700;
      const large = px >= 24 || (bold && px >= 18.66);
      const where = [...document.querySelectorAll('.tc-players')].some((p) => p.contains(el)) ? '.tc-players' : '';
      out.push({text: el.textContent.trim().slice(0, 30), ratio: Math.round(ratio(text, bg) * 100) / 100,
                need: large ? 3 : 4.5, where});
    }
  }
  return out;
}"""


def low_contrast(page) -> list[dict[str, object]]:  # type: ignore[no-untyped-def]
    found = page.evaluate(CONTRAST)
    assert found, "no text measured"
    return [c for c in found if float(c["ratio"]) < float(c["need"])]  # type: ignore[arg-type]


def test_turncoats_text_meets_aa_contrast(server: ServerProcess, context) -> None:  # type: ignore[no-untyped-def]
    table_id, host_token, guest_token = api_table(server)
    page = context.new_page()
    open_seat(page, server, table_id, host_token)
    page.wait_for_selector("svg.tc-map")
    assert low_contrast(page) == []
    if page.locator(".tc").get_attribute("data-state") == "your-turn":  # dimmed tiles while choosing
        page.locator("button[data-colour]:not([disabled])").first.click()
        page.locator("button[data-mode=march]").or_(page.locator("button[data-mode=battle]")).first.click()
        page.locator("[data-area][data-target]").first.wait_for()
        assert low_contrast(page) == []
    negotiate_to_the_end(server, table_id, [host_token, guest_token])
    page.locator("#turncoats-result .tc-ranking").wait_for()
    assert low_contrast(page) == []
