"""What every game engine of bonepile shares: its error types, the shape of its API and the match books.

Pure: standard library only, so each engine can depend on it and stay pure.
"""

from bonepile.core.errors import (
    AmbiguousMoveError,
    BonepileError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    MoveError,
    RecordError,
    RulesError,
)
from bonepile.core.match import Match
from bonepile.core.protocol import GameState, HandSummary, Observation

__all__ = [
    "AmbiguousMoveError",
    "BonepileError",
    "GameState",
    "HandSummary",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "Match",
    "MoveError",
    "Observation",
    "RecordError",
    "RulesError",
]
