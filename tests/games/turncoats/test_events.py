"""Log events (issue 37): the engine writes, beside each of its lines, the same facts as data; the hard bot's
inference (bots/infer.py) and the sampler's tilt (sampler.py) read only those, so rewording a line changes nothing a
bot or a world does; and no event reaches a browser.

The regular expressions below are infer.py's and sampler.py's before they read events. They live here only, as the
classifier of lines (every line they match must carry an event saying the same) and as the old reading that the new
one must equal.
"""

from __future__ import annotations

import functools
import math
import random
import re
from typing import Any, cast

from games.bots import decide, draw_worlds
from games.protocol import Budget, State, Viewer, apply_checked, visible_entries
from games.turncoats import GAME
from games.turncoats.bots import infer
from games.turncoats.data import COLOURS
from games.turncoats.rules import winning_colour
from games.turncoats.sampler import CONTENT_LEADER, CONTENT_OTHER, RETURNED, SPENT, tilts
from games.turncoats.state import TurncoatsState
from games.turncoats.view import resample
from tests.games.turncoats.scenario import counts, make
from tests.support.events import reworded, without_events
from tests.support.leaks import CLOCK_PARTS, message
from tests.support.registry import play_random

# ----------------------------------------------------------------------------- the old readings of the text

SPEND = re.compile(r"^\{s(\d+)\} (?:recruited a (\w+) stone into area (\d+)|battled with (\w+) in area (\d+), "
                   r"killing (.+?)\.?$|marched (\d+) (\w+) from area (\d+) to area (\d+))")
RETURN = re.compile(r"^\{s(\d+)\} negotiated and returned a (\w+) stone")
KILLED = re.compile(r"(\d+) (red|blue|black)")
ACTION = re.compile(r"^\{s(\d+)\} (recruited a|battled with|marched \d+|negotiated and returned a) (red|blue|black)\b")
INDEX: dict[str, int] = {colour: i for i, colour in enumerate(COLOURS)}


