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
        # A future of our own, woken when the task is done: unlike awaiting the task, being cancelled here cancels
        # only this future and leaves the task running. (``asyncio.wait`` does the same with more work; this runs
        # for every action, issue 20.)
        waiter = task.get_loop().create_future()
        wake = functools.partial(_wake, waiter)
        task.add_done_callback(wake)
        try:
            await waiter
        except asyncio.CancelledError as exc:
            cancelled = exc  # the original, which a cancel scope (anyio's) recognises as its own
            task.remove_done_callback(wake)
    if cancelled is not None:
        if not task.cancelled():
            task.exception()  # retrieved, so a refusal nobody waits for is not logged as "never retrieved"
        raise cancelled
    return task.result()


def _wake(waiter: asyncio.Future[None], _task: asyncio.Future[Any]) -> None:
    if not waiter.done():
        waiter.set_result(None)


def runs_to_end(method: Callable[P, Coroutine[Any, Any, T]]) -> Callable[P, Coroutine[Any, Any, T]]:
    """Decorator form of :func:`run_to_end`, for the service's database entry points."""

    @functools.wraps(method)
    async def guarded(*args: P.args, **kwargs: P.kwargs) -> T:
        return await run_to_end(method(*args, **kwargs))

    return guarded
