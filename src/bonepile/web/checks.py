"""The checks of what a request asks for, shared by the solo API and the rooms: rules, seats, names, clocks.

Each check turns bad input into ``ApiError`` (``400 bad_rules`` and the like)
whose message says what would do, before anything is built or stored.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from bonepile.core.errors import BonepileError
from bonepile.core.protocol import Game, Move
from bonepile.games import GameKind, game_kind
from bonepile.i18n import N_, _, n_
from bonepile.web import catalog
from bonepile.web.errors import ApiError, decimal, move_error
from bonepile.web.live import GameSession, check_not_paused
from bonepile.web.settings import Settings
from bonepile.web.views import is_you


def checked_time_limit(
    game: str, limit: float | None, options: dict[str, Any], settings: Settings
) -> tuple[float | None, dict[str, Any]]:
    """The checked turn time limit of a new game or room (within the settings' bounds), and its engine options.

    Where the rules have a clock of their own (the registry's ``clock_option``: Tri-Ominos' T8 makes the
    ``timeout`` move legal), the limit is that engine option, which may come in ``options`` instead;
    elsewhere the limit stays with the server only.
    """
    options = dict(options)
    option = game_kind(game).clock_option
    if option is not None and option in options:
        given = options[option]
        if limit is not None and given is not None and given != limit:
            raise ApiError(400, "bad_rules", _("turn_time_limit is given twice, with two values"))
        if limit is None and given is not None:
            limit = given
    if limit is not None:
        if isinstance(limit, bool) or not isinstance(limit, int | float):
            raise ApiError(400, "bad_rules", _("turn_time_limit must be a number of seconds or null"))
        low, high = settings.min_turn_time, settings.max_turn_time
        if not (math.isfinite(limit) and limit > 0 and low <= limit <= high):
            raise ApiError(
                400,
                "bad_rules",
                # TRANSLATORS: {low} and {high} are numbers of seconds; turn_time_limit is a field name.
                _(
                    "turn_time_limit must be from {low} to {high} s, or null (no clock)",
                    low=decimal(low),
                    high=decimal(high),
                ),
            )
        limit = float(limit)
        if option is not None:
            options[option] = limit
    return limit, options


def read_cursor(cursor: str) -> tuple[datetime, str]:
    """A page cursor of ``GET /api/games`` (the last game of the page before), or ``400 bad_cursor``."""
    moment, _bar, game_id = cursor.partition("|")
    try:
        when = datetime.fromisoformat(moment)
    except ValueError:
        raise ApiError(400, "bad_cursor", _("cursor is not one this server gave")) from None
    if not game_id or len(game_id) > 32 or len(cursor) > 80:
        raise ApiError(400, "bad_cursor", _("cursor is not one this server gave"))
    return (when if when.tzinfo else when.replace(tzinfo=UTC)), game_id


def checked_rules(
    entry: GameKind,
    game: str,
    preset: str | None,
    players: int | None,
    seats: Sequence[dict[str, Any]] | None,
    options: dict[str, Any],
    settings: Settings,
) -> tuple[str, Game]:
    """The preset and an engine game built with these rules (seed 0), or ``400 bad_rules`` (a target
    over ``max_target`` too: a game must end in a time a player would sit through)."""
    preset = entry.default_preset if preset is None else preset
    if preset not in entry.presets:
        raise ApiError(
            400,
            "bad_rules",
            # TRANSLATORS: {preset} is the preset's name as sent, in quotes; {presets} lists the preset names.
            _(
                "unknown preset {preset}; choose one of {presets}",
                preset=repr(preset),
                presets=", ".join(entry.presets),
            ),
        )
    if players is not None and seats is not None and players != len(seats):
        raise ApiError(
            400,
            "bad_rules",
            # TRANSLATORS: {seats} is the number of seats a client listed, {count} the number of players it asked for.
            n_(
                "{seats} seats given for {count} player",
                "{seats} seats given for {count} players",
                players,
                seats=len(seats),
            ),
        )
    count = len(seats) if seats is not None else players
    try:
        engine_game = entry.new_game(preset, count, 0, **options)
    except BonepileError as error:
        raise ApiError(400, "bad_rules", error.public) from None
    except (TypeError, ValueError, OverflowError, RecursionError):
        raise ApiError(400, "bad_rules", _("bad options for this game")) from None
    target = getattr(engine_game.rules, "target", None)
    if isinstance(target, int) and target > settings.max_target:
        # TRANSLATORS: "target" is the option's name (the score that wins the game).
        raise ApiError(400, "bad_rules", _("target must be at most {most}", most=settings.max_target))
    return preset, engine_game


HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
"""Unicode categories a name loses: control, format (direction overrides such as U+202E, zero-width
characters), private, unassigned and line characters, which could make one name pass for another."""


def clean_name(name: str) -> str:
    """A name as shown: the hidden and control characters dropped, every run of spaces made one."""
    kept = "".join(
        " " if unicodedata.category(c) == "Zs" else c for c in name if unicodedata.category(c) not in HIDDEN_CATEGORIES
    )
    return " ".join(kept.split())


def checked_name(name: str | None, default: str, seat: int) -> str:
    """A seat's name: cleaned (``clean_name``), 1-24 characters, else the default."""
    chosen = clean_name(name or "") or default
    if len(chosen) > 24:
        # TRANSLATORS: {seat} is a seat's number (counted from 0), {most} the longest name allowed.
        raise ApiError(400, "bad_rules", _("seat {seat}'s name is longer than {most} characters", seat=seat, most=24))
    return chosen


def checked_seats(
    game: str, count: int, seats: Sequence[dict[str, Any]] | None, *, lone_you: bool = True
) -> list[dict[str, Any]]:
    """The seats as stored, with the defaults filled in and every AI level checked.

    A lone human is "You" by default at one screen (``lone_you``); in a room
    every human is a different person, so each is "Player N". A lone AI is
    "Computer"; several are numbered by seat ("Computer 2", "Computer 3").
    """
    if seats is None:
        seats = [{"kind": "human"}] + [{"kind": "ai"} for _seat in range(count - 1)]
    humans = sum(1 for seat in seats if seat["kind"] == "human")
    machines = len(seats) - humans
    chosen = []
    for number, seat in enumerate(seats, start=1):
        kind = seat["kind"]
        level = seat.get("level")
        if kind == "human":
            if level is not None:
                # TRANSLATORS: {seat} is a seat's number (counted from 0).
                raise ApiError(400, "bad_rules", _("seat {seat} is human: it has no AI level", seat=number - 1))
            # Default names are stored as data, in English (every reader of a room sees them): marked for the
            # catalogs (N_) so that a front end can show them in its reader's language.
            # TRANSLATORS: the default name of the one person playing at a screen (spoken to, not about).
            default = N_("You") if humans == 1 and lone_you else N_("Player {number}").format(number=number)
        else:
            level = catalog.resolve_level(game, level)
            # TRANSLATORS: the default name of a computer player; {number} is its seat's number, counted from 1.
            default = N_("Computer") if machines == 1 else N_("Computer {number}").format(number=number)
        chosen.append({"kind": kind, "name": checked_name(seat.get("name"), default, number - 1), "level": level})
    return chosen


def checked_move(session: GameSession, seat: int, text: str, move_number: int, max_moves: int) -> Move:
    """The move ``text`` of ``seat``, if the game in memory allows it now; else the ``ApiError`` that says
    why not (the game's lock held)."""
    if session.over:
        raise ApiError(409, "game_over", _("the game is over"))
    check_number(session, move_number)
    if session.move_number >= max_moves:
        raise ApiError(
            409, "move_limit", _("this game has reached {count} moves, the most a game may have", count=max_moves)
        )
    check_not_paused(session)
    to_move = session.seat_to_move()
    if to_move != seat:
        name = session.seats[to_move].name
        if is_you(name):
            # TRANSLATORS: {seat} is the seat number a move was sent for (counted from 0).
            message = _("it is your turn, not seat {seat}'s", seat=seat)
        else:
            # TRANSLATORS: {player} is the name of the player to move; {seat} the seat number a move
            # was sent for (counted from 0).
            message = _("it is {player}'s turn, not seat {seat}'s", player=name, seat=seat)
        raise ApiError(409, "not_your_turn", message)
    try:
        move = session.game.parse_move(text)
    except BonepileError as error:
        raise move_error(error) from None
    if move not in session.game.legal_moves():
        # TRANSLATORS: {move} is the move as the client sent it, in quotes (move notation).
        raise ApiError(400, "illegal_move", _("illegal move {move}", move=repr(text)))
    return move


def check_number(session: GameSession, move_number: int | None) -> None:
    """A move or an undo sent from the view of another move number than the game's is refused."""
    if move_number is not None and move_number != session.move_number:
        raise ApiError(
            409,
            "stale_move",
            # TRANSLATORS: {number} is the game's move number now, {sent} the one the client's view was of.
            _(
                "the game is at move {number}, not {sent}: it has moved on since that view",
                number=session.move_number,
                sent=move_number,
            ),
        )
