"""Fixtures of the language tests in a browser: a live server (the browser is tests/conftest.py's) (a child
process that inherits ``BONEPILE_LOCALES``), the AI playing at once and waiting between hands."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from i18n_server import Server


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    live = Server(tmp_path_factory.mktemp("i18n-web"))
    yield live
    live.stop()
