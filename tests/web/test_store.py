"""The database layer: the Alembic migration on an empty database, the default location, and the rows."""

from __future__ import annotations

from pathlib import Path

import pytest
from postgres_helpers import fresh_database
from sqlalchemy import create_engine, inspect, text

from bonepile.store.db import SQLITE_SYNCHRONOUS, GameStore, StoreError, default_db_path, default_db_url, upgrade
from bonepile.web import settings


def test_the_migration_creates_the_schema_on_an_empty_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'nested' / 'empty.db'}"
    store = GameStore(url)  # creates the folder, then runs `alembic upgrade head`
    tables = set(inspect(store.engine).get_table_names())
    assert tables == {"games", "rooms", "reviews", "alembic_version"}
    columns = {column["name"] for column in inspect(store.engine).get_columns("games")}
    assert columns == {
        "id",
        "game",
        "preset",
        "options",
        "seats",
        "seed",
        "moves",
        "status",
        "created_at",
        "updated_at",
        "room_id",
        "turn_time_limit",
        "turn_started_at",
        "timeouts",
        "version",
    }
    assert {column["name"] for column in inspect(store.engine).get_columns("rooms")} >= {
        "id",
        "seats",
        "host_token_hash",
        "join_code",
        "state",
        "game_id",
        "games",
        "version",
        "hints",
    }
    with store.engine.connect() as connection:
        assert connection.execute(text("select version_num from alembic_version")).scalar_one() == "0004"
    upgrade(store.engine)  # a second run changes nothing
    store.close()


def test_games_are_stored_and_updated(tmp_path: Path) -> None:
    store = GameStore(f"sqlite:///{tmp_path / 'games.db'}")
    seats = [{"kind": "human", "name": "Ann", "level": None}, {"kind": "ai", "name": "Ada", "level": "hard"}]
    created = store.create(game="dominoes", preset="draw", options={"target": 100}, seats=seats, seed=2**53 - 1)
    assert store.get(created.id) == created
    assert created.created_at.tzinfo is not None
    saved = store.save(created.id, ["6-6", "6-4 right"], "playing")
    assert saved.moves == ("6-6", "6-4 right") and saved.updated_at >= created.updated_at
    assert [game.id for game in store.find(["playing"])] == [created.id]
    assert store.find(["over"]) == []
    assert store.get("missing") is None
    with pytest.raises(KeyError):
        store.save("missing", [], "over")
    store.close()


def test_the_default_database_lives_in_the_users_data_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_db_path() == tmp_path / "data" / "bonepile" / "bonepile.db"
    assert default_db_url() == f"sqlite:///{tmp_path / 'data' / 'bonepile' / 'bonepile.db'}"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_db_path() == tmp_path / "home" / ".local" / "share" / "bonepile" / "bonepile.db"


def test_sqlite_syncs_every_commit_unless_told_otherwise(tmp_path: Path) -> None:
    """``synchronous=FULL`` by default, so that a move a client was shown survives a power cut (db docstring);
    the ``sqlite_synchronous`` setting chooses another level, and the settings offer the store's levels."""
    levels = {"full": 2, "normal": 1, "extra": 3}
    for name, number in levels.items():
        store = GameStore(f"sqlite:///{tmp_path / f'{name}.db'}", synchronous=name)
        with store.engine.connect() as connection:
            assert connection.execute(text("PRAGMA synchronous")).scalar_one() == number
            assert connection.execute(text("PRAGMA journal_mode")).scalar_one() == "wal"
        store.close()
    store = GameStore(f"sqlite:///{tmp_path / 'default.db'}")
    with store.engine.connect() as connection:
        assert connection.execute(text("PRAGMA synchronous")).scalar_one() == levels["full"]
    store.close()
    with pytest.raises(StoreError):
        GameStore(f"sqlite:///{tmp_path / 'other.db'}", synchronous="off")
    assert SQLITE_SYNCHRONOUS == settings.SQLITE_SYNCHRONOUS and settings.Settings().sqlite_synchronous == "full"
    with pytest.raises(ValueError, match="sqlite_synchronous"):
        settings.Settings(sqlite_synchronous="off").checked()


def test_postgresql_commits_are_synchronous_even_where_the_server_says_off() -> None:
    with fresh_database() as url:
        admin = create_engine(url, isolation_level="AUTOCOMMIT")
        with admin.connect() as connection:
            database = connection.execute(text("SELECT current_database()")).scalar_one()
            connection.execute(text(f'ALTER DATABASE "{database}" SET synchronous_commit = off'))
        admin.dispose()
        store = GameStore(url)
        with store.engine.connect() as connection:
            assert connection.execute(text("SHOW synchronous_commit")).scalar_one() == "on"
        store.close()
