"""docs/API.md documents everything the server exposes: every HTTP route (from the app's OpenAPI schema), the websocket,
every websocket message type, every error code and close code, and the size limits.

The document's convention (stated at its top): a route is a heading ``### METHOD /path`` with the path exactly as the
app declares it; ``### WS /path`` is a websocket; a heading ending in `` (planned)`` is a route not served yet;
websocket messages are headings ``#### Server message `type``` / ``#### Client message `type```; error codes are
written in backticks. What the server has is read from the app itself (routes) and from the source of ``app/`` (error
codes, message types, close codes), so a new route, code or message fails here until it is documented.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from starlette.routing import WebSocketRoute

from app import limits, live, messages, names, stream
from app.audit import ACTION_SOURCES
from app.main import create_app
from app.settings import Settings
from games.protocol import IllegalAction

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "API.md"
APP_DIR = ROOT / "app"

ROUTE_HEADING = re.compile(r"^### (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|WS) (/\S*)( \(planned\))?[ \t]*$", re.M)
MESSAGE_HEADING = re.compile(r"^#### (Server|Client) message `([a-z_]+)`[ \t]*$", re.M)
Route = tuple[str, str]


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> FastAPI:
    # Building the schema needs no lifespan: nothing here touches the database.
    return create_app(Settings(database_url=f"sqlite:///{tmp_path_factory.mktemp('doc')}/unused.db"))


@pytest.fixture(scope="module")
def doc() -> str:
    return DOC.read_text(encoding="utf-8")


def documented(doc: str) -> tuple[set[Route], set[Route]]:
    """(routes documented as served, routes documented as planned), each as (METHOD, path)."""
    served: set[Route] = set()
    planned: set[Route] = set()
    for method, path, mark in ROUTE_HEADING.findall(doc):
        (planned if mark else served).add((method, path))
    return served, planned


def schema_routes(app: FastAPI) -> set[Route]:
    schema = app.openapi()
    return {(method.upper(), path) for path, operations in schema["paths"].items() for method in operations}


def websocket_paths(app: FastAPI) -> set[str]:
    """The app's websocket routes. Routers are included without a prefix (app/main.py); newer FastAPI wraps each in
    an object holding the router as ``original_router``, older ones copy its routes into the app: both are walked."""
    found: set[str] = set()
    pending: list[Any] = list(app.routes)
    while pending:
        route = pending.pop()
        if isinstance(route, WebSocketRoute):
            found.add(route.path)
        router = getattr(route, "original_router", None)
        pending.extend(getattr(router, "routes", None) or getattr(route, "routes", None) or [])
    return found


def sources() -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(APP_DIR.glob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def call_name(node: ast.Call) -> str | None:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def text(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def dict_get(node: ast.AST) -> bool:
    """``{…}.get(key, default)``: a lookup table written in place, whose values and default are codes."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
            and isinstance(node.func.value, ast.Dict) and len(node.args) == 2)


def error_codes() -> set[str]:
    """Every error code the server can send: each ``ApiError(status, "code", …)`` in app/, each ``not_found(what)``
    (``unknown_<what>``), the codes of app/errors.py's protocol-error handler, and the games' refusal codes, which
    the service passes on as they are."""
    codes: set[str] = set(IllegalAction.CODES)
    for path, tree in sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and call_name(node) == "ApiError" and len(node.args) >= 2:
                code = text(node.args[1])
                if code is not None:
                    codes.add(code)
            elif isinstance(node, ast.Call) and call_name(node) == "not_found":
                codes.add(f"unknown_{text(node.args[0]) if node.args else 'table'}")
            elif path.name == "errors.py" and isinstance(node, ast.AsyncFunctionDef | ast.FunctionDef) \
                    and node.name == "http_error_handler":
                for inner in ast.walk(node):  # {404: "not_found", 405: ...}.get(status, "http_error")
                    if isinstance(inner, ast.Dict):
                        codes.update(c for c in map(text, inner.values) if c is not None)
                    elif dict_get(inner):
                        assert isinstance(inner, ast.Call)
                        codes.update(c for c in [text(inner.args[1])] if c is not None)
    return codes


