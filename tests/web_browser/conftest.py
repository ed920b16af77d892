"""Fixtures of the browser tests: one Chromium per test process, a live server, a watched page.

Without Playwright (Python) each test module is skipped at collection (``require_module`` at its top), and
without Chromium each test that opens a browser: under ``BONEPILE_TESTS_REQUIRE_ALL=1`` both are failures.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

try:
    from playwright.sync_api import Browser, Page
except ImportError:  # the test modules say so, at their top
    pass
else:
    from browser_support import LiveServer, Watch, open_page, running

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
