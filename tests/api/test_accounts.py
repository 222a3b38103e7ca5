"""Accounts with passkeys (issue 35, item 1), against the ``webauthn`` library's own verification: registration and
usernameless sign-in with a software authenticator; a wrong origin, a replayed or expired challenge, a counter going
back and a foreign relying party are each refused and change nothing; the session cookie and its Origin rule; seats
bound to an account listed, with working credentials, on another device, and never a seat the account was not
given; sign-out ends only that device's session."""

from __future__ import annotations

import asyncio
import base64
import secrets
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from fastapi.testclient import TestClient

from app.account_seats import AccountSeats
from app.main import create_app
from app.sealing import open_with_key
from app.seats import Credential
from app.sessions import COOKIE
from app.settings import Settings, seal_key_bytes
from tests.api.helpers import act, assert_error, auth, create, db_path, db_rows, join, new_game, state
from tests.conftest import TEST_GAME, UNLIMITED
from tests.support.passkeys import Authenticator, b64url

ORIGIN = "http://localhost"
EVIL = "https://evil.example"


def account_settings(tmp_path: Path, **extra: Any) -> Settings:
    # No allowed_hosts: the defaults (the loopback names, and PUBLIC_URL's host) are what passkeys rely on.
    return Settings(database_url=f"sqlite:///{tmp_path}/test.db", bot_delay=0, handover_grace=0.5,
                    extra_games=[TEST_GAME], create_rate=UNLIMITED, join_rate=UNLIMITED, connect_rate=UNLIMITED,
                    replay_rate=UNLIMITED, link_rate=UNLIMITED, bot_nodes=4, **extra)


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return account_settings(tmp_path)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings), base_url=ORIGIN) as test_client:
        yield test_client


class Device:
    """One browser: its own session cookie, sent as a browser sends it (with the page's Origin on a POST)."""

    def __init__(self, client: TestClient, origin: str = ORIGIN) -> None:
        self.client = client
        self.origin = origin
        self.cookie: str | None = None
        self.set_cookies: list[str] = []

    def request(self, method: str, path: str, *, origin: str | None = None, headers: dict[str, str] | None = None,
                **kwargs: Any) -> Any:
        sent = dict(headers or {})
        if method != "GET":
            sent.setdefault("Origin", origin or self.origin)
        if self.cookie:
            sent["Cookie"] = f"{COOKIE}={self.cookie}"
        self.client.cookies.clear()  # each device keeps its own cookie, here
        response = self.client.request(method, path, headers=sent, **kwargs)
        self.client.cookies.clear()
        self.set_cookies = [c for c in response.headers.get_list("set-cookie") if c.startswith(f"{COOKIE}=")]
        for header in self.set_cookies:
            value = header.split(";", 1)[0].split("=", 1)[1].strip('"')
            self.cookie = value if value and "max-age=0" not in header.lower() else None
        return response

    def post(self, path: str, body: Any = None, **kwargs: Any) -> Any:
        return self.request("POST", path, json=body if body is not None else {}, **kwargs)

    def get(self, path: str, **kwargs: Any) -> Any:
        return self.request("GET", path, **kwargs)

    def me(self) -> dict[str, Any] | None:
        response = self.get("/api/account")
        assert response.status_code == 200, response.text
        return response.json()["account"]  # type: ignore[no-any-return]


def options(device: Device, path: str, body: Any = None) -> dict[str, Any]:
    response = device.post(path, body)
    assert response.status_code == 200, response.text
    return response.json()["options"]  # type: ignore[no-any-return]


def register(device: Device, authenticator: Authenticator, name: str = "Ann") -> Any:
    made = authenticator.create(options(device, "/api/account/register/options", {"name": name}))
    return device.post("/api/account/register", {"credential": made})


def sign_in(device: Device, authenticator: Authenticator, **kwargs: Any) -> Any:
    answer = authenticator.get(options(device, "/api/account/login/options"), **kwargs)
    return device.post("/api/account/login", {"credential": answer})


def counts(settings: Settings) -> dict[str, int]:
    return {name: db_rows(settings, f"SELECT COUNT(*) FROM {name}")[0][0]  # noqa: S608 - fixed table names
            for name in ("accounts", "passkeys", "account_sessions", "account_seats")}


