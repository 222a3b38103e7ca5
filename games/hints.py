"""Hints for a guided first game: data beside each game (``games/<name>/hints.py``, handed to ``Game.hints``), drawn
by the table page (static/js/table/hints.js) at a table created with ``guided: true``.

A hint shows when its condition holds for what the seat itself was sent: its own view and its own legal list. Nothing
else goes in, so whether and when a hint shows can never depend on information the seat cannot see. The page
evaluates the conditions in the browser; ``holds`` here is the same evaluator in Python, for the tests (which check the
two agree, and that a condition never changes under the game's ``resample``).

A condition is a JSON object of exactly one of these forms:

- ``{"can": TYPE}``: the legal list has an action of that type; ``{"can": TYPE, "with": {KEY: VALUE}}``: one whose
  keys include those values as well.
- ``{"view": PATH, "is": VALUE}``: the view's value at PATH equals VALUE (JSON equality);
  ``{"view": PATH, "in": [VALUES]}``, ``{"view": PATH, "at_least": N}``, ``{"view": PATH, "at_most": N}`` (a number,
  or the length of a list or object); ``{"view": PATH, "present": true | false}`` (there and not null, or not).
- ``{"all": [CONDITIONS]}``, ``{"any": [CONDITIONS]}``, ``{"not": CONDITION}``.

A PATH is keys and list indices joined by dots (``step.kind``, ``hands.0``); the segment ``@you`` stands for the
view's own ``you`` (``hand_limits.@you``). A path that leads nowhere is ``None``, which no number compares with.

A hint's text may name values of the view as ``{PATH}`` ("discard down to {hand_limits.@you}").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Condition = Mapping[str, Any]

HINT_ID = re.compile(r"^[a-z][a-z0-9-]{0,39}$")
TEXT_MAX = 240  # a hint is a sentence or two: it sits above the game, on a phone too
PLACEHOLDER = re.compile(r"\{([A-Za-z0-9_.@-]+)\}")
_COMPARISONS = ("is", "in", "at_least", "at_most", "present")


@dataclass(frozen=True)
class Hint:
    """One hint: ``id`` (stable: the browser remembers it as seen), ``text``, and ``when`` (a condition)."""

    id: str
    text: str
    when: Condition

    def public(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "when": self.when}


def check_hints(hints: Sequence[Hint]) -> None:
    """Raise ValueError naming the first thing wrong with a game's hints: a bad id, a repeated one, an empty or long
    text, a malformed condition."""
    seen: set[str] = set()
    for hint in hints:
        if not HINT_ID.match(hint.id):
            raise ValueError(f"hint id {hint.id!r}: lower-case letters, digits and dashes, up to 40")
        if hint.id in seen:
            raise ValueError(f"hint id {hint.id!r} is used twice")
        seen.add(hint.id)
        if not hint.text.strip() or len(hint.text) > TEXT_MAX:
            raise ValueError(f"hint {hint.id!r}: its text must be 1 to {TEXT_MAX} characters")
        check_condition(hint.when, hint.id)


def check_condition(condition: Any, where: str = "condition") -> None:
    """Raise ValueError unless ``condition`` has one of the forms in the module docstring."""
    if not isinstance(condition, Mapping) or not condition:
        raise ValueError(f"{where}: a condition is a non-empty object")
    keys = set(condition)
    if keys == {"all"} or keys == {"any"}:
        parts = condition["all" if "all" in keys else "any"]
        if not isinstance(parts, list) or not parts:
            raise ValueError(f"{where}: all/any takes a non-empty list")
        for part in parts:
            check_condition(part, where)
    elif keys == {"not"}:
        check_condition(condition["not"], where)
    elif keys in ({"can"}, {"can", "with"}):
        if not isinstance(condition["can"], str) or not condition["can"]:
            raise ValueError(f"{where}: can names an action type")
        if "with" in keys and (not isinstance(condition["with"], Mapping) or not condition["with"]):
            raise ValueError(f"{where}: with is a non-empty object")
    elif "view" in keys and len(keys) == 2 and keys - {"view"} <= set(_COMPARISONS):
        if not isinstance(condition["view"], str) or not condition["view"]:
            raise ValueError(f"{where}: view names a path")
        (comparison,) = keys - {"view"}
        value = condition[comparison]
        if comparison == "in" and not isinstance(value, list):
            raise ValueError(f"{where}: in takes a list")
        if comparison in ("at_least", "at_most") and (isinstance(value, bool) or not isinstance(value, int | float)):
            raise ValueError(f"{where}: {comparison} takes a number")
        if comparison == "present" and not isinstance(value, bool):
            raise ValueError(f"{where}: present takes true or false")
    else:
        raise ValueError(f"{where}: unknown condition {sorted(keys)}")


def lookup(view: Any, path: str) -> Any:
    """The view's value at ``path`` (see the module docstring), or None."""
    value = view
    for segment in path.split("."):
        if segment == "@you":
            segment = str(view.get("you")) if isinstance(view, Mapping) else ""
        if isinstance(value, Mapping):
            value = value.get(segment)
        elif isinstance(value, list) and segment.isdigit() and int(segment) < len(value):
            value = value[int(segment)]
        else:
            return None
    return value


def _same(a: Any, b: Any) -> bool:
    """JSON equality, as the browser's: true is not 1, and 0 is not false."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        return a.keys() == b.keys() and all(_same(a[key], b[key]) for key in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, Mapping | list) or isinstance(b, Mapping | list):
        return False
    return bool(a == b)


def _size(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return value
    if isinstance(value, list | Mapping):
        return len(value)
    return None


def holds(condition: Condition, view: Mapping[str, Any] | None, legal: Sequence[Mapping[str, Any]]) -> bool:
    """Whether ``condition`` holds for a seat sent ``view`` and ``legal``."""
    if "all" in condition:
        return all(holds(part, view, legal) for part in condition["all"])
    if "any" in condition:
        return any(holds(part, view, legal) for part in condition["any"])
    if "not" in condition:
        return not holds(condition["not"], view, legal)
    if "can" in condition:
        wanted = condition.get("with", {})
        return any(action.get("type") == condition["can"] and all(_same(action.get(k), v) for k, v in wanted.items())
                   for action in legal)
    value = lookup(view or {}, condition["view"])
    if "is" in condition:
        return _same(value, condition["is"])
    if "in" in condition:
        return any(_same(value, one) for one in condition["in"])
    if "present" in condition:
        return (value is not None) is bool(condition["present"])
    size = _size(value)
    if size is None:
        return False
    return bool(size >= condition["at_least"] if "at_least" in condition else size <= condition["at_most"])


def fill(text: str, view: Mapping[str, Any] | None) -> str:
    """A hint's text with its ``{PATH}`` placeholders filled from the view ("?" where the path leads nowhere)."""

    def value(match: re.Match[str]) -> str:
        found = lookup(view or {}, match.group(1))
        return "?" if found is None or isinstance(found, Mapping | list) else str(found)

    return PLACEHOLDER.sub(value, text)


def showing(hints: Sequence[Hint], view: Mapping[str, Any] | None, legal: Sequence[Mapping[str, Any]]) -> list[str]:
    """The ids of the hints whose condition holds now, in their declared order."""
    return [hint.id for hint in hints if holds(hint.when, view, legal)]
