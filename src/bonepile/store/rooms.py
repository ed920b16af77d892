"""Rooms in the database: the lobby, the seats with their hashed tokens, and the room's games.

A room row holds what a server needs to rebuild the room after a crash or on
another process: its settings, each seat (human or AI, its name, whether
somebody holds it, and the SHA-256 of its token), the host's token hash, the
join code, and the ids of its games. Tokens themselves are never stored: a
leaked database gives nobody a seat.

Every change is a conditional write on the row's ``version`` (``StaleWrite``
when another writer, on this process or another, changed the room first);
starting a game writes the new game row and the room in one transaction, so
a crash never leaves a room pointing at a game that does not exist, nor a
game without its room.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import Engine, insert, select, update

from bonepile.store.schema import (
    PLAYING,
    WAITING,
    GameRow,
    RoomRow,
    StaleWrite,
    StoredGame,
    _now,
    _utc,
    new_game_values,
    retrying,
)


class Database(Protocol):
    """What the rooms' store needs of the games' store (``GameStore``): its engine, and a game read back."""

    @property
    def engine(self) -> Engine: ...

    def get(self, game_id: str) -> StoredGame | None: ...


@dataclass(frozen=True, slots=True)
class StoredRoom:
    """A snapshot of one room row."""

    id: str
    game: str
    preset: str
    options: dict[str, Any]
    turn_time_limit: float | None
    seats: tuple[dict[str, Any], ...]
    host_token_hash: str
    host_seat: int | None
    join_code: str
    state: str
    game_id: str | None
    games: tuple[str, ...]
    version: int
    created_at: datetime
    updated_at: datetime
    hints: bool = False
    """Whether the host lets the players ask for hints."""

    @classmethod
    def of(cls, row: RoomRow) -> StoredRoom:
        return cls(
            id=row.id,
            game=row.game,
            preset=row.preset,
            options=dict(row.options),
            turn_time_limit=row.turn_time_limit,
            seats=tuple(dict(seat) for seat in row.seats),
            host_token_hash=row.host_token_hash,
            host_seat=row.host_seat,
            join_code=row.join_code,
            state=row.state,
            game_id=row.game_id,
            games=tuple(row.games),
            version=row.version,
            created_at=_utc(row.created_at),
            updated_at=_utc(row.updated_at),
            hints=bool(row.hints),
        )


class RoomStore:
    """Create, read and change rooms on a ``GameStore``'s database; every write commits before returning."""

    def __init__(self, store: Database) -> None:
        self._store = store

    def create(
        self,
        *,
        game: str,
        preset: str,
        options: dict[str, Any],
        turn_time_limit: float | None,
        seats: Sequence[dict[str, Any]],
        host_token_hash: str,
        host_seat: int | None,
        join_code: str,
        hints: bool = False,
    ) -> StoredRoom:
        """Store a new room, waiting for its players, under a fresh random id."""
        now = _now()
        values = {
            "id": secrets.token_hex(6),
            "game": game,
            "preset": preset,
            "options": dict(options),
            "turn_time_limit": turn_time_limit,
            "hints": hints,
            "seats": [dict(seat) for seat in seats],
            "host_token_hash": host_token_hash,
            "host_seat": host_seat,
            "join_code": join_code,
            "state": WAITING,
            "game_id": None,
            "games": [],
            "version": 0,
            "created_at": now,
            "updated_at": now,
        }

        def write() -> None:
            with self._store.engine.begin() as connection:
                connection.execute(insert(RoomRow).values(**values))

        retrying(write)
        room = self.get(str(values["id"]))
        assert room is not None
        return room

    def get(self, room_id: str) -> StoredRoom | None:
        with self._store.engine.connect() as connection:
            row = connection.execute(select(RoomRow.__table__).where(RoomRow.id == room_id)).mappings().first()
        if row is None:
            return None
        return StoredRoom.of(RoomRow(**dict(row)))

    def versions_of(self, room_ids: Sequence[str], chunk: int = 500) -> dict[str, int]:
        """The stored versions of many rooms, ``chunk`` ids a query (a room not there is left out)."""
        found: dict[str, int] = {}
        with self._store.engine.connect() as connection:
            for start in range(0, len(room_ids), chunk):
                ids = list(room_ids[start : start + chunk])
                rows = connection.execute(select(RoomRow.id, RoomRow.version).where(RoomRow.id.in_(ids)))
                found.update({str(row[0]): int(row[1] or 0) for row in rows})
        return found

    def update(self, room_id: str, version: int, values: dict[str, Any]) -> StoredRoom:
        """Change a room read at ``version`` (``StaleWrite`` if it has changed since; nothing written)."""
        changes = dict(values) | {"version": version + 1, "updated_at": _now()}

        def write() -> int:
            with self._store.engine.begin() as connection:
                statement = update(RoomRow).where(RoomRow.id == room_id, RoomRow.version == version)
                return int(connection.execute(statement.values(**changes)).rowcount)

        if retrying(write) == 0:
            if self.get(room_id) is None:
                raise KeyError(room_id)
            raise StaleWrite(f"room {room_id} changed since version {version}")
        room = self.get(room_id)
        assert room is not None
        return room

    def start_game(
        self,
        room: StoredRoom,
        *,
        seats: Sequence[dict[str, Any]],
        seed: int,
        room_values: dict[str, Any] | None = None,
    ) -> tuple[StoredRoom, StoredGame]:
        """Store the room's next game and make it the current one, in one transaction (see the module)."""
        game_values = new_game_values(
            game=room.game,
            preset=room.preset,
            options=room.options,
            seats=seats,
            seed=seed,
            status=PLAYING,
            room_id=room.id,
            turn_time_limit=room.turn_time_limit,
        )
        changes = dict(room_values or {}) | {
            "state": PLAYING,
            "game_id": game_values["id"],
            "games": [*room.games, game_values["id"]],
            "version": room.version + 1,
            "updated_at": game_values["created_at"],
        }

        def write() -> int:
            with self._store.engine.begin() as connection:
                statement = update(RoomRow).where(RoomRow.id == room.id, RoomRow.version == room.version)
                changed = int(connection.execute(statement.values(**changes)).rowcount)
                if changed:
                    connection.execute(insert(GameRow).values(**game_values))
                return changed

        if retrying(write) == 0:
            raise StaleWrite(f"room {room.id} changed since version {room.version}")
        stored_room = self.get(room.id)
        stored_game = self._store.get(str(game_values["id"]))
        assert stored_room is not None and stored_game is not None
        return stored_room, stored_game
