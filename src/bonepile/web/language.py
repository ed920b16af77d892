"""Which language a request or socket is answered in: the reader's, chosen per request, never per server.

The page sends its reader's choice as ``Accept-Language`` on every call and
as ``?lang=`` on its sockets (a socket cannot set headers); a client that
says nothing gets the language its browser asks for, else English. The
language is set for the whole of the request's work (``bonepile.i18n.using``),
so an error, a view or a catalog made anywhere below speaks it.
"""

from __future__ import annotations

from urllib.parse import parse_qs

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bonepile.i18n import from_accept_language, normalize, using


def requested_language(scope: Scope) -> str:
    """The language a request or socket asks for: ``?lang=`` first, then ``Accept-Language``."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    chosen = normalize((query.get("lang") or [""])[0])
    if chosen:
        return chosen
    for name, value in scope.get("headers") or []:
        if name == b"accept-language":
            return from_accept_language(value.decode("latin-1"))
    return from_accept_language(None)


class Language:
    """ASGI middleware: answer each request and socket in the language it asks for (``requested_language``),
    and say so (``Content-Language``; ``Vary: Accept-Language`` so a cache keeps one answer a language)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        language = requested_language(scope)
        scope.setdefault("state", {})["language"] = language

        async def send_with_language(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or [])
                headers.append((b"content-language", language.encode()))
                headers.append((b"vary", b"Accept-Language"))
                message = {**message, "headers": headers}
            await send(message)

        with using(language):
            await self.app(scope, receive, send_with_language if scope["type"] == "http" else send)
