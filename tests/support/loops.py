"""Async test code on an event loop of its own, in a thread of its own.

Once the browser tests have run, Playwright's sync session keeps an event loop running in the main thread, and a
second loop cannot run there; async tests (and async helpers called from sync tests) go through here instead.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")


def run_in_own_loop(coroutine: Coroutine[Any, Any, T]) -> T:
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def own_loop(test: Callable[P, Coroutine[Any, Any, T]]) -> Callable[P, T]:
    """Decorator: a plain test function that runs the async ``test`` with ``run_in_own_loop``."""

    @functools.wraps(test)
    def run(*args: P.args, **kwargs: P.kwargs) -> T:
        return run_in_own_loop(test(*args, **kwargs))

    return run
