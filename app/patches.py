"""What changed between two messages, as a JSON Patch (RFC 6902): after its first full state a viewer is sent only
the difference from the last message it was sent, and applies it to get exactly the new full message.

JSON Patch rather than JSON Merge Patch (RFC 7386): views hold nulls (a face-down card, no deadline), and a merge patch
cannot set a value to null. Only three operations are used: ``add``, ``remove`` and ``replace``. Objects are compared
key by key, lists of one length entry by entry; a list that only slid (entries dropped from its front, entries added
at its end, as the log does) becomes ``remove`` of its first entries and ``add`` at its end; any other changed list is
replaced whole. Values are compared as JSON values (``same``): Python takes 1, 1.0 and true for equal, and a patch
that trusted it would leave a client holding the wrong one.

A patch is a function of one viewer's previous and next message, nothing else, so its size tells that viewer
nothing its own view does not.
"""

from __future__ import annotations

import copy
from typing import Any

import orjson

from games.protocol import same_json

Op = dict[str, Any]
KEYS = orjson.OPT_NON_STR_KEYS  # as lenient as the message encoder about keys; values are what is compared


def same(a: Any, b: Any) -> bool:
    """Equal as JSON. Python's ``==`` first: it is fast and, when it says no, right; then the two encodings, which
    tell 1, 1.0 and true apart at C speed (a walk in Python made every patch several times slower). Two equal
    objects whose keys come in another order count as different here, which only sends the diff one level deeper.
    One object is the same as itself: messages share their unchanged parts (the public facts, log lines)."""
    if a is b:
        return True
    if a != b:
        return False
    try:
        return orjson.dumps(a, option=KEYS) == orjson.dumps(b, option=KEYS)
    except TypeError:  # what orjson cannot write (an integer past 64 bits): the same comparison, walked in Python
        return same_json(a, b)


def diff(old: Any, new: Any, path: str = "") -> list[Op]:
    """The operations that turn ``old`` into ``new``."""
    if type(old) is not type(new):  # 1, 1.0 and true are different JSON
        return [{"op": "replace", "path": path, "value": new}]
    if isinstance(new, dict):
        ops: list[Op] = [{"op": "remove", "path": f"{path}/{_escape(key)}"} for key in old if key not in new]
        for key, value in new.items():
            where = f"{path}/{_escape(key)}"
            if key not in old:
                ops.append({"op": "add", "path": where, "value": value})
            elif not same(old[key], value):
                ops.extend(diff(old[key], value, where))
        return ops
    if isinstance(new, list):
        return [] if same(old, new) else _diff_list(old, new, path)
    return [] if same(old, new) else [{"op": "replace", "path": path, "value": new}]


def _diff_list(old: list[Any], new: list[Any], path: str) -> list[Op]:
    """A list of the same length entry by entry; one that slid (entries gone from its front, new ones at its end) as
    those steps; any other replaced whole."""
    if len(old) == len(new):
        ops: list[Op] = []
        for n, (before, after) in enumerate(zip(old, new, strict=True)):
            if not same(before, after):
                ops.extend(diff(before, after, f"{path}/{n}"))
        if len(ops) <= len(new):
            return ops
    for dropped in range(len(old) + 1):
        kept = old[dropped:]
        if kept and (not new or not same(kept[0], new[0])):
            continue  # cheap test first: the kept part must start the new list
        if len(kept) <= len(new) and same(new[: len(kept)], kept):
            added = new[len(kept):]
            if dropped + len(added) < len(new):  # fewer steps than entries: worth it
                return ([{"op": "remove", "path": f"{path}/0"}] * dropped
                        + [{"op": "add", "path": f"{path}/-", "value": value} for value in added])
            break
    # The same entries at both ends, something else between them (a legal list that lost or gained a few moves).
    shortest = min(len(old), len(new))
    head = 0
    while head < shortest and same(old[head], new[head]):
        head += 1
    tail = 0
    while tail < shortest - head and same(old[-1 - tail], new[-1 - tail]):
        tail += 1
    middle = new[head:len(new) - tail]
    if len(old) - head - tail + len(middle) < len(new):
        return ([{"op": "remove", "path": f"{path}/{head}"}] * (len(old) - head - tail)
                + [{"op": "add", "path": f"{path}/{head + n}", "value": value} for n, value in enumerate(middle)])
    return [{"op": "replace", "path": path, "value": new}]


def _escape(key: str) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def apply(document: Any, ops: list[Op]) -> Any:
    """Apply ``ops`` (as made by ``diff``) to a copy of ``document``: the reference the client's own code follows."""
    doc = copy.deepcopy(document)
    for op in ops:
        parts = [p.replace("~1", "/").replace("~0", "~") for p in op["path"].split("/")[1:]]
        if not parts:
            doc = copy.deepcopy(op["value"])
            continue
        parent = doc
        for part in parts[:-1]:
            parent = parent[int(part)] if isinstance(parent, list) else parent[part]
        last = parts[-1]
        if op["op"] == "remove":
            if isinstance(parent, list):
                parent.pop(int(last))
            else:
                del parent[last]
        elif isinstance(parent, list):
            value = copy.deepcopy(op["value"])
            if last == "-":
                parent.append(value)
            elif op["op"] == "add":
                parent.insert(int(last), value)
            else:
                parent[int(last)] = value
        else:
            parent[last] = copy.deepcopy(op["value"])
    return doc
