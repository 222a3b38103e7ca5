"""Log events (issue 37): every line the tells and the sampler read carries its happening as data, and they read
nothing else.

Whole games are played through the engine by ``basic``, ``hard`` and ``random`` seats at 6, 8 and 10 players (seeds
chosen so that, together, they hold every kind of event: Spy and Conceal cards, Major Ferguson, both Hessians options,
assassinations, an Agent eliminated in their window, Winter passes). The English of the lines is read here only, by
the regular expressions the readers used before (``old_readers``): every line they matched must carry the event its
words tell, and the event readers must reach what the old ones did. A copy edit of every line changes nothing a bot
decides; no event reaches a browser; an event on a secret line reaches the bots of its seats only.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from games.bots import decide, draw_worlds
from games.patriots_and_redcoats import GAME, sampler, tells
from games.protocol import Budget, State, visible_entries
from games.search import step
from tests.games.patriots_and_redcoats.old_readers import classify, read_evidence, read_tells
from tests.support.leaks import message, viewers

TINY = Budget(nodes=4, seconds=1e6)  # only nodes count, so decisions repeat
LEVELS = {"b": "basic", "h": "hard", "r": "random"}
# (players, seed, each seat's level): 6/30 has an Agent eliminated in their window and a Hessians flip, 8/20 a
# Hessians council and a Leader shown at an elimination, 10/13 a random seat's assassination, 6/41 a hard seat naming
# nobody for Major Ferguson (one hard seat a game: its searches are most of this file's time).
PLAYED = [(6, 30, "bbbbbb"), (8, 20, "bbbbbbbb"), (10, 13, "rbbbbbbbbb"), (6, 41, "hbbbbb"), (8, 42, "hbbbbbbb")]
EVENT_KINDS = {"nominate", "votes", "place", "agent_gone", "reveal", "declare", "held", "flip", "give", "split",
               "discard", "ferguson", "spied", "eyes_removed", "concealed", "eliminated", "pass", "winter_pass"}


def play(players: int, seed: int, levels: str) -> list[State]:
    """Every state of one whole game, from the deal to the end."""
    state = GAME.new_state(players, {}, seed)
    rand = random.Random(seed)
    states = [state]
    while GAME.result(state) is None:
        seat = (GAME.required(state) or GAME.waiting_on(state))[0]
        level = LEVELS[levels[seat]]
        action = decide(GAME, state, seat, level, rand, budget=TINY if level == "hard" else None)
        state = step(GAME, state, seat, action or GAME.default_action(state, seat))
        states.append(state)
    return states


@pytest.fixture(scope="module")
def games() -> list[list[State]]:
    return [play(*game) for game in PLAYED]


def sampled(games: list[list[State]], every: int) -> list[State]:
    """Every ``every``-th state of each game, and its last."""
    return [state for states in games for state in [*states[::every], states[-1]]]


def test_every_line_the_readers_used_carries_the_event_its_words_tell(games: list[list[State]]) -> None:
    kinds: Counter[str] = Counter()
    for states in games:
        for entry in states[-1]["log"]:
            wanted = classify(entry["text"])
            assert entry.get("event") == wanted, entry  # and no event on any other line
            if wanted is not None:
                kinds[wanted["kind"]] += 1
                # An event is as secret as its line: a Winter pass goes to its giver and receiver, the rest to all.
                secret = wanted["kind"] == "pass"
                assert entry.get("to") == (sorted({wanted["giver"], wanted["receiver"]}) if secret else None), entry
    assert set(kinds) == EVENT_KINDS, kinds
    events = [e["event"] for states in games for e in states[-1]["log"] if "event" in e]
    assert {e["hessians"] for e in events if e["kind"] in ("nominate", "flip")} == {True, False}
    assert {e["cause"] for e in events if e["kind"] == "reveal"} == {"eyes", "ferguson"}
    assert {e["card"] for e in events if e["kind"] == "discard"} == {"spy", "conceal"}
    assert any(e["target"] is None for e in events if e["kind"] == "ferguson")


def test_events_survive_the_databases_json(games: list[list[State]]) -> None:
    """States are stored as JSON: an event reads the same after the trip (no tuples, no integer keys)."""
    log = games[1][-1]["log"]
    assert json.loads(json.dumps(log)) == log


def test_the_tells_and_the_evidence_are_what_the_english_gave(games: list[list[State]]) -> None:
    compared = Counter[str]()
    for state in sampled(games, 12):
        found = tells.read(state, None)
        assert found == read_tells(state, None)
        compared["tells"] += len(found)
        for viewer in range(state["players"]):
            evidence = sampler._read(state, viewer, visible_entries(state, viewer))  # its tells: ``tells.read``'s
            assert (evidence.tells, evidence.passed_by_me, evidence.flipped) == read_evidence(state, viewer)
            compared["seat's tells"] += len(evidence.tells)
            compared["passed"] += evidence.passed_by_me is not None
            compared["flipped"] += len(evidence.flipped)
    assert min(compared.values()) > 20, compared  # the comparison met every kind of evidence


def nonsense(state: State) -> State:
    """``state`` with every log line's words replaced (its readers and its event kept)."""
    log = [{**entry, "text": f"Lorem ipsum {i} {{s{i % state['players']}}} dolor."}
           for i, entry in enumerate(state["log"])]
    return {**state, "log": log}


