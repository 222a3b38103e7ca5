"""Log events (issue 37): the engine writes, beside each line ``known.py`` uses, the same facts as data; known.py reads
only those, so rewording a line changes nothing a bot or a world does; and no event reaches a browser.

The regular expressions below are known.py's before it read events. They live here only, as the classifier of lines
(every line they match must carry an event saying the same) and as the old reading that the new one must equal.
"""

from __future__ import annotations

import functools
import importlib
import random
import re
from typing import Any, cast

import pytest

from games.bots import decide, draw_worlds
from games.protocol import Budget, State, Viewer, visible_entries
from games.red_scare_redux import GAME
from games.red_scare_redux.data import BLACK_OPS
from games.red_scare_redux.known import known_cards
from games.red_scare_redux.rules.zones import BACK_WORDS
from games.red_scare_redux.state import RedScareState
from tests.games.red_scare_redux.scenario import act, make, pass_window
from tests.support.events import reworded, without_events
from tests.support.leaks import CLOCK_PARTS, message
from tests.support.registry import play_random

VIEW = importlib.import_module("games.red_scare_redux.view")  # the package's name ``view`` is the view function

# ----------------------------------------------------------------------------- known.py's old reading of the text

SEAT = r"\{s(\d+)\}"
FROM_SEAT = re.compile(rf"^{SEAT} (picks|steals|takes|gives) (.+) (?:from|to) {SEAT}\.$")
DEFECTOR = re.compile(rf"^{SEAT} takes (.+?) from (?!\{{s).+$")
HAND_WAS = re.compile(rf"^{SEAT}'s hand was: (.*)\.$")
DISCARDS = re.compile(rf"^{SEAT} discards (.+?)(?: to draw as many| \(hand limit\))\.$")
FORCED = re.compile(rf"^{SEAT}'s Interrogation makes {SEAT} discard (.+)\.$")
PLAYS = re.compile(rf"^{SEAT} plays (.+)$")
PLACES = re.compile(rf"^{SEAT} places (.+?)(?: as [^+]+)? on .+$")
BEGINS = re.compile(rf"^{SEAT} begins (.+) \(p?\d+\)\.$")
BACKS = {"an Objective": "objective", "an Omega card": "omega", "a Delta card": "delta"}


def old_known_cards(state: RedScareState, viewer: Viewer, backs: dict[str, str]) -> dict[int, list[str]]:
    """known.py as it was, reading the English lines."""
    team = state["team_of"][viewer] if viewer is not None else None
    known: dict[int, list[str]] = {seat: [] for seat in range(state["players"]) if state["team_of"][seat] != team}

    def lose(seat: int, card: str) -> None:
        if seat in known and card in known[seat]:
            known[seat].remove(card)

    for entry in visible_entries(cast(State, state), viewer):
        text = entry["text"]
        if m := FROM_SEAT.match(text):
            actor, card, other = int(m[1]), m[3], int(m[4])
            giver, getter = (actor, other) if " gives " in text else (other, actor)
            if card in BACKS:
                if giver in known:
                    known[giver] = [c for c in known[giver] if backs[c] != BACKS[card]]
            elif card in backs:
                lose(giver, card)
                if getter in known:
                    known[getter].append(card)
        elif m := DEFECTOR.match(text):
            if int(m[1]) in known and m[2] in backs:
                known[int(m[1])].append(m[2])
        elif m := HAND_WAS.match(text):
            if int(m[1]) in known:
                known[int(m[1])] = [c for c in m[2].split(", ") if c in backs]
        elif m := FORCED.match(text):
            lose(int(m[2]), m[3])
        elif m := DISCARDS.match(text):
            for card in m[2].split(", "):
                lose(int(m[1]), card)
        elif m := PLACES.match(text):
            for card in m[2].split(" + "):
                lose(int(m[1]), card)
        elif m := BEGINS.match(text):
            lose(int(m[1]), m[2])
        elif m := PLAYS.match(text):
            played = next((c for c in known.get(int(m[1]), []) if m[2].startswith(c)), None)
            if played is not None:
                lose(int(m[1]), played)
    return known


