"""The live stream: opening messages, a state message per seq for every viewer, acts, acks and refusals."""

from __future__ import annotations

import json
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.api.helpers import (
    GAME,
    Message,
    act,
    assert_ws_error,
    connect,
    drain,
    flush,
    new_game,
    of_type,
    opening,
    ping,
    play,
    public,
    recv,
    recv_until,
    reply,
    snapshot,
    stable,
    state,
    ws_url,
)

STATE_FIELDS = {"type", "seq", "status", "game", "you", "view", "legal", "log", "result", "deadline"}


def core(message: Message) -> Message:
    """The fields of API.md's state message (the added ``table`` facts carry presence, which moves on its own)."""
    return {key: message[key] for key in STATE_FIELDS}


def test_opening_messages_for_a_seat(client: TestClient) -> None:
    table = new_game(client, humans=2)
    play(client, table, 1)
    with connect(client, ws_url(table, 0)) as ws:
        first, history = opening(ws)
        assert STATE_FIELDS <= set(first)
        assert (first["type"], first["seq"], first["status"], first["game"]) == ("state", 1, "playing", GAME)
        assert first["you"] == {"seat": 0, "name": "Alice"}
        assert isinstance(first["view"], dict) and first["view"]["phase"] == "set_aside"
        assert len(first["legal"]) == 4
        assert first["log"] and all({"seq", "text"} <= set(entry) for entry in first["log"])
        assert first["result"] is None and first["deadline"] is None
        # The same message the REST endpoint gives.
        assert core(first) == core(state(client, table, 0))
        assert history == {"type": "chat_history", "messages": []}


def test_opening_messages_for_a_spectator(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, None)) as ws:
        first, history = opening(ws)
        assert STATE_FIELDS <= set(first)
        assert first["you"] == {"seat": None, "name": "Spectator"}
        assert first["legal"] == []
        assert all(p["hand"] is None for p in first["view"]["players"])
        assert core(first) == core(state(client, table, None))
        assert history["messages"] == []


def test_opening_message_of_a_lobby(client: TestClient) -> None:
    table = new_game(client, humans=2, started=False)
    with connect(client, ws_url(table, 1)) as ws:
        first, _ = opening(ws)
        assert (first["status"], first["seq"], first["view"], first["legal"]) == ("lobby", 0, None, [])
        # Lobby changes reach the stream too: the start arrives as a state message.
        client.post(f"{table.url}/start", headers=table.host).raise_for_status()
        started = recv_until(ws, lambda m: m["type"] == "state")
        assert (started["status"], started["seq"]) == ("playing", 0)
        assert len(started["legal"]) == 4


@pytest.mark.parametrize(("query", "code", "close"), [
    ("?token=forged", "bad_token", 4401),
    ("?spectate=forged", "bad_spectate_key", 4401),
    ("", "no_credentials", 4401),
])
def test_refused_connections(client: TestClient, query: str, code: str, close: int) -> None:
    table = new_game(client, humans=2)
    before = snapshot(client, table)
    with connect(client, f"/ws/tables/{table.table_id}{query}") as ws:
        if not query:  # no credentials in the URL: the server waits for them in the first message
            ws.send_json({"type": "ping", "id": 1})
        assert_ws_error(reply(ws), code)
        with pytest.raises(WebSocketDisconnect) as closed:
            recv(ws)
        assert closed.value.code == close
    assert snapshot(client, table) == before  # not counted as present, nothing else changed


@pytest.mark.parametrize(("auth", "code"), [
    ({"type": "auth", "token": "forged"}, "bad_token"),
    ({"type": "auth", "spectate": "forged"}, "bad_spectate_key"),
    ({"type": "auth", "token": 5}, "no_credentials"),
    ({"type": "auth"}, "no_credentials"),
])
def test_refused_first_message_credentials(client: TestClient, auth: dict[str, object], code: str) -> None:
    table = new_game(client, humans=2)
    before = snapshot(client, table)
    with connect(client, f"/ws/tables/{table.table_id}") as ws:
        ws.send_json(auth)
        assert_ws_error(reply(ws), code)
        with pytest.raises(WebSocketDisconnect) as closed:
            recv(ws)
        assert closed.value.code == 4401
    assert snapshot(client, table) == before


