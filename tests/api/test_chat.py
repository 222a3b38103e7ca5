"""Table chat: who hears whom, limits, text handling, and the stored history a new connection opens with."""

from __future__ import annotations

from datetime import datetime
from types import SimpleNamespace

import pytest
from fastapi.testclient import TestClient

from app.limits import RateLimiter
from tests.api.helpers import (
    Message,
    assert_error,
    assert_ws_error,
    auth,
    connect,
    flush,
    new_game,
    of_type,
    opening,
    ping,
    public,
    recv_until,
    reply,
    snapshot,
    ws_url,
)


def is_chat(message: Message) -> bool:
    return message["type"] == "chat"


def chats(messages: list[Message]) -> list[Message]:
    return of_type(messages, "chat")


def settle(*sockets: object) -> None:
    """Read away the opening and presence messages so what follows is only what the test caused."""
    for ws in sockets:
        opening(ws)  # type: ignore[arg-type]
        flush(ws)  # type: ignore[arg-type]


def test_seat_chat_reaches_seats_and_spectators_by_default(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 0)) as alice, connect(client, ws_url(table, 1)) as bob, \
            connect(client, ws_url(table, None)) as watcher:
        settle(alice, bob, watcher)
        alice.send_json({"type": "chat", "text": "good luck, Bob"})
        for ws in (alice, bob, watcher):
            message = recv_until(ws, is_chat)
            assert set(message) == {"type", "id", "channel", "seat", "name", "text", "at", "kind"}
            assert (message["channel"], message["seat"], message["name"], message["text"], message["kind"]) == (
                "table", 0, "Alice", "good luck, Bob", None)
            assert isinstance(message["id"], int)
            assert datetime.fromisoformat(message["at"]).tzinfo is not None
        assert chats(flush(alice) + flush(bob) + flush(watcher)) == []  # exactly once each


def test_the_host_closes_and_reopens_the_players_chat_to_spectators(client: TestClient) -> None:
    table = new_game(client, humans=2)
    assert public(client, table)["spectator_chat"] is True
    with connect(client, ws_url(table, 0)) as alice, connect(client, ws_url(table, None)) as watcher:
        settle(alice, watcher)
        alice.send_json({"type": "chat", "text": "before"})
        recv_until(alice, is_chat)
        recv_until(watcher, is_chat)
        # Only the host decides; a refusal changes nothing.
        assert_error(client.post(f"{table.url}/spectator-chat", json={"readable": False}, headers=table.headers(1)),
                     403, "not_host")
        assert_error(client.post(f"{table.url}/spectator-chat", json={"readable": "no"}, headers=table.host),
                     422, "bad_request")
        assert public(client, table)["spectator_chat"] is True
        response = client.post(f"{table.url}/spectator-chat", json={"readable": False}, headers=table.host)
        assert response.status_code == 200, response.text
        # The spectator's history drops the players' lines, and their next lines do not reach it.
        assert recv_until(watcher, lambda m: m["type"] == "state")["table"]["spectator_chat"] is False
        history = recv_until(watcher, lambda m: m["type"] == "chat_history")
        assert history["messages"] == []
        alice.send_json({"type": "chat", "text": "just us"})
        assert recv_until(alice, is_chat)["text"] == "just us"
        assert chats(flush(watcher)) == []
        assert client.get(f"{table.url}/chat", params={"spectate": table.spectate}).json() == []
        client.post(f"{table.url}/spectator-chat", json={"readable": True}, headers=table.host)
        history = recv_until(watcher, lambda m: m["type"] == "chat_history")
        assert [m["text"] for m in history["messages"]] == ["before", "just us"]


def test_a_table_can_start_with_the_players_chat_closed_to_spectators(client: TestClient) -> None:
    table = new_game(client, humans=2, spectator_chat=False)
    assert public(client, table)["spectator_chat"] is False
    client.post(f"{table.url}/chat", json={"text": "private"}, headers=table.host)
    assert client.get(f"{table.url}/chat", params={"spectate": table.spectate}).json() == []