def listed(device: Device, tables: list[dict[str, str]] | None = None) -> dict[str, Any]:
    response = device.post("/api/your-tables", {"tables": tables or []})
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def test_create_an_account_then_sign_in_on_another_device(client: TestClient, settings: Settings) -> None:
    laptop, phone, keys = Device(client), Device(client), Authenticator(ORIGIN)
    assert laptop.me() is None
    created = register(laptop, keys, "Ann")
    assert created.status_code == 201, created.text
    assert created.json() == {"account": {"name": "Ann"}}
    cookie = laptop.set_cookies[0].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "path=/" in cookie
    assert "secure" not in cookie  # plain http at localhost: a Secure cookie would never come back
    assert laptop.me() == {"name": "Ann", "passkeys": 1}

    # The passkey synced to the phone (the same authenticator's credential): usernameless sign-in.
    signed = sign_in(phone, keys)
    assert signed.status_code == 200, signed.text
    assert signed.json() == {"account": {"name": "Ann"}}
    assert phone.me() == {"name": "Ann", "passkeys": 1}
    assert phone.cookie != laptop.cookie

    # Only hashes are stored: neither cookie nor the credential id appears in the database.
    rows = str(db_rows(settings, "SELECT * FROM account_sessions")) + str(db_rows(settings, "SELECT * FROM passkeys"))
    assert laptop.cookie and laptop.cookie not in rows and phone.cookie and phone.cookie not in rows
    assert b64url(keys.passkeys[0].credential_id) not in rows
    assert counts(settings) == {"accounts": 1, "passkeys": 1, "account_sessions": 2, "account_seats": 0}


def test_a_wrong_origin_is_refused_and_changes_nothing(client: TestClient, settings: Settings) -> None:
    device, keys = Device(client), Authenticator(ORIGIN)
    wrong = Authenticator("http://localhost:9999")  # a page of another origin, relayed to our server
    before = counts(settings)
    answer = wrong.create(options(device, "/api/account/register/options", {"name": "Ann"}))
    assert_error(device.post("/api/account/register", {"credential": answer}), 403, "passkey_refused")
    assert counts(settings) == before and device.cookie is None

    assert register(device, keys).status_code == 201
    other = Device(client)
    before = counts(settings)
    answer = keys.get(options(other, "/api/account/login/options"), origin="http://localhost:9999")
    assert_error(other.post("/api/account/login", {"credential": answer}), 403, "passkey_refused")
    assert counts(settings) == before and other.cookie is None and other.me() is None


def test_a_replayed_or_expired_challenge_is_refused(client: TestClient, settings: Settings) -> None:
    device, keys = Device(client), Authenticator(ORIGIN)
    made = keys.create(options(device, "/api/account/register/options", {"name": "Ann"}))
    assert device.post("/api/account/register", {"credential": made}).status_code == 201
    before = counts(settings)
    assert_error(Device(client).post("/api/account/register", {"credential": made}), 410, "attempt_expired")

    other = Device(client)
    answer = keys.get(options(other, "/api/account/login/options"))
    assert other.post("/api/account/login", {"credential": answer}).status_code == 200
    before = counts(settings)
    thief = Device(client)
    assert_error(thief.post("/api/account/login", {"credential": answer}), 410, "attempt_expired")
    assert counts(settings) == before and thief.cookie is None

    # A challenge past its few minutes is refused as well.
    late = keys.get(options(thief, "/api/account/login/options"))
    with sqlite3.connect(db_path(settings)) as connection:
        connection.execute("UPDATE auth_challenges SET expires_at = '2000-01-01 00:00:00.000000'")
    assert_error(thief.post("/api/account/login", {"credential": late}), 410, "attempt_expired")
    assert counts(settings) == before and thief.me() is None


