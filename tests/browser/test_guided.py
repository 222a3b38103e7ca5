"""A guided first game of each game, started from "Learn by playing" on the home page and played to its result by the
page's own controls; "Practice against bots"; and no hints at a normal table.

Every hint that appears is recorded with the seq it was drawn at (a MutationObserver on the hint bar). Once the game is
over, its audit is replayed through the engine (app/fairness.py) and each seq's hints worked out for the learner's
seat with games/hints.py: each recorded hint must hold at the seq it appeared at (the browser's evaluator agrees with
the server's, and the hint came at its moment), no hint may appear twice, and every hint that held when the learner
acted must have appeared.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import httpx
from playwright.sync_api import BrowserContext, Page, expect

from app.fairness import each_state
from games.hints import showing
from games.protocol import Game
from games.registry import GAMES
from tests.browser import test_patriots as pr
from tests.browser import test_raiding_parties as rp
from tests.browser import test_red_scare_redux as rs
from tests.browser import test_turncoats as tc
from tests.browser.helpers import watch_errors
from tests.conftest import ServerProcess

GAME_SECONDS = 300  # a whole game, its one-second windows included, on a busy machine

# Records each hint as it appears: its id and the seq it was drawn at.
RECORDER = """
window.__hints = [];
document.addEventListener('DOMContentLoaded', () => {
  const bar = document.getElementById('hint-bar');
  if (!bar) return;
  let last = null;
  const note = () => {
    const id = bar.hidden ? null : (bar.dataset.hint ?? null);
    if (id && id !== last) window.__hints.push({ id, seq: Number(bar.dataset.seq) });
    last = id;
  };
  new MutationObserver(note).observe(bar, { attributes: true, attributeFilter: ['hidden', 'data-hint'] });
  note();
});
"""


def learn(page: Page, server: ServerProcess, game_id: str, options: dict[str, str], ready: str) -> str:
    """Press "Learn by playing" on the game's card (with the form showing that game and these options, which a guided
    game takes over), and wait for the renderer's root; returns the table id."""
    page.add_init_script(RECORDER)
    page.goto(server.url + "/")
    page.select_option("#game", game_id)
    for option, value in options.items():
        page.fill(f"#opt-{option}", value)
    page.locator(f"button[data-learn='{game_id}']").click()
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    page.wait_for_selector(ready)
    return str(page.url.rsplit("/", 1)[1])


def token_of(page: Page, table_id: str) -> str:
    return str(page.evaluate(f"() => localStorage.getItem('tabletop:seat:{table_id}')"))


def dismiss_hints(page: Page) -> int:
    """Press "Got it" on every hint showing now (dismissing one draws the next whose moment it is); returns how many."""
    bar = page.locator("#hint-bar")
    count = 0
    while bar.is_visible():
        bar.get_by_role("button", name="Got it").click()
        count += 1
        assert count <= 20, "a dismissed hint keeps coming back"
    return count


def play(page: Page, over: str, ready_js: str, step: Callable[[], object]) -> int:
    """Until the result (``over``) shows: wait for my move (``ready_js``, given the last seq), dismiss the hints
    showing, make one ``step``. Returns the moves made."""
    seq, moves, end = None, 0, time.monotonic() + GAME_SECONDS
    while True:
        assert time.monotonic() < end, f"the game did not end within {GAME_SECONDS} s ({moves} moves)"
        try:
            page.wait_for_function(ready_js, arg=seq, timeout=30_000)
        except Exception:  # noqa: BLE001 - a refused move or a closed window leaves the seq as it was: look again
            seq = None
            continue
        if page.locator(over).count():
            return moves
        seq = page.locator("#game [data-seq]").first.get_attribute("data-seq")
        dismiss_hints(page)
        try:
            step()
        except Exception:  # noqa: BLE001 - a one-second window can close between reading the page and the click
            seq = None
            continue
        moves += 1


