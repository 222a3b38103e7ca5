"""Posting one push to its push service, at the address that was checked and nowhere else.

A subscription's endpoint is whatever a seat's holder posted, so nothing may turn the post elsewhere: the host is
resolved once, every address it gives must be public (an IPv6 address that carries an IPv4 one is judged by that IPv4
address too), and the connection goes to that very address, keeping the host's name for TLS (SNI and the certificate
check) and for the Host header: no second lookup, so no window for a name to be pointed at the server's own network
in between. The request is plain ``http.client``, which follows no redirect: a 3xx answer is a failed delivery.
"""

from __future__ import annotations

import asyncio
import http.client
import ipaddress
import socket
import ssl
from functools import cache

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
NAT64 = ipaddress.ip_network("64:ff9b::/96")  # RFC 6052's well-known prefix: the last 32 bits are the IPv4 address
COMPATIBLE = ipaddress.ip_network("::/96")  # the old IPv4-compatible form, ::a.b.c.d


class Refused(Exception):
    """The endpoint's host is not one a push may go to; the message says why, in words for the subscriber."""


def literal(host: str | None) -> Address | None:
    """The address a host names when it is written as one (brackets and an IPv6 zone dropped), else None."""
    try:
        return ipaddress.ip_address((host or "").strip("[]").split("%")[0])
    except ValueError:
        return None  # a name, not an address


def carried_ipv4(address: Address) -> list[ipaddress.IPv4Address]:
    """The IPv4 addresses an IPv6 address carries, which is where a packet to it may end up: IPv4-mapped, the old
    IPv4-compatible form, NAT64's well-known prefix, 6to4 and Teredo (its server and its client)."""
    if not isinstance(address, ipaddress.IPv6Address):
        return []
    found = [a for a in (address.ipv4_mapped, address.sixtofour) if a is not None]
    if address.teredo is not None:
        found.extend(address.teredo)
    if address in NAT64 or address in COMPATIBLE:
        found.append(ipaddress.IPv4Address(int(address) & 0xFFFFFFFF))
    return found


def is_public(address: Address) -> bool:
    return address.is_global and all(inner.is_global for inner in carried_ipv4(address))


async def checked_address(host: str, port: int, any_address: bool = False) -> str:
    """The one address to connect to for ``host``: the literal itself, or what the name resolves to now. Every address
    a name gives must be public (unless ``any_address``: the tests' loopback endpoint); raises ``Refused``."""
    found = literal(host)
    if found is not None:
        addresses = [found]
    else:
        try:
            infos = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
        except OSError as exc:
            raise Refused("its host name could not be found") from exc
        addresses = [a for a in (literal(str(info[4][0])) for info in infos) if a is not None]
        if not addresses:
            raise Refused("its host name could not be found")
    if not any_address and not all(is_public(a) for a in addresses):
        raise Refused("it is not at a public address")
    return str(addresses[0])


@cache
def _tls() -> ssl.SSLContext:
    return ssl.create_default_context()  # the system's CAs; the certificate must name the endpoint's host


class _PlainTo(http.client.HTTPConnection):
    """An HTTP connection to a fixed address: ``host`` is only what the Host header says."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _TlsTo(http.client.HTTPSConnection):
    """An HTTPS connection to a fixed address, with ``host`` sent as SNI and required of the certificate."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=_tls())
        self.address = address

    def connect(self) -> None:
        raw = socket.create_connection((self.address, self.port), self.timeout)
        try:
            self.sock = _tls().wrap_socket(raw, server_hostname=self.host)
        except BaseException:
            raw.close()
            raise


def post(scheme: str, host: str, port: int, address: str, target: str, headers: dict[str, str], body: bytes,
         timeout: float) -> int:
    """POST ``body`` to ``target`` on ``host`` at ``address`` and return the answer's status (blocking: run it in a
    thread). Whatever the answer says, this is the only request made."""
    kind = _TlsTo if scheme == "https" else _PlainTo
    connection = kind(host, port, address, timeout)
    try:
        connection.request("POST", target or "/", body=body, headers=headers)
        return connection.getresponse().status  # its body is not read: nothing in it is used
    finally:
        connection.close()