def test_a_counter_going_back_is_refused_as_a_cloned_passkey(client: TestClient, settings: Settings) -> None:
    device, keys = Device(client), Authenticator(ORIGIN)
    assert register(device, keys).status_code == 201
    assert sign_in(Device(client), keys, counter=5).status_code == 200
    before = counts(settings)
    for counter in (3, 5):  # back, and not moved on: both what a copy of the authenticator would send
        clone = Device(client)
        assert_error(sign_in(clone, keys, counter=counter), 403, "passkey_cloned")
        assert clone.cookie is None
    assert counts(settings) == before
    assert db_rows(settings, "SELECT sign_count FROM passkeys") == [(5,)]
    assert sign_in(Device(client), keys, counter=6).status_code == 200


def test_a_passkey_that_never_counts_may_sign_in_again(client: TestClient) -> None:
    keys = Authenticator(ORIGIN, counts=False)  # many synced passkeys send 0 every time: no clone to detect
    assert register(Device(client), keys).status_code == 201
    for _ in range(2):
        assert sign_in(Device(client), keys).status_code == 200


def test_a_foreign_relying_party_is_refused(client: TestClient, settings: Settings) -> None:
    device, keys = Device(client), Authenticator(ORIGIN)
    before = counts(settings)
    answer = keys.create(options(device, "/api/account/register/options", {"name": "Ann"}), rp_id="evil.example")
    assert_error(device.post("/api/account/register", {"credential": answer}), 403, "passkey_refused")
    assert counts(settings) == before

    assert register(device, keys).status_code == 201
    keys.passkeys[-1].rp_id = "evil.example"  # signs as another site's credential
    other = Device(client)
    before = counts(settings)
    answer = keys.get(options(other, "/api/account/login/options"), passkey=keys.passkeys[-1])
    assert_error(other.post("/api/account/login", {"credential": answer}), 403, "passkey_refused")
    assert counts(settings) == before and other.cookie is None


def test_an_unknown_passkey_and_bad_answers_are_refused(client: TestClient, settings: Settings) -> None:
    device = Device(client)
    stranger = Authenticator(ORIGIN)
    stranger.create(options(device, "/api/account/register/options", {"name": "Eve"}))  # never sent to the server
    answer = stranger.get(options(device, "/api/account/login/options"), passkey=stranger.passkeys[0])
    assert_error(device.post("/api/account/login", {"credential": answer}), 403, "unknown_passkey")
    assert_error(device.post("/api/account/login", {"credential": {"id": "x"}}), 403, "passkey_refused")
    assert_error(device.post("/api/account/register", {"credential": {}}), 403, "passkey_refused")
    assert_error(device.post("/api/account/register/options", {"name": "  "}), 422, "bad_request")
    assert_error(device.post("/api/account/register/options", {"name": "Bot Ann"}), 422, "bad_name")
    assert counts(settings)["accounts"] == 0


def test_a_cross_site_post_with_the_session_cookie_is_refused(client: TestClient, settings: Settings) -> None:
    device, keys = Device(client), Authenticator(ORIGIN)
    assert register(device, keys).status_code == 201
    table = create(client)
    before = counts(settings)
    for path, body in (("/api/account/name", {"name": "Mallory"}), ("/api/account/sign-out", {}),
                       ("/api/account/seats", {"tables": [{"table_id": table.table_id, "token": table.tokens[0]}]}),
                       ("/api/account/passkeys/options", {}), ("/api/your-tables", {"tables": []})):
        assert_error(device.post(path, body, origin=EVIL), 403, "cross_site")
        # A fetch that names no origin but says it is cross-site (Sec-Fetch-Site) is refused the same.
        cookie = {"Cookie": f"{COOKIE}={device.cookie}", "Sec-Fetch-Site": "cross-site"}
        assert_error(client.post(path, json=body, headers=cookie), 403, "cross_site")
    assert counts(settings) == before
    assert device.me() == {"name": "Ann", "passkeys": 1}


