"""A credential acts for the seat row it names, never for a seat number: seats are renumbered when someone leaves a
lobby, and an open socket must not inherit the next person's seat (hidden hand, actions, chat)."""

from __future__ import annotations

from tests.security.remote import Remote, everything, opening, receive, receive_until


def _lobby_of_three(remote: Remote) -> tuple[object, str, str, str]:
    table = remote.table("Alice")
    bob = table.join("Bob")
    cara = table.join("Cara")
    return table, table.tokens[0], bob, cara


def test_a_removed_player_s_socket_is_closed_and_never_sees_the_next_seat(remote: Remote) -> None:
    table, alice, bob, cara = _lobby_of_three(remote)
    with remote.socket(table.table_id, bob) as bob_ws, remote.socket(table.table_id, cara) as cara_ws:
        assert opening(bob_ws)["you"] == {"seat": 1, "name": "Bob"}
        assert opening(cara_ws)["you"] == {"seat": 2, "name": "Cara"}
        everything(bob_ws)  # Cara's arrival, announced to Bob
        removed = remote.delete(f"{table.path}/seats/1", alice)
        assert removed.status_code == 200, removed.text
        # Cara moves down to seat 1 and her socket follows her.
        moved = receive_until(cara_ws, lambda m: m["type"] == "state" and m["seq"] == 0 and m["you"]["seat"] == 1)
        assert moved["you"] == {"seat": 1, "name": "Cara"}
        # Bob's socket hears nothing more about the table: it is closed with a reason the page can show.
        heard, code = everything(bob_ws, quiet=2)
        assert code == 4403
        assert all(m.get("you", {}).get("name", "Bob") == "Bob" for m in heard), heard
        assert not [m for m in heard if m["type"] in ("state", "presence", "chat")], heard
    # His token no longer opens anything, over REST or a new socket.
    assert remote.get(f"{table.path}/state", bob).status_code == 401
    with remote.socket(table.table_id, bob) as again:
        assert receive(again)["code"] == "bad_token"


def test_leave_then_join_does_not_hand_the_new_seat_to_the_old_socket(remote: Remote) -> None:
    table, alice, bob, cara = _lobby_of_three(remote)
    with remote.socket(table.table_id, bob, in_url=True) as bob_ws:  # API.md's URL form behaves the same
        opening(bob_ws)
        assert remote.post(f"{table.path}/leave", bob).status_code == 200
        dan = table.join("Dan")  # takes seat 2 (Cara moved to 1)
        heard, code = everything(bob_ws, quiet=2)
        assert code == 4403
        assert not [m for m in heard if m["type"] == "state"], heard
    assert remote.post(f"{table.path}/start", alice).status_code == 200
    with remote.socket(table.table_id, dan) as dan_ws:
        first = opening(dan_ws)
        assert first["you"] == {"seat": 2, "name": "Dan"} and first["legal"]
        # Dan's hand is Dan's alone, and Cara at seat 1 still has her own.
        assert remote.get(f"{table.path}/state", cara).json()["you"] == {"seat": 1, "name": "Cara"}


def test_presence_follows_people_through_renumbering(remote: Remote) -> None:
    table, alice, bob, cara = _lobby_of_three(remote)
    with remote.socket(table.table_id, cara) as cara_ws:
        receive(cara_ws)
        assert [s["connected"] for s in table.public()["seats"]] == [False, False, True]
        with remote.socket(table.table_id, bob) as bob_ws:
            receive(bob_ws)
            assert [s["connected"] for s in table.public()["seats"]] == [False, True, True]
            assert remote.delete(f"{table.path}/seats/1", alice).status_code == 200
            everything(bob_ws, quiet=1)
        seats = table.public()["seats"]
        assert [(s["name"], s["connected"]) for s in seats] == [("Alice", False), ("Cara", True)]
    seats = table.public()["seats"]
    assert [(s["name"], s["connected"]) for s in seats] == [("Alice", False), ("Cara", False)]


def test_a_removed_player_cannot_act_or_chat_over_rest(remote: Remote) -> None:
    table, alice, bob, cara = _lobby_of_three(remote)
    assert remote.delete(f"{table.path}/seats/1", alice).status_code == 200
    assert remote.post(f"{table.path}/start", alice).status_code == 200
    legal = table.state(cara)["legal"]
    assert remote.post(f"{table.path}/actions", bob, action=legal[0]).status_code == 401
    assert remote.post(f"{table.path}/chat", bob, text="I am Cara now").status_code == 401
    assert table.state(cara)["seq"] == 0
