"""Junk actions for every game's rules, through the one guard the server calls (``games.protocol.apply_checked``).

For every game in ``tests.support.registry.ALL_GAMES`` a few seeded random games are played (player counts drawn per
seed), and at several states of each the fuzzer offers:

- every single mutation of each legal action at every depth of its parameters (a dict inside a list inside the
  action is reached too): wrong JSON types, bools for ints and ints for bools, floats (also NaN and infinities),
  out-of-range and huge ints (10**400), strings for lists and lists for strings, longer and shorter lists, nested
  junk, a missing key (``type`` included), an extra key, an unknown or near-miss ``type``, another game's action;
- random compositions of two to four such mutations (seeded);
- valid actions sent by seats that may not send them: idle seats sending the waiting seats' actions, waiting seats
  sending other seats' actions, actions played at other steps of the game, seats out of range, and anything at all
  once the game is over.

Each must raise ``IllegalAction`` (with a known code and a message; never another exception) and leave the state as
it was (its JSON text before and after). A mutation that happens to be legal (an action in the seat's ``legal``
list, equal as JSON, or one a template accepts) is not offered. The conformance suite
(``tests/games/test_conformance.py``) already offers one junk value per top-level parameter at a few states; this goes
deeper and wider, and reuses its ``_junk_values`` as one source of junk among others.

Scale: ``FUZZ_SCALE=20`` (any positive number) multiplies the work by 20: the games per game id and the states per
game each grow as its square root. A long run may need ``--timeout 0`` (pytest-timeout's 240 s per test).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import math
import random
import traceback
from collections.abc import Iterator
from typing import Any

import pytest

from games.protocol import Action, Game, IllegalAction, Seat, State, apply_checked, same_json
from tests.fuzz.common import scaled
from tests.games.test_conformance import SHAPE_JUNK, _junk_values
from tests.support import hidden_hands
from tests.support.registry import ALL_GAMES, concrete, play_random

# The work grows as FUZZ_SCALE: games and states per game each grow as its square root.
GAMES_PER_ID = scaled(3, 0.5)  # seeded random games per game id
STATES_PER_GAME = scaled(5, 0.5)  # states per game offered junk
COMPOSED = 40  # random compositions of mutations per state and seat
MAX_REPORTED = 12  # distinct failures shown per test

GAME_PARAMS = [pytest.param(game, id=game_id) for game_id, game in sorted(ALL_GAMES.items())]
Path = tuple[Any, ...]


def dump(state: State) -> str:
    return json.dumps(state, sort_keys=True)




# --------------------------------------------------------------------------------------------- junk for one value


def nested_junk(depth: int) -> Any:
    value: Any = "deep"
    for n in range(depth):
        value = [value] if n % 2 else {"k": value}
    return value


BIG = 10**400


def junk_for(value: Any, players: int) -> list[Any]:
    """Values that must not pass for ``value``: the conformance suite's list, and then some for its type."""
    out = [nested_junk(3), nested_junk(60), {"type": "junk"}, [[]], math.nan, math.inf, -math.inf, BIG, -BIG]
    if isinstance(value, int | float) and not (isinstance(value, float) and math.isfinite(value)) \
            and not (isinstance(value, int) and abs(value) < 2**53):
        return [*out, 0, 0.5, str(value), [value], None]  # junk already (a composed mutation): no float of it
    out += _junk_values(value)
    if isinstance(value, bool):
        out += [not value, float(value), [value], {"value": value}, "yes" if value else "no", None]
    elif isinstance(value, int):
        out += [value - 1, -value - 1, value + 0.5, players, players + 1, -players, 2**31, 2**63, -(2**63),
                True, False, str(value), f"{value}.0", [value], [value, value], {"value": value}, None]
    elif isinstance(value, float):
        out += [value + 1, -value, math.floor(value), True, str(value), [value], None]
    elif isinstance(value, str):
        out += [value[:-1], value + value, value * 300, value.replace("-", "\u2010"), value.title(), value + "\u0000",
                f"{value}\n", value.encode().hex(), 0, 1, True, [value, value], {value: value}, None]
        out += [",".join(value), json.dumps(value)]
    elif isinstance(value, list):
        out += [",".join(map(str, value)), json.dumps(value), {"items": value}, [value], [*value, *value],
                list(reversed(value)) if len(value) > 1 else [None, None], [0] * (len(value) + 1), [True],
                list(range(players + 2)), ["junk"] * len(value), 0, True, None]
    elif isinstance(value, dict):
        out += [{}, [value], json.dumps(value), {**value, "": None}, {k: None for k in value},
                {k: [v] for k, v in value.items()}, list(value), list(value.values()), 0, "x", None]
    elif value is None:
        out += [0, -1, 0.0, False, "", "null", [], {}, [None], players, BIG]
    return out


