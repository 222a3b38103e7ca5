"""Launcher for bench/conn_memory.py: runs ``tabletop serve`` in this process with two signal hooks added, so the
bench can look at the server's memory from outside. Nothing here is part of the product.

- SIGUSR1: collect garbage, then, with ``CONN_MEMORY_TRACE=N``, dump a tracemalloc snapshot to ``$CONN_MEMORY_DUMP``
  (the file is written under a temporary name and renamed, so the bench can wait for it to appear). The first
  SIGUSR1 starts tracemalloc with N frames per allocation: traced from the start, the imports alone took minutes
  on this box, and the bench only compares snapshots taken after its first one.
- SIGUSR2: collect garbage only (for RSS readings without tracemalloc's own overhead).
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import tracemalloc
from types import FrameType


def _collect(_signum: int, _frame: FrameType | None) -> None:
    gc.collect()


def _dump(_signum: int, _frame: FrameType | None) -> None:
    gc.collect()
    target = os.environ["CONN_MEMORY_DUMP"]
    frames = int(os.environ.get("CONN_MEMORY_TRACE", "0"))
    if frames > 0 and not tracemalloc.is_tracing():
        tracemalloc.start(frames)
    if tracemalloc.is_tracing():
        tracemalloc.take_snapshot().dump(target + ".part")
    else:
        open(target + ".part", "w").close()
    os.replace(target + ".part", target)


def main() -> int:
    signal.signal(signal.SIGUSR1, _dump)
    signal.signal(signal.SIGUSR2, _collect)
    from app.cli import main as cli_main

    return cli_main(["serve", *sys.argv[1:]])


if __name__ == "__main__":
    raise SystemExit(main())
