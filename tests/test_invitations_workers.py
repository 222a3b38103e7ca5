"""Invitations on PostgreSQL with two workers: made through one, listed and answered through the other, and one
invitation answered through both at once is used once."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import httpx

from tests.conftest import ServerProcess
from tests.test_multiworker import _post, _state, workers

__all__ = ["workers"]  # the fixture, shared with the other multi-worker tests


def test_an_invitation_is_used_once_across_workers(workers: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = workers
    created = _post(a.url, "/api/tables", game="hidden-hands", name="Alice", options={"review_s": 0.5}).json()
    tid, alice = created["table_id"], created["token"]
    invite = created["invite_url"].split("invite=")[1]
    bob = _post(b.url, f"/api/tables/{tid}/join", name="Bob", invite=invite).json()["token"]
    assert _post(a.url, f"/api/tables/{tid}/start", alice).status_code == 200
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # the two people play their first legal move until the game ends
        done = True
        for token in (alice, bob):
            state = _state(a.url, tid, token)
            if state["status"] != "finished":
                done = False
                if state["legal"]:
                    _post(a.url, f"/api/tables/{tid}/actions", token, action=state["legal"][0],
                          expect_seq=state["seq"])
        if done:
            break
    assert _state(b.url, tid, bob)["status"] == "finished"

    made = _post(a.url, f"/api/tables/{tid}/invitations", alice, game="turncoats")
    assert made.status_code == 201, made.text
    listed = _post(b.url, "/api/your-tables", tables=[{"table_id": tid, "token": bob}]).json()
    assert [(i["from"], i["table_id"]) for i in listed["invitations"]] == [("Alice", made.json()["table_id"])]
    assert [p["name"] for p in listed["people"]] == ["Alice"]
    path = f"/api/invitations/{listed['invitations'][0]['id']}/accept"
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda url: _post(url, path, bob), [a.url, b.url]))
    assert sorted(r.status_code for r in answers) == [200, 409], [r.text for r in answers]
    seats = httpx.get(f"{b.url}/api/tables/{made.json()['table_id']}", timeout=10).json()["seats"]
    assert [s["name"] for s in seats] == ["Alice", "Bob"]
