"""Games, creating and reading tables, joining: the lobby half of API.md."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from app.seats import hash_token
from app.settings import Settings
from tests.api.helpers import (
    GAME,
    MAX_PLAYERS,
    assert_error,
    auth,
    create,
    db_rows,
    join,
    new_game,
    public,
    snapshot,
    state,
)

# ----------------------------------------------------------------- games


def test_games_list_the_test_game_with_its_options_schema(client: TestClient) -> None:
    response = client.get("/api/games")
    assert response.status_code == 200
    games = response.json()
    assert isinstance(games, list)
    for game in games:
        assert {"id", "title", "min_players", "max_players", "options_schema"} <= set(game)
        assert isinstance(game["title"], str) and game["title"]
        assert 1 <= game["min_players"] <= game["max_players"]
    by_id = {g["id"]: g for g in games}
    assert len(by_id) == len(games), "game ids must be unique"
    hidden = by_id[GAME]
    assert (hidden["min_players"], hidden["max_players"]) == (2, MAX_PLAYERS)
    schema = hidden["options_schema"]
    assert schema["type"] == "object"
    review = schema["properties"]["review_s"]
    assert review["type"] == "number"
    assert (review["minimum"], review["maximum"], review["default"]) == (0, 60, 0)


def test_options_schema_is_a_valid_json_schema(client: TestClient) -> None:
    import jsonschema
    for game in client.get("/api/games").json():
        jsonschema.Draft202012Validator.check_schema(game["options_schema"])
    schema = next(g for g in client.get("/api/games").json() if g["id"] == GAME)["options_schema"]
    validator = jsonschema.Draft202012Validator(schema)
    assert validator.is_valid({"review_s": 3})
    assert not validator.is_valid({"review_s": -1})
    assert not validator.is_valid({"review_s": "soon"})


def test_every_game_option_describes_itself(client: TestClient) -> None:
    """Forms and the lobby show an option by its title and description (never pydantic's "Response Window S"), and
    an option that has an effect only at some player counts names them, within the game's range."""
    from games.registry import GAMES

    for game in client.get("/api/games").json():
        if game["id"] not in GAMES:
            continue  # the test games
        for name, prop in game["options_schema"]["properties"].items():
            where = f"{game['id']}.{name}"
            assert prop.get("title"), where
            if "_" in name:  # pydantic's own title for it would read "Response Window S"
                assert prop["title"] != name.replace("_", " ").title(), f"{where}: {prop['title']}"
            assert prop.get("description"), where
            counts = prop.get("x-players")
            if counts is not None:
                assert counts and all(game["min_players"] <= n <= game["max_players"] for n in counts), where
    red = next(g for g in client.get("/api/games").json() if g["id"] == "red-scare-redux")["options_schema"]
    assert red["properties"]["layout_6"]["x-players"] == [6]


# ----------------------------------------------------------------- create


def test_create_returns_seat_zero_and_links(client: TestClient) -> None:
    response = client.post("/api/tables", json={"game": GAME, "name": "Alice"})
    assert response.status_code == 201
    data = response.json()
    assert {"table_id", "seat", "token", "invite_url", "spectate_url", "seat_url"} <= set(data)
    tid, token = data["table_id"], data["token"]
    assert data["seat"] == 0
    assert isinstance(token, str) and len(token) >= 16
    assert re.fullmatch(rf"http://testserver/t/{re.escape(tid)}\?invite=[\w-]+", data["invite_url"])
    assert re.fullmatch(rf"http://testserver/t/{re.escape(tid)}/watch\?key=[\w-]+", data["spectate_url"])
    # The seat link carries a one-time claim code for the token, never the token (tests/api/test_seat_links.py).
    assert re.fullmatch(rf"http://testserver/t/{re.escape(tid)}/seat#[\w-]{{32}}", data["seat_url"])
    assert token not in data["seat_url"]

    table = public(client, tid)
    assert table["table_id"] == tid
    assert table["game"] == GAME
    assert table["status"] == "lobby"
    assert table["host_seat"] == 0
    assert table["options"] == schema_defaults(client)
    assert table["options"]["review_s"] == 0
    assert table["seats"] == [{"seat": 0, "name": "Alice", "bot": False, "bot_kind": None, "connected": False,
                               "away": False}]
    # The token really is seat 0's.
    mine = client.get(f"/api/tables/{tid}/state", headers=auth(token)).json()
    assert mine["you"] == {"seat": 0, "name": "Alice"}


def schema_defaults(client: TestClient) -> dict:
    schema = next(g for g in client.get("/api/games").json() if g["id"] == GAME)["options_schema"]
    return {name: prop["default"] for name, prop in schema["properties"].items()}


def test_create_keeps_given_options(client: TestClient) -> None:
    table = create(client, options={"review_s": 2.5})
    assert public(client, table)["options"] == {**schema_defaults(client), "review_s": 2.5}
    assert public(client, create(client, options={}))["options"] == schema_defaults(client)
    assert public(client, create(client, options=None))["options"] == schema_defaults(client)


def test_every_table_has_its_own_ids_and_secrets(client: TestClient) -> None:
    one, two = create(client), create(client)
    assert one.table_id != two.table_id
    assert one.invite != two.invite
    assert one.spectate != two.spectate
    assert one.tokens[0] != two.tokens[0]
    # A token is good for its own table only.
    assert_error(client.get(f"{two.url}/state", headers=one.host), 401, "bad_token")


def test_create_unknown_game(client: TestClient, settings: Settings) -> None:
    response = client.post("/api/tables", json={"game": "chess-960", "name": "Alice"})
    message = assert_error(response, 404, "unknown_game")
    assert "chess-960" in message and GAME in message  # says what is wrong and what there is
    assert db_rows(settings, "SELECT count(*) FROM tables") == [(0,)]


@pytest.mark.parametrize("options", [{"review_s": -1}, {"review_s": "soon"}, {"review_s": 61},
                                     {"review_s": None}, {"review_s": [1]},
                                     {"review_s": "5"}, {"review_s": True}])
def test_create_invalid_options(client: TestClient, settings: Settings, options: dict) -> None:
    response = client.post("/api/tables", json={"game": GAME, "name": "Alice", "options": options})
    message = assert_error(response, 422, "invalid_options")
    assert "review_s" in message
    assert db_rows(settings, "SELECT count(*) FROM tables") == [(0,)]
    assert db_rows(settings, "SELECT count(*) FROM seats") == [(0,)]


@pytest.mark.parametrize("body", [
    {"name": "Alice"},  # no game
    {"game": GAME},  # no name
    {"game": GAME, "name": 7},
    {"game": GAME, "name": "Alice", "options": [1, 2]},
    {"game": GAME, "name": "Alice", "turn_timer": "soon"},
    {"game": GAME, "name": "Alice", "turn_timer": "30"},  # a number in a string is not a number
    {"game": GAME, "name": "Alice", "turn_timer": True},
    {"game": GAME, "name": "Alice", "turntimer": 30},  # a misspelt field is refused, not ignored
    [GAME, "Alice"],
])
def test_create_bad_body(client: TestClient, settings: Settings, body: object) -> None:
    assert_error(client.post("/api/tables", json=body), 422, "bad_request")
    assert db_rows(settings, "SELECT count(*) FROM tables") == [(0,)]


def test_create_body_that_is_not_json(client: TestClient, settings: Settings) -> None:
    response = client.post("/api/tables", content=b"{game: nope", headers={"Content-Type": "application/json"})
    assert_error(response, 422, "bad_request")
    assert db_rows(settings, "SELECT count(*) FROM tables") == [(0,)]


@pytest.mark.parametrize(("name", "code"), [("", "bad_request"), ("   ", "bad_request"), ("\x00\x07\n", "bad_request"),
                                            ("x" * 25, "too_long")])
def test_create_bad_name(client: TestClient, settings: Settings, name: str, code: str) -> None:
    assert_error(client.post("/api/tables", json={"game": GAME, "name": name}), 422, code)
    assert db_rows(settings, "SELECT count(*) FROM tables") == [(0,)]


def test_create_name_is_trimmed_and_cleaned(client: TestClient) -> None:
    longest = "y" * 24
    assert public(client, create(client, longest))["seats"][0]["name"] == longest
    assert public(client, create(client, "  Al\x00ice\u200b  "))["seats"][0]["name"] == "Alice"


# ----------------------------------------------------------------- read


def test_public_table_never_shows_secrets(client: TestClient, settings: Settings) -> None:
    table = new_game(client, humans=3, bots=1, started=False)
    (seed, invite_code, spectate_key), = db_rows(
        settings, "SELECT seed, invite_code, spectate_key FROM tables WHERE id = ?", table.table_id)
    assert invite_code == table.invite
    hashes = [h for (h,) in db_rows(settings, "SELECT token_hash FROM seats WHERE table_id = ? AND token_hash "
                                              "IS NOT NULL", table.table_id)]
    assert sorted(hashes) == sorted(hash_token(t) for t in table.tokens.values())
    secrets = [*table.tokens.values(), *hashes, invite_code, seed, spectate_key]

    def check() -> None:
        text = client.get(f"/api/tables/{table.table_id}").text
        for secret in secrets:
            assert secret not in text
        # A spectator's own state message shows neither the invite nor anyone's token.
        watched = client.get(f"{table.url}/state", params={"spectate": table.spectate}).text
        for secret in [*table.tokens.values(), *hashes, invite_code, seed]:
            assert secret not in watched

    check()
    client.post(f"{table.url}/start", headers=table.host).raise_for_status()
    check()
    # Seats see their own state but never another seat's token.
    for seat, token in table.tokens.items():
        text = client.get(f"{table.url}/state", headers=auth(token)).text
        for other, other_token in table.tokens.items():
            if other != seat:
                assert other_token not in text
        assert seed not in text


def test_unknown_table_everywhere(client: TestClient) -> None:
    table = create(client)
    for response in [
        client.get("/api/tables/nope"),
        client.get("/api/tables/nope/state", headers=table.host),
        client.get("/api/tables/nope/state", params={"spectate": table.spectate}),
        client.post("/api/tables/nope/join", json={"name": "Bob", "invite": table.invite}),
        client.post("/api/tables/nope/actions", json={"action": {"type": "continue"}}, headers=table.host),
        client.post("/api/tables/nope/start", headers=table.host),
        client.post("/api/tables/nope/bots", json={"count": 1}, headers=table.host),
        client.get("/api/tables/nope/audit"),
    ]:
        assert_error(response, 404, "unknown_table")


def test_unknown_route_and_method_have_the_error_shape(client: TestClient) -> None:
    assert_error(client.get("/api/nothing-here"), 404, "not_found")
    assert_error(client.delete("/api/games"), 405, "method_not_allowed")
    assert_error(client.get("/ws/nothing-here"), 404, "not_found")
    assert_error(client.get("/static/js/nothing.js"), 404, "not_found")


def test_an_unknown_page_is_a_page_a_person_can_read(client: TestClient) -> None:
    for path in ("/nothing-here", "/t", "/games/turncoats/rule", "/t/abc/sea"):
        response = client.get(path)
        assert response.status_code == 404
        assert response.headers["content-type"].startswith("text/html")
        assert "Page not found" in response.text and "incomplete or mistyped" in response.text
        assert '<link rel="stylesheet" href="/static/css/site.css">' in response.text


def test_whoever_holds_the_invite_may_learn_the_spectator_link(client: TestClient) -> None:
    table = new_game(client, humans=2)
    plain = public(client, table)
    assert "spectate_url" not in plain
    assert (plain["min_players"], plain["max_players"], plain["host_seat"]) == (2, 5, 0)
    facts = client.get(table.url, params={"invite": table.invite}).json()
    assert facts["spectate_url"] == f"http://testserver/t/{table.table_id}/watch?key={table.spectate}"
    assert_error(client.get(table.url, params={"invite": table.invite + "x"}), 403, "bad_invite")


# ----------------------------------------------------------------- join


def test_join(client: TestClient) -> None:
    table = create(client)
    response = client.post(f"{table.url}/join", json={"name": "Bob", "invite": table.invite})
    assert response.status_code == 200
    data = response.json()
    assert data["seat"] == 1
    assert data["seat_url"].startswith(f"http://testserver/t/{table.table_id}/seat#")
    assert data["token"] not in data["seat_url"]
    assert data["token"] != table.tokens[0]
    seats = public(client, table)["seats"]
    assert [(s["seat"], s["name"], s["bot"]) for s in seats] == [(0, "Alice", False), (1, "Bob", False)]
    mine = client.get(f"{table.url}/state", headers=auth(data["token"])).json()
    assert mine["you"] == {"seat": 1, "name": "Bob"}


@pytest.mark.parametrize("invite", ["wrong", "", "x" * 200])
def test_join_wrong_invite(client: TestClient, invite: str) -> None:
    table = create(client)
    before = snapshot(client, table)
    response = client.post(f"{table.url}/join", json={"name": "Mallory", "invite": invite})
    assert_error(response, 403, "bad_invite")
    assert snapshot(client, table) == before


def test_join_bad_body(client: TestClient) -> None:
    table = create(client)
    before = snapshot(client, table)
    assert_error(client.post(f"{table.url}/join", json={"name": "Bob"}), 422, "bad_request")
    assert_error(client.post(f"{table.url}/join", json={"name": "", "invite": table.invite}), 422, "bad_request")
    assert_error(client.post(f"{table.url}/join", json={"name": "B" * 25, "invite": table.invite}), 422, "too_long")
    assert snapshot(client, table) == before


def test_join_full_table(client: TestClient) -> None:
    table = create(client)
    for name in ["Bob", "Carol", "Dave", "Erin"]:
        join(client, table, name)
    assert len(public(client, table)["seats"]) == MAX_PLAYERS
    before = snapshot(client, table)
    message = assert_error(client.post(f"{table.url}/join", json={"name": "Frank", "invite": table.invite}),
                           409, "table_full")
    assert str(MAX_PLAYERS) in message
    assert snapshot(client, table) == before


def test_join_started_table(client: TestClient) -> None:
    table = new_game(client, humans=2)
    before = snapshot(client, table)
    assert_error(client.post(f"{table.url}/join", json={"name": "Late", "invite": table.invite}),
                 409, "already_started")
    assert snapshot(client, table) == before


def test_duplicate_names_are_made_unique(client: TestClient) -> None:
    table = create(client, "Alice")
    join(client, table, "Bob")
    join(client, table, "Bob")
    join(client, table, "Alice")
    join(client, table, "Bob")
    names = [s["name"] for s in public(client, table)["seats"]]
    assert names == ["Alice", "Bob", "Bob 2", "Alice 2", "Bob 3"]
    assert len(set(names)) == len(names)
    assert state(client, table, 2)["you"]["name"] == "Bob 2"


@pytest.mark.parametrize("length", [22, 23, 24])
def test_unique_name_stays_within_the_length_limit(client: TestClient, length: int) -> None:
    # Once hung the server: "<24 chars> 2" cut back to 24 characters is the taken name again, forever.
    long = "Z" * length
    table = create(client, long)
    for _ in range(3):
        join(client, table, long)
    names = [s["name"] for s in public(client, table)["seats"]]
    assert names[0] == long
    assert len(set(names)) == 4
    assert all(len(name) <= 24 for name in names)
    assert names[1].endswith(" 2") and names[3].endswith(" 4")


def test_unknown_option_is_refused_not_ignored(client) -> None:  # type: ignore[no-untyped-def]
    reply = client.post("/api/tables", json={"game": "hidden-hands", "name": "Ann", "options": {"reveiw_s": 5}})
    assert reply.status_code == 422
    error = reply.json()["error"]
    assert error["code"] == "invalid_options" and "reveiw_s" in error["message"] and "review_s" in error["message"]
