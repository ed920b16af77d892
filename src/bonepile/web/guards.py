"""What stands between a client and the server's work: rate limits per client and the Host and Origin
checks (the hints' and the AI's worker processes: ``bonepile.web.workers``)."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Collection
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Receive, Scope, Send

from bonepile.i18n import N_, _
from bonepile.web.errors import ApiError

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
