"""What stands between a client and the server's work: rate limits per client, the Host and Origin
checks, and the hints' own worker pool.

Why a pool of processes for hints: a hint runs the strongest AI, which is
pure Python; in a thread it would hold the interpreter's lock against every
room's AI player, so a flood of hints would slow every game. A separate
process (``hint_workers`` of them) thinks beside the server instead, a queue
of ``hint_queue`` bounds what may wait, and ``hint_timeout`` bounds how long
a client waits for one (from when the workers are up: the first hint waits
for them to start, which is not counted).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Collection
from typing import TypeVar
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from bonepile.i18n import N_, _
from bonepile.web.errors import ApiError, decimal

_T = TypeVar("_T")

RATE_LIMITED = {
    # TRANSLATORS: {seconds} is a whole number of seconds.
    "new games": N_("too many new games from this address: try again in {seconds} s"),
    # TRANSLATORS: {seconds} is a whole number of seconds.
    "new rooms": N_("too many new rooms from this address: try again in {seconds} s"),
    # TRANSLATORS: {seconds} is a whole number of seconds.
    "hints": N_("too many hints from this address: try again in {seconds} s"),
}
"""What a client hears when it asked too often, by what it asked for (``KeyedBuckets.check``'s ``what``)."""

MAX_CLIENTS = 10_000
"""Clients whose buckets are remembered; the oldest are forgotten first (their buckets were full again)."""


class Bucket:
    """A token bucket: ``size`` at once, regained at ``rate`` per second (the one every limit of the server uses)."""

    __slots__ = ("rate", "size", "tokens", "updated")

    def __init__(self, size: int, rate: float) -> None:
        self.size = size
        self.rate = rate
        self.tokens = float(size)
        self.updated = time.monotonic()

    def wait(self) -> float:
        """Take a token: 0 if there was one, else the seconds until one is back (none is taken then)."""
        now = time.monotonic()
        self.tokens = min(float(self.size), self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate if self.rate > 0 else 3600.0

    def take(self) -> bool:
        """Take a token if there is one."""
        return self.wait() == 0.0


class KeyedBuckets:
    """A token bucket per client key: ``burst`` at once, regained at ``rate`` per second."""

    def __init__(self, burst: int, rate: float) -> None:
        self.burst = burst
        self.rate = rate
        self._buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, key: str) -> float:
        """Take a token for ``key``: 0 if allowed, else the seconds until one is back."""
        bucket = self._buckets.pop(key, None) or Bucket(self.burst, self.rate)
        wait = bucket.wait()
        self._buckets[key] = bucket
        while len(self._buckets) > MAX_CLIENTS:
            self._buckets.popitem(last=False)
        return wait

    def check(self, key: str, what: str) -> None:
        """Take a token for ``key`` or refuse with ``429 rate_limited`` (``what``: a key of ``RATE_LIMITED``)."""
        wait = self.take(key)
        if wait > 0:
            seconds = int(f"{wait:.0f}")
            if what in RATE_LIMITED:
                message = _(RATE_LIMITED[what], seconds=seconds)
            else:
                # TRANSLATORS: {seconds} is a whole number of seconds.
                message = _("too many requests from this address: try again in {seconds} s", seconds=seconds)
            raise ApiError(429, "rate_limited", message)


def host_of(value: str) -> str:
    """The name part of a Host header (``example.org:8000`` -> ``example.org``; ``[::1]:80`` -> ``[::1]``)."""
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        return value[: end + 1] if end > 0 else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


class HostCheck:
    """Answer only requests whose Host header names this server (``400 bad_host`` otherwise), and
    accept a WebSocket only from a page of the same origin (DNS rebinding: a foreign page that made
    its own name point at this address must not drive the games)."""

    def __init__(self, app: ASGIApp, hosts: Collection[str] | None) -> None:
        self.app = app
        self.hosts = None if hosts is None else frozenset(hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {key.lower(): value for key, value in scope.get("headers") or []}
        host = headers.get(b"host", b"").decode("latin-1")
        refusal: ApiError | None = None
        if self.hosts is not None and host_of(host) not in self.hosts:
            refusal = ApiError(400, "bad_host", _("this server does not answer to that name (see --allowed-hosts)"))
        elif scope["type"] == "websocket":
            origin = headers.get(b"origin")
            if origin is not None and not same_origin(origin.decode("latin-1"), host):
                refusal = ApiError(403, "bad_origin", _("a WebSocket is accepted only from this server's own pages"))
        if refusal is None:
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 4403 if refusal.status == 403 else 4400})
            return
        from fastapi.responses import JSONResponse

        await JSONResponse(refusal.body(), status_code=refusal.status)(scope, receive, send)


