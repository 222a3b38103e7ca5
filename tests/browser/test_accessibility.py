"""axe-core in Chromium: no serious or critical WCAG 2 A/AA violation on the home, lobby, table, result, rules and
verify pages, at laptop and phone sizes, for every game with a renderer of its own."""

from __future__ import annotations

import re
import time
from pathlib import Path

import axe_playwright_python
import httpx
import pytest
from playwright.sync_api import BrowserContext, Page, expect

from games.registry import GAMES as REGISTRY
from tests.browser.helpers import seat_link
from tests.browser.test_platform import create_table, play_to_the_end
from tests.conftest import ServerProcess

AXE = Path(axe_playwright_python.__file__).parent / "axe.min.js"
GAMES = [game_id for game_id, game in REGISTRY.items() if game.renderer is not None]

RUN_AXE = """async () => {
  const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
  const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at `
      + v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | '));
}"""



@pytest.fixture(scope="module")
def finished_tables(server: ServerProcess) -> dict[str, tuple[str, str]]:
    """Each game played to its end once for the whole file (its result and replay pages are read at both sizes), all
    four at once against bots, the host's moves made through the API (the first one offered, which answers a prompt
    at once); by game, the table and the host's token."""
    tables: dict[str, tuple[str, str]] = {}
    with httpx.Client(base_url=server.url, timeout=10) as http:
        for game in GAMES:
            options = dict(REGISTRY[game].facts.quick_options)  # short windows keep a bots-only game quick
            created = http.post("/api/tables", json={"game": game, "name": "Alice", "options": options}).json()
            table_id, token = created["table_id"], created["token"]
            auth = {"Authorization": f"Bearer {token}"}
            http.post(f"/api/tables/{table_id}/bots", json={"count": REGISTRY[game].min_players - 1},
                      headers=auth).raise_for_status()
            http.post(f"/api/tables/{table_id}/start", headers=auth).raise_for_status()
            tables[game] = (table_id, token)
        playing = dict(tables)
        deadline = time.monotonic() + 240
        while playing:
            assert time.monotonic() < deadline, f"these games did not finish: {sorted(playing)}"
            moved = False
            for game, (table_id, token) in list(playing.items()):
                url, auth = f"/api/tables/{table_id}", {"Authorization": f"Bearer {token}"}
                state = http.get(f"{url}/state", headers=auth).json()
                if state["status"] == "finished":
                    del playing[game]
                    continue
                moves = [action for action in state["legal"] if not action.get("template")]
                if moves:
                    http.post(f"{url}/actions", json={"action": moves[0], "expect_seq": state["seq"]}, headers=auth)
                    moved = True
            if not moved:
                time.sleep(0.05)  # only bots or a window's timer to wait for: poll again
    return tables


# The game's renderer has drawn the message numbered `seq` (any, if null) and every stylesheet on the page has
# loaded: what axe measures (contrast, sizes) is the finished drawing.
DRAWN = """(seq) => {
  const root = document.querySelector('#game [data-seq]');
  const sheets = [...document.querySelectorAll('link[rel=stylesheet]')];
  return Boolean(root) && (seq === null || root.dataset.seq === String(seq)) && sheets.every((link) => link.sheet)
    && document.fonts.status === 'loaded';
}"""
# The game's own result screen is drawn, styled.
RESULT_DRAWN = """() => Boolean(document.querySelector('#result [id$="-result"]'))
  && [...document.querySelectorAll('link[rel=stylesheet]')].every((link) => link.sheet)
  && document.fonts.status === 'loaded'"""


# Text drawn smaller than 12 px on screen (SVG text scaled by its drawing), with what it says.
SMALL_TEXT = """() => {
  const small = new Set();
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const box = el.getBoundingClientRect();
    if (!own || !box.width || getComputedStyle(el).visibility === 'hidden' || el.closest('[hidden]')) continue;
    let px = parseFloat(getComputedStyle(el).fontSize);
    const svg = el.closest('svg');
    if (svg && svg.viewBox.baseVal?.width) px *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    if (px < 11.95 && !el.closest('.visually-hidden')) {
      small.add(`${px.toFixed(1)} px: ${el.textContent.trim().slice(0, 30)}`);
    }
  }
  return [...small];
}"""


def check_phone(page: Page, where: str) -> None:
    if (page.viewport_size or {}).get("width", 0) > 400:
        return
    small = page.evaluate(SMALL_TEXT)
    assert not small, f"{where}: text under 12 px on a phone:\n" + "\n".join(small)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{where}: the page is {width} px wide on a 390 px phone"


def violations(page: Page) -> list[str]:
    page.wait_for_load_state("load")
    page.add_script_tag(path=str(AXE))
    found: list[str] = page.evaluate(RUN_AXE)
    return found


