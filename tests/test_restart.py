"""A real server process is killed with SIGKILL mid-game and restarted: play continues from the same seq."""

from __future__ import annotations

import httpx

from tests.conftest import ServerProcess


def _post(url: str, path: str, token: str | None = None, **body: object) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.post(url + path, json=body or None, headers=headers, timeout=10)


def test_sigkill_mid_game_then_restart_resumes_at_same_seq(server: ServerProcess) -> None:
    created = _post(server.url, "/api/tables", game="hidden-hands", name="Alice").json()
    tid, alice = created["table_id"], created["token"]
    invite = created["invite_url"].split("invite=")[1]
    bob = _post(server.url, f"/api/tables/{tid}/join", name="Bob", invite=invite).json()["token"]
    assert _post(server.url, f"/api/tables/{tid}/start", alice).status_code == 200

    def state(token: str) -> dict:
        return httpx.get(f"{server.url}/api/tables/{tid}/state", headers={"Authorization": f"Bearer {token}"}).json()

    # Alice and Bob set aside, then Alice commits: three acknowledged actions.
    for token in (alice, bob, alice):
        current = state(token)
        reply = _post(server.url, f"/api/tables/{tid}/actions", token, action=current["legal"][0],
                      expect_seq=current["seq"])
        assert reply.status_code == 200, reply.text
    before_alice, before_bob = state(alice), state(bob)
    assert before_alice["seq"] == 3

    server.kill()
    server.start()

    after_alice, after_bob = state(alice), state(bob)
    assert after_alice["seq"] == 3
    assert after_alice["view"] == before_alice["view"] and after_bob["view"] == before_bob["view"]
    assert after_bob["legal"] == before_bob["legal"]
    # Play on to the end with both seats.
    for _ in range(20):
        progressed = False
        for token in (alice, bob):
            current = state(token)
            if current["status"] == "finished":
                break
            if current["legal"]:
                reply = _post(server.url, f"/api/tables/{tid}/actions", token, action=current["legal"][-1],
                              expect_seq=current["seq"])
                assert reply.status_code == 200, reply.text
                progressed = True
        if not progressed:
            break
    final = state(alice)
    assert final["status"] == "finished" and final["result"]["winners"]
    audit = httpx.get(f"{server.url}/api/tables/{tid}/audit").json()
    assert [a["seq"] for a in audit["actions"]] == list(range(1, final["seq"] + 1))
