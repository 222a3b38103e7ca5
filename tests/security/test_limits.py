"""Limits, tried the way an outsider would: oversized bodies and frames, hopeless names, floods of tables, joins and
sockets, deep nesting. Each gets a clear refusal, changes nothing, and leaves everyone else's play untouched."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tests.conftest import ServerProcess, server_env
from tests.security.remote import Remote, RemoteTable, everything, opening, receive

LIMITED = {"CREATE_RATE": "5/60", "JOIN_RATE": "6/60", "CONNECT_RATE": "30/60", "MAX_CONNECTIONS_PER_SEAT": "3",
           "MAX_CONNECTIONS_PER_TABLE": "6", "REPLAY_RATE": "2/60", "LINK_RATE": "4/60"}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Remote, ServerProcess]]:
    folder = tmp_path_factory.mktemp("limits")
    process = ServerProcess(server_env(folder, **LIMITED), log_path=folder / "server.log")
    process.start()
    yield Remote(process.url), process
    process.stop()


def source(remote: Remote, n: int) -> Remote:
    """The same server seen from another loopback address (each test spends its own per-address budgets)."""
    return Remote(remote.url, source=f"127.0.0.{n}")


def raw_post(process: ServerProcess, path: str, head: dict[str, str], body: bytes) -> tuple[int, bytes, float]:
    """POST over a bare socket, sending only part of a large declared body: (status, response body, seconds)."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", process.port), timeout=10) as sock:
        lines = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close",
                 *[f"{k}: {v}" for k, v in head.items()]]
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head_part, _, rest = data.partition(b"\r\n\r\n")
    return int(head_part.split()[1]), rest, time.monotonic() - started


def test_a_body_declared_too_large_is_refused_from_its_headers(served: tuple[Remote, ServerProcess]) -> None:
    remote, process = served
    status, body, seconds = raw_post(process, "/api/tables", {"Content-Type": "application/json",
                                                               "Content-Length": str(50 * 1024 * 1024)}, b'{"name": "')
    assert status == 413 and json.loads(body)["error"]["code"] == "too_large"
    assert seconds < 2


