"""The database's schema and the values read from it, shared by the games' store and the rooms' store.

Kept apart from both stores so that each imports it and neither imports the
other: the tables (``GameRow``, ``RoomRow``), the snapshots a read returns
(``StoredGame``), the statuses, the errors a write raises, and the retry of a
write that SQLite reports locked.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Float, Integer, String, UniqueConstraint, false
from sqlalchemy.engine import Row
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

PLAYING = "playing"
OVER = "over"
STATUSES = (PLAYING, OVER)

WAITING = "waiting"
"""A room's state before its first game starts (after that: ``PLAYING``; "finished" is read from its game)."""


class StaleWrite(Exception):
    """A conditional write found another version than the one it read: someone else wrote first."""


class StoreError(Exception):
    """The database cannot be used as it is (damaged, or held by another server): the message says why."""


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


class ReviewRow(Base):
    """A finished hand's review (``bonepile.review.HandReview.to_json``), computed once: one per game and hand."""

    __tablename__ = "reviews"
    __table_args__ = (UniqueConstraint("game_id", "hand_number", name="uq_reviews_game_hand"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(String(32))
    hand_number: Mapped[int] = mapped_column(Integer)
    review: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


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
    def of(cls, row: GameRow | Row[Any]) -> StoredGame:
        """From a loaded row, or from a statement's returned columns (named as the row's attributes)."""
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
