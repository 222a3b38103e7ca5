"""Patriots & Redcoats in a real browser: a whole 5-player game by clicks against bots, and 10 players on a phone.

The renderer's hooks: the root ``.pr`` tells its ``data-state`` (your-move, optional, waiting, spectating, over),
``data-seq`` and ``data-busy``; every action button carries ``data-action`` (the legal action's JSON, verbatim) and
``data-kind`` (its type); player tiles are ``li[data-seat]``; the result is ``#pr-result`` with one
``tr[data-reveal-seat]`` per player (``data-team``, cards as ``li[data-card-kind][data-face-up]``).
"""

from __future__ import annotations

import json
import re
import time

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.conftest import ServerProcess

STEP_CAP = 400  # my moves in one game: a 5-player game needs roughly 60-150
GAME_SECONDS = 60  # the whole game, bots included

# True once the game is over, or once it is my move in a state newer than `seq` and nothing is in flight.
MY_MOVE_OR_OVER = """(seq) => {
  if (document.querySelector('#pr-result')) return true;
  const pr = document.querySelector('.pr');
  if (!pr || pr.dataset.busy === 'true' || pr.dataset.seq === seq) return false;
  return pr.dataset.state === 'your-move';
}"""
FIRST_MOVE = ".pr-act button[data-action]:not([disabled]):not([data-kind=assassinate])"


def host_table(page, server: ServerProcess, name: str, players: int) -> str:  # type: ignore[no-untyped-def]
    page.goto(server.url + "/")
    page.fill("#name", name)
    page.select_option("#game", "patriots-and-redcoats")
    page.fill("#opt-response_window_s", "1")  # quick windows: the test does not wait out 5 s / 20 s timers
    page.fill("#opt-assassination_window_s", "1")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    page.fill("#bot-count", str(players - 1))
    page.click("#add-bots")
    page.wait_for_function(f"() => document.querySelectorAll('#lobby-seats li').length === {players}")
    page.click("#start")
    page.wait_for_selector(".pr")
    return page.url.rsplit("/", 1)[1]


def watch_errors(page) -> list[str]:  # type: ignore[no-untyped-def]
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def press_first_move(page, tap: bool = False) -> dict | None:  # type: ignore[no-untyped-def,type-arg]
    """Click (or tap) the first non-assassination action button; returns the action it sent. Each new state redraws
    the panel, so a button that goes away under the pointer is simply looked up again."""
    for _ in range(5):
        locator = page.locator(FIRST_MOVE).first
        if not locator.count():
            return None
        try:
            handle = locator.element_handle(timeout=2_000)
            action = json.loads(handle.get_attribute("data-action") or "null")
            assert handle.get_attribute("data-kind") == action["type"]
            if tap:
                box = handle.bounding_box()
                assert box is not None and box["height"] >= 40 and box["width"] >= 40
                handle.tap(timeout=2_000)
            else:
                handle.click(timeout=2_000)
            return action  # type: ignore[no-any-return]
        except (PlaywrightError, PlaywrightTimeout):
            continue
    return None


def my_state(page, server: ServerProcess, table_id: str) -> dict:  # type: ignore[no-untyped-def,type-arg]
    token = page.evaluate(f"() => localStorage.getItem('tabletop:seat:{table_id}')")
    response = httpx.get(f"{server.url}/api/tables/{table_id}/state", headers={"Authorization": f"Bearer {token}"},
                         timeout=10)
    return response.json()  # type: ignore[no-any-return]


