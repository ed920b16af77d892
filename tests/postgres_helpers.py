"""A PostgreSQL database of its own for each test that asks, on the server ``BONEPILE_TEST_POSTGRES`` names.

``.ci/run`` starts Debian's PostgreSQL and sets the variable (an admin URL such as
``postgresql+psycopg://postgres@127.0.0.1:5432/postgres``); without it the PostgreSQL runs of the web
and room suites are skipped, saying why. Each test gets a fresh database, dropped afterwards, so tests
never see each other's games and the migrations run from scratch every time.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterator

from environment_helpers import require
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

ENV = "BONEPILE_TEST_POSTGRES"


@contextlib.contextmanager
def fresh_database() -> Iterator[str]:
    """The URL of a new, empty database on the test server; dropped (connections and all) afterwards."""
    admin_url = os.environ.get(ENV)
    if not admin_url:
        require(False, f"a PostgreSQL server for the tests: set {ENV} (.ci/run does)")
    name = f"bonepile_test_{secrets.token_hex(5)}"
    admin = create_engine(admin_url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield make_url(admin_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with contextlib.suppress(Exception), admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


@contextlib.contextmanager
def database_for(kind: str, sqlite_path: str) -> Iterator[str]:
    """A database URL of ``kind`` ("sqlite": a file at ``sqlite_path``; "postgresql": a fresh database)."""
    if kind == "sqlite":
        yield f"sqlite:///{sqlite_path}"
    else:
        with fresh_database() as url:
            yield url