# --------------------------------------------------------------------------------------------- walking an action


def paths(value: Any, prefix: Path = ()) -> Iterator[tuple[Path, Any]]:
    """Every (path, value) inside a parameter value, the value itself first."""
    yield prefix, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from paths(item, (*prefix, index))


def replaced(action: Action, path: Path, new: Any) -> Any:
    out = copy.deepcopy(action)
    target = out
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = new
    return out


def removed(action: Action, path: Path) -> Any:
    out = copy.deepcopy(action)
    target = out
    for step in path[:-1]:
        target = target[step]
    del target[path[-1]]
    return out


def mutations(action: Action, players: int, types: list[str]) -> Iterator[tuple[str, Any]]:
    """Every single mutation of one legal action, labelled."""
    kind = action["type"]
    for name in action:  # a key missing
        yield f"without {name!r}", removed(action, (name,))
    for key, value in [("junk", 1), ("Type", kind), ("", None), ("seat", 0), ("__proto__", {}), ("type ", kind),
                       ("template", True)]:
        yield f"extra key {key!r}", {**action, key: value}
    for other in [kind.upper(), f" {kind}", f"{kind} ", f"{kind}\u0000", kind[:-1], kind + "s", "", "no-such-action",
                  *types]:
        if other != kind:
            yield f"type {other!r}", {**action, "type": other}
    for junk in [None, 0, True, [kind], {"name": kind}, BIG]:
        yield f"type {junk!r}", {**action, "type": junk}
    for name, value in action.items():
        if name == "type":
            continue
        for path, inner in paths(value, (name,)):
            for junk in junk_for(inner, players):
                yield f"{'.'.join(map(str, path))}: {type(inner).__name__} -> {_short(junk)}", \
                    replaced(action, path, junk)
            if len(path) > 1:
                yield f"without {'.'.join(map(str, path))}", removed(action, path)
    yield "no parameters", {"type": kind}
    yield "parameters nested in a list", [action]
    yield "as JSON text", json.dumps(action)


def one_mutation(rand: random.Random, action: Action, players: int, types: list[str]) -> tuple[str, Any]:
    """One random mutation, drawn without listing them all: a key dropped or added, the type, or one inner value."""
    roll = rand.random()
    if roll < 0.1:
        name = rand.choice(list(action))
        return f"without {name!r}", removed(action, (name,))
    if roll < 0.2:
        return "extra key", {**action, rand.choice(["junk", "Type", "", "seat", "type "]): rand.choice([1, None, []])}
    if roll < 0.3 or len(action) == 1:
        return "type", {**action, "type": rand.choice([*types, "", None, 0, action["type"].upper()])}
    name = rand.choice([k for k in action if k != "type"])
    path, inner = rand.choice(list(paths(action[name], (name,))))
    junk = rand.choice(junk_for(inner, players))
    return f"{'.'.join(map(str, path))}: {type(inner).__name__} -> {_short(junk)}", replaced(action, path, junk)


def composed(rand: random.Random, legal: list[Action], players: int, types: list[str]) -> tuple[str, Any]:
    """Two to four mutations of one legal action, each applied to the result of the last (while it is a dict)."""
    action: Any = rand.choice(legal)
    labels = []
    for _ in range(rand.randint(2, 4)):
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            break
        label, action = one_mutation(rand, action, players, types)
        labels.append(label)
    return " + ".join(labels), action


