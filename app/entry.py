"""The app's front door: the table stream's websockets go from uvicorn straight to their handler (issue 39).

An ASGI call stays open for a websocket's whole life, so every layer it passes through keeps a frame, and often a
closure or an exit stack, alive for as long as the viewer watches: FastAPI's telemetry and body-limit wrappers,
Starlette's error, exception and exit-stack middleware, the guard, the included routers, the route's own exception
wrapper. Together about 7.5 KB of each idle viewer's memory, for nothing a websocket on this route uses. So a
websocket whose path is the table stream's is matched here and handed to it directly, after the one check of the
middleware that applies to it (the guard's trusted host). Everything else takes the whole stack as before.

What the skipped layers would have done for this route: none of them touches a websocket's messages; an exception
escaping the handler reaches uvicorn, which logs it and drops the connection (the app's exception handlers write
HTTP responses, which a websocket cannot carry, so that was the outcome before too); FastAPI's native telemetry,
which this app does not configure, sees no span for these connections.
"""

from __future__ import annotations

from fastapi import FastAPI
from starlette.routing import Match
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket

from app.guards import refuse_unknown_host
from app.stream import TABLE_STREAM, table_stream


class TabletopApp(FastAPI):
    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            if self.root_path:  # as FastAPI's own call does first
                scope["root_path"] = self.root_path
            match, matched = TABLE_STREAM.matches(scope)
            if match is Match.FULL:
                scope["app"], scope["router"] = self, self.router  # what Starlette's app and router would set
                scope.update(matched)  # the path parameters and the endpoint, as the router would
                if await refuse_unknown_host(scope, send, self.state.settings):
                    return
                await table_stream(WebSocket(scope, receive, send))
                return
        await super().__call__(scope, receive, send)
