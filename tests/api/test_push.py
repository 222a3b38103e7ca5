"""Web Push end to end on this machine: the tests' own push endpoint (tests/support/push_endpoint.py) receives the
server's pushes, checks their VAPID signature, decrypts them with the subscription's keys and reads public facts only;
a subscription the endpoint calls gone (404/410) is deleted, as is one whose seat goes; one push a minute per seat."""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

import app.push_post
import app.timing
from app.main import create_app
from app.push import TEST_NOTE, Pusher
from app.settings import Settings
from tests.api.helpers import Table, act, assert_error, auth, db_rows, new_game, play, start, wait_for
from tests.support.push_endpoint import PushEndpoint, tls_for


@pytest.fixture
def endpoint() -> Iterator[PushEndpoint]:
    made = PushEndpoint()
    yield made
    made.close()


@pytest.fixture
def pushing(settings: Settings) -> Iterator[TestClient]:
    settings.push_insecure_endpoints = True  # the tests' endpoint is plain http on 127.0.0.1
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def subscribe(client: TestClient, table: Table, seat: int, endpoint: PushEndpoint, name: str) -> None:
    response = client.post(f"{table.url}/push", json=endpoint.subscription(name), headers=table.headers(seat))
    assert response.status_code == 200, response.text


def drain(client: TestClient) -> None:
    """Wait for the pushes under way (they are sent in the background, after the change is answered)."""
    pusher = client.app.state.pusher  # type: ignore[attr-defined]

    async def sends() -> None:
        await asyncio.gather(*pusher._tasks)

    client.portal.call(sends)


def subscriptions(settings: Settings) -> int:
    return int(db_rows(settings, "SELECT count(*) FROM push_subscriptions")[0][0])


def test_a_push_is_signed_encrypted_and_says_only_public_facts(pushing: TestClient, settings: Settings,
                                                               endpoint: PushEndpoint) -> None:
    table = new_game(pushing, humans=2, started=False, pace="turn-based")
    subscribe(pushing, table, 0, endpoint, "alice")
    subscribe(pushing, table, 1, endpoint, "bob")
    start(pushing, table)  # both must set a gem aside: both are due
    wait_for(lambda: len(endpoint.received) == 2, what="two pushes")
    server_key = pushing.get("/api/push/key").json()["public_key"]
    assert {push.headers["ttl"] for push in endpoint.received} == {"86400"}
    for push in endpoint.received:
        endpoint.verify(push, server_key)
        note = endpoint.decrypt(push)
        assert note == {"title": "Your move", "body": "Your move at Alice's Hidden Hands (test game) table",
                        "url": f"/t/{table.table_id}"}
    # Nothing secret crosses the push service, not even encrypted.
    state = pushing.get(f"{table.url}/state", headers=table.host).json()
    hand = state["view"]["players"][0]["hand"]
    assert hand
    secrets = [*table.tokens.values(), table.invite, table.spectate, *map(str, hand)]
    for push in endpoint.received:
        text = str(endpoint.decrypt(push)) + str(push.headers)
        assert not [s for s in secrets if s in text and len(s) > 2]


