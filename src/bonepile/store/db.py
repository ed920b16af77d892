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
or old database file is brought up to date without an ``alembic.ini``. The
upgrade runs under a lock, so that any number of processes may start at once
on a fresh or an old database: on PostgreSQL a transaction-scoped advisory
lock (``MIGRATION_LOCK``) taken in the upgrade's own transaction, on SQLite an
exclusive ``flock`` on a file beside the database (``<file>.migrate``); the
first process migrates, the others wait and then find the schema at its head.
SQLite is the default (in WAL mode, with a busy timeout, so that several
processes can share a file); the code stays dialect-neutral so that a
PostgreSQL URL (``postgresql+psycopg://...``) works the same.

Durability: nothing a client was shown is ever lost. Every write here commits
before it returns, and the server pushes a view only after the commit that
holds it (``bonepile.web.live``: validate, apply, commit, then push; the rooms
likewise), so what a client sees is always what is committed. A commit must
then survive a crash of the process (a SIGKILL) and of the machine (a power
cut). SQLite in WAL mode with ``synchronous=NORMAL`` survives the first but
not the second (it does not sync the log at each commit: the last commits
before a power cut can be lost, after a client saw them), so the default is
``synchronous=FULL``, which syncs the log at every commit
(``SQLITE_SYNCHRONOUS``; the ``sqlite_synchronous`` setting offers ``normal``
to those who choose speed over that promise). PostgreSQL syncs its log at each
commit with its default ``synchronous_commit = on``; a connection that finds
it ``off`` (a server or role set so) sets it back ``on`` for itself. With
``fsync = off`` on the server nothing is durable, whatever this module does.

Group commit: since each commit waits for that sync, ``save_many`` writes the
saves of many games in one transaction, each save checked on its own (one
stale or refused save fails alone); the server's writer thread
(``bonepile.store.batch``) gathers the moves that arrive while a commit
syncs, and each move is shown only once its own save is back.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import os
import sqlite3
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import IO, Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Engine,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import Row, make_url
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker
from sqlalchemy.pool import ConnectionPoolEntry
from sqlalchemy.sql.dml import Update

from bonepile.store.rooms import RoomStore
from bonepile.store.schema import (
    OVER,
    PLAYING,
    STATUSES,
    WAITING,
    Base,
    GameRow,
    ReviewRow,
    RoomRow,
    StaleWrite,
    StoredGame,
    StoreError,
    _now,
    new_game_values,
    retrying,
)

__all__ = [
    "MIGRATION_LOCK",
    "OVER",
    "PLAYING",
    "SQLITE_SYNCHRONOUS",
    "STATUSES",
    "WAITING",
    "Base",
    "GameRow",
    "GameStore",
    "ReviewRow",
    "RoomRow",
    "Save",
    "StaleWrite",
    "StoreError",
    "StoredGame",
    "backup",
    "default_db_path",
    "default_db_url",
    "make_engine",
    "new_game_values",
    "quick_check",
    "retrying",
    "sqlite_file",
    "upgrade",
]

MIGRATIONS = Path(__file__).with_name("migrations")


def default_db_path() -> Path:
    """The SQLite file in the user's data folder: ``$XDG_DATA_HOME/bonepile/bonepile.db``, else ``~/.local/share``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "bonepile" / "bonepile.db"


def default_db_url() -> str:
    return f"sqlite:///{default_db_path()}"


SQLITE_SYNCHRONOUS = ("full", "normal", "extra")
"""SQLite's ``synchronous`` levels the store offers; the first is the default (see the module: durability)."""

CHUNK = 500
"""Ids per query when many rows' versions are read at once."""

MIGRATION_LOCK = 0x626F6E6570696C65
"""The PostgreSQL advisory lock key held while the schema is upgraded ("bonepile" in ASCII)."""


def make_engine(url: str, *, synchronous: str = SQLITE_SYNCHRONOUS[0]) -> Engine:
    """An engine for ``url``; for a SQLite file, its folder is created first.

    The server touches the database from the event loop and from worker
    threads (one at a time), so SQLite's same-thread check is turned off.
    A SQLite file is put in WAL mode with a busy timeout: readers never wait
    for a writer, and two server processes on one file take turns to write
    instead of failing. ``synchronous`` is SQLite's level: ``full`` (the
    default) syncs the log at every commit, so a committed move survives a
    power cut; ``normal`` only a crash of the process (module: durability).
    On PostgreSQL, a connection whose ``synchronous_commit`` is ``off`` sets
    it ``on``.
    """
    if synchronous not in SQLITE_SYNCHRONOUS:
        raise StoreError(f"sqlite_synchronous must be one of {', '.join(SQLITE_SYNCHRONOUS)}, not {synchronous!r}")
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        on_disk = bool(database) and database != ":memory:" and not str(database).startswith("file:")
        if on_disk:
            Path(str(database)).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 15})

        @event.listens_for(engine, "connect")
        def _tune(connection: DBAPIConnection, record: ConnectionPoolEntry) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA busy_timeout = 15000")
            if on_disk:
                cursor.execute("PRAGMA journal_mode = WAL")
                cursor.execute(f"PRAGMA synchronous = {synchronous.upper()}")
            cursor.close()

        return engine
    engine = create_engine(url, pool_pre_ping=True)
    if parsed.get_backend_name() == "postgresql":

        @event.listens_for(engine, "connect")
        def _durable(connection: DBAPIConnection, record: ConnectionPoolEntry) -> None:
            cursor = connection.cursor()
            cursor.execute("SHOW synchronous_commit")
            row = cursor.fetchone()
            if row is not None and str(row[0]).lower() == "off":
                cursor.execute("SET synchronous_commit = on")
            cursor.close()
            connection.commit()

    return engine


