"""Plain words on the game screens (issue 21): what a Red Scare Redux player waiting for their turn is told, and the
Raiding Parties turn line, drawn by the games' own renderers from views their engines made."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import BrowserContext, expect

from games.protocol import Game, Seat, State
from games.raiding_parties import GAME as RAIDING_PARTIES
from games.red_scare_redux import GAME as RED_SCARE_REDUX
from tests.conftest import ServerProcess
from tests.games.red_scare_redux.scenario import make
from tests.support.registry import play_random

NAMES = ["Ann", "Bob", "Cy", "Di"]

# Draws `message` with the game's renderer at the top of the page (nothing is ever sent).
DRAW = """async ([module, message]) => {
  const game = await import(`/static/js/games/${module}.js`);
  const root = document.createElement('div');
  root.id = 'drawn';
  document.querySelector('main').prepend(root);
  game.render(root, message, () => new Promise(() => {}));
}"""


def message(game: Game[Any], state: State, seat: Seat | None) -> dict[str, Any]:
    """The state message ``seat`` (None: a spectator) would receive at ``state``."""
    seats = [{"seat": s, "name": NAMES[s], "bot": False, "connected": True} for s in range(state["players"])]
    return {"type": "state", "status": "playing", "seq": state.get("seq", 0), "view": game.view(state, seat),
            "legal": [] if seat is None else game.legal(state, seat), "you": {"seat": seat}, "log": [],
            "deadline": None, "table": {"seats": seats}}


def test_red_scare_redux_tells_a_waiting_player_where_to_look(context: BrowserContext, server: ServerProcess) -> None:
    state = make(4, first=0)  # Ann's turn; Bob waits
    page = context.new_page()
    page.goto(server.url + "/")
    page.evaluate(DRAW, ["red-scare-redux", message(RED_SCARE_REDUX, state, 1)])
    expect(page.locator("#drawn .rs[data-state=waiting] .rs-act .rs-hint")).to_have_text(
        "Wait for your turn. The log shows each move.")  # not "the log below the table": on a laptop it is beside


def test_raiding_parties_says_whether_the_card_from_the_hold_is_played(context: BrowserContext,
                                                                       server: ServerProcess) -> None:
    def due(state: State) -> bool:
        view = RAIDING_PARTIES.view(state, None)
        turn = view.get("turn")
        return bool(turn) and not turn["regular_play_done"] and view["seats"][turn["seat"]]["hold_size"] > 0

    states, _ = play_random(RAIDING_PARTIES, 2, 5, random.Random(5), until=due)
    state = states[-1]
    assert due(state)
    turn = RAIDING_PARTIES.view(state, None)["turn"]
    page = context.new_page()
    page.goto(server.url + "/")
    page.evaluate(DRAW, ["raiding-parties", message(RAIDING_PARTIES, state, None)])
    expect(page.locator("#drawn .rp-turn-line")).to_contain_text(
        f"{NAMES[turn['seat']]} has not played a card from the hold yet")  # was "still owes the card for the turn"
