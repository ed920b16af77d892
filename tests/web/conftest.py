"""Fixtures for the web tests: an app on a temporary SQLite file, with the AI playing at once.

Helpers that tests import live in ``web_helpers`` (a module name no other test folder uses): importing
from ``conftest`` would depend on which folder's conftest pytest imported first.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from postgres_helpers import database_for
from web_helpers import open_client


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Every test of this folder that takes ``db_url`` runs on SQLite and on a real PostgreSQL server
    (``postgres_helpers``: skipped, saying why, when none is configured)."""
    with database_for(request.param, str(tmp_path / "games.db")) as url:
        yield url


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with open_client(db_url) as opened:
        yield opened
