"""Fixtures for the room tests: a live server on a temporary SQLite file, the AI playing at once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from postgres_helpers import database_for
from rooms_helpers import LiveApp, live_app


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Every test of this folder that takes ``db_url`` runs on SQLite and on a real PostgreSQL server
    (``postgres_helpers``: skipped, saying why, when none is configured)."""
    with database_for(request.param, str(tmp_path / "rooms.db")) as url:
        yield url


@pytest.fixture
def live(db_url: str) -> Iterator[LiveApp]:
    with live_app(db_url) as app:
        yield app
