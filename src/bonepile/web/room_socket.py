"""The room WebSocket (docs/web-protocol.md, "The room WebSocket"): hello, moves, pings, and every refusal.

Everything a client sends is distrusted until checked: its size (before it
is parsed), its rate (a token bucket per socket), that it is JSON, an
object, of a known type with exactly the documented fields and types; and
only then what it asks for, with the socket's own role (found once, from the
``hello``). A refused message gets an ``error`` and changes nothing; a
message too big, a flood, or a bad credential also closes the socket. The
error texts are the server's own: an engine's full message (which names the
position, hidden tiles included) never reaches a client.

Outgoing messages go through the socket's queue, in order, sent by one task
(``pump``); a close is queued like a message, so the error that explains it
always arrives first.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from dataclasses import dataclass
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from bonepile.i18n import _
from bonepile.web.errors import ApiError
from bonepile.web.errors import socket_error as _error
from bonepile.web.guards import Bucket
from bonepile.web.live import encoded
from bonepile.web.rooms import RoomListener, RoomManager
from bonepile.web.sessions import Close, GameSession, Outgoing, socket_language

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Limits:
    """The room socket's limits (docs: limits, malformed and hostile messages)."""

    hello_timeout: float = 10.0
    max_message: int = 4096
    burst: int = 20
    rate: float = 10.0
    flood: int = 20
    max_sockets: int = 64


async def pump(websocket: WebSocket, queue: asyncio.Queue[Outgoing]) -> None:
    """Send a socket's queued messages in order until it closes (or a ``Close`` is reached)."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError, OSError):
        while True:
            item = await queue.get()
            if isinstance(item, Close):
                await websocket.close(code=item.code, reason=item.reason)
                return
            await websocket.send_text(item if isinstance(item, str) else encoded(item))  # orjson, as the views


class _Refused(Exception):
    """A message refused for its shape: answer ``code`` and go on."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


_FIELDS: dict[str, tuple[dict[str, type | tuple[type, ...]], set[str]]] = {
    # type: (required fields and their types, optional fields)
    "hello": ({"token": str}, {"id"}),
    "move": ({"game_id": str, "move_number": int, "move": str}, {"id"}),
    "continue": ({"game_id": str, "hand_number": int}, {"id"}),
    "ping": ({}, {"id"}),
}
_MAX_TEXT = {"token": 128, "game_id": 32, "move": 100}


def _checked(message: dict[str, Any]) -> tuple[str, str | None]:
    """The message's type and id, after checking its every field (``_Refused`` if anything is off)."""
    message_id = message.get("id")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise _Refused("invalid_message", _("a message is a JSON object with a string 'type'"))
    if kind not in _FIELDS:
        # TRANSLATORS: {type} is the message type a client sent, in quotes; hello, move, continue and ping are
        # the protocol's message types (not translated).
        raise _Refused(
            "unknown_type", _("unknown message type {type}: send hello, move, continue or ping", type=repr(kind[:32]))
        )
    required, optional = _FIELDS[kind]
    extra = set(message) - set(required) - optional - {"type"}
    if extra:
        # TRANSLATORS: {field} is a field's name as sent, in quotes; {type} a message type (hello, move, ...).
        raise _Refused(
            "invalid_message",
            _("unknown field {field} in a {type} message", field=repr(sorted(extra)[0][:32]), type=kind),
        )
    for name, wanted in required.items():
        if name not in message:
            # TRANSLATORS: {type} is a message type (hello, move, ...), {field} a field's name.
            raise _Refused("invalid_message", _("a {type} message needs '{field}'", type=kind, field=name))
        value = message[name]
        if isinstance(value, bool) or not isinstance(value, wanted):
            # TRANSLATORS: {field} is a field's name.
            raise _Refused("invalid_message", _("'{field}' has the wrong type", field=name))
        if isinstance(value, str) and len(value) > _MAX_TEXT.get(name, 100):
            # TRANSLATORS: {field} is a field's name.
            raise _Refused("invalid_message", _("'{field}' is too long", field=name))
        if isinstance(value, int) and not 0 <= value <= 1_000_000:
            # TRANSLATORS: {field} is a field's name.
            raise _Refused("invalid_message", _("'{field}' is out of range", field=name))
    return kind, message_id