def check(page: Page, where: str) -> None:
    check_phone(page, where)
    found = violations(page)
    assert not found, f"{where}:\n" + "\n".join(found)


def test_platform_pages(sized: BrowserContext, server: ServerProcess) -> None:
    page = sized.new_page()
    page.goto(server.url + "/")
    check(page, "home")
    table_id = create_table(page, server)
    expect(page.locator("#lobby")).to_be_visible()
    check(page, "lobby")
    page.click("#make-seat-link")
    expect(page.locator("#seat-link")).to_have_value(re.compile("/seat#"))
    check(page, "lobby with a seat link")
    link = page.locator("#seat-link").input_value()
    page.fill("#bot-count", "2")
    page.click("#add-bots")
    expect(page.locator("#lobby-seats li")).to_have_count(3)
    page.click("#start")
    expect(page.locator("#legal")).to_be_visible()
    check(page, "table (generic renderer)")
    play_to_the_end(page)
    expect(page.locator("#result")).to_be_visible()
    check(page, "result (generic renderer)")
    page.goto(f"{server.url}/t/{table_id}/verify")
    expect(page.locator("#browser-verdict")).to_contain_text(re.compile("match", re.I))
    check(page, "verify")
    page.goto(server.url + "/no/such/page")
    check(page, "not found")
    page.goto(link)  # claimed here: this browser already holds the seat
    page.wait_for_url(f"{server.url}/t/{table_id}")
    page.goto(server.url + "/")
    page.goto(link)
    expect(page.locator("h1")).to_have_text("This seat link was already used")
    check(page, "seat link already used")


@pytest.mark.parametrize("game", GAMES)
def test_game_pages(sized: BrowserContext, server: ServerProcess, finished_tables: dict[str, tuple[str, str]],
                    game: str) -> None:
    page = sized.new_page()
    page.goto(f"{server.url}/games/{game}/rules")
    check(page, f"{game} rules")
    page.goto(server.url + "/")
    page.fill("#name", "Alice")
    page.select_option("#game", game)
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    seats = REGISTRY[game].min_players  # Raiding Parties' builder is its "table" here
    page.fill("#bot-count", str(seats - 1))
    page.click("#add-bots")
    expect(page.locator("#lobby-seats li")).to_have_count(seats)
    check(page, f"{game} lobby")
    page.click("#start")
    expect(page.locator("#game > *").first).to_be_visible()
    page.wait_for_function(DRAWN, arg=None)  # the renderer's first full draw
    check(page, f"{game} table")

    table_id, token = finished_tables[game]
    page.goto(seat_link(server, table_id, token))
    expect(page.locator("#result")).to_be_visible()
    page.wait_for_function(RESULT_DRAWN)  # the game's own result screen
    check(page, f"{game} result")

    # The replay, in the middle of the game, with everything revealed and then as the host saw it.
    last = len(httpx.get(f"{server.url}/api/tables/{table_id}/audit").json()["actions"])
    for seat in ("all", "0"):
        page.goto(f"{server.url}/t/{table_id}/replay#seq={last // 2}&seat={seat}")
        expect(page.locator("#moment")).to_contain_text(f"Move {last // 2} of {last}")
        page.wait_for_function(DRAWN, arg=last // 2)  # the renderer's draw
        check(page, f"{game} replay ({seat})")


def test_pages_of_the_second_game_night(sized: BrowserContext, server: ServerProcess) -> None:
    """Issue 21's pages: the join page (its badge), a game's options in words on the home page, a lobby and a table of
    six (the compact seat strip on a phone), and the table asking for a tap to resume its sound after a reload."""
    page = sized.new_page()
    made = httpx.post(f"{server.url}/api/tables", json={"game": "red-scare-redux", "name": "Bea"}, timeout=10).json()
    page.goto(made["invite_url"])
    expect(page.locator("#join-form")).to_be_visible()
    expect(page.locator("#conn")).to_have_text("not joined yet")
    check(page, "join page")

    page.goto(server.url + "/")
    page.fill("#name", "Alice")
    page.select_option("#game", "red-scare-redux")
    expect(page.locator("#opt-teams")).to_be_visible()
    check(page, "home with Red Scare Redux's options")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    page.fill("#bot-count", "5")
    page.select_option("#bot-kind", "random")
    page.click("#add-bots")
    expect(page.locator("#lobby-seats li")).to_have_count(6)
    expect(page.locator("#lobby-options li[data-option=layout_6]")).to_be_visible()
    check(page, "lobby of six")
    page.click("#start")
    page.wait_for_function(DRAWN, arg=None)
    check(page, "table of six")

    page.click("#alerts")
    expect(page.locator("#alerts")).to_have_text("Alerts: on")
    page.reload()
    expect(page.locator("#sound-resume")).to_be_visible()
    page.wait_for_function(DRAWN, arg=None)
    check(page, "table with the sound paused")