def check_guided_game(page: Page, server: ServerProcess, table_id: str, game: Game[Any],
                      recorded: list[dict[str, Any]]) -> None:
    """The table is guided against Easy bots and finished; the recorded hints came once each, at their moments."""
    auth = {"Authorization": f"Bearer {token_of(page, table_id)}"}
    facts = httpx.get(f"{server.url}/api/tables/{table_id}", timeout=10).json()
    assert facts["guided"] is True and facts["status"] == "finished"
    assert len(facts["seats"]) == game.min_players
    assert [seat["bot_kind"] for seat in facts["seats"]] == [None] + ["random"] * (game.min_players - 1)
    assert httpx.get(f"{server.url}/api/tables/{table_id}/state", headers=auth, timeout=10).json()["result"]

    audit = httpx.get(f"{server.url}/api/tables/{table_id}/audit", timeout=10).json()
    states = list(each_state(game, audit))
    holding = [set(showing(game.hints, game.view(state, 0), game.legal(state, 0)))
               if game.result(state) is None else set() for state in states]
    ids = [hint["id"] for hint in recorded]
    assert ids, "no hint appeared"
    assert len(ids) == len(set(ids)), f"a hint appeared twice: {ids}"
    for hint in recorded:
        assert hint["id"] in holding[hint["seq"]], f"{hint} appeared where it does not hold"
    acted = [entry["seq"] - 1 for entry in audit["actions"] if entry["seat"] == 0 and entry["source"] == "seat"]
    due = set().union(*(holding[seq] for seq in acted))
    assert due <= set(ids), f"hints due when the learner acted never appeared: {sorted(due - set(ids))}"
    print(f"{game.id}: hints {ids}; never due: {sorted({h.id for h in game.hints} - due - set(ids))}")


def test_guided_turncoats_on_a_phone_dismissal_sticks(server: ServerProcess, phone: BrowserContext) -> None:
    page = phone.new_page()
    errors = watch_errors(page)
    table_id = learn(page, server, "turncoats", {}, ".tc")
    page.wait_for_function(tc.MY_MOVE_OR_OVER, arg=None, timeout=20_000)
    bar = page.locator("#hint-bar")
    expect(bar).to_have_attribute("data-hint", "your-turn")
    assert "Tap one of your stones" in bar.inner_text()
    box = bar.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390.5  # fits the phone
    bar.get_by_role("button", name="Got it").tap()
    expect(bar).to_be_hidden()
    recorded: list[dict[str, Any]] = page.evaluate("() => window.__hints")

    page.reload()  # still the same moment: a dismissed hint does not come back
    page.wait_for_function(tc.MY_MOVE_OR_OVER, arg=None, timeout=20_000)
    assert page.evaluate("() => localStorage.getItem('tabletop:hint:turncoats:your-turn')") is not None
    assert bar.get_attribute("data-hint") != "your-turn"

    def step() -> None:
        root = page.locator(tc.ROOT)
        if root.get_attribute("data-state") == "negotiating":
            page.locator("[data-return]").first.click()
        elif page.locator("button[data-colour]:not([disabled])").count() and \
                page.locator(".tc-streak").get_attribute("data-streak") == "0":
            tc.recruit_by_clicks(page, tap=True)
        else:
            page.locator("[data-action-type=negotiate]").tap()

    play(page, "#turncoats-result", tc.MY_MOVE_OR_OVER, step)
    recorded += page.evaluate("() => window.__hints")
    check_guided_game(page, server, table_id, GAMES["turncoats"], recorded)
    assert errors == []


def test_guided_patriots_and_redcoats(server: ServerProcess, context: BrowserContext) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    table_id = learn(page, server, "patriots-and-redcoats", {"response_window_s": "1", "assassination_window_s": "1"},
                     ".pr")
    play(page, "#pr-result", pr.MY_MOVE_OR_OVER, lambda: pr.press_first_move(page))
    check_guided_game(page, server, table_id, GAMES["patriots-and-redcoats"], page.evaluate("() => window.__hints"))
    assert errors == []


def test_guided_red_scare_redux(server: ServerProcess, context: BrowserContext) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    table_id = learn(page, server, "red-scare-redux", {"response_window_s": "1"}, ".rs")
    done = dict.fromkeys(("redraw", "begin", "place", "give", "end_turn", "draw", "step", "window"), 0)
    page.set_default_timeout(4_000)
    play(page, "#rs-result", rs.MY_MOVE_OR_OVER, lambda: rs.move(page, done))
    page.set_default_timeout(15_000)
    check_guided_game(page, server, table_id, GAMES["red-scare-redux"], page.evaluate("() => window.__hints"))
    assert errors == []


