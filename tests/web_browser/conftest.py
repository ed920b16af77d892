"""Fixtures of the browser tests: one Chromium per test process, a live server, a watched page.

Without Playwright (Python) each test module is skipped at collection (``require_module`` at its top), and
without Chromium each test that opens a browser: under ``BONEPILE_TESTS_REQUIRE_ALL=1`` both are failures.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from environment_helpers import require

try:
    from playwright.sync_api import Browser, Page, sync_playwright
except ImportError:  # the test modules say so, at their top
    pass
else:
    from browser_support import CHROMIUM, CHROMIUM_ARGS, LiveServer, Watch, open_page, running

    @pytest.fixture(scope="session")
    def browser() -> Iterator[Browser]:
        require(CHROMIUM.exists(), f"Chromium at {CHROMIUM} (Debian package chromium; .ci/run installs it)")
        with sync_playwright() as playwright:
            launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            yield launched
            launched.close()

    @pytest.fixture(scope="session")
    def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
        with running(LiveServer(tmp_path_factory.mktemp("web") / "games.db")) as live:
            yield live

    @pytest.fixture
    def watch() -> Iterator[Watch]:
        watched = Watch()
        yield watched
        watched.check()

    @pytest.fixture
    def page(browser: Browser, server: LiveServer, watch: Watch) -> Iterator[Page]:
        opened = open_page(browser, server.url, watch)
        yield opened
        opened.context.close()