def test_a_spectator_may_pick_a_name(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 0)) as alice, connect(client, ws_url(table, None)) as watcher:
        settle(alice, watcher)
        watcher.send_json({"type": "chat", "text": "go Alice", "name": "  Grandma  "})
        assert recv_until(watcher, is_chat)["name"] == "Grandma"
        watcher.send_json({"type": "chat", "id": 4, "text": "hi", "name": "Bot Alice"})
        assert_ws_error(reply(watcher), "bad_name", 4)
        watcher.send_json({"type": "chat", "id": 5, "text": "hi", "name": "x" * 25})
        assert_ws_error(reply(watcher), "too_long", 5)
        # A seat always speaks under its own name.
        alice.send_json({"type": "chat", "text": "thanks", "name": "Someone Else"})
        assert recv_until(alice, is_chat)["name"] == "Alice"
    assert [c["name"] for c in client.get(f"{table.url}/chat", params={"spectate": table.spectate}).json()] == [
        "Grandma", "Alice"]


def test_spectator_chat_reaches_spectators_only(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 0)) as alice, connect(client, ws_url(table, None)) as one, \
            connect(client, ws_url(table, None)) as two:
        settle(alice, one, two)
        one.send_json({"type": "chat", "text": "who will win?"})
        for ws in (one, two):
            message = recv_until(ws, is_chat)
            assert (message["channel"], message["seat"], message["name"], message["text"]) == (
                "spectators", None, "Spectator", "who will win?")
        assert chats(flush(alice)) == []


def test_a_seat_cannot_post_to_the_spectators(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 0)) as alice, connect(client, ws_url(table, None)) as watcher:
        settle(alice, watcher)
        alice.send_json({"type": "chat", "id": 3, "text": "psst", "channel": "spectators"})
        assert_ws_error(reply(alice), "bad_channel", 3)
        assert chats(flush(watcher)) == []


REFUSED_CHATS = [("x" * 301, "too_long"), ("", "bad_request"), ("  \t ", "bad_request"), ("\x00\x01", "bad_request"),
                 (None, "bad_request"), (42, "bad_request"), (["hi"], "bad_request")]


def test_chat_refusals(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 0)) as alice, connect(client, ws_url(table, 1)) as bob:
        settle(alice, bob)
        for n, (text, code) in enumerate(REFUSED_CHATS):
            alice.send_json({"type": "chat", "id": n, "text": text})
            assert_ws_error(reply(alice), code, n)
        ping(alice)  # still open
        assert chats(flush(bob)) == []
    assert client.get(f"{table.url}/chat", headers=table.host).json() == []


def test_chat_at_the_length_limit(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 1)) as bob:
        settle(bob)
        bob.send_json({"type": "chat", "text": "y" * 300})
        assert recv_until(bob, is_chat)["text"] == "y" * 300


def test_chat_rate_limit(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 0)) as alice, connect(client, ws_url(table, 0)) as tab, \
            connect(client, ws_url(table, 1)) as bob:
        settle(alice, tab, bob)
        for n in range(5):
            alice.send_json({"type": "chat", "text": f"message {n}"})
            assert recv_until(alice, is_chat)["text"] == f"message {n}"
        alice.send_json({"type": "chat", "id": 6, "text": "one too many"})
        assert_ws_error(reply(alice), "chat_rate", 6)
        # The limit is the seat's, not the connection's: a second tab does not get round it.
        tab.send_json({"type": "chat", "id": 7, "text": "from my other tab"})
        assert_ws_error(reply(tab), "chat_rate", 7)
        # Others are not limited by Alice's chatter.
        bob.send_json({"type": "chat", "text": "my turn"})
        assert recv_until(bob, lambda m: is_chat(m) and m["seat"] == 1)["text"] == "my turn"
        ping(alice)
    texts = [c["text"] for c in client.get(f"{table.url}/chat", headers=table.host).json()]
    assert texts == [f"message {n}" for n in range(5)] + ["my turn"]