def test_credentials_in_the_first_message_open_the_same_stream(client: TestClient) -> None:
    """The browser's form: nothing secret in the URL, the token in the first message."""
    table = new_game(client, humans=2)
    with connect(client, f"/ws/tables/{table.table_id}") as ws:
        ws.send_json({"type": "auth", "token": table.tokens[1]})
        first, _ = opening(ws)
        assert first["you"]["seat"] == 1 and first["legal"]
        ws.send_json({"type": "auth", "token": table.tokens[0]})  # a second auth cannot switch seats
        assert_ws_error(reply(ws), "already_authenticated")
    key = client.get(f"{table.url}").json()  # public facts only; the spectator key comes from the creator
    assert "spectate_url" not in key
    with connect(client, f"/ws/tables/{table.table_id}") as ws:
        ws.send_json({"type": "auth", "spectate": table.spectate})
        first, _ = opening(ws)
        assert first["you"]["seat"] is None and first["legal"] == []


def test_connection_to_an_unknown_table(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, f"/ws/tables/nope?token={table.tokens[0]}") as ws:
        assert_ws_error(reply(ws), "unknown_table")
        with pytest.raises(WebSocketDisconnect) as closed:
            recv(ws)
        assert closed.value.code == 4404


def test_a_token_of_another_table_is_refused(client: TestClient) -> None:
    one, two = new_game(client, humans=2), new_game(client, humans=2)
    with connect(client, f"/ws/tables/{two.table_id}?token={one.tokens[0]}") as ws:
        assert_ws_error(reply(ws), "bad_token")
        with pytest.raises(WebSocketDisconnect):
            recv(ws)


def test_a_websocket_naming_a_foreign_host_is_refused_before_it_opens(client: TestClient) -> None:
    """The table stream bypasses the middleware (app.entry) but keeps the guard's host check."""
    table = new_game(client, humans=2)
    for path in (f"/ws/tables/{table.table_id}?token={table.tokens[0]}", "/ws/elsewhere"):
        with pytest.raises(WebSocketDisconnect) as refused:
            with client.websocket_connect(path, headers={"host": "evil.example"}):
                pass
        assert refused.value.code == 4400, path
    with connect(client, ws_url(table, 0)) as ws:  # the same socket from a trusted host opens
        assert opening(ws)[0]["you"]["seat"] == 0


def test_a_websocket_on_another_path_is_closed_by_the_router(client: TestClient) -> None:
    with pytest.raises(WebSocketDisconnect) as closed:
        with client.websocket_connect("/ws/tables"):
            pass
    assert closed.value.code == 1000  # Starlette's router: no route, the handshake is closed


def states_of(messages: list[Message]) -> list[Message]:
    return of_type(messages, "state")


def until_state(ws: object, seq: int, seen: list[Message]) -> None:
    """Read into ``seen`` until the state message at ``seq`` is there (it may be already)."""
    if not any(m["type"] == "state" and m["seq"] == seq for m in seen):
        recv_until(ws, lambda m: m["type"] == "state" and m["seq"] == seq, seen=seen)  # type: ignore[arg-type]


