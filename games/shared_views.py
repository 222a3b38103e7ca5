"""The part of a state's view that no viewer changes, built once per state and shared by all its viewers.

The server builds every viewer's view of a state in a row, but viewers of different tables interleave (a crowd
connecting at once, or fan-outs of several tables), so a single slot would be rebuilt for nearly every viewer and
each table would hold a copy per viewer. A few slots, keyed by the state object and its seq, keep one copy a state.
Each slot holds its state, so the state's id stays its own; a state is never changed after the engine returns it,
and a built part is read-only.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

Part = TypeVar("Part")

SLOTS = 64  # more than the tables whose viewers are served at once; each slot pins one state


class SharedViews(Generic[Part]):
    def __init__(self, build: Callable[[Any], Part], slots: int = SLOTS) -> None:
        self._build = build
        self._slots = slots
        self._parts: OrderedDict[int, tuple[Any, int, Part]] = OrderedDict()
        self._latest: tuple[Any, int, Part] | None = None  # used last: a fan-out asks ten times in a row

    def of(self, state: Any) -> Part:
        latest = self._latest
        if latest is not None and latest[0] is state and latest[1] == state["seq"]:
            return latest[2]  # already the most recently used slot: nothing to move
        key = id(state)
        held = self._parts.get(key)
        if held is not None and held[0] is state and held[1] == state["seq"]:
            self._parts.move_to_end(key)
            self._latest = held
            return held[2]
        part = self._build(state)
        held = self._parts[key] = (state, state["seq"], part)
        self._parts.move_to_end(key)
        while len(self._parts) > self._slots:
            self._parts.popitem(last=False)
        self._latest = held
        return part
