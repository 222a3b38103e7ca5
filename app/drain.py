"""A stopping worker can first take itself out of rotation: with ``SHUTDOWN_DRAIN_S`` set, the first SIGTERM makes
``/readyz`` answer 503 "shutting down" while the worker goes on serving for that many seconds, so a load balancer
that polls readiness (a Kubernetes Service, a cloud balancer) stops sending it work before it stops accepting; then
uvicorn's own shutdown runs as before (requests in flight finish, commits are written, sockets close with 1012).
Unset or 0, the worker stops at once, as one machine with nobody else to take its traffic wants. A second SIGTERM
during the drain stops at once; Ctrl-C (SIGINT) is never delayed."""

from __future__ import annotations

import asyncio
import logging
import signal
import threading
from types import FrameType
from typing import Any

log = logging.getLogger(__name__)


def drain_on_sigterm(state: Any, seconds: float) -> None:
    """Put the drain in front of the SIGTERM handler uvicorn installed (called from the app's startup, which
    uvicorn runs inside its signal capture; under a test client, off the main thread, there is nothing to do)."""
    if seconds <= 0 or threading.current_thread() is not threading.main_thread():
        return
    stop = signal.getsignal(signal.SIGTERM)
    if not callable(stop):
        return
    loop = asyncio.get_running_loop()

    def on_sigterm(sig: int, frame: FrameType | None) -> None:
        if getattr(state, "draining", False):
            stop(sig, frame)  # asked again: stop now
            return
        state.draining = True
        log.info("SIGTERM: not ready from now on; stopping in %.0f s", seconds)
        # A signal handler runs between two bytecodes of whatever the loop was doing: hand the timer to the loop.
        loop.call_soon_threadsafe(loop.call_later, seconds, stop, sig, None)

    signal.signal(signal.SIGTERM, on_sigterm)