def test_reconnecting_spectators_share_one_budget(client: TestClient) -> None:
    table = new_game(client, humans=2)
    sent = 0
    # Each new spectator connection has its own five messages; together they stop at four people's worth.
    for _ in range(4):
        with connect(client, ws_url(table, None)) as watcher:
            settle(watcher)
            for _ in range(5):
                watcher.send_json({"type": "chat", "text": f"cheer {sent}", "channel": "spectators"})
                assert recv_until(watcher, is_chat)["text"] == f"cheer {sent}"
                sent += 1
    with connect(client, ws_url(table, None)) as watcher:
        settle(watcher)
        watcher.send_json({"type": "chat", "id": 9, "text": "and one more", "channel": "spectators"})
        assert_ws_error(reply(watcher), "chat_rate", 9)
        ping(watcher)
    response = client.post(f"{table.url}/chat", json={"text": "via REST", "channel": "spectators"},
                           params={"spectate": table.spectate})
    assert_error(response, 429, "chat_rate")
    # Seats are not held back by the spectators' chatter.
    assert client.post(f"{table.url}/chat", json={"text": "hello"}, headers=table.host).status_code == 201
    watched = client.get(f"{table.url}/chat", params={"spectate": table.spectate}).json()
    assert [c["text"] for c in watched] == [f"cheer {n}" for n in range(20)] + ["hello"]


def test_html_is_sent_verbatim_and_control_characters_are_stripped(client: TestClient) -> None:
    table = new_game(client, humans=2)
    html = '<script>alert("x")</script> <b>bold</b> &amp; <img src=x onerror=alert(1)>'
    with connect(client, ws_url(table, 0)) as alice:
        settle(alice)
        alice.send_json({"type": "chat", "text": html})
        assert recv_until(alice, is_chat)["text"] == html
        alice.send_json({"type": "chat", "text": "  red\x1b[31m alert\x07\x00 \u200bhere\x7f  "})
        assert recv_until(alice, is_chat)["text"] == "red[31m alert here"
    stored = [c["text"] for c in client.get(f"{table.url}/chat", headers=table.host).json()]
    assert stored == [html, "red[31m alert here"]


def test_chat_history_on_connect_shows_only_what_the_viewer_may_read(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 0)) as alice, connect(client, ws_url(table, None)) as watcher:
        settle(alice, watcher)
        alice.send_json({"type": "chat", "text": "first"})
        recv_until(alice, is_chat)
        watcher.send_json({"type": "chat", "text": "from the stands"})
        recv_until(watcher, is_chat)
        alice.send_json({"type": "chat", "text": "second"})
        recv_until(alice, is_chat)
    with connect(client, ws_url(table, 1)) as bob:
        _, history = opening(bob)
        assert [(m["name"], m["text"], m["channel"]) for m in history["messages"]] == [
            ("Alice", "first", "table"), ("Alice", "second", "table")]
        ids = [m["id"] for m in history["messages"]]
        assert ids == sorted(ids)
    with connect(client, ws_url(table, None)) as late_watcher:
        _, history = opening(late_watcher)
        assert [(m["name"], m["text"], m["channel"]) for m in history["messages"]] == [
            ("Alice", "first", "table"), ("Spectator", "from the stands", "spectators"), ("Alice", "second", "table")]


def test_chat_over_rest(client: TestClient) -> None:
    table = new_game(client, humans=2)
    response = client.post(f"{table.url}/chat", json={"text": "hello"}, headers=table.headers(1))
    assert response.status_code == 201 and response.json() == {"sent": True}
    watch = {"spectate": table.spectate}
    assert client.post(f"{table.url}/chat", json={"text": "hi all"}, params=watch).status_code == 201
    seat_view = client.get(f"{table.url}/chat", headers=table.host).json()
    assert [(c["name"], c["text"]) for c in seat_view] == [("Bob", "hello")]
    spectator_view = client.get(f"{table.url}/chat", params=watch).json()
    assert [(c["name"], c["text"]) for c in spectator_view] == [("Bob", "hello"), ("Spectator", "hi all")]


def test_chat_over_rest_refusals(client: TestClient) -> None:
    table = new_game(client, humans=2)
    before = snapshot(client, table)
    url = f"{table.url}/chat"
    assert_error(client.post(url, json={"text": "x" * 301}, headers=table.host), 422, "too_long")
    assert_error(client.post(url, json={"text": "   "}, headers=table.host), 422, "bad_request")
    assert_error(client.post(url, json={}, headers=table.host), 422, "bad_request")
    assert_error(client.post(url, json={"text": "hi"}), 401, "no_credentials")
    assert_error(client.post(url, json={"text": "hi"}, headers=auth("forged")), 401, "bad_token")
    assert_error(client.get(url), 401, "no_credentials")
    for n in range(5):
        assert client.post(url, json={"text": f"m{n}"}, headers=table.host).status_code == 201
    assert_error(client.post(url, json={"text": "m5"}, headers=table.host), 429, "chat_rate")
    assert len(client.get(url, headers=table.host).json()) == 5
    assert snapshot(client, table) == before


