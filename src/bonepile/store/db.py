"""Games in a SQL database (SQLAlchemy 2): what the web server remembers across restarts.

One row per game holds what rebuilds it exactly through the engine: the game,
preset, every rule option, the seed and the moves in text notation, plus the
seats (who plays each: a human or an AI level, and a name). Nothing else of a
game's state is stored, so a database can never disagree with the rules.

Rooms (online play) have a table of their own (``RoomRow``: the seats, their
hashed tokens, the lobby state, the room's games); a room's games are rows of
``games`` like any other, marked with the room's id.

Every row has a ``version`` that each write bumps, and a write can be made
conditional on the version it read (``StaleWrite`` when another writer got
there first). That is how several server processes sharing one database
(``bonepile serve --redis``) serialize the moves of a game and the changes of
a room without a lock server.

The schema is created and upgraded by Alembic migrations shipped inside the
package (``migrations/``), run from code when a ``GameStore`` opens, so a new
or old database file is brought up to date without an ``alembic.ini``.
SQLite is the default (in WAL mode, with a busy timeout, so that several
processes can share a file); the code stays dialect-neutral so that a
PostgreSQL URL (``postgresql+psycopg://...``) works the same.
"""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Engine,
    Float,
    Integer,
    String,
    create_engine,
    delete,
    event,
    false,
    insert,
    select,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

MIGRATIONS = Path(__file__).with_name("migrations")

PLAYING = "playing"
OVER = "over"
STATUSES = (PLAYING, OVER)

WAITING = "waiting"
"""A room's state before its first game starts (after that: ``PLAYING``; "finished" is read from its game)."""


class StaleWrite(Exception):
    """A conditional write found another version than the one it read: someone else wrote first."""


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
    room_id: Mapped[str | None] = mapped_column(String(32), index=True, default=None)
    """The room whose game this is; None for a game of the solo API (which must never serve a room's game)."""
    turn_time_limit: Mapped[float | None] = mapped_column(Float, default=None)
    """Seconds per human turn, or None: no clock."""
    turn_started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=None)
    """When the turn in play began (None: at ``created_at``); the clock's deadline is this plus the limit,
    so it survives a restart."""
    timeouts: Mapped[list[int] | None] = mapped_column(JSON, default=None)
    """The numbers (from 1) of the moves the server made because a clock ran out, for the views' wording."""
    version: Mapped[int] = mapped_column(Integer, default=0)


class RoomRow(Base):
    """A room: its settings, its seats with their hashed tokens, and its games (see ``bonepile.store.rooms``)."""

    __tablename__ = "rooms"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    preset: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    turn_time_limit: Mapped[float | None] = mapped_column(Float, default=None)
    hints: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Whether the host lets the players ask for hints."""
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    """Per seat: ``{"kind", "name", "level", "token_hash": str | None, "taken": bool}``."""
    host_token_hash: Mapped[str] = mapped_column(String(64))
    host_seat: Mapped[int | None] = mapped_column(Integer, default=None)
    join_code: Mapped[str] = mapped_column(String(64))
    state: Mapped[str] = mapped_column(String(16))
    game_id: Mapped[str | None] = mapped_column(String(32), default=None)
    games: Mapped[list[str]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=0)
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
    room_id: str | None = None
    turn_time_limit: float | None = None
    turn_started_at: datetime | None = None
    timeouts: tuple[int, ...] = ()
    version: int = 0

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
            room_id=row.room_id,
            turn_time_limit=row.turn_time_limit,
            turn_started_at=None if row.turn_started_at is None else _utc(row.turn_started_at),
            timeouts=tuple(row.timeouts or ()),
            version=row.version or 0,
        )


def _utc(moment: datetime) -> datetime:
    """SQLite keeps no time zone: every stored time is UTC, so say so on the way out."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _now() -> datetime:
    return datetime.now(UTC)


_T = TypeVar("_T")

LOCK_RETRIES = 8
"""Attempts of a write that SQLite reports locked beyond its busy timeout (another process writing)."""


