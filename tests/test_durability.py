"""Durability under load: people play many tables at once while the server is killed (SIGKILL) several times.
Every action any client saw acknowledged is in the log afterwards, and every table's stored state is exactly the
replay of its log from its seed. Clients simply retry until the server is back."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import httpx

from app.fairness import commitment
from games.protocol import apply_logged
from games.rng import seed_from_text
from tests.conftest import ServerProcess, server_env
from tests.support.hidden_hands import GAME as HIDDEN_HANDS

TABLES = 8
KILLS = 3


class Player(threading.Thread):
    """Plays every seat of one table through REST, as fast as it can, noting each acknowledged action."""

    def __init__(self, url: str, table_id: str, tokens: list[str], stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.url, self.table_id, self.tokens, self.stop = url, table_id, tokens, stop
        self.acked: list[tuple[int, int, dict[str, Any]]] = []  # (seq, seat, action)

    def run(self) -> None:
        with httpx.Client(timeout=5) as http:
            while not self.stop.is_set():
                try:
                    if not self._step(http):
                        return  # the game is over
                except httpx.HTTPError:
                    time.sleep(0.05)  # the server is down: try again until it is back

    def _step(self, http: httpx.Client) -> bool:
        for seat, token in enumerate(self.tokens):
            headers = {"Authorization": f"Bearer {token}"}
            state = http.get(f"{self.url}/api/tables/{self.table_id}/state", headers=headers).json()
            if state["status"] == "finished":
                return False
            if not state["legal"]:
                continue
            action = state["legal"][0]
            reply = http.post(f"{self.url}/api/tables/{self.table_id}/actions", headers=headers,
                              json={"action": action, "expect_seq": state["seq"]})
            if reply.status_code == 200:
                self.acked.append((reply.json()["seq"], seat, action))
        return True


def test_acknowledged_actions_survive_repeated_sigkill(tmp_path: Path) -> None:
    process = ServerProcess(server_env(tmp_path), log_path=tmp_path / "server.log")
    process.start()
    tables = []
    for _ in range(TABLES):
        created = httpx.post(f"{process.url}/api/tables", json={"game": "hidden-hands", "name": "Alice"}).json()
        invite = created["invite_url"].split("invite=")[1]
        tokens = [created["token"]] + [
            httpx.post(f"{process.url}/api/tables/{created['table_id']}/join",
                       json={"name": name, "invite": invite}).json()["token"] for name in ("Bob", "Cara", "Dan")]
        httpx.post(f"{process.url}/api/tables/{created['table_id']}/start",
                   headers={"Authorization": f"Bearer {tokens[0]}"}).raise_for_status()
        tables.append((created["table_id"], tokens))
    stop = threading.Event()
    players = [Player(process.url, table_id, tokens, stop) for table_id, tokens in tables]
    for player in players:
        player.start()
    try:
        for _ in range(KILLS):
            # Kill once play is under way again: a few more actions acknowledged since the last start.
            goal = sum(len(p.acked) for p in players) + 8
            while sum(len(p.acked) for p in players) < goal and any(p.is_alive() for p in players):
                time.sleep(0.01)
            assert any(p.is_alive() for p in players), "every game ended before the kill: nothing was tested"
            process.kill()
            process.start()
        deadline = time.monotonic() + 60
        while any(p.is_alive() for p in players) and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        stop.set()
        for player in players:
            player.join(10)
        process.stop()

    with sqlite3.connect(tmp_path / "server.db") as db:
        for player in players:
            logged = {seq: (seat, json.loads(action)) for seq, seat, action in db.execute(
                "SELECT seq, seat, action FROM actions WHERE table_id = ?", (player.table_id,))}
            assert player.acked, "no action was acknowledged at this table"
            for seq, seat, action in player.acked:  # nothing acknowledged was lost
                assert logged.get(seq) == (seat, action), (player.table_id, seq)
            seed, stored, players_count, options = db.execute(
                "SELECT seed, state, (SELECT count(*) FROM seats WHERE table_id = tables.id), options "
                "FROM tables WHERE id = ?", (player.table_id,)).fetchone()
            assert commitment(seed)
            state = HIDDEN_HANDS.new_state(players_count, json.loads(options), seed_from_text(seed))
            for seq in sorted(logged):
                assert seq == state["seq"] + 1, "the log has a gap"
                state = apply_logged(HIDDEN_HANDS, state, *logged[seq])
            assert json.loads(stored) == json.loads(json.dumps(state))  # the stored table is its log's replay
    assert sum(len(p.acked) for p in players) > TABLES * 5
