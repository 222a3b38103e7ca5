"""Run a coroutine at once, in the caller, as far as it goes without waiting (Python 3.12's eager tasks, by hand).

A fan-out sends thousands of frames a second, and almost every send completes without waiting: the socket takes the
frame at once. Starting a task for each costs more than the send itself (issue 20's profile: a ``create_task`` per
frame), so a send is first stepped here; only a send that has to wait (a slow client's full buffer) goes on in a
task, from where it stopped.
"""

from __future__ import annotations

from collections.abc import Awaitable, Coroutine, Generator
from typing import Any


class Rest(Awaitable[Any]):
    """The rest of a coroutine stepped by hand up to its first wait: awaiting this runs it to the end, passing the
    awaiting task's wake-ups (and cancellation) through to it as ``await`` itself would."""

    __slots__ = ("coro", "waiting")

    def __init__(self, coro: Coroutine[Any, Any, Any], waiting: Any) -> None:
        self.coro = coro
        self.waiting = waiting  # what it yielded: the future it waits for (or None, for a bare yield)

    def __await__(self) -> Generator[Any, Any, Any]:
        coro, value = self.coro, self.waiting
        self.waiting = None
        while True:
            try:
                sent = yield value
            except GeneratorExit:
                coro.close()
                raise
            except BaseException as exc:  # cancellation, or the awaited future's error: the coroutine handles it
                try:
                    value = coro.throw(exc)
                except StopIteration as stop:
                    return stop.value
            else:
                try:
                    value = coro.send(sent)
                except StopIteration as stop:
                    return stop.value


def start(coro: Coroutine[Any, Any, Any]) -> Rest | None:
    """Run ``coro`` until it finishes (None) or first waits (what is left of it, to be awaited in a task). An error
    it raises before waiting is raised here."""
    try:
        waiting = coro.send(None)
    except StopIteration:
        return None
    return Rest(coro, waiting)
