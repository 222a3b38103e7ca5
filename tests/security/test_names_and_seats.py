"""Names that pass for someone else, bots asked for by an empty name, and seats handed to bots under a live player."""

from __future__ import annotations

import json

import pytest

from tests.security.remote import Remote, opening, receive_until


@pytest.mark.parametrize(("taken", "newcomer", "given"), [
    ("Ada", "Ada", "Ada 2"),
    ("Ada", "ADA", "ADA 2"),
    ("Ada", "\u0410\u0434\u0430", "\u0410\u0434\u0430"),  # all Cyrillic "Ада": д is no d, so it is another name
    ("Ola", "\u041e\u04cf\u0430", "\u041e\u04cf\u0430 2"),  # all Cyrillic "Оӏа" looks exactly like "Ola"
    ("Zoe", "Zo\u00eb", "Zo\u00eb 2"),  # an accent is no disguise
])
def test_lookalike_names_are_told_apart(remote: Remote, taken: str, newcomer: str, given: str) -> None:
    table = remote.table(taken)
    table.join(newcomer)
    assert [s["name"] for s in table.public()["seats"]] == [taken, given]


@pytest.mark.parametrize(("name", "why"), [
    ("\u0410da", "one alphabet"),  # Cyrillic А then Latin "da"
    ("Bot Ada", "kept for bots"),
    ("bot", "kept for bots"),
    ("B\u043et-Ada", "one alphabet"),
    ("BOT 7", "kept for bots"),
])
def test_names_that_pass_for_someone_else_are_refused(remote: Remote, name: str, why: str) -> None:
    host = remote.table("Alice")
    joined = remote.post(f"{host.path}/join", name=name, invite=host.invite)
    assert joined.status_code == 422 and why in joined.json()["error"]["message"]
    created = remote.post("/api/tables", game="hidden-hands", name=name)
    assert created.status_code == 422 and created.json()["error"]["code"] == "bad_name"
    assert len(host.public()["seats"]) == 1


def test_ordinary_names_still_welcome(remote: Remote) -> None:
    table = remote.table("Botan")  # a name that merely starts with the letters
    for name in ("Łukasz", "Αλέξης", "Иван", "美咲"):
        table.join(name)
    assert [s["name"] for s in table.public()["seats"]] == ["Botan", "Łukasz", "Αλέξης", "Иван", "美咲"]
    other = remote.table("O'Brien")
    other.join("Ана-Мария")
    assert [s["name"] for s in other.public()["seats"]] == ["O'Brien", "Ана-Мария"]


@pytest.mark.parametrize("name", [
    "Bob",
    "bOB",
    "\u0412\u041e\u0412",  # all Cyrillic "ВОВ", which reads "BOB"
    "B0b",
    "Alice",  # the host
    "Bot Ada",
])
def test_a_spectator_cannot_chat_under_a_player_s_name(remote: Remote, name: str) -> None:
    table = remote.table("Alice")
    table.join("Bob")
    said = remote.request("POST", f"{table.path}/chat", params={"spectate": table.spectate},
                          json={"text": "I fold", "name": name})
    assert said.status_code == 422 and said.json()["error"]["code"] == "bad_name", said.text
    with remote.socket(table.table_id, spectate=table.spectate) as ws:
        opening(ws)
        ws.send(json.dumps({"type": "chat", "text": "I fold", "name": name, "id": 1}))
        refused = receive_until(ws, lambda m: m["type"] in ("error", "chat"))
        assert (refused["type"], refused["code"]) == ("error", "bad_name"), refused
    assert remote.get(f"{table.path}/chat", spectate=table.spectate).json() == []


def test_a_spectator_may_still_choose_a_name_of_their_own(remote: Remote) -> None:
    table = remote.table("Alice")
    table.join("Bob")
    said = remote.request("POST", f"{table.path}/chat", params={"spectate": table.spectate},
                          json={"text": "go Bob", "name": "Bobby"})
    assert said.status_code == 201, said.text
    with remote.socket(table.table_id, spectate=table.spectate) as ws:
        opening(ws)
        ws.send(json.dumps({"type": "chat", "text": "hello", "name": "Watcher"}))
        heard = receive_until(ws, lambda m: m["type"] in ("error", "chat"))
        assert (heard["type"], heard["name"], heard["seat"]) == ("chat", "Watcher", None), heard
    lines = remote.get(f"{table.path}/chat", spectate=table.spectate).json()
    assert [(c["name"], c["text"]) for c in lines] == [("Bobby", "go Bob"), ("Watcher", "hello")]


def test_an_empty_bot_kind_is_refused(remote: Remote) -> None:
    table = remote.table("Alice")
    refused = remote.post(f"{table.path}/bots", table.tokens[0], count=1, kind="")
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "unknown_bot"
    assert len(table.public()["seats"]) == 1


def test_a_connected_active_player_s_seat_is_not_handed_to_a_bot(remote: Remote) -> None:
    table = remote.table("Alice")
    bob = table.join("Bob")
    assert remote.post(f"{table.path}/start", table.tokens[0]).status_code == 200
    with remote.socket(table.table_id, bob) as ws:
        opening(ws)
        refused = remote.post(f"{table.path}/seats/1/bot", table.tokens[0])
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "still_playing"
        assert [s["bot"] for s in table.public()["seats"]] == [False, False]
    # Once Bob has gone, the host may hand his seat on.
    handed = remote.post(f"{table.path}/seats/1/bot", table.tokens[0])
    assert handed.status_code == 200, handed.text
    assert [s["bot"] for s in table.public()["seats"]] == [False, True]
