"""One real server process per test module (starting one costs about a second), on its own SQLite file."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.conftest import ServerProcess, server_env
from tests.security.remote import Remote


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Remote, ServerProcess]]:
    folder = tmp_path_factory.mktemp("server")
    process = ServerProcess(server_env(folder), log_path=folder / "server.log")
    process.start()
    yield Remote(process.url), process
    process.stop()


@pytest.fixture
def remote(served: tuple[Remote, ServerProcess]) -> Remote:
    return served[0]
