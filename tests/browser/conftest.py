"""Debian's Chromium driven by Playwright (never a downloaded browser).

Without /usr/bin/chromium the browser tests skip with a message on a developer machine and fail under CI.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext

from tests.browser.helpers import SIZES
from tests.conftest import ServerProcess, server_env

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync",
                 "--disable-background-networking", "--disable-component-update"]


def chromium_path() -> str:
    path = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    if path:
        return path
    if os.environ.get("CI"):
        pytest.fail("Debian's chromium is missing; scripts/test installs it with apt-get install chromium")
    pytest.skip("Debian's chromium is not installed (apt-get install chromium); skipping browser tests")


def use_one_timeout() -> None:
    """Playwright's expect() waits 5 s by default, the contexts here 15 s: on a busy machine a replay rebuilt in a
    child process took longer than 5 s. One deadline for every wait for a state."""
    from playwright.sync_api import expect

    expect.set_options(timeout=15_000)


# Package scope, not session: Playwright's sync API leaves its event loop marked as running in this thread until it
# stops, and the async tests that run after the browser tests need the thread free.
@pytest.fixture(scope="package")
def browser() -> Iterator[object]:
    path = chromium_path()
    from playwright.sync_api import sync_playwright

    use_one_timeout()
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.fixture
def context(browser):  # type: ignore[no-untyped-def]
    ctx = browser.new_context(viewport={"width": 1200, "height": 900})
    ctx.set_default_timeout(15_000)
    yield ctx
    ctx.close()


@pytest.fixture
def phone(browser):  # type: ignore[no-untyped-def]
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    ctx.set_default_timeout(15_000)
    yield ctx
    ctx.close()


def start_server(path: Path) -> ServerProcess:
    proc = ServerProcess(server_env(path), log_path=path / "server.log")
    proc.start()
    return proc


# One server per test file, not per test: starting one costs seconds on a busy machine, and every test makes tables
# of its own, so none sees another's. (Module scope is safe here: a server is another process, unlike Playwright.)
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = start_server(tmp_path_factory.mktemp("server"))
    yield proc
    proc.stop()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[ServerProcess]:
    """A server for one test alone: for a test that kills and restarts it."""
    proc = start_server(tmp_path)
    yield proc
    proc.stop()


@pytest.fixture(params=list(SIZES))
def sized(request: pytest.FixtureRequest, browser: Browser) -> Iterator[BrowserContext]:
    """A context at each of the two sizes (a phone one touches). The page's Content-Security-Policy allows only its
    own scripts: axe is injected by the tests, so the policy is bypassed here."""
    ctx = browser.new_context(viewport=SIZES[request.param], bypass_csp=True, is_mobile=request.param == "phone",
                              has_touch=request.param == "phone")
    ctx.set_default_timeout(15_000)
    yield ctx
    ctx.close()
