"""Red Scare Redux in a real browser: one person and three bots in a 2v2 (the bot in seat 2 is the person's
teammate), played by clicks to the result: a discard-and-redraw by ticks, an Objective begun from the hand (tap it,
"Begin", its helping card, Confirm) and a card given to the teammate through the menu's flow, draws, End turn, the
steps and response windows answered by their buttons. Then the phone layout: no sideways scrolling and tap targets
big enough, a flow followed two questions deep.

The renderer's hooks: the root ``.rs`` tells its ``data-state`` (your-move, window, waiting, spectating, over),
``data-seq`` and ``data-busy``. Buttons that send carry ``data-action`` (an entry of the legal list) and
``data-kind``; flows start at ``[data-flow]`` (or a card of your hand, ``[data-hand-card]``), their answers are
``.rs-options [data-choice]``, redraw ticks ``[data-pick]``, and ``#rs-confirm`` sends. Result: ``#rs-result``
with ``tr[data-team]`` and ``li[data-reveal-seat]``.
"""

from __future__ import annotations

import json
import time

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError

from games.red_scare_redux import GAME
from tests.browser.helpers import host_table as shared_host
from tests.browser.helpers import settle, watch_errors
from tests.conftest import ServerProcess
from tests.games.red_scare_redux.scenario import act, make

GAME_SECONDS = 300  # a 2v2 game to the end of the decks, its one-second windows included, on a busy machine

# The table's root: the final ranking is an `.rs` too, shown beside it once the game is over.
ROOT = ".rs[data-seq]"

# True once the game is over, or once something is mine to send in a state newer than `seq` and nothing is in flight.
MY_MOVE_OR_OVER = """(seq) => {
  if (document.querySelector('#rs-result')) return true;
  const rs = document.querySelector('.rs[data-seq]');
  if (!rs || rs.dataset.busy === 'true' || rs.dataset.seq === seq) return false;
  return Boolean(rs.querySelector('.rs-act [data-action], .rs-act [data-flow]'));
}"""

# The open response window as drawn at one instant (null once the page has moved on): its text and its clocks.
WINDOW_NOW = """() => {
  const rs = document.querySelector('.rs[data-seq]');
  const panel = rs?.dataset.state === 'window' ? rs.querySelector('.rs-window') : null;
  if (!panel) return null;
  return { seq: rs.dataset.seq, text: panel.querySelector('.rs-window-text')?.textContent.trim() ?? '',
           clocks: panel.querySelectorAll('.rs-clock[data-deadline]').length };
}"""

SMALL_TAPS = """() => [...document.querySelectorAll('.rs button, .rs summary')]
  .filter((el) => el.getClientRects().length)
  .map((el) => [el.textContent.trim().slice(0, 30), el.getBoundingClientRect()])
  .filter(([, box]) => box.height < 35.5 || box.width < 35.5)
  .map(([text, box]) => `${text} ${Math.round(box.width)}x${Math.round(box.height)}`)"""


def host_table(page, server: ServerProcess, name: str) -> str:  # type: ignore[no-untyped-def]
    # Bots let windows run out: one second keeps the game short.
    return shared_host(page, server, "red-scare-redux", name, 4, ".rs", {"response_window_s": "1"})