def representatives(legal: list[Action], rand: random.Random, per_shape: int = 2) -> list[Action]:
    """A few legal actions of each shape (type and keys): mutating fifty marches teaches no more than two."""
    shapes: dict[tuple[Any, ...], list[Action]] = {}
    for entry in legal:
        shapes.setdefault((entry["type"], *sorted(entry)), []).append(entry)
    return [entry for group in shapes.values() for entry in rand.sample(group, min(per_shape, len(group)))]


def _short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


# --------------------------------------------------------------------------------------------- the checks


class Findings:
    """Failures gathered over a whole test, one example per kind."""

    def __init__(self) -> None:
        self.examples: dict[tuple[str, ...], str] = {}
        self.count = 0
        self.offered = 0

    def add(self, kind: tuple[str, ...], text: str) -> None:
        self.count += 1
        self.examples.setdefault(kind, text)

    def assert_none(self, what: str) -> None:
        shown = list(self.examples.values())[:MAX_REPORTED]
        assert not self.examples, (f"{what}: {self.count} failures of {self.offered} junk actions offered, "
                                   f"{len(self.examples)} kinds; the first {len(shown)}:\n\n" + "\n\n".join(shown))


def legal_anyway(game: Game, state: State, seat: Seat, action: Any) -> bool | None:
    """True when ``action`` is legal for ``seat`` (a mutation that is no junk); None when the game's own template
    check raised on it (apply_checked must then refuse it without raising that)."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return False
    legal = game.legal(state, seat)
    if any(same_json(action, entry) for entry in concrete(legal)):
        return True
    if game.accepts is not None and any(e.get("template") and e["type"] == action["type"] for e in legal):
        try:
            return bool(game.accepts(state, seat, copy.deepcopy(action)))
        except Exception:  # apply_checked will meet the same and must turn it into IllegalAction
            return None
    return False


def offer(findings: Findings, game: Game, state: State, seat: Seat, action: Any, label: str, where: str,
          codes: tuple[str, ...] = IllegalAction.CODES) -> None:
    """``action`` from ``seat`` must be refused with IllegalAction and leave ``state`` as it was."""
    findings.offered += 1
    before = dump(state)
    shown = f"{where}, seat {seat}: {label}\n  action {_short(action, 300)}"
    try:
        apply_checked(game, state, seat, action)
    except IllegalAction as refusal:
        if refusal.code not in codes or not (isinstance(refusal.message, str) and refusal.message.strip()):
            findings.add(("code", game.id, refusal.code, label.split(":")[0]),
                         f"[refused with code {refusal.code!r}, wanted one of {codes}] {shown}\n"
                         f"  message {refusal.message!r}")
    except Exception as exc:  # the very thing looked for
        frames = traceback.extract_tb(exc.__traceback__)
        last = frames[-1] if frames else None
        at = f"{last.filename.split('/work/main/')[-1]}:{last.lineno} in {last.name}" if last else "?"
        findings.add(("raised", game.id, type(exc).__name__, at),
                     f"[raised {type(exc).__name__}: {exc}] {shown}\n  at {at}\n"
                     + "".join(traceback.format_exception(exc)[-6:]).rstrip())
    else:
        findings.add(("accepted", game.id, label.split(":")[0]), f"[accepted] {shown}")
    if dump(state) != before:
        findings.add(("state changed", game.id, label.split(":")[0]), f"[the state changed] {shown}")


# --------------------------------------------------------------------------------------------- games to fuzz


def sample_games(game: Game) -> Iterator[tuple[str, list[State], list[tuple[Seat, Action]], list[int], random.Random]]:
    """Seeded random games of ``game``, each with the steps (states) to offer junk at."""
    for n in range(GAMES_PER_ID):
        rand = random.Random(f"junk:{game.id}:{n}")
        players = rand.randint(game.min_players, game.max_players)
        seed = rand.randrange(2**32)
        states, actions = play_random(game, players, seed, random.Random(seed))
        picks = sorted(rand.sample(range(len(states) - 1), min(STATES_PER_GAME, len(states) - 1)))
        yield f"{game.id}, {players} players, seed {seed}", states, actions, picks, rand


@functools.cache
def action_types() -> list[str]:
    """Every action type played in one random game of each game: another game's types are junk here, and so are this
    game's types of other moments (a "commit" while gems are set aside)."""
    types = set()
    for other in ALL_GAMES.values():
        _, actions = play_random(other, other.min_players, 0, random.Random(0))
        types.update(action["type"] for _, action in actions)
    return sorted(types)


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_mutated_legal_actions_are_refused(game: Game) -> None:
    findings = Findings()
    types = action_types()
    for name, states, _, picks, rand in sample_games(game):
        for step in picks:
            state, where = states[step], f"{name}, step {step}"
            players = state["players"]
            for seat in game.waiting_on(state):
                legal = concrete(game.legal(state, seat))
                offers = [m for entry in representatives(legal, rand) for m in mutations(entry, players, types)]
                offers += [composed(rand, legal, players, types) for _ in range(COMPOSED)] if legal else []
                offers += [(f"shape {_short(junk)}", junk) for junk in SHAPE_JUNK]
                tried: set[str] = set()
                for label, action in offers:
                    text = repr(action)
                    if text in tried or legal_anyway(game, state, seat, action) is True:
                        continue
                    tried.add(text)
                    offer(findings, game, state, seat, action, label, where)
    assert findings.offered > 100, f"{game.id}: only {findings.offered} junk actions were offered"
    findings.assert_none(game.id)


