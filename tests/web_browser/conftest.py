"""Fixtures of the browser tests: one Chromium per test process, a live server, a watched page.

Without Playwright (Python) the browser tests are not collected at all.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator

import pytest

if importlib.util.find_spec("playwright") is None:
    collect_ignore_glob = ["test_*.py"]
else:
    from browser_support import CHROMIUM, CHROMIUM_ARGS, LiveServer, Watch, open_page, running
    from playwright.sync_api import Browser, Page, sync_playwright

    @pytest.fixture(scope="session")
    def browser() -> Iterator[Browser]:
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
