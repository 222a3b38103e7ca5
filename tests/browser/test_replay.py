"""Replays in a real browser: for every game, step through a whole finished game at laptop width with everything
revealed and on a phone as one seat saw it, through the game's own renderer, and check every moment the page drew
against the engine's replay of the audit. Also: the result screen's one click to the last move, log lines that jump,
and the shareable link to a moment.
"""

from __future__ import annotations

import re
import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from app import fairness
from app.replay import hidden
from games.registry import GAMES
from tests.browser.helpers import settle
from tests.conftest import ServerProcess

MOMENT = "(text) => document.querySelector('#moment').textContent.startsWith(text)"


@pytest.fixture(scope="module")
def finished(server: ServerProcess) -> dict[str, dict[str, Any]]:
    """One game of each kind played to its end by bots alone (started together: bots-only games wait out windows)."""
    tables = {}
    with httpx.Client(base_url=server.url) as http:
        for game_id, game in GAMES.items():
            options = dict(game.facts.quick_options)  # short windows: bots-only games wait them out
            made = http.post("/api/tables", json={"game": game_id, "name": "Alice", "options": options})
            made.raise_for_status()
            table = made.json()
            host = {"Authorization": f"Bearer {table['token']}"}
            url = f"/api/tables/{table['table_id']}"
            http.post(f"{url}/bots", json={"count": game.min_players - 1}, headers=host).raise_for_status()
            http.post(f"{url}/start", headers=host).raise_for_status()
            http.post(f"{url}/seats/0/bot", headers=host).raise_for_status()  # Alice's seat plays itself too
            tables[game_id] = table
        deadline = time.monotonic() + 240
        for game_id, table in tables.items():
            while http.get(f"/api/tables/{table['table_id']}").json()["status"] != "finished":
                assert time.monotonic() < deadline, f"{game_id} did not finish"
                time.sleep(0.2)
            table["audit"] = http.get(f"/api/tables/{table['table_id']}/audit").json()
    return tables


def step_through(page, url: str, last: int) -> dict[int, Any]:  # type: ignore[no-untyped-def]
    """Open the replay at the deal and press → to the end; the moments the page fetched, by seq."""
    responses: list[Any] = []
    page.on("response", lambda response: responses.append(response) if "/replay/" in response.url else None)
    page.goto(url)
    page.wait_for_function(MOMENT, arg="The deal")
    for seq in range(1, last + 1):
        page.keyboard.press("ArrowRight")
        page.wait_for_function(MOMENT, arg=f"Move {seq} of {last},")
    assert page.locator("#forward").is_disabled()
    page.locator("#result").wait_for()
    return {int(urlsplit(r.url).path.rsplit("/", 1)[1]): r.json() for r in responses if r.ok}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_in_both_viewpoints(server: ServerProcess, finished, context, phone, game_id: str) -> None:  # type: ignore[no-untyped-def]
    game = GAMES[game_id]
    table = finished[game_id]
    audit = table["audit"]
    states = list(fairness.each_state(game, audit))
    last = len(states) - 1
    base = f"{server.url}/t/{table['table_id']}/replay"
    for ctx, seat in ((context, "all"), (phone, "1")):
        page = ctx.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        seen = step_through(page, f"{base}#seq=0&seat={seat}", last)
        assert sorted(seen) == list(range(last + 1)), "the page drew every moment"
        viewer = None if seat == "all" else int(seat)
        for seq, message in seen.items():
            assert message["view"] == game.view(states[seq], viewer), (seat, seq)
            over = game.result(states[seq]) is not None
            expected_legal = [] if viewer is None or over else game.legal(states[seq], viewer)
            assert message["legal"] == expected_legal, (seat, seq)
            if viewer is None:
                assert message["hidden"] == hidden(game, states[seq])
        assert page.locator("#hidden").is_visible() == (seat == "all")
        assert page.locator("#game").evaluate("(el) => el.inert"), "the board is read-only"
        fits = page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
        assert fits, "no sideways scroll"
        # The address names the moment, ready to be shared.
        query = parse_qs(urlsplit(page.url).fragment)
        assert query == {"seq": [str(last)], "seat": [seat]}
        assert not errors, errors
        page.close()