def retrying(write: Callable[[], _T]) -> _T:
    """Run ``write``, again after a short pause when SQLite says the database is locked."""
    for attempt in range(LOCK_RETRIES):
        try:
            return write()
        except OperationalError as error:
            if "locked" not in str(error).lower() or attempt == LOCK_RETRIES - 1:
                raise
            time.sleep(0.01 * 2**attempt)
    raise AssertionError("unreachable")  # pragma: no cover


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
    A SQLite file is put in WAL mode with a busy timeout: readers never wait
    for a writer, and two server processes on one file take turns to write
    instead of failing. ``synchronous=NORMAL`` keeps every committed move
    through a crash of the process (a SIGKILL); only a power cut could lose
    the last few.
    """
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        on_disk = bool(database) and database != ":memory:" and not str(database).startswith("file:")
        if on_disk:
            Path(str(database)).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 15})

        @event.listens_for(engine, "connect")
        def _tune(connection: Any, record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA busy_timeout = 15000")
            if on_disk:
                cursor.execute("PRAGMA journal_mode = WAL")
                cursor.execute("PRAGMA synchronous = NORMAL")
            cursor.close()

        return engine
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
        from bonepile.store.rooms import RoomStore

        self.rooms = RoomStore(self)

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
        room_id: str | None = None,
        turn_time_limit: float | None = None,
    ) -> StoredGame:
        """Store a new game (no moves yet) under a fresh random id."""
        values = new_game_values(
            game=game,
            preset=preset,
            options=options,
            seats=seats,
            seed=seed,
            status=status,
            room_id=room_id,
            turn_time_limit=turn_time_limit,
        )

        def write() -> None:
            with self.engine.begin() as connection:
                connection.execute(insert(GameRow).values(**values))

        retrying(write)
        stored = self.get(values["id"])
        assert stored is not None
        return stored

    def get(self, game_id: str) -> StoredGame | None:
        with self._sessions() as session:
            row = session.get(GameRow, game_id)
            return None if row is None else StoredGame.of(row)

    def version_of(self, game_id: str) -> int | None:
        """The stored version of a game (None: no such game): a cheap check that a game is unchanged."""
        with self.engine.connect() as connection:
            version = connection.execute(select(GameRow.version).where(GameRow.id == game_id)).scalar()
        return None if version is None else int(version)

    def find(self, statuses: Collection[str] | None = None, *, in_rooms: bool | None = None) -> list[StoredGame]:
        """Stored games, most recently updated first; only those with one of ``statuses`` when given;
        with ``in_rooms`` only the rooms' games (True) or only the others (False)."""
        query = select(GameRow).order_by(GameRow.updated_at.desc(), GameRow.id)
        if statuses is not None:
            query = query.where(GameRow.status.in_(list(statuses)))
        if in_rooms is not None:
            query = query.where(GameRow.room_id.is_not(None) if in_rooms else GameRow.room_id.is_(None))
        with self._sessions() as session:
            return [StoredGame.of(row) for row in session.scalars(query)]

    def save(
        self,
        game_id: str,
        moves: Sequence[str],
        status: str,
        *,
        version: int | None = None,
        turn_started_at: datetime | None = None,
        timeouts: Sequence[int] | None = None,
    ) -> StoredGame:
        """Replace a game's moves and status (a move appended, or moves taken back) and commit.

        With ``version``, only if the row is still at that version (else ``StaleWrite``, nothing
        written): the caller read that version and decided on it. One UPDATE statement does the check
        and the write, so no other writer can slip in between, and hands back the row (RETURNING).
        ``turn_started_at`` and ``timeouts`` are kept as they are when None.
        """
        values: dict[str, Any] = {
            "moves": list(moves),
            "status": status,
            "updated_at": _now(),
            "version": GameRow.version + 1,
        }
        if turn_started_at is not None:
            values["turn_started_at"] = turn_started_at
        if timeouts is not None:
            values["timeouts"] = list(timeouts)
        statement = update(GameRow).where(GameRow.id == game_id)
        if version is not None:
            statement = statement.where(GameRow.version == version)

        statement = statement.values(**values).returning(*GameRow.__table__.columns)

        def write() -> StoredGame | None:
            with self.engine.begin() as connection:
                row = connection.execute(statement).mappings().first()
            return None if row is None else StoredGame.of(GameRow(**dict(row)))

        stored = retrying(write)
        if stored is None:
            if self.get(game_id) is None:
                raise KeyError(game_id)
            raise StaleWrite(f"game {game_id} changed since version {version}")
        return stored

    def delete(self, game_id: str) -> bool:
        """Remove a game that is not a room's (abandoned by its players); whether there was one to remove."""
        statement = delete(GameRow).where(GameRow.id == game_id, GameRow.room_id.is_(None))

        def write() -> int:
            with self.engine.begin() as connection:
                return int(connection.execute(statement).rowcount)

        return retrying(write) > 0


def new_game_values(
    *,
    game: str,
    preset: str,
    options: dict[str, Any],
    seats: Sequence[dict[str, Any]],
    seed: int,
    status: str = PLAYING,
    room_id: str | None = None,
    turn_time_limit: float | None = None,
) -> dict[str, Any]:
    """The columns of a new game row, under a fresh random id."""
    now = _now()
    return {
        "id": secrets.token_hex(6),
        "game": game,
        "preset": preset,
        "options": dict(options),
        "seats": [dict(seat) for seat in seats],
        "seed": seed,
        "moves": [],
        "status": status,
        "created_at": now,
        "updated_at": now,
        "room_id": room_id,
        "turn_time_limit": turn_time_limit,
        "turn_started_at": now,
        "timeouts": [],
        "version": 0,
    }
