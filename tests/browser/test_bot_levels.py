"""Bot levels in the lobby: Easy, Normal and Hard in plain words and in that order, the strongest preselected, each
described with the strength ladder's figure where the game has one; and a whole Turncoats game against a Hard bot
(thinking in the server's pool, on the test servers' small node budget) played by clicks to its result."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import expect

from games.ladder import level_figures
from tests.browser.helpers import watch_errors
from tests.browser.test_turncoats import play_to_the_end
from tests.conftest import ServerProcess


def open_lobby(page, server: ServerProcess, game: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(server.url + "/")
    page.fill("#name", "Ann")
    page.select_option("#game", game)
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/?#]+$"))
    page.locator("#bot-kind").wait_for()


def test_the_lobby_names_the_levels_in_plain_words(server: ServerProcess, context) -> None:  # type: ignore[no-untyped-def]
    page = context.new_page()
    errors = watch_errors(page)
    open_lobby(page, server, "turncoats")  # has a searcher: Hard is offered, and preselected
    select = page.locator("#bot-kind")
    expect(select.locator("option")).to_have_text(["Easy", "Normal", "Hard"])
    expect(select).to_have_value("hard")
    expect(page.locator("label[for=bot-kind]")).to_have_text("Level")
    expect(page.locator("#bot-kind-hint")).to_contain_text("think ahead")
    # The strength ladder's figures (games/ladder.json), each level against the next weaker one, in the same words.
    figures = level_figures("turncoats")
    hard, normal = figures["hard"], figures["basic"]
    expect(page.locator("#bot-kind-hint")).to_contain_text(
        f"Hard: wins about {hard['wins_of_10']} of 10 games against Normal (2 players).")
    select.select_option(label="Normal")
    expect(page.locator("#bot-kind-hint")).to_contain_text(
        f"Normal: wins about {normal['wins_of_10']} of 10 games against Easy (2 players).")
    select.select_option(label="Easy")  # the weakest level has nothing below it: its words alone
    expect(page.locator("#bot-kind-hint")).to_have_text(
        "Easy bots play any allowed move at random: good for learning the rules.")

    open_lobby(page, server, "hidden-hands")  # the test game has no searcher: no Hard, and Normal, never Easy
    expect(select.locator("option")).to_have_text(["Easy", "Normal"])
    expect(select).to_have_value("basic")
    # Not on the ladder: the description stays as it was.
    expect(page.locator("#bot-kind-hint")).to_have_text("Normal bots follow simple rules of thumb and answer at once.")
    page.click("#add-bots")
    expect(page.locator("#lobby-seats li")).to_have_count(2)
    table_id = page.url.rsplit("/", 1)[1]
    seats = httpx.get(f"{server.url}/api/tables/{table_id}", timeout=10).json()["seats"]
    assert seats[1]["bot_kind"] == "basic"
    assert errors == []


def test_a_whole_game_against_a_hard_bot_reaches_the_result(server: ServerProcess, context) -> None:  # type: ignore[no-untyped-def]
    page = context.new_page()
    errors = watch_errors(page)
    open_lobby(page, server, "turncoats")
    expect(page.locator("#bot-kind")).to_have_value("hard")  # the default: added as it comes
    page.click("#add-bots")
    expect(page.locator("#lobby-seats li")).to_have_count(2)
    page.click("#start")
    page.wait_for_selector(".tc")
    table_id = page.url.rsplit("/", 1)[1]

    play_to_the_end(page)

    expect(page.locator("#turncoats-result")).to_be_visible()
    audit = httpx.get(f"{server.url}/api/tables/{table_id}/audit", timeout=10).json()
    assert audit["result"] is not None
    assert any(entry["source"] == "bot" for entry in audit["actions"])
    seats = httpx.get(f"{server.url}/api/tables/{table_id}", timeout=10).json()["seats"]
    assert [seat["bot_kind"] for seat in seats] == [None, "hard"]
    assert errors == []
