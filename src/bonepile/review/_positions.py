"""Where a hand's decisions are: a record replayed move by move, each move with what its player saw.

Why a replay and not the stored position: a record is the seed and the moves, and replaying it through
the engine is the only way to the position before any move, both as the player to move saw it (their
observation: what the review judges by) and as it truly was (the deal with every hand face up: only for
the labelled face-up verdict, once the hand is over).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Protocol, Self, cast

from bonepile import games
from bonepile.core.errors import BonepileError, RecordError
from bonepile.core.protocol import Game, Move, Observation
from bonepile.i18n import _

__all__ = [
    "HandNotFinished",
    "NoSuchHand",
    "PlayableDeal",
    "Position",
    "ReviewError",
    "hand_positions",
    "hands_finished",
    "replayed",
]


class ReviewError(BonepileError, ValueError):
    """A review that cannot be made: the base of the review's errors."""


class NoSuchHand(ReviewError):
    """The record has no such hand."""


class HandNotFinished(ReviewError):
    """The hand is still being played: its review would show what the hidden tiles make of each move."""


class PlayableDeal(Protocol):
    """A deal as the engines give it: every hand known, moves applied in place, copied cheaply."""

    @property
    def to_move(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def legal_moves(self) -> tuple[Move, ...]: ...

    def play(self, move: Move) -> object:
        """Apply a legal move; the deal's summary when it ends the deal."""

    def copy(self) -> Self: ...

    def observation(self, player: int) -> Observation: ...

    def position(self) -> str: ...


@dataclass(frozen=True)
class Position:
    """One move of the hand with the position before it."""

    move_number: int
    """The move's number among the game's moves, 1 for the first."""
    seat: int
    played: Move
    observation: Observation
    """What ``seat`` saw before playing: the review's only input for the fair verdict."""
    deal: PlayableDeal
    """The true deal before the move (a copy): for the face-up verdict only."""


_RECORD_FIELDS = ("format", "game", "preset", "options", "players", "seed")


def replayed(record: Mapping[str, object]) -> Game:
    """The record's game replayed (every move checked), or ``RecordError``."""
    return games.replay_record(record)


def _fresh(record: Mapping[str, object]) -> Game:
    """The record's game before its first move (the same seed and rules)."""
    start: dict[str, object] = {key: record[key] for key in _RECORD_FIELDS if key in record}
    start["moves"] = []
    start["result"] = None
    return games.replay_record(start)


def _moves(record: Mapping[str, object]) -> list[str]:
    moves = record.get("moves")
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise RecordError("the record has no 'moves' list of texts")
    return cast(list[str], moves)


def hands_finished(record: Mapping[str, object]) -> int:
    """How many hands of the record are over (reviewable)."""
    return len(replayed(record).deal_summaries)


def hand_positions(record: Mapping[str, object], hand_number: int) -> Iterator[Position]:
    """Every move of hand ``hand_number`` (1 for the first) with the position before it.

    Raises ``NoSuchHand`` for a hand the record never reaches, ``HandNotFinished`` for the hand in play.
    """
    finished = hands_finished(record)
    if hand_number < 1:
        raise NoSuchHand(_("There is no hand {number}: hands are numbered from 1.", number=hand_number))
    if hand_number > finished:
        game = replayed(record)
        if hand_number == finished + 1 and not game.is_over:
            raise HandNotFinished(_("Hand {number} is still being played.", number=hand_number))
        raise NoSuchHand(
            _("There is no hand {number}: the record has {count} finished.", number=hand_number, count=finished)
        )
    game = _fresh(record)
    for number, text in enumerate(_moves(record), start=1):
        if game.deal_number > hand_number:
            return
        seat = game.to_move
        assert seat is not None
        move = game.parse_move(text)
        if game.deal_number == hand_number:
            deal = cast(PlayableDeal, game.deal).copy()
            yield Position(number, seat, move, game.observation(seat), deal)
        game.play(move)
