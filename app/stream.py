"""The websocket half of API.md: one connection per viewer, state messages at every seq, acts and chat in.

A client names itself either in the URL (``?token=`` / ``?spectate=``, API.md's form) or, better, in its first
message, ``{"type": "auth", "token": …}`` or ``{"type": "auth", "spectate": …}``, which keeps the credential out
of every URL a proxy or server might log. The browser client uses the first-message form.
"""

from __future__ import annotations

import asyncio
import contextlib
import uuid
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.datastructures import URL, QueryParams
from starlette.routing import WebSocketRoute

from app import metrics
from app.chat import Chat
from app.errors import ApiError
from app.guards import origin_allowed, within_rate
from app.limits import parse_json
from app.live import Close, Connection, LiveHub
from app.presence import Presence
from app.service import TableService

router = APIRouter()
AUTH_WAIT_S = 10.0  # how long a connection without credentials in its URL may take to send them


def _error(message_id: object, code: str, text: str) -> dict[str, object]:
    metrics.refused(code)
    return {"type": "error", "id": message_id, "code": code, "message": text}


async def table_stream(websocket: WebSocket) -> None:
    table_id: str = websocket.path_params["table_id"]
    token, spectate, patches = _asked(websocket)
    service: TableService = websocket.app.state.service
    live: LiveHub = websocket.app.state.live
    presence: Presence = websocket.app.state.presence
    chat: Chat = websocket.app.state.chat
    settings = websocket.app.state.settings
    if not origin_allowed(websocket, settings):
        await websocket.close(code=4403, reason="This page's origin may not open this table.")  # before accept: 403
        return
    await websocket.accept()
    try:
        if not within_rate(websocket.app.state.connect_limiter, websocket, settings):
            raise ApiError(429, "too_many_connections", "Too many connections from your address; wait a minute.")
        if not token and not spectate:
            token, spectate, patches = await _credentials(websocket, settings.max_message_bytes)
        viewing = await service.viewer(table_id, token, spectate)
        conn = Connection(websocket, viewing.holder, None, _base(websocket, settings.public_url), patches=patches)
        live.admit(table_id, conn)  # counted from here until live.leave below
    except ApiError as exc:
        await websocket.send_json(_error(None, exc.code, exc.message))
        code = {404: 4404, 429: 4429}.get(exc.status, 4401)
        await websocket.close(code=code, reason=exc.message[:120])
        return
    except WebSocketDisconnect:
        return
    sender = f"{table_id}:{viewing.holder}" if viewing.holder is not None else f"{table_id}:watch:{uuid.uuid4()}"
    reader: asyncio.Task[None] | None = None
    counted = False
    metrics.WEBSOCKETS.inc()  # admitted ones: a refused handshake is over at once
    try:
        # Counted before the opening message is built, so that message (and anything read after it) shows us there.
        await presence.change(table_id, viewing.holder, +1)
        counted = True
        await live.join(table_id, conn)
        # Reading runs until the client leaves or the connection's writer ends it (a close sent, a send failed);
        # either resolves ``conn.ended`` (a reader's end through its done callback: no asyncio.wait, whose waiter
        # and callbacks each idle viewer would hold, issue 39).
        reader = asyncio.create_task(_read(websocket, service, chat, conn, table_id, sender,
                                           settings.max_message_bytes))
        reader.add_done_callback(conn.reading_ended)
        with contextlib.suppress(WebSocketDisconnect, RuntimeError):
            await conn.ended
    finally:
        if reader is not None and not reader.done():
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await reader
        await conn.stop()
        live.leave(table_id, conn)
        metrics.WEBSOCKETS.dec()
        if counted:
            await presence.change(table_id, viewing.holder, -1)


# A plain Starlette route rather than FastAPI's: FastAPI's websocket routes solve dependencies inside two exit stacks
# that stay alive, with their frames, as long as the connection does (about 6 KB of each idle viewer's ~45 KB). The
# app's front door (app.entry) matches this route itself and calls the handler without the middleware in between.
router.add_websocket_route("/ws/tables/{table_id}", table_stream)
TABLE_STREAM = router.routes[-1]
assert isinstance(TABLE_STREAM, WebSocketRoute) and TABLE_STREAM.endpoint is table_stream


