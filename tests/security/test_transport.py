"""What the server believes about the network: which address a request counts under (`X-Forwarded-For` only from a
proxy the operator names), requests that never finish, and how many connections one address may hold open."""

from __future__ import annotations

import contextlib
import socket
import time
from collections.abc import Iterator

import httpx
import pytest

from app.settings import Settings
from app.transport import Limits
from tests.conftest import ServerProcess, server_env
from tests.security.remote import Remote, opening

CREATE = 3  # table creations per address in these servers
TIMEOUT = 1  # seconds a request may take to arrive, in these servers
CAP = 5  # open connections per address, in these servers
EXEMPT = "10.9.9.9"  # an address no rate applies to: a client that could claim it would escape every rate


def serve(tmp_path_factory: pytest.TempPathFactory, name: str, **env: str) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp(name)
    process = ServerProcess(server_env(folder, CREATE_RATE=f"{CREATE}/60", **env), log_path=folder / "server.log")
    process.start()
    yield process
    process.stop()


@pytest.fixture(scope="module")
def edge(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """Clients reach this server directly: no proxy is named. Loopback is not exempt from the rates here."""
    yield from serve(tmp_path_factory, "edge", RATE_EXEMPT=EXEMPT, REQUEST_TIMEOUT=str(TIMEOUT),
                     MAX_CONNECTIONS_PER_ADDRESS=str(CAP))


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A proxy on 127.0.0.1 stands in front of this server and passes on its visitors' addresses."""
    yield from serve(tmp_path_factory, "proxied", RATE_EXEMPT=EXEMPT, FORWARDED_ALLOW_IPS="127.0.0.1",
                     MAX_CONNECTIONS_PER_ADDRESS=str(CAP))


def create(client: Remote, forwarded: str | None = None) -> int:
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    return client.request("POST", "/api/tables", json={"game": "hidden-hands", "name": "Alice"},
                          headers=headers).status_code


def test_a_client_cannot_name_its_own_address(edge: ServerProcess) -> None:
    me = Remote(edge.url)  # 127.0.0.1: the address uvicorn trusts by default
    assert [create(me, EXEMPT) for _ in range(CREATE + 2)] == [201] * CREATE + [429] * 2
    # Naming a fresh address each time buys no fresh budget either: everything counts under 127.0.0.1.
    assert [create(me, f"10.0.0.{n}") for n in range(2)] == [429, 429]


def test_a_named_proxy_passes_on_its_visitors_addresses(proxied: ServerProcess) -> None:
    proxy = Remote(proxied.url)
    assert [create(proxy, "10.0.0.1") for _ in range(CREATE + 1)] == [201] * CREATE + [429]
    assert create(proxy, "10.0.0.2") == 201  # another visitor has a budget of its own
    # A proxy appends the address it saw to what the visitor sent; the visitor's own claim before it is not believed.
    assert create(proxy, f"{EXEMPT}, 10.0.0.1") == 429
    assert create(proxy, EXEMPT) == 201  # the proxy itself vouches for this one: a visitor there is exempt


def test_only_the_named_proxy_may_forward(proxied: ServerProcess) -> None:
    stranger = Remote(proxied.url, source="127.0.0.13")
    assert [create(stranger, EXEMPT) for _ in range(CREATE + 1)] == [201] * CREATE + [429]
    assert create(stranger, "10.0.0.3") == 429



def test_the_named_proxy_has_no_connection_cap(proxied: ServerProcess) -> None:
    proxy = Remote(proxied.url)  # all of a proxy's visitors arrive from its address
    table = Remote(proxied.url, source="127.0.0.14").table("Alice")
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(proxy.socket(table.table_id, spectate=table.spectate)) for _ in range(CAP + 2)]
        for ws in sockets:
            assert opening(ws)["you"]["seat"] is None
        assert proxy.get("/api/games").status_code == 200


def connect(process: ServerProcess, source: str) -> socket.socket:
    return socket.create_connection(("127.0.0.1", process.port), timeout=10, source_address=(source, 0))


