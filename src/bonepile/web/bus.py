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

**A lost Redis** never strands a player. The bus notices at once when a
publish fails or its subscription breaks, and within ``heartbeat`` seconds
(the ``bus_heartbeat`` setting) when Redis stops answering without a word;
it is then *down* (``BusState``), and ``bonepile.web.fallback`` reads the
games and rooms that have sockets on this process from the database every
``bus_poll`` seconds instead. The subscription is tried again every half
second; once it holds and Redis answers, the bus is *up* again, and the
``restored`` callback catches up with everything at once (what another
process published while this one was not listening is lost in Redis, so it
is read from the database), and the events this process could not publish
are published then. Redis's own client retries nothing (``Retry(..., 0)``):
a reconnection behind our back would hide the gap in which events were lost.
Presence across processes is frozen at what was last read while Redis is
away (a seat elsewhere is neither shown leaving nor arriving).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bonepile.web.times import iso_ms
from bonepile.web.times import now as _now

log = logging.getLogger(__name__)

Event = dict[str, Any]
Handler = Callable[[Event], Awaitable[None]]
Restored = Callable[[], Awaitable[None]]
"""Called when the bus is back after being down: catch up with everything (``bonepile.web.fallback``)."""
Changed = Callable[[bool], None]
"""Called with the bus's new ``ok`` whenever it goes down or comes back."""

CHANNEL = "bonepile:events"
ALIVE_SECONDS = 10
"""How long a process counts as alive after its last heartbeat."""
HEARTBEAT_SECONDS = 1.0
"""The default of the ``bus_heartbeat`` setting."""
RESUBSCRIBE_SECONDS = 0.5
"""The pause between tries to subscribe again while Redis is away."""


@dataclass(slots=True)
class BusState:
    """Whether the bus carries events now (``ok``), since when, and the last error it met (kept after it is
    over, for /health)."""

    ok: bool
    since: datetime
    last_error: str | None = None
    last_error_at: datetime | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "since": iso_ms(self.since),
            "last_error": self.last_error,
            "last_error_at": None if self.last_error_at is None else iso_ms(self.last_error_at),
        }


def describe(error: BaseException) -> str:
    """An error in one short line, for logs and /health."""
    text = str(error).splitlines()[0][:200] if str(error) else ""
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


class LocalBus:
    """One process alone: no one to tell; presence is what this process holds."""

    shared = False
    kind = "local"

    def __init__(self) -> None:
        self.process_id = secrets.token_hex(8)
        self.state = BusState(ok=True, since=_now())
        self.watchers: list[Changed] = []
        """Told of every change of ``state.ok`` (the fallback listens)."""

    @property
    def ok(self) -> bool:
        return self.state.ok

    def health(self) -> dict[str, Any]:
        """The bus's part of ``GET /health``."""
        return {"kind": self.kind, **self.state.to_json()}

    async def start(self, handler: Handler, restored: Restored | None = None) -> None:
        return None

    async def stop(self) -> None:
        return None

    async def publish(self, event: Event) -> None:
        return None

    async def set_presence(self, room_id: str, counts: dict[int, int]) -> None:
        return None

    async def connected(self, room_id: str, local: dict[int, int]) -> set[int]:
        return {seat for seat, count in local.items() if count > 0}

    def forget(self, room_id: str) -> None:
        """A room left memory here."""
        return None


