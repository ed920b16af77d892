"""How ``bonepile serve`` runs the app under uvicorn, with the connection limits of the settings.

uvicorn closes an idle keep-alive connection (``timeout_keep_alive``) and
refuses work past ``limit_concurrency`` with a 503, but it waits for ever for
the rest of a request whose head came only in part: a client could hold any
number of connections open that way. ``with_head_timeout`` adds that bound
(``header_timeout``): a connection whose request head is not complete within
that time is closed.
"""

from __future__ import annotations

import asyncio
from typing import Any

import uvicorn
from fastapi import FastAPI

from bonepile.web.settings import Settings

WS_MAX_SIZE = 64 * 1024
"""Frames over this size are refused by the WebSocket layer before the app sees them (docs: limits)."""


def with_head_timeout(base: type[asyncio.Protocol], seconds: float) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol ``base``, closing a connection whose request head takes over ``seconds``."""

    class HeadTimeout(base):  # type: ignore[misc,valid-type]
        _head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:
            super().connection_made(transport)
            self._arm_head_timer()

        def _arm_head_timer(self) -> None:
            self._cancel_head_timer()
            if seconds > 0:
                self._head_timer = asyncio.get_running_loop().call_later(seconds, self._head_too_slow)

        def _cancel_head_timer(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _head_too_slow(self) -> None:
            self._head_timer = None
            if not self.transport.is_closing():
                self.transport.close()

        def on_headers_complete(self) -> None:  # httptools
            self._cancel_head_timer()
            super().on_headers_complete()

        def handle_events(self) -> None:  # h11: the head is complete once a Request event is out
            super().handle_events()
            if getattr(self, "scope", None) is not None:
                self._cancel_head_timer()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm_head_timer()

        def connection_lost(self, exc: Exception | None) -> None:
            self._cancel_head_timer()
            super().connection_lost(exc)

    HeadTimeout.__name__ = f"HeadTimeout{base.__name__}"
    return HeadTimeout


def http_protocol(settings: Settings) -> type[asyncio.Protocol]:
    """The HTTP protocol class uvicorn would pick (httptools when installed, else h11), with the head
    timeout of ``settings``."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        base: type[asyncio.Protocol] = HttpToolsProtocol
    except ImportError:  # pragma: no cover - httptools is part of uvicorn[standard]
        from uvicorn.protocols.http.h11_impl import H11Protocol

        base = H11Protocol
    return with_head_timeout(base, settings.header_timeout)


def connection_cap(wanted: int) -> int:
    """``max_connections``, but never more than the process may open files (each connection is one),
    less a margin for the database and the logs: past that, accept() fails for everyone."""
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):  # pragma: no cover - not a POSIX system
        return wanted
    if soft == resource.RLIM_INFINITY or soft <= 0:
        return wanted
    return max(16, min(wanted, soft - FILE_MARGIN))


FILE_MARGIN = 48
"""File descriptors kept free of connections: the database, Redis, the logs, the hint workers' pipes."""


def server_config(app: FastAPI, host: str, port: int, settings: Settings, **extra: object) -> uvicorn.Config:
    """uvicorn's configuration for the app: the connection limits of ``settings`` and the socket options."""
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "log_level": "warning",
        "http": http_protocol(settings),
        "timeout_keep_alive": max(1, round(settings.idle_timeout)),
        "limit_concurrency": connection_cap(settings.max_connections) if settings.max_connections else None,
        "ws_max_size": WS_MAX_SIZE,
        "ws_ping_interval": 20.0,
        "ws_ping_timeout": 20.0,
        # Compressing every view for every socket cost the server more than a third of its time per move
        # (bench/rooms.py); a view is a few KiB, nothing for any network a game is played over.
        "ws_per_message_deflate": False,
    }
    return uvicorn.Config(app, **(options | extra))
