"""The FastAPI app: the HTTP and WebSocket endpoints of docs/web-protocol.md, and the static front end.

Thin on purpose: each endpoint checks the shape of its input (pydantic) and
hands over to ``SessionManager``, which owns the games. Every error leaves as
``{"error": {"code", "message"}}`` with a 4xx status.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from bonepile.store.db import GameStore, default_db_url
from bonepile.web import catalog
from bonepile.web.errors import ApiError, bad_seat
from bonepile.web.sessions import GameSession, Listener, SeatSpec, SessionManager

STATIC = Path(__file__).with_name("static")


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


class MoveIn(_Body):
    seat: int
    move: str = Field(max_length=100)
    move_number: int


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
    if not text.lstrip("-").isdigit():
        raise bad_seat(f"seat must be a seat number or 'turn', not {seat!r}")
    return int(text)


def _checked(session: GameSession, spec: SeatSpec) -> SeatSpec:
    if isinstance(spec, int):
        session.human_seat(spec)
    return spec


def _error_response(error: ApiError) -> JSONResponse:
    return JSONResponse(error.body(), status_code=error.status)


def create_app(
    db_url: str | None = None,
    *,
    ai_delay: float = 0.8,
    hand_pause: float = 2.5,
    static_dir: str | Path | None = None,
) -> FastAPI:
    """The web app on the database at ``db_url`` (default: the SQLite file in the user's data folder).

    The database is migrated to the newest schema here; the unfinished games
    are resumed when the app starts (its lifespan). ``ai_delay`` is the pause
    before each AI move and ``hand_pause`` the pause after a move that ended
    a hand, in seconds (0 for tests).
    """
    store = GameStore(db_url or default_db_url())
    manager = SessionManager(store, ai_delay=ai_delay, hand_pause=hand_pause)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await manager.start()
        try:
            yield
        finally:
            await manager.stop()
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
    app.state.store = store

    @app.exception_handler(ApiError)
    async def api_error(request: Request, error: ApiError) -> JSONResponse:
        return _error_response(error)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = error.errors()
        if any(problem.get("type") == "json_invalid" for problem in problems):
            return _error_response(ApiError(400, "bad_json", "the body is not valid JSON"))
        first = problems[0] if problems else {}
        where = ".".join(str(part) for part in first.get("loc", ())[1:]) or "body"
        message = f"{where}: {first.get('msg', 'invalid')}"
        return _error_response(ApiError(422, "invalid_request", message))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "error")
        return _error_response(ApiError(error.status_code, code, str(error.detail)))

    @app.get("/api/games/catalog")
    async def get_catalog() -> dict[str, Any]:
        return catalog.catalog()

    @app.post("/api/games", status_code=201)
    async def create_game(body: CreateIn) -> dict[str, Any]:
        session = await manager.create(
            game=body.game,
            preset=body.preset,
            players=body.players,
            seats=None if body.seats is None else [seat.model_dump() for seat in body.seats],
            options=body.options,
            seed=body.seed,
        )
        return session.summary()

    @app.get("/api/games")
    async def list_games(status: Literal["playing", "over", "all"] = "playing") -> dict[str, Any]:
        return {"games": manager.summaries(status)}

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str) -> dict[str, Any]:
        return manager.get(game_id).summary()

    @app.get("/api/games/{game_id}/view")
    async def get_view(game_id: str, seat: str | None = None) -> dict[str, Any]:
        session = manager.get(game_id)
        spec = _checked(session, _seat_spec(seat))
        async with session.lock:
            return session.view(spec)

    @app.post("/api/games/{game_id}/moves")
    async def post_move(game_id: str, body: MoveIn) -> dict[str, Any]:
        played, answer = await manager.move(game_id, body.seat, body.move, body.move_number)
        return {"move": played.to_json(), "view": answer}

    @app.post("/api/games/{game_id}/undo")
    async def post_undo(game_id: str, body: UndoIn) -> dict[str, Any]:
        undone, answer = await manager.undo(game_id, body.seat, body.move_number)
        return {"undone": undone, "view": answer}

    @app.get("/api/games/{game_id}/hint")
    async def get_hint(game_id: str, seat: int = Query(), level: str | None = None) -> dict[str, Any]:
        return await manager.hint(game_id, seat, level)

    @app.get("/api/games/{game_id}/record")
    async def get_record(game_id: str) -> dict[str, Any]:
        return manager.record(game_id)

    @app.websocket("/ws/games/{game_id}")
    async def game_socket(websocket: WebSocket, game_id: str, seat: str | None = None) -> None:
        await websocket.accept()
        try:
            session = manager.get(game_id)
            spec = _checked(session, _seat_spec(seat))
        except ApiError as error:
            await websocket.send_json(error.body() | {"type": "error"})
            await websocket.close(code=4404 if error.status == 404 else 4400)
            return
        listener = Listener(spec)
        async with session.lock:
            session.listeners.add(listener)
            listener.queue.put_nowait({"type": "view", "cause": "connect", "view": session.view(spec)})
        sender = asyncio.create_task(_pump(websocket, listener))
        try:
            while True:
                text = await websocket.receive_text()
                with contextlib.suppress(ValueError):
                    message = json.loads(text)
                    if isinstance(message, dict) and message.get("type") == "ping":
                        listener.queue.put_nowait({"type": "pong"})
        except WebSocketDisconnect:
            pass
        finally:
            session.listeners.discard(listener)
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sender

    static = Path(static_dir) if static_dir is not None else STATIC
    app.mount("/", StaticFiles(directory=static, html=True, check_dir=False), name="static")
    return app


async def _pump(websocket: WebSocket, listener: Listener) -> None:
    """Send a socket's queued messages in order, until it closes."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while True:
            await websocket.send_json(await listener.queue.get())