def upgrade(engine: Engine) -> None:
    """Bring the database to the newest schema with the package's Alembic migrations (``alembic upgrade head``),
    under the migration lock (module docstring), so that processes starting together take turns."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    path = sqlite_file(engine.url.render_as_string(hide_password=False))
    with contextlib.ExitStack() as held:
        if path is not None:
            handle = held.enter_context(open(path.with_name(path.name + ".migrate"), "a+"))
            fcntl.flock(handle, fcntl.LOCK_EX)  # released when the file closes, or the process dies
        with engine.begin() as connection:
            if engine.dialect.name == "postgresql":
                # Held to the end of this transaction, which is the migration's: released at its commit, or
                # when the connection drops (a process killed while migrating never blocks the others).
                connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
            config.attributes["connection"] = connection
            command.upgrade(config, "head")


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL on disk (None: another database, or SQLite in memory)."""
    parsed = make_url(url)
    database = parsed.database
    if parsed.get_backend_name() != "sqlite" or not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database).expanduser()


def quick_check(path: Path) -> None:
    """SQLite's ``PRAGMA quick_check`` on a database file (its WAL included), or ``StoreError`` saying what
    is wrong: a damaged file is refused at start rather than silently losing games."""
    if not path.exists():
        return
    try:
        connection = sqlite3.connect(path, timeout=15)
        try:
            rows = [row[0] for row in connection.execute("PRAGMA quick_check").fetchall()]
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        raise StoreError(f"the database {path} cannot be read ({error}): restore it from a backup") from None
    if rows != ["ok"]:
        shown = "; ".join(str(row) for row in rows[:3])
        raise StoreError(f"the database {path} is damaged ({shown}): restore it from a backup") from None


def backup(url: str, target: Path) -> int:
    """Copy the SQLite database at ``url`` to ``target`` with SQLite's online backup (safe while a server
    writes to it); returns the number of games in the copy. ``target`` must not exist yet."""
    source = sqlite_file(url)
    if source is None:
        raise StoreError("backup copies a SQLite file; for PostgreSQL use pg_dump")
    if not source.exists():
        raise StoreError(f"there is no database at {source}")
    if target.exists():
        raise StoreError(f"{target} exists already: choose a new file")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    with sqlite3.connect(source, timeout=15) as reader, sqlite3.connect(partial) as writer:
        reader.backup(writer, pages=256, sleep=0.005)
    quick_check(partial)
    with sqlite3.connect(partial) as copy:
        games = int(copy.execute("SELECT count(*) FROM games").fetchone()[0])
    partial.replace(target)
    return games


