"""How server processes tell each other that a game or a room changed, and who is connected where.

One process needs none of this: ``LocalBus`` does nothing and counts the
sockets it holds. Several processes behind one address (``bonepile serve
--redis URL``) share their database, which holds every game and room, and use
Redis for the rest (``RedisBus``):

* **pub/sub**: after committing a change, a process publishes a small event
  ("game G is at version 7", "room R changed", "presence in room R
  changed") on one channel. Every other process then reads the new state from
  the database and pushes the views to its own sockets. An event carries no
  game state, so Redis never holds a hand or a seed.
* **presence**: each process keeps, in one Redis hash per room, how many
  sockets of each seat it holds, and refreshes a short-lived "alive" key of
  its own; a seat is connected if any live process holds a socket of it, so a
  process that dies (even by SIGKILL) stops counting within seconds.

Moves are not serialized here: the database's row versions do that
(``bonepile.store.db.StaleWrite``), so a lost Redis message can delay a push
but never let two moves in at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger(__name__)

Event = dict[str, Any]
Handler = Callable[[Event], Awaitable[None]]

CHANNEL = "bonepile:events"
ALIVE_SECONDS = 10
"""How long a process counts as alive after its last heartbeat."""
HEARTBEAT_SECONDS = 3.0


class LocalBus:
    """One process alone: no one to tell; presence is what this process holds."""

    shared = False

    def __init__(self) -> None:
        self.process_id = secrets.token_hex(8)

    async def start(self, handler: Handler) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def publish(self, event: Event) -> None:
        return None

    async def set_presence(self, room_id: str, counts: dict[int, int]) -> None:
        return None

    async def connected(self, room_id: str, local: dict[int, int]) -> set[int]:
        return {seat for seat, count in local.items() if count > 0}


class RedisBus(LocalBus):
    """Several processes sharing one database, told of each other's changes through Redis (module docstring)."""

    shared = True

    def __init__(self, url: str) -> None:
        super().__init__()
        import redis.asyncio as aioredis

        self.url = url
        self.redis: Any = aioredis.Redis.from_url(url, decode_responses=True)
        self._tasks: list[asyncio.Task[None]] = []
        self._handler: Handler | None = None

    async def start(self, handler: Handler) -> None:
        """Check that Redis answers (so a wrong URL fails at start, not later), then listen and beat."""
        await self.redis.ping()
        self._handler = handler
        await self._beat_once()
        ready = asyncio.Event()
        self._tasks = [
            asyncio.create_task(self._listen(ready), name="bus-listen"),
            asyncio.create_task(self._heartbeat(), name="bus-heartbeat"),
        ]
        await asyncio.wait_for(ready.wait(), timeout=10)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self.redis.delete(self._alive_key(self.process_id))
        await self.redis.aclose()

    async def publish(self, event: Event) -> None:
        try:
            await self.redis.publish(CHANNEL, json.dumps(event | {"origin": self.process_id}))
        except Exception:
            log.exception("could not publish %s to Redis", event)

    async def _listen(self, ready: asyncio.Event) -> None:
        """Read the channel for ever, subscribing again after a lost connection."""
        while True:
            pubsub = self.redis.pubsub()
            try:
                await pubsub.subscribe(CHANNEL)
                ready.set()
                while True:
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
                    if message is None or message.get("type") != "message":
                        continue
                    try:
                        event = json.loads(message["data"])
                    except (TypeError, ValueError):
                        continue
                    if not isinstance(event, dict) or event.get("origin") == self.process_id:
                        continue
                    if self._handler is not None:
                        try:
                            await self._handler(event)
                        except Exception:
                            log.exception("handling the bus event %s failed", event)
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                raise
            except Exception:
                log.exception("lost the Redis subscription; subscribing again")
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                await asyncio.sleep(0.5)

    # ------------------------------------------------------------------------------ presence

    @staticmethod
    def _alive_key(process_id: str) -> str:
        return f"bonepile:alive:{process_id}"

    @staticmethod
    def _presence_key(room_id: str) -> str:
        return f"bonepile:presence:{room_id}"

    async def _beat_once(self) -> None:
        await self.redis.set(self._alive_key(self.process_id), "1", ex=ALIVE_SECONDS)

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT_SECONDS)
            try:
                await self._beat_once()
            except Exception:
                log.exception("Redis heartbeat failed")

    async def set_presence(self, room_id: str, counts: dict[int, int]) -> None:
        """Record how many sockets of each seat of the room this process holds."""
        key = self._presence_key(room_id)
        live = {f"{self.process_id}:{seat}": count for seat, count in counts.items() if count > 0}
        gone = [f"{self.process_id}:{seat}" for seat, count in counts.items() if count <= 0]
        try:
            async with self.redis.pipeline(transaction=True) as pipe:
                if gone:
                    pipe.hdel(key, *gone)
                if live:
                    pipe.hset(key, mapping=live)
                pipe.expire(key, 86400)
                await pipe.execute()
        except Exception:
            log.exception("could not record presence in room %s", room_id)

    async def connected(self, room_id: str, local: dict[int, int]) -> set[int]:
        """The seats with a socket on any live process (this one's counted from ``local``)."""
        seats = {seat for seat, count in local.items() if count > 0}
        try:
            fields: dict[str, str] = await self.redis.hgetall(self._presence_key(room_id))
            others = {field.split(":", 1)[0] for field in fields} - {self.process_id}
            alive: dict[str, bool] = {}
            for process in others:
                alive[process] = bool(await self.redis.exists(self._alive_key(process)))
        except Exception:
            log.exception("could not read presence in room %s", room_id)
            return seats
        for field, count in fields.items():
            process, _, seat = field.partition(":")
            if process != self.process_id and alive.get(process) and seat.isdigit() and int(count) > 0:
                seats.add(int(seat))
        return seats
