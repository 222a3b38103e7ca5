"""Taking back an action through the API: Red Scare Redux's give and take between teammates (docs/API.md, "Taking
an action back"). Offered in the player's own state message only, refused with a clear code once anyone else has
acted, the turn has passed on or the action drew or showed a card; logged publicly; and a finished game whose log
holds take-backs replays, verifies and steps through like any other."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app import cli, fairness
from app.settings import Settings
from games.protocol import TAKE_BACK
from games.red_scare_redux import GAME as RSR
from tests.api.helpers import (
    Table,
    act,
    assert_error,
    connect,
    db_rows,
    new_game,
    recv,
    snapshot,
    state,
    wait_for,
    ws_url,
)

SEED = "take-back-0"  # a 2v2 deal whose first player (seat 0) can begin an Objective at once
TEAMMATE = 2  # 2v2, seats alternating: teams [0, 2] and [1, 3]


@pytest.fixture
def table(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> Table:
    monkeypatch.setattr(fairness, "new_seed", lambda: SEED)
    made = new_game(client, humans=4, game="red-scare-redux")
    assert state(client, made, 0)["view"]["turn"] == 0
    return made


def entry(message: dict[str, Any], kind: str) -> dict[str, Any]:
    return next(a for a in message["legal"] if a["type"] == kind)


def give(client: TestClient, table: Table) -> dict[str, Any]:
    mine = state(client, table, 0)
    action = next(a for a in mine["legal"] if a["type"] == "give" and a["to"] == TEAMMATE)
    response = act(client, table, 0, action, mine["seq"])
    assert response.status_code == 200, response.text
    return dict(response.json())


def without_log(message: dict[str, Any]) -> dict[str, Any]:
    return {key: message[key] for key in ("view", "legal", "status")}


def test_a_give_is_taken_back_and_everyone_reads_so(client: TestClient, table: Table) -> None:
    before = {seat: state(client, table, seat) for seat in (0, 1, 2, 3, None)}
    assert before[0]["take_back"] is False
    given = give(client, table)
    assert given["take_back"] is True  # offered to its player, beside the game's own actions (bots never see it)
    assert TAKE_BACK not in given["legal"]
    for seat in (1, 2, 3, None):
        assert state(client, table, seat)["take_back"] is False
    response = act(client, table, 0, TAKE_BACK, given["seq"])
    assert response.status_code == 200, response.text
    back = response.json()
    assert back["seq"] == given["seq"] + 1
    for seat in (0, 1, 2, 3, None):
        now = state(client, table, seat)
        assert without_log(now) == without_log(before[seat])  # hands, counts, actions left: as before the give
        assert now["log"][-1] == {"seq": back["seq"], "text": "Alice takes back their last action."}
    rows = db_rows(table_settings(client), "SELECT seq, seat, action, source FROM actions WHERE table_id = ? "
                   "ORDER BY seq", table.table_id)
    assert [(seq, seat, source) for seq, seat, _, source in rows] == [(1, 0, "seat"), (2, 0, "seat")]
    assert rows[1][2] == '{"type": "take_back"}'


def table_settings(client: TestClient) -> Settings:
    settings: Settings = client.app.state.settings  # type: ignore[attr-defined]
    return settings


def test_a_take_back_is_one_message_per_seq_for_every_viewer(client: TestClient, table: Table) -> None:
    with connect(client, ws_url(table, None)) as spectator, connect(client, ws_url(table, 1)) as opponent:
        for ws in (spectator, opponent):
            assert recv(ws)["seq"] == 0
        given = give(client, table)
        assert act(client, table, 0, TAKE_BACK, given["seq"]).status_code == 200
        for ws in (spectator, opponent):
            seqs = []
            while len(seqs) < 2:
                message = recv(ws)
                if message["type"] == "state":
                    seqs.append(message["seq"])
                    last = message
            assert seqs == [1, 2]
            assert last["log"][-1]["text"] == "Alice takes back their last action."


def test_refused_once_the_turn_has_passed_on_then_once_someone_else_acted(client: TestClient, table: Table) -> None:
    for _ in range(3):
        mine = state(client, table, 0)
        assert act(client, table, 0, entry(mine, "draw"), mine["seq"]).status_code == 200
    given = give(client, table)  # the fourth action: seat 1's turn begins
    assert given["view"]["turn"] == 1 and given["take_back"] is False
    unchanged = snapshot(client, table)
    message = assert_error(act(client, table, 0, TAKE_BACK, given["seq"]), 422, "too_late")
    assert "turn has passed on" in message
    assert snapshot(client, table) == unchanged
    theirs = state(client, table, 1)
    assert act(client, table, 1, entry(theirs, "draw"), theirs["seq"]).status_code == 200
    assert_error(act(client, table, 0, TAKE_BACK), 422, "nothing_to_take_back")
    # Sent on the view from before seat 1 acted, it is a stale view's action, as any other.
    assert_error(act(client, table, 0, TAKE_BACK, given["seq"]), 409, "stale_seq")


@pytest.mark.parametrize("kind", ["begin", "draw"])
def test_refused_for_an_action_that_placed_or_drew_a_card(client: TestClient, table: Table, kind: str) -> None:
    mine = state(client, table, 0)
    response = act(client, table, 0, entry(mine, kind), mine["seq"])
    assert response.status_code == 200, response.text
    assert response.json()["take_back"] is False
    unchanged = snapshot(client, table)
    message = assert_error(act(client, table, 0, TAKE_BACK, response.json()["seq"]), 422, "not_reversible")
    assert "drew a card or showed something" in message
    assert snapshot(client, table) == unchanged


def test_refused_to_spectators_and_to_other_seats(client: TestClient, table: Table) -> None:
    given = give(client, table)
    spectator = client.post(f"{table.url}/actions", params={"spectate": table.spectate},
                            json={"action": TAKE_BACK})
    assert_error(spectator, 403, "spectator")
    assert_error(act(client, table, TEAMMATE, TAKE_BACK, given["seq"]), 422, "nothing_to_take_back")
    assert_error(act(client, table, 0, {"type": "take_back", "all": True}, given["seq"]), 422, "bad_action")


def test_a_finished_game_with_take_backs_verifies_and_replays(client: TestClient, table: Table, tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    given = give(client, table)
    act(client, table, 0, TAKE_BACK, given["seq"]).raise_for_status()
    mine = state(client, table, 0)
    take = next(a for a in mine["legal"] if a["type"] == "take" and a["from"] == TEAMMATE)
    act(client, table, 0, take, mine["seq"]).raise_for_status()
    taken_back = act(client, table, 0, TAKE_BACK).json()
    # Then bots play every seat to the end.
    for seat in range(4):
        client.post(f"{table.url}/seats/{seat}/bot", json={"kind": "basic"}, headers=table.host).raise_for_status()
    wait_for(lambda: state(client, table, None)["status"] == "finished", timeout=120, what="the bots to finish")

    audit = client.get(f"{table.url}/audit").json()
    take_backs = [a for a in audit["actions"] if a["action"] == TAKE_BACK]
    assert [(a["seq"], a["seat"], a["source"]) for a in take_backs] == [(2, 0, "seat"), (4, 0, "seat")]
    assert fairness.replay(RSR, audit)[:2] == (True, f"Replayed {len(audit['actions'])} actions from the seed: "
                                                     "the result matches.")
    saved = tmp_path / "audit.json"
    saved.write_text(json.dumps(audit))
    assert cli.verify(str(saved), []) == 0  # `tabletop verify` on the saved record
    assert capsys.readouterr().out.startswith("OK: Replayed")
    page = client.get(f"/t/{table.table_id}/verify")
    assert page.status_code == 200 and 'id="server-check" data-ok="true"' in page.text

    # The replay steps through the take-back: seat 0's view after it is the view before the take.
    states = list(fairness.each_state(RSR, audit))
    moment = client.get(f"{table.url}/replay/4", params={"seat": 0}).json()
    assert moment["view"] == client.get(f"{table.url}/replay/2", params={"seat": 0}).json()["view"]
    assert moment["view"] == RSR.view(states[4], 0)
    assert moment["log"][-1] == {"seq": 4, "text": "Alice takes back their last action."}
    assert taken_back["seq"] == 4
    timeline = client.get(f"{table.url}/replay").json()
    assert timeline["moments"][:4] == [{"seq": n, "seat": 0, "source": "seat"} for n in (1, 2, 3, 4)]