def answer_until_confirm(page, last: bool = False) -> dict:  # type: ignore[no-untyped-def,type-arg]
    """Takes the first (or last) answer to each question of the open flow, then presses Confirm; returns the action
    sent."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        page.locator(".rs-options [data-choice], #rs-confirm").first.wait_for()  # the next question, or Confirm
        confirm = page.locator("#rs-confirm")
        if confirm.count():
            action = json.loads(confirm.get_attribute("data-action") or "{}")
            confirm.click()
            return action
        choices = page.locator(".rs-options [data-choice]")
        (choices.last if last else choices.first).click()
    pytest.fail("the flow never reached Confirm")


def move(page, done: dict[str, int]) -> None:  # type: ignore[no-untyped-def]
    """One thing of mine, chosen the way a person would, by clicks only."""
    rs = page.locator(ROOT)
    if rs.get_attribute("data-state") == "window":
        # What is played against whom, with its own countdown: read in one go, as a one-second window can close
        # (and the page move on) between two separate reads.
        window = page.evaluate(WINDOW_NOW)
        if window is not None:
            assert window["text"], window
            assert window["clocks"] == 1, window
        page.locator(".rs-window [data-action]").first.click()
        done["window"] += 1
        return
    if page.locator(".rs-step").count():
        assert page.locator(".rs-step-text").inner_text().strip()
        stop = page.locator(".rs-step [data-kind=done]")
        if stop.count() and not done["place"] and page.locator(".rs-step .rs-options [data-choice]").count():
            sent = answer_until_confirm(page)  # one more card on the Objective just begun
            assert sent["type"] in ("place", "place_pair")
            done["place"] += 1
        elif stop.count():
            stop.click()
        elif page.locator(".rs-step [data-kind=discard]").count():
            page.locator(".rs-step [data-kind=discard]").last.click()  # keep the Objectives (listed first)
        else:
            page.locator(".rs-step [data-action]").first.click()
        done["step"] += 1
        return
    # My turn's main actions.
    first = page.locator(".rs-facts").get_attribute("data-first") == "true"
    if first and not done["redraw"] and page.locator("[data-flow=redraw]").count():
        page.locator("[data-flow=redraw]").click()
        last = page.locator("[data-pick]").last  # the hand is in catalogue order: keep the Objective (first)
        last.click()
        assert page.locator("[data-pick]").last.get_attribute("aria-pressed") == "true"
        sent = answer_until_confirm(page)
        assert sent["type"] == "redraw" and len(sent["cards"]) == 1
        done["redraw"] += 1
        return
    objective = page.locator(".rs-your-hand .rs-k-objective [data-hand-card]")
    if not done["begin"] and objective.count() and page.locator("[data-flow=begin]").count():
        # Pick the Objective in the hand, say "begin", then its helping card (or pair), then Confirm.
        name = objective.first.get_attribute("data-hand-card")
        objective.first.click()
        page.locator(".rs-flow[data-flow=card] [data-flow=begin]").click()
        sent = answer_until_confirm(page)
        assert sent["type"] == "begin" and sent["objective"] == name
        done["begin"] += 1
        return
    if not done["give"] and page.locator("[data-flow=give]").count():
        page.locator("[data-flow=give]").click()
        sent = answer_until_confirm(page, last=True)  # not the Objective, listed first
        assert sent["type"] == "give" and sent["to"] == 2  # the teammate
        done["give"] += 1
        return
    if not done["end_turn"] and done["draw"]:
        page.locator(".rs-act [data-kind=end_turn]").click()
        done["end_turn"] += 1
        return
    draw = page.locator(".rs-act [data-kind=draw]")
    if draw.count():
        draw.first.click()
        done["draw"] += 1
    else:
        page.locator(".rs-act [data-kind=end_turn]").click()


def test_a_2v2_game_by_clicks_to_the_result(server: ServerProcess, context) -> None:  # type: ignore[no-untyped-def]
    page = context.new_page()
    errors = watch_errors(page)
    table_id = host_table(page, server, "Ann")
    token = page.evaluate(f"() => localStorage.getItem('tabletop:seat:{table_id}')")
    auth = {"Authorization": f"Bearer {token}"}

    done = dict.fromkeys(("redraw", "begin", "place", "give", "end_turn", "draw", "step", "window"), 0)
    seq = None
    missed = 0
    page.set_default_timeout(4_000)
    end = time.monotonic() + GAME_SECONDS
    while True:
        if time.monotonic() > end:
            pytest.fail(f"the game did not end within {GAME_SECONDS} s ({done})")
        page.wait_for_function(MY_MOVE_OR_OVER, arg=seq, timeout=30_000)
        if page.locator("#rs-result").count():
            break
        seq = page.locator(ROOT).get_attribute("data-seq")
        try:
            move(page, done)
        except PlaywrightError:
            # A one-second window can close (or a step pass) between reading the page and the click.
            missed += 1
            assert missed < 30, "too many clicks landed on a page that had moved on"
            seq = None
    page.set_default_timeout(15_000)

    result = page.locator("#rs-result")
    result.wait_for()
    state = httpx.get(f"{server.url}/api/tables/{table_id}/state", headers=auth, timeout=10).json()
    assert state["status"] == "finished"
    for row in state["result"]["ranking"]:
        line = result.locator(f"tr[data-team='{row['team']}']")
        assert line.count() == 1
        assert line.get_attribute("data-points") == str(row["points"])
    assert result.locator("li[data-reveal-seat]").count() == 4
    assert done["draw"] and done["end_turn"] and done["begin"] + done["give"] >= 1, done
    assert errors == []


def test_phone_table_fits_and_a_flow_can_be_followed(server: ServerProcess, phone) -> None:  # type: ignore[no-untyped-def]
    page = phone.new_page()
    errors = watch_errors(page)
    host_table(page, server, "Pip")
    width = page.viewport_size["width"]
    page.wait_for_selector(".rs .rs-team[data-team]")
    assert page.locator(".rs-team").count() == 2
    assert page.locator(".rs-your-hand :is(.rs-hand, .rs-empty)").count() == 1
    # The teammate's hand is shown too (seat 2 plays with seat 0), the opponents' are not.
    assert page.locator(".rs-player[data-seat='2'] :is(.rs-hand, .rs-empty)").count() == 1
    assert page.locator(".rs-player[data-seat='1'] :is(.rs-hand, .rs-empty)").count() == 0
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    small = page.evaluate(SMALL_TAPS)
    assert not small, f"controls under 36 px: {small}"
    # When the turn comes: a flow's questions fit the phone as well.
    page.wait_for_function("() => document.querySelector('.rs [data-flow=give], .rs [data-flow=begin]')",
                           timeout=30_000)
    page.locator("[data-flow=give], [data-flow=begin]").first.tap()
    for _ in range(2):  # the first question, then the next one (or the summary with Confirm)
        page.locator(".rs-options [data-choice], #rs-confirm").first.wait_for()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        small = page.evaluate(SMALL_TAPS)
        assert not small, f"controls under 36 px: {small}"
        if not page.locator(".rs-options [data-choice]").count():
            break
        page.locator(".rs-options [data-choice]").first.tap()
    assert page.locator(".rs-chosen [data-change]").count() >= 1  # each answer given can be changed
    assert errors == []


def tied_game() -> dict:  # type: ignore[type-arg]
    """The state message of a finished 2v2, as seat 1 (Team 2) receives it: tied at 4 points, Team 1 having completed an
    Objective last, ended by the last Resource card. The result and the team labels are the engine's own."""
    state = make(4, omega=["Funds 1"], only=True)
    objective = {card["name"]: copy for copy, card in enumerate(state["cards"]) if card["back"] == "objective"}
    state["completed"][1].append({"objective": objective["Smuggle Defector"], "placed": [], "order": 1})  # 4 points
    state["completed"][0].append({"objective": objective["Hijack Arms Shipment"], "placed": [], "order": 2})  # 4, later
    state["completions"] = 2
    state = act(state, 0, {"type": "draw", "deck": "omega"})
    state = act(state, 0, {"type": "end_turn"})
    result = GAME.result(state)
    assert result is not None and result["reason"] == "decks_empty" and result["winners"] == [0, 2]
    teams = GAME.teams(state)  # type: ignore[misc]
    names = ["Ann", "Bob", "Cy", "Di"]
    return {"type": "state", "status": "finished", "seq": state["seq"], "result": result, "view": None, "legal": [],
            "you": {"seat": 1}, "log": [],
            "table": {"seats": [{"seat": s, "name": n, "bot": False, "connected": True} for s, n in enumerate(names)],
                      "teams": {str(seat): label for seat, label in teams.items()}}}


