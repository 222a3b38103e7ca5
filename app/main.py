"""The app factory: settings in, a FastAPI app out, with a lifespan that owns the database, hub and timers."""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from app import account_api, api, health, metrics, pages, stream
from app.account_seats import AccountSeats
from app.accounts import Accounts
from app.autoplay import Autoplay
from app.chat import Chat
from app.db import ROOT, make_engine, migrate, sessionmaker
from app.drain import drain_on_sigterm
from app.entry import TabletopApp
from app.errors import ApiError, api_error_handler, validation_error_handler
from app.expiry import sweep_forever
from app.guards import Guard
from app.handover import HandOver
from app.hub import Hub, RedisHub
from app.invitations import Invitations
from app.limits import RateLimiter
from app.links import SeatLinks
from app.listing import Listing
from app.live import LiveHub
from app.lobby import Lobby
from app.moves import MoveLinks
from app.presence import Presence
from app.push import Pusher
from app.rebuild import Rebuilder, load_games
from app.rematch import Rematch
from app.replay import Replays
from app.service import TableService
from app.settings import Settings
from games.protocol import Game

GC_THRESHOLDS = (50_000, 50, 100)  # young, middle, full collections: see the lifespan


def create_app(settings: Settings | None = None, games: Mapping[str, Game[Any]] | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    registry = dict(games) if games is not None else load_games(settings.extra_games)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if settings.migrate_at_start:  # `tabletop serve` migrates once before starting workers and turns this off
            await migrate(settings.database_url)
        engine = make_engine(settings.database_url)
        hub: Hub = RedisHub(settings.redis_url) if settings.redis_url else Hub()
        await hub.start()
        presence = Presence(settings, hub)
        sessions = sessionmaker(engine)
        service = TableService(settings, sessions, registry, hub, presence)
        await presence.start()
        autoplay = Autoplay(service, settings, hub, registry)
        chat = Chat(service, settings)
        live = LiveHub(service, chat, settings, hub)
        assert settings.catch_up_interval is not None  # Settings.__post_init__ fills in the default
        live.start(settings.catch_up_interval)
        app.state.service, app.state.autoplay, app.state.live = service, autoplay, live
        app.state.presence, app.state.chat = presence, chat
        app.state.hub, app.state.sessions = hub, sessions  # the readiness check asks both
        app.state.lobby, app.state.rematch, app.state.links = Lobby(service), Rematch(service), SeatLinks(service)
        app.state.moves, app.state.handover = MoveLinks(service), HandOver(service)
        app.state.accounts = Accounts(service)
        app.state.account_seats = AccountSeats(service, sessions, settings.seal_key)
        app.state.replays = replays = Replays(service, Rebuilder(settings.extra_games, registry))
        pusher = Pusher(service, settings, sessions)
        await pusher.start()
        # After each commit made here, in this order: the bots look at the table, then turn notifications go out.
        service.subscribe(autoplay, pusher)
        app.state.pusher = pusher
        app.state.invitations = Invitations(service, app.state.lobby, pusher, settings.public_url)
        app.state.listing = Listing(service, app.state.lobby, registry)
        await autoplay.start()
        janitor = asyncio.create_task(sweep_forever(service, settings))
        sampler = asyncio.create_task(metrics.sample_forever(service))
        # Everything made so far (modules, settings, engines' data) lives as long as the process: move it out of the
        # collector's sight, so full collections with thousands of connections stay short.
        gc.collect()
        gc.freeze()
        # Python's default thresholds run a full collection every few seconds under load, and a full collection of a
        # heap holding a thousand connections' tables stalls every table for 100 ms or more (the benchmark's p99 at
        # 100 actions/s: 115-145 ms with them, 9 ms without collections). Far rarer collections keep the tail short;
        # the server makes little cyclic garbage, so memory hardly grows for it.
        gc.set_threshold(*GC_THRESHOLDS)
        drain_on_sigterm(app.state, settings.shutdown_drain_s)
        try:
            yield
        finally:
            for task in (janitor, sampler):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            await replays.close()
            await pusher.stop()
            await autoplay.stop()
            await live.close_all()
            await presence.stop()
            await hub.stop()
            await service.close()
            await engine.dispose()
            metrics.worker_stopped()

    app = TabletopApp(title="Tabletop Secrets", lifespan=lifespan)
    app.state.settings, app.state.games = settings, registry
    # Per client address; in memory, so per worker.
    app.state.create_limiter = RateLimiter(*settings.create_rate, name="create")
    app.state.join_limiter = RateLimiter(*settings.join_rate, name="join")
    app.state.connect_limiter = RateLimiter(*settings.connect_rate, name="connect")
    app.state.replay_limiter = RateLimiter(*settings.replay_rate, name="replay")
    app.state.link_limiter = RateLimiter(*settings.link_rate, name="link")
    # Passkey ceremonies need no credential either: the same budget as seat links, counted on its own.
    app.state.account_limiter = RateLimiter(*settings.link_rate, name="account")
    app.state.push_test_limiter = RateLimiter(*settings.push_test_rate, name="push_test")
    app.state.your_tables_limiter = RateLimiter(*settings.your_tables_rate, name="your_tables")
    app.state.list_limiter = RateLimiter(*settings.list_rate, name="list")
    app.add_middleware(Guard, settings=settings)
    app.add_exception_handler(ApiError, api_error_handler)
    app.add_exception_handler(RequestValidationError, validation_error_handler)
    app.add_exception_handler(StarletteHTTPException, pages.http_error)
    app.include_router(health.router)
    app.include_router(metrics.router)
    app.include_router(api.router)
    app.include_router(account_api.router)
    app.include_router(stream.router)
    app.include_router(pages.router)
    app.mount("/static", StaticFiles(directory=str(ROOT / "static")), name="static")
    return app
