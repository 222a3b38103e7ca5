from fastapi.testclient import TestClient

from tests.api.helpers import connect


def test_bot_game_runs_to_the_end(client: TestClient) -> None:
    created = client.post("/api/tables", json={"game": "hidden-hands", "name": "Alice"}).json()
    headers = {"Authorization": f"Bearer {created['token']}"}
    tid = created["table_id"]
    assert client.post(f"/api/tables/{tid}/bots", json={"count": 2}, headers=headers).status_code == 200
    assert client.post(f"/api/tables/{tid}/start", headers=headers).status_code == 200
    with connect(client, f"/ws/tables/{tid}?token={created['token']}") as ws:
        while True:
            msg = ws.receive_json()
            if msg["type"] != "state":
                continue
            if msg["status"] == "finished":
                break
            if msg["legal"]:
                ws.send_json({"type": "act", "id": 1, "action": msg["legal"][0], "expect_seq": msg["seq"]})
    assert msg["result"]["winners"]
