"""Presence: who is connected, and how many watch, in the public table and as live messages."""

from __future__ import annotations

from fastapi.testclient import TestClient

from app.settings import Settings
from tests.api.helpers import (
    Message,
    connect,
    db_rows,
    flush,
    new_game,
    of_type,
    opening,
    public,
    recv_until,
    ws_url,
)


def connected(client: TestClient, table: object) -> list[bool]:
    return [s["connected"] for s in public(client, table)["seats"]]  # type: ignore[arg-type]


def is_presence(message: Message) -> bool:
    return message["type"] == "presence"


def test_connecting_marks_a_seat_connected(client: TestClient) -> None:
    table = new_game(client, humans=2, bots=1)
    assert connected(client, table) == [False, False, True]  # a bot is always there
    with connect(client, ws_url(table, 1)) as bob:
        opening(bob)
        assert connected(client, table) == [False, True, True]
        with connect(client, ws_url(table, 1)) as bob_again:
            opening(bob_again)
            assert connected(client, table) == [False, True, True]
        # One of two tabs closed: still there.
        assert connected(client, table) == [False, True, True]
    assert connected(client, table) == [False, False, True]


def test_presence_in_the_lobby(client: TestClient) -> None:
    table = new_game(client, humans=2, started=False)
    with connect(client, ws_url(table, 0)) as alice:
        opening(alice)
        assert connected(client, table) == [True, False]
    assert connected(client, table) == [False, False]


def test_spectator_count_rises_and_falls(client: TestClient) -> None:
    table = new_game(client, humans=2)
    assert public(client, table)["spectators"] == 0
    with connect(client, ws_url(table, 0)) as alice:
        opening(alice)
        own = recv_until(alice, is_presence)  # her own arrival
        assert [s["connected"] for s in own["seats"]] == [True, False]
        assert own["spectators"] == 0
        with connect(client, ws_url(table, None)) as one:
            opening(one)
            assert recv_until(alice, is_presence)["spectators"] == 1
            assert public(client, table)["spectators"] == 1
            with connect(client, ws_url(table, None)) as two:
                opening(two)
                assert recv_until(alice, is_presence)["spectators"] == 2
                assert recv_until(one, lambda m: is_presence(m) and m["spectators"] == 2)
                assert public(client, table)["spectators"] == 2
            assert recv_until(alice, is_presence)["spectators"] == 1
            assert public(client, table)["spectators"] == 1
        assert recv_until(alice, is_presence)["spectators"] == 0
        assert public(client, table)["spectators"] == 0
        # A seat arriving is announced to the others the same way.
        with connect(client, ws_url(table, 1)) as bob:
            opening(bob)
            message = recv_until(alice, is_presence)
            assert [s["connected"] for s in message["seats"]] == [True, True]
            assert set(message) == {"type", "seats", "spectators"}
        message = recv_until(alice, is_presence)
        assert [s["connected"] for s in message["seats"]] == [True, False]


def test_presence_messages_carry_no_secrets(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 0)) as alice, connect(client, ws_url(table, None)) as watcher:
        opening(alice)
        opening(watcher)
        messages = of_type(flush(alice) + flush(watcher), "presence")
        assert messages
        text = str(messages)
        for secret in [*table.tokens.values(), table.invite, table.spectate]:
            assert secret not in text


def test_a_lone_process_counts_presence_in_memory(client: TestClient, settings: Settings) -> None:
    """No database write per connection: the counts live in the process (several workers share them through the
    database, see tests/test_multiworker.py)."""
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 1)) as ws, connect(client, ws_url(table, None)) as watcher:
        opening(ws)
        opening(watcher)
        seen = public(client, table)
        assert [s["connected"] for s in seen["seats"]] == [False, True] and seen["spectators"] == 1
        assert db_rows(settings, "SELECT connections FROM seats WHERE table_id = ? ORDER BY seat",
                       table.table_id) == [(0,), (0,)]
        assert db_rows(settings, "SELECT spectators FROM tables WHERE id = ?", table.table_id) == [(0,)]
    seen = public(client, table)
    assert [s["connected"] for s in seen["seats"]] == [False, False] and seen["spectators"] == 0
