"""Fixtures of the fuzzers: one real server process per fuzz module."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.conftest import ServerProcess, server_env


@pytest.fixture(scope="module")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One real ``tabletop serve`` process for a whole fuzz module, logging to its server.log.

    Bots wait an hour before moving (``BOT_DELAY``), so a bot seated by a fuzzed request never changes a table while
    the fuzzer compares it before and after a refused request; nothing else here runs a clock (no turn timers).
    """
    tmp = tmp_path_factory.mktemp("fuzz-server")
    proc = ServerProcess(server_env(tmp, BOT_DELAY="3600"), log_path=tmp / "server.log")
    proc.start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def live_http(live_server: ServerProcess) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=live_server.url, timeout=30) as client:
        yield client
