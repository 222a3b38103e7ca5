"""Engine flows end to end: the hidden-card windows look the same whatever the seat holds (H0), a whole attack
through its hits and answers, a player going out mid-turn, and the no-progress draw (K5c)."""

from __future__ import annotations

import json

import pytest

from games.protocol import Window
from games.raiding_parties import GAME
from tests.games.raiding_parties.scenario import act, build, card, expire, pass_windows, prompt, public_log


def _message(state: dict, viewer: int | None) -> str:
    return json.dumps(GAME.view(state, viewer), sort_keys=True)


@pytest.mark.parametrize("mode", ["quick", "fixed"])
def test_a_jolly_roger_window_is_the_same_for_everyone_whether_or_not_it_holds_one(mode: str) -> None:
    """H0: the window opens on public facts alone; only the seat's own legal list knows what it holds."""
    def hit_with(hold: list[str]) -> dict:
        state = build(in_play={0: ["Pirate"], 1: ["Pirate"]}, hold={1: hold}, deck=["AS"],
                      options={"reaction_mode": mode})
        return act(state, 0, {"type": "attack", "card": "c1", "weapon": "Pistol", "target": "c2"})

    holding, not_holding = hit_with(["Jolly Roger"]), hit_with(["Ranger"])
    for viewer in (None, 0):
        assert _message(holding, viewer) == _message(not_holding, viewer)
    assert GAME.window(holding) == GAME.window(not_holding) == Window(
        key="rp-react-1", seconds=5, closes_itself=mode == "fixed")
    assert prompt(holding) == {"kind": "reaction", "seat": 1, "step": "jolly_roger", "text": "may react",
                               "card": "c2", "key": "rp-react-1", "seconds": 5, "mode": mode}
    passing = [{"type": "pass"}] if mode == "quick" else []
    assert GAME.legal(holding, 1) == [{"type": "jolly_roger"}, *passing]
    assert GAME.legal(not_holding, 1) == passing
    assert GAME.must_act(holding) == GAME.must_act(not_holding) == ([1] if mode == "quick" else [])


def test_a_navigator_window_opens_at_a_hold_hit_and_a_fixed_one_closes_only_at_its_deadline() -> None:
    state = build(in_play={0: ["Cannoneer"], 1: ["Pirate"]}, hold={1: ["Ranger", "Ranger"]}, deck=["AC", "2H"],
                  options={"reaction_mode": "fixed"})
    state = act(state, 0, {"type": "attack", "card": "c1", "weapon": "Cannon", "target": "hold:1"})
    assert prompt(state)["step"] == "navigator" and GAME.legal(state, 1) == [] and GAME.waiting_on(state) == []
    state = expire(state)  # the random card is a Ranger; the Jolly Roger window opens (another card is held)
    assert prompt(state)["step"] == "jolly_roger"
    state = expire(state)
    assert state["holds"][1] == ["Ranger"] and state["davy_jones"][1] == ["Ranger"]


def test_an_attack_runs_through_its_flips_hits_and_answers() -> None:
    """A Brace at two targets, the second shot chosen after the first flip settles, then the Cannoneer it aimed at
    fires back at the attacker (ruling 10) once the whole attack is over."""
    state = build(in_play={0: ["Flotilla"], 1: ["Cannoneer", "Pirate"]}, locker={0: ["Pirate"]},
                  deck=["2H", "AS", "AC"])
    state = act(state, 0, {"type": "attack", "card": "c1", "weapon": "Brace of Pistols", "target": "c2"})
    assert prompt(state) == {"kind": "aim", "seat": 0, "card": "c1", "weapon": "Brace of Pistols", "flips_left": 1}
    assert GAME.legal(state, 0) == [{"type": "shot", "target": "c2"}, {"type": "shot", "target": "c3"},
                                    {"type": "stop"}]
    state = pass_windows(act(state, 0, {"type": "shot", "target": "c3"}))
    assert card(state, "c3") is None  # AS killed the Pirate
    assert prompt(state) == {"kind": "cannoneer", "seat": 1, "card": "c2", "form": "b", "target": "c1"}
    state = pass_windows(act(state, 1, {"type": "cannoneer"}))
    assert card(state, "c1") is None  # AC: a cannon kills crew whatever its HP
    assert prompt(state) is None and GAME.legal(state, 0) == [{"type": "end"}]


def test_a_player_who_loses_the_last_card_on_their_own_turn_is_out_and_the_game_ends() -> None:
    """K5: a Brethren boards a Sloop, misses, and the Sloop's Melee Defense kills it: seat 0 has nothing left."""
    state = build(in_play={0: ["Brethren"], 1: ["Sloop"]}, deck=["2H", "AS"])
    state = act(state, 0, {"type": "charge", "card": "c1", "weapon": "Boarding Axe", "target": "c2"})
    assert state["out"] == [True, False]
    assert GAME.result(state)["winners"] == [1] and GAME.result(state)["ranking"] == [
        {"seat": 1, "rank": 1}, {"seat": 0, "rank": 2}]
    assert card(state, "c2")["melee"] == []  # M6: released when the boarder died


def test_the_no_progress_draw_comes_after_ten_idle_turns_per_player() -> None:
    state = build(in_play={0: ["Coastlands"], 1: ["Dueling Grounds"]}, regular_done=True)
    for _ in range(19):
        state = act(state, state["turn"]["seat"], {"type": "end"})
        assert GAME.result(state) is None
    assert GAME.view(state, None)["idle_turns"] == 19 and GAME.view(state, None)["idle_limit"] == 20
    state = act(state, state["turn"]["seat"], {"type": "end"})
    assert GAME.result(state)["winners"] == [0, 1] and GAME.result(state)["reason"] == "no_progress"
    assert "Nothing has changed for too long: the game is a draw." in public_log(state)
