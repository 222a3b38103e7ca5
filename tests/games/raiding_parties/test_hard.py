"""Raiding Parties' ``hard`` bot and its sampler, played through the engine."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from games.bots import decide
from games.protocol import Budget, State, apply_checked
from games.raiding_parties import GAME, rules
from games.raiding_parties.setup import party_problems, ready_made_entries
from tests.games.raiding_parties.scenario import build

TINY = Budget(nodes=3, seconds=1e6)  # a node budget only: decisions repeat exactly


def played(seed: int, kinds: tuple[str, str], steps: int, budget: Budget | None = None) -> list[State]:
    """A two-player game at 30 gold, every seat decided through ``games.bots.decide``; the states it went through."""
    state = GAME.new_state(2, {"gold": 30}, seed)
    rand = random.Random(seed)
    states = [state]
    while GAME.result(state) is None and len(states) <= steps:
        seat = GAME.required(state)[0]
        action = decide(GAME, state, seat, kinds[seat], rand, budget)
        state = apply_checked(GAME, state, seat, action if action is not None else GAME.default_action(state, seat))
        states.append(state)
    return states


def test_the_sampler_varies_every_hidden_zone_the_reveal_hook_lists() -> None:
    state = played(3, ("basic", "basic"), 40)[-1]
    assert state["phase"] == "play" and len(state["lockers"][0]) >= 2 and len(state["lockers"][1]) >= 2
    varied: Counter[str] = Counter()
    for k in range(30):
        world = GAME.resample(state, 0, random.Random(k))
        assert GAME.view(world, 0) == GAME.view(state, 0)
        rules.check_invariants(world)  # every card of every (guessed) party is somewhere, once
        assert not party_problems(world["parties"][1], 30, None), "a guessed party is a legal one"
        varied["deck"] += world["deck"] != state["deck"]
        varied["own locker order"] += world["lockers"][0] != state["lockers"][0]
        varied["their locker"] += world["lockers"][1] != state["lockers"][1]
        varied["their hold"] += world["holds"][1] != state["holds"][1]
        varied["their party"] += world["parties"][1] != state["parties"][1]
    assert set(varied) == {"deck", "own locker order", "their locker", "their hold", "their party"}
    assert all(varied.values()), varied


def test_while_parties_are_built_who_has_submitted_and_what_are_redrawn() -> None:
    state = GAME.new_state(3, {"gold": 30}, 1)
    state = apply_checked(GAME, state, 1, {"type": "party", "cards": {"Pirate": 3}})
    seen = {(tuple(w["parties"][1] or {}), tuple(w["parties"][2] or {}))
            for w in (GAME.resample(state, 0, random.Random(k)) for k in range(30))}
    assert any(p1 == () for p1, _ in seen) and any(p2 == () for _, p2 in seen), "either seat may be the ready one"
    assert all((p1 == ()) != (p2 == ()) for p1, p2 in seen), "exactly one other seat is ready, as the count says"


@pytest.mark.parametrize(("gold", "cap"), [(20, None), (30, None), (40, None), (30, 4), (20, 4)])
def test_hard_builds_a_legal_party_of_its_own(gold: int, cap: int | None) -> None:
    state = GAME.new_state(2, {"gold": gold, "copy_cap": cap}, 5)
    action = decide(GAME, state, 0, "hard", random.Random(1), TINY)
    assert action is not None and action["type"] == "party"
    assert action not in ready_made_entries(state["options"])
    after = apply_checked(GAME, state, 0, action)  # the platform accepts it through the template
    assert after["parties"][0] == action["cards"]


def test_hard_decisions_are_legal_with_hard_in_every_seat() -> None:
    states = played(11, ("hard", "hard"), 400, TINY)
    assert GAME.result(states[-1]) is not None, "the game reached its end"
    assert all(p is not None and p not in [e["cards"] for e in ready_made_entries(states[-1]["options"])]
               for p in states[-1]["parties"])


def test_hard_finishes_off_the_last_enemy_card() -> None:
    """The enemy has one wounded Raiders left and nothing else: shooting it may win at once, and the search sees the
    games it ends; ending the turn or waiting never wins."""
    state = build(in_play={0: ["Master Gunner", "Pirate Chief"], 1: [("Raiders", 2)]}, regular_done=True)
    action: Any = decide(GAME, state, 0, "hard", random.Random(2), Budget(nodes=12, seconds=1e6))
    assert action is not None and action["type"] in ("attack", "charge") and action["target"] == "c3"


def test_hard_sees_only_its_seat_same_decision_in_a_redrawn_state() -> None:
    state = played(4, ("basic", "basic"), 25)[-1]
    seat = GAME.required(state)[0]
    twin = GAME.resample(state, seat, random.Random(99))
    budget = Budget(nodes=6, seconds=1e6)
    assert decide(GAME, state, seat, "hard", random.Random(5), budget) == decide(
        GAME, twin, seat, "hard", random.Random(5), budget)


def test_hard_builds_rangers_at_30_gold_and_plays_them_as_bonus_plays() -> None:
    """The 30-gold party (bench/notes/2026-12-07-raiding-parties-hard-2.md) is the Pirate Fort, 4 Master Gunners and 3
    Rangers; played through the engine against ``basic``, the hard seat gets a Ranger out as a second play of a
    turn (ruling 5), the tempo the party was built for."""
    state = GAME.new_state(2, {"gold": 30}, 7)
    action = decide(GAME, state, 0, "hard", random.Random(1), TINY)
    assert action == {"type": "party", "cards": {"Ranger": 3, "Master Gunner": 4, "Pirate Fort": 1}}
    states = played(7, ("hard", "basic"), 400, TINY)
    assert states[-1]["parties"][0] == action["cards"]
    assert any(s["turn"] is not None and s["turn"]["seat"] == 0 and s["turn"]["ranger_done"] for s in states), \
        "a bonus Ranger was played"
