"""While you were away, in the browser (issue 35): Alice opens her table, closes it, and her time runs out at every move
while she is gone; a day later the table opens on a "Since your last visit" divider, each line says how long ago it
happened, and a line says what was played for her. Deadlines read relative: a turn-based move's countdown in hours,
"Your tables" in "due in 23 h". The page with its divider is axe-clean.

The day is the server's history moved back a day (every stored time of the table: its actions and what Alice last
saw), as a day's wait would have written it: the server process keeps its own real clock, the timer's moves are its
own, made at a five-second timer. A page left open for that day is Playwright's clock moved on a day.
"""

from __future__ import annotations

import json
import re
import sqlite3
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, expect

from app.away import played_for
from tests.api.helpers import wait_for
from tests.browser.helpers import SIZES, open_seat, watch_errors
from tests.browser.test_accessibility import AXE, RUN_AXE
from tests.conftest import ServerProcess

STORED = "%Y-%m-%d %H:%M:%S.%f"  # how the server's SQLite database keeps a time (UTC, no zone)


def db(server: ServerProcess) -> sqlite3.Connection:
    url = server.env["DATABASE_URL"]
    return sqlite3.connect(Path(url.removeprefix("sqlite:///")), timeout=30)


def a_day_earlier(server: ServerProcess, table_id: str) -> None:
    """Every stored time of the table's actions, and what its seats last saw, moved back a day."""
    with db(server) as conn:
        for table, key, column in (("actions", "seq", "created_at"), ("seats", "id", "seen_at")):
            rows = conn.execute(f"SELECT {key}, {column} FROM {table} WHERE table_id = ? AND {column} IS NOT NULL",
                                (table_id,)).fetchall()
            for row_key, stamp in rows:
                moved = datetime.fromisoformat(stamp).replace(tzinfo=None) - timedelta(days=1)
                conn.execute(f"UPDATE {table} SET {column} = ? WHERE table_id = ? AND {key} = ?",
                             (moved.strftime(STORED), table_id, row_key))


def timer_moves(server: ServerProcess, table_id: str, seat: int, after: int) -> list[tuple[int | None, str, Any]]:
    with db(server) as conn:
        rows = conn.execute("SELECT seat, source, action FROM actions WHERE table_id = ? AND seat = ? AND seq > ? "
                            "AND source = 'timer' ORDER BY seq", (table_id, seat, after)).fetchall()
    return [(who, source, json.loads(action)) for who, source, action in rows]