def test_every_viewer_gets_one_state_per_seq(client: TestClient) -> None:
    """Two seats, a second tab of one of them, and a spectator follow a whole game, acted over REST and websocket."""
    table = new_game(client, humans=2)
    with ExitStack() as stack:
        viewers = {name: stack.enter_context(connect(client, url)) for name, url in [
            ("alice", ws_url(table, 0)), ("alice2", ws_url(table, 0)), ("bob", ws_url(table, 1)),
            ("watcher", ws_url(table, None))]}
        for ws in viewers.values():
            opening(ws)
        for ws in viewers.values():
            flush(ws)  # presence messages of the later connections
        received: dict[str, list[Message]] = {name: [] for name in viewers}
        seq = 0
        ident = 0
        while seq < 8:
            for seat in (0, 1):
                current = state(client, table, seat)
                if not current["legal"]:
                    continue
                if seat == 0:  # Alice acts from her second tab
                    ident += 1
                    viewers["alice2"].send_json({"type": "act", "id": ident, "action": current["legal"][0],
                                                 "expect_seq": current["seq"]})
                    ack = recv_until(viewers["alice2"], lambda m: m["type"] in ("ack", "error"),
                                     seen=received["alice2"])
                    assert ack == {"type": "ack", "id": ident, "seq": current["seq"] + 1}
                else:  # Bob over REST
                    act(client, table, 1, current["legal"][0], current["seq"]).raise_for_status()
                seq = current["seq"] + 1
        for name, ws in viewers.items():
            until_state(ws, 8, received[name])
            received[name] += flush(ws)  # everything already sent: anything more would be a repeat

    for name, messages in received.items():
        seqs = [m["seq"] for m in states_of(messages)]
        assert seqs == list(range(1, 9)), (name, seqs)
        assert states_of(messages)[-1]["status"] == "finished"
        assert not of_type(messages, "error"), name
    # Both tabs of one seat get the very same messages, and they are Alice's.
    assert [stable(m) for m in states_of(received["alice"])] == [stable(m) for m in states_of(received["alice2"])]
    assert all(m["you"]["seat"] == 0 for m in states_of(received["alice"]))
    assert of_type(received["alice"], "ack") == []  # acks go to the tab that acted only
    # The spectator got a message at every seq, though most changed nothing it can see (hands, for one).
    for message in states_of(received["watcher"])[:-1]:
        assert message["legal"] == []
        assert all(p["hand"] is None and p["committed"] is None for p in message["view"]["players"])
    assert core(states_of(received["bob"])[-1]) == core(state(client, table, 1))


def test_bot_game_stream_has_every_seq_once(client: TestClient) -> None:
    """Bots move between the human's moves; seqs that pile up are replayed so no viewer ever misses one."""
    table = new_game(client, humans=1, bots=3)
    with connect(client, ws_url(table, 0)) as ws, connect(client, ws_url(table, None)) as watch:
        first, _ = opening(ws)
        watch_first, _ = opening(watch)
        mine = [first]
        pending = False  # one act at a time: its state arrives before its ack
        for _ in range(500):
            latest = mine[-1]
            if latest["status"] == "finished":
                break
            if latest["legal"] and not pending:
                ws.send_json({"type": "act", "id": latest["seq"], "action": latest["legal"][-1],
                              "expect_seq": latest["seq"]})
                pending = True
            message = recv_until(ws, lambda m: m["type"] in ("state", "ack", "error"))
            assert message["type"] != "error", message
            if message["type"] == "ack":
                pending = False
            else:
                mine.append(message)
        mine += states_of(drain(ws))  # a repeat would come late: wait for quiet
        seen: list[Message] = []
        until_state(watch, mine[-1]["seq"], seen)
        watched = states_of(seen + drain(watch))  # likewise
    total = 4 + 3 * 4
    assert [m["seq"] for m in mine] == list(range(first["seq"], total + 1))
    assert [m["seq"] for m in watched] == list(range(watch_first["seq"] + 1, total + 1))
    for message in mine[:-1]:
        assert message["status"] == "playing" and message["result"] is None
    assert mine[-1]["result"] == watched[-1]["result"]


def test_act_gets_an_ack_with_its_id(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 0)) as ws:
        first, _ = opening(ws)
        ws.send_json({"type": "act", "id": "move-1", "action": first["legal"][2], "expect_seq": 0})
        seen: list[Message] = []
        ack = recv_until(ws, lambda m: m["type"] == "ack", seen=seen)
        assert ack == {"type": "ack", "id": "move-1", "seq": 1}
        after = states_of(seen)[-1]
        assert after["seq"] == 1 and after["legal"] == []
        assert after["view"]["players"][0]["aside"] == first["legal"][2]["gem"]
    assert public(client, table)["seq"] == 1