# Draws the game's result screen for `message` at the top of the page, as the table page does, and returns the
# platform's personal line for it.
DRAW_RESULT = """async (message) => {
  const game = await import('/static/js/games/red-scare-redux.js');
  const { personalLine } = await import('/static/js/table/result.js');
  const root = document.createElement('div');
  root.id = 'drawn-result';
  document.querySelector('main').prepend(root);
  game.renderResult(root, message);
  return personalLine(message);
}"""


def test_the_result_names_teams_alike_and_spells_out_a_tie_break(server: ServerProcess, context) -> None:  # type: ignore[no-untyped-def]
    page = context.new_page()
    page.goto(server.url + "/")
    personal = page.evaluate(DRAW_RESULT, tied_game())
    mine = page.locator("#rs-result tr.rs-you th[scope=row]")
    assert mine.inner_text() == "Team 2"
    assert personal == "Your team (Team 2) lost.", "the personal line names the team as the table does"
    assert page.locator("#rs-result .rs-reason").inner_text() == "The Resource decks ran out."
    assert page.locator("#rs-result .rs-tie-break").inner_text() == (
        "Tied at 4 points: Team 1 completed an Objective last, so Team 1 wins the tie.")


# Words of the elements matched that are drawn on more than one line (a word broken inside itself).
BROKEN_WORDS = """(selector) => {
  const broken = [];
  for (const root of document.querySelectorAll(selector)) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size > 1) broken.push(word[0]);
      }
    }
  }
  return broken;
}"""


def test_on_a_phone_the_result_table_fits_without_breaking_words(server: ServerProcess, phone) -> None:  # type: ignore[no-untyped-def]
    page = phone.new_page()
    page.goto(server.url + "/")
    page.evaluate(DRAW_RESULT, tied_game())
    settle(page)  # the game's stylesheet has loaded
    assert page.evaluate(BROKEN_WORDS, "#rs-result .rs-ranking") == []
    wrap = page.locator("#rs-result .rs-table-wrap")
    assert wrap.evaluate("(el) => el.scrollWidth <= el.clientWidth"), "the ranking scrolls sideways on a phone"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    winner = page.locator("#rs-result tr[data-team='0'] th[scope=row]")
    assert winner.inner_text().split() == ["Team", "1", "won"]
