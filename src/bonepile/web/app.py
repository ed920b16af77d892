"""The FastAPI app: the HTTP and WebSocket endpoints of docs/web-protocol.md, and the static front end.

Thin on purpose: each endpoint checks the shape of its input (pydantic) and
hands over to ``SessionManager``, which owns the games, or ``RoomManager``,
which owns the rooms (and checks every credential). Every error leaves as
``{"error": {"code", "message"}}``: a 4xx status for what the client asked,
503 when the database or the hint workers cannot serve it now, and a JSON 500
(never a traceback) for a fault of the server's own; request bodies over
16 KiB are refused before they are read whole. The bounds (rates, sizes,
times) are ``bonepile.web.settings.Settings``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Header, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from bonepile.games import game_names
from bonepile.i18n import LANGUAGES, _, catalog_for_page, normalize
from bonepile.store.db import GameStore, default_db_url
from bonepile.web import catalog
from bonepile.web.bus import Event, LocalBus, RedisBus
from bonepile.web.errors import ApiError, bad_seat, unknown_game
from bonepile.web.fallback import Fallback
from bonepile.web.guards import Bucket, HostCheck, KeyedBuckets
from bonepile.web.language import Language
from bonepile.web.review_views import finished_hands, hand_views
from bonepile.web.reviews import Reviews
from bonepile.web.room_socket import Limits, RoomSocket, pump
from bonepile.web.rooms import RoomManager
from bonepile.web.sessions import (
    ROOM_HAND_WAIT,
    Close,
    GameSession,
    Listener,
    SeatSpec,
    SessionManager,
    retrying_status,
    socket_language,
)
from bonepile.web.settings import LOOPBACK_NAMES, Settings

log = logging.getLogger(__name__)

STATIC = Path(__file__).with_name("static")
RULE_BOOKS = Path(__file__).resolve().parents[3] / "docs" / "rules"
"""The rules as the project writes them (``docs/rules``), linked from the how-to pages; in a source checkout."""
MAX_BODY = 16 * 1024
"""The largest request body, in bytes (docs: 413 too_large)."""


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SeatIn(_Body):
    kind: Literal["human", "ai"]
    level: str | None = None
    name: str | None = Field(default=None, max_length=100)


class CreateIn(_Body):
    game: str
    preset: str | None = None
    players: int | None = None
    seats: list[SeatIn] | None = Field(default=None, min_length=1, max_length=8)
    options: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = None
    turn_time_limit: float | None = None


class RoomIn(_Body):
    game: str
    preset: str | None = None
    players: int | None = None
    seats: list[SeatIn] | None = Field(default=None, min_length=1, max_length=8)
    host_seat: int | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    turn_time_limit: float | None = None
    hints: bool = False


class JoinIn(_Body):
    name: str | None = Field(default=None, max_length=100)
    seat: int | None = None


class ClaimIn(_Body):
    name: str | None = Field(default=None, max_length=100)


class SeatChangeIn(_Body):
    kind: Literal["human", "ai"]
    level: str | None = None
    name: str | None = Field(default=None, max_length=100)


class StartIn(_Body):
    pass


class RematchIn(_Body):
    game_id: str = Field(max_length=32)


class MoveIn(_Body):
    seat: int
    move: str = Field(max_length=100)
    move_number: int


class ContinueIn(_Body):
    seat: int
    hand_number: int | None = None


class UndoIn(_Body):
    seat: int
    move_number: int | None = None


def _seat_spec(seat: str | None) -> SeatSpec:
    """Read the ``seat`` query parameter: a seat number, ``turn``, or nothing (the public view)."""
    if seat is None:
        return None
    if seat == "turn":
        return "turn"
    text = seat.strip()
    if not SEAT_NUMBER.fullmatch(text):
        # TRANSLATORS: 'turn' is a value of the seat parameter (not translated); {seat} is what was sent, in quotes.
        raise bad_seat(_("seat must be a seat number or 'turn', not {seat}", seat=repr(seat[:20])))
    return int(text)


SEAT_NUMBER = re.compile(r"-?[0-9]{1,3}", re.ASCII)
"""A seat number as a query gives it: ASCII digits only (``str.isdigit`` takes "²"), and short."""


def _checked(session: GameSession, spec: SeatSpec) -> SeatSpec:
    if isinstance(spec, int):
        session.human_seat(spec)
    return spec


def _error_response(error: ApiError) -> JSONResponse:
    return JSONResponse(error.body(), status_code=error.status)


def _credential(authorization: str | None) -> str:
    """The credential of an ``Authorization: Bearer ...`` header, or ``401 no_credential``."""
    scheme, _space, value = (authorization or "").strip().partition(" ")
    value = value.strip()
    if scheme.lower() != "bearer" or not value or len(value) > 128:
        # TRANSLATORS: 'Authorization: Bearer <secret>' is an HTTP header, not translated.
        raise ApiError(401, "no_credential", _("send the room's link secret as 'Authorization: Bearer <secret>'"))
    return value


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with ``413 too_large``, before reading them whole, and
    give up on a body that does not arrive within ``timeout`` seconds a part (``408 body_timeout``).

    A declared ``Content-Length`` is checked at once; a body without one is
    read up to the limit and then handed on.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY, timeout: float = 15.0) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        receive = self._timed(receive)
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is not None:
            if not declared.isdigit() or int(declared) > self.limit:
                await self._refuse(scope, receive, send)
                return
            await self.app(scope, receive, send)
            return
        if scope.get("method") in ("GET", "HEAD", "OPTIONS", "DELETE"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            try:
                message = await receive()
            except ApiError as error:
                await _error_response(error)(scope, receive, send)
                return
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    def _timed(self, receive: Receive) -> Receive:
        """``receive``, but a body part that takes over ``timeout`` seconds counts as a disconnect (a client
        sending its body a byte at a time would hold the connection for ever); once the body is in, as is."""
        complete = False

        async def timed() -> Message:
            nonlocal complete
            if complete or self.timeout <= 0:
                return await receive()
            try:
                message = await asyncio.wait_for(receive(), timeout=self.timeout)
            except TimeoutError:
                complete = True
                raise ApiError(408, "body_timeout", _("the request body came too slowly")) from None
            if message["type"] != "http.request" or not message.get("more_body", False):
                complete = True
            return message

        return timed

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        error = ApiError(413, "too_large", _("request bodies are at most {count} KiB", count=self.limit // 1024))
        await _error_response(error)(scope, receive, send)


async def _read_game_socket(websocket: WebSocket, listener: Listener, hello_timeout: float) -> bool:
    """Read a game socket until it closes: its first message (``hello`` or ``ping``) within
    ``hello_timeout`` seconds, then pings; a frame that is not a JSON object closes it (docs: the game
    socket's close codes), and so does a flood. True if this side closes it, False if the client did."""
    bucket = Bucket(20, 10.0)
    greeted = False
    started = time.monotonic()
    dropped = 0
    while True:
        try:
            if greeted:
                received = await websocket.receive()
            else:
                wait = max(0.0, started + hello_timeout - time.monotonic())
                received = await asyncio.wait_for(websocket.receive(), timeout=wait)
        except TimeoutError:
            return _refuse(listener, 4408, "no_hello", _("send a hello (or a ping) within the time allowed"))
        if received["type"] == "websocket.disconnect":
            return False
        if received["type"] != "websocket.receive":
            continue
        text: str | None = received.get("text")
        if text is None:
            return _refuse(listener, 1003, "bad_json", _("send JSON text, not binary frames"))
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            return _refuse(listener, 1007, "bad_json", _("the message is not valid JSON"))
        if not isinstance(message, dict):
            return _refuse(listener, 1007, "invalid_message", _("a message is a JSON object"))
        if not bucket.take():
            dropped += 1
            if dropped >= 20:
                return _refuse(listener, 1008, "flood", _("too many messages: closing"))
            continue
        dropped = 0
        kind = message.get("type")
        if kind in ("hello", "ping"):
            greeted = True
            if kind == "ping":
                listener.offer({"type": "pong"})
        else:
            # TRANSLATORS: hello and ping are the protocol's message types (not translated).
            error = {"code": "unknown_type", "message": _("send hello or ping")}
            listener.offer({"type": "error", "error": error})


def _refuse(listener: Listener, code: int, error: str, message: str) -> bool:
    """Queue the error that explains a close, then the close (True: this side is closing)."""
    listener.offer({"type": "error", "error": {"code": error, "message": message}})
    listener.offer(Close(code, error))
    return True


def create_app(
    db_url: str | None = None,
    *,
    ai_delay: float = 0.8,
    hand_pause: float | None = None,
    room_hand_wait: float = ROOM_HAND_WAIT,
    static_dir: str | Path | None = None,
    redis_url: str | None = None,
    limits: Limits | None = None,
    settings: Settings | None = None,
    bind_host: str | None = None,
) -> FastAPI:
    """The web app on the database at ``db_url`` (default: the SQLite file in the user's data folder).

    The database is checked (SQLite's ``quick_check``) and migrated to the
    newest schema here; the unfinished games are resumed when the app starts
    (its lifespan), which also takes this process's hold on a SQLite file
    (``GameStore.claim``). ``ai_delay`` is the pause before each AI move, in
    seconds (0 for tests). Between hands a game waits for its players to
    continue: at one screen until a person does, unless ``hand_pause`` caps
    the wait (0: no pause at all); an online room at most ``room_hand_wait``
    seconds (docs/web-protocol.md, between hands). With ``redis_url``, this
    process shares its rooms and games with every other process on the same
    database and Redis (``bonepile.web.bus``). ``limits`` are the room
    sockets' limits, ``settings`` every other bound; ``bind_host`` is the
    address served, whose names the Host header must give (without one: the
    loopback names, and ``testserver``, the name Starlette's test client
    sends).
    """
    settings = settings if settings is not None else Settings()
    store = GameStore(db_url or default_db_url(), synchronous=settings.sqlite_synchronous)
    bus = RedisBus(redis_url, heartbeat=settings.bus_heartbeat) if redis_url else LocalBus()
    manager = SessionManager(
        store, ai_delay=ai_delay, hand_pause=hand_pause, room_hand_wait=room_hand_wait, bus=bus, settings=settings
    )
    rooms = RoomManager(store, manager, bus)
    reviews = Reviews(manager)
    fallback = Fallback(manager, rooms, bus, settings.bus_poll)
    room_socket = RoomSocket(rooms, limits or Limits())
    creations = KeyedBuckets(settings.create_burst, settings.create_rate)
    hint_requests = KeyedBuckets(settings.hint_burst, settings.hint_rate)
    if bind_host is None and not settings.allowed_hosts.strip():
        hosts: frozenset[str] | None = LOOPBACK_NAMES | {"testserver"}
    else:
        hosts = settings.host_names(bind_host or "127.0.0.1")
    game_sockets: set[Listener] = set()

    async def on_event(event: Event) -> None:
        """Another process changed a game, a room, or a room's presence: catch up and push."""
        kind, ident = event.get("kind"), event.get("id")
        if not isinstance(ident, str):
            return
        if kind == "game":
            await manager.refresh(ident)
        elif kind == "room":
            await rooms.refresh(ident)
        elif kind == "presence":
            await rooms.presence_event(ident)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store.claim(shared=bus.shared)
        await bus.start(on_event, fallback.catch_up)
        await manager.start()
        await rooms.open()
        await fallback.start()
        try:
            yield
        finally:
            await fallback.stop()
            await rooms.close()
            await reviews.stop()
            await manager.stop()
            await bus.stop()
            store.close()

    app = FastAPI(
        title="bonepile",
        summary="Dominoes and Tri-Ominos in the browser",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.manager = manager
    app.state.rooms = rooms
    app.state.fallback = fallback
    app.state.store = store
    app.state.settings = settings
    app.add_middleware(BodyLimit, timeout=settings.header_timeout)
    app.add_middleware(HostCheck, hosts=hosts)
    app.add_middleware(Language)

    def client_key(request: Request) -> str:
        return request.client.host if request.client is not None else "?"

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        return _error_response(error)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = error.errors()
        if any(problem.get("type") == "json_invalid" for problem in problems):
            return _error_response(ApiError(400, "bad_json", _("the body is not valid JSON")))
        first = problems[0] if problems else {}
        where = ".".join(str(part) for part in first.get("loc", ())[1:]) or "body"
        # TRANSLATORS: {field} names the part of the request that is wrong (a field's path), {problem} says what
        # is wrong with it (in English: the validator's own words).
        message = _("{field}: {problem}", field=where, problem=str(first.get("msg", "invalid"))[:200])
        return _error_response(ApiError(422, "invalid_request", message))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        if isinstance(error.__cause__, ApiError):  # raised while the body was read (body_timeout)
            return _error_response(error.__cause__)
        if error.status_code == 400:  # the only 400 Starlette raises itself: a body it could not parse
            return _error_response(ApiError(400, "bad_json", _("the body is not valid JSON")))
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "error")
        detail = str(error.detail)
        if error.status_code == 404 and detail == "Not Found":
            detail = _("Not Found")
        elif error.status_code == 405 and detail == "Method Not Allowed":
            detail = _("Method Not Allowed")
        return _error_response(ApiError(error.status_code, code, detail))

    @app.exception_handler(SQLAlchemyError)
    async def store_error(request: Request, error: SQLAlchemyError) -> JSONResponse:
        log.error("the database failed on %s %s: %s", request.method, request.url.path, str(error).splitlines()[0])
        message = _("saving failed: the database is not taking writes now; nothing was changed, try again")
        return _error_response(ApiError(503, "store_unavailable", message))

    @app.exception_handler(RecursionError)
    async def too_deep(request: Request, error: RecursionError) -> JSONResponse:
        return _error_response(ApiError(400, "bad_json", _("the body is nested too deeply")))

    @app.exception_handler(Exception)
    async def server_error(request: Request, error: Exception) -> JSONResponse:
        log.exception("%s %s failed", request.method, request.url.path)
        return _error_response(ApiError(500, "server_error", _("the server failed on this request; try again")))

    @app.get("/health")
    async def health() -> JSONResponse:
        """200 while this process can serve (the store takes writes; a lost bus is "degraded" but served, by
        reading the database), 503 while the store does not (docs/server.md: health)."""
        report = await asyncio.to_thread(manager.health)
        report["bus"] |= fallback.health()
        return JSONResponse(report, status_code=200 if report["store"]["ok"] else 503)

    @app.get("/api/i18n/{language}")
    async def language_catalog(language: str) -> JSONResponse:
        """The page's words in ``language`` (docs/languages.md); ``404 unknown_language`` for one we do not speak."""
        if normalize(language) != language:
            raise ApiError(
                404,
                "unknown_language",
                _(
                    "no language {language}; choose one of {languages}",
                    language=language[:20],
                    languages=", ".join(LANGUAGES),
                ),
            )
        return JSONResponse(catalog_for_page(language), headers={"Cache-Control": "no-cache"})

    @app.get("/api/games/catalog")
    async def get_catalog() -> dict[str, Any]:
        return catalog.catalog()

    @app.post("/api/games", status_code=201)
    async def create_game(body: CreateIn, request: Request) -> dict[str, Any]:
        creations.check(client_key(request), "new games")
        session = await manager.create(
            game=body.game,
            preset=body.preset,
            players=body.players,
            seats=None if body.seats is None else [seat.model_dump() for seat in body.seats],
            options=body.options,
            seed=body.seed,
            turn_time_limit=body.turn_time_limit,
        )
        return session.summary()

    @app.get("/api/games")
    async def list_games(
        status: Literal["playing", "over", "all"] = "playing",
        limit: int | None = Query(default=None, ge=1, le=10_000),
        cursor: str | None = Query(default=None, max_length=80),
    ) -> dict[str, Any]:
        size = min(limit or settings.page_size, settings.page_size)
        games, following = manager.summaries(status, size, cursor)
        return {"games": games, "next": following}

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str) -> dict[str, Any]:
        session = await manager.fresh(game_id)
        async with session.lock:  # a move being stored is not shown before it is (``SessionManager._commit``)
            return session.summary()

    @app.delete("/api/games/{game_id}")
    async def abandon_game(game_id: str, seat: int | None = None) -> dict[str, Any]:
        await manager.abandon(game_id, seat)
        return {"abandoned": game_id}

    @app.get("/api/games/{game_id}/view")
    async def get_view(game_id: str, seat: str | None = None) -> dict[str, Any]:
        session = manager.get(game_id)
        spec = _checked(session, _seat_spec(seat))
        async with session.lock:
            manager.current(session)
            if session.abandoned:
                raise unknown_game(game_id)
            return session.view(spec)

    @app.post("/api/games/{game_id}/moves")
    async def post_move(game_id: str, body: MoveIn) -> dict[str, Any]:
        played, answer = await manager.move(game_id, body.seat, body.move, body.move_number)
        return {"move": played.to_json(), "view": answer}

    @app.post("/api/games/{game_id}/continue")
    async def post_continue(game_id: str, body: ContinueIn) -> dict[str, Any]:
        return {"view": await manager.continue_solo(game_id, body.seat, body.hand_number)}

    @app.post("/api/games/{game_id}/undo")
    async def post_undo(game_id: str, body: UndoIn) -> dict[str, Any]:
        undone, answer = await manager.undo(game_id, body.seat, body.move_number)
        return {"undone": undone, "view": answer}

    @app.get("/api/games/{game_id}/hint")
    async def get_hint(
        game_id: str, request: Request, seat: int = Query(ge=-1000, le=1000), level: str | None = None
    ) -> dict[str, Any]:
        hint_requests.check(client_key(request), "hints")
        return await manager.hint(game_id, seat, level)

    @app.get("/api/games/{game_id}/review")
    async def get_review(
        game_id: str, request: Request, response: Response, hand: int = Query(ge=1, le=100_000)
    ) -> dict[str, Any]:
        """A finished hand's review: 202 with its progress while the hint workers compute it, then 200
        (docs/web-protocol.md, review); a new computation counts against the client's hint allowance."""
        status, body = await reviews.get(game_id, hand, lambda: hint_requests.check(client_key(request), "hints"))
        response.status_code = status
        return body

    @app.get("/api/games/{game_id}/review/positions")
    async def get_review_positions(game_id: str, hand: int = Query(ge=1, le=100_000)) -> dict[str, Any]:
        """The position before each move of a finished hand, as the mover saw it then (every tile is face
        up once the hand is over), and its end: what the review page draws (docs/web-protocol.md)."""
        session = await manager.fresh(game_id)
        async with session.lock:
            return hand_views(session, hand)

    @app.get("/api/games/{game_id}/hands")
    async def get_hands(game_id: str) -> dict[str, Any]:
        """Each finished hand's points and its stored review's accuracy (none is computed here)."""
        session = await manager.fresh(game_id)
        numbers = await asyncio.to_thread(store.reviewed_hands, game_id)
        stored = {number: await asyncio.to_thread(store.review, game_id, number) for number in numbers}
        async with session.lock:
            return finished_hands(session, {number: review for number, review in stored.items() if review})

    @app.get("/api/games/{game_id}/record")
    async def get_record(game_id: str) -> dict[str, Any]:
        return await manager.record(game_id)

    @app.websocket("/ws/games/{game_id}")
    async def game_socket(websocket: WebSocket, game_id: str, seat: str | None = None) -> None:
        await websocket.accept()
        try:
            session = manager.get(game_id)
            spec = _checked(session, _seat_spec(seat))
            if len(game_sockets) >= settings.total_game_sockets:
                raise ApiError(503, "server_busy", _("the server has too many open sockets: try again later"))
            if len(session.listeners) >= settings.game_sockets:
                raise ApiError(503, "game_busy", _("this game has too many open sockets"))
        except ApiError as error:
            await websocket.send_json(error.body() | {"type": "error"})
            code = {404: 4404, 503: 1013}.get(error.status, 4400)
            await websocket.close(code=code, reason=error.code)
            return
        listener = Listener(spec, language=socket_language(websocket.scope))
        async with session.lock:
            manager.current(session)  # never a stale view as the current one (a lost bus event)
            gone = session.abandoned
            if not gone:
                session.listeners.add(listener)
                game_sockets.add(listener)
                manager.touch(session)
                listener.say(lambda: {"type": "view", "cause": "connect", "view": session.view(spec)})
                if manager.store_error is not None:
                    listener.say(retrying_status)
        if gone:  # abandoned through another process, as it turned out
            await websocket.send_json(unknown_game(game_id).body() | {"type": "error"})
            await websocket.close(code=4404, reason="unknown_game")
            return
        sender = asyncio.create_task(pump(websocket, listener.queue))
        closing = False
        try:
            closing = await _read_game_socket(websocket, listener, settings.socket_hello_timeout)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            session.listeners.discard(listener)
            game_sockets.discard(listener)
            session.touched = time.monotonic()  # the client was there until now (the clock's grace)
            if closing:
                with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError, Exception):
                    await asyncio.wait_for(sender, timeout=5)
            if not sender.done():
                sender.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await sender

    # ---------------------------------------------------------------------------- rooms

    @app.post("/api/rooms", status_code=201)
    async def create_room(body: RoomIn, request: Request) -> dict[str, Any]:
        creations.check(client_key(request), "new rooms")
        return await rooms.create(
            game=body.game,
            preset=body.preset,
            players=body.players,
            seats=None if body.seats is None else [seat.model_dump() for seat in body.seats],
            host_seat=body.host_seat,
            host_seat_given="host_seat" in body.model_fields_set,
            options=body.options,
            turn_time_limit=body.turn_time_limit,
            hints=body.hints,
        )

    @app.get("/api/rooms/{room_id}")
    async def get_room(room_id: str, authorization: str | None = Header(default=None)) -> dict[str, Any]:
        hub, role = await rooms.read(room_id, _credential(authorization))
        return rooms.room_json(hub, role)

    @app.post("/api/rooms/{room_id}/join")
    async def join_room(room_id: str, body: JoinIn, authorization: str | None = Header(default=None)) -> dict[str, Any]:
        return await rooms.join(room_id, _credential(authorization), body.name, body.seat)

    @app.post("/api/rooms/{room_id}/claim")
    async def claim_seat(
        room_id: str, body: ClaimIn, authorization: str | None = Header(default=None)
    ) -> dict[str, Any]:
        return await rooms.claim(room_id, _credential(authorization), body.name)

    @app.post("/api/rooms/{room_id}/seats/{seat}")
    async def set_seat(
        room_id: str, seat: int, body: SeatChangeIn, authorization: str | None = Header(default=None)
    ) -> dict[str, Any]:
        return await rooms.set_seat(room_id, _credential(authorization), seat, body.kind, body.level, body.name)

    @app.post("/api/rooms/{room_id}/start")
    async def start_room(
        room_id: str, body: StartIn | None = None, authorization: str | None = Header(default=None)
    ) -> dict[str, Any]:
        return await rooms.start_room(room_id, _credential(authorization))

    @app.post("/api/rooms/{room_id}/rematch")
    async def rematch(
        room_id: str, body: RematchIn, authorization: str | None = Header(default=None)
    ) -> dict[str, Any]:
        return await rooms.rematch(room_id, _credential(authorization), body.game_id)

    @app.get("/api/rooms/{room_id}/view")
    async def room_view(room_id: str, authorization: str | None = Header(default=None)) -> dict[str, Any]:
        return await rooms.view(room_id, _credential(authorization))

    @app.get("/api/rooms/{room_id}/hint")
    async def room_hint(
        room_id: str, request: Request, authorization: str | None = Header(default=None)
    ) -> dict[str, Any]:
        hint_requests.check(client_key(request), "hints")
        return await rooms.hint(room_id, _credential(authorization))

    @app.get("/api/rooms/{room_id}/review")
    async def room_review(
        room_id: str,
        request: Request,
        response: Response,
        hand: int = Query(ge=1, le=100_000),
        game_id: str | None = None,
        authorization: str | None = Header(default=None),
    ) -> dict[str, Any]:
        """A finished hand's review of one of the room's games, for any credential of the room: as the solo
        game's (docs/web-protocol.md, room endpoints), and refused (409) for the hand in play."""
        session = await rooms.game(room_id, _credential(authorization), game_id)
        status, body = await reviews.of(session, hand, lambda: hint_requests.check(client_key(request), "hints"))
        response.status_code = status
        return body

    @app.get("/api/rooms/{room_id}/review/positions")
    async def room_review_positions(
        room_id: str,
        hand: int = Query(ge=1, le=100_000),
        game_id: str | None = None,
        authorization: str | None = Header(default=None),
    ) -> dict[str, Any]:
        """The positions of a finished hand of one of the room's games, as the solo game's."""
        session = await rooms.game(room_id, _credential(authorization), game_id)
        async with session.lock:
            return hand_views(session, hand)

    @app.get("/api/rooms/{room_id}/record")
    async def room_record(
        room_id: str, game_id: str | None = None, authorization: str | None = Header(default=None)
    ) -> dict[str, Any]:
        return await rooms.record(room_id, _credential(authorization), game_id)

    @app.websocket("/ws/rooms/{room_id}")
    async def room_websocket(websocket: WebSocket, room_id: str) -> None:
        await room_socket.serve(websocket, room_id)

    @app.get("/rules/{game}.md", include_in_schema=False)
    async def rule_book(game: str) -> PlainTextResponse:
        path = RULE_BOOKS / f"{game}.md"
        if game not in game_names() or not path.is_file():
            # TRANSLATORS: {game} is the game's name as asked for, in quotes; docs/rules/ is a folder.
            message = _("no rules for {game} here (they are docs/rules/ of the source)", game=repr(game))
            raise ApiError(404, "unknown_rules", message)
        return PlainTextResponse(path.read_text(encoding="utf-8"))  # text/plain: every browser shows it

    static = Path(static_dir) if static_dir is not None else STATIC
    app.mount("/", StaticFiles(directory=static, html=True, check_dir=False), name="static")
    return app
