"""Alembic's environment for bonepile's database, run from code by ``bonepile.store.db.upgrade``.

The caller hands over an open connection in ``config.attributes["connection"]``
(so no ``alembic.ini`` is needed); a URL in ``sqlalchemy.url`` works too, for
running Alembic by hand. Batch mode lets later migrations alter tables on SQLite.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from bonepile.store.schema import Base

config = context.config
target_metadata = Base.metadata


def run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()
else:
    given = config.attributes.get("connection")
    if given is not None:
        run(given)
    else:
        url = config.get_main_option("sqlalchemy.url")
        if not url:
            raise RuntimeError("no connection given and no sqlalchemy.url set")
        with create_engine(url).begin() as connection:
            run(connection)