def same_origin(origin: str, host: str) -> bool:
    """Whether an ``Origin`` header names the same host and port as the request's ``Host``."""
    parts = urlsplit(origin.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    default = "443" if parts.scheme == "https" else "80"
    mine = host.strip().lower()
    theirs = parts.netloc.lower()
    if ":" not in theirs.rsplit("]", 1)[-1]:
        theirs += f":{default}"
    if ":" not in mine.rsplit("]", 1)[-1]:
        mine += f":{default}"
    return theirs == mine


def _run(work: Callable[..., _T], *args: object) -> _T:
    return work(*args)


def _ready() -> bool:
    return True


def _follow_parent(parent: int) -> None:
    """In a hint worker: leave as soon as the server that started it is gone (even killed by SIGKILL),
    rather than wait for ever on a queue nobody writes to."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="follow-parent", daemon=True).start()


class HintPool:
    """Hints computed in their own processes, a bounded queue before them, and a deadline on each."""

    def __init__(self, workers: int, queue: int, timeout: float) -> None:
        self.workers = workers
        self.timeout = timeout
        self._slots = asyncio.Semaphore(workers + queue)
        self._executor: concurrent.futures.ProcessPoolExecutor | None = None
        self._warming: concurrent.futures.Future[bool] | None = None

    def _pool(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._executor is None:
            # spawn, not fork: the server has threads (fork would copy their locks mid-use).
            context = multiprocessing.get_context("spawn")
            self._executor = concurrent.futures.ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_follow_parent, initargs=(os.getpid(),)
            )
        return self._executor

    def warm(self) -> None:
        """Start the workers now rather than at the first hint (``bonepile serve`` does)."""
        self._warming = self._pool().submit(_ready)

    async def run(self, work: Callable[..., _T], *args: object) -> _T:
        """``work(*args)`` in a worker process (both must pickle), or ``503 hint_busy`` / ``hint_timeout``;
        once more in fresh workers if a worker died meanwhile."""
        for attempt in range(2):
            try:
                return await self._run_once(work, *args)
            except concurrent.futures.process.BrokenProcessPool:
                self._executor = None  # its workers are gone: the next attempt starts new ones
                self._warming = None
                if attempt:
                    raise ApiError(503, "hint_busy", _("the hint worker stopped: try again")) from None
        raise AssertionError("unreachable")  # pragma: no cover

    async def _run_once(self, work: Callable[..., _T], *args: object) -> _T:
        if self._slots.locked():
            raise ApiError(503, "hint_busy", _("the server is busy with other hints: try again in a moment"))
        await self._slots.acquire()
        try:
            if self._executor is None or (self._warming is not None and not self._warming.done()):
                if self._warming is None or self._executor is None:
                    self.warm()
                assert self._warming is not None
                await asyncio.wrap_future(self._warming)  # the workers start (not counted in the deadline)
            future = asyncio.get_running_loop().run_in_executor(self._pool(), _run, work, *args)
        except BaseException:
            self._slots.release()
            raise
        future.add_done_callback(self._finished)
        try:
            return await asyncio.wait_for(asyncio.shield(future), timeout=self.timeout)
        except TimeoutError:
            raise ApiError(
                503, "hint_timeout", _("no hint within {seconds} s: try again", seconds=decimal(self.timeout))
            ) from None

    def _finished(self, future: asyncio.Future[_T]) -> None:
        """A hint is done (answered, given up, or its worker gone): free its slot; its error, if any, was
        either answered already or is of no one's concern any more."""
        self._slots.release()
        if not future.cancelled():
            future.exception()

    def close(self) -> None:
        """Stop the workers (a hint being computed is given up)."""
        executor, self._executor = self._executor, None
        self._warming = None
        if executor is None:
            return
        processes = list(getattr(executor, "_processes", {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join(timeout=5)
