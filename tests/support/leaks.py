"""The two standing leak checks of DESIGN.md, one implementation for every test that runs them: the conformance
suite (seeded random games) and the scripted private steps (tests/games/test_private_steps.py).

Canary: no message carries a secret its viewer may not see (``Canary``). Non-interference: redrawing what a viewer
cannot see leaves their message unchanged, and leaves unchanged the log lines that the next action writes for them
(``check_redraw``).
"""

from __future__ import annotations

import functools
import json
import random
from typing import Any

from app.messages import state_message
from games.protocol import Action, Game, IllegalAction, Seat, State, Viewer, apply_logged, round_trip

CLOCK_PARTS = {"now"}  # message fields read from the server's clock, not from the state

Move = tuple[Seat | None, Action]  # as in the action log: (None, EXPIRE) is a window closing by itself


def key(value: Any) -> str:
    """A canonical JSON text: equal keys mean equal JSON values (1, 1.0 and true are three different things)."""
    return json.dumps(value, sort_keys=True, allow_nan=False)


def status_of(game: Game[Any], state: State) -> str:
    return "finished" if game.result(state) is not None else "playing"


def message(game: Game[Any], state: State, viewer: Viewer) -> dict[str, Any]:
    return state_message(
        game,
        status=status_of(game, state),
        seq=state["seq"],
        state=state,
        viewer=viewer,
        names=[f"P{i}" for i in range(state["players"])],
        table={},
        deadline=None,
    )


def viewers(players: int) -> list[Viewer]:
    return [*range(players), None]


# --- canary -------------------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=65536)  # the same secrets come up at every step for every viewer
def _needle(secret: str) -> str:
    """How ``secret`` reads inside a JSON text."""
    return json.dumps(secret, ensure_ascii=False)[1:-1]


# A secret is a value or a token. A value may also be public for other reasons: a bare word (letters only: a colour
# name, which names every colour on the board) or the JSON text of an object or list (a hand's counts, which an area
# of the board may share). Any other secret is a token (a card id, a gem name): it never occurs in a message by
# accident, so it may occur nowhere, not even inside a longer text. A value is looked for field by field: a
# field of the message leaks it when, over a whole case, it showed a viewer one of their value secrets in most of the
# states where they had one (LEAK_SHARE of them, at least LEAK_HITS times, with two different values at least), where
# a public field that merely happens to hold the same value does so about as often as chance.
LEAK_SHARE = 0.75
LEAK_HITS = 5


@functools.lru_cache(maxsize=65536)
def _value_secret(secret: str) -> tuple[str, str] | None:
    """``("word", secret)`` or ``("json", canonical JSON)`` for a value secret; None for a token."""
    if secret.isascii() and secret.isalpha():
        return "word", secret
    if secret[:1] in "{[":
        try:
            value = json.loads(secret)
        except ValueError:
            return None
        if isinstance(value, dict | list):
            return "json", key(value)
    return None


FieldPath = tuple[Viewer, tuple[str | int, ...]]


def _value_fields(
    node: Any, words: set[str], shapes: set[Any], structures: set[str], path: tuple[str | int, ...] = ()
) -> Any:
    """Every field of ``node`` a value secret could be, as ``(path, hit)``: strings when there are secret words,
    objects and lists of a secret's shape (its keys, or its length) when there are secret structures. ``hit`` is
    the secret it equals, or None."""
    if isinstance(node, str):
        if words:
            yield path, node if node in words else None
        return
    if isinstance(node, dict):
        if structures and frozenset(node) in shapes:
            canonical = key(node)
            yield path, canonical if canonical in structures else None
        for name, value in node.items():
            yield from _value_fields(value, words, shapes, structures, (*path, name))
    elif isinstance(node, list):
        if structures and len(node) in shapes:
            canonical = key(node)
            yield path, canonical if canonical in structures else None
        for index, value in enumerate(node):
            yield from _value_fields(value, words, shapes, structures, (*path, index))


class Canary:
    """The canary over one case: ``check`` each state for each viewer (a token secret anywhere fails at once), then
    ``leaks`` names the fields that tracked a value secret over everything checked."""

    def __init__(self) -> None:
        self.seen_secret = False  # some seat had a secret before the end: the check had something to find
        # A field seen with value secrets: [times, hits, values hit, first hit].
        self.tracked: dict[FieldPath, list[Any]] = {}

    def check(self, game: Game[Any], state: State, viewer: Viewer, where: str, checked_seq: int | None = None) -> None:
        """``checked_seq``: the log lines up to this seq were checked for this viewer at an earlier state of the same
        game (a walk through a game's states), so only the newer ones are looked at. A line is checked against the
        secrets of the moment it is written: what it names may become secret later (a card shuffled back) without
        the line having told anything."""
        over = game.result(state) is not None
        public = game.secrets(state, None)
        secrets = game.secrets(state, viewer)
        assert all(isinstance(s, str) and s for s in secrets), f"{where}: secrets must be non-empty strings"
        assert secrets <= public, f"{where}: a seat may not learn what spectators see: {secrets - public}"
        self.seen_secret = self.seen_secret or (bool(secrets) and viewer is not None and not over)
        values = {s: _value_secret(s) for s in secrets}
        needles = {_needle(s) for s, value in values.items() if value is None}
        if not over and isinstance(state.get("rng"), int) and state["rng"] >= 10**9:
            needles.add(str(state["rng"]))  # the random source's state is nobody's business mid-game
        if checked_seq is not None:  # the log's tail is most of a message: each line is looked at once
            state = _newer_lines(state, checked_seq)
        built = message(game, state, viewer)
        text = json.dumps(built, ensure_ascii=False, allow_nan=False)
        leaked = sorted(n for n in needles if n in text)
        assert not leaked, f"{where}: the message leaks {leaked}:\n{text}"
        words = {v[1] for v in values.values() if v is not None and v[0] == "word"}
        structures = {v[1] for v in values.values() if v is not None and v[0] == "json"}
        if not words and not structures:
            return
        shapes = set()
        for structure in structures:
            value = json.loads(structure)
            shapes.add(frozenset(value) if isinstance(value, dict) else len(value))
        for path, hit in _value_fields(built, words, shapes, structures):
            if path == ("now",):
                continue
            counts = self.tracked.setdefault((viewer, path), [0, 0, set(), None])
            counts[0] += 1
            if hit is not None:
                counts[1] += 1
                counts[2].add(hit)
                counts[3] = counts[3] or where

    def leaks(self) -> list[str]:
        return [
            f"viewer {viewer}, field {'.'.join(map(str, path))}: showed their secret {hits} times in {times} "
            f"({len(hit_values)} different values; first at {first})"
            for (viewer, path), (times, hits, hit_values, first) in sorted(self.tracked.items(), key=str)
            if hits >= LEAK_HITS and len(hit_values) >= 2 and hits >= LEAK_SHARE * times
        ]


