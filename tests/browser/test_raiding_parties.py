"""Raiding Parties in a real browser: a party built card by card in the builder (its live limits, then Submit), a
whole game against a bot by clicks to the result, and the builder on a phone (the sticky total bar, no overflow).

The renderer's hooks: the root ``.rp`` tells its ``data-state`` (building, hired, your-move, waiting, spectating,
over), ``data-seq`` and ``data-busy``. Builder: ``li.rp-cat[data-card]`` with ``[data-plus]``/``[data-minus]``,
``.rp-total-bar`` (``[data-total]``, ``[data-ships-forts]``), ``#rp-submit``. Table: your cards that can act now
``.rp-card[data-actor]``, their action groups ``.rp-groups > button``, valid targets ``.rp-table [data-target]``,
buttons that send ``[data-action]`` (in the controls bar ``.rp-dock``: prompt answers ``.rp-answers``, hold plays
``.rp-play``, ``[data-kind=end]``).
Result: ``#rp-result`` with ``tr[data-reveal-seat]``.
"""

from __future__ import annotations

import time

import httpx
import pytest

from tests.browser.helpers import host_table as shared_host
from tests.browser.helpers import seat_link, settle, watch_errors
from tests.conftest import ServerProcess

GAME_SECONDS = 300  # a whole game against the bot, its one-second reaction windows included, on a busy machine
ROOT = ".rp[data-seq]"  # the table's root: the final result is an .rp too

# True once the game is over, or once something is mine to do in a state newer than `seq` and nothing is in flight.
MY_MOVE_OR_OVER = """(seq) => {
  if (document.querySelector('#rp-result')) return true;
  const rp = document.querySelector('.rp[data-seq]');
  if (!rp || rp.dataset.busy === 'true' || rp.dataset.seq === seq) return false;
  return rp.dataset.state === 'your-move';
}"""


# Visible buttons and summaries in the game smaller than 36 px either way, by their text.
SMALL_TAPS = """() => [...document.querySelectorAll('.rp button, .rp summary')]
  .filter((el) => el.getClientRects().length)
  .map((el) => [el.textContent.trim().slice(0, 30), el.getBoundingClientRect()])
  .filter(([, box]) => box.height < 35.5 || box.width < 35.5)
  .map(([text, box]) => `${text} ${Math.round(box.width)}x${Math.round(box.height)}`)"""


# Sections of the controls bar that look empty: a heading or a summary with no content after it, or a closed
# summary drawn without its disclosure marker (it reads as a heading over nothing: issue 38's "About the Brethren").
EMPTY_DOCK_SECTIONS = """() => [...document.querySelectorAll('.rp-dock h3, .rp-dock summary')]
  .filter((el) => el.getClientRects().length)
  .filter((el) => {
    if (![...el.parentElement.children].some((child) => child !== el && child.textContent.trim())) return true;
    if (el.tagName !== 'SUMMARY' || getComputedStyle(el).display === 'list-item') return false;
    return ['none', 'normal', '""'].includes(getComputedStyle(el, '::before').content);
  })
  .map((el) => el.textContent.trim())"""


def host_table(page, server: ServerProcess, name: str) -> str:  # type: ignore[no-untyped-def]
    # The bot never passes a reaction window early (ruling 1): one-second windows keep the game short.
    return shared_host(page, server, "raiding-parties", name, 2, ".rp[data-state=building]", {"reaction_seconds": "1"})


def plus(page, name: str, times: int = 1) -> None:  # type: ignore[no-untyped-def]
    for _ in range(times):
        page.locator(f"[data-plus='{name}']").click()


def total(page) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    bar = page.locator(".rp-total-bar")
    return (int(bar.locator("[data-total]").get_attribute("data-total") or "-1"),
            int(bar.locator("[data-ships-forts]").get_attribute("data-ships-forts") or "-1"))


