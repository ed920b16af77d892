"""The Dominoes rules engine (rule sheet D1-D8): pure, standard library only.

>>> from bonepile.dominoes import Game
>>> game = Game.new("draw", players=2, seed=7)
>>> move = game.legal_moves()[0]
>>> _ = game.play(move)
"""

from bonepile.core.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    MoveError,
    RecordError,
    RulesError,
)
from bonepile.core.records import RECORD_FORMAT
from bonepile.dominoes._game import Game, GameOutcome, replay
from bonepile.dominoes._hand import Hand, round_to_five
from bonepile.dominoes._layout import Preview
from bonepile.dominoes._rules import PRESETS, Rules
from bonepile.dominoes._tiles import DRAW, PASS, TILES, End, Move, MoveKind, Tile, tiles_of_set
from bonepile.dominoes._values import Event, HandOutcome, Observation, Termination

__all__ = [
    "DRAW",
    "PASS",
    "PRESETS",
    "RECORD_FORMAT",
    "TILES",
    "AmbiguousMoveError",
    "End",
    "Event",
    "Game",
    "GameOutcome",
    "Hand",
    "HandOutcome",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "Move",
    "MoveError",
    "MoveKind",
    "Observation",
    "Preview",
    "RecordError",
    "Rules",
    "RulesError",
    "Termination",
    "Tile",
    "replay",
    "round_to_five",
    "tiles_of_set",
]