@functools.cache
def _save_statement(checked: bool, turn: bool, timeouts: bool) -> Update:
    """``GameStore.save``'s UPDATE ... RETURNING of one shape (whether it checks the version, sets the turn's
    start, sets the time-outs), built once with bound parameters: a move then costs SQLAlchemy a lookup in its
    compiled cache instead of building and compiling the statement again (about half of a save's CPU)."""
    table = Base.metadata.tables[GameRow.__tablename__]
    columns = table.c
    values: dict[str, Any] = {
        "moves": bindparam("b_moves", type_=columns.moves.type),
        "status": bindparam("b_status", type_=columns.status.type),
        "updated_at": bindparam("b_updated_at", type_=columns.updated_at.type),
        "version": columns.version + 1,
    }
    if turn:
        values["turn_started_at"] = bindparam("b_turn_started_at", type_=columns.turn_started_at.type)
    if timeouts:
        values["timeouts"] = bindparam("b_timeouts", type_=columns.timeouts.type)
    statement = update(table).where(columns.id == bindparam("b_id", type_=columns.id.type))
    if checked:
        statement = statement.where(columns.version == bindparam("b_version", type_=columns.version.type))
    return statement.values(values).returning(*columns)


@dataclass(frozen=True, slots=True)
class Save:
    """One game's write (``GameStore.save``'s arguments as a value, so that many can wait for one commit):
    its moves and status, only if the row is still at ``version`` (None: whatever it is); the turn's start
    and the time-outs are kept as stored when None."""

    game_id: str
    moves: tuple[str, ...]
    status: str
    version: int | None = None
    turn_started_at: datetime | None = None
    timeouts: tuple[int, ...] | None = None

    def parameters(self, now: datetime) -> dict[str, Any]:
        """The bound parameters of this save's statement (``_save_statement``)."""
        parameters: dict[str, Any] = {
            "b_id": self.game_id,
            "b_moves": list(self.moves),
            "b_status": self.status,
            "b_updated_at": now,
        }
        if self.version is not None:
            parameters["b_version"] = self.version
        if self.turn_started_at is not None:
            parameters["b_turn_started_at"] = self.turn_started_at
        if self.timeouts is not None:
            parameters["b_timeouts"] = list(self.timeouts)
        return parameters


