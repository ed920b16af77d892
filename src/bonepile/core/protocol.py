"""The shape of API that both engines offer, written down once.

The AI players, the arena, the terminal front end and (later) the web server
are written against these protocols only, so they work for every game the
project adds. Players are seat numbers 0..n-1. A *side* is what scores and
wins: a player, or a team in a partnership game.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Protocol


class HandSummary(Protocol):
    """What one finished hand (Dominoes) or round (Tri-Ominos) changed."""

    @property
    def winner(self) -> int | None:
        """The side that won the hand, or None when nobody did."""

    @property
    def points(self) -> tuple[int, ...]:
        """Points each side gained (or lost) in the hand, in side order."""


class Observation(Protocol):
    """Everything one player may know, and nothing else."""

    @property
    def player(self) -> int: ...

    @property
    def legal_moves(self) -> tuple[Hashable, ...]:
        """The player's legal moves; empty when it is not their turn."""


class GameState(Protocol):
    """A whole game (a match of hands or rounds to the target score)."""

    @property
    def num_players(self) -> int: ...

    @property
    def num_sides(self) -> int: ...

    def side_of(self, player: int) -> int: ...

    @property
    def to_move(self) -> int | None:
        """Whose turn it is, or None when the game is over."""

    @property
    def is_over(self) -> bool: ...

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score."""

    @property
    def winners(self) -> frozenset[int]:
        """The winning sides once the game is over (several only for a shared win)."""

    @property
    def hand_summaries(self) -> Sequence[HandSummary]: ...

    def legal_moves(self) -> Sequence[Any]: ...

    def play(self, move: Any) -> HandSummary | None:
        """Apply a legal move; return the hand's summary if it ended the hand."""

    def parse_move(self, text: str) -> Any:
        """Read a move in full or short notation against the current position."""

    def observation(self, player: int) -> Any: ...

    def to_record(self) -> dict[str, Any]: ...


class HandInPlay(Protocol):
    """One hand (Dominoes) or round (Tri-Ominos) being played: what a search walks through and rolls out."""

    @property
    def to_move(self) -> int | None:
        """Whose turn it is, or None when the hand is over."""

    @property
    def is_over(self) -> bool: ...

    def legal_moves(self) -> Sequence[Any]: ...

    def play(self, move: Any) -> object:
        """Apply a legal move."""

    def tiles_of(self, player: int) -> Sequence[Any]:
        """The tiles ``player`` holds (each with an ``index``)."""
