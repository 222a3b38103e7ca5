"""A client of a real server process, as an outsider sees it: HTTP through httpx, websockets through the
``websockets`` library. The security tests drive the server only through this."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

Message = dict[str, Any]


@dataclass
class Remote:
    url: str
    source: str = "127.0.0.1"  # the client's own address: limits per address are tested from addresses of their own

    def _client(self) -> httpx.Client:
        return httpx.Client(transport=httpx.HTTPTransport(local_address=self.source), timeout=10, trust_env=False)

    def request(self, method: str, path: str, token: str | None = None, **kwargs: Any) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        headers.update(kwargs.pop("headers", {}))
        with self._client() as client:
            return client.request(method, self.url + path, headers=headers, **kwargs)

    @property
    def ws_base(self) -> str:
        return self.url.replace("http://", "ws://", 1)

    def post(self, path: str, token: str | None = None, **body: Any) -> httpx.Response:
        return self.request("POST", path, token, json=body)

    def get(self, path: str, token: str | None = None, **params: Any) -> httpx.Response:
        return self.request("GET", path, token, params=params)

    def delete(self, path: str, token: str | None = None) -> httpx.Response:
        return self.request("DELETE", path, token)

    def table(self, name: str = "Alice", game: str = "hidden-hands", **extra: Any) -> RemoteTable:
        created = self.post("/api/tables", game=game, name=name, **extra)
        assert created.status_code == 201, created.text
        data = created.json()
        table = RemoteTable(self, data["table_id"], query(data["invite_url"], "invite"),
                            query(data["spectate_url"], "key"))
        table.tokens.append(data["token"])
        table.seat_url = data["seat_url"]
        return table

    @contextlib.contextmanager
    def socket(self, table_id: str, token: str | None = None, spectate: str | None = None, *,
               in_url: bool = False, auth: bool = True, **headers: str) -> Iterator[ClientConnection]:
        """A websocket on ``table_id``, credential sent the browser's way (first message) unless ``in_url``."""
        url = f"{self.ws_base}/ws/tables/{table_id}"
        if in_url:
            url += f"?token={token}" if token else f"?spectate={spectate}"
        with connect(url, additional_headers=headers or None, max_size=None, open_timeout=10, proxy=None,
                     source_address=(self.source, 0)) as ws:
            if auth and not in_url:
                with contextlib.suppress(ConnectionClosed):  # refused before it asked: the refusal is still there
                    ws.send(json.dumps({"type": "auth", "token": token} if token
                                       else {"type": "auth", "spectate": spectate}))
            yield ws


@dataclass
class RemoteTable:
    remote: Remote
    table_id: str
    invite: str
    spectate: str
    tokens: list[str] = field(default_factory=list)
    seat_url: str = ""  # the creator's seat link

    @property
    def path(self) -> str:
        return f"/api/tables/{self.table_id}"

    def join(self, name: str) -> str:
        joined = self.remote.post(f"{self.path}/join", name=name, invite=self.invite)
        assert joined.status_code == 200, joined.text
        token = joined.json()["token"]
        self.tokens.append(token)
        return token

    def public(self) -> Message:
        return self.remote.get(self.path).json()

    def state(self, token: str | None) -> Message:
        response = (self.remote.get(f"{self.path}/state", token) if token
                    else self.remote.get(f"{self.path}/state", spectate=self.spectate))
        assert response.status_code == 200, response.text
        return response.json()


def query(url: str, name: str) -> str:
    return parse_qs(urlsplit(url).query)[name][0]


def receive(ws: ClientConnection, timeout: float = 5.0) -> Message:
    return json.loads(ws.recv(timeout=timeout))


def opening(ws: ClientConnection) -> Message:
    """The three opening messages (state, chat history, presence); returns the state."""
    state, history, presence = receive(ws), receive(ws), receive(ws)
    assert (state["type"], history["type"], presence["type"]) == ("state", "chat_history", "presence")
    return state


def receive_until(ws: ClientConnection, predicate: Any, timeout: float = 5.0, limit: int = 500) -> Message:
    for _ in range(limit):
        message = receive(ws, timeout)
        if predicate(message):
            return message
    raise AssertionError("the expected message never came")


def everything(ws: ClientConnection, quiet: float = 0.3) -> tuple[list[Message], int | None]:
    """Every message until the socket is quiet for ``quiet`` seconds or closes; and its close code, if it closed."""
    got: list[Message] = []
    try:
        while True:
            got.append(json.loads(ws.recv(timeout=quiet)))
    except TimeoutError:
        return got, None
    except ConnectionClosed as closed:
        return got, closed.rcvd.code if closed.rcvd else None