class RedisBus(LocalBus):
    """Several processes sharing one database, told of each other's changes through Redis (module docstring)."""

    shared = True
    kind = "redis"

    def __init__(self, url: str, *, heartbeat: float = HEARTBEAT_SECONDS) -> None:
        super().__init__()
        import redis.asyncio as aioredis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        self.url = url
        self.heartbeat = heartbeat
        # No retries inside the client (module docstring); a Redis that stops answering fails a command
        # within ``timeout`` seconds, so that the heartbeat notices it.
        timeout = max(0.5, min(2.0, heartbeat))
        self.redis: Any = aioredis.Redis.from_url(
            url,
            decode_responses=True,
            retry=Retry(NoBackoff(), 0),
            socket_timeout=timeout,
            socket_connect_timeout=timeout,
        )
        self._tasks: list[asyncio.Task[None]] = []
        self._handler: Handler | None = None
        self._restored: Restored | None = None
        self._unsent: dict[tuple[str, str], Event] = {}
        """The events that could not be published, by what they are about (the newest of each): published
        once the bus is back, for the processes that never lost Redis and so do not catch up by themselves."""
        self._remote: dict[str, set[int]] = {}
        """Per room, the seats connected on other processes when presence was last read (module docstring)."""
        self._unrecorded: dict[str, dict[int, int]] = {}
        """Per room, the socket counts this process could not record in Redis (the newest): recorded once the
        bus is back, so that a seat that left meanwhile is not counted for ever."""
        self._frozen: dict[str, set[int]] = {}
        self._frozen_until = 0.0
        """Just after the bus came back, the other processes may not have recorded their presence again yet
        (a Redis that restarted is empty): until then the seats last known elsewhere still count."""

    async def start(self, handler: Handler, restored: Restored | None = None) -> None:
        """Check that Redis answers (so a wrong URL fails at start, not later), then listen and beat."""
        await self.redis.ping()
        self._handler = handler
        self._restored = restored
        await self._beat_once()
        ready = asyncio.Event()
        self._tasks = [
            asyncio.create_task(self._listen(ready), name="bus-listen"),
            asyncio.create_task(self._heartbeat(), name="bus-heartbeat"),
        ]
        await asyncio.wait_for(ready.wait(), timeout=10)

    # ------------------------------------------------------------------------------ up and down

    def failed(self, what: str, error: BaseException) -> None:
        """Something Redis was asked failed: the bus is down (if it was not) until it is subscribed again."""
        now = _now()
        self.state.last_error = f"{what}: {describe(error)}"
        self.state.last_error_at = now
        if not self.state.ok:
            return
        log.error("lost Redis (%s); reading the games with sockets here from the database meanwhile", what)
        self.state.ok = False
        self.state.since = now
        for watcher in self.watchers:
            watcher(False)

    async def _recovered(self) -> None:
        """Subscribed again and Redis answers: the bus is up; catch up and publish what could not be."""
        if self.state.ok:
            return
        log.warning("Redis is back: catching up and listening again")
        self._frozen = {room: set(seats) for room, seats in self._remote.items()}
        self._frozen_until = time.monotonic() + 2 * self.heartbeat + 2 * RESUBSCRIBE_SECONDS + 1.0
        self.state.ok = True
        self.state.since = _now()
        for watcher in self.watchers:
            watcher(True)
        unrecorded, self._unrecorded = self._unrecorded, {}
        for room_id, counts in unrecorded.items():
            await self.set_presence(room_id, counts)
        unsent, self._unsent = self._unsent, {}
        for event in unsent.values():
            await self.publish(event)
        if self._restored is not None:
            try:
                await self._restored()
            except Exception:
                log.exception("catching up after Redis came back failed")

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
        """Tell the other processes; an event that cannot be sent now is kept and sent once the bus is back."""
        key = (str(event.get("kind")), str(event.get("id")))
        if not self.state.ok:
            self._unsent[key] = event  # the listener tries Redis again every half second
            return
        try:
            await self.redis.publish(CHANNEL, json.dumps(event | {"origin": self.process_id}))
        except Exception as error:
            self._unsent[key] = event
            self.failed("publish", error)
        else:
            self._unsent.pop(key, None)

    async def _listen(self, ready: asyncio.Event) -> None:
        """Read the channel for ever, subscribing again after a lost connection (or once anything else found
        Redis gone: the subscription may be dead without knowing it)."""
        while True:
            pubsub = self.redis.pubsub()
            try:
                await pubsub.subscribe(CHANNEL)
                await self.redis.ping()
                ready.set()
                await self._recovered()
                while True:
                    if not self.state.ok:
                        break  # another check found Redis gone: subscribe afresh before trusting the channel
                    message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=0.25)
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
            except Exception as error:
                self.failed("subscription", error)
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            with contextlib.suppress(Exception):
                # The pool's idle connections are dead too: each would fail once more after Redis is back.
                await self.redis.connection_pool.disconnect()
            await asyncio.sleep(RESUBSCRIBE_SECONDS)

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
            await asyncio.sleep(self.heartbeat)
            try:
                await self._beat_once()
            except Exception as error:
                self.failed("heartbeat", error)

    async def set_presence(self, room_id: str, counts: dict[int, int]) -> None:
        """Record how many sockets of each seat of the room this process holds."""
        if not self.state.ok:
            self._unrecorded[room_id] = dict(counts)  # recorded once the bus is back
            return
        self._unrecorded.pop(room_id, None)
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
        except Exception as error:
            self._unrecorded[room_id] = dict(counts)
            self.failed("presence", error)

    async def connected(self, room_id: str, local: dict[int, int]) -> set[int]:
        """The seats with a socket on any live process (this one's counted from ``local``)."""
        seats = {seat for seat, count in local.items() if count > 0}
        if not self.state.ok:
            return seats | self._remote.get(room_id, set())
        try:
            fields: dict[str, str] = await self.redis.hgetall(self._presence_key(room_id))
            others = {field.split(":", 1)[0] for field in fields} - {self.process_id}
            alive: dict[str, bool] = {}
            for process in others:
                alive[process] = bool(await self.redis.exists(self._alive_key(process)))
        except Exception as error:
            self.failed("presence", error)
            return seats | self._remote.get(room_id, set())
        remote: set[int] = set()
        for field, count in fields.items():
            process, _, seat = field.partition(":")
            if process != self.process_id and alive.get(process) and seat.isdigit() and int(count) > 0:
                remote.add(int(seat))
        self._remote[room_id] = remote
        if time.monotonic() < self._frozen_until:
            return seats | remote | self._frozen.get(room_id, set())
        return seats | remote

    def forget(self, room_id: str) -> None:
        """A room left memory here: its last known presence goes too."""
        self._remote.pop(room_id, None)
        self._frozen.pop(room_id, None)