def test_whole_game_by_clicks_reaches_the_result(server: ServerProcess, context) -> None:  # type: ignore[no-untyped-def]
    page = context.new_page()
    errors = watch_errors(page)
    table_id = host_table(page, server, "Ann", 5)
    page.wait_for_selector("li.pr-seat[data-seat]")
    assert page.locator("li.pr-seat[data-seat]").count() == 5

    seq = None
    kinds: list[str] = []
    end = time.monotonic() + GAME_SECONDS
    for _ in range(STEP_CAP):
        left = end - time.monotonic()
        if left <= 0:
            pytest.fail(f"the game did not end within {GAME_SECONDS} s ({len(kinds)} moves: {sorted(set(kinds))})")
        try:
            page.wait_for_function(MY_MOVE_OR_OVER, arg=seq, timeout=min(left, 10) * 1000)
        except PlaywrightTimeout:
            seq = None  # a refused move leaves the seq as it was: look again
            continue
        if page.locator("#pr-result").count():
            break
        seq = page.locator(".pr").get_attribute("data-seq")
        action = press_first_move(page)
        if action is None:
            seq = None
            continue
        kinds.append(action["type"])
    else:
        pytest.fail(f"the game did not end within {STEP_CAP} of my moves")

    result = page.locator("#pr-result")
    result.wait_for()
    assert "confirm" in kinds

    # Every hand and team is revealed, and they are the server's.
    state = my_state(page, server, table_id)
    assert state["status"] == "finished"
    audit = httpx.get(f"{server.url}/api/tables/{table_id}/audit", timeout=10).json()
    reveal = audit["result"]["reveal"]
    assert reveal == state["result"]["reveal"]
    assert len(reveal["players"]) == 5
    for player in reveal["players"]:
        row = result.locator(f"tr[data-reveal-seat='{player['seat']}']")
        assert row.count() == 1
        assert row.get_attribute("data-team") == player["team"]
        cards = row.locator("li[data-card-kind]")
        assert [cards.nth(i).get_attribute("data-card-kind") for i in range(cards.count())] == \
            [card["kind"] for card in player["cards"]]
        assert [cards.nth(i).get_attribute("data-face-up") for i in range(cards.count())] == \
            [str(card["face_up"]).lower() for card in player["cards"]]
    assert result.locator(".pr-undealt").get_attribute("data-undealt") == str(len(reveal["undealt"]))
    winner = state["result"]["winning_team"] or "none"
    assert result.locator("[data-winning-team]").get_attribute("data-winning-team") == winner
    mine = [a for a in audit["actions"] if a["seat"] == 0 and a["source"] == "seat"]
    assert 0 < len(mine) <= len(kinds)
    print(f"{len(kinds)} moves ({sorted(set(kinds))}); {state['result']['reason']}")
    assert errors == []


def test_phone_ten_players_fit_and_a_move_by_tap(server: ServerProcess, phone) -> None:  # type: ignore[no-untyped-def]
    page = phone.new_page()
    errors = watch_errors(page)
    table_id = host_table(page, server, "Pip", 10)
    page.wait_for_function(MY_MOVE_OR_OVER, arg=None, timeout=20_000)

    width = page.viewport_size["width"]
    boxes = page.evaluate("""() => [...document.querySelectorAll('li.pr-seat[data-seat]')].map((tile) => {
      const box = tile.getBoundingClientRect();
      const style = getComputedStyle(tile);
      return {left: box.left, right: box.right, width: box.width, height: box.height,
              shown: style.visibility !== 'hidden' && style.display !== 'none'};
    })""")
    assert len(boxes) == 10
    for box in boxes:
        assert box["shown"] and box["width"] > 100 and box["height"] > 30
        assert box["left"] >= 0 and box["right"] <= width + 0.5
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width

    before = page.locator(".pr").get_attribute("data-seq")
    offered = my_state(page, server, table_id)["legal"]
    action = press_first_move(page, tap=True)
    assert action is not None and action in offered
    page.wait_for_function("(seq) => document.querySelector('.pr')?.dataset.seq !== seq", arg=before)
    # The tapped action was taken: the server no longer offers it to me for this step.
    state = my_state(page, server, table_id)
    assert state["seq"] > int(before or 0)
    assert action not in state["legal"] or action["type"] == "continue"
    assert errors == []