def text_facts(text: str) -> tuple[Any, ...] | None:
    """What the old reading took from a line, in its order of patterns (None: a line it ignored)."""
    if m := FROM_SEAT.match(text):
        actor, other = int(m[1]), int(m[4])
        giver, getter = (actor, other) if m[2] == "gives" else (other, actor)
        return ("move", m[2], actor, m[3], giver, getter)
    if m := DEFECTOR.match(text):
        return ("defector", int(m[1]), m[2])
    if m := HAND_WAS.match(text):
        return ("hand", int(m[1]), [c for c in m[2].split(", ") if c])
    if m := FORCED.match(text):
        return ("forced", int(m[1]), int(m[2]), m[3])
    if m := DISCARDS.match(text):
        return ("discard", int(m[1]), m[2].split(", "))
    if m := PLACES.match(text):
        return ("place", int(m[1]), m[2].split(" + "))
    if m := BEGINS.match(text):
        return ("begin", int(m[1]), m[2])
    if m := PLAYS.match(text):
        return ("play", int(m[1]), max((c for c in BLACK_OPS if m[2].startswith(c)), key=len))
    return None


VERBS = {"pickpocket": "picks", "steal": "steals", "give": "gives", "take": "takes"}


def event_facts(event: dict[str, Any]) -> tuple[Any, ...] | None:
    """The same facts, from an event (None: a kind the old reading had no pattern for)."""
    kind = event["kind"]
    if kind in VERBS:
        card = event["card"] if "card" in event else BACK_WORDS[event["back"]]
        return ("move", VERBS[kind], event["seat"], card, event["from"], event["to"])
    if kind == "defector":
        return ("defector", event["seat"], event["card"])
    if kind == "hand_seen":
        return ("hand", event["seat"], event["cards"])
    if kind == "discard" and event["reason"] == "interrogation":
        return ("forced", event["by"], event["seat"], event["cards"][0])
    if kind == "discard":
        return ("discard", event["seat"], event["cards"])
    if kind == "place":
        return ("place", event["seat"], event["cards"])
    if kind == "begin":
        return ("begin", event["seat"], event["objective"])
    if kind == "play":
        return ("play", event["seat"], event["card"])
    return None


SEAT_KEYS = ("seat", "from", "to", "by", "victim")
WORD_KEYS = ("card", "objective", "partial", "cancels", "bonus", "as")
REASONS = {"redraw": "to draw as many", "hand_limit": "(hand limit)", "interrogation": "'s Interrogation makes"}


def unsaid(text: str, event: dict[str, Any]) -> list[str]:
    """The event's facts its line does not say: an event holds nothing more than its line (so it is as secret)."""
    out = []
    for key, value in event.items():
        if key == "kind" or value is None:
            continue
        if key in SEAT_KEYS:
            said = f"{{s{value}}}" in text
        elif key in WORD_KEYS:
            said = str(value) in text
        elif key == "cards":
            said = all(card in text for card in value)
        elif key == "back":
            said = BACK_WORDS[value] in text
        elif key == "reason":
            said = REASONS[value] in text
        elif key == "pair":
            said = value == ("other Agent of the pair" in text)
        else:
            said = False
        if not said:
            out.append(f"{key}={value!r}")
    return out


# ----------------------------------------------------------------------------- the played games

CONFIGS: list[tuple[int, dict[str, Any] | None]] = [
    (2, None), (3, None), (4, None), (5, None), (6, {"layout_6": "3v3"}), (6, {"layout_6": "2v2v2"}),
    (4, {"teams": [1, 1, 2, 2], "window_mode": "fixed"}),  # teammates side by side; windows that run their time
]
SEEDS = (0, 1)  # per configuration, each game played by basic at every seat


