"""Turncoats in a real browser: a whole game against a bot by clicks, and a recruit by taps on a phone.

The renderer's hooks: hand stones ``button[data-colour]``, modes ``[data-mode]``, map areas ``[data-area]`` (valid
targets carry ``data-target``), ``[data-action-type=negotiate]``, ``[data-return]``, ``[data-victims]``,
``[data-count]``; the root ``.tc`` tells its ``data-state`` (your-turn, negotiating, waiting, spectating, over),
``data-seq`` and ``data-busy``.
"""

from __future__ import annotations

import re

import httpx
import pytest

from tests.conftest import ServerProcess

STEP_CAP = 80  # my moves; a 2-player game has at most 16 non-Negotiate actions, plus the Negotiates

# True once the game is over, or once it is my move in a state newer than `seq` and nothing is in flight.
MY_MOVE_OR_OVER = """(seq) => {
  if (document.querySelector('#turncoats-result')) return true;
  const tc = document.querySelector('.tc');
  if (!tc || tc.dataset.busy === 'true' || tc.dataset.seq === seq) return false;
  return tc.dataset.state === 'your-turn' || tc.dataset.state === 'negotiating';
}"""


def host_table(page, server: ServerProcess, name: str) -> str:  # type: ignore[no-untyped-def]
    page.goto(server.url + "/")
    page.fill("#name", name)
    page.select_option("#game", "turncoats")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    page.fill("#bot-count", "1")
    page.click("#add-bots")
    page.wait_for_function("() => document.querySelectorAll('#lobby-seats li').length === 2")
    page.click("#start")
    page.wait_for_selector(".tc")
    return page.url.rsplit("/", 1)[1]


def watch_errors(page) -> list[str]:  # type: ignore[no-untyped-def]
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def recruit_by_clicks(page, tap: bool = False) -> None:  # type: ignore[no-untyped-def]
    press = (lambda loc: loc.tap()) if tap else (lambda loc: loc.click())
    press(page.locator("button[data-colour]:not([disabled])").first)
    press(page.locator("button[data-mode=recruit]"))
    target = page.locator("[data-area][data-target]").first
    target.wait_for()
    press(target)


def test_whole_game_by_clicks_reaches_the_result(server: ServerProcess, context) -> None:  # type: ignore[no-untyped-def]
    page = context.new_page()
    errors = watch_errors(page)
    table_id = host_table(page, server, "Ann")

    seq = None
    moves = 0
    for _ in range(STEP_CAP):
        page.wait_for_function(MY_MOVE_OR_OVER, arg=seq, timeout=20_000)
        if page.locator("#turncoats-result").count():
            break
        root = page.locator(".tc")
        seq = root.get_attribute("data-seq")
        if root.get_attribute("data-state") == "negotiating":
            page.locator("[data-return]").first.click()
            continue
        streak = int(page.locator(".tc-streak").get_attribute("data-streak") or "0")
        has_stones = page.locator("button[data-colour]:not([disabled])").count() > 0
        # Recruit while stones last; negotiate when that ends the game (the bot just negotiated) or the hand is empty.
        if has_stones and (moves == 0 or streak == 0):
            recruit_by_clicks(page)
        else:
            page.locator("[data-action-type=negotiate]").click()
        moves += 1
    else:
        pytest.fail(f"the game did not end within {STEP_CAP} of my moves")

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
