"""Metrics in Prometheus' text format (prometheus-client), served on ``/metrics`` to the addresses in
``METRICS_ALLOW_IPS`` only (default: the machine itself).

Under ``tabletop serve --workers N`` the workers are separate processes: each writes its numbers to files in
``PROMETHEUS_MULTIPROC_DIR`` (``serve`` makes one when it is not set) and whichever worker answers a scrape adds
them all up, so a scrape sees the whole server, not one worker.
"""

from __future__ import annotations

import asyncio
import ipaddress
import os
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

MULTIPROC_DIR = "PROMETHEUS_MULTIPROC_DIR"
SAMPLE_EVERY_S = 5.0  # how often the gauges that are counted, not kept, are brought up to date

ACTIONS = Counter("tabletop_actions", "Game actions committed, by who made them (seat, bot, timer, auto, expire).",
                  ["source"])
COMMIT_BATCH = Histogram("tabletop_commit_batch_size", "Actions written in one commit (group commit).",
                         buckets=(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024))
COMMIT_SECONDS = Histogram("tabletop_commit_seconds", "Time to write and commit one batch of actions.",
                           buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5))
FANOUT_SECONDS = Histogram(
    "tabletop_fanout_seconds", "From an action's commit to the last viewer's message of it being handed to the "
    "connection (per worker with viewers of the table).",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5))
WEBSOCKETS = Gauge("tabletop_websockets_open", "Table websockets open.", multiprocess_mode="livesum")
TABLES_HELD = Gauge("tabletop_tables_in_memory", "Tables held in memory as last committed.",
                    multiprocess_mode="livesum")
BOT_DECISIONS = Counter("tabletop_bot_decisions", "Bot decisions made, by game and kind of bot.", ["game", "kind"])
BOT_THINK_SECONDS = Histogram("tabletop_bot_think_seconds", "Time a bot took to decide, by kind of bot.", ["kind"],
                              buckets=(0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5))
REFUSALS = Counter("tabletop_refusals", "Requests and messages refused, by error code.", ["code"])
RATE_LIMITED = Counter("tabletop_rate_limited", "Events refused by a rate limit, by limit.", ["limit"])

router = APIRouter()


def refused(code: str) -> None:
    REFUSALS.labels(code).inc()


def allowed(address: str, allow: list[str]) -> bool:
    """Whether ``address`` is one of ``allow`` (addresses or networks)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    for entry in allow:
        try:
            if ip in ipaddress.ip_network(entry, strict=False):
                return True
        except ValueError:
            continue
    return False


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    address = request.client.host if request.client else ""
    if not allowed(address, request.app.state.settings.metrics_allow_ips):
        # API.md's error body, written here: app.errors counts refusals through this module, so it cannot be used.
        refused("metrics_not_allowed")
        return JSONResponse({"error": {"code": "metrics_not_allowed",
                                       "message": "Metrics are not served to this address."}}, status_code=403)
    registry: CollectorRegistry = REGISTRY
    if os.environ.get(MULTIPROC_DIR):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)


async def sample_forever(service: Any) -> None:
    """Keep the counted gauges current (counting them at every change would cost the hot path)."""
    while True:
        TABLES_HELD.set(service.tables_held())
        await asyncio.sleep(SAMPLE_EVERY_S)


def worker_stopped() -> None:
    """A worker leaving: its live gauges stop counting towards the sum."""
    if os.environ.get(MULTIPROC_DIR):
        multiprocess.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]


def bot_decided(game: str, kind: str, seconds: float) -> None:
    BOT_DECISIONS.labels(game, kind).inc()
    BOT_THINK_SECONDS.labels(kind).observe(seconds)
