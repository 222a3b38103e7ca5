"""Route dependencies that hand a route what main's lifespan set up on ``app.state``."""

from __future__ import annotations

from collections.abc import Callable
from functools import reduce
from typing import Any

from fastapi import Request


def from_state(path: str) -> Callable[[Request], Any]:
    """A dependency giving ``request.app.state.<path>`` (dots go deeper). ``app.state`` is untyped: the route's
    ``Annotated`` type says what it holds."""

    def get(request: Request) -> Any:
        return reduce(getattr, path.split("."), request.app.state)

    get.__name__ = f"state_{path.replace('.', '_')}"
    return get
