"""A group that stays together: "New game with these players" opens a lobby of any game with the other people of a
finished table invited; each invitee sees it in "Your tables" (found by their seat's token there), gets a push, and
joins with that same token, once. The people played with are listed for one-tap invitations."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

import app.timing
from app.expiry import expire_tables
from app.main import create_app
from app.settings import Settings
from app.timing import now
from tests.api.helpers import (
    Table,
    assert_error,
    auth,
    db_path,
    db_rows,
    new_game,
    play_to_end,
    public,
    wait_for,
)
from tests.support.push_endpoint import PushEndpoint


def finished(client: TestClient, humans: int, bots: int = 0) -> Table:
    table = new_game(client, humans=humans, bots=bots, options={"review_s": 0.5})
    play_to_end(client, table)
    return table


def invite(client: TestClient, table: Table, seat: int, **body: Any) -> Any:
    return client.post(f"{table.url}/invitations", json={"game": "turncoats", **body}, headers=table.headers(seat))


def yours(client: TestClient, *held: tuple[Table, int]) -> dict[str, Any]:
    response = client.post("/api/your-tables", json={"tables": [
        {"table_id": table.table_id, "token": table.tokens[seat]} for table, seat in held]})
    assert response.status_code == 200, response.text
    return response.json()


def answer(client: TestClient, invitation: int, token: str, how: str = "accept") -> Any:
    return client.post(f"/api/invitations/{invitation}/{how}", headers=auth(token))


def stored(settings: Settings) -> list[tuple[Any, ...]]:
    """Everything an invitation writes: the tables, their seats and the invitations."""
    return [*db_rows(settings, "SELECT id, status FROM tables ORDER BY id"),
            *db_rows(settings, "SELECT id, table_id, name, token_hash FROM seats ORDER BY id"),
            *db_rows(settings, "SELECT id, table_id, seat_id, state FROM invitations ORDER BY id")]


def test_a_new_game_invites_every_person_of_the_table_and_nobody_else(client: TestClient,
                                                                     settings: Settings) -> None:
    table = finished(client, humans=3, bots=1)  # Alice, Bob, Carol and a bot
    made = invite(client, table, 2)  # Carol asks, for another game
    assert made.status_code == 201, made.text
    created = made.json()
    assert created["invited"] == ["Alice", "Bob"]
    lobby = public(client, created["table_id"])
    assert lobby["game"] == "turncoats" and lobby["status"] == "lobby"
    assert [(s["seat"], s["name"], s["bot"]) for s in lobby["seats"]] == [(0, "Carol", False)]
    assert lobby["host_seat"] == 0
    mine = client.get(f"/api/tables/{created['table_id']}/state", headers=auth(created["token"])).json()
    assert mine["you"] == {"seat": 0, "name": "Carol"}

    seat_rows = dict(db_rows(settings, "SELECT seat, id FROM seats WHERE table_id = ?", table.table_id))
    invited = db_rows(settings, "SELECT table_id, seat_id, from_name, state FROM invitations ORDER BY seat_id")
    assert invited == [(created["table_id"], seat_rows[0], "Carol", "open"),
                       (created["table_id"], seat_rows[1], "Carol", "open")]

    # Each invitee sees it in "Your tables", by their token at the finished table; the inviter sees none.
    for seat in (0, 1):
        listed = yours(client, (table, seat))["invitations"]
        assert len(listed) == 1
        (item,) = listed
        assert {k: item[k] for k in ("table_id", "via", "from", "game", "title", "pace", "players")} == {
            "table_id": created["table_id"], "via": table.table_id, "from": "Carol", "game": "turncoats",
            "title": "Turncoats", "pace": "live", "players": ["Carol"]}
    assert yours(client, (table, 2))["invitations"] == []

    # Bob joins with his old token: seated under his name, with a fresh token of his own.
    bob_invitation = yours(client, (table, 1))["invitations"][0]["id"]
    joined = answer(client, bob_invitation, table.tokens[1])
    assert joined.status_code == 200, joined.text
    bob = joined.json()
    assert bob["table_id"] == created["table_id"] and bob["seat"] == 1
    assert bob["token"] not in table.tokens.values()
    assert bob["seat_url"].startswith(f"http://testserver/t/{bob['table_id']}/seat#")
    state = client.get(f"/api/tables/{bob['table_id']}/state", headers=auth(bob["token"])).json()
    assert state["you"] == {"seat": 1, "name": "Bob"}
    assert [s["name"] for s in public(client, bob["table_id"])["seats"]] == ["Carol", "Bob"]
    # Answered: no longer listed, and not usable again.
    assert yours(client, (table, 1))["invitations"] == []
    assert_error(answer(client, bob_invitation, table.tokens[1]), 409, "invitation_used")

    # Alice says no thanks: gone from her list, and it cannot be taken back into a seat.
    alice_invitation = yours(client, (table, 0))["invitations"][0]["id"]
    declined = answer(client, alice_invitation, table.tokens[0], "decline")
    assert declined.status_code == 200 and declined.json() == {"declined": True}
    assert yours(client, (table, 0))["invitations"] == []
    before = stored(settings)
    assert_error(answer(client, alice_invitation, table.tokens[0]), 409, "invitation_used")
    assert_error(answer(client, alice_invitation, table.tokens[0], "decline"), 409, "invitation_used")
    assert stored(settings) == before


def test_a_token_of_another_table_cannot_invite_or_answer(client: TestClient, settings: Settings) -> None:
    first = finished(client, humans=2)
    second = finished(client, humans=2)
    created = invite(client, first, 0).json()
    (invitation,) = yours(client, (first, 1))["invitations"]
    before = stored(settings)
    # The other table's tokens, the new lobby's token, a spectator's key, no token: none answers it.
    for token in (second.tokens[0], second.tokens[1], first.tokens[0], created["token"], first.spectate):
        assert_error(answer(client, invitation["id"], token), 404, "unknown_invitation")
        assert_error(answer(client, invitation["id"], token, "decline"), 404, "unknown_invitation")
    assert_error(client.post(f"/api/invitations/{invitation['id']}/accept"), 401, "no_credentials")
    assert_error(answer(client, invitation["id"] + 1000, first.tokens[1]), 404, "unknown_invitation")
    # A token of table B cannot invite from table A (seat numbers name seats of the asker's own table only).
    assert_error(client.post(f"{first.url}/invitations", json={"game": "turncoats", "seats": [1]},
                             headers=second.headers(0)), 401, "bad_token")
    assert_error(client.post(f"{first.url}/invitations", json={"game": "turncoats"}), 401, "no_credentials")
    # Nor does "Your tables" show the invitation to anyone but the invited seat.
    assert yours(client, (second, 0), (second, 1), (first, 0))["invitations"] == []
    assert stored(settings) == before
    assert yours(client, (first, 1))["invitations"] == [invitation]


def test_refusals_change_nothing(client: TestClient, settings: Settings) -> None:
    playing = new_game(client, humans=2)
    alone = finished(client, humans=1, bots=1)
    table = finished(client, humans=3, bots=1)
    before = stored(settings)
    assert_error(invite(client, playing, 0), 409, "not_finished")
    assert_error(invite(client, alone, 0), 409, "nobody_to_invite")
    assert_error(invite(client, table, 0, game="chess"), 404, "unknown_game")
    assert_error(invite(client, table, 0, game="hidden-hands", options={"review_s": "soon"}), 422, "invalid_options")
    assert_error(invite(client, table, 0, pace="sometimes"), 422, "invalid_options")
    assert_error(invite(client, table, 0, pace="turn-based", turn_timer=60), 422, "invalid_options")
    for seats in ([3], [0], [7], [], [1, 1], [-1]):  # the bot, the asker, no such seat, nobody, twice
        assert_error(invite(client, table, 0, seats=seats), 422, "bad_invitee")
    assert_error(invite(client, table, 0, players=[1]), 422, "bad_request")
    assert stored(settings) == before


def test_an_invitation_to_a_full_or_started_lobby_is_refused_and_stays_open(client: TestClient,
                                                                          settings: Settings) -> None:
    table = finished(client, humans=3)
    created = invite(client, table, 0, game="hidden-hands", options={"review_s": 0.5}).json()
    lobby = Table(created["table_id"], "", "", {0: created["token"]})
    fill = client.post(f"{lobby.url}/bots", json={"count": 4}, headers=lobby.host)
    assert fill.status_code == 200, fill.text
    (invitation,) = yours(client, (table, 1))["invitations"]
    assert invitation["players"] == [s["name"] for s in fill.json()["seats"]] and invitation["max_players"] == 5
    before = stored(settings)
    assert_error(answer(client, invitation["id"], table.tokens[1]), 409, "table_full")
    assert stored(settings) == before
    assert client.post(f"{lobby.url}/start", headers=lobby.host).status_code == 200
    before = stored(settings)
    assert_error(answer(client, invitation["id"], table.tokens[1]), 409, "already_started")
    assert stored(settings) == before
    # A lobby that has started is no longer offered.
    assert yours(client, (table, 1))["invitations"] == []


def test_inviting_is_rate_limited_like_creating_a_table_and_accepting_like_joining(settings: Settings) -> None:
    settings.create_rate = (2, 60.0)
    settings.join_rate = (3, 60.0)
    with TestClient(create_app(settings)) as client:
        table = finished(client, humans=3)  # one creation, two joins
        assert invite(client, table, 0).status_code == 201  # two creations
        before = stored(settings)
        assert_error(invite(client, table, 0), 429, "rate_limited")
        assert stored(settings) == before
        bob, carol = (yours(client, (table, seat))["invitations"][0]["id"] for seat in (1, 2))
        assert answer(client, bob, table.tokens[1]).status_code == 200  # three joins
        before = stored(settings)
        assert_error(answer(client, carol, table.tokens[2]), 429, "rate_limited")
        assert stored(settings) == before


def test_picked_people_only_are_invited(client: TestClient, settings: Settings) -> None:
    table = finished(client, humans=3)
    made = invite(client, table, 0, seats=[2], pace="turn-based")
    assert made.status_code == 201, made.text
    assert made.json()["invited"] == ["Carol"]
    assert yours(client, (table, 1))["invitations"] == []
    (item,) = yours(client, (table, 2))["invitations"]
    assert (item["from"], item["pace"], item["turn_timer"]) == ("Alice", "turn-based", 86400)


def test_the_people_played_with_are_listed_once_with_the_latest_table(client: TestClient,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    later = {"s": 0.0}
    monkeypatch.setattr(app.timing, "_clock", lambda: datetime.now(UTC) + timedelta(seconds=later["s"]))
    older = finished(client, humans=3, bots=1)  # Alice with Bob and Carol (and a bot)
    later["s"] += 3600
    newer = finished(client, humans=2)  # Alice with Bob again, an hour later
    playing = new_game(client, humans=5)  # still in play: not yet "played with"
    people = yours(client, (older, 0), (newer, 0), (playing, 0))["people"]
    assert [(p["name"], p["table_id"], p["seat"]) for p in people] == [
        ("Bob", newer.table_id, 1), ("Carol", older.table_id, 2)]
    assert people[0]["title"] == "Hidden Hands (test game)"
    # Bob's own list has Alice from the newer table, Carol from the older; a spectator key lists nobody.
    assert [(p["name"], p["table_id"]) for p in yours(client, (older, 1), (newer, 1))["people"]] == [
        ("Alice", newer.table_id), ("Carol", older.table_id)]
    watched = client.post("/api/your-tables", json={"tables": [
        {"table_id": newer.table_id, "spectate": newer.spectate}]}).json()
    assert watched["people"] == [] and watched["invitations"] == []
    # Inviting from the list: Bob's seat at the table Alice shared with him last.
    made = client.post(f"{newer.url}/invitations", json={"game": "raiding-parties", "seats": [people[0]["seat"]]},
                       headers=newer.host)
    assert made.status_code == 201 and made.json()["invited"] == ["Bob"]
    assert [i["via"] for i in yours(client, (older, 1), (newer, 1))["invitations"]] == [newer.table_id]


# ----------------------------------------------------------------- the push


@pytest.fixture
def endpoint() -> Iterator[PushEndpoint]:
    made = PushEndpoint()
    yield made
    made.close()


def test_each_invitee_is_pushed_public_words_only(settings: Settings, endpoint: PushEndpoint) -> None:
    settings.push_insecure_endpoints = True  # the tests' endpoint is plain http on 127.0.0.1
    with TestClient(create_app(settings)) as client:
        table = new_game(client, humans=3, bots=1, options={"review_s": 0.5}, started=False)
        for seat, name in ((0, "alice"), (1, "bob"), (2, "carol")):
            response = client.post(f"{table.url}/push", json=endpoint.subscription(name), headers=table.headers(seat))
            assert response.status_code == 200, response.text
        assert client.post(f"{table.url}/start", headers=table.host).status_code == 200
        # Each person is pushed their first move: a turn's push is due again only a minute later.
        wait_for(lambda: len(endpoint.received) == 3, what="the first moves pushed")
        play_to_end(client, table)
        # Within that minute: an invitation is still pushed, to the invitees only.
        created = invite(client, table, 2).json()

        def invitations() -> list[tuple[str, dict[str, Any]]]:
            return sorted((p.path, endpoint.decrypt(p)) for p in endpoint.received
                          if endpoint.decrypt(p)["title"] == "New game")

        wait_for(lambda: len(invitations()) == 2, what="two invitation pushes")
        pusher = client.app.state.pusher  # type: ignore[attr-defined]

        async def sends() -> None:
            await asyncio.gather(*pusher._tasks)

        client.portal.call(sends)  # nothing more is on its way
        assert invitations() == [
            (f"/push/{name}", {"title": "New game", "body": "Carol invited you to play Turncoats", "url": "/"})
            for name in ("alice", "bob")]
        server_key = client.get("/api/push/key").json()["public_key"]
        secrets = [*table.tokens.values(), created["token"], created["seat_url"].split("#")[1],
                   created["table_id"], table.invite, table.spectate]
        for push in endpoint.received:
            endpoint.verify(push, server_key)
            text = str(endpoint.decrypt(push)) + str(push.headers) + push.path
            assert not [s for s in secrets if s in text]


def test_invitations_go_with_an_expired_lobby_or_an_expired_table(client: TestClient, settings: Settings) -> None:
    table = finished(client, humans=3)
    lobby = invite(client, table, 0, seats=[1]).json()["table_id"]
    invite(client, table, 0, seats=[2])
    service = client.app.state.service  # type: ignore[attr-defined]

    def expire(table_id: str, hours: float) -> None:
        with sqlite3.connect(db_path(settings)) as connection:
            past = (now() - timedelta(hours=hours + 1)).strftime("%Y-%m-%d %H:%M:%S.%f")
            connection.execute("UPDATE tables SET updated_at = ? WHERE id = ?", (past, table_id))
        assert client.portal is not None
        assert client.portal.call(expire_tables, service, settings) == 1

    expire(lobby, settings.lobby_ttl_hours)  # Bob's lobby expires: his invitation with it
    assert [r[0] for r in db_rows(settings, "SELECT seat_id FROM invitations")] == [
        db_rows(settings, "SELECT id FROM seats WHERE table_id = ? AND seat = 2", table.table_id)[0][0]]
    assert yours(client, (table, 1))["invitations"] == []
    expire(table.table_id, settings.finished_ttl_hours)  # the finished table expires: Carol's invitation with it
    assert db_rows(settings, "SELECT id FROM invitations") == []
