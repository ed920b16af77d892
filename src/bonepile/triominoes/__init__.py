"""The Tri-Ominos rules engine (rule sheet T1-T8): pure, standard library only.

    >>> from bonepile.triominoes import Game
    >>> game = Game.new("pressman", players=2, seed=7)
    >>> move = game.legal_moves()[0]
    >>> _ = game.play(move)

Notation (see ``_tiles``): a tile is ``0-1-2`` (clockwise from its lowest
number); a place is ``c<column> r<row> up|down``; a placement is the numbers
on the place's corners clockwise from the leftmost, then the place:
``2-0-1 c1 r0 down``; and ``draw``, ``pass``, ``timeout``.
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
from bonepile.triominoes._game import Game, GameOutcome, replay, t8_winners
from bonepile.triominoes._layout import BRIDGE_BONUS, HEXAGON_BONUS, HEXAGON_BONUS_GOLIATH, placed_beside
from bonepile.triominoes._round import Round
from bonepile.triominoes._rules import PRESETS, Rules, StartBonus
from bonepile.triominoes._tiles import DRAW, ORIGIN, PASS, TILES, TIMEOUT, Move, MoveKind, Place, Tile
from bonepile.triominoes._values import (
    Bonus,
    Event,
    EventKind,
    Observation,
    Reason,
    RoundSummary,
    ScoreItem,
    Termination,
)

__all__ = [
    "BRIDGE_BONUS",
    "DRAW",
    "HEXAGON_BONUS",
    "HEXAGON_BONUS_GOLIATH",
    "ORIGIN",
    "PASS",
    "PRESETS",
    "RECORD_FORMAT",
    "TILES",
    "TIMEOUT",
    "AmbiguousMoveError",
    "Bonus",
    "Event",
    "EventKind",
    "Game",
    "GameOutcome",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "Move",
    "MoveError",
    "MoveKind",
    "Observation",
    "Place",
    "Reason",
    "RecordError",
    "Round",
    "RoundSummary",
    "Rules",
    "RulesError",
    "ScoreItem",
    "StartBonus",
    "Termination",
    "Tile",
    "placed_beside",
    "replay",
    "t8_winners",
]