class GameStore:
    """Create, read and update stored games; every write is committed before the call returns."""

    def __init__(self, url: str, *, synchronous: str = SQLITE_SYNCHRONOUS[0]) -> None:
        self.url = url
        path = sqlite_file(url)
        if path is not None:
            quick_check(path)
        self.engine = make_engine(url, synchronous=synchronous)
        upgrade(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._lock_file: IO[str] | None = None
        self._shared = False
        self.rooms = RoomStore(self)

    def claim(self, *, shared: bool) -> None:
        """Take this process's hold on a SQLite file: alone (``shared`` False), or with other servers that
        share it through Redis (True). A server without Redis on a file another server uses would serve
        stale games, so that is refused with ``StoreError`` (and so is one with Redis beside one without).
        Other databases need no hold: each write is checked against its row version."""
        path = sqlite_file(self.url)
        if path is None or self._lock_file is not None:
            return
        handle = open(path.with_name(path.name + ".lock"), "a+")  # noqa: SIM115 - held while serving
        try:
            fcntl.flock(handle, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            how = "--redis" if shared else "no --redis"
            raise StoreError(
                f"another bonepile server is using {path} ({how} here): two servers on one SQLite file must both "
                "run with --redis URL to share it, else each would serve stale games"
            ) from None
        self._lock_file = handle
        self._shared = shared

    def release(self) -> None:
        if self._lock_file is not None:
            self._lock_file.close()
            self._lock_file = None

    def close(self) -> None:
        """Let go of the database; a SQLite file is checkpointed first, so that at rest every game is in
        the file itself and none waits in the write-ahead log (where a damaged frame would drop it)."""
        if sqlite_file(self.url) is not None and self._lock_file is not None and not self._shared:
            try:
                with self.engine.connect() as connection:
                    connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            except Exception:  # another server still writing, or the file gone: nothing to do here
                pass
        self.release()
        self.engine.dispose()

    def ping(self) -> None:
        """Raise if the database does not answer (for /health)."""
        with self.engine.connect() as connection:
            connection.execute(text("SELECT 1"))

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

    def versions_of(self, game_ids: Sequence[str]) -> dict[str, int]:
        """The stored versions of many games in one query per ``CHUNK`` ids (a game not there is left out):
        what a process reads, while its bus is down, to learn which of its games another process changed."""
        found: dict[str, int] = {}
        with self.engine.connect() as connection:
            for start in range(0, len(game_ids), CHUNK):
                chunk = list(game_ids[start : start + CHUNK])
                rows = connection.execute(select(GameRow.id, GameRow.version).where(GameRow.id.in_(chunk)))
                found.update({str(row[0]): int(row[1] or 0) for row in rows})
        return found

    def find(
        self,
        statuses: Collection[str] | None = None,
        *,
        in_rooms: bool | None = None,
        updated_since: datetime | None = None,
        limit: int | None = None,
        after: tuple[datetime, str] | None = None,
    ) -> list[StoredGame]:
        """Stored games, most recently updated first; only those with one of ``statuses`` when given;
        with ``in_rooms`` only the rooms' games (True) or only the others (False); only those updated
        since ``updated_since``; at most ``limit``, starting after the game ``after`` (updated_at, id)."""
        query = select(GameRow).order_by(GameRow.updated_at.desc(), GameRow.id.desc())
        if statuses is not None:
            query = query.where(GameRow.status.in_(list(statuses)))
        if in_rooms is not None:
            query = query.where(GameRow.room_id.is_not(None) if in_rooms else GameRow.room_id.is_(None))
        if updated_since is not None:
            query = query.where(GameRow.updated_at >= updated_since)
        if after is not None:
            moment, game_id = after
            query = query.where(
                or_(GameRow.updated_at < moment, (GameRow.updated_at == moment) & (GameRow.id < game_id))
            )
        if limit is not None:
            query = query.limit(limit)
        with self._sessions() as session:
            return [StoredGame.of(row) for row in session.scalars(query)]

    def purge(self, *, before: datetime) -> list[str]:
        """Delete the games and rooms last changed before ``before`` (a room's games go with it, and a game
        of a room still kept stays with its room); the ids of the games deleted."""
        with self.engine.begin() as connection:
            recent = select(GameRow.room_id).where(GameRow.updated_at >= before, GameRow.room_id.is_not(None))
            stale_rooms = select(RoomRow.id).where(RoomRow.updated_at < before, RoomRow.id.not_in(recent))
            rooms = [row[0] for row in connection.execute(stale_rooms)]
            old = (GameRow.updated_at < before) & (GameRow.room_id.is_(None) | GameRow.room_id.in_(rooms))
            games = [row[0] for row in connection.execute(select(GameRow.id).where(old))]
            if games:
                connection.execute(delete(GameRow).where(GameRow.id.in_(games)))
                connection.execute(delete(ReviewRow).where(ReviewRow.game_id.in_(games)))
            if rooms:
                connection.execute(delete(GameRow).where(GameRow.room_id.in_(rooms)))
                connection.execute(delete(RoomRow).where(RoomRow.id.in_(rooms)))
        return games

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
        save = Save(
            game_id, tuple(moves), status, version, turn_started_at, None if timeouts is None else tuple(timeouts)
        )
        result = self.save_many([save])[0]
        if isinstance(result, Exception):
            raise result
        return result

    def save_many(self, saves: Sequence[Save]) -> list[StoredGame | Exception]:
        """Write many games' saves in one transaction, so one commit (one sync of the log) serves them all:
        what lets a server keep up with many rooms moving at once (``bonepile.store.batch``).

        Each save is checked on its own, as ``save`` checks one: its result is the stored row, or the
        ``StaleWrite`` (another writer got there first) or ``KeyError`` (no such game) of that save alone,
        the others written all the same. When the transaction itself fails (a statement the database
        refuses, a failed commit), each save is tried again alone, so that one bad save never costs the
        others theirs; what still fails is that save's exception. Nothing is raised.
        """
        if not saves:
            return []
        if len(saves) > 1:
            try:
                return retrying(lambda: self._write(saves))
            except Exception:  # each save is tried alone below, which says what failed
                pass
        results: list[StoredGame | Exception] = []
        for save in saves:
            try:
                results.append(retrying(functools.partial(self._write, [save]))[0])
            except Exception as error:  # the caller gets it as this save's result
                results.append(error)
        return results

    def _write(self, saves: Sequence[Save]) -> list[StoredGame | Exception]:
        """``save_many``'s transaction: every save's UPDATE ... RETURNING, then one commit."""
        now = _now()
        rows: list[Row[Any] | None] = []
        with self.engine.begin() as connection:
            for save in saves:
                statement = _save_statement(
                    save.version is not None, save.turn_started_at is not None, save.timeouts is not None
                )
                rows.append(connection.execute(statement, save.parameters(now)).first())
            missed = [save.game_id for save, row in zip(saves, rows, strict=True) if row is None]
            there = (
                set(connection.execute(select(GameRow.id).where(GameRow.id.in_(missed))).scalars()) if missed else set()
            )
        results: list[StoredGame | Exception] = []
        for save, row in zip(saves, rows, strict=True):
            if row is not None:
                results.append(StoredGame.of(row))  # the returned row's columns, no ORM object made
            elif save.game_id in there:
                results.append(StaleWrite(f"game {save.game_id} changed since version {save.version}"))
            else:
                results.append(KeyError(save.game_id))
        return results

    # ------------------------------------------------------------------ reviews

    def save_review(self, game_id: str, hand_number: int, review: dict[str, Any]) -> bool:
        """Keep a finished hand's review; False (nothing written) when one of the same or a later version of
        the review (``review["version"]``) is kept already: a review is computed once for each version, and
        the first one stored is the one every reader gets. An older version's is replaced."""
        values = {"game_id": game_id, "hand_number": hand_number, "review": review, "created_at": _now()}
        version = int(review.get("version", 0))
        where = (ReviewRow.game_id == game_id, ReviewRow.hand_number == hand_number)

        def write() -> bool:
            try:
                with self.engine.begin() as connection:
                    kept = connection.execute(select(ReviewRow.review).where(*where)).scalar()
                    if kept is None:
                        connection.execute(insert(ReviewRow).values(**values))
                        return True
                    if int(dict(kept).get("version", 0)) >= version:
                        return False
                    connection.execute(update(ReviewRow).where(*where).values(review=review, created_at=_now()))
            except IntegrityError:  # another process stored it first
                return False
            return True

        return retrying(write)

    def review(self, game_id: str, hand_number: int) -> dict[str, Any] | None:
        """The stored review of a game's hand, or None."""
        query = select(ReviewRow.review).where(ReviewRow.game_id == game_id, ReviewRow.hand_number == hand_number)
        with self.engine.connect() as connection:
            found = connection.execute(query).scalar()
        return None if found is None else dict(found)

    def reviewed_hands(self, game_id: str) -> list[int]:
        """The hands of a game whose review is stored, in order."""
        query = select(ReviewRow.hand_number).where(ReviewRow.game_id == game_id).order_by(ReviewRow.hand_number)
        with self.engine.connect() as connection:
            return [int(number) for number in connection.execute(query).scalars()]

    def delete(self, game_id: str) -> bool:
        """Remove a game that is not a room's (abandoned by its players); whether there was one to remove."""
        statement = delete(GameRow).where(GameRow.id == game_id, GameRow.room_id.is_(None))

        def write() -> int:
            with self.engine.begin() as connection:
                return int(connection.execute(statement).rowcount)

        return retrying(write) > 0
