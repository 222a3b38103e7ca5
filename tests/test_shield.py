"""Service calls run to their end when their caller is cancelled, and the cancellation still reaches the caller."""

from __future__ import annotations

import asyncio

import anyio
import pytest

from app.shield import run_to_end


async def _slow_write(log: list[str]) -> str:
    log.append("begun")
    await asyncio.sleep(0.05)
    log.append("ended")
    return "done"


async def test_a_cancelled_caller_waits_for_the_call_then_is_cancelled() -> None:
    log: list[str] = []
    caller = asyncio.create_task(run_to_end(_slow_write(log)))
    await asyncio.sleep(0.01)
    caller.cancel()
    with pytest.raises(asyncio.CancelledError):
        await caller
    assert log == ["begun", "ended"]


async def test_an_anyio_cancel_scope_recognises_the_cancellation_as_its_own() -> None:
    log: list[str] = []
    with anyio.CancelScope() as scope:
        scope.cancel()
        await run_to_end(_slow_write(log))
    assert scope.cancelled_caught and log == ["begun", "ended"]


async def test_without_cancellation_the_result_and_errors_pass_through() -> None:
    assert await run_to_end(_slow_write([])) == "done"

    async def failing() -> None:
        raise ValueError("no")

    with pytest.raises(ValueError, match="no"):
        await run_to_end(failing())
