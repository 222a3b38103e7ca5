"""Team chat: in a game with public teams, a team message reaches that team's seats only."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.api.helpers import connect


def _receive_chat(ws) -> dict:  # type: ignore[no-untyped-def]
    for _ in range(50):
        message = ws.receive_json()
        if message["type"] in ("chat", "error"):
            return message
    raise AssertionError("no chat message arrived")


def test_team_chat_reaches_only_the_team(client: TestClient) -> None:
    body = {"game": "hidden-hands", "name": "Ann", "options": {"teams": True}}
    created = client.post("/api/tables", json=body).json()
    tid, invite = created["table_id"], created["invite_url"].split("invite=")[1]
    tokens = [created["token"]] + [
        client.post(f"/api/tables/{tid}/join", json={"name": n, "invite": invite}).json()["token"] for n in ("Bo", "Cy")
    ]
    host = {"Authorization": f"Bearer {tokens[0]}"}
    # Before the start there are no teams yet.
    early = client.post(f"/api/tables/{tid}/chat", json={"text": "hi", "channel": "team"}, headers=host)
    assert early.status_code == 422 and early.json()["error"]["code"] == "no_team"
    assert client.post(f"/api/tables/{tid}/start", headers=host).status_code == 200
    state = client.get(f"/api/tables/{tid}/state", headers=host).json()
    assert state["table"]["teams"] == {"0": "gold", "1": "silver", "2": "gold"}

    with connect(client, f"/ws/tables/{tid}?token={tokens[2]}") as cy, \
            connect(client, f"/ws/tables/{tid}?token={tokens[1]}") as bo:
        cy.send_json({"type": "chat", "text": "gold only", "channel": "team"})
        got = _receive_chat(cy)
        assert got["type"] == "chat" and got["channel"] == "team" and got["text"] == "gold only"
        bo.send_json({"type": "chat", "text": "to everyone", "channel": "table"})
        # Bo (silver) gets the table message and never the gold team's one.
        first = _receive_chat(bo)
        assert first["text"] == "to everyone"
    history = client.get(f"/api/tables/{tid}/chat", headers={"Authorization": f"Bearer {tokens[1]}"}).json()
    assert [m["text"] for m in history] == ["to everyone"]
    history = client.get(f"/api/tables/{tid}/chat", headers=host).json()
    assert [m["text"] for m in history] == ["gold only", "to everyone"]
