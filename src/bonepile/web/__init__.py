"""The web app: both games in the browser, against the AI and at one screen.

A FastAPI server on top of the engines, the AI and the store (the engines never
import it). ``create_app`` builds the app; ``docs/web-protocol.md`` is the
protocol the browser speaks. FastAPI, SQLAlchemy and Alembic are imported only
here and in ``bonepile.store.db``, so the engines stay dependency-free.
"""

from bonepile.web.app import create_app

__all__ = ["create_app"]
