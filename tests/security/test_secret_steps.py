"""Patriots & Redcoats and Red Scare Redux against a real server, watched by a spectator: in steps whose actors are
secret, timeouts mark nobody away, the deadline does not move when the people are done, and a fixed window closes only
by its expiry."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from tests.conftest import ServerProcess, server_env
from tests.security.remote import Remote, RemoteTable, opening

GAME = "patriots-and-redcoats"
RSR = "red-scare-redux"


def _server(tmp_path: Path, **env: str) -> tuple[ServerProcess, Remote]:
    process = ServerProcess(server_env(tmp_path, **env), log_path=tmp_path / "server.log")
    process.start()
    return process, Remote(process.url)


def _table(remote: Remote, options: dict[str, Any], turn_timer: float | None = None, game: str = GAME,
           bots: int = 3) -> RemoteTable:
    extra: dict[str, Any] = {"options": options}
    if turn_timer is not None:
        extra["turn_timer"] = turn_timer
    table = remote.table("Alice", game=game, **extra)
    table.join("Bob")
    assert remote.post(f"{table.path}/bots", table.tokens[0], count=bots, kind="basic").status_code == 200
    return table


def _actions(folder: Path, table_id: str) -> list[tuple[int, int | None, dict[str, Any], str]]:
    with sqlite3.connect(folder / "server.db", timeout=30) as db:
        rows = db.execute("SELECT seq, seat, action, source FROM actions WHERE table_id = ? ORDER BY seq",
                          (table_id,)).fetchall()
    return [(seq, seat, json.loads(action), source) for seq, seat, action, source in rows]


def _step(remote: Remote, table: RemoteTable, continue_as: set[int]) -> None:
    """Each person does the first thing offered, except that only seats in ``continue_as`` ever continue."""
    for seat, token in enumerate(table.tokens):
        state = table.state(token)
        offered = [a for a in state["legal"] if a["type"] not in ("continue", "assassinate")]
        if any(a["type"] == "continue" for a in state["legal"]):
            if seat in continue_as:
                remote.post(f"{table.path}/actions", token, action={"type": "continue"})
        elif offered:
            remote.post(f"{table.path}/actions", token, action=offered[0])


def test_a_window_bob_never_continues_marks_nobody_away(tmp_path: Path) -> None:
    process, remote = _server(tmp_path)
    try:
        heard: list[dict[str, Any]] = []
        timed_out: list[Any] = []
        deadline = time.monotonic() + 90
        while not timed_out and time.monotonic() < deadline:  # a deal can end the game before any window: again
            table = _table(remote, {"window_mode": "quick", "response_window_s": 1, "assassination_window_s": 1})
            with remote.socket(table.table_id, spectate=table.spectate, in_url=True) as watch:
                opening(watch)
                remote.post(f"{table.path}/start", table.tokens[0])
                while time.monotonic() < deadline and len(timed_out) < 2:
                    _step(remote, table, continue_as={0})
                    timed_out = [a for a in _actions(tmp_path, table.table_id)
                                 if a[1] == 1 and a[3] == "timer" and a[2] == {"type": "continue"}]
                    if table.public()["status"] == "finished":
                        break
                    time.sleep(0.1)
                try:
                    while True:
                        heard.append(json.loads(watch.recv(timeout=0.5)))
                except TimeoutError:
                    pass
        assert timed_out, "Bob's window never timed out: the test did not reach a window"
        seats = [m["seats"] for m in heard if m["type"] == "presence"]
        seats += [m["table"]["seats"] for m in heard if m["type"] == "state" and m.get("table")]
        assert seats and not any(s["away"] for each in seats for s in each)
        assert not any(s["away"] for s in table.public()["seats"])
    finally:
        process.stop()


def _seats_heard(watch: Any) -> list[Any]:
    heard: list[dict[str, Any]] = []
    try:
        while True:
            heard.append(json.loads(watch.recv(timeout=0.5)))
    except TimeoutError:
        pass
    seats = [m["seats"] for m in heard if m["type"] == "presence"]
    return seats + [m["table"]["seats"] for m in heard if m["type"] == "state" and m.get("table")]


def _rsr_step(remote: Remote, table: RemoteTable) -> None:
    """Alice plays every Black Ops card she can (so windows open that Bob may answer) and continues in windows; Bob
    plays his turns but never answers a window."""
    for seat, token in enumerate(table.tokens):
        legal = table.state(token)["legal"]
        if any(a["type"] == "continue" for a in legal):
            if seat == 0:
                remote.post(f"{table.path}/actions", token, action={"type": "continue"})
        elif legal:
            choice = next((a for a in legal if a["type"] == "black_ops" and seat == 0), None)
            choice = choice or next((a for a in legal if a["type"] == "draw"), legal[0])
            remote.post(f"{table.path}/actions", token, action=choice)


def test_a_red_scare_window_bob_never_answers_marks_nobody_away(tmp_path: Path) -> None:
    """2v2, Alice and a bot against Bob and a bot: Bob lets every quick window time out."""
    process, remote = _server(tmp_path)
    try:
        seats: list[Any] = []
        timed_out: list[Any] = []
        deadline = time.monotonic() + 120
        while not timed_out and time.monotonic() < deadline:  # a game can end before any window: again
            table = _table(remote, {"window_mode": "quick", "response_window_s": 1}, game=RSR, bots=2)
            with remote.socket(table.table_id, spectate=table.spectate, in_url=True) as watch:
                opening(watch)
                remote.post(f"{table.path}/start", table.tokens[0])
                while time.monotonic() < deadline and len(timed_out) < 2:
                    _rsr_step(remote, table)
                    timed_out = [a for a in _actions(tmp_path, table.table_id)
                                 if a[1] == 1 and a[3] == "timer" and a[2] == {"type": "continue"}]
                    if table.public()["status"] == "finished":
                        break
                    time.sleep(0.1)
                seats += _seats_heard(watch)
        assert timed_out, "Bob's window never timed out: the test did not reach a window"
        assert seats and not any(s["away"] for each in seats for s in each)
        assert not any(s["away"] for s in table.public()["seats"])
    finally:
        process.stop()


def test_the_confirmation_deadline_holds_while_bots_are_still_thinking(tmp_path: Path) -> None:
    process, remote = _server(tmp_path, BOT_DELAY="1.5")
    try:
        table = _table(remote, {}, turn_timer=60)
        with remote.socket(table.table_id, spectate=table.spectate, in_url=True) as watch:
            opening(watch)
            remote.post(f"{table.path}/start", table.tokens[0])
            # Both people confirm at once; the three bots take their time.
            for token in table.tokens:
                state = table.state(token)
                confirm = [a for a in state["legal"] if a["type"] not in ("assassinate",)]
                assert confirm, state["legal"]
                remote.post(f"{table.path}/actions", token, action=confirm[0])
            deadlines = []
            for _ in range(40):
                message = json.loads(watch.recv(timeout=10))
                if message["type"] != "state":
                    continue
                deadlines.append((message["seq"], message["deadline"], message["view"].get("phase")))
                if message["seq"] >= 5:  # two people and three bots have confirmed
                    break
        during = [d for seq, d, _ in deadlines if 0 <= seq < 5]
        assert len(during) >= 3 and during[0] is not None
        assert len(set(during)) == 1, deadlines  # the same deadline, however many have confirmed
    finally:
        process.stop()


def test_a_fixed_window_closes_only_by_its_expiry(tmp_path: Path) -> None:
    process, remote = _server(tmp_path)
    try:
        offered_continue = False
        expiries: list[Any] = []
        deadline = time.monotonic() + 90
        while not expiries and time.monotonic() < deadline:  # a deal can end the game before any window: deal again
            table = _table(remote, {"window_mode": "fixed", "response_window_s": 1, "assassination_window_s": 1})
            remote.post(f"{table.path}/start", table.tokens[0])
            while time.monotonic() < deadline and len(expiries) < 2 and table.public()["status"] != "finished":
                for token in table.tokens:
                    offered_continue |= any(a["type"] == "continue" for a in table.state(token)["legal"])
                _step(remote, table, continue_as={0, 1})
                actions = _actions(tmp_path, table.table_id)
                expiries = [a for a in actions if a[1] is None]
                time.sleep(0.1)
        actions = _actions(tmp_path, table.table_id)
        assert expiries, "no window was reached"
        assert not offered_continue
        assert not [a for a in actions if a[2].get("type") == "continue"]
        assert all(a[2] == {"type": "expire"} and a[3] == "expire" for a in expiries)
    finally:
        process.stop()
