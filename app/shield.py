"""Database work that, once begun, runs to its end even if its caller is cancelled.

Cancelling a task in the middle of an async database call makes SQLAlchemy terminate that connection from a stray
task; with aiosqlite that task can wait forever, and the event loop then never finishes shutting down (seen as a
server that hangs on exit, and as a hung test client). Cancellation arrives from many places (a websocket closing,
a bot loop or poller being stopped, server shutdown), so the service's entry points are guarded here instead.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, ParamSpec, TypeVar

T = TypeVar("T")
P = ParamSpec("P")


async def run_to_end(awaitable: Awaitable[T]) -> T:
    """Await ``awaitable`` to its end; a cancellation that arrives meanwhile is raised once it has finished."""
    task = asyncio.ensure_future(awaitable)
    cancelled: asyncio.CancelledError | None = None
    while not task.done():
        try:
            await asyncio.wait({task})  # unlike awaiting the task, being cancelled here leaves the task running
        except asyncio.CancelledError as exc:
            cancelled = exc  # the original, which a cancel scope (anyio's) recognises as its own
    if cancelled is not None:
        if not task.cancelled():
            task.exception()  # retrieved, so a refusal nobody waits for is not logged as "never retrieved"
        raise cancelled
    return task.result()


def runs_to_end(method: Callable[P, Coroutine[Any, Any, T]]) -> Callable[P, Coroutine[Any, Any, T]]:
    """Decorator form of :func:`run_to_end`, for the service's database entry points."""

    @functools.wraps(method)
    async def guarded(*args: P.args, **kwargs: P.kwargs) -> T:
        return await run_to_end(method(*args, **kwargs))

    return guarded