def old_public_moves(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """infer.py's reading of the public lines as it was."""
    moves: list[dict[str, Any]] = []
    for entry in log:
        if "to" in entry:
            continue
        text = entry.get("text", "")
        found = RETURN.match(text)
        if found:
            moves.append({"seat": int(found.group(1)), "kind": "return", "colour": INDEX[found.group(2)]})
            continue
        found = SPEND.match(text)
        if found is None:
            continue
        seat = int(found.group(1))
        if found.group(2):
            moves.append({"seat": seat, "kind": "recruit", "colour": INDEX[found.group(2)],
                          "area": int(found.group(3))})
        elif found.group(4):
            victims = [0, 0, 0]
            for n, colour in KILLED.findall(found.group(6)):
                victims[INDEX[colour]] = int(n)
            moves.append({"seat": seat, "kind": "battle", "colour": INDEX[found.group(4)],
                          "area": int(found.group(5)), "victims": victims})
        else:
            moves.append({"seat": seat, "kind": "march", "colour": INDEX[found.group(8)], "count": int(found.group(7)),
                          "from": int(found.group(9)), "to": int(found.group(10))})
    return moves


def old_tilts(state: TurncoatsState) -> list[list[float]]:
    """sampler.py's ``tilts`` as it was."""
    players = state["players"]
    returned = [[0] * len(COLOURS) for _ in range(players)]
    spent = [[0] * len(COLOURS) for _ in range(players)]
    for entry in state["log"]:
        if "to" in entry:
            continue
        found = ACTION.match(entry["text"])
        if found is None:
            continue
        seat, index = int(found.group(1)), INDEX[found.group(3)]
        (returned if found.group(2).startswith("negotiated") else spent)[seat][index] += 1
    logs = [[RETURNED * min(returned[s][c], 2) + SPENT * min(max(spent[s][c] - 1, 0), 2) for c in range(3)]
            for s in range(players)]
    leader = winning_colour(state)
    if leader is not None:
        for back in range(1, min(state["streak"], players) + 1):
            seat = (state["turn"] - back) % players
            for c, colour in enumerate(COLOURS):
                logs[seat][c] += CONTENT_LEADER if colour == leader else CONTENT_OTHER
    return [[math.exp(w) for w in row] for row in logs]


def unsaid(entry: dict[str, Any], event: dict[str, Any]) -> list[str]:
    """The event's facts its line does not say: an event holds nothing more than its line (so it is as secret)."""
    text, out = entry["text"], []
    for key, value in event.items():
        if key == "kind":
            continue
        if key in ("seat", "first"):
            said = f"{{s{value}}}" in text or entry.get("to") == [value]  # "You drew ...", to that seat alone
        elif key == "colour":
            said = f" {value} " in text
        elif key in ("area", "from", "to"):
            said = f"area {value}" in text
        elif key == "count":
            said = f"marched {value} " in text
        elif key == "killed":
            said = all(f"{n} {colour}" in text for colour, n in value.items()) and (bool(value) != ("none" in text))
        else:
            said = False
        if not said:
            out.append(f"{key}={value!r}")
    return out


# ----------------------------------------------------------------------------- the played games

PLAYERS = (2, 3, 4, 5)
SEEDS = range(4)  # per player count, each game played by basic at every seat


@functools.cache
def games() -> tuple[tuple[str, tuple[State, ...]], ...]:
    out = []
    for players in PLAYERS:
        for seed in SEEDS:
            states, _ = play_random(GAME, players, seed, random.Random(seed), bot="basic")
            out.append((f"{players} players seed {seed}", tuple(states)))
    return tuple(out)


def every_state() -> list[tuple[str, State]]:
    return [(f"{where} step {i}", state) for where, states in games() for i, state in enumerate(states)]


def typed(state: State) -> TurncoatsState:
    return cast(TurncoatsState, state)


# ----------------------------------------------------------------------------- conformance


def conform(where: str, log: list[dict[str, Any]], seen: set[str]) -> None:
    """Every line the old patterns matched carries an event with the same facts; every event says only its line."""
    for entry in log:
        event = entry.get("event")
        assert event is not None, f"{where}: no event on {entry['text']!r}"
        assert not unsaid(entry, event), f"{where}: {unsaid(entry, event)} not in {entry}"
        read = old_public_moves([entry])
        assert read == infer.public_moves([entry]), f"{where}: {event} against {entry['text']!r}"
        if found := ACTION.match(entry["text"]):
            assert "to" not in entry and event["kind"] in ("recruit", "battle", "march", "return"), where
            assert (event["seat"], event["colour"]) == (int(found.group(1)), found.group(3)), where
        else:
            assert not read and event["kind"] not in ("recruit", "battle", "march", "return"), where
        seen.add(event["kind"] + (" none" if event.get("killed") == {} else ""))


def test_every_line_carries_an_event_with_the_same_facts() -> None:
    seen: set[str] = set()
    for where, states in games():
        conform(where, states[-1]["log"], seen)
    assert seen >= {"start", "negotiate", "drew", "return", "over", "recruit", "battle", "march"}


def test_a_battle_that_kills_none_or_two_colours_says_so_in_its_event() -> None:
    state = make(2, areas={4: counts(red=2, blue=1, black=1), 5: counts(blue=1)},
                 hands=[counts(red=2, blue=2), counts(black=3)])
    two = apply_checked(GAME, state, 0, {"type": "battle", "colour": "red", "area": 4,
                                         "victims": {"blue": 1, "black": 1}})
    none = apply_checked(GAME, state, 0, {"type": "battle", "colour": "blue", "area": 5,
                                          "victims": {"red": 0, "black": 0}})
    seen: set[str] = set()
    conform("scenario", [two["log"][-1], none["log"][-1]], seen)
    assert seen == {"battle", "battle none"}
    assert two["log"][-1]["event"]["killed"] == {"blue": 1, "black": 1}


# ----------------------------------------------------------------------------- equivalence with the old readings


def test_the_public_moves_and_tilts_from_events_equal_the_old_readings_of_the_text() -> None:
    moves = 0
    for where, state in every_state():
        assert tilts(typed(state)) == old_tilts(typed(state)), where
        for seat in range(state["players"]):
            log = visible_entries(state, seat)
            new = infer.public_moves(log)
            assert new == old_public_moves(log), f"{where}, seat {seat}"
            moves += len(new)
    assert moves >= 1000


# ----------------------------------------------------------------------------- a copy edit changes nothing


def test_rewording_every_line_leaves_the_inference_the_tilts_and_the_worlds_alone() -> None:
    old_changed = 0
    for where, state in every_state()[::3]:
        nonsense = reworded(state)
        assert tilts(typed(nonsense)) == tilts(typed(state)), where
        for viewer in [*range(state["players"]), None]:
            if viewer is not None:
                view = GAME.view(typed(state), viewer)
                assert infer.history(view, visible_entries(nonsense, viewer)) == \
                    infer.history(view, visible_entries(state, viewer)), f"{where}, seat {viewer}"
                old_changed += old_public_moves(visible_entries(nonsense, viewer)) != \
                    old_public_moves(visible_entries(state, viewer))
            first, second = resample(typed(nonsense), viewer, random.Random(4)), resample(typed(state), viewer,
                                                                                          random.Random(4))
            assert {k: v for k, v in first.items() if k != "log"} == {k: v for k, v in second.items() if k != "log"}
    assert old_changed >= 50  # the same copy edit did change what the text-reading version saw


def test_the_hard_bot_decides_the_same_on_reworded_lines() -> None:
    budget = Budget(nodes=12, seconds=1e6)
    for where, state in every_state()[::30]:
        if GAME.result(typed(state)) is not None:
            continue
        seat = state["turn"]
        first = decide(GAME, state, seat, "hard", random.Random(1), budget)
        assert decide(GAME, reworded(state), seat, "hard", random.Random(1), budget) == first, where


# ----------------------------------------------------------------------------- no event reaches a browser


def sans_clock(sent: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in sent.items() if key not in CLOCK_PARTS}


def test_no_event_reaches_a_state_message() -> None:
    """Every viewer's message is the same with and without the events: the platform builds lines from text alone."""
    for where, state in every_state()[::4]:
        bare = without_events(state)
        viewers: list[Viewer] = [*range(state["players"]), None]
        for viewer in viewers:
            sent = sans_clock(message(GAME, state, viewer))
            assert sent == sans_clock(message(GAME, bare, viewer)), f"{where}, viewer {viewer}"
            assert all(set(line) == {"seq", "text"} for line in sent["log"])


def test_a_seats_worlds_hold_only_the_events_it_may_read() -> None:
    """Worlds carry the lines the seat may read, and another seat's private event cannot reach them: planting, on
    every line the seat may not read, a public-looking move of every other seat leaves its worlds as they were."""
    planted_lines = 0
    for where, state in every_state()[::5]:
        if GAME.result(typed(state)) is not None:
            continue
        for seat in range(state["players"]):
            worlds = draw_worlds(GAME, state, seat, random.Random(2), 2)
            for world in worlds:
                assert all(seat in entry.get("to", [seat]) for entry in world["log"]), where
            planted = dict(state)
            planted["log"] = [entry if seat in entry.get("to", [seat]) else
                              {**entry, "event": {"kind": "return", "seat": entry["to"][0], "colour": "red"}}
                              for entry in state["log"]]
            planted_lines += sum(seat not in entry.get("to", [seat]) for entry in planted["log"])
            assert draw_worlds(GAME, planted, seat, random.Random(2), 2) == worlds, f"{where}, seat {seat}"
    assert planted_lines > 0
