"""Service calls run to their end when their caller is cancelled, and the cancellation still reaches the caller."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import anyio
import pytest

from app.shield import run_to_end


def _run(test: Callable[[], Awaitable[Any]]) -> None:
    """Runs ``test`` on a fresh loop in its own thread: Playwright's session keeps a loop running in this one."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, test()).result()


async def _slow_write(log: list[str]) -> str:
    log.append("begun")
    await asyncio.sleep(0.05)
    log.append("ended")
    return "done"


def test_a_cancelled_caller_waits_for_the_call_then_is_cancelled() -> None:
    log: list[str] = []

    async def test() -> None:
        caller = asyncio.create_task(run_to_end(_slow_write(log)))
        await asyncio.sleep(0.01)
        caller.cancel()
        with pytest.raises(asyncio.CancelledError):
            await caller

    _run(test)
    assert log == ["begun", "ended"]


def test_an_anyio_cancel_scope_recognises_the_cancellation_as_its_own() -> None:
    log: list[str] = []
    scope = anyio.CancelScope()

    async def test() -> None:
        with scope:
            scope.cancel()
            await run_to_end(_slow_write(log))

    _run(test)
    assert scope.cancelled_caught and log == ["begun", "ended"]


def test_without_cancellation_the_result_and_errors_pass_through() -> None:
    async def failing() -> None:
        raise ValueError("no")

    async def test() -> None:
        assert await run_to_end(_slow_write([])) == "done"
        with pytest.raises(ValueError, match="no"):
            await run_to_end(failing())

    _run(test)