def test_one_push_a_minute_per_seat_then_again(pushing: TestClient, settings: Settings, endpoint: PushEndpoint,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    table = new_game(pushing, humans=2, started=False, pace="turn-based")
    subscribe(pushing, table, 1, endpoint, "bob")
    start(pushing, table)
    wait_for(lambda: len(endpoint.received) == 1, what="Bob's first push")
    play(pushing, table, 1)
    play(pushing, table, 0)  # the commit step: Bob is due again, but within the minute: no push
    drain(pushing)
    assert len(endpoint.received) == 1
    play(pushing, table, 1)
    monkeypatch.setattr(app.timing, "_clock", lambda: datetime.now(UTC) + timedelta(seconds=61))
    play(pushing, table, 0)  # round 1 ends; round 2 waits on Bob again, a minute later: pushed
    drain(pushing)
    assert len(endpoint.received) == 2
    sent = db_rows(settings, "SELECT last_sent_at FROM push_subscriptions")
    assert len(sent) == 1 and sent[0][0] is not None
    assert endpoint.decrypt(endpoint.received[1])["body"] == "Your move at Alice's Hidden Hands (test game) table"


def test_the_end_and_a_rematch_are_pushed_to_the_people_at_the_table(
        pushing: TestClient, endpoint: PushEndpoint, monkeypatch: pytest.MonkeyPatch) -> None:
    # Each action a minute after the last, so the per-seat minute never hides a push this test waits for.
    later = {"s": 0.0}
    monkeypatch.setattr(app.timing, "_clock", lambda: datetime.now(UTC) + timedelta(seconds=later["s"]))
    table = new_game(pushing, humans=2, bots=1, started=False, pace="turn-based")
    subscribe(pushing, table, 0, endpoint, "alice")
    subscribe(pushing, table, 1, endpoint, "bob")
    start(pushing, table)
    deadline = time.monotonic() + 30  # the bot plays on its own between the people's moves

    def over() -> bool:
        later["s"] += 61
        for seat in (0, 1):
            current = pushing.get(f"{table.url}/state", headers=table.headers(seat)).json()
            if current["status"] == "finished":
                return True
            if current["legal"]:
                act(pushing, table, seat, current["legal"][0], current["seq"])
        return False

    while not over():
        assert time.monotonic() < deadline, "the game did not finish"

    def titles(kind: str) -> list[str]:
        return sorted(push.path for push in endpoint.received if endpoint.decrypt(push)["title"] == kind)

    people = ["/push/alice", "/push/bob"]  # the bot seat has nobody to tell
    wait_for(lambda: titles("Game over") == people, what="the end pushed to both people")
    game_over = next(p for p in endpoint.received if endpoint.decrypt(p)["title"] == "Game over")
    assert endpoint.decrypt(game_over)["url"] == f"/t/{table.table_id}"
    later["s"] += 61
    response = pushing.post(f"{table.url}/again", headers=auth(table.tokens[1]))
    assert response.status_code == 200, response.text
    wait_for(lambda: titles("Rematch") == people, what="the rematch pushed to both people")
    rematch = next(p for p in endpoint.received if endpoint.decrypt(p)["title"] == "Rematch")
    assert endpoint.decrypt(rematch)["url"] == f"/t/{table.table_id}"  # the old table's page leads to the new one


def test_the_server_key_is_made_once_and_kept(settings: Settings) -> None:
    keys = []
    for _ in range(2):  # a restart on the same database
        with TestClient(create_app(settings)) as started:
            keys.append(started.get("/api/push/key").json()["public_key"])
    assert keys[0] and keys[0] == keys[1]
    assert len(db_rows(settings, "SELECT name FROM server_keys")) == 1


@pytest.mark.parametrize("status", [404, 410])
def test_a_subscription_the_push_service_rejects_is_deleted(pushing: TestClient, settings: Settings,
                                                            endpoint: PushEndpoint, status: int) -> None:
    table = new_game(pushing, humans=2, started=False, pace="turn-based")
    subscribe(pushing, table, 1, endpoint, "bob")
    assert subscriptions(settings) == 1
    endpoint.status = status
    start(pushing, table)
    wait_for(lambda: subscriptions(settings) == 0, what="the subscription to go")
    assert len(endpoint.received) == 1


def test_a_seat_that_goes_takes_its_subscriptions(pushing: TestClient, settings: Settings,
                                                  endpoint: PushEndpoint) -> None:
    table = new_game(pushing, humans=2, started=False)
    subscribe(pushing, table, 1, endpoint, "bob")
    subscribe(pushing, table, 1, endpoint, "bob")  # the same browser again: one subscription
    assert subscriptions(settings) == 1
    assert pushing.post(f"{table.url}/push/status", json={"endpoint": endpoint.url("bob")},
                        headers=table.headers(1)).json() == {"subscribed": True}
    assert pushing.post(f"{table.url}/leave", headers=table.headers(1)).status_code == 200
    assert subscriptions(settings) == 0


def test_turning_off_and_bad_subscriptions(pushing: TestClient, settings: Settings, endpoint: PushEndpoint) -> None:
    table = new_game(pushing, humans=2, started=False)
    subscribe(pushing, table, 0, endpoint, "alice")
    off = pushing.post(f"{table.url}/push/off", json={"endpoint": endpoint.url("alice")}, headers=table.host)
    assert off.json() == {"subscribed": False} and subscriptions(settings) == 0
    good = endpoint.subscription("x")
    for bad in ({**good, "endpoint": "http://push.example.org/x"}, {**good, "endpoint": "ftp://127.0.0.1/x"},
                {**good, "keys": {"p256dh": "AAAA", "auth": good["keys"]["auth"]}}):
        assert_error(pushing.post(f"{table.url}/push", json=bad, headers=table.host), 422, "bad_subscription")
    # A spectator holds no seat to be notified for.
    response = pushing.post(f"{table.url}/push?spectate={table.spectate}", json=good)
    assert response.status_code == 401
    assert subscriptions(settings) == 0


def test_plain_http_endpoints_are_refused_unless_allowed(client: TestClient, endpoint: PushEndpoint) -> None:
    table = new_game(client, humans=2, started=False)
    assert_error(client.post(f"{table.url}/push", json=endpoint.subscription("a"), headers=table.host), 422,
                 "bad_subscription")


@pytest.mark.parametrize("host", ["10.0.0.5", "127.0.0.1", "[::1]", "169.254.169.254", "192.168.1.2"])
def test_endpoints_at_private_addresses_are_refused(client: TestClient, endpoint: PushEndpoint, host: str) -> None:
    """A subscription is whatever a seat's holder posts: the server must not be made to post into its own network."""
    table = new_game(client, humans=2, started=False)
    subscription = {**endpoint.subscription("a"), "endpoint": f"https://{host}/push/a"}
    assert_error(client.post(f"{table.url}/push", json=subscription, headers=table.host), 422, "bad_subscription")
    assert subscriptions(client.app.state.service.settings) == 0  # type: ignore[attr-defined]


# A port no test listens on: a connection the spy below sees to it is refused before it reaches any network.
NOWHERE = 9


@pytest.fixture
def connects(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every address a socket of this process connects to, seen by the socket itself (whichever library resolved
    the name and made the socket): the proof of where a push went. Those to port ``NOWHERE`` are refused here."""
    seen: list[tuple[str, int]] = []
    real = socket.socket.connect

    def spy(self: socket.socket, address: Any) -> None:
        if isinstance(address, tuple):
            seen.append((str(address[0]), int(address[1])))
            if address[1] == NOWHERE:
                raise ConnectionRefusedError("refused by the test")
        real(self, address)

    monkeypatch.setattr(socket.socket, "connect", spy)
    return seen


def names(monkeypatch: pytest.MonkeyPatch, answers: dict[str, list[str]]) -> list[str]:
    """Make the resolver answer each name in ``answers`` with its next address (the last one over and over), as a
    name pointed elsewhere between two lookups would; returns the names looked up, in order."""
    asked: list[str] = []
    real = socket.getaddrinfo

    def lookup(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        if host not in answers:
            return real(host, port, *args, **kwargs)
        asked.append(host)
        queue = answers[host]
        address = queue.pop(0) if len(queue) > 1 else queue[0]
        family = socket.AF_INET6 if ":" in address else socket.AF_INET
        return [(family, socket.SOCK_STREAM, 6, "", (address, int(port or 443)))]

    monkeypatch.setattr(socket, "getaddrinfo", lookup)
    return asked


def deliver(client: TestClient, endpoint: PushEndpoint, endpoint_url: str) -> bool:
    """Send one push to ``endpoint_url`` as the server sends any (its subscription row made up here, with the keys of
    one of ``endpoint``'s)."""
    pusher = client.app.state.pusher  # type: ignore[attr-defined]
    keys = endpoint.subscription("x")["keys"]
    row = type("Row", (), {"id": 0, "endpoint": endpoint_url, "table_id": "t", **keys})()

    async def send() -> bool:
        return bool(await pusher._deliver(row, TEST_NOTE))

    return bool(client.portal.call(send))


@pytest.mark.parametrize("status", [301, 302, 303, 307, 308])
def test_a_redirect_is_never_followed_and_counts_as_a_failed_push(pushing: TestClient, endpoint: PushEndpoint,
                                                                  status: int) -> None:
    """A push service is whatever a seat's holder names: its answer must not steer the server's next request."""
    elsewhere = PushEndpoint()
    try:
        table = new_game(pushing, humans=2, started=False)
        subscribe(pushing, table, 0, endpoint, "alice")
        endpoint.status, endpoint.location = status, elsewhere.url("metadata")
        assert_error(pushing.post(f"{table.url}/push/test", json={"endpoint": endpoint.url("alice")},
                                  headers=table.host), 502, "push_failed")
        # The test push is answered only after its one request is done: anything followed would be there by now.
        assert [(push.method, push.path) for push in endpoint.received] == [("POST", "/push/alice")]
        assert elsewhere.received == []
    finally:
        elsewhere.close()


# Each carries a private IPv4 address: IPv4-compatible, IPv4-mapped, NAT64 (64:ff9b::/96), 6to4 (2002::/16).
CARRIERS = ["[::127.0.0.1]", "[::10.0.0.5]", "[::ffff:127.0.0.1]", "[::ffff:169.254.169.254]", "[64:ff9b::7f00:1]",
            "[64:ff9b::a9fe:a9fe]", "[2002:7f00:1::1]", "[2002:a9fe:a9fe::]", "[2002:c0a8:102::1]"]


@pytest.mark.parametrize("host", CARRIERS)
def test_ipv6_addresses_that_carry_an_ipv4_address_are_judged_by_it(
        client: TestClient, endpoint: PushEndpoint, host: str, connects: list[tuple[str, int]]) -> None:
    table = new_game(client, humans=2, started=False)
    good = endpoint.subscription("a")
    bad = {**good, "endpoint": f"https://{host}:{NOWHERE}/push/a"}
    assert_error(client.post(f"{table.url}/push", json=bad, headers=table.host), 422, "bad_subscription")
    assert subscriptions(client.app.state.service.settings) == 0  # type: ignore[attr-defined]
    # Checked again when sending (a subscription stored before this check, or by an older server).
    assert deliver(client, endpoint, bad["endpoint"]) is False
    assert [c for c in connects if c[1] == NOWHERE] == []


def test_ipv6_addresses_that_carry_a_public_ipv4_address_are_taken(client: TestClient, endpoint: PushEndpoint) -> None:
    table = new_game(client, humans=2, started=False)
    good = endpoint.subscription("a")
    for host in ("[2002:808:808::1]", "[64:ff9b::808:808]", "[2606:4700::1111]"):
        response = client.post(f"{table.url}/push", json={**good, "endpoint": f"https://{host}/push/a"},
                               headers=table.host)
        assert response.status_code == 200, response.text


def test_a_name_that_leads_to_a_private_address_gets_no_push(client: TestClient, endpoint: PushEndpoint,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             connects: list[tuple[str, int]]) -> None:
    """Refused when subscribing and again when sending: a name may resolve to a private address, or be pointed at one
    later."""
    names(monkeypatch, {"push.private.test": ["10.0.0.5"]})
    table = new_game(client, humans=2, started=False)
    good = endpoint.subscription("a")
    for name in ("push.private.test", "localhost"):
        subscription = {**good, "endpoint": f"https://{name}:{NOWHERE}/push/a"}
        assert_error(client.post(f"{table.url}/push", json=subscription, headers=table.host), 422, "bad_subscription")
        assert deliver(client, endpoint, subscription["endpoint"]) is False
    assert subscriptions(client.app.state.service.settings) == 0  # type: ignore[attr-defined]
    assert [c for c in connects if c[1] == NOWHERE] == []


def test_the_address_checked_is_the_address_connected_to(client: TestClient, endpoint: PushEndpoint,
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         connects: list[tuple[str, int]]) -> None:
    """DNS rebinding: a name that first resolves to a public address, then to loopback. The push connects to the
    address that was checked, once; the name is not looked up again between the check and the connection."""
    asked = names(monkeypatch, {"push.rebind.test": ["8.8.8.8", "127.0.0.1"]})
    # 8.8.8.8 passes the check; the spy refuses the connection to it, so nothing leaves this machine.
    assert deliver(client, endpoint, f"https://push.rebind.test:{NOWHERE}/push/a") is False
    assert [c for c in connects if c[1] == NOWHERE] == [("8.8.8.8", NOWHERE)]
    assert asked == ["push.rebind.test"]


def test_a_table_nobody_subscribed_at_costs_no_push_work_per_action(pushing: TestClient) -> None:
    """Most tables have no subscription, and a turn changes hands on most actions: the database is asked about that
    table's subscriptions once (then again only after a while), not on every action."""
    from sqlalchemy import event

    engine = pushing.app.state.service.sessions.kw["bind"].sync_engine  # type: ignore[attr-defined]
    asked: list[str] = []

    def spy(conn: object, cursor: object, statement: str, *args: object) -> None:
        if "push_subscriptions" in statement:
            asked.append(statement)

    event.listen(engine, "before_cursor_execute", spy)
    try:
        table = new_game(pushing, humans=2, started=False, pace="turn-based")
        start(pushing, table)
        for _ in range(3):  # each seat sets aside and commits: due seats change on every action
            play(pushing, table, 0)
            play(pushing, table, 1)
            drain(pushing)
    finally:
        event.remove(engine, "before_cursor_execute", spy)
    assert len(asked) == 1, asked


def test_send_me_a_test_pushes_one_fixed_note_to_this_device(settings: Settings, endpoint: PushEndpoint) -> None:
    settings.push_insecure_endpoints = True
    settings.push_test_rate = (4, 60.0)  # the four asks below that name a seat
    with TestClient(create_app(settings)) as pushing:
        table = new_game(pushing, humans=2, started=False)
        subscribe(pushing, table, 0, endpoint, "alice")
        subscribe(pushing, table, 1, endpoint, "bob")
        test = pushing.post(f"{table.url}/push/test", json={"endpoint": endpoint.url("alice")}, headers=table.host)
        assert test.status_code == 200 and test.json() == {"sent": True}
        assert [push.path for push in endpoint.received] == ["/push/alice"]  # this device only, at once
        server_key = pushing.get("/api/push/key").json()["public_key"]
        endpoint.verify(endpoint.received[0], server_key)
        assert endpoint.decrypt(endpoint.received[0]) == {
            "title": "Test notification",
            "body": "Notifications reach this device: you will be told when it is your move.",
            "url": f"/t/{table.table_id}"}
        # Only a device subscribed for the caller's own seat; a spectator has none.
        for headers, body, status, code in (
                (table.host, {"endpoint": endpoint.url("bob")}, 404, "not_subscribed"),
                (table.host, {"endpoint": endpoint.url("nobody")}, 404, "not_subscribed"),
                ({}, {"endpoint": endpoint.url("alice")}, 401, "no_credentials")):
            assert_error(pushing.post(f"{table.url}/push/test", json=body, headers=headers), status, code)
        # A push service that refuses says so; and each address may ask only so often.
        endpoint.status = 500
        assert_error(pushing.post(f"{table.url}/push/test", json={"endpoint": endpoint.url("alice")},
                                  headers=table.host), 502, "push_failed")
        assert_error(pushing.post(f"{table.url}/push/test", json={"endpoint": endpoint.url("alice")},
                                  headers=table.host), 429, "rate_limited")
        assert len(endpoint.received) == 2


def test_a_test_push_from_a_server_that_cannot_push_says_so(pushing: TestClient, endpoint: PushEndpoint) -> None:
    table = new_game(pushing, humans=2, started=False)
    subscribe(pushing, table, 0, endpoint, "alice")
    pushing.app.state.pusher._vapid = None  # type: ignore[attr-defined]  # as if no key were loaded
    assert_error(pushing.post(f"{table.url}/push/test", json={"endpoint": endpoint.url("alice")},
                              headers=table.host), 503, "push_unavailable")
    assert endpoint.received == []


def test_the_host_name_is_kept_for_tls_and_the_host_header(pushing: TestClient, monkeypatch: pytest.MonkeyPatch,
                                                           caplog: pytest.LogCaptureFixture) -> None:
    """Connecting to the checked address does not lose the name: it is the TLS server name asked for (SNI), the name
    the certificate must carry, and the Host header."""
    server_tls, trusting = tls_for("push.tls.test")
    monkeypatch.setattr(app.push_post, "_tls", lambda: trusting)  # trusts the test's certificate, and only it
    names(monkeypatch, {"push.tls.test": ["127.0.0.1"], "push.other.test": ["127.0.0.1"]})
    endpoint = PushEndpoint(tls=server_tls)
    try:
        port = endpoint.server.server_address[1]
        table = new_game(pushing, humans=2, started=False)
        for seat, name in ((0, "push.tls.test"), (1, "push.other.test")):
            subscription = {**endpoint.subscription("a"), "endpoint": f"https://{name}:{port}/push/a"}
            response = pushing.post(f"{table.url}/push", json=subscription, headers=table.headers(seat))
            assert response.status_code == 200, response.text
        sent = pushing.post(f"{table.url}/push/test", json={"endpoint": f"https://push.tls.test:{port}/push/a"},
                            headers=table.host)
        assert sent.status_code == 200, sent.text
        assert endpoint.server_names == ["push.tls.test"]
        assert [push.headers["host"] for push in endpoint.received] == [f"push.tls.test:{port}"]
        assert endpoint.decrypt(endpoint.received[0])["title"] == "Test notification"
        # A certificate that does not name the endpoint's host: refused, though the address is the same.
        assert_error(pushing.post(f"{table.url}/push/test", json={"endpoint": f"https://push.other.test:{port}/push/a"},
                                  headers=table.headers(1)), 502, "push_failed")
        assert len(endpoint.received) == 1
        assert "SSLCertVerificationError" in caplog.text
    finally:
        endpoint.close()


def test_a_push_that_fails_is_logged_as_ours(settings: Settings, caplog: pytest.LogCaptureFixture) -> None:
    """A background push that raises (the database pool exhausted under load, say) is logged by the pusher with the
    error's kind, and asyncio is left nothing unretrieved to complain about."""

    async def failing() -> int:
        raise TimeoutError("pool exhausted")

    async def run() -> None:
        pusher = Pusher(None, settings, None)  # type: ignore[arg-type]  # the tracking needs no service or database
        pusher._track(asyncio.create_task(failing()), "table-x")
        while pusher._tasks:
            await asyncio.sleep(0)

    with caplog.at_level(logging.WARNING, logger="app.push"):
        asyncio.run(run())
    assert [r.getMessage() for r in caplog.records if r.name == "app.push"] == [
        "push for table table-x failed: TimeoutError"]
    assert not [r for r in caplog.records if "never retrieved" in r.getMessage()]