def build_by_clicks(page) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """A custom 30-gold party: one Ship, an (X) card, a few crew; the live limits checked on the way."""
    submit = page.locator("#rp-submit")
    assert submit.is_disabled()  # nothing picked yet
    plus(page, "Sloop")
    assert total(page) == (5, 1)
    # One Ship or Fort at 30 gold: every other Ship and the Fort can no longer be added, and say why.
    for other in ("Pirate Ship", "Pirate Fort", "Liberty"):
        button = page.locator(f"[data-plus='{other}']")
        assert button.is_disabled()
        assert "Ship/Fort limit" in (button.get_attribute("aria-label") or "")
    plus(page, "Instructor")
    instructor = page.locator("[data-plus='Instructor']")
    assert instructor.is_disabled()  # (X): one copy
    assert "one per party" in page.locator("li.rp-cat[data-card='Instructor']").inner_text()
    plus(page, "Rogue", 2)
    plus(page, "Brethren", 2)
    plus(page, "Raiders")
    assert total(page) == (5 + 3 + 6 + 4 + 4, 1)
    page.locator("[data-minus='Raiders']").click()
    assert total(page) == (18, 1)
    # The filter narrows the list without losing the picks.
    page.locator("[data-filter=picked]").click()
    shown = page.locator("li.rp-cat:not([hidden])")
    assert sorted(shown.evaluate_all("(items) => items.map((li) => li.dataset.card)")) == \
        ["Brethren", "Instructor", "Rogue", "Sloop"]
    page.locator("[data-filter=all]").click()
    party = {"Sloop": 1, "Instructor": 1, "Rogue": 2, "Brethren": 2}
    submit.click()
    page.wait_for_selector(".rp[data-phase=play], .rp[data-state=hired]")
    return party


def take_first_move(page) -> None:  # type: ignore[no-untyped-def]
    """The first thing the interface offers: a prompt's answer or a hold card, else one of my cards' first action
    aimed at the first target lit on the table, else End turn."""
    direct = page.locator(".rp-dock .rp-answers [data-action], .rp-dock .rp-play")
    if direct.count():
        direct.first.click()
        return
    actor = page.locator(".rp-card[data-actor]")
    if actor.count():
        actor.first.click()
        group = page.locator(".rp-groups > button").first
        group.wait_for()
        assert not page.evaluate(EMPTY_DOCK_SECTIONS)
        if group.get_attribute("data-action"):
            group.click()
            return
        group.click()
        aim = page.locator(".rp-table [data-target], .rp-dock .rp-pick").first
        aim.wait_for()
        aim.click()
        return
    page.locator("[data-kind=end]").click()


def test_build_by_clicks_then_play_a_whole_game(server: ServerProcess, context) -> None:  # type: ignore[no-untyped-def]
    page = context.new_page()
    errors = watch_errors(page)
    table_id = host_table(page, server, "Ann")
    party = build_by_clicks(page)

    seq = None
    moves = 0
    end = time.monotonic() + GAME_SECONDS
    while True:
        if time.monotonic() > end:
            pytest.fail(f"the game did not end within {GAME_SECONDS} s ({moves} moves of mine)")
        page.wait_for_function(MY_MOVE_OR_OVER, arg=seq, timeout=30_000)
        if page.locator("#rp-result").count():
            break
        seq = page.locator(ROOT).get_attribute("data-seq")
        take_first_move(page)
        moves += 1

    result = page.locator("#rp-result")
    result.wait_for()
    token = page.evaluate(f"() => localStorage.getItem('tabletop:seat:{table_id}')")
    state = httpx.get(f"{server.url}/api/tables/{table_id}/state",
                      headers={"Authorization": f"Bearer {token}"}, timeout=10).json()
    assert state["status"] == "finished"
    reveal = state["result"]["reveal"]
    assert reveal["parties"][0] == party  # the party built by clicks is the one that played
    for row in state["result"]["ranking"]:
        line = result.locator(f"tr[data-reveal-seat='{row['seat']}']")
        assert line.count() == 1
        assert line.get_attribute("data-rank") == str(row["rank"])
    assert "Rogue" in result.locator("tr[data-reveal-seat='0']").inner_text()
    assert moves >= 3
    assert errors == []


