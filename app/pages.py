"""Server-rendered pages: home, table (lobby, play, result), spectate, seat link, fairness proof, replay, rules help."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.api import game_public, limited
from app.audit import audit as table_audit
from app.db import ROOT
from app.errors import ApiError, http_error_handler
from app.names import NAME_MAX
from app.replay import Replays, finished_table
from app.service import TableService
from games.protocol import Game

router = APIRouter()
templates = Jinja2Templates(directory=str(ROOT / "templates"))
templates.env.globals["NAME_MAX"] = NAME_MAX  # every name field allows what the server allows
# Data handed to a page's script keeps its order: a game's options are listed as the game declares them (layout, then
# teams, then windows), not sorted by key.
templates.env.policies["json.dumps_kwargs"] = {"sort_keys": False}
RULES_DIR = ROOT / "templates" / "rules"


def _service(request: Request) -> TableService:
    service: TableService = request.app.state.service  # set by main's lifespan; app.state is untyped
    return service


def _page(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    return templates.TemplateResponse(request, name, context, status_code=status)


def _error_page(request: Request, exc: ApiError) -> HTMLResponse:
    titles = {"not_found": "Not found", "not_finished": "Not finished yet"}
    title = titles.get(exc.code, "Not found" if exc.status == 404 else "Sorry")
    return _page(request, "error.html", exc.status, title=title, message=exc.message)


MACHINE_PATHS = ("/api/", "/ws/", "/static/")  # programs read these: they get API.md's JSON errors


async def http_error(request: Request, exc: Exception) -> Response:
    """A mistyped page address gets a page a person can read; API, websocket and file paths keep the JSON error."""
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code == 404 and not request.url.path.startswith(MACHINE_PATHS):
        return _page(request, "error.html", 404, title="Page not found",
                     message="There is no page at this address: the link may be incomplete or mistyped.")
    return await http_error_handler(request, exc)


STATIC_DIR = ROOT / "static"


@router.get("/sw.js", response_class=FileResponse)
async def service_worker() -> FileResponse:
    """The service worker, from the site's root so that its scope is every page (no Service-Worker-Allowed header).
    ``no-cache``: a browser checks for a newer one at each visit rather than keeping an old one a day."""
    return FileResponse(STATIC_DIR / "sw.js", media_type="text/javascript",
                        headers={"Cache-Control": "no-cache"})


@router.get("/manifest.webmanifest", response_class=FileResponse)
async def web_manifest() -> FileResponse:
    """The web app manifest (installing the site on a phone's home screen), from the root like its start_url."""
    return FileResponse(STATIC_DIR / "manifest.webmanifest", media_type="application/manifest+json")


@router.get("/", response_class=HTMLResponse)
async def home(request: Request) -> HTMLResponse:
    registry: Mapping[str, Game[Any]] = request.app.state.games  # set by create_app; app.state is untyped
    games = [game_public(g) for g in registry.values()]
    return _page(request, "home.html", games=games)


async def _table_page(request: Request, table_id: str, spectate_key: str | None) -> HTMLResponse:
    service = _service(request)
    try:
        row, _ = await service.snapshot(table_id)
        game = game_public(service.game(row.game))
    except ApiError as exc:
        return _error_page(request, exc)
    return _page(request, "table.html", table_id=table_id, game=game, spectate_key=spectate_key,
                 invite=request.query_params.get("invite"))


@router.get("/t/{table_id}", response_class=HTMLResponse)
async def table_page(request: Request, table_id: str) -> HTMLResponse:
    return await _table_page(request, table_id, None)


@router.get("/t/{table_id}/watch", response_class=HTMLResponse)
async def spectate_page(request: Request, table_id: str, key: str = "") -> HTMLResponse:
    return await _table_page(request, table_id, key)


@router.get("/t/{table_id}/seat", response_class=HTMLResponse)
async def seat_page(request: Request, table_id: str) -> HTMLResponse:
    return _page(request, "seat.html", table_id=table_id)


@router.get("/move", response_class=HTMLResponse)
async def move_page(request: Request) -> HTMLResponse:
    """Where a move link lands: its script trades the code (in the fragment) for every table it carries."""
    return _page(request, "move.html")


@router.get("/t/{table_id}/verify", response_class=HTMLResponse)
async def verify_page(request: Request, table_id: str) -> HTMLResponse:
    service = _service(request)
    try:
        audit = await table_audit(service, table_id)
        game = service.game(audit["game"])
    except ApiError as exc:
        return _error_page(request, exc)
    replay = None
    if audit["seed"]:
        try:
            limited(request, "replay_limiter", "replays rebuilt")  # the check replays the whole game, every time
        except ApiError as exc:
            return _error_page(request, exc)
        replays: Replays = request.app.state.replays
        ok, message, _ = await replays.rebuilder.verdict(game, audit)
        replay = {"ok": ok, "message": message}
    return _page(request, "verify.html", table_id=table_id, audit=audit, replay=replay, game=game_public(game))


@router.get("/t/{table_id}/replay", response_class=HTMLResponse)
async def replay_page(request: Request, table_id: str) -> HTMLResponse:
    """The step-through replay; like its data, it does not exist before the end, whoever asks."""
    service = _service(request)
    try:
        row, seats = await finished_table(service, table_id)
        game = service.game(row.game)
    except ApiError as exc:
        return _error_page(request, exc)
    return _page(request, "replay.html", table_id=table_id, game=game_public(game),
                 names=[seat.name for seat in seats])


@router.get("/games/{game_id}/rules", response_class=HTMLResponse)
async def rules_page(request: Request, game_id: str) -> HTMLResponse:
    service = _service(request)
    try:
        game = service.game(game_id)
    except ApiError as exc:
        return _error_page(request, exc)
    path: Path = RULES_DIR / f"{game.id}.html"
    rules_html = path.read_text() if path.exists() else "<p>Rules help for this game is still to be written.</p>"
    return _page(request, "rules.html", game=game_public(game), rules_html=rules_html)