def unlogged(world: State) -> dict[str, Any]:
    return {key: value for key, value in world.items() if key != "log"}


def test_a_copy_edit_of_every_line_changes_nothing_a_bot_decides(games: list[list[State]]) -> None:
    states = [state for state in sampled(games, 90) if GAME.result(state) is None]
    changed_old = 0
    for state in states:
        edited = nonsense(state)
        for viewer in range(0, state["players"], 4):
            assert tells.read(edited, viewer) == tells.read(state, viewer)
            assert sampler.evidence(edited, viewer) == sampler.evidence(state, viewer)
            worlds = draw_worlds(GAME, state, viewer, random.Random(viewer), 4)
            again = draw_worlds(GAME, edited, viewer, random.Random(viewer), 4)
            assert [unlogged(w) for w in again] == [unlogged(w) for w in worlds]
            changed_old += read_evidence(edited, viewer) != read_evidence(state, viewer)
        seat = (GAME.required(state) or GAME.waiting_on(state))[0]
        assert (decide(GAME, edited, seat, "hard", random.Random(5), budget=TINY)
                == decide(GAME, state, seat, "hard", random.Random(5), budget=TINY))
    assert changed_old  # the readers before events would have lost what the edited lines said


def test_no_event_reaches_a_browser(games: list[list[State]]) -> None:
    """The state messages every viewer is sent carry log lines of a seq and a text only: no event, and none of an
    event's words (its kinds name nothing a line or a view says)."""
    words = {"agent_gone", "eyes_removed", "winter_pass", "concealed", "spied"}
    for state in games[1][::3] + [games[1][-1]]:
        for viewer in viewers(state["players"]):
            sent = message(GAME, state, viewer)
            assert all(set(line) == {"seq", "text"} for line in sent["log"])
            text = json.dumps(sent)
            assert '"event"' not in text
            assert not any(f'"{word}"' in text for word in words), viewer


def test_a_secret_lines_event_reaches_only_its_seats_bots(games: list[list[State]]) -> None:
    """A Winter pass's event is read by the giver's and receiver's bots only: what any other seat's sampler draws is
    the same whatever card the pass named."""
    state = next(s for s in games[1] if GAME.result(s) is None and any(
        e.get("event", {}).get("kind") == "pass" for e in s["log"]))
    passes = [e for e in state["log"] if e.get("event", {}).get("kind") == "pass"]
    for viewer in range(state["players"]):
        theirs = [e for e in passes if viewer in e["to"]]
        assert [e for e in visible_entries(state, viewer) if e in passes] == theirs
        assert all(viewer in (e["event"]["giver"], e["event"]["receiver"]) for e in theirs)
    viewer = next(seat for seat in range(state["players"]) if state["alive"][seat])
    swapped = {**state, "log": [
        {**e, "event": {**e["event"], "card": "turncoat" if e["event"]["card"] != "turncoat" else "patriot"}}
        if e in passes and viewer not in e["to"] else e for e in state["log"]]}
    assert swapped["log"] != state["log"]
    worlds = draw_worlds(GAME, state, viewer, random.Random(3), 6)
    assert [unlogged(w) for w in draw_worlds(GAME, swapped, viewer, random.Random(3), 6)] == [
        unlogged(w) for w in worlds]
    # while the seat's own pass does count: naming another card changes the worlds, which pin it on the receiver
    mine = {**state, "log": [
        {**e, "event": {**e["event"], "card": "turncoat" if e["event"]["card"] != "turncoat" else "patriot"}}
        if e in passes and e["event"]["giver"] == viewer else e for e in state["log"]]}
    assert [unlogged(w) for w in draw_worlds(GAME, mine, viewer, random.Random(3), 6)] != [
        unlogged(w) for w in worlds]