def test_phone_builder_keeps_the_total_in_view(server: ServerProcess, phone) -> None:  # type: ignore[no-untyped-def]
    page = phone.new_page()
    errors = watch_errors(page)
    host_table(page, server, "Pip")
    width = page.viewport_size["width"]
    height = page.viewport_size["height"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width

    # Far down the catalogue, the bar with the total and Submit still sits at the bottom of the screen.
    card = page.locator("li.rp-cat[data-card='Jolly Roger']")
    card.scroll_into_view_if_needed()
    card.locator("[data-plus]").tap()
    bar = page.locator(".rp-total-bar")
    box = bar.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5
    assert total(page) == (2, 0)
    submit = page.locator("#rp-submit")
    controls = (submit, card.locator("[data-plus]"), card.locator("[data-minus]"), page.locator("[data-filter=crew]"))
    for locator in controls:
        size = locator.bounding_box()
        assert size is not None and size["height"] >= 36 and size["width"] >= 36
    # A filter keeps the list short on a phone.
    page.locator("[data-filter=land]").tap()
    assert page.locator("li.rp-cat:not([hidden])").count() == 2
    page.fill("#rp-search", "duel")
    shown = "(items) => items.map((li) => li.dataset.card)"
    assert page.locator("li.rp-cat:not([hidden])").evaluate_all(shown) == ["Dueling Grounds"]
    page.fill("#rp-search", "boarding axe")
    page.locator("[data-filter=all]").tap()
    found = page.locator("li.rp-cat:not([hidden])").evaluate_all(shown)
    assert "Raiders" in found and "Sloop" not in found
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width

    # The table that follows fits the phone too, every control big enough to tap.
    page.locator("[data-hire]").first.tap()
    page.wait_for_selector(".rp[data-phase=play] .rp-area")
    settle(page)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    small = page.evaluate(SMALL_TAPS)
    assert not small, f"controls under 36 px: {small}"
    assert errors == []


def test_builder_limits_at_a_20_gold_table_with_a_copy_cap(server: ServerProcess, context) -> None:  # type: ignore[no-untyped-def]
    made = httpx.post(f"{server.url}/api/tables", json={"game": "raiding-parties", "name": "Cap",
                                                        "options": {"gold": 20, "copy_cap": 4}}, timeout=10).json()
    table_id, token = made["table_id"], made["token"]
    auth, base = {"Authorization": f"Bearer {token}"}, f"{server.url}/api/tables/{table_id}"
    httpx.post(f"{base}/bots", json={"count": 1}, headers=auth, timeout=10).raise_for_status()
    httpx.post(f"{base}/start", headers=auth, timeout=10).raise_for_status()
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(seat_link(server, table_id, token))
    page.wait_for_selector(".rp[data-state=building]")
    assert "no Ship or Fort" in page.locator(".rp-rules-line").inner_text()
    sloop = page.locator("[data-plus='Sloop']")
    assert sloop.is_disabled() and "no Ship or Fort at 20 gold" in (sloop.get_attribute("aria-label") or "")
    # Only the 20-gold ready-made party fits this table.
    assert page.locator("[data-ready-made]").count() == 1
    plus(page, "Pirate", 4)
    assert page.locator("[data-plus='Pirate']").is_disabled()
    assert "at most 4 copies" in page.locator("li.rp-cat[data-card='Pirate']").inner_text()
    plus(page, "Captain")  # 6 gold: 10 of 20
    plus(page, "Flotilla", 2)  # 18 of 20
    assert total(page) == (18, 0)
    flagbearers = page.locator("[data-plus='Flagbearers']")
    assert flagbearers.is_disabled() and "2 gold left" in (flagbearers.get_attribute("aria-label") or "")
    # A ready-made party loads into the builder, where it can still be changed before it is sent.
    page.locator("[data-load='Brethren of the Coast']").click()
    assert total(page) == (20, 0)
    assert page.locator("li.rp-cat[data-card='Brethren']").get_attribute("data-count") == "4"
    page.locator("[data-minus='Brethren']").click()
    plus(page, "Pirate", 2)
    page.locator("#rp-submit").click()
    page.wait_for_selector(".rp[data-phase=play], .rp[data-state=hired]")
    state = httpx.get(f"{base}/state", headers=auth, timeout=10).json()
    assert state["view"]["your_party"] == {"Pirate": 2, "Brethren": 3, "Rogue": 1, "Advisor": 1, "Scalawag": 1,
                                           "Coastlands": 1}
    assert errors == []


def test_ready_made_parties_say_what_they_cost_and_leave(server: ServerProcess, context) -> None:  # type: ignore[no-untyped-def]
    """Issue 38: the ready-made parties say what they spend of the table's gold and what they leave unspent, the
    ones that spend it all first (people hired the 20-gold party at a 30-gold table and lost to a full party)."""
    made = httpx.post(f"{server.url}/api/tables", json={"game": "raiding-parties", "name": "Rich",
                                                        "options": {"gold": 40}}, timeout=10).json()
    table_id, token = made["table_id"], made["token"]
    auth, base = {"Authorization": f"Bearer {token}"}, f"{server.url}/api/tables/{table_id}"
    httpx.post(f"{base}/bots", json={"count": 1}, headers=auth, timeout=10).raise_for_status()
    httpx.post(f"{base}/start", headers=auth, timeout=10).raise_for_status()
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(seat_link(server, table_id, token))
    page.wait_for_selector(".rp[data-state=building]")
    rows = page.locator("[data-ready-made]").evaluate_all(
        "(items) => items.map((li) => [li.dataset.readyMade, li.querySelector('.rp-rm-cost').textContent])")
    assert rows == [["Redd's Gunners", "40 of 40 gold: all of it spent"],
                    ["Pirateers", "30 of 40 gold: 10 unspent"],
                    ["Brethren of the Coast", "20 of 40 gold: 20 unspent"]]
    # The cost shown is what the builder counts once the party is loaded.
    page.locator("[data-load='Pirateers']").click()
    assert total(page)[0] == 30
    assert errors == []
