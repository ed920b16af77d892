"""The one error shape of the web protocol: a 4xx status, a code, and a message fit for the player.

Engine errors are turned into an ``ApiError`` with their ``public`` message
only: the full message names the position, hidden tiles included.
"""

from __future__ import annotations

from babel.numbers import format_decimal

from bonepile.core.errors import AmbiguousMoveError, BonepileError, InvalidMoveError
from bonepile.i18n import DEFAULT, _, current


class ApiError(Exception):
    """An answer of ``status`` with ``{"error": {"code": code, "message": message}}``; nothing was changed."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    def body(self) -> dict[str, dict[str, str]]:
        return {"error": {"code": self.code, "message": self.message}}


def socket_error(code: str, message: str, message_id: str | None = None) -> dict[str, object]:
    """The same error as a WebSocket message: ``{"type": "error", "id": ..., "error": {code, message}}``,
    ``id`` naming the client's message it answers (None: no message in particular)."""
    return {"type": "error", "id": message_id, "error": {"code": code, "message": message}}


def decimal(value: float) -> str:
    """A number of seconds (or the like) in a message, written the way the reader's language writes it
    (in English exactly as ``f"{value:g}"``)."""
    language = current()
    if language == DEFAULT:
        return f"{value:g}"
    return str(format_decimal(value, locale=language))


def unknown_game(game_id: str) -> ApiError:
    # TRANSLATORS: {game} is a game's id as the client sent it, in quotes.
    return ApiError(404, "unknown_game", _("no game {game}", game=repr(game_id)))


def bad_seat(message: str) -> ApiError:
    return ApiError(400, "bad_seat", message)


def move_error(error: BonepileError) -> ApiError:
    """A refused move, by kind, with the engine's public message."""
    if isinstance(error, AmbiguousMoveError):
        code = "ambiguous_move"
    elif isinstance(error, InvalidMoveError):
        code = "invalid_move"
    else:
        code = "illegal_move"
    return ApiError(400, code, error.public)