class RoomSocket:
    """Serves one room socket from accept to close."""

    def __init__(self, rooms: RoomManager, limits: Limits) -> None:
        self.rooms = rooms
        self.limits = limits

    async def serve(self, websocket: WebSocket, room_id: str) -> None:
        await websocket.accept()
        listener = RoomListener(spec=None, language=socket_language(websocket.scope))
        sender = asyncio.create_task(pump(websocket, listener.queue))
        closing = False
        try:
            closing = await self._receive(websocket, room_id, listener)
        finally:
            await self.rooms.disconnect(listener)
            if closing:
                with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError, Exception):
                    await asyncio.wait_for(sender, timeout=5)
            if not sender.done():
                sender.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await sender

    def _close(self, listener: RoomListener, code: int, error: str, message: str, message_id: str | None) -> bool:
        """Queue an error and then the close; the caller stops reading. Returns True (closing)."""
        listener.queue.put_nowait(_error(error, message, message_id))
        listener.queue.put_nowait(Close(code, error))
        return True

    async def _receive(self, websocket: WebSocket, room_id: str, listener: RoomListener) -> bool:
        """Read and answer messages until the socket closes; True if this side is closing it."""
        limits = self.limits
        bucket = Bucket(limits.burst, limits.rate)
        dropped = 0
        hello_by = time.monotonic() + limits.hello_timeout
        while True:
            try:
                if listener.role is None:
                    wait = max(0.0, hello_by - time.monotonic())
                    received = await asyncio.wait_for(websocket.receive(), timeout=wait)
                else:
                    received = await websocket.receive()
            except TimeoutError:
                return self._close(listener, 4401, "not_authenticated", _("no hello within the time allowed"), None)
            except (WebSocketDisconnect, RuntimeError):
                return False
            if received["type"] == "websocket.disconnect":
                return False
            if received["type"] != "websocket.receive":
                continue
            text: str | None = received.get("text")
            data: bytes | None = received.get("bytes")
            size = len(text.encode("utf-8", "surrogatepass")) if text is not None else len(data or b"")
            if size > limits.max_message:
                return self._close(
                    listener,
                    1009,
                    "message_too_big",
                    _("messages are at most {count} bytes", count=limits.max_message),
                    None,
                )
            if not bucket.take():
                dropped += 1
                if dropped >= limits.flood:
                    return self._close(listener, 1008, "flood", _("too many messages: closing"), None)
                listener.offer(_error("rate_limited", _("too many messages: this one was dropped")))
                continue
            dropped = 0
            if text is None:
                listener.offer(_error("bad_json", _("send JSON text, not binary frames")))
                continue
            try:
                message = json.loads(text)
            except (ValueError, RecursionError):
                listener.offer(_error("bad_json", _("the message is not valid JSON")))
                continue
            if not isinstance(message, dict):
                listener.offer(_error("invalid_message", _("a message is a JSON object")))
                continue
            message_id = message.get("id")
            if message_id is not None and (not isinstance(message_id, str) or len(message_id) > 64):
                listener.offer(_error("invalid_message", _("'id' is a string of at most 64 characters")))
                continue
            try:
                kind, message_id = _checked(message)
            except _Refused as refused:
                if listener.role is None and refused.code == "unknown_type":
                    return self._close(listener, 4401, "not_authenticated", _("say hello first"), message_id)
                listener.offer(_error(refused.code, refused.message, message_id))
                continue
            if listener.role is None:
                if kind != "hello":
                    return self._close(listener, 4401, "not_authenticated", _("say hello first"), message_id)
                if await self._hello(room_id, listener, message["token"], message_id):
                    return True
                continue
            if kind == "hello":
                listener.offer(_error("already_authenticated", _("this socket has said hello"), message_id))
            elif kind == "ping":
                listener.offer({"type": "pong", "id": message_id})
            elif kind == "continue":
                await self._continue(listener, message, message_id)
            else:
                await self._move(listener, message, message_id)

    async def _hello(self, room_id: str, listener: RoomListener, token: str, message_id: str | None) -> bool:
        """Authenticate the socket; True if it is being closed (a bad room or credential)."""
        try:
            hub = self.rooms.hub(room_id)
        except ApiError as error:
            return self._close(listener, 4404, error.code, error.message, message_id)
        try:
            role = await self.rooms.authenticate_fresh(hub, token)
        except ApiError as error:
            return self._close(listener, 4401, error.code, error.message, message_id)
        if len(hub.listeners) >= self.limits.max_sockets:
            return self._close(listener, 1008, "room_busy", _("this room has too many open sockets"), message_id)
        listener.role = role
        try:
            await self.rooms.connect(hub, listener)
        except ApiError as error:
            return self._close(listener, 4401, error.code, error.message, message_id)
        return False

    async def _move(self, listener: RoomListener, message: dict[str, Any], message_id: str | None) -> None:
        hub = listener.hub
        try:
            seat, session = _seat_and_game(listener, message, over_refused=True)
            played, _view = await self.rooms.sessions.play(
                session, seat, message["move"], message["move_number"], answer=False
            )
        except ApiError as error:
            listener.offer(_error(error.code, error.message, message_id))
            return
        except Exception:
            # The move was not stored (the game is as it was before it): say so, keep the socket.
            log.exception("a move in room %s failed", hub.room.id if hub is not None else "?")
            listener.offer(_error("server_error", _("the move could not be played; try again"), message_id))
            return
        listener.offer({"type": "ack", "id": message_id, "move": played.to_json()})

    async def _continue(self, listener: RoomListener, message: dict[str, Any], message_id: str | None) -> None:
        """A seat has seen the end of the hand and is ready for the next (docs: between hands)."""
        try:
            seat, session = _seat_and_game(listener, message)
            await self.rooms.sessions.continue_hand(session, seat, message["hand_number"])
        except ApiError as error:
            listener.offer(_error(error.code, error.message, message_id))
            return
        listener.offer({"type": "ack", "id": message_id, "continued": message["hand_number"]})


def _seat_and_game(
    listener: RoomListener, message: dict[str, Any], *, over_refused: bool = False
) -> tuple[int, GameSession]:
    """The seat this socket plays and the room's game that ``message`` names, or the ``ApiError`` that
    says why a move or a continue cannot be taken from it (a watcher, no game yet, a view of an older game)."""
    role, hub = listener.role, listener.hub
    assert role is not None
    if role.seat is None:
        raise ApiError(403, "not_a_seat", _("this link watches the table: it plays no seat"))
    if hub is None or hub.session is None:
        raise ApiError(409, "not_started", _("the game has not started yet"))
    if over_refused and hub.session.over:
        raise ApiError(409, "game_over", _("the game is over"))
    if message["game_id"] != hub.session.id:
        raise ApiError(409, "stale_move", _("that view is of another game of this room"))
    return role.seat, hub.session
