"""Patches over the websocket: a viewer that asks for them (``"patches": true`` in its first message, or
``?patches=1``) gets a full state first and then only what changed; applying them gives, at every seq, exactly the
message a full-state connection of the same viewer receives. Each viewer gets its own patches (never another's)."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from app import patches
from tests.api.helpers import connect, drain, new_game, play, recv, ws_url

Message = dict[str, Any]


def _states(received: list[Message]) -> dict[int, Message]:
    """The full state at each seq a connection saw, rebuilding patched ones; "now" (the send time) left out."""
    held: Message | None = None
    out = {}
    for message in received:
        if message["type"] == "state":
            held = message
        elif message["type"] == "patch":
            assert held is not None, "a patch came before any full state"
            held = patches.apply(held, message["ops"])
        else:
            continue
        out[held["seq"]] = {k: v for k, v in held.items() if k != "now"}
    return out


def test_patched_and_full_connections_see_the_same_states(client: TestClient) -> None:
    table = new_game(client, humans=3)
    viewers: list[int | None] = [0, 1, 2, None]
    with connect(client, ws_url(table, 0)) as f0, connect(client, ws_url(table, 1)) as f1, \
            connect(client, ws_url(table, 2)) as f2, connect(client, ws_url(table, None)) as fs, \
            connect(client, ws_url(table, 0) + "&patches=1") as p0, \
            connect(client, f"/ws/tables/{table.table_id}") as p1, \
            connect(client, f"/ws/tables/{table.table_id}") as p2, \
            connect(client, f"/ws/tables/{table.table_id}") as ps:
        p1.send_json({"type": "auth", "token": table.tokens[1], "patches": True})
        p2.send_json({"type": "auth", "token": table.tokens[2], "patches": True})
        ps.send_json({"type": "auth", "spectate": table.spectate, "patches": True})
        sockets = (f0, f1, f2, fs, p0, p1, p2, ps)
        # Every connection's opening first (state, chat history, presence): a connection still authenticating when
        # play begins would open at seq 1, counting itself present where the others' seq 1 did not yet.
        openings = [[recv(ws), recv(ws), recv(ws)] for ws in sockets]
        for _ in range(40):  # play the whole game
            moved = False
            for seat in range(3):
                try:
                    play(client, table, seat)
                    moved = True
                except AssertionError:
                    pass
            if not moved:
                break
        received = [opened + drain(ws) for opened, ws in zip(openings, sockets, strict=True)]
        full, patched = received[:4], received[4:]
    for viewer, whole, parts in zip(viewers, full, patched, strict=True):
        assert not [m for m in whole if m["type"] == "patch"], "a full-state connection was sent a patch"
        assert [m["type"] for m in parts if m["type"] in ("state", "patch")][0] == "state"
        assert sum(m["type"] == "patch" for m in parts) > 10
        # Seq 0 is each connection's opening, built as it connected (the later ones count more people present).
        rebuilt, sent = _states(parts), _states(whole)
        assert {k: v for k, v in rebuilt.items() if k} == {k: v for k, v in sent.items() if k}, f"viewer {viewer}"
        assert _states(parts)[max(_states(parts))]["status"] == "finished"


def test_a_full_state_is_encoded_only_for_connections_that_take_it_whole(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 39: when every viewer of a change takes patches, the fan-out encodes the patches, never the whole state
    messages they were worked out from; a viewer that takes states whole gets its message encoded (once)."""
    from app import live

    encoded: list[str] = []
    real = live.encode

    def counting(message: Message) -> str:
        encoded.append(message["type"])
        return real(message)

    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 0) + "&patches=1") as p0, connect(client, ws_url(table, 1) + "&patches=1") as p1:
        for ws in (p0, p1):
            drain(ws)
        monkeypatch.setattr(live, "encode", counting)
        play(client, table, 0)
        sent = [m for ws in (p0, p1) for m in drain(ws)]
        assert [m["type"] for m in sent if m["type"] in ("state", "patch")] == ["patch", "patch"]
        assert encoded.count("patch") == 2 and "state" not in encoded, encoded
        encoded.clear()
        with connect(client, ws_url(table, None)) as whole:
            drain(whole)
            encoded.clear()
            play(client, table, 1)
            assert [m["type"] for m in drain(whole) if m["type"] in ("state", "patch")] == ["state"]
        assert encoded.count("state") == 1 and encoded.count("patch") == 2, encoded
