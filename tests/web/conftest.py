"""Fixtures for the web tests: an app on a temporary SQLite file, with the AI playing at once."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bonepile.web import create_app


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


@contextmanager
def open_client(db_url: str, ai_delay: float = 0.0, hand_pause: float = 0.0) -> Iterator[TestClient]:
    """A client of a new app on ``db_url``; the app starts (resuming games) and stops around the block."""
    with TestClient(create_app(db_url, ai_delay=ai_delay, hand_pause=hand_pause)) as client:
        yield client


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with open_client(db_url) as opened:
        yield opened
