"""Service calls run to their end when their caller is cancelled, and the cancellation still reaches the caller."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable, Coroutine
from typing import Any

import anyio
import pytest

from app.shield import run_to_end
from tests.support.loops import run_in_own_loop


def _run(test: Callable[[], Coroutine[Any, Any, None]]) -> None:
    run_in_own_loop(test())


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
    caught: list[bool] = []

    async def test() -> None:
        with anyio.CancelScope() as scope:  # made inside the loop: newer anyio needs one running
            scope.cancel()
            await run_to_end(_slow_write(log))
        caught.append(scope.cancelled_caught)

    _run(test)
    assert caught == [True] and log == ["begun", "ended"]


def test_without_cancellation_the_result_and_errors_pass_through() -> None:
    async def failing() -> None:
        raise ValueError("no")

    async def test() -> None:
        assert await run_to_end(_slow_write([])) == "done"
        with pytest.raises(ValueError, match="no"):
            await run_to_end(failing())

    _run(test)


def test_a_refusal_whose_caller_was_cancelled_is_not_logged_as_never_retrieved() -> None:
    """A socket closing right after sending a refused action: the refusal has nobody to go to, and that is fine."""
    unhandled: list[dict[str, Any]] = []

    async def refused() -> None:
        await asyncio.sleep(0.02)
        raise ValueError("refused")

    async def test() -> None:
        asyncio.get_running_loop().set_exception_handler(lambda _loop, context: unhandled.append(context))
        caller = asyncio.create_task(run_to_end(refused()))
        await asyncio.sleep(0.005)
        caller.cancel()
        await asyncio.wait({caller})
        assert caller.cancelled()
        del caller
        gc.collect()  # a task whose exception was never retrieved reports it when it is collected
        await asyncio.sleep(0)

    _run(test)
    assert unhandled == []
