"""Health and readiness for the proxy and the orchestrator: ``/healthz`` says the process answers, ``/readyz`` that
it can serve (its database answers with the newest schema, its Redis answers when it has one, and it is not
draining for a restart). Neither says anything about any table."""

from __future__ import annotations

import asyncio
import functools
from typing import Any

from alembic.script import ScriptDirectory
from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy import text

from app.db import alembic_config

router = APIRouter()
CHECK_TIMEOUT_S = 2.0  # a check that takes longer than this counts as failed: a health check must answer quickly


@functools.cache
def schema_heads() -> frozenset[str]:
    """The migrations' head revisions, as this copy of the code knows them."""
    return frozenset(ScriptDirectory.from_config(alembic_config("sqlite://")).get_heads())


@router.get("/healthz", include_in_schema=False)
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/readyz", include_in_schema=False)
async def readyz(request: Request) -> JSONResponse:
    state = request.app.state
    checks: dict[str, str] = {}
    if getattr(state, "draining", False):
        checks["server"] = "shutting down"
    checks["database"] = await _checked(_database(state.sessions))
    if state.settings.redis_url:
        checks["redis"] = await _checked(state.hub.ping())
    ready = all(value == "ok" for value in checks.values())
    return JSONResponse({"status": "ready" if ready else "not ready", "checks": checks},
                        status_code=200 if ready else 503)


async def _checked(check: Any) -> str:
    """"ok", or what went wrong in a few words (the error's type: its text can hold a host name or a user)."""
    try:
        async with asyncio.timeout(CHECK_TIMEOUT_S):
            return str(await check)
    except TimeoutError:
        return "no answer"
    except Exception as exc:
        return f"unreachable ({type(exc).__name__})"


async def _database(sessions: Any) -> str:
    async with sessions() as session:
        rows = (await session.execute(text("SELECT version_num FROM alembic_version"))).scalars().all()
    if frozenset(rows) != schema_heads():
        return "schema not at the newest migration"
    return "ok"
