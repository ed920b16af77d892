"""The web app: both games in the browser, against the AI and at one screen.

A FastAPI server on top of the engines, the AI and the store (the engines never
import it). ``create_app`` builds the app; ``docs/web-protocol.md`` is the
protocol the browser speaks. FastAPI, SQLAlchemy and Alembic are imported only
by ``bonepile.web.app`` and ``bonepile.store.db``, so the engines stay
dependency-free, and ``bonepile.web.settings`` (which the command line reads
for its flags) loads none of them: ``create_app`` is imported when first used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bonepile.web.app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> object:
    if name == "create_app":
        from bonepile.web.app import create_app

        return create_app
    raise AttributeError(f"module 'bonepile.web' has no attribute {name!r}")