def test_coming_back_after_a_day(browser: Browser, server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        created = http.post("/api/tables", json={"game": "hidden-hands", "name": "Alice", "turn_timer": 5}).json()
        table_id, token = created["table_id"], created["token"]
        auth = {"Authorization": f"Bearer {token}"}
        http.post(f"/api/tables/{table_id}/bots", json={"count": 1}, headers=auth).raise_for_status()
        http.post(f"/api/tables/{table_id}/start", headers=auth).raise_for_status()
        laptop = browser.new_context(viewport=SIZES["laptop"], bypass_csp=True)
        page = laptop.new_page()
        errors = watch_errors(page)
        open_seat(page, server, table_id, token)
        expect(page.locator("#log li").first).to_be_visible()
        # The page told the server what Alice has seen, once it had shown it.
        seen = wait_for(lambda: (answer := http.get(f"/api/tables/{table_id}/away", headers=auth).json())["seen_at"]
                        and answer, what="the page to say what Alice has seen")
        page.close()
        # Alice is gone: the timer plays every one of her moves, to the end of the game.
        wait_for(lambda: http.get(f"/api/tables/{table_id}").json()["status"] == "finished", timeout=90,
                 what="the timer to play Alice's game to its end")
        seen_seq = http.get(f"/api/tables/{table_id}/away", headers=auth).json()["seen_seq"]
        assert seen_seq == seen["seen_seq"], "the closed page still said it saw something"
        told = played_for("hidden-hands", timer_moves(server, table_id, 0, seen_seq), 0)
        assert told is not None and sum(told["counts"].values()) >= 2
        a_day_earlier(server, table_id)

        page = laptop.new_page()
        errors += watch_errors(page)
        page.goto(f"{server.url}/t/{table_id}")
        expect(page.locator("#away-line")).to_have_text(told["text"])
        since = page.locator("#log li.log-since")
        expect(since).to_have_text("Since your last visit")
        expect(since).to_be_in_viewport()  # the log opens at the divider
        first_new = page.locator("#log li.log-since + li")
        assert int(first_new.get_attribute("data-seq") or 0) == seen_seq + 1
        expect(first_new.locator("time.log-time")).to_have_text("1 d ago")
        expect(page.locator("#log li").last.locator("time.log-time")).to_have_text("1 d ago")
        page.add_script_tag(path=str(AXE))
        assert page.evaluate(RUN_AXE) == []
        # Having looked, it is all seen, on every device: another browser opens with no divider and no line.
        wait_for(lambda: http.get(f"/api/tables/{table_id}/away", headers=auth).json()["seen_seq"]
                 == http.get(f"/api/tables/{table_id}").json()["seq"], what="the page to say it saw the end")
        phone = browser.new_context(viewport=SIZES["phone"])
        other = phone.new_page()
        errors += watch_errors(other)
        open_seat(other, server, table_id, token)
        expect(other.locator("#log li time.log-time").last).to_have_text("1 d ago")
        expect(other.locator("#log li.log-since")).to_have_count(0)
        expect(other.locator("#away-line")).to_be_hidden()
        phone.close()
        laptop.close()
        assert not errors


def test_deadlines_read_relative(browser: Browser, server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        created = http.post("/api/tables", json={"game": "hidden-hands", "name": "Alice", "pace": "turn-based"}).json()
        table_id, token = created["table_id"], created["token"]
        auth = {"Authorization": f"Bearer {token}"}
        http.post(f"/api/tables/{table_id}/bots", json={"count": 1}, headers=auth).raise_for_status()
        http.post(f"/api/tables/{table_id}/start", headers=auth).raise_for_status()
    context = browser.new_context(viewport=SIZES["phone"])
    page = context.new_page()
    open_seat(page, server, table_id, token)
    expect(page.locator("#countdown")).to_have_text(re.compile(r"^Time left: 23 h (59|58) min$"))
    page.goto(server.url + "/")
    expect(page.locator(f"#your-tables-list li[data-table='{table_id}']")).to_contain_text(
        re.compile(r"due in 23 h"))
    context.close()
    # The bot set its gem aside a moment ago; a page left open for a day keeps its times and countdown right.
    context = browser.new_context(viewport=SIZES["laptop"])
    page = context.new_page()
    page.clock.install()  # runs as the real clock does, until moved on
    open_seat(page, server, table_id, token)
    bots_line = page.locator("#log li", has_text="set a gem aside").locator("time.log-time")
    expect(bots_line).to_have_text("just now")
    page.clock.fast_forward("25:00:00")
    expect(bots_line).to_have_text("1 d ago")
    expect(page.locator("#countdown")).to_have_text("Time left: 0:00")
    context.close()


HIDDEN = """(() => {
  // This tab starts in the background, until the test brings it forward.
  window.tabState = "hidden";
  Object.defineProperty(Document.prototype, "visibilityState", { get: () => window.tabState });
  window.bringForward = () => { window.tabState = "visible"; document.dispatchEvent(new Event("visibilitychange")); };
})();"""


def test_a_tab_in_the_background_has_not_looked(browser: Browser, server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        created = http.post("/api/tables", json={"game": "hidden-hands", "name": "Alice", "pace": "turn-based"}).json()
        table_id, token = created["table_id"], created["token"]
        auth = {"Authorization": f"Bearer {token}"}
        http.post(f"/api/tables/{table_id}/bots", json={"count": 1}, headers=auth).raise_for_status()
        http.post(f"/api/tables/{table_id}/start", headers=auth).raise_for_status()
        context = browser.new_context(viewport=SIZES["laptop"])
        page = context.new_page()
        page.add_init_script(HIDDEN)
        reports: list[str] = []
        page.on("request", lambda r: reports.append(r.url) if r.url.endswith("/seen") else None)
        with page.expect_response(lambda r: r.url.endswith(f"/api/tables/{table_id}/away")):
            open_seat(page, server, table_id, token)
        expect(page.locator("#log li").first).to_be_visible()
        page.evaluate("() => new Promise((done) => setTimeout(done))")  # what the marker's answer set off has run
        assert reports == []
        assert http.get(f"/api/tables/{table_id}/away", headers=auth).json()["seen_at"] is None
        page.evaluate("window.bringForward()")
        wait_for(lambda: http.get(f"/api/tables/{table_id}/away", headers=auth).json()["seen_at"] is not None,
                 what="the tab brought forward to say what it shows")
        assert http.get(f"/api/tables/{table_id}/away", headers=auth).json()["seen_seq"] == http.get(
            f"/api/tables/{table_id}").json()["seq"]
        context.close()


def test_the_shared_formatter_says_times_as_people_do(browser: Browser, server: ServerProcess) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.url + "/")
    said = page.evaluate("""async () => {
      const when = await import('/static/js/when.js');
      const m = 60_000, h = 60 * m, d = 24 * h;
      return {
        ago: [0, 59_000, 5 * m, 3 * h + 59 * m, d + 3 * h, 9 * d].map(when.ago),
        until: [-1, 40_000, 12 * m + 30_000, 23 * h + 59 * m, 47 * h, 3 * d + 5 * h].map(when.until),
        left: [4 * m + 5_000, h - 1_000, h, 23 * h + 5 * m, 2 * d + 3 * h].map(when.timeLeft),
      };
    }""")
    assert said == {
        "ago": ["just now", "just now", "5 min ago", "3 h ago", "1 d ago", "9 d ago"],
        "until": ["now", "in 40 s", "in 12 min", "in 23 h", "in 47 h", "in 3 d"],
        "left": ["4:05", "59:59", "1 h 0 min", "23 h 5 min", "2 d 3 h"],
    }
    context.close()