def test_result_screen_opens_the_last_move_and_the_log_jumps(server: ServerProcess, finished, context) -> None:  # type: ignore[no-untyped-def]
    table = finished["turncoats"]
    last = len(table["audit"]["actions"])
    page = context.new_page()
    page.goto(table["spectate_url"])
    page.locator("#replay-link").click()
    page.wait_for_url(re.compile(r"/replay#seq=\d+&seat=all$"))
    page.wait_for_function(MOMENT, arg=f"Move {last} of {last},")
    # A log line takes the replay to its moment.
    line = page.locator("#log .log-jump").nth(3)
    line_text = line.text_content()
    line.click()
    page.wait_for_function("() => !location.hash.includes('seq=%d&')" % last)
    seq = int(parse_qs(urlsplit(page.url).fragment)["seq"][0])
    assert 0 <= seq < last
    page.wait_for_function(MOMENT, arg="The deal" if seq == 0 else f"Move {seq} of {last},")
    current = page.locator("#log li.current")
    assert current.count() == 1
    # A link to a moment, opened fresh, shows that moment from that seat.
    fresh = context.new_page()
    fresh.goto(f"{server.url}/t/{table['table_id']}/replay#seq=2&seat=0")
    fresh.wait_for_function(MOMENT, arg=f"Move 2 of {last}, as Alice saw it")
    assert fresh.locator("#viewpoint").input_value() == "0"
    assert line_text


# A Red Scare Redux line that names only a card's back: the covered form of a draw, give or take.
BACK_ONLY = re.compile(r"\b(an Omega card|a Delta card|an Objective)\b")


def open_moment(page, server: ServerProcess, table: dict[str, Any], seq: int, seat: str) -> None:  # type: ignore[no-untyped-def]
    last = len(table["audit"]["actions"])
    page.goto(f"{server.url}/t/{table['table_id']}/replay#seq={seq}&seat={seat}")
    page.wait_for_function(MOMENT, arg="The deal" if seq == 0 else f"Move {seq} of {last},")


def test_everything_revealed_tells_each_event_once(server: ServerProcess, finished, context) -> None:  # type: ignore[no-untyped-def]
    table = finished["red-scare-redux"]
    last = len(table["audit"]["actions"])
    page = context.new_page()
    open_moment(page, server, table, last, "all")
    lines = page.locator("#log li").all_inner_texts()
    assert any(" drew " in line for line in lines), "the private line of each draw is there"
    covered = [line for line in lines if BACK_ONLY.search(line)]
    assert not covered, f"an event told twice, in full and covered: {covered[:3]}"
    # A seat still reads the covered form of what it could not see.
    page.select_option("#viewpoint", "1")
    page.wait_for_function(MOMENT, arg=f"Move {last} of {last}, as")
    assert any(BACK_ONLY.search(line) for line in page.locator("#log li").all_inner_texts())


# Every label of the "Hidden at this moment" panel, as written (a table's column heads are drawn in capitals by CSS).
HIDDEN_LABELS = """() => [...document.querySelectorAll('#hidden :is(h3, dt, thead th)')]
  .map((el) => el.textContent.trim())"""


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_what_was_hidden_is_labelled_in_words(server: ServerProcess, finished, context, game_id: str) -> None:  # type: ignore[no-untyped-def]
    table = finished[game_id]
    page = context.new_page()
    open_moment(page, server, table, len(table["audit"]["actions"]) // 2, "all")
    labels = page.evaluate(HIDDEN_LABELS)
    assert labels
    raw = [label for label in labels if "_" in label or not (label[:1].isupper() or label[:1].isdigit())]
    assert not raw, f"labels that read as keys, not words: {raw}"


# The phone's replay controls: the settings card and the fixed bar (heights), the bar's rows of buttons and their
# size, and any "Seen by" choice wider than the menu shows (its text against the box, less the arrow's room).
CONTROLS = """() => {
  const box = (selector) => document.querySelector(selector).getBoundingClientRect();
  const select = document.getElementById('viewpoint');
  const style = getComputedStyle(select);
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = style.font;
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
  const buttons = [...document.querySelectorAll('.replay-bar button')].map((b) => b.getBoundingClientRect());
  return {
    settings: box('.replay-controls').height, bar: box('.replay-bar').height,
    cut: [...select.options].filter((o) => pen.measureText(o.text).width > room).map((o) => o.text),
    rows: new Set(buttons.map((b) => Math.round(b.top))).size,
    small: buttons.filter((b) => b.height < 36 || b.width < 36).length,
  };
}"""


def test_on_a_phone_the_replay_controls_are_a_compact_bar(server: ServerProcess, finished, phone) -> None:  # type: ignore[no-untyped-def]
    table = finished["red-scare-redux"]
    page = phone.new_page()
    open_moment(page, server, table, len(table["audit"]["actions"]) // 2, "all")
    settle(page)
    seen = page.evaluate(CONTROLS)
    assert seen["bar"] <= 125, f"the fixed bar takes {seen['bar']:.0f} of 844 px"
    assert seen["settings"] + seen["bar"] <= 215, f"the controls take {seen['settings'] + seen['bar']:.0f} of 844 px"
    assert seen["rows"] == 1 and seen["small"] == 0, seen
    assert not seen["cut"], f"cut off in the Seen by menu: {seen['cut']}"
