"""Facts once per change (issue 20): through the public path, no engine call (a seat's legal list, the result, a
viewer's view) is made twice for the same state. Every seat's viewers and a spectator follow several actions, made
over the websocket and over REST; the test game's functions are wrapped to count their calls by (seq, arguments)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app.service import TableService
from tests.api.helpers import GAME, Message, act, connect, flush, new_game, opening, recv_until, state, ws_url

Calls = Counter[tuple[str, int, Any]]


def counted(calls: Calls, name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def wrapper(state: dict[str, Any], *args: Any) -> Any:
        calls[(name, state["seq"], args)] += 1
        return fn(state, *args)
    return wrapper


def until_seq(ws: Any, seq: int, seen: list[Message]) -> None:
    """Read into ``seen`` until the state message at ``seq`` is there (it may be already)."""
    if not any(m["type"] == "state" and m["seq"] == seq for m in seen):
        recv_until(ws, lambda m: m["type"] == "state" and m["seq"] == seq, seen=seen)


@pytest.mark.parametrize("bots", [0, 1])
def test_no_engine_call_is_repeated_for_one_seq(client: TestClient, monkeypatch: pytest.MonkeyPatch,
                                                 bots: int) -> None:
    calls: Calls = Counter()
    service: TableService = client.app.state.service  # type: ignore[attr-defined]
    real = service.game(GAME)
    game = dataclasses.replace(real, legal=counted(calls, "legal", real.legal),
                               result=counted(calls, "result", real.result),
                               view=counted(calls, "view", real.view))
    monkeypatch.setitem(service.games, GAME, game)  # type: ignore[index]
    table = new_game(client, humans=2, bots=bots)
    acted: list[Message] = []
    with ExitStack() as stack:
        viewers = [stack.enter_context(connect(client, ws_url(table, seat))) for seat in (0, 1, None)]
        for ws in viewers:
            opening(ws)
        for ws in viewers:
            flush(ws)
        seen: list[list[Message]] = [[] for _ in viewers]
        for turn in range(4):
            current = state(client, table, turn % 2)
            if current["status"] != "playing":
                break
            if not current["legal"]:
                continue
            if turn % 2 == 0:  # over the websocket
                viewers[0].send_json({"type": "act", "id": turn, "action": current["legal"][0],
                                      "expect_seq": current["seq"]})
                recv_until(viewers[0], lambda m: m["type"] == "ack", seen=seen[0])
            else:  # over REST
                act(client, table, 1, current["legal"][0], current["seq"]).raise_for_status()
            acted.append(current)
            # The timers and the bot runner read the table afresh from the database at times: same seq, same facts.
            client.portal.call(lambda: service.held(table.table_id, fresh=True))
            latest = state(client, table, None)["seq"]
            for ws, messages in zip(viewers, seen, strict=True):
                until_seq(ws, latest, messages)
    assert len(acted) >= 2, "the test made too few moves to prove anything"
    # The calls really were counted (the wrapped game is the one the server used) ...
    assert any(name == "view" for name, _, _ in calls) and any(name == "legal" for name, _, _ in calls)
    # ... and none was made twice for the same state and arguments.
    repeated = {key: n for key, n in calls.items() if n > 1}
    assert not repeated, sorted(repeated.items(), key=str)