def test_a_streamed_body_is_cut_off_at_the_limit(served: tuple[Remote, ServerProcess]) -> None:
    remote, process = served
    # Four full chunks reach the limit exactly; one byte more is one too many. Nothing is left unread after it.
    chunks = [b"x" * 16384] * 4 + [b"x"]
    chunked = b"".join(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n" for chunk in chunks) + b"0\r\n\r\n"
    status, body, _ = raw_post(process, "/api/tables", {"Content-Type": "application/json",
                                                         "Transfer-Encoding": "chunked"}, chunked)
    assert status == 413 and json.loads(body)["error"]["code"] == "too_large"


def test_a_huge_name_freezes_nobody(served: tuple[Remote, ServerProcess]) -> None:
    remote, _ = served
    me = source(remote, 21)
    table = me.table("Alice")
    with ThreadPoolExecutor(4) as pool:
        # One name just inside the body limit, one of control characters far past it.
        bombs = [pool.submit(me.post, "/api/tables", game="hidden-hands", name=name)
                 for name in ("a" * 60_000, "\u0007" * 60_000, "a" * 60_000)]
        started = time.monotonic()
        assert me.get(table.path).status_code == 200
        others = time.monotonic() - started
        answers = [b.result() for b in bombs]
    assert [(a.status_code, a.json()["error"]["code"]) for a in answers] == [
        (422, "too_long"), (413, "too_large"), (422, "too_long")]
    assert others < 1.0


def test_options_and_names_are_bounded_in_what_comes_back(served: tuple[Remote, ServerProcess]) -> None:
    remote, _ = served
    me = source(remote, 22)
    many = {f"option_{n}_{'z' * 40}": n for n in range(500)}
    refused = me.post("/api/tables", game="hidden-hands", name="Alice", options=many)
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "invalid_options"
    assert len(refused.text) < 2000  # the refusal names a few of them, not all 500
    assert me.post("/api/tables", game="hidden-hands", name="A" * 25).json()["error"]["code"] == "too_long"


def test_table_creation_is_limited_per_address(served: tuple[Remote, ServerProcess]) -> None:
    remote, _ = served
    flooder, bystander = source(remote, 23), source(remote, 24)
    answers = [flooder.post("/api/tables", game="hidden-hands", name="Flood") for _ in range(8)]
    assert [a.status_code for a in answers] == [201] * 5 + [429] * 3
    assert answers[-1].json()["error"]["code"] == "rate_limited"
    assert bystander.post("/api/tables", game="hidden-hands", name="Calm").status_code == 201
    local = [remote.post("/api/tables", game="hidden-hands", name="Bench") for _ in range(8)]  # the machine itself
    assert {a.status_code for a in local} == {201}


def test_joins_are_limited_per_address(served: tuple[Remote, ServerProcess]) -> None:
    remote, _ = served
    host, joiner = source(remote, 25), source(remote, 26)
    tables = [host.table("Alice") for _ in range(2)]
    answers = [joiner.post(f"{t.path}/join", name=f"Guest {n}", invite=t.invite)
               for n in range(4) for t in tables]
    assert [a.status_code for a in answers] == [200] * 6 + [429] * 2
    seats = [len(t.public()["seats"]) for t in tables]
    assert sum(seats) == 2 + 6  # the refused joins took no seat


def test_seat_link_claims_are_limited_per_address(served: tuple[Remote, ServerProcess]) -> None:
    remote, _ = served
    host, flooder = source(remote, 40), source(remote, 41)
    table = host.table("Alice")
    answers = [flooder.post(f"{table.path}/claim", code=f"{n:032d}") for n in range(7)]
    assert [a.status_code for a in answers] == [403] * 4 + [429] * 3
    assert answers[-1].json()["error"]["code"] == "rate_limited"
    # The flood spent the flooder's budget only: the seat's owner claims their link from elsewhere.
    code = table.seat_url.partition("#")[2]
    assert host.post(f"{table.path}/claim", code=code).json() == {"seat": 0, "token": table.tokens[0]}


def test_seat_links_made_are_limited_per_address(served: tuple[Remote, ServerProcess]) -> None:
    remote, _ = served
    me = source(remote, 42)
    table = remote.table("Alice")  # made from the machine itself: only the links count against address 42
    answers = [me.post(f"{table.path}/seat-link", table.tokens[0]) for _ in range(6)]
    assert [a.status_code for a in answers] == [200] * 4 + [429] * 2
    assert answers[-1].json()["error"]["code"] == "rate_limited"


def test_sockets_per_seat_are_limited_and_the_flood_is_not_announced(served: tuple[Remote, ServerProcess]) -> None:
    remote, _ = served
    me = source(remote, 27)
    table = me.table("Alice")
    bob = table.join("Bob")
    with me.socket(table.table_id, bob) as watcher:
        opening(watcher)
        with me.socket(table.table_id, table.tokens[0]) as a1, me.socket(table.table_id, table.tokens[0]) as a2, \
                me.socket(table.table_id, table.tokens[0]) as a3:
            for ws in (a1, a2, a3):
                opening(ws)
            refused = []
            for _ in range(10):
                with me.socket(table.table_id, table.tokens[0]) as extra:
                    refused.append(everything(extra, quiet=2))
            assert all(code == 4429 for _, code in refused), refused
            assert all(messages == [] or messages[0]["code"] == "too_many_connections" for messages, _ in refused)
            heard, _ = everything(watcher, quiet=0.5)
    # Bob heard Alice's three tabs arrive, and nothing of the ten refused ones.
    assert len([m for m in heard if m["type"] == "presence"]) == 3


def test_sockets_per_table_are_limited(served: tuple[Remote, ServerProcess]) -> None:
    remote, _ = served
    me = source(remote, 28)
    table = me.table("Alice")
    watchers = [me.socket(table.table_id, spectate=table.spectate) for _ in range(6)]
    opened = [w.__enter__() for w in watchers]
    try:
        for ws in opened:
            opening(ws)
        with me.socket(table.table_id, spectate=table.spectate) as seventh:
            messages, code = everything(seventh, quiet=2)
        assert code == 4429 and messages[0]["code"] == "too_many_connections"
    finally:
        for w in watchers:
            w.__exit__(None, None, None)
    with me.socket(table.table_id, spectate=table.spectate) as later:  # room again once they have gone
        assert opening(later)["you"]["seat"] is None


def test_websocket_connects_are_limited_per_address(served: tuple[Remote, ServerProcess]) -> None:
    remote, _ = served
    me = source(remote, 29)
    table = source(remote, 30).table("Alice")
    codes = []
    for _ in range(34):
        with me.socket(table.table_id, spectate=table.spectate) as ws:
            first = receive(ws)
            codes.append(first.get("code", "ok"))
    assert codes[:30] == ["ok"] * 30 and set(codes[30:]) == {"too_many_connections"}


def finished_game(remote: Remote) -> RemoteTable:
    """A game of Hidden Hands played to its end by two people, each playing their first legal action."""
    table = remote.table("Alice")
    table.join("Bob")
    assert remote.post(f"{table.path}/start", table.tokens[0]).status_code == 200
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for token in table.tokens:
            state = table.state(token)
            if state["status"] == "finished":
                return table
            if state["legal"]:
                moved = remote.post(f"{table.path}/actions", token, action=state["legal"][0])
                assert moved.status_code == 200, moved.text
    raise AssertionError("the game did not finish")


def test_replay_rebuilds_are_limited_per_address(served: tuple[Remote, ServerProcess]) -> None:
    remote, _ = served
    flooder, bystander = source(remote, 31), source(remote, 32)
    tables = [finished_game(remote) for _ in range(3)]  # played from the machine itself, which no rate applies to
    answers = [flooder.get(f"{t.path}/replay") for t in tables]
    assert [a.status_code for a in answers] == [200, 200, 429]
    assert answers[-1].json()["error"]["code"] == "rate_limited"
    assert flooder.get(f"{tables[2].path}/replay/0", seat="all").status_code == 429  # still not rebuilt for them
    # Stepping through a replay already rebuilt costs nothing and is not counted; the fairness check rebuilds.
    assert {flooder.get(f"{tables[0].path}/replay/{seq}").status_code for seq in range(5)} == {200}
    assert flooder.get(f"/t/{tables[1].table_id}/verify").status_code == 429
    assert bystander.get(f"{tables[2].path}/replay").status_code == 200
    assert bystander.get(f"/t/{tables[1].table_id}/verify").status_code == 200
    assert {remote.get(f"/t/{t.table_id}/verify").status_code for t in tables for _ in range(2)} == {200}


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_oversized_frames_are_refused_by_the_transport(served: tuple[Remote, ServerProcess]) -> None:
    remote, process = served
    people = [source(remote, 40 + n) for n in range(10)]
    tables = [person.table("Alice") for person in people]
    assert process.process is not None
    before = _rss_kb(process.process.pid)
    frame = json.dumps({"type": "chat", "text": "x" * (15 * 1024 * 1024)})

    def send_one(n: int) -> int | None:
        with people[n].socket(tables[n].table_id, tables[n].tokens[0]) as ws:
            opening(ws)
            try:
                ws.send(frame)
                ws.recv(timeout=10)
            except ConnectionClosed as closed:
                return closed.rcvd.code if closed.rcvd else None
        return None

    with ThreadPoolExecutor(10) as pool:
        codes = list(pool.map(send_one, range(10)))
    assert codes == [1009] * 10
    assert _rss_kb(process.process.pid) - before < 60_000  # nowhere near ten decoded 15 MiB frames
    with people[0].socket(tables[0].table_id, tables[0].tokens[0]) as ws:  # and the seat still connects
        opening(ws)
        ws.send(json.dumps({"type": "ping", "id": "after"}))
        assert receive(ws) == {"type": "pong", "id": "after"}


def test_deep_nesting_gets_an_error_and_the_connection_stays(served: tuple[Remote, ServerProcess]) -> None:
    remote, _ = served
    me = source(remote, 32)
    table = me.table("Alice")
    with me.socket(table.table_id, table.tokens[0]) as ws:
        opening(ws)
        ws.send('{"type": "act", "id": 7, "action": ' + "[" * 5000 + "]" * 5000 + "}")
        error = receive(ws)
        assert error["type"] == "error" and error["code"] == "too_deep"
        ws.send(json.dumps({"type": "ping", "id": 8}))
        assert receive(ws) == {"type": "pong", "id": 8}
    deep = me.request("POST", f"{table.path}/chat", table.tokens[0], content=b'{"text": ' + b"[" * 5000 + b"]" * 5000
                      + b"}", headers={"Content-Type": "application/json"})
    assert deep.status_code == 422 and "nested" in deep.json()["error"]["message"]


def test_refused_messages_from_a_closing_socket_leave_no_trace_in_the_log(served: tuple[Remote, ServerProcess]) -> None:
    remote, process = served
    me = source(remote, 33)
    table = me.table("Alice")
    me.post(f"{table.path}/start", table.tokens[0])
    for n in range(20):
        with me.socket(table.table_id, table.tokens[0]) as ws:
            opening(ws)
            ws.send(json.dumps({"type": "act", "id": n, "action": {"type": "no-such-move"}}))
            ws.send(json.dumps({"type": "chat", "text": ""}))
    # Not a fixed wait: until the server has handled the last socket's end (the seat shows nobody connected), which
    # comes after its refusals, as every earlier socket's did.
    end = time.monotonic() + 30
    while table.public()["seats"][0]["connected"]:
        assert time.monotonic() < end, "the server never saw the sockets close"
        time.sleep(0.05)
    assert process.log_path is not None
    log = process.log_path.read_text()
    assert "Task exception was never retrieved" not in log and "Traceback" not in log
