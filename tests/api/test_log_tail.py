"""The log tail of a state message, worked out once per distinct visibility (``app.messages.LogTail``), is exactly
each viewer's last ``LOG_TAIL`` readable entries, for logs of every mix of public and private lines."""

from __future__ import annotations

import random
from typing import Any

from app.messages import LOG_TAIL, LogTail
from games.protocol import visible_entries


def random_log(rand: random.Random) -> list[dict[str, Any]]:
    share = rand.choice([0.0, 0.05, 0.5, 0.95, 1.0])  # how many lines are private
    log: list[dict[str, Any]] = []
    for i in range(rand.randrange(0, 3 * LOG_TAIL)):
        entry: dict[str, Any] = {"seq": i, "text": f"line {i} by {{s{i % 4}}}"}
        if rand.random() < share:
            entry["to"] = sorted(rand.sample(range(6), rand.randrange(0, 3)))  # [] too: a line nobody reads
        log.append(entry)
    return log


def test_each_viewer_gets_its_own_last_entries() -> None:
    rand = random.Random(20)
    names = ("Ann", "Bo", "Cy", "Di")
    for _ in range(400):
        state = {"seq": 1, "log": random_log(rand)}
        tail = LogTail(state)
        for viewer in [None, *range(7)]:
            expected = [{"seq": e["seq"], "text": e["text"].replace("{s", "").replace("}", "")}
                        for e in visible_entries(state, viewer, LOG_TAIL)]
            got = [{"seq": line["seq"], "text": line["text"]} for line in tail.lines(viewer, ("0", "1", "2", "3"))]
            assert got == expected
            # Names are filled in from the names given, not from an earlier call's.
            assert all("{s" not in line["text"] for line in tail.lines(viewer, names))


def test_viewers_who_read_the_same_lines_share_one_list() -> None:
    log = [{"seq": i, "text": f"line {i}"} for i in range(2 * LOG_TAIL)]
    log.insert(LOG_TAIL + 30, {"seq": 0, "text": "secret", "to": [2]})
    tail = LogTail({"seq": 1, "log": log})
    names = ("a", "b", "c")
    assert tail.lines(0, names) is tail.lines(1, names) is tail.lines(None, names)
    assert tail.lines(2, names) is not tail.lines(0, names)
    assert "secret" in [line["text"] for line in tail.lines(2, names)]
    assert "secret" not in [line["text"] for line in tail.lines(0, names)]
