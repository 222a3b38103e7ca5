"""A rematch seat belongs to a person, never to a seat number: the rematch lobby renumbers its seats like any lobby,
and "Play again" must never hand out someone else's seat there (issue 17)."""

from __future__ import annotations

import time

from tests.security.remote import Remote, RemoteTable, query


def _finished_game(remote: Remote) -> tuple[RemoteTable, str, str, str]:
    """Alice (host), Bob and Carol at a finished game of hidden hands."""
    table = remote.table("Alice")
    bob, carol = table.join("Bob"), table.join("Carol")
    alice = table.tokens[0]
    assert remote.post(f"{table.path}/start", alice).status_code == 200
    deadline = time.monotonic() + 20
    while table.state(alice)["status"] != "finished":
        assert time.monotonic() < deadline, "the game did not finish"
        for token in (alice, bob, carol):
            state = table.state(token)
            if state["legal"]:
                remote.post(f"{table.path}/actions", token, action=state["legal"][0], expect_seq=state["seq"])
    return table, alice, bob, carol


def _again(remote: Remote, table: RemoteTable, token: str) -> dict[str, object]:
    response = remote.post(f"{table.path}/again", token)
    assert response.status_code == 200, response.text
    return response.json()


def _rematch(remote: Remote, table: RemoteTable, token: str) -> tuple[RemoteTable, str]:
    """The rematch lobby opened by ``token``'s holder (its invite read as that seat), and their new token."""
    opened = _again(remote, table, token)
    new = RemoteTable(remote, str(opened["table_id"]), "", "")
    new.invite = query(new.state(str(opened["token"]))["table"]["invite_url"], "invite")
    return new, str(opened["token"])


def _you(remote: Remote, table: RemoteTable, token: str) -> object:
    response = remote.get(f"{table.path}/state", token)
    return response.json()["you"] if response.status_code == 200 else response.status_code


def _refused(remote: Remote, table: RemoteTable, token: str) -> None:
    response = remote.post(f"{table.path}/again", token)
    assert response.status_code == 403, response.text
    assert response.json()["error"]["code"] == "rematch_seat_gone"


def test_someone_removed_from_the_rematch_is_refused_not_given_the_next_seat(remote: Remote) -> None:
    table, alice, bob, carol = _finished_game(remote)
    new, alice_new = _rematch(remote, table, alice)
    # Bob has not asked yet; the host removes his seat, and Carol moves down to seat 1.
    assert remote.delete(f"{new.path}/seats/1", alice_new).status_code == 200
    before = new.public()
    _refused(remote, table, bob)
    assert new.public() == before
    carol_new = str(_again(remote, table, carol)["token"])
    assert _you(remote, new, carol_new) == {"seat": 1, "name": "Carol"}


def test_someone_who_left_the_rematch_is_refused(remote: Remote) -> None:
    table, alice, bob, carol = _finished_game(remote)
    new, _ = _rematch(remote, table, alice)
    carol_new = str(_again(remote, table, carol)["token"])
    bob_new = str(_again(remote, table, bob)["token"])
    assert remote.post(f"{new.path}/leave", bob_new).status_code == 200
    _refused(remote, table, bob)
    assert _you(remote, new, carol_new) == {"seat": 1, "name": "Carol"}
    assert _you(remote, new, bob_new) == 401


def test_a_late_asker_gets_their_own_seat_not_a_newcomer_s(remote: Remote) -> None:
    table, alice, bob, carol = _finished_game(remote)
    new, alice_new = _rematch(remote, table, alice)
    assert remote.delete(f"{new.path}/seats/1", alice_new).status_code == 200  # Carol moves to seat 1
    dave = new.join("Dave")  # seat 2, Carol's old number
    opened = _again(remote, table, carol)
    assert opened["seat"] == 1
    assert _you(remote, new, str(opened["token"])) == {"seat": 1, "name": "Carol"}
    assert _you(remote, new, dave) == {"seat": 2, "name": "Dave"}


def test_asking_twice_keeps_the_first_token_working(remote: Remote) -> None:
    table, alice, bob, carol = _finished_game(remote)
    new, alice_new = _rematch(remote, table, alice)
    first = _again(remote, table, bob)
    assert remote.delete(f"{new.path}/seats/2", alice_new).status_code == 200  # Carol's seat: nothing moves for Bob
    second = _again(remote, table, bob)
    assert (second["table_id"], second["seat"]) == (first["table_id"], first["seat"]) == (new.table_id, 1)
    assert second["token"] == first["token"]  # one credential per person and table: asking again returns it
    assert _you(remote, new, str(first["token"])) == {"seat": 1, "name": "Bob"}
    again, _ = _rematch(remote, table, alice)
    assert again.table_id == new.table_id
    assert _you(remote, new, alice_new) == {"seat": 0, "name": "Alice"}
