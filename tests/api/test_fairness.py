"""Fair shuffles: the commitment, the audit record, replaying it (in-process and with the CLI), and persistence."""

from __future__ import annotations

import copy
import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from app import fairness
from app.cli import main as cli_main
from app.main import create_app
from app.settings import Settings
from tests.api.helpers import (
    GAME,
    Table,
    assert_error,
    db_rows,
    new_game,
    play,
    play_to_end,
    public,
    state,
)
from tests.conftest import TEST_GAME
from tests.support.hidden_hands import GAME as HIDDEN_HANDS

AUDIT_FIELDS = {"table_id", "game", "status", "players", "names", "options", "commitment", "seed", "actions", "result"}


def audit(client: TestClient, table: Table) -> dict[str, Any]:
    response = client.get(f"{table.url}/audit")
    assert response.status_code == 200, response.text
    return response.json()


def finished_bot_game(client: TestClient) -> tuple[Table, dict[str, Any]]:
    table = new_game(client, humans=1, bots=2, options={"review_s": 0.5})
    final = play_to_end(client, table)
    assert final["status"] == "finished"
    return table, audit(client, table)


def test_audit_before_the_end_reveals_nothing(client: TestClient) -> None:
    table = new_game(client, humans=2, started=False)
    lobby = audit(client, table)
    assert AUDIT_FIELDS <= set(lobby)
    assert (lobby["status"], lobby["seed"], lobby["actions"], lobby["result"]) == ("lobby", None, [], None)
    assert re.fullmatch(r"[0-9a-f]{64}", lobby["commitment"])
    assert lobby["commitment"] == public(client, table)["commitment"]
    client.post(f"{table.url}/start", headers=table.host).raise_for_status()
    play(client, table, 0)
    playing = audit(client, table)
    assert (playing["status"], playing["seed"], playing["actions"], playing["result"]) == ("playing", None, [], None)
    assert playing["commitment"] == lobby["commitment"]  # committed once, never changed
    ok, message, _ = fairness.replay(HIDDEN_HANDS, playing)
    assert not ok and "seed" in message


def test_audit_after_a_bot_game_replays(client: TestClient, settings: Settings) -> None:
    table, record = finished_bot_game(client)
    assert record["status"] == "finished"
    assert (record["game"], record["players"], record["names"][0]) == (GAME, 3, "Alice")
    assert hashlib.sha256(record["seed"].encode()).hexdigest() == record["commitment"]
    assert record["commitment"] == public(client, table)["commitment"]
    final_seq = public(client, table)["seq"]
    actions = record["actions"]
    assert [a["seq"] for a in actions] == list(range(1, final_seq + 1))
    assert all(set(a) == {"seq", "seat", "action", "source"} for a in actions)
    assert {a["source"] for a in actions if a["seat"] == 0} == {"seat"}
    assert {a["source"] for a in actions if a["seat"] != 0} == {"bot"}
    assert record["result"] == state(client, table, 0)["result"]
    # Persistence: the log keeps every action, one row per seq.
    assert db_rows(settings, "SELECT count(*), min(seq), max(seq) FROM actions WHERE table_id = ?",
                   table.table_id) == [(final_seq, 1, final_seq)]
    ok, message, result = fairness.replay(HIDDEN_HANDS, record)
    assert ok, message
    assert result == record["result"]


def tampered(record: dict[str, Any], change: str) -> dict[str, Any]:
    out = copy.deepcopy(record)
    actions = out["actions"]
    if change == "action":
        first = next(a for a in actions if a["action"].get("gem"))
        hand_rest = {a["action"]["gem"] for a in actions if a["seat"] == first["seat"] and a["action"].get("gem")}
        other = next(f"gem-{v:02d}" for v in range(1, 21) if f"gem-{v:02d}" not in hand_rest)
        first["action"]["gem"] = other
    elif change == "seat":
        actions[0]["seat"] = (actions[0]["seat"] + 1) % out["players"]
    elif change == "drop":
        del actions[-1]
    elif change == "gap":
        del actions[3]
    elif change == "seed":
        out["seed"] = "0" * 64
    elif change == "seed_and_commitment":
        out["seed"] = "1" * 64
        out["commitment"] = hashlib.sha256(out["seed"].encode()).hexdigest()
    elif change == "result":
        out["result"]["winners"] = [w for w in range(out["players"]) if w not in out["result"]["winners"]][:1]
    return out


@pytest.mark.parametrize("change", ["action", "seat", "drop", "gap", "seed", "seed_and_commitment", "result"])
def test_tampering_makes_replay_fail(client: TestClient, change: str) -> None:
    _, record = finished_bot_game(client)
    assert fairness.replay(HIDDEN_HANDS, record)[0]
    ok, message, _ = fairness.replay(HIDDEN_HANDS, tampered(record, change))
    assert not ok
    assert message


def test_cli_verifies_a_saved_audit(client: TestClient, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, record = finished_bot_game(client)
    good = tmp_path / "audit.json"
    good.write_text(json.dumps(record))
    assert cli_main(["verify", str(good), "--extra-game", TEST_GAME]) == 0
    assert capsys.readouterr().out.startswith("OK: ")

    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(tampered(record, "action")))
    assert cli_main(["verify", str(bad), "--extra-game", TEST_GAME]) == 1
    assert capsys.readouterr().out.startswith("FAILED: ")

    bad.write_text(json.dumps(tampered(record, "seed")))
    assert cli_main(["verify", str(bad), "--extra-game", TEST_GAME]) == 1
    assert "commitment" in capsys.readouterr().out

    # Without the test game registered, the tool says it does not know the game.
    assert cli_main(["verify", str(good)]) == 2
    assert GAME in capsys.readouterr().err


def test_finished_games_survive_a_restart(client: TestClient, settings: Settings) -> None:
    table, record = finished_bot_game(client)
    with TestClient(create_app(settings)) as restarted:
        again = restarted.get(f"{table.url}/audit")
        assert again.status_code == 200
        assert again.json() == record
        assert restarted.get(f"{table.url}/state", headers=table.host).json()["result"] == record["result"]


# ----------------------------------------------------------------- the verify page

def test_verify_page_before_the_end(client: TestClient) -> None:
    table = new_game(client, humans=2)
    response = client.get(f"/t/{table.table_id}/verify")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    assert public(client, table)["commitment"] in response.text
    assert 'data-ok="pending"' in response.text


def test_verify_page_after_the_end(client: TestClient) -> None:
    table, record = finished_bot_game(client)
    response = client.get(f"/t/{table.table_id}/verify")
    assert response.status_code == 200
    assert record["commitment"] in response.text and record["seed"] in response.text
    assert 'data-ok="true"' in response.text


def test_verify_page_of_an_unknown_table(client: TestClient) -> None:
    response = client.get("/t/nope/verify")
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")


def test_audit_of_an_unknown_table(client: TestClient) -> None:
    assert_error(client.get("/api/tables/nope/audit"), 404, "unknown_table")
