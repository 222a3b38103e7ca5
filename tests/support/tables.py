"""A started table made over HTTP, as a person would make it: for tests that drive a real server process."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx


@dataclass(frozen=True)
class StartedTable:
    table_id: str
    tokens: list[str]  # by seat: the host (Ann) first, then the people who joined (P1, P2, ...)
    invite: str
    spectate: str


def start_table(client: httpx.Client, base: str, game: str, people: int, bots: int = 0,
                **options: Any) -> StartedTable:
    """Ann makes a ``game`` table at ``base``, ``people`` - 1 more join, ``bots`` bots fill seats, and it starts.
    ``options`` go with the creation (``turn_timer``, ``options``, ...)."""
    created = client.post(f"{base}/api/tables", json={"game": game, "name": "Ann", **options}).json()
    table_id, invite = created["table_id"], created["invite_url"].split("invite=")[1]
    tokens = [created["token"]] + [
        client.post(f"{base}/api/tables/{table_id}/join", json={"name": f"P{n}", "invite": invite}).json()["token"]
        for n in range(1, people)]
    head = {"Authorization": f"Bearer {tokens[0]}"}
    if bots:
        client.post(f"{base}/api/tables/{table_id}/bots", headers=head, json={"count": bots}).raise_for_status()
    client.post(f"{base}/api/tables/{table_id}/start", headers=head).raise_for_status()
    return StartedTable(table_id, tokens, invite, created["spectate_url"].split("key=")[1])