def test_act_without_expect_seq_or_id(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 1)) as ws:
        first, _ = opening(ws)
        ws.send_json({"type": "act", "action": first["legal"][0]})
        assert reply(ws) == {"type": "ack", "id": None, "seq": 1}


def test_refused_act_keeps_the_connection(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 0)) as ws:
        first, _ = opening(ws)
        flush(ws)
        before = snapshot(client, table)
        ws.send_json({"type": "act", "id": 41, "action": {"type": "commit", "gem": "gem-01"}, "expect_seq": 0})
        assert_ws_error(reply(ws), "not_legal_now", 41)
        ws.send_json({"type": "act", "id": 42, "action": {"type": "set_aside", "gem": "gem-99"}})
        assert_ws_error(reply(ws), "not_legal_now", 42)
        ws.send_json({"type": "act", "id": 43})
        assert_ws_error(reply(ws), "bad_action", 43)
        ws.send_json({"type": "act", "id": 44, "action": "set_aside"})
        assert_ws_error(reply(ws), "bad_action", 44)
        ws.send_json({"type": "act", "id": 45, "action": first["legal"][0], "expect_seq": "zero"})
        assert_ws_error(reply(ws), "bad_request", 45)
        assert snapshot(client, table) == before
        # Still open and served: a ping, then a good act.
        ping(ws)
        ws.send_json({"type": "act", "id": 46, "action": first["legal"][0], "expect_seq": 0})
        assert reply(ws)["id"] == 46


def test_stale_act_over_the_stream(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 0)) as ws:
        first, _ = opening(ws)
        act(client, table, 0, first["legal"][0], 0).raise_for_status()
        play(client, table, 1)
        flush(ws)
        before = snapshot(client, table)
        ws.send_json({"type": "act", "id": "old", "action": first["legal"][1], "expect_seq": 0})
        assert_ws_error(reply(ws), "stale_seq", "old")
        assert snapshot(client, table) == before
        ping(ws)


def test_acting_after_the_end_over_the_stream(client: TestClient) -> None:
    table = new_game(client, humans=1, bots=1)
    with connect(client, ws_url(table, 0)) as ws:
        latest, _ = opening(ws)
        while latest["status"] != "finished":
            if latest["legal"]:
                ws.send_json({"type": "act", "action": latest["legal"][0], "expect_seq": latest["seq"]})
            latest = recv_until(ws, lambda m: m["type"] == "state")
        flush(ws)
        ws.send_json({"type": "act", "id": 1, "action": {"type": "continue"}})
        assert_ws_error(reply(ws), "game_over", 1)
        ping(ws)


MALFORMED = [("{not json", "bad_json"), ("", "bad_json"), ("[1, 2]", "bad_message"), ("5", "bad_message"),
             ('"act"', "bad_message"), ("null", "bad_message")]
UNKNOWN = [{"type": "dance", "id": 9}, {"id": 9}, {"type": None, "id": 9}, {"type": ["act"], "id": 9}]


def test_malformed_and_unknown_messages(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 0)) as ws:
        opening(ws)
        flush(ws)
        before = snapshot(client, table)
        for raw, code in MALFORMED:
            ws.send_text(raw)
            assert_ws_error(reply(ws), code)
        for message in UNKNOWN:
            ws.send_json(message)
            assert_ws_error(reply(ws), "bad_message", 9)
        ping(ws)  # still open and served
        assert snapshot(client, table) == before


def test_oversize_messages(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 0)) as ws:
        first, _ = opening(ws)
        flush(ws)
        before = snapshot(client, table)
        # A legal act padded past the limit is refused whole.
        padded = json.dumps({"type": "act", "id": 1, "action": first["legal"][0], "pad": "x" * 16384})
        ws.send_text(padded)
        assert_ws_error(reply(ws), "too_large")
        # The limit counts bytes, not characters.
        ws.send_text(json.dumps({"type": "ping", "id": "€" * 5462}, ensure_ascii=False))
        assert_ws_error(reply(ws), "too_large")
        assert snapshot(client, table) == before
        # Exactly at the limit is fine.
        skeleton = json.dumps({"type": "ping", "id": ""})
        ws.send_text(json.dumps({"type": "ping", "id": "y" * (16384 - len(skeleton))}))
        assert reply(ws)["type"] == "pong"