def walk(canary: Canary, game: Game[Any], states: list[State], where: str) -> None:
    """The canary over every state of one game, for every viewer; each log line is looked at in the state where it
    is written (the lines of earlier steps were checked at those steps)."""
    for step, state in enumerate(states):
        for viewer in viewers(state["players"]):
            canary.check(game, state, viewer, f"{where}, step {step}, viewer {viewer}", step - 1 if step else None)


def _newer_lines(state: State, seq: int) -> State:
    """``state`` with only the log lines written after ``seq`` (a shallow copy: engines read their state, not the
    platform's log, so the view, legal list and result stay the same)."""
    log = state["log"]
    start = len(log)
    while start and log[start - 1].get("seq", 0) > seq:
        start -= 1
    return {**state, "log": log[start:]}


# --- non-interference ---------------------------------------------------------------------------------------------


class Moment:
    """One state, the move played from it (if any) and the state after it; each viewer's message built once."""

    def __init__(self, game: Game[Any], state: State, move: Move | None = None, after: State | None = None) -> None:
        self.game, self.state, self.move = game, state, move
        self.next = after if after is not None or move is None else apply_logged(game, state, *move)
        self._before: dict[Viewer, dict[str, Any]] = {}
        self._after: dict[Viewer, dict[str, Any]] = {}
        self._key: str | None = None

    def key(self) -> str:
        """``key(state)``, worked out once: every viewer's redraws compare against it."""
        if self._key is None:
            self._key = key(self.state)
        return self._key

    def before(self, viewer: Viewer) -> dict[str, Any]:
        if viewer not in self._before:
            self._before[viewer] = message(self.game, self.state, viewer)
        return self._before[viewer]

    def after(self, viewer: Viewer) -> dict[str, Any]:
        assert self.next is not None
        if viewer not in self._after:
            self._after[viewer] = message(self.game, self.next, viewer)
        return self._after[viewer]


def differing(one: dict[str, Any], other: dict[str, Any], skip: set[str] = CLOCK_PARTS) -> list[str]:
    """The parts of two messages that differ (as JSON: 1 and true differ)."""
    return sorted(part for part in set(one) - skip if key(one[part]) != key(other.get(part)))


def check_redraw(
    moment: Moment, viewer: Viewer, rand: random.Random, where: str, lines: bool = True
) -> tuple[bool, bool]:
    """Redraw what ``viewer`` cannot see (the game's ``resample``) and check that they cannot tell.

    Their message must not change. With ``lines`` and a move, the log lines the move writes for them must not
    change either, unless something else in their message after it does (they were rightly shown something: a card
    they drew). The log is the platform's, written by the engine as each action is applied, so a hidden card named in
    a public line shows only here. A move's lines may also tell what its actor chose to show (a card revealed from
    their hand), so they are compared over a redraw that neither the viewer nor the actor can tell: the viewer's own,
    or else the actor's.

    Returns (the redraw changed the state, the move's lines were compared)."""
    game, state = moment.game, moment.state
    assert game.resample is not None, f"{game.id} declares no resample hook"
    before = moment.key()
    other = game.resample(state, viewer, rand)
    assert key(state) == before, f"{where}: resample changed the state it was given"
    assert round_trip(other) == other, f"{where}: the resampled state is not plain JSON"
    redrawn = message(game, other, viewer)
    original = moment.before(viewer)
    for part in set(original) - CLOCK_PARTS:
        assert redrawn[part] == original[part], f"{where}: '{part}' changed"
    changed = key(other) != before
    if not lines or moment.move is None:
        return changed, False
    actor = moment.move[0]
    if actor is not None and actor != viewer and differing(message(game, other, actor), moment.before(actor)):
        other = game.resample(state, actor, rand)  # keeps what the actor knows; is it one the viewer cannot tell?
        if differing(message(game, other, viewer), original):
            return changed, False
    try:
        other_after = apply_logged(game, other, *moment.move)
    except IllegalAction:  # the move used something the redraw changed (a hidden card it played)
        return changed, False
    after, there = moment.after(viewer), message(game, other_after, viewer)
    if differing(after, there, CLOCK_PARTS | {"log"}):
        return changed, False  # the move showed this viewer something hidden before: its lines may differ too
    assert there["log"] == after["log"], (
        f"{where}: {moment.move} writes log lines this viewer can read that change with what neither they nor the "
        f"actor can see:\n{after['log'][-3:]}\nagainst\n{there['log'][-3:]}"
    )
    return changed, True