def server_message_types() -> set[str]:
    """The ``type`` of every message the server builds: dict literals with a constant ``"type"`` that is not an ASGI
    event (those have a dot: ``http.response.start``)."""
    found: set[str] = set()
    for _, tree in sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    kind = text(value)
                    if text(key) == "type" and kind is not None and "." not in kind:
                        found.add(kind)
    return found


def client_message_types() -> set[str]:
    """The types app/stream.py reads from a client: ``kind`` or ``message.get("type")`` compared with a constant."""
    found: set[str] = set()
    tree = ast.parse(Path(stream.__file__).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        left = node.left
        reads_type = (isinstance(left, ast.Name) and left.id == "kind") or (
            isinstance(left, ast.Call) and call_name(left) == "get" and left.args and text(left.args[0]) == "type")
        if reads_type:
            found.update(kind for kind in map(text, node.comparators) if kind is not None and "." not in kind)
    return found


def close_codes() -> set[int]:
    """Close codes app/stream.py and app/live.py send after accepting a connection (``Close(…)``, ``close(code=…)``
    and the status-to-close-code table). The origin check's close comes before the handshake completes, so a client
    sees an HTTP 403 instead; its code is the same 4403 as a removed seat's."""
    found: set[int] = set()
    for module in (stream, live):
        tree = ast.parse(Path(module.__file__ or "").read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            values: list[ast.expr] = []
            if isinstance(node, ast.Call) and call_name(node) == "Close" and node.args:
                values.append(node.args[0])
            if isinstance(node, ast.Call):
                values += [kw.value for kw in node.keywords if kw.arg == "code"]
                if dict_get(node):
                    values.append(node.args[1])
            if isinstance(node, ast.Dict):
                values += node.values
            found.update(v.value for v in values if isinstance(v, ast.Constant) and type(v.value) is int
                         and 1000 <= v.value <= 4999)
    return found


def section(doc: str, title: str) -> str:
    """The text of the ``## …`` section whose heading contains ``title``, up to the next ``## ``."""
    match = re.search(rf"^## [^\n]*{re.escape(title)}[^\n]*\n(.*?)(?=^## |\Z)", doc, re.M | re.S)
    assert match, f"docs/API.md has no '## … {title}' section"
    return match.group(1)


def test_every_route_in_the_schema_is_documented(app: FastAPI, doc: str) -> None:
    served, planned = documented(doc)
    routes = schema_routes(app)
    assert len(routes) >= 20, "the OpenAPI schema lost its routes: is this still the right app?"
    missing = sorted(routes - served - planned)
    assert not missing, "routes missing from docs/API.md (add a '### METHOD /path' section): " + ", ".join(
        f"{m} {p}" for m, p in missing)
    landed = sorted(routes & planned)
    assert not landed, ("routes marked '(planned)' in docs/API.md are now served: check their section against the "
                        "code and drop the marker: " + ", ".join(f"{m} {p}" for m, p in landed))


def test_every_documented_route_exists(app: FastAPI, doc: str) -> None:
    served, _ = documented(doc)
    http = {(m, p) for m, p in served if m != "WS"}
    stale = sorted(http - schema_routes(app))
    assert not stale, "docs/API.md documents routes the app does not serve: " + ", ".join(f"{m} {p}" for m, p in stale)
    sockets = {p for m, p in served if m == "WS"}
    assert sockets == websocket_paths(app), (sockets, websocket_paths(app))


def test_the_websocket_is_documented(app: FastAPI, doc: str) -> None:
    paths = websocket_paths(app)
    assert "/ws/tables/{table_id}" in paths
    for path in paths:
        assert f"\n### WS {path}\n" in doc, f"docs/API.md has no '### WS {path}' section"


def test_every_error_code_is_documented(doc: str) -> None:
    codes = error_codes()
    assert len(codes) >= 30, f"the scan of app/ found only {sorted(codes)}: has ApiError moved?"
    assert {"bad_request", "not_found", "method_not_allowed", "http_error", "unknown_table"} <= codes  # errors.py
    catalogue = section(doc, "Errors")
    missing = sorted(code for code in codes if f"`{code}`" not in catalogue)
    assert not missing, "error codes missing from docs/API.md's error catalogue: " + ", ".join(missing)


def test_every_websocket_message_is_documented(doc: str) -> None:
    headings = MESSAGE_HEADING.findall(doc)
    server = {kind for side, kind in headings if side == "Server"}
    client = {kind for side, kind in headings if side == "Client"}
    sent = server_message_types()
    read = client_message_types()
    assert {"state", "patch", "error", "chat"} <= sent and {"act", "chat", "auth"} <= read, (sent, read)
    assert sent == server, f"server messages: the app sends {sorted(sent)}, docs/API.md has {sorted(server)}"
    assert read == client, f"client messages: the app reads {sorted(read)}, docs/API.md has {sorted(client)}"


def test_every_close_code_is_documented(doc: str) -> None:
    codes = close_codes() | {1009}  # 1009: the transport's own refusal of a frame over the limit
    assert {4401, 4404, 4429, 1013} <= codes, codes
    websocket = section(doc, "The websocket")
    missing = sorted(code for code in codes if f"\n| {code} |" not in websocket)
    assert not missing, f"close codes missing from the table in docs/API.md's websocket section: {missing}"


def test_limits_match_the_code(doc: str) -> None:
    settings = Settings()
    numbers = {
        "HTTP request body": settings.max_body_bytes,
        "websocket frame": settings.max_frame_bytes,
        "websocket message": settings.max_message_bytes,
        "JSON nesting": limits.MAX_JSON_DEPTH,
        "display name": names.NAME_MAX,
        "chat line": settings.chat_max_len,
        "open websockets": settings.max_connections_per_seat,
        "messages waiting for a slow client": live.QUEUE_LIMIT,
        "log in a state message": messages.LOG_TAIL,
        "`auth` message": int(stream.AUTH_WAIT_S),
        "request arriving": int(settings.request_timeout),
        "open connections": settings.max_connections_per_address,
    }
    rows = {line.split("|")[1].strip(): line for line in section(doc, "Limits").splitlines() if line.startswith("| ")}
    for what, value in numbers.items():
        assert what in rows, f"docs/API.md's limits table has no row '{what}'"
        assert re.search(rf"\b{value}\b", rows[what]), f"limits table, '{what}': the code says {value}"
    count, per = settings.chat_rate
    assert re.search(rf"\b{count} lines per {per:g} s\b", rows["chat rate"]), settings.chat_rate


def action_sources_written() -> set[str]:
    """Every ``source="…"`` an action is committed with in app/ (``service.act(…, source=…)`` and the like)."""
    found: set[str] = set()
    for _, tree in sources():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                found.update(s for k in node.keywords if k.arg == "source" and (s := text(k.value)) is not None)
    return found


def test_the_audits_sources_are_named_as_documented(doc: str) -> None:
    """Section 7 names each ``source`` an audited action can have; the audit's list is that very list, and every
    source the app commits an action with is on it (a self-closing window's end is ``expire``, not ``timer``)."""
    section = doc.split("## 7. Fairness audit", 1)[1].split("\n## ", 1)[0]
    sentence = section.split("`source` is ", 1)[1].split("\n\n", 1)[0].split(". ", 1)[0]
    named = re.findall(r"`([a-z_]+)`", re.sub(r"\([^)]*\)", "", sentence))
    assert named == list(ACTION_SOURCES)
    assert action_sources_written() <= set(ACTION_SOURCES), action_sources_written()
    assert "expire" in action_sources_written()  # the name the audit gives a window that closes itself is written
