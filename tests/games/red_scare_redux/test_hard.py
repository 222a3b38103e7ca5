"""The ``hard`` bot and the sampler it searches with: every hidden zone is redrawn, decisions are legal in play,
and in built situations it takes the win and answers a threat (tests/games/test_worlds.py proves it never peeks)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.bots import decide
from games.protocol import Budget, State, apply_checked
from games.red_scare_redux import GAME
from tests.games.red_scare_redux.scenario import act, make, pass_window

TINY = Budget(nodes=8, seconds=1e6)  # node-bound: the same decision on any machine


def played(seed: int, actions: int) -> State:
    """A 2v2 game played ``actions`` actions on by ``basic`` in every seat."""
    state = GAME.new_state(4, None, seed)
    rand = random.Random(seed)
    for _ in range(actions):
        seat = GAME.required(state)[0]
        action = decide(GAME, state, seat, "basic", rand) or GAME.default_action(state, seat)
        state = apply_checked(GAME, state, seat, action)
    return state


def test_the_sampler_redraws_every_hidden_zone_and_nothing_the_seat_sees() -> None:
    state = played(3, 40)
    assert GAME.result(state) is None and GAME.resample is not None and GAME.reveal is not None
    seat = 0
    team = state["team_of"][seat]
    truth = GAME.reveal(state)
    hidden = [h["seat"] for h in truth["hands"] if state["team_of"][h["seat"]] != team]
    decks = [key for key in truth if key.endswith("top first")]
    assert len(decks) == 3
    changed: set[Any] = set()
    for n in range(30):
        world = GAME.resample(state, seat, random.Random(n))
        assert GAME.view(world, seat) == GAME.view(state, seat)
        shown = GAME.reveal(world)
        for h, t in zip(shown["hands"], truth["hands"], strict=True):
            if state["team_of"][h["seat"]] == team:
                assert h["cards"] == t["cards"], "a hand the seat sees was redrawn"
            elif h["cards"] != t["cards"]:
                changed.add(h["seat"])
        changed |= {key for key in decks if shown[key] != truth[key]}
    assert all(len(state["hands"][s]) > 0 for s in hidden)
    assert changed == set(hidden) | set(decks)


def test_hard_decisions_are_legal_with_hard_in_every_seat() -> None:
    for players, seed in ((4, 1), (2, 2)):
        state = GAME.new_state(players, None, seed)
        rand = random.Random(seed)
        for _ in range(600):
            if GAME.result(state) is not None:
                break
            seat = GAME.required(state)[0]
            action = decide(GAME, state, seat, "hard", rand, Budget(nodes=2, seconds=1e6))
            assert action in GAME.legal(state, seat)
            state = apply_checked(GAME, state, seat, action)
        assert GAME.result(state) is not None, "the game did not end"


def give_points(state: State, team: int, objectives: list[str]) -> None:
    for objective in objectives:
        copy = next(c for c in state["decks"]["objective"] if state["cards"][c]["name"] == objective)
        state["decks"]["objective"].remove(copy)
        state["completions"] += 1
        state["completed"][team].append({"objective": copy, "placed": [], "order": state["completions"]})


def test_it_takes_the_completion_that_wins_the_game() -> None:
    # Seat 0's team (team 0) has four Objectives and trails on points; the fifth ends the game in its favour.
    state = make(4, hands={0: ["Gear 1", "Funds 2", "Weapons 3", "Sabotage"], 1: ["Counterintelligence"]}, first=0,
                 partials=[(0, "Bug the Embassy", ["Infiltrator", "Gear 2"])])
    give_points(state, 0, ["Dead Letter Box", "Bribe an Official", "Tap the Hotline", "Photograph the Warheads"])
    give_points(state, 1, ["Rig the Election"])
    action = decide(GAME, state, 0, "hard", random.Random(0), TINY)
    assert action == {"type": "add", "partial": "p1", "card": "Gear 1"}
    state = act(state, 0, action)
    result = GAME.result(state)
    assert result is not None and result["winners"] == [0, 2]


def test_it_counters_a_burn_notice_on_its_teams_nearly_done_partial() -> None:
    # Seat 1 moves first: its team [1, 3] is team 0; seat 0, holding Counterintelligence, is in team 1.
    state = make(4, hands={1: ["Burn Notice", "Funds 1"], 0: ["Counterintelligence", "Funds 1"]}, first=1,
                 partials=[(1, "Exfiltrate the Scientist", ["Extractor", "Cryptographer", "Transport 3",
                                                            "Intel 2"])])
    state = act(state, 1, {"type": "black_ops", "card": "Burn Notice", "partial": "p1"})
    assert decide(GAME, state, 0, "hard", random.Random(0), TINY) == {"type": "counter"}


def test_the_same_seed_and_budget_give_the_same_decision() -> None:
    state = played(5, 30)
    seat = GAME.required(state)[0]
    first = decide(GAME, state, seat, "hard", random.Random(9), TINY)
    assert first == decide(GAME, state, seat, "hard", random.Random(9), TINY)
    assert first in GAME.legal(state, seat)


def held(state: Mapping[str, Any], seat: int) -> list[str]:
    return [state["cards"][copy]["name"] for copy in state["hands"][seat]]


def test_the_worlds_keep_a_card_an_opponent_took_from_the_team_until_it_could_have_moved() -> None:
    # Seat 1 (team [1, 3]) picks seat 0's only card: seat 0's team saw which, so every world deals it to seat 1.
    state = make(4, hands={0: ["Assassin"], 1: ["Pickpocket", "Funds 1", "Weapons 2"], 3: ["Gear 1"]}, first=1)
    state = pass_window(act(state, 1, {"type": "black_ops", "card": "Pickpocket", "victim": 0}))
    assert GAME.resample is not None
    worlds = [GAME.resample(state, 0, random.Random(n)) for n in range(20)]
    assert all(GAME.view(world, 0) == GAME.view(state, 0) for world in worlds)
    assert all("Assassin" in held(world, 1) for world in worlds)
    # Once seat 1 passes a Delta card to its teammate, seat 0 only sees the back: the Assassin is no longer pinned.
    state = act(state, 1, {"type": "give", "to": 3, "card": "Weapons 2"})
    worlds = [GAME.resample(state, 0, random.Random(n)) for n in range(20)]
    assert not all("Assassin" in held(world, 1) for world in worlds)


def test_it_searches_the_draw_step_for_the_card_that_wins_the_game() -> None:
    # Both teams have four Objectives and 10 points. Team 0's (seats 0 and 2) Bribe an Official lacks only an Agent, a
    # Delta card: done this turn, it ends the game 12 to 10 for team 0. Otherwise seat 1 adds its Assassin to Activate
    # Sleeper Cell next turn and team 1 wins 12 to 10. Seat 0 has three cards to draw (Requisition): basic draws where
    # the team lacks the most (Omega: Funds for the Launder the Money in hand); the search draws Delta.
    state = make(4, hands={0: ["Requisition", "Launder the Money"], 1: ["Assassin"], 3: ["Gear 1"]}, first=0,
                 partials=[(0, "Bribe an Official", ["Funds 3", "Funds 1"]),
                           (1, "Activate Sleeper Cell", ["Cryptographer", "Extractor"])])
    give_points(state, 0, ["Dead Letter Box", "Tap the Hotline", "Photograph the Warheads", "Exfiltrate the Scientist"])
    give_points(state, 1, ["Poison the General", "Border Run", "Crack the Cipher", "Turn an Asset"])
    state = pass_window(act(state, 0, {"type": "black_ops", "card": "Requisition"}))
    assert state["step"] is not None and state["step"]["kind"] == "draw"
    assert decide(GAME, state, 0, "basic", random.Random(0)) == {"type": "draw", "deck": "omega"}
    assert decide(GAME, state, 0, "hard", random.Random(0), Budget(nodes=24, seconds=1e6)) == {
        "type": "draw", "deck": "delta"}


def test_it_does_not_draw_into_a_hand_limit_discard() -> None:
    # Seat 0 starts its turn with six cards and nothing to play them on (no Objective anywhere, none left to draw, no
    # opponent partial to hit): basic draws with every action and ends over the limit of 7; hard ends its turn.
    def turn(kind: str) -> tuple[list[str], int]:
        state = make(4, hands={0: ["Counterintelligence", "Counterintelligence", "Tip-Off", "Defector", "Burn Notice",
                                   "Sabotage"], 1: ["Gear 1"], 3: ["Funds 1"]}, first=0, only=True,
                     omega=["Funds 1", "Gear 1", "Intel 1", "Funds 2", "Gear 2", "Intel 2", "Funds 3", "Gear 3"],
                     delta=["Transport 1", "Weapons 1", "Transport 2", "Weapons 2", "Transport 3", "Weapons 3"])
        kinds, most = [], 0
        while state["turn_index"] == 0 and GAME.result(state) is None:
            seat = GAME.required(state)[0]
            action = decide(GAME, state, seat, kind, random.Random(0), TINY)
            assert action is not None
            kinds.append(action["type"])
            state = act(state, seat, action)
            most = max(most, len(state["hands"][0]))
        return kinds, most

    kinds, most = turn("basic")
    assert "discard" in kinds and most > 7, "the position is one where drawing on ends in a discard"
    kinds, most = turn("hard")
    assert "discard" not in kinds and most <= 7
    assert kinds[-1] == "end_turn"