def test_rename_and_add_a_second_passkey(client: TestClient, settings: Settings) -> None:
    laptop, keys, phone_keys = Device(client), Authenticator(ORIGIN), Authenticator(ORIGIN)
    assert register(laptop, keys).status_code == 201
    renamed = laptop.post("/api/account/name", {"name": "Ann B."})
    assert renamed.status_code == 200 and renamed.json() == {"account": {"name": "Ann B."}}

    made = phone_keys.create(options(laptop, "/api/account/passkeys/options"))
    added = laptop.post("/api/account/passkeys", {"credential": made})
    assert added.status_code == 201, added.text
    assert added.json() == {"passkeys": 2}
    phone = Device(client)
    assert sign_in(phone, phone_keys).status_code == 200
    assert phone.me() == {"name": "Ann B.", "passkeys": 2}
    assert_error(laptop.post("/api/account/passkeys", {"credential": made}), 410, "attempt_expired")

    nobody = Device(client)
    assert_error(nobody.post("/api/account/passkeys/options"), 401, "not_signed_in")
    assert_error(nobody.post("/api/account/name", {"name": "Eve"}), 401, "not_signed_in")
    assert_error(nobody.post("/api/account/seats", {"tables": []}), 401, "not_signed_in")
    assert counts(settings)["passkeys"] == 2


def test_sign_out_ends_only_that_session(client: TestClient, settings: Settings) -> None:
    laptop, phone, keys = Device(client), Device(client), Authenticator(ORIGIN)
    assert register(laptop, keys).status_code == 201
    assert sign_in(phone, keys).status_code == 200
    old_cookie = phone.cookie
    out = phone.post("/api/account/sign-out")
    assert out.status_code == 200 and out.json() == {"account": None}
    assert phone.cookie is None  # the cookie is cleared
    assert phone.me() is None and laptop.me() == {"name": "Ann", "passkeys": 1}
    phone.cookie = old_cookie  # kept by someone: it names no session any more
    assert phone.me() is None
    assert counts(settings)["account_sessions"] == 1


def test_seats_bound_on_one_device_open_on_another(client: TestClient, settings: Settings) -> None:
    laptop, phone, keys = Device(client), Device(client), Authenticator(ORIGIN)
    assert register(laptop, keys).status_code == 201
    played = new_game(client, humans=2)  # Ann is seat 0
    watched = create(client, "Carl")
    bound = laptop.post("/api/account/seats", {"tables": [
        {"table_id": played.table_id, "token": played.tokens[0]},
        {"table_id": watched.table_id, "spectate": watched.spectate}]})
    assert bound.status_code == 200, bound.text
    assert bound.json() == {"bound": [played.table_id, watched.table_id], "refused": []}
    # Kept sealed, never in the clear.
    assert played.tokens[0] not in str(db_rows(settings, "SELECT * FROM account_seats"))

    assert sign_in(phone, keys).status_code == 200
    answer = listed(phone)
    assert sorted(answer["account"], key=lambda c: c["table_id"]) == sorted(
        [{"table_id": played.table_id, "token": played.tokens[0]},
         {"table_id": watched.table_id, "spectate": watched.spectate}], key=lambda c: c["table_id"])
    seats = {t["table_id"]: t["seat"] for t in answer["tables"]}
    assert seats == {played.table_id: 0, watched.table_id: None}

    # The phone plays in the seat with the credential it was handed.
    token = next(c["token"] for c in answer["account"] if c["table_id"] == played.table_id)
    mine = client.get(f"{played.url}/state", headers=auth(token)).json()
    if not mine["legal"]:  # not Ann's move yet: Bob plays first
        bob = state(client, played, 1)
        assert act(client, played, 1, bob["legal"][0], bob["seq"]).status_code == 200
        mine = client.get(f"{played.url}/state", headers=auth(token)).json()
    assert mine["you"]["seat"] == 0 and mine["legal"]
    moved = client.post(f"{played.url}/actions", json={"action": mine["legal"][0], "expect_seq": mine["seq"]},
                        headers=auth(token))
    assert moved.status_code == 200, moved.text

    # Without the cookie, the same request lists only what its body names.
    assert "account" not in client.post("/api/your-tables", json={"tables": []}).json()


