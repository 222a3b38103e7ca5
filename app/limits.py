"""Limits on what one client may send: sizes, nesting, and rates. Each refusal is an ``ApiError`` that changes nothing.

Everything here is checked before the expensive work it protects: a body's size before it is read whole, a JSON
text's nesting before it is parsed, a name's length before it is cleaned character by character.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections import Counter, deque
from typing import Any

from app import metrics
from app.errors import ApiError

MAX_JSON_DEPTH = 32  # far deeper than any action, option or body we define


def json_depth(raw: str) -> int:
    """The deepest nesting of arrays and objects in ``raw``, found without parsing it (so a 5,000-level document costs
    a scan, not a recursion). Brackets inside strings do not count."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in raw:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):  # 1e400: valid JSON text, but no number we could ever send back as JSON
        raise ValueError(f"{text} is too large")
    return value


# A \uD800-\uDFFF escape: as a pair it is one character, alone it is text no UTF-8 encoder will write back.
_SURROGATE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _encodable(value: Any) -> bool:
    try:
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def parse_json(raw: str | bytes, what: str = "message") -> Any:
    """Parse client JSON strictly: no NaN or Infinity, no nesting deeper than ``MAX_JSON_DEPTH``, no number with
    thousands of digits. Raises ``ApiError`` with a reason a person can act on."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ApiError(400, "bad_json", f"The {what} is not valid UTF-8.") from None
    # Nesting needs an opening bracket per level: a text with few of them (every action) is not scanned.
    if raw.count("[") + raw.count("{") > MAX_JSON_DEPTH and json_depth(raw) > MAX_JSON_DEPTH:
        raise ApiError(400, "too_deep", f"The {what} is nested more than {MAX_JSON_DEPTH} levels deep.")
    try:
        value = json.loads(raw, parse_constant=_no_constant, parse_float=_finite)
    except (ValueError, RecursionError) as exc:  # ValueError covers JSONDecodeError and over-long integers
        raise ApiError(400, "bad_json", f"The {what} is not valid JSON.") from exc
    if _SURROGATE.search(raw) and not _encodable(value):
        raise ApiError(400, "bad_json", f"The {what} holds text that is not valid Unicode (a lone surrogate).")
    return value


def tally(counts: Counter[Any], key: Any, delta: int) -> None:
    """Count connections open now: a key that falls to nothing is dropped, so idle tables and seats cost nothing."""
    counts[key] += delta
    if counts[key] <= 0:
        del counts[key]


class RateLimiter:
    """At most ``count`` events per ``per`` seconds for each key (a client address, a seat, a table's spectators).

    Keys quiet for a whole period are forgotten, at most once a period, so memory follows the active senders only.
    """

    def __init__(self, count: int, per: float, name: str = "other") -> None:
        self.name = name  # the metrics' label
        self.count = count
        self.per = per
        self._times: dict[str, deque[float]] = {}
        self._pruned = time.monotonic()

    def allow(self, key: str) -> bool:
        """Record one event for ``key`` and say whether it is within the limit (a refused event is not recorded)."""
        stamp = time.monotonic()
        if stamp - self._pruned > self.per:
            self._times = {k: t for k, t in self._times.items() if t and stamp - t[-1] <= self.per}
            self._pruned = stamp
        times = self._times.setdefault(key, deque())
        while times and stamp - times[0] > self.per:
            times.popleft()
        if len(times) >= self.count:
            metrics.RATE_LIMITED.labels(self.name).inc()
            return False
        times.append(stamp)
        return True

    def __len__(self) -> int:
        return len(self._times)
