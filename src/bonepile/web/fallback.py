"""While the bus is down: the database tells each process what the others changed.

With several processes (``bonepile serve --redis``), a process learns of
another's move from a bus event (``bonepile.web.bus``). When Redis is lost,
no event comes; so while the bus is down, ``Fallback`` reads, every
``bus_poll`` seconds (the setting; 0.5 by default, 1.5 at most so that a
change shows within 2 s), the versions of the games and rooms that have a
socket on this process, in one query each (their primary keys, no rows), and
catches up each one whose version moved, through the same path a bus event
takes (``SessionManager.refresh``, ``RoomManager.refresh``): the new moves'
views are pushed in order, from what is committed. It reads at once when the
bus goes down (what was published just before may never have arrived), and
once more when the bus is back (``catch_up``: events published while this
process was not subscribed are lost in Redis), where it also records this
process's presence in Redis again (a Redis that restarted empty has none)
and tells the others.

A game or room without a socket here needs nothing: whatever reads it next
(a request, the AI, the clock) checks its version first (``SessionManager``'s
``_caught_up``, ``fresh``; the rooms' ``read``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bonepile.web.bus import LocalBus
from bonepile.web.rooms import RoomManager
from bonepile.web.sessions import SessionManager

log = logging.getLogger(__name__)


class Fallback:
    """The database in the bus's place while the bus is down (module docstring)."""

    def __init__(self, sessions: SessionManager, rooms: RoomManager, bus: LocalBus, interval: float) -> None:
        self.sessions = sessions
        self.rooms = rooms
        self.bus = bus
        self.interval = interval
        self.polls = 0
        """Reads made while the bus was down (for tests and /health)."""
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        bus.watchers.append(self._changed)

    def health(self) -> dict[str, object]:
        """The fallback's part of the bus in /health."""
        polling = self.bus.shared and not self.bus.ok
        return {"polling": polling, "poll_seconds": self.interval if polling else None, "polls": self.polls}

    async def start(self) -> None:
        if self.bus.shared:
            self._task = asyncio.create_task(self._run(), name="bus-fallback")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def _changed(self, ok: bool) -> None:
        if not ok:
            self._wake.set()  # read at once: what was published just before may be lost

    async def _run(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=self.interval)
            self._wake.clear()
            if self.bus.ok:
                continue
            try:
                self.polls += 1
                await self.read()
            except Exception as error:  # the database away too: /health says so; read again next time
                log.warning("reading the games from the database while Redis is away failed: %s", error)

    async def catch_up(self) -> None:
        """The bus is back: read everything with a socket here once, and record this process's presence again."""
        await self.read()
        for hub in list(self.rooms.hubs.values()):  # a room left by its last socket meanwhile too
            await self.rooms.presence_changed(hub, force_tell=True)

    async def read(self) -> None:
        """Catch up every game and room that has a socket on this process and changed in the database."""
        games = {game_id: session.version for game_id, session in self.sessions.sessions.items() if session.listeners}
        rooms = {room_id: hub.room.version for room_id, hub in self.rooms.hubs.items() if hub.listeners}
        store = self.sessions.store
        if games:
            stored = await asyncio.to_thread(store.versions_of, list(games))
            for game_id, version in games.items():
                if stored.get(game_id) != version:
                    await self.sessions.refresh(game_id)
        if rooms:
            stored = await asyncio.to_thread(store.rooms.versions_of, list(rooms))
            for room_id, version in rooms.items():
                if stored.get(room_id) != version:
                    await self.rooms.refresh(room_id)