# The URL and its query are read from the scope here rather than through ``websocket.url`` and
# ``websocket.query_params``, which would keep their parsed forms (the token among them) on the socket object for the
# connection's life (~0.7 KB of each idle viewer, issue 39).


def _asked(websocket: WebSocket) -> tuple[str | None, str | None, bool]:
    """The seat token, the spectator key and whether patches are wanted, as the URL's query names them."""
    query = QueryParams(websocket.scope["query_string"])
    return query.get("token"), query.get("spectate"), query.get("patches") == "1"


def _base(websocket: WebSocket, public_url: str) -> str:
    """Where links in this viewer's messages point: the configured public URL, else this (trusted) host."""
    if public_url:
        return public_url
    url = URL(scope=websocket.scope)
    return f"{'https' if url.scheme == 'wss' else 'http'}://{url.netloc}"


async def _credentials(websocket: WebSocket, limit: int) -> tuple[str | None, str | None, bool]:
    """Wait for the first message to name the seat or spectator (and say whether it takes patches); anything else
    is refused."""
    try:
        async with asyncio.timeout(AUTH_WAIT_S):
            frame = await websocket.receive()
    except TimeoutError:
        raise ApiError(401, "no_credentials", "Send {\"type\": \"auth\", \"token\": …} first.") from None
    if frame["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(frame.get("code", 1000))
    raw = frame.get("text")
    if raw is None or len(raw) > limit:
        raise ApiError(401, "no_credentials", "The first message must be a small JSON text naming your seat.")
    message = parse_json(raw)
    if not isinstance(message, dict) or message.get("type") != "auth":
        raise ApiError(401, "no_credentials", 'Send {"type": "auth", "token": …} (or "spectate": …) first.')
    token, spectate = message.get("token"), message.get("spectate")
    if not isinstance(token, str | None) or not isinstance(spectate, str | None):
        raise ApiError(401, "no_credentials", "The token and spectator key are text.")
    return token, spectate, message.get("patches") is True


def _decode(raw: str | None, limit: int) -> dict[str, Any]:
    """One client message as a JSON object, or an ``ApiError`` saying what is wrong with it."""
    if raw is None:  # a binary frame: receive_text() would raise KeyError and drop the connection
        raise ApiError(400, "bad_message", "Send messages as text frames holding JSON.")
    if len(raw) > limit or len(raw.encode()) > limit:
        raise ApiError(413, "too_large", f"Messages are limited to {limit} bytes.")
    message = parse_json(raw)
    if not isinstance(message, dict):
        raise ApiError(400, "bad_message", "A message must be a JSON object with a 'type'.")
    return message


async def _read(websocket: WebSocket, service: TableService, chat: Chat, conn: Connection, table_id: str,
                sender: str, limit: int) -> None:
    while True:
        # A client sending faster than it reads its answers waits here (its frames wait in the network) instead of
        # filling the queue that also carries everyone's state messages to it.
        while conn.backlogged():
            await asyncio.sleep(0.01)
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(frame.get("code", 1000))
        message_id: Any = None
        try:
            message = _decode(frame.get("text"), limit)
            message_id = message.get("id")
            kind = message.get("type")
            if kind == "act":
                if conn.holder is None:
                    raise ApiError(403, "spectator", "Spectators watch; they cannot act.")
                if "action" not in message:
                    raise ApiError(422, "bad_action", "An 'act' message needs an 'action'.")
                # A connection dropping mid-action cannot cut it short: service calls run to their end.
                seq = await service.act(table_id, conn.holder, message["action"], message.get("expect_seq"))
                conn.push({"type": "ack", "id": message_id, "seq": seq})
            elif kind == "chat":
                await chat.post(table_id, conn.holder, message.get("text"), message.get("channel"), sender,
                                message.get("name"))
            elif kind == "ping":
                conn.push({"type": "pong", "id": message_id})
            elif kind == "auth":
                raise ApiError(409, "already_authenticated", "This connection already knows who you are.")
            else:
                raise ApiError(422, "bad_message", f"Unknown message type {str(kind)[:40]!r}; send 'act' or 'chat'.")
        except ApiError as exc:
            conn.push(_error(message_id, exc.code, exc.message))
            if exc.code == "seat_gone":
                conn.close(Close(4403, exc.message[:120]))