def test_binary_frames_are_refused_not_fatal(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 0)) as ws:
        opening(ws)
        flush(ws)
        ws.send_bytes(b'{"type": "ping", "id": 1}')
        assert_ws_error(reply(ws), "bad_message")
        ping(ws)


def test_spectators_cannot_act_over_the_stream(client: TestClient) -> None:
    table = new_game(client, humans=2)
    action = state(client, table, 0)["legal"][0]
    with connect(client, ws_url(table, None)) as ws:
        opening(ws)
        flush(ws)
        before = snapshot(client, table)
        ws.send_json({"type": "act", "id": "peek", "action": action, "expect_seq": 0})
        assert_ws_error(reply(ws), "spectator", "peek")
        assert snapshot(client, table) == before
        ping(ws)


def test_second_tab_stays_current(client: TestClient) -> None:
    table = new_game(client, humans=2)
    with connect(client, ws_url(table, 0)) as one, connect(client, ws_url(table, 0)) as two:
        first, _ = opening(one)
        opening(two)
        flush(one)
        flush(two)
        one.send_json({"type": "act", "id": 1, "action": first["legal"][0], "expect_seq": 0})
        assert reply(one) == {"type": "ack", "id": 1, "seq": 1}
        mirrored = recv_until(two, lambda m: m["type"] == "state")
        assert mirrored["seq"] == 1 and mirrored["legal"] == []
        # The second tab, now current, cannot play the same step twice.
        two.send_json({"type": "act", "id": 2, "action": first["legal"][1], "expect_seq": 1})
        assert_ws_error(reply(two), "not_your_turn", 2)
        assert public(client, table)["seq"] == 1


def test_late_announcement_does_not_repeat_a_seq(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """A viewer that joins between a commit and its announcement opens at the new seq and must not get it twice."""
    table = new_game(client, humans=2)
    hub = client.app.state.service.hub
    real_publish = hub.publish
    held: list[tuple[str, Any]] = []

    async def hold(table_id: str, event: Any) -> None:
        held.append((table_id, event))

    with connect(client, ws_url(table, 0)) as early:
        opening(early)
        flush(early)
        monkeypatch.setattr(hub, "publish", hold)
        play(client, table, 1)  # seq 1 commits; its announcement is held back
        with connect(client, ws_url(table, None)) as late:
            late_first, _ = opening(late)
            assert late_first["seq"] == 1
            monkeypatch.setattr(hub, "publish", real_publish)
            assert any(event.get("kind") == "state" for _, event in held)
            for table_id, event in held:
                client.portal.call(real_publish, table_id, event)
            early_states = states_of(flush(early))
            late_states = states_of(flush(late))
    assert [m["seq"] for m in early_states] == [1]
    assert late_states == []


def test_lobby_changes_reach_the_stream(client: TestClient) -> None:
    table = new_game(client, humans=1, started=False)
    with connect(client, ws_url(table, 0)) as ws:
        opening(ws)
        flush(ws)
        client.post(f"{table.url}/join", json={"name": "Bob", "invite": table.invite}).raise_for_status()
        joined = recv_until(ws, lambda m: m["type"] == "state")
        assert joined["seq"] == 0 and joined["status"] == "lobby"
        assert [s["name"] for s in joined["table"]["seats"]] == ["Alice", "Bob"]
        add = client.post(f"{table.url}/bots", json={"count": 1}, headers=table.host)
        add.raise_for_status()
        with_bot = recv_until(ws, lambda m: m["type"] == "state")
        assert [s["bot"] for s in with_bot["table"]["seats"]] == [False, False, True]