def test_guided_raiding_parties(server: ServerProcess, context: BrowserContext) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    table_id = learn(page, server, "raiding-parties", {"reaction_seconds": "1"}, ".rp[data-state=building]")
    bar = page.locator("#hint-bar")
    expect(bar).to_have_attribute("data-hint", "build")  # the secret build: a hint from the seat's own legal list
    page.locator("[data-hire]").first.click()  # the ready-made party that spends the most
    expect(bar).not_to_have_attribute("data-hint", "build")  # its moment has passed: hired
    page.wait_for_selector(".rp[data-phase=play], .rp[data-state=hired]")
    play(page, "#rp-result", rp.MY_MOVE_OR_OVER, lambda: rp.take_first_move(page))
    check_guided_game(page, server, table_id, GAMES["raiding-parties"], page.evaluate("() => window.__hints"))
    assert errors == []


def test_practice_against_bots_starts_at_once_and_shows_no_hints(server: ServerProcess,
                                                                 context: BrowserContext) -> None:
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(server.url + "/")
    page.fill("#name", "Pat")
    page.select_option("#game", "turncoats")
    page.select_option("#practice-players", "3")
    page.select_option("#practice-level", "random")
    page.click("#practice")
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    table_id = page.url.rsplit("/", 1)[1]
    page.wait_for_function(tc.MY_MOVE_OR_OVER, arg=None, timeout=20_000)
    facts = httpx.get(f"{server.url}/api/tables/{table_id}", timeout=10).json()
    assert facts["status"] == "playing" and facts["guided"] is False
    assert [(seat["name"], seat["bot_kind"]) for seat in facts["seats"]][0] == ("Pat", None)
    assert [seat["bot_kind"] for seat in facts["seats"][1:]] == ["random", "random"]
    # A normal table: no hint, at the very moment a guided one shows its first, nor after a move.
    assert page.locator(".tc").get_attribute("data-state") == "your-turn"
    bar = page.locator("#hint-bar")
    assert bar.is_hidden() and bar.get_attribute("data-hint") is None
    seq = page.locator(tc.ROOT).get_attribute("data-seq")
    tc.recruit_by_clicks(page)
    page.wait_for_function(tc.MY_MOVE_OR_OVER, arg=seq, timeout=20_000)
    assert bar.is_hidden() and bar.get_attribute("data-hint") is None
    assert page.evaluate("() => Object.keys(localStorage).filter((key) => key.startsWith('tabletop:hint:'))") == []
    assert errors == []


def test_new_controls_and_a_hint_pass_axe(sized: BrowserContext, server: ServerProcess) -> None:
    from tests.browser.test_accessibility import check  # axe is injected by the test: the page's CSP is bypassed

    page = sized.new_page()
    page.goto(server.url + "/")
    expect(page.locator("button[data-learn]")).to_have_count(len(GAMES))
    check(page, "home with Learn by playing and Practice against bots")
    learn(page, server, "turncoats", {}, ".tc")
    expect(page.locator("#hint-bar")).to_be_visible()
    page.wait_for_function("() => [...document.querySelectorAll('link[rel=stylesheet]')].every((l) => l.sheet)")
    check(page, "a guided table with a hint")



PARITY = """async ([cases, hints]) => {
  const { holding, fill } = await import('/static/js/table/hints.js');
  return cases.map(([view, legal]) => [holding(hints, { view, legal }),
                                       hints.map((hint) => fill(hint.text, view))]);
}"""


def test_the_browser_evaluates_hints_as_the_server_does(server: ServerProcess, context: BrowserContext) -> None:
    """static/js/table/hints.js against games/hints.py: every game's hints over the views and legal lists of a played
    game, for every seat, and the condition forms of tests/games/test_hints.py."""
    from games.hints import Hint, fill
    from tests.games.test_hints import FORMS, LEGAL, VIEW
    from tests.support.corpus import played

    page = context.new_page()
    page.goto(server.url + "/")
    forms = tuple(Hint(f"form-{i}", "Text {step.owed}.", condition) for i, (condition, _) in enumerate(FORMS))
    for game in [*GAMES.values(), None]:
        hints = forms if game is None else game.hints
        if game is None:
            cases = [(VIEW, LEGAL)]
        else:
            states, _ = played(game, game.min_players, None, 0)
            cases = [(game.view(state, seat), game.legal(state, seat))
                     for state in states[::max(1, len(states) // 60)] for seat in range(game.min_players)]
        answers = page.evaluate(PARITY, [cases, [hint.public() for hint in hints]])
        for (view, legal), (shown, texts) in zip(cases, answers, strict=True):
            assert shown == showing(hints, view, legal), (game and game.id, view, legal)
            assert texts == [fill(hint.text, view) for hint in hints]
