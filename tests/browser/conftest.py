"""Debian's Chromium driven by Playwright (never a downloaded browser).

Without /usr/bin/chromium the browser tests skip with a message on a developer machine and fail under CI.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-sync",
                 "--disable-background-networking", "--disable-component-update"]


def chromium_path() -> str:
    path = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
    if path:
        return path
    if os.environ.get("CI"):
        pytest.fail("Debian's chromium is missing; scripts/test installs it with apt-get install chromium")
    pytest.skip("Debian's chromium is not installed (apt-get install chromium); skipping browser tests")


# Package scope, not session: Playwright's sync API leaves its event loop marked as running in this thread until it
# stops, and the async tests that run after the browser tests need the thread free.
@pytest.fixture(scope="package")
def browser() -> Iterator[object]:
    path = chromium_path()
    from playwright.sync_api import sync_playwright

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
