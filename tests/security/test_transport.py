"""What the server believes about the network: which address a request counts under (`X-Forwarded-For` only from a
proxy the operator names), requests that never finish, and how many connections one address may hold open."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.conftest import ServerProcess, server_env
from tests.security.remote import Remote

CREATE = 3  # table creations per address in these servers
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
    yield from serve(tmp_path_factory, "edge", RATE_EXEMPT=EXEMPT)


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A proxy on 127.0.0.1 stands in front of this server and passes on its visitors' addresses."""
    yield from serve(tmp_path_factory, "proxied", RATE_EXEMPT=EXEMPT, FORWARDED_ALLOW_IPS="127.0.0.1")


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

