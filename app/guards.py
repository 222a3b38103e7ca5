"""What stands in front of every route: trusted hosts, body limits, security headers, websocket origins.

``Guard`` is a plain ASGI middleware so that it runs before anything reads a body: an oversized or hopelessly nested
request is refused from its headers or while it streams in, and never reaches JSON parsing or the database.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from app.errors import ApiError
from app.limits import RateLimiter, parse_json
from app.metrics import refused
from app.settings import Settings

# No inline script anywhere: pages load their modules from /static and read their data from JSON blocks.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


def host_name(host: str) -> str:
    """The name in a Host header, without its port: ``[::1]:8000`` → ``[::1]``, ``Example.org:80`` → ``example.org``."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[: host.find("]") + 1]
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def client_address(connection: Any) -> str:
    client = connection.scope.get("client") if hasattr(connection, "scope") else None
    return str(client[0]) if client else "unknown"


def within_rate(limiter: RateLimiter, connection: Any, settings: Settings) -> bool:
    """Count one event for the connection's address; False once that address is over the limit."""
    address = client_address(connection)
    return address in settings.rate_exempt or limiter.allow(address)


def origin_allowed(websocket: WebSocket, settings: Settings) -> bool:
    """A browser names the page that opens a websocket; only our own pages may open one (a page elsewhere could
    otherwise act with a visitor's stored credentials). Clients that are not browsers send no Origin."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    origin = origin.rstrip("/").lower()
    if origin in settings.allowed_origins or "*" in settings.allowed_origins:
        return True
    if settings.public_url and origin == _origin_of(settings.public_url):
        return True
    parts = urlsplit(origin)
    return parts.netloc == websocket.headers.get("host", "").lower() and parts.scheme in ("http", "https")


def _origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def host_trusted(host: str, settings: Settings) -> bool:
    allowed = settings.allowed_hosts
    return "*" in allowed or host_name(host) in allowed


async def refuse_unknown_host(scope: Scope, send: Send, settings: Settings) -> bool:
    """Close a websocket handshake naming a host this server does not answer to (True: refused). The last Host
    header counts, as in the guard's header dict; none at all is the empty name."""
    host = ""
    for key, value in scope["headers"]:
        if key == b"host":
            host = value.decode("latin-1")
    if host_trusted(host, settings):
        return False
    await send({"type": "websocket.close", "code": 4400, "reason": "unknown host"})
    return True


class Guard:
    """Trusted hosts and body limits for every request; security headers on every response."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.settings = settings

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            if await refuse_unknown_host(scope, send, self.settings):
                return
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        if not host_trusted(headers.get("host", ""), self.settings):
            error = ApiError(400, "unknown_host", "This server does not answer to that host name. Its operator sets "
                                                  "PUBLIC_URL or ALLOWED_HOSTS to the names it is reached by.")
            await _respond(send, error)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *SECURITY_HEADERS]}
            await send(message)

        try:
            receive = await self._checked_body(scope, headers, receive)
        except ApiError as error:
            await _respond(send, error)
            return
        await self.app(scope, receive, send_with_headers)

    async def _checked_body(self, scope: Scope, headers: dict[str, str], receive: Receive) -> Receive:
        """Read the body within the limit (refusing early on a declared length over it), check a JSON body's
        nesting, and hand the app a ``receive`` that replays what was read."""
        if scope["method"] in ("GET", "HEAD", "OPTIONS", "DELETE") and "content-length" not in headers \
                and "transfer-encoding" not in headers:
            return receive
        limit = self.settings.max_body_bytes
        too_big = ApiError(413, "too_large", f"Request bodies are limited to {limit} bytes.")
        declared = headers.get("content-length", "")
        # ASCII digits only (isdigit() alone takes "²", which int() refuses); a declared length of more digits than
        # the limit has is over it without reading it as a number.
        if declared.isascii() and declared.isdigit() and (len(declared) > len(str(limit)) or int(declared) > limit):
            raise too_big
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                raise too_big
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body and "json" in headers.get("content-type", ""):
            try:
                parse_json(body, "request body")  # depth, NaN and encoding, before FastAPI's own parse
            except ApiError as exc:  # said as the API says any other unreadable body
                raise ApiError(422, "bad_request", exc.message) from None
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        return replay


async def _respond(send: Send, error: ApiError) -> None:
    """The guard's own refusals, which no route answers: they carry the security headers like every other answer."""
    refused(error.code)
    body = json.dumps(error.body()).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
               *SECURITY_HEADERS]
    await send({"type": "http.response.start", "status": error.status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