def test_chat_in_the_lobby(client: TestClient) -> None:
    table = new_game(client, humans=2, started=False)
    with connect(client, ws_url(table, 1)) as bob:
        settle(bob)
        bob.send_json({"type": "chat", "text": "ready when you are"})
        assert recv_until(bob, is_chat)["text"] == "ready when you are"


def test_team_chat_reaches_the_team_only(client: TestClient) -> None:
    table = new_game(client, humans=4, options={"teams": True})  # even seats gold, odd seats silver
    with connect(client, ws_url(table, 0)) as gold0, connect(client, ws_url(table, 1)) as silver1, \
            connect(client, ws_url(table, 2)) as gold2, connect(client, ws_url(table, None)) as watcher:
        settle(gold0, silver1, gold2, watcher)
        gold0.send_json({"type": "chat", "text": "we go high", "channel": "team"})
        for ws in (gold0, gold2):
            message = recv_until(ws, is_chat)
            assert (message["channel"], message["seat"], message["text"]) == ("team", 0, "we go high")
        assert chats(flush(silver1)) == []
        assert chats(flush(watcher)) == []
    with connect(client, ws_url(table, 3)) as silver3:
        _, history = opening(silver3)
        assert history["messages"] == []
    with connect(client, ws_url(table, 2)) as again2:
        _, history = opening(again2)
        assert [m["text"] for m in history["messages"]] == ["we go high"]


def test_team_chat_without_teams(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 0)) as alice, connect(client, ws_url(table, 1)) as bob:
        settle(alice, bob)
        alice.send_json({"type": "chat", "id": 1, "text": "team?", "channel": "team"})
        assert_ws_error(reply(alice), "no_team", 1)
        alice.send_json({"type": "chat", "id": 2, "text": "where?", "channel": "kitchen"})
        assert_ws_error(reply(alice), "bad_channel", 2)
        assert chats(flush(bob)) == []


def test_late_chat_announcements_each_deliver_their_own_message(client, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Three chats committed before any is announced (as over a busy Redis) all reach a listener, in order."""
    created = client.post("/api/tables", json={"game": "hidden-hands", "name": "Ann"}).json()
    tid, headers = created["table_id"], {"Authorization": f"Bearer {created['token']}"}
    hub = client.app.state.service.hub
    real_publish = hub.publish
    held = []

    async def hold(table_id, event):  # type: ignore[no-untyped-def]
        held.append((table_id, event))

    with connect(client, f"/ws/tables/{tid}?token={created['token']}") as ws:
        monkeypatch.setattr(hub, "publish", hold)
        for text in ("one", "two", "three"):
            assert client.post(f"/api/tables/{tid}/chat", json={"text": text}, headers=headers).status_code == 201
        monkeypatch.setattr(hub, "publish", real_publish)
        for table_id, event in held:
            client.portal.call(real_publish, table_id, event)
        ws.send_json({"type": "ping", "id": "end"})  # answered after whatever the announcements queued
        got = []
        for _ in range(30):
            message = ws.receive_json()
            if message["type"] == "chat":
                got.append(message["text"])
            if message["type"] == "pong":
                break
    assert got == ["one", "two", "three"]


def test_rate_limit_memory_forgets_quiet_senders(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [1000.0]
    monkeypatch.setattr("app.limits.time", SimpleNamespace(monotonic=lambda: clock[0]))  # that module's clock only
    limiter = RateLimiter(5, 10.0)
    for n in range(1500):
        assert limiter.allow(f"sender {n}")
    clock[0] += 11  # a whole period later every one of them is quiet
    assert limiter.allow("newcomer")
    assert len(limiter) == 1


def test_rate_limiter_refuses_past_its_count_and_recovers(monkeypatch: pytest.MonkeyPatch) -> None:
    clock = [0.0]
    monkeypatch.setattr("app.limits.time", SimpleNamespace(monotonic=lambda: clock[0]))
    limiter = RateLimiter(3, 10.0)
    assert [limiter.allow("a") for _ in range(4)] == [True, True, True, False]
    assert limiter.allow("b")  # keys are counted apart
    clock[0] += 10.5
    assert limiter.allow("a")
