"""The websocket half of API.md: one connection per viewer, state messages at every seq, acts and chat in."""

from __future__ import annotations

import asyncio
import contextlib
import json
import uuid

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from app.errors import ApiError
from app.live import Connection, LiveHub
from app.service import TableService

router = APIRouter()


def _error(message_id: object, code: str, text: str) -> dict[str, object]:
    return {"type": "error", "id": message_id, "code": code, "message": text}


@router.websocket("/ws/tables/{table_id}")
async def table_stream(websocket: WebSocket, table_id: str, token: str | None = None,
                       spectate: str | None = None) -> None:
    service: TableService = websocket.app.state.service
    live: LiveHub = websocket.app.state.live
    settings = websocket.app.state.settings
    await websocket.accept()
    try:
        viewing = await service.viewer(table_id, token, spectate)
    except ApiError as exc:
        await websocket.send_json(_error(None, exc.code, exc.message))
        await websocket.close(code=4404 if exc.status == 404 else 4401)
        return
    base = settings.public_url or f"{'https' if websocket.url.scheme == 'wss' else 'http'}://{websocket.url.netloc}"
    conn = Connection(websocket, viewing.seat, base)
    sender = f"{table_id}:{viewing.seat}" if viewing.seat is not None else f"{table_id}:watch:{uuid.uuid4()}"
    # Counted before the opening message is built, so that message (and anything read after it) shows us connected.
    await service.presence(table_id, viewing.seat, +1)
    tasks: list[asyncio.Task[None]] = []
    try:
        await live.join(table_id, conn)
        tasks = [asyncio.create_task(conn.writer()),
                 asyncio.create_task(_read(websocket, service, conn, table_id, sender, settings.max_message_bytes))]
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in done:
            with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                task.result()
    finally:
        for task in tasks:
            if not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
        live.leave(table_id, conn)
        await service.presence(table_id, viewing.seat, -1)


async def _read(websocket: WebSocket, service: TableService, conn: Connection, table_id: str, sender: str,
                limit: int) -> None:
    while True:
        frame = await websocket.receive()
        if frame["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(frame.get("code", 1000))
        raw = frame.get("text")
        if raw is None:  # a binary frame: receive_text() would raise KeyError and drop the connection
            conn.push(_error(None, "bad_message", "Send messages as text frames holding JSON."))
            continue
        if len(raw.encode()) > limit:
            conn.push(_error(None, "too_large", f"Messages are limited to {limit} bytes."))
            continue
        try:
            message = json.loads(raw)
        except ValueError:
            conn.push(_error(None, "bad_json", "That message is not valid JSON."))
            continue
        if not isinstance(message, dict):
            conn.push(_error(None, "bad_message", "A message must be a JSON object with a 'type'."))
            continue
        message_id = message.get("id")
        kind = message.get("type")
        try:
            if kind == "act":
                if conn.seat is None:
                    raise ApiError(403, "spectator", "Spectators watch; they cannot act.")
                if "action" not in message:
                    raise ApiError(422, "bad_action", "An 'act' message needs an 'action'.")
                # A connection dropping mid-action cannot cut it short: service calls run to their end.
                seq = await service.act(table_id, conn.seat, message["action"], message.get("expect_seq"))
                conn.push({"type": "ack", "id": message_id, "seq": seq})
            elif kind == "chat":
                await service.post_chat(table_id, conn.seat, message.get("text"), message.get("channel"), sender)
            elif kind == "ping":
                conn.push({"type": "pong", "id": message_id})
            else:
                raise ApiError(422, "bad_message", f"Unknown message type {kind!r}; send 'act' or 'chat'.")
        except ApiError as exc:
            conn.push(_error(message_id, exc.code, exc.message))