@functools.cache
def games() -> tuple[tuple[str, tuple[State, ...]], ...]:
    out = []
    for players, options in CONFIGS:
        for seed in SEEDS:
            states, _ = play_random(GAME, players, seed, random.Random(seed), options=options, bot="basic")
            out.append((f"{players} players {options or ''} seed {seed}", tuple(states)))
    return tuple(out)


def sampled(every: int) -> list[tuple[str, State]]:
    """Every ``every``-th state of every game (the final ones too)."""
    out = []
    for where, states in games():
        out += [(f"{where} step {i}", states[i]) for i in [*range(0, len(states), every), len(states) - 1]]
    return out


def resample(state: State, viewer: Viewer, seed: int) -> State:
    assert GAME.resample is not None
    return cast(State, GAME.resample(cast(RedScareState, state), viewer, random.Random(seed)))


def backs_of(state: State) -> dict[str, str]:
    return {card["name"]: card["back"] for card in state["cards"]}


def viewers(state: State) -> list[Viewer]:
    return [*range(state["players"]), None]


# ----------------------------------------------------------------------------- conformance


def test_every_line_the_readers_use_carries_an_event_with_the_same_facts() -> None:
    seen: set[str] = set()
    for where, states in games():
        for entry in states[-1]["log"]:
            facts = text_facts(entry["text"])
            event = entry.get("event")
            if facts is not None:
                assert event is not None, f"{where}: no event on {entry['text']!r}"
                assert event_facts(event) == facts, f"{where}: {event} against {entry['text']!r}"
                seen.add(facts[0] if facts[0] != "move" else f"{facts[1]} {'back' if 'back' in event else 'card'}")
            elif event is not None:
                assert event_facts(event) is None, f"{where}: {event} on a line the old reading ignored"
            if event is not None:
                assert not unsaid(entry["text"], event), f"{where}: {unsaid(entry['text'], event)} not in {entry}"
    # Every pattern met its lines, a moved card both named and by its back.
    assert seen >= {"defector", "hand", "forced", "discard", "place", "begin", "play", "picks card", "picks back",
                    "steals card", "steals back", "gives card", "gives back", "takes card", "takes back"}


def test_a_secret_lines_event_travels_under_the_lines_to() -> None:
    """A card named on a line for two teams is backed on the line for the others: each event says what its line does."""
    for where, states in games():
        for entry in states[-1]["log"]:
            event = entry.get("event", {})
            if "card" in event and event["kind"] in VERBS:
                assert "to" in entry and not entry.get("redacted"), where
            if "back" in event and event["kind"] in VERBS:
                assert entry.get("redacted") and "to" in entry, where


# ----------------------------------------------------------------------------- equivalence with the old reading


def test_known_cards_from_events_equal_the_old_reading_of_the_text() -> None:
    nonempty = 0
    for where, state in sampled(every=4):
        backs = backs_of(state)
        for viewer in viewers(state):
            new = known_cards(cast(RedScareState, state), viewer, backs)
            assert new == old_known_cards(cast(RedScareState, state), viewer, backs), f"{where}, viewer {viewer}"
            nonempty += any(new.values())
    assert nonempty >= 100  # the comparison met real knowledge, not only empty lists


def test_resample_is_the_same_as_with_the_old_reading(monkeypatch: pytest.MonkeyPatch) -> None:
    for where, state in sampled(every=20):
        for viewer in viewers(state):
            new = resample(state, viewer, 5)
            with monkeypatch.context() as patched:
                patched.setattr(VIEW, "known_cards", old_known_cards)
                old = resample(state, viewer, 5)
            assert new == old, f"{where}, viewer {viewer}"


# ----------------------------------------------------------------------------- a copy edit changes nothing


def without_log(state: State) -> dict[str, Any]:
    return {key: value for key, value in state.items() if key != "log"}