def test_an_account_never_sees_a_seat_it_was_not_given(client: TestClient, settings: Settings) -> None:
    ann, bob, keys, bob_keys = Device(client), Device(client), Authenticator(ORIGIN), Authenticator(ORIGIN)
    assert register(ann, keys, "Ann").status_code == 201
    assert register(bob, bob_keys, "Bob").status_code == 201
    table = create(client, "Ann")
    join(client, table, "Bob")
    other = create(client, "Dan")
    assert ann.post("/api/account/seats", {"tables": [{"table_id": table.table_id, "token": table.tokens[0]}]}) \
        .json() == {"bound": [table.table_id], "refused": []}

    before = counts(settings)
    bad = [{"table_id": table.table_id, "token": "not-a-token"},
           {"table_id": table.table_id, "token": other.tokens[0]},  # a real token, of another table
           {"table_id": other.table_id, "spectate": table.spectate},
           {"table_id": "no-such-table", "token": table.tokens[1]}]
    refused = bob.post("/api/account/seats", {"tables": bad})
    assert refused.status_code == 200 and refused.json() == {
        "bound": [], "refused": [table.table_id, table.table_id, other.table_id, "no-such-table"]}
    assert counts(settings) == before

    assert listed(bob) == {"tables": [], "gone": [], "account": [], "invitations": [], "people": []}
    ann_list = listed(ann)
    assert [t["seat"] for t in ann_list["tables"]] == [0]
    assert ann_list["account"] == [{"table_id": table.table_id, "token": table.tokens[0]}]


def test_a_binding_whose_seat_is_gone_is_dropped(client: TestClient, settings: Settings) -> None:
    device, keys = Device(client), Authenticator(ORIGIN)
    assert register(device, keys).status_code == 201
    table = create(client, "Ann")
    join(client, table, "Bob")
    bob_seat = {"table_id": table.table_id, "token": table.tokens[1]}
    assert device.post("/api/account/seats", {"tables": [bob_seat]}).json()["bound"] == [table.table_id]
    assert listed(device)["account"] == [bob_seat]
    assert client.post(f"{table.url}/leave", headers=table.headers(1)).status_code == 200
    assert listed(device) == {"tables": [], "gone": [], "account": [], "invitations": [], "people": []}
    assert counts(settings)["account_seats"] == 0


def test_passkeys_at_an_ip_address_say_why_they_cannot_work(tmp_path: Path) -> None:
    with TestClient(create_app(account_settings(tmp_path)), base_url="http://127.0.0.1:8000") as ip_client:
        device = Device(ip_client, origin="http://127.0.0.1:8000")
        answer = device.get("/api/account").json()
        assert answer["account"] is None and answer["passkeys"]["available"] is False
        assert "localhost" in answer["passkeys"]["reason"]
        message = assert_error(device.post("/api/account/register/options", {"name": "Ann"}), 409,
                               "passkeys_unavailable")
        assert "IP address" in message
        assert_error(device.post("/api/account/login/options"), 409, "passkeys_unavailable")


def test_with_public_url_the_relying_party_is_its_host_and_the_cookie_secure(tmp_path: Path) -> None:
    origin = "https://games.example.org"
    settings = account_settings(tmp_path, public_url=origin)
    with TestClient(create_app(settings), base_url=origin) as https_client:
        device, keys = Device(https_client, origin=origin), Authenticator(origin)
        made = options(device, "/api/account/register/options", {"name": "Ann"})
        assert made["rp"]["id"] == "games.example.org"
        assert made["authenticatorSelection"]["residentKey"] == "required"
        assert made["authenticatorSelection"]["userVerification"] == "required"
        assert device.post("/api/account/register", {"credential": keys.create(made)}).status_code == 201
        assert "secure" in device.set_cookies[0].lower()
        login = options(device, "/api/account/login/options")
        assert login["rpId"] == "games.example.org" and login.get("allowCredentials", []) == []
    # The same server reached at localhost is not its relying party: the page is sent to the right address.
    with TestClient(create_app(settings), base_url="http://localhost:8000") as local:
        reason = local.get("/api/account").json()["passkeys"]["reason"]
        assert origin in reason


def test_signing_in_again_on_a_device_replaces_its_session(client: TestClient, settings: Settings) -> None:
    device, keys = Device(client), Authenticator(ORIGIN)
    assert register(device, keys).status_code == 201
    first = device.cookie
    assert sign_in(device, keys).status_code == 200
    assert device.cookie != first and counts(settings)["account_sessions"] == 1
    device.cookie = first
    assert device.me() is None


