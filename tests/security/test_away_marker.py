"""While you were away, against a real server (issue 35): a seat's marker of what it last saw and its line of what the
timer played for it go to that seat alone. Another seat and a spectator can neither ask for them nor hear them, and
saying what was seen sends nobody anything: every viewer still gets exactly one message per seq."""

from __future__ import annotations

import json
import time

from tests.security.remote import Remote, everything, opening

PRIVATE = ("seen_seq", "seen_at", "played_for_you", "Time ran out")


def test_the_marker_and_the_personal_line_reach_their_seat_only(remote: Remote) -> None:
    table = remote.table("Alice", turn_timer=5)
    table.join("Bob")
    alice, bob = table.tokens
    assert remote.post(f"{table.path}/start", alice).status_code == 200
    with remote.socket(table.table_id, token=alice) as alice_ws, \
            remote.socket(table.table_id, spectate=table.spectate) as watcher:
        first = opening(alice_ws)["seq"]
        assert opening(watcher)["seq"] == first
        assert remote.post(f"{table.path}/seen", bob, seq=first).json()["seen_seq"] == first
        legal = table.state(alice)["legal"]
        assert remote.post(f"{table.path}/actions", alice, action=legal[0]).status_code == 200
        # Bob never moves: his five seconds run out and the timer plays for him.
        deadline = time.monotonic() + 30
        while table.state(alice)["seq"] < first + 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        last = table.state(alice)["seq"]
        assert last >= first + 2, "the timer never played Bob's move"
        told = remote.get(f"{table.path}/away", bob).json()
        assert (told["seen_seq"], told["played_for_you"]) == (first, {
            "counts": {"set_aside": 1}, "text": "Time ran out: 1 move was played for you."})
        assert remote.post(f"{table.path}/seen", bob, seq=last).status_code == 200
        assert remote.post(f"{table.path}/seen", alice, seq=last).status_code == 200
        heard = {"Alice": everything(alice_ws)[0], "the spectator": everything(watcher)[0]}
    bobs = remote.get(f"{table.path}/away", bob).json()
    assert bobs["seen_seq"] == last  # the newest report
    # Only Bob's token reads Bob's marker; Alice's reads her own; a spectator key reads none.
    alices = remote.get(f"{table.path}/away", alice).json()
    assert alices["seen_seq"] == last and alices["played_for_you"] is None
    assert remote.get(f"{table.path}/away", spectate=table.spectate).status_code == 401
    refused = remote.request("POST", f"{table.path}/seen", params={"spectate": table.spectate}, json={"seq": 0})
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "no_credentials"
    for who, messages in heard.items():
        text = json.dumps(messages)
        assert not [word for word in PRIVATE if word in text], f"{who} heard a seat's own marker"
        seqs = [m["seq"] for m in messages if m["type"] in ("state", "patch")]
        assert seqs == list(range(first + 1, last + 1)), f"{who}: not one message per seq: {seqs}"