@pytest.mark.parametrize("game", GAME_PARAMS)
def test_valid_actions_from_seats_that_may_not_send_them(game: Game) -> None:
    findings = Findings()
    for name, states, actions, picks, rand in sample_games(game):
        for step in picks:
            state, where = states[step], f"{name}, step {step}"
            players = state["players"]
            waiting = game.waiting_on(state)
            legal_of = {seat: concrete(game.legal(state, seat)) for seat in range(players)}
            everyone = [a for seat in waiting for a in legal_of[seat]]
            played = [a for _, a in rand.sample(actions, min(30, len(actions)))]
            for seat in range(players):
                if seat not in waiting:  # an idle seat: whatever anyone may do now is not its to do
                    for action in everyone + played:
                        offer(findings, game, state, seat, action, "idle seat sends another's action", where,
                              ("not_your_turn",))
                    continue
                for action in everyone + played:  # a waiting seat sends what is not in its own list
                    if legal_anyway(game, state, seat, action) is not True:
                        label = "another seat's action" if action in everyone else "an action of another step"
                        offer(findings, game, state, seat, action, label, where)
            for outside in (-1, players, players + 1, -(10**9), 10**9, BIG):
                for action in everyone[:5]:
                    offer(findings, game, state, outside, action, "a seat out of range", where, ("not_your_turn",))
        for seat in range(states[-1]["players"]):
            for _, action in actions[-5:]:
                offer(findings, game, states[-1], seat, action, "an action after the end", f"{name}, the end",
                      ("game_over",))
    assert findings.offered, f"{game.id}: nothing was offered"
    findings.assert_none(game.id)


def test_the_fuzzer_reports_a_game_whose_hooks_raise() -> None:
    """The checks above can fail: a game whose template check reads junk blindly is caught raising."""
    base = hidden_hands.GAME

    def legal(state: State, seat: Seat) -> list[Action]:
        entries = base.legal(state, seat)
        return entries + [{"type": entry["type"], "template": True} for entry in entries[:1]]

    def accepts(state: State, seat: Seat, action: Action) -> bool:
        return bool(action["gem"].startswith("gem-")) and action["gem"] in state["hands"][seat]

    broken = dataclasses.replace(base, legal=legal, accepts=accepts)
    state = broken.new_state(2, None, 1)
    findings = Findings()
    for label, action in mutations(concrete(legal(state, 0))[0], 2, ["commit"]):
        if legal_anyway(broken, state, 0, action) is not True:
            offer(findings, broken, state, 0, action, label, "a broken game")
    kinds = {kind[0] for kind in findings.examples}
    assert "raised" in kinds, findings.examples
    assert any(kind[2] in ("KeyError", "AttributeError") for kind in findings.examples), findings.examples