def closed_by_server(sock: socket.socket, within: float) -> bool:
    """Whether the server closes the connection within ``within`` seconds (whatever it sends before that)."""
    deadline = time.monotonic() + within
    while (left := deadline - time.monotonic()) > 0:
        sock.settimeout(left)
        try:
            if sock.recv(65536) == b"":
                return True
        except TimeoutError:
            return False
        except ConnectionResetError:
            return True
    return False


def answer(sock: socket.socket) -> bytes:
    """One whole HTTP response (its body by Content-Length), leaving the connection open."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(int(line.split(b":")[1]) for line in head.lower().split(b"\r\n")
                  if line.startswith(b"content-length:"))
    while len(body) < length:
        body += sock.recv(65536)
    return head


def test_requests_that_never_finish_arriving_are_closed(edge: ServerProcess) -> None:
    me = "127.0.0.21"
    unfinished = [
        b"",  # connects and says nothing
        b"GET /api/ga",  # a request line that never ends
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n",  # headers that never end
        b"GET /ws/tables/x HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n",
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 100\r\n\r\n{\"game\": ",  # a body that never ends
    ]
    sockets = [connect(edge, me) for _ in unfinished]
    try:
        for sock, start in zip(sockets, unfinished, strict=True):
            sock.sendall(start)
        for sock, start in zip(sockets, unfinished, strict=True):
            assert closed_by_server(sock, within=TIMEOUT + 5), start
    finally:
        for sock in sockets:
            sock.close()


def test_a_kept_alive_connection_must_finish_its_next_request_too(edge: ServerProcess) -> None:
    with connect(edge, "127.0.0.22") as sock:
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert answer(sock).startswith(b"HTTP/1.1 200")
        sock.sendall(b"GET /api/games HTTP/1.1\r\n")  # ... and no more
        assert closed_by_server(sock, within=TIMEOUT + 5)


def test_connections_per_address_are_capped(edge: ServerProcess) -> None:
    me = Remote(edge.url, source="127.0.0.23")
    table = Remote(edge.url, source="127.0.0.24").table("Alice")
    with contextlib.ExitStack() as stack:
        # Websockets stay open past the request deadline: CAP of them fill this address's allowance.
        sockets = [stack.enter_context(me.socket(table.table_id, spectate=table.spectate)) for _ in range(CAP)]
        for ws in sockets:
            opening(ws)
        for _ in range(3):
            with pytest.raises(httpx.TransportError):  # closed before a byte is read: no answer at all
                me.get("/api/games")
        assert Remote(edge.url, source="127.0.0.25").get("/api/games").status_code == 200  # others are unaffected
    deadline = time.monotonic() + 10  # once they have gone, this address is welcome again
    while True:
        try:
            assert me.get("/api/games").status_code == 200
            break
        except httpx.TransportError:
            assert time.monotonic() < deadline, "the address stayed refused after its connections closed"
            time.sleep(0.05)


def test_who_the_cap_spares() -> None:
    spared = Limits.of(Settings(rate_exempt=["127.0.0.1", "::1"], forwarded_allow_ips=["10.0.0.0/8"]))
    assert not spared.capped("127.0.0.1") and not spared.capped("::1") and not spared.capped("10.2.3.4")
    assert spared.capped("127.0.0.2") and spared.capped("192.0.2.1") and spared.capped("2001:db8::1")
    assert not Limits.of(Settings(forwarded_allow_ips=["*"])).capped("192.0.2.1")


@pytest.mark.parametrize("length", [0, 1, 125, 126, 127, 65535, 65536, 70_000])
def test_text_frames_are_written_as_websockets_writes_them(length: int) -> None:
    """The protocol frames a text message itself (issue 39): byte for byte the frame ``websockets`` makes, at every
    length encoding (7 bits, 16, 64)."""
    from websockets.frames import Frame, Opcode

    from app.transport import text_frame

    payload = ("é" * length).encode()[:length]
    assert text_frame(payload) == Frame(Opcode.TEXT, payload).serialize(mask=False)
