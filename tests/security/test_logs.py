"""No secret in any log line: the server runs at debug level through whole games, every URL form that carries a
credential, refusals and a restart, and its whole log is then searched for every token, key and invite code."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.api.helpers import wait_for
from tests.conftest import ServerProcess, server_env
from tests.security.remote import Remote, RemoteTable, opening, receive_until


def code_of(seat_url: str) -> str:
    return seat_url.partition("#")[2]


def _play_to_the_end(remote: Remote, table: RemoteTable, people: list[str], limit: int = 2000) -> None:
    for _ in range(limit):
        moved = False
        for token in people:
            state = table.state(token)
            if state["status"] == "finished":
                return
            if state["legal"]:
                remote.post(f"{table.path}/actions", token, action=state["legal"][0], expect_seq=state["seq"])
                moved = True
        if not moved:
            if table.state(people[0])["status"] == "finished":
                return
    raise AssertionError("the game did not finish")


def test_the_whole_log_holds_no_secret(tmp_path: Path) -> None:
    process = ServerProcess(server_env(tmp_path, LOG_LEVEL="debug"), log_path=tmp_path / "server.log")
    process.start()
    remote = Remote(process.url)
    secrets: list[str] = []
    try:
        # A whole game of two people over websockets, one in each credential form, and a spectator.
        table = remote.table("Alice")
        bob = table.join("Bob")
        alice = table.tokens[0]
        secrets += [alice, bob, table.invite, table.spectate]
        remote.get(f"/t/{table.table_id}", invite=table.invite)  # the invite link, as a browser opens it
        remote.get(f"/t/{table.table_id}/watch", key=table.spectate)  # the spectator link
        remote.get(f"{table.path}/state", spectate=table.spectate)
        remote.get(f"{table.path}/times", spectate=table.spectate)  # while you were away (issue 35)
        remote.get(f"{table.path}/away", bob)
        remote.post(f"{table.path}/seen", alice, seq=0)
        with remote.socket(table.table_id, alice, in_url=True) as a, remote.socket(table.table_id, bob) as b, \
                remote.socket(table.table_id, spectate=table.spectate, in_url=True) as watch:
            for ws in (a, b, watch):
                opening(ws)
            remote.post(f"{table.path}/start", alice)
            a.send(json.dumps({"type": "chat", "text": f"my token is {alice}"}))  # people paste anything
            _play_to_the_end(remote, table, [alice, bob])
            receive_until(watch, lambda m: m["type"] == "state" and m["status"] == "finished", timeout=10)
        rematch = remote.post(f"{table.path}/again", bob).json()
        again = remote.post(f"{table.path}/again", bob).json()  # asked twice: the same token, a fresh link
        secrets += [rematch["token"], code_of(rematch["seat_url"]), again["token"], code_of(again["seat_url"])]
        # A new game with these players: Bob invites, Alice finds it by her old token and joins with it.
        invited = remote.post(f"{table.path}/invitations", bob, game="turncoats").json()
        listed = remote.post("/api/your-tables", tables=[{"table_id": table.table_id, "token": alice}]).json()
        joined = remote.post(f"/api/invitations/{listed['invitations'][0]['id']}/accept", alice).json()
        assert remote.post(f"/api/invitations/{listed['invitations'][0]['id']}/accept", alice).status_code == 409
        secrets += [invited["token"], code_of(invited["seat_url"]), invited["invite_url"].partition("invite=")[2],
                    invited["spectate_url"].partition("key=")[2], joined["token"], code_of(joined["seat_url"])]

        # Seat links: each one made, claimed once, claimed again (refused), and a replaced one tried.
        links = remote.table("Gil")
        gil = links.tokens[0]
        first = code_of(links.seat_url)
        fresh = code_of(remote.post(f"{links.path}/seat-link", gil).json()["seat_url"])
        secrets += [gil, links.invite, links.spectate, first, fresh]
        remote.get(f"/t/{links.table_id}/seat")  # the seat page, as a browser opens it (the code stays behind '#')
        assert remote.post(f"{links.path}/claim", code=first).status_code == 410
        assert remote.post(f"{links.path}/claim", code=fresh).json()["token"] == gil
        assert remote.post(f"{links.path}/claim", code=fresh).status_code == 410
        assert remote.post(f"{table.path}/claim", code=fresh).status_code == 403  # another table's code

        # A move link for every table of a browser: made, its page opened, claimed once, claimed again (refused).
        moved = remote.post("/api/move-links", tables=[{"table_id": links.table_id, "token": gil},
                                                       {"table_id": table.table_id, "spectate": table.spectate}])
        move_code = code_of(moved.json()["url"])
        secrets.append(move_code)
        remote.get("/move")
        assert remote.post("/api/move-links/claim", code=move_code).status_code == 200
        assert remote.post("/api/move-links/claim", code=move_code).status_code == 410

        # The host gives an away seat (its five-second timer played for it) a new link; the old token is then refused.
        handed = remote.table("Hal", turn_timer=5)
        ida = handed.join("Ida")
        remote.post(f"{handed.path}/start", handed.tokens[0])
        hal = handed.state(handed.tokens[0])
        remote.post(f"{handed.path}/actions", handed.tokens[0], action=hal["legal"][0], expect_seq=hal["seq"])
        wait_for(lambda: handed.public()["seats"][1]["away"], timeout=30, what="Ida's timer to play for her")
        fresh_seat = code_of(remote.post(f"{handed.path}/seats/1/handover", handed.tokens[0]).json()["seat_url"])
        secrets += [handed.tokens[0], ida, handed.invite, handed.spectate, fresh_seat]
        assert remote.get(f"{handed.path}/state", ida).status_code == 401
        secrets.append(remote.post(f"{handed.path}/claim", code=fresh_seat).json()["token"])

        # A Turncoats table against bots, to its end.
        tc = remote.table("Cara", game="turncoats")
        secrets += [tc.tokens[0], tc.invite, tc.spectate]
        remote.post(f"{tc.path}/bots", tc.tokens[0], count=2, kind="random")
        remote.post(f"{tc.path}/start", tc.tokens[0])
        _play_to_the_end(remote, tc, [tc.tokens[0]])

        # Refusals: real credentials on the wrong table, in every place they can go.
        other = remote.table("Dan")
        secrets += [other.tokens[0], other.invite, other.spectate]
        remote.get(f"{other.path}/state", alice)
        remote.get(f"{other.path}/state", spectate=table.spectate)
        remote.post(f"{other.path}/join", name="Eve", invite=table.invite)
        remote.request("GET", f"/api/tables/{other.table_id}/state?token={alice}")
        with remote.socket(other.table_id, alice, in_url=True) as ws:
            ws.recv(timeout=5)
        remote.request("POST", f"{other.path}/actions", other.tokens[0], content=b"{not json", headers={
            "Content-Type": "application/json"})
    finally:
        process.stop()
    # A restart reads the same database: its startup lines are checked too.
    process.start()
    process.stop()

    assert process.log_path is not None
    log = process.log_path.read_text()
    assert "[hidden]" in log and "GET /t/" in log, "the log should show the requests it redacted"
    assert re.search(r"/ws/tables/\S+\?token=\[hidden\]", log)
    leaked = [s for s in secrets if s in log]
    assert leaked == [], [line for line in log.splitlines() if any(s in line for s in leaked)][:5]


@pytest.mark.parametrize(("line", "kept"), [
    ('127.0.0.1:5 - "GET /t/abc?invite=Zz9_-x HTTP/1.1" 200', '"GET /t/abc?invite=[hidden] HTTP/1.1" 200'),
    ('"WebSocket /ws/tables/abc?token=Q-w_e1&x=1" [accepted]', '/ws/tables/abc?token=[hidden]&x=1'),
    ("Authorization: Bearer abc.DEF-123", "Authorization: [hidden]"),
    ("sent Bearer abc.DEF-123 twice", "Bearer [hidden]"),
    ("< cookie: seat=abc123", "< cookie: [hidden]"),
    ("""auth failed for {"type":"auth","token":"s3cr3t"}""", '"token":"[hidden]"'),
    ("""< TEXT '{"type":"auth","token":"s3cr3t"}'""", "< TEXT"),
    ("postgresql://user:pa55@db/x", "postgresql://user:[hidden]@db/x"),
    ("http://h/t/abc/seat#s3cr3t-s3cr3t_s3cr3t-s3cr3t_s3cr3t", "/t/abc/seat#[hidden]"),
    ("""claim {"code": "s3cr3t-s3cr3t_s3cr3t-s3cr3t_s3cr3t"}""", '"code": "[hidden]"'),
    ("""{'code': 's3cr3t-s3cr3t_s3cr3t-s3cr3t_s3cr3t'}""", "'code': '[hidden]'"),
    ("""{"error": {"code": "link_used"}}""", '"code": "link_used"'),
    ("""< TEXT '{"type":"state","view":{"hand":["gem-07"]}}' [44 bytes]""", "< TEXT [44 bytes]"),
])
def test_redaction_of_each_form(line: str, kept: str) -> None:
    from app.logs import redact

    assert kept in redact(line)
    assert not {"gem-07", "s3cr3t", "abc.DEF-123", "abc123"} & set(re.split(r"[\s'\"=:]+", redact(line)))
    assert "s3cr3t" not in redact(line)
