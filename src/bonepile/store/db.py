"""Games in a SQL database (SQLAlchemy 2): what the web server remembers across restarts.

One row per game holds what rebuilds it exactly through the engine: the game,
preset, every rule option, the seed and the moves in text notation, plus the
seats (who plays each: a human or an AI level, and a name). Nothing else of a
game's state is stored, so a database can never disagree with the rules.

The schema is created and upgraded by Alembic migrations shipped inside the
package (``migrations/``), run from code when a ``GameStore`` opens, so a new
or old database file is brought up to date without an ``alembic.ini``.
SQLite is the default; the code stays dialect-neutral so that a PostgreSQL
URL (``postgresql+psycopg://...``) works the same.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import JSON, BigInteger, DateTime, Engine, String, create_engine, select
from sqlalchemy.engine import make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

MIGRATIONS = Path(__file__).with_name("migrations")

PLAYING = "playing"
OVER = "over"
STATUSES = (PLAYING, OVER)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    """A game as stored: enough to replay it from its seed (see the module docstring)."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    preset: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    """Every rule option (the engine's ``Rules.to_dict()``), so a later change of a preset's defaults
    cannot change a stored game."""
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    """Per seat: ``{"kind": "human" | "ai", "name": str, "level": str | None}``."""
    seed: Mapped[int] = mapped_column(BigInteger)
    moves: Mapped[list[str]] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A snapshot of one row, detached from the database session that read it."""

    id: str
    game: str
    preset: str
    options: dict[str, Any]
    seats: tuple[dict[str, Any], ...]
    seed: int
    moves: tuple[str, ...]
    status: str
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, row: GameRow) -> StoredGame:
        return cls(
            id=row.id,
            game=row.game,
            preset=row.preset,
            options=dict(row.options),
            seats=tuple(dict(seat) for seat in row.seats),
            seed=row.seed,
            moves=tuple(row.moves),
            status=row.status,
            created_at=_utc(row.created_at),
            updated_at=_utc(row.updated_at),
        )


def _utc(moment: datetime) -> datetime:
    """SQLite keeps no time zone: every stored time is UTC, so say so on the way out."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _now() -> datetime:
    return datetime.now(UTC)


def default_db_path() -> Path:
    """The SQLite file in the user's data folder: ``$XDG_DATA_HOME/bonepile/bonepile.db``, else ``~/.local/share``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "bonepile" / "bonepile.db"


def default_db_url() -> str:
    return f"sqlite:///{default_db_path()}"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; for a SQLite file, its folder is created first.

    The server touches the database from the event loop and from worker
    threads (one at a time), so SQLite's same-thread check is turned off.
    """
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if database and database != ":memory:" and not database.startswith("file:"):
            Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        return create_engine(url, connect_args={"check_same_thread": False})
    return create_engine(url, pool_pre_ping=True)


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest schema with the package's Alembic migrations (``alembic upgrade head``)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class GameStore:
    """Create, read and update stored games; every write is committed before the call returns."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        upgrade(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    def display_url(self) -> str:
        """The URL without its password, for messages."""
        return make_url(self.url).render_as_string(hide_password=True)

    def create(
        self,
        *,
        game: str,
        preset: str,
        options: dict[str, Any],
        seats: Sequence[dict[str, Any]],
        seed: int,
        status: str = PLAYING,
    ) -> StoredGame:
        """Store a new game (no moves yet) under a fresh random id."""
        now = _now()
        row = GameRow(
            id=secrets.token_hex(6),
            game=game,
            preset=preset,
            options=dict(options),
            seats=[dict(seat) for seat in seats],
            seed=seed,
            moves=[],
            status=status,
            created_at=now,
            updated_at=now,
        )
        with self._sessions.begin() as session:
            session.add(row)
        return StoredGame.of(row)

    def get(self, game_id: str) -> StoredGame | None:
        with self._sessions() as session:
            row = session.get(GameRow, game_id)
            return None if row is None else StoredGame.of(row)

    def find(self, statuses: Collection[str] | None = None) -> list[StoredGame]:
        """Stored games, most recently updated first; only those with one of ``statuses`` when given."""
        query = select(GameRow).order_by(GameRow.updated_at.desc(), GameRow.id)
        if statuses is not None:
            query = query.where(GameRow.status.in_(list(statuses)))
        with self._sessions() as session:
            return [StoredGame.of(row) for row in session.scalars(query)]

    def save(self, game_id: str, moves: Sequence[str], status: str) -> StoredGame:
        """Replace a game's moves and status (a move appended, or moves taken back) and commit."""
        with self._sessions.begin() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise KeyError(game_id)
            row.moves = list(moves)
            row.status = status
            row.updated_at = _now()
        return StoredGame.of(row)