@pytest.mark.parametrize(("public_url", "base", "said"), [
    ("", "http://games.lan", "PUBLIC_URL"),  # a name, but no PUBLIC_URL: no relying party is configured
    ("http://games.lan", "http://games.lan", "https"),  # plain http elsewhere than localhost: browsers offer none
    ("https://192.168.1.20", "https://192.168.1.20", "IP address"),
])
def test_where_passkeys_cannot_work_the_page_is_told_why(tmp_path: Path, public_url: str, base: str,
                                                         said: str) -> None:
    settings = account_settings(tmp_path, public_url=public_url, allowed_hosts=["*"])
    with TestClient(create_app(settings), base_url=base) as other:
        passkeys = other.get("/api/account").json()["passkeys"]
        assert passkeys["available"] is False and said in passkeys["reason"]
        assert_error(Device(other, origin=base).post("/api/account/login/options"), 409, "passkeys_unavailable")


def test_a_passkey_that_does_not_verify_the_person_is_refused(client: TestClient, settings: Settings) -> None:
    device, bare = Device(client), Authenticator(ORIGIN, verifies=False)  # a key that only checks presence
    assert options(device, "/api/account/register/options", {"name": "Ann"})["authenticatorSelection"][
        "userVerification"] == "required"
    assert_error(register(device, bare), 403, "passkey_refused")
    assert counts(settings)["accounts"] == 0

    keys = Authenticator(ORIGIN)
    assert register(device, keys).status_code == 201
    assert options(device, "/api/account/login/options")["userVerification"] == "required"
    keys.verifies = False  # the same passkey, this time used without verifying the person
    before = counts(settings)
    other = Device(client)
    assert_error(sign_in(other, keys), 403, "passkey_refused")
    assert counts(settings) == before and other.cookie is None
    keys.verifies = True
    assert sign_in(other, keys).status_code == 200


def bind(device: Device, *tables: dict[str, str]) -> dict[str, Any]:
    response = device.post("/api/account/seats", {"tables": list(tables)})
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def as_bytes(text: str) -> bytes:
    """A stored key's bytes, whether base64 or base64url (anything else decodes to something no key is)."""
    return base64.b64decode(text.replace("-", "+").replace("_", "/") + "=" * (-len(text) % 4))


def test_with_seal_key_the_database_alone_opens_no_token(tmp_path: Path) -> None:
    seal_key = secrets.token_urlsafe(32)
    for key in ("", seal_key):  # the one-machine default, then a key kept outside the database
        folder = tmp_path / ("set" if key else "unset")
        folder.mkdir()
        settings = account_settings(folder, seal_key=key)
        with TestClient(create_app(settings), base_url=ORIGIN) as test_client:
            device = Device(test_client)
            assert register(device, Authenticator(ORIGIN)).status_code == 201
            table = new_game(test_client, humans=2)
            bind(device, {"table_id": table.table_id, "token": table.tokens[0]})
            assert listed(device)["account"] == [{"table_id": table.table_id, "token": table.tokens[0]}]
        (account_id, seat_id, sealed), = db_rows(settings, "SELECT account_id, seat_id, sealed_token "
                                                           "FROM account_seats")
        aad = f"tabletop account seat\0{account_id}\0{table.table_id}\0{seat_id}".encode()
        # Every value of the database's key table that could be an AES key is tried.
        values = [as_bytes(v) for v, in db_rows(settings, "SELECT value FROM server_keys")]
        opened = [open_with_key(AESGCM(v), sealed, aad) for v in values if len(v) in (16, 24, 32)]
        if key:
            assert set(opened) <= {None}  # no key in the database opens it; SEAL_KEY does
            assert open_with_key(AESGCM(seal_key_bytes(key) or b""), sealed, aad) == table.tokens[0]
        else:
            assert table.tokens[0] in opened


def test_a_bad_seal_key_is_refused_at_start(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="SEAL_KEY"):
        account_settings(tmp_path, seal_key="too-short")