def test_rewording_every_line_leaves_the_known_cards_and_the_worlds_alone() -> None:
    old_changed = 0
    for where, state in sampled(every=15):
        nonsense = reworded(state)
        backs = backs_of(state)
        for viewer in viewers(state):
            known = known_cards(cast(RedScareState, state), viewer, backs)
            assert known_cards(cast(RedScareState, nonsense), viewer, backs) == known, f"{where}, viewer {viewer}"
            assert without_log(resample(nonsense, viewer, 3)) == \
                without_log(resample(state, viewer, 3)), f"{where}, viewer {viewer}"
            old_changed += old_known_cards(cast(RedScareState, nonsense), viewer, backs) != known
    assert old_changed >= 50  # the same copy edit did change what the text-reading version knew


def test_a_hand_seen_in_an_interrogation_is_dealt_in_every_world_however_the_line_reads() -> None:
    hand = ["Funds 3", "Assassin", "Gear 2", "Extractor", "Sabotage"]
    state = make(4, hands={0: ["Interrogation"], 1: hand, 3: ["Gear 1"]}, first=0)
    state = pass_window(act(state, 0, {"type": "black_ops", "card": "Interrogation", "victim": 1}))
    state = act(state, 0, {"type": "pick", "card": "Funds 3"})
    for version in (state, reworded(state)):
        for seat in (0, 2):  # the interrogating team saw the hand
            for n in range(10):
                world = resample(version, seat, n)
                assert sorted(world["cards"][c]["name"] for c in world["hands"][1]) == sorted(hand[1:])
    assert old_known_cards(cast(RedScareState, reworded(state)), 0, backs_of(state)) == {1: [], 3: []}


def test_the_hard_bot_decides_the_same_on_reworded_lines() -> None:
    budget = Budget(nodes=6, seconds=60.0)
    for where, state in sampled(every=100):
        if state["over"]:
            continue
        for seat in GAME.required(state)[:1]:
            first = decide(GAME, state, seat, "hard", random.Random(1), budget)
            assert decide(GAME, reworded(state), seat, "hard", random.Random(1), budget) == first, where


# ----------------------------------------------------------------------------- no event reaches a browser


def sans_clock(sent: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in sent.items() if key not in CLOCK_PARTS}


def test_no_event_reaches_a_state_message() -> None:
    """Every viewer's message is the same with and without the events: the platform builds lines from text alone."""
    for where, state in sampled(every=15):
        bare = without_events(state)
        for viewer in viewers(state):
            sent = sans_clock(message(GAME, state, viewer))
            assert sent == sans_clock(message(GAME, bare, viewer)), f"{where}, viewer {viewer}"
            assert all(set(line) == {"seq", "text"} for line in sent["log"])


def test_a_seats_worlds_hold_only_the_events_it_may_read() -> None:
    """Worlds carry the lines the seat may read, and the others' events cannot reach them: planting, on every line the
    seat may not read, an event that would pin every card on an opponent leaves its worlds as they were."""
    planted_lines = 0
    for where, state in sampled(every=40):
        if state["over"]:
            continue
        for seat in range(state["players"]):
            worlds = draw_worlds(GAME, state, seat, random.Random(2), 2)
            for world in worlds:
                assert all(seat in entry.get("to", [seat]) for entry in world["log"]), where
            rival = next(s for s in range(state["players"]) if state["team_of"][s] != state["team_of"][seat])
            poison = {"kind": "hand_seen", "seat": rival, "cards": sorted(backs_of(state))}
            planted = dict(state)
            planted["log"] = [entry if seat in entry.get("to", [seat]) else {**entry, "event": poison}
                              for entry in state["log"]]
            planted_lines += sum(entry["event"] is poison for entry in planted["log"] if "event" in entry)
            assert draw_worlds(GAME, planted, seat, random.Random(2), 2) == worlds, f"{where}, seat {seat}"
    assert planted_lines > 0
