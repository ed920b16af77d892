"""Fixtures for the web tests: an app on a temporary SQLite file, with the AI playing at once.

Helpers that tests import live in ``web_helpers`` (a module name no other test folder uses): importing
from ``conftest`` would depend on which folder's conftest pytest imported first.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from web_helpers import open_client


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with open_client(db_url) as opened:
        yield opened
