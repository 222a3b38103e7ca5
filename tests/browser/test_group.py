"""A group that stays together (issue 35): from a finished game's result Alice opens "New game with these players"
for another game; Bob, in a browser of his own, finds the invitation in "Your tables", joins, and both are in the new
lobby. Then Bob invites Alice in one tap from the people he played with."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Browser, Page, expect

from tests.api.helpers import create, join, play_to_end, start
from tests.browser.helpers import open_seat, watch_errors
from tests.browser.test_accessibility import AXE, RUN_AXE
from tests.conftest import ServerProcess

LOBBY = re.compile(r"/t/[^/?#]+$")


def axe_clean(page: Page) -> None:
    page.add_script_tag(path=str(AXE))
    assert page.evaluate(RUN_AXE) == []


def test_a_new_game_with_these_players_and_an_invite_from_the_people_played_with(browser: Browser,
                                                                                 server: ServerProcess) -> None:
    with httpx.Client(base_url=server.url, timeout=10) as http:
        table = create(http, "Alice", {"review_s": 0.5})
        join(http, table, "Bob")
        start(http, table)
        play_to_end(http, table)

    # axe is injected by the test: the pages' Content-Security-Policy is bypassed for it.
    alice_ctx = browser.new_context(viewport={"width": 1200, "height": 900}, bypass_csp=True)
    bob_ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  bypass_csp=True)
    for ctx in (alice_ctx, bob_ctx):
        ctx.set_default_timeout(15_000)
    alice, bob = alice_ctx.new_page(), bob_ctx.new_page()
    errors = watch_errors(alice) + watch_errors(bob)
    try:
        # Alice, on the result: a new game of Turncoats with the same people.
        open_seat(alice, server, table.table_id, table.tokens[0])
        expect(alice.locator("#result-heading")).to_be_visible()
        alice.get_by_role("button", name="New game with these players").click()
        alice.locator("#new-game-game").select_option("turncoats")
        axe_clean(alice)
        alice.get_by_role("button", name="Open the table and invite Bob").click()
        alice.wait_for_url(lambda url: LOBBY.search(url) is not None and table.table_id not in url)
        new_table = alice.url.rsplit("/", 1)[1]
        expect(alice.locator("#lobby-seats li")).to_have_count(1)

        # Bob, in his own browser holding his seat at the finished table, sees the invitation and joins.
        open_seat(bob, server, table.table_id, table.tokens[1])
        bob.goto(server.url + "/")
        invitation = bob.locator("#invitations-list > li")
        expect(invitation).to_have_count(1)
        expect(invitation).to_contain_text("Alice invited you to a new Turncoats table")
        axe_clean(bob)
        invitation.get_by_role("button", name="Join Alice's Turncoats table").click()
        bob.wait_for_url(f"{server.url}/t/{new_table}")
        expect(bob.locator("#lobby-seats li")).to_have_count(2)
        expect(alice.locator("#lobby-seats li")).to_have_count(2)  # Alice's lobby hears Bob come in
        expect(alice.locator("#lobby-seats")).to_contain_text("Bob")
        expect(bob.locator("#lobby-seats")).to_contain_text("Alice")

        # Back home, the invitation is answered: it is gone; Alice is among the people Bob played with.
        bob.goto(server.url + "/")
        people = bob.locator("#people-list > li")
        expect(people).to_have_count(1)
        expect(people).to_contain_text("Alice")
        expect(bob.locator("#invitations")).to_be_hidden()
        bob.get_by_role("button", name="Invite Alice to a new game").click()
        bob.locator("#invite-game").select_option("raiding-parties")
        # At a turn-based pace a window option reads as the automatic pass's delay, as on the home page's form,
        # whether the pace or the game is chosen last.
        reaction = bob.locator('label[for="invite-opt-reaction_seconds"]')
        expect(reaction).to_have_text("Reaction time (seconds)")
        bob.locator("#invite-pace").select_option("turn-based")
        expect(reaction).to_have_text("Reaction time: automatic pass after (seconds)")
        bob.locator("#invite-game").select_option("turncoats")
        bob.locator("#invite-game").select_option("raiding-parties")
        expect(reaction).to_have_text("Reaction time: automatic pass after (seconds)")
        axe_clean(bob)
        bob.get_by_role("button", name="Open the table and invite Alice").click()
        bob.wait_for_url(lambda url: LOBBY.search(url) is not None and new_table not in url)
        raid = bob.url.rsplit("/", 1)[1]

        # Alice finds Bob's invitation at home and says no thanks; it leaves her list.
        alice.goto(server.url + "/")
        offered = alice.locator("#invitations-list > li")
        expect(offered).to_have_count(1)
        expect(offered).to_contain_text("Bob invited you to a new Raiding Parties table")
        expect(offered).to_contain_text("Turn-based · 1 day a move")  # the pace, said as everywhere
        offered.get_by_role("button", name="No thanks to Bob's Raiding Parties table").click()
        expect(alice.locator("#invitations")).to_be_hidden()
        with httpx.Client(base_url=server.url, timeout=10) as http:
            assert [s["name"] for s in http.get(f"/api/tables/{raid}").json()["seats"]] == ["Bob"]
        assert errors == []
    finally:
        alice_ctx.close()
        bob_ctx.close()
