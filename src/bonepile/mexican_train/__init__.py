"""The Mexican Train rules engine (rule sheet M1-M10): pure, standard library only.

The tiles are the Dominoes engine's; a round has a hub with its engine, a
personal train for each player, the Mexican Train, markers and doubles that
must be covered. A move names a tile and a train (``12-5 mine``, ``5-7
mexican``, ``7-3 @3``, ``draw``, ``pass``).

>>> from bonepile.mexican_train import Game, Round, Rules
>>> game = Game.new("mexican-train", players=4, seed=7)
>>> str(game.round.engine), game.round.tile_count(0), game.round.boneyard_size
('12-12', 15, 30)
>>> _ = game.play(game.legal_moves()[0])
>>> rules = Rules.preset("mexican-train", players=2)
>>> round_ = Round.from_deal(rules, hands=[["12-5", "5-5"], ["3-4"]], boneyard=["6-6"])
>>> [str(move) for move in round_.legal_moves()]
['12-5 mine', '12-5 mexican']
>>> round_.play("12-5 mine")
>>> round_.to_move, round_.marked()
(1, frozenset())
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
from bonepile.mexican_train._game import Game, GameOutcome, m8_winners, replay
from bonepile.mexican_train._round import Round
from bonepile.mexican_train._rules import PRESETS, SETS, AfterDouble, FirstTurn, Rules, table_hand_size
from bonepile.mexican_train._tiles import (
    DRAW,
    MEXICAN,
    MINE,
    PASS,
    TILES,
    Move,
    MoveKind,
    Tile,
    Train,
    parse_train,
    tiles_of_set,
    train_text,
)
from bonepile.mexican_train._views import Event, Observation, RoundSummary, Termination, TrainView, Where

__all__ = [
    "DRAW",
    "MEXICAN",
    "MINE",
    "PASS",
    "PRESETS",
    "RECORD_FORMAT",
    "SETS",
    "TILES",
    "AfterDouble",
    "AmbiguousMoveError",
    "Event",
    "FirstTurn",
    "Game",
    "GameOutcome",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "Move",
    "MoveError",
    "MoveKind",
    "Observation",
    "RecordError",
    "Round",
    "RoundSummary",
    "Rules",
    "RulesError",
    "Termination",
    "Tile",
    "Train",
    "TrainView",
    "Where",
    "m8_winners",
    "parse_train",
    "replay",
    "table_hand_size",
    "tiles_of_set",
    "train_text",
]
