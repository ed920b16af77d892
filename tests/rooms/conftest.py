"""Fixtures for the room tests: a live server on a temporary SQLite file, the AI playing at once."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rooms_helpers import LiveApp, live_app


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'rooms.db'}"


@pytest.fixture
def live(db_url: str) -> Iterator[LiveApp]:
    with live_app(db_url) as app:
        yield app