def test_binding_the_same_seat_twice_keeps_one_binding(client: TestClient, settings: Settings) -> None:
    laptop, phone, keys = Device(client), Device(client), Authenticator(ORIGIN)
    assert register(laptop, keys).status_code == 201
    assert sign_in(phone, keys).status_code == 200
    table = new_game(client, humans=2)
    seat = {"table_id": table.table_id, "token": table.tokens[0]}
    for device in (laptop, laptop, phone):  # again, and from another device of the same account
        assert bind(device, seat) == {"bound": [table.table_id], "refused": []}
    # Two requests at once: both answer that the seat is bound, and it is bound once.
    account_id = db_rows(settings, "SELECT id FROM accounts")[0][0]
    seats: AccountSeats = client.app.state.account_seats  # type: ignore[attr-defined]

    async def together() -> list[dict[str, Any]]:
        asked = [Credential(table.table_id, token=table.tokens[0])]
        return list(await asyncio.gather(seats.bind(account_id, asked), seats.bind(account_id, asked)))

    assert client.portal.call(together) == [{"bound": [table.table_id], "refused": []}] * 2  # type: ignore[union-attr]
    assert counts(settings)["account_seats"] == 1
    for device in (laptop, phone):
        assert listed(device)["account"] == [seat]
        assert [t["table_id"] for t in listed(device)["tables"]] == [table.table_id]
    # The database itself refuses a second binding of the same table to the same account.
    with sqlite3.connect(db_path(settings)) as connection, pytest.raises(sqlite3.IntegrityError):
        connection.execute("INSERT INTO account_seats (account_id, table_id, seat_id, sealed_token, created_at) "
                           "SELECT account_id, table_id, NULL, 'x', created_at FROM account_seats")


def test_the_accounts_seat_wins_over_the_browsers_own_credential(client: TestClient) -> None:
    device, keys = Device(client), Authenticator(ORIGIN)
    assert register(device, keys).status_code == 201
    stale, watched = new_game(client, humans=2), new_game(client, humans=2)
    bind(device, {"table_id": stale.table_id, "token": stale.tokens[1]},
         {"table_id": watched.table_id, "token": watched.tokens[1]})
    # This browser still has an old token at one table, and only the spectator link at the other.
    answer = listed(device, [{"table_id": stale.table_id, "token": "an-old-token-of-this-browser"},
                             {"table_id": watched.table_id, "spectate": watched.spectate}])
    assert answer["gone"] == []
    assert {t["table_id"]: t["seat"] for t in answer["tables"]} == {stale.table_id: 1, watched.table_id: 1}
    assert sorted(answer["account"], key=lambda c: c["table_id"]) == sorted(
        [{"table_id": stale.table_id, "token": stale.tokens[1]},
         {"table_id": watched.table_id, "token": watched.tokens[1]}], key=lambda c: c["table_id"])


def test_forget_a_table_drops_only_this_accounts_binding(client: TestClient, settings: Settings) -> None:
    ann, bob = Device(client), Device(client)
    assert register(ann, Authenticator(ORIGIN), "Ann").status_code == 201
    assert register(bob, Authenticator(ORIGIN), "Bob").status_code == 201
    table, other = new_game(client, humans=2), create(client, "Dan")
    bind(ann, {"table_id": table.table_id, "token": table.tokens[0]},
         {"table_id": other.table_id, "spectate": other.spectate})
    bind(bob, {"table_id": table.table_id, "token": table.tokens[1]})

    assert_error(ann.post("/api/account/seats/forget", {"table_id": table.table_id}, origin=EVIL), 403, "cross_site")
    assert_error(Device(client).post("/api/account/seats/forget", {"table_id": table.table_id}), 401, "not_signed_in")
    assert_error(ann.post("/api/account/seats/forget", {}), 422, "bad_request")
    assert counts(settings)["account_seats"] == 3

    for _ in range(2):  # forgetting again, or a table never bound, answers the same
        forgot = ann.post("/api/account/seats/forget", {"table_id": table.table_id})
        assert forgot.status_code == 200 and forgot.json() == {"forgotten": True}
    assert ann.post("/api/account/seats/forget", {"table_id": "no-such-table"}).json() == {"forgotten": True}
    assert listed(ann)["account"] == [{"table_id": other.table_id, "spectate": other.spectate}]
    assert listed(bob)["account"] == [{"table_id": table.table_id, "token": table.tokens[1]}]
    assert counts(settings)["account_seats"] == 2
