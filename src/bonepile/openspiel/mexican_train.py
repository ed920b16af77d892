"""Mexican Train at the OpenSpiel adapter: its table (``MexicanTrainTable``), its parameters and its registration.

``import bonepile.openspiel`` registers it as ``python_bonepile_mexican_train`` (the registry names this module
as the game's ``openspiel``); see ``_table`` for what a table does.

One state is one round (``round``: which, 1 for the set's highest double; its engine and first player as
M2 and M3 say, every total 0 before it). Chance deals the hands from the set without the engine, and
chooses each drawn tile among those in the boneyard. The returns are minus the pips each player takes
(lower is better, M7): zero-sum by default, each player's minus the average of the others'.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

from bonepile.core.errors import InvalidPositionError, RulesError
from bonepile.core.protocol import Move as AnyMove
from bonepile.encoding.mexican_train import MexicanTrainEncoding
from bonepile.mexican_train import DRAW as MT_DRAW
from bonepile.mexican_train import Event, MoveKind, Round, Tile, tiles_of_set
from bonepile.mexican_train import Observation as MTObservation
from bonepile.mexican_train import Rules as MTRules
from bonepile.openspiel._table import Arranged, Table, rule_options

SHORT_NAME = "python_bonepile_mexican_train"
LONG_NAME = "bonepile Mexican Train"
MAX_PLAYERS = 8
EXPORTS = {"short_name": "MEXICAN_TRAIN", "game_class": "MexicanTrainGame"}
"""The names ``bonepile.openspiel`` gives this game's short name and ``pyspiel.Game`` class."""


def draw_next(round_: Round, tile: Tile) -> None:
    """Make ``tile`` (in the boneyard) the next one drawn; the rest keep their order.

    The boneyard's order is hidden, so nobody sees a difference. The Dominoes and Tri-Ominos engines have
    this as ``draw_next``; until the Mexican Train engine does, the boneyard list (drawn from its end) is
    reordered here.
    """
    own = getattr(round_, "draw_next", None)
    if own is not None:
        own(tile)
        return
    boneyard: list[int] = round_._boneyard
    if tile.index not in boneyard:
        raise InvalidPositionError(f"{tile} is not in the boneyard")
    boneyard.remove(tile.index)
    boneyard.append(tile.index)


class MexicanTrainTable(Table[Round, MTObservation]):
    game = "mexican-train"
    direct_actions = True

    def __init__(self, rules: MTRules, number: int = 1) -> None:
        self.rules: MTRules = rules
        self.encoding: MexicanTrainEncoding = MexicanTrainEncoding(rules)
        self.tiles = tiles_of_set(rules.max_pips)
        self.num_tiles = len(self.tiles)
        self.number = number
        engine = rules.engine_of(number)
        self.engine_tile = Tile(engine, engine)
        self.deal_sizes = (rules.hand_size,) * rules.players

    def deck(self) -> list[int]:
        return [i for i in range(self.num_tiles) if i != self.engine_tile.index]  # M2: the engine is out

    def start(self, hands: list[list[int]], rest: list[int], starter: int | None) -> Round:
        # Round.deal is the engine's one place a deal is made (M2, M3); the deal chance chose is the order its
        # generator "shuffles" the set (without the engine) into.
        return Round.deal(self.rules, Arranged([i for hand in hands for i in hand] + rest), self.number)

    def legal(self, engine: Round) -> dict[int, Any]:
        return self.encoding.legal_actions_in(engine)

    def legal_actions(self, engine: Round) -> list[int]:
        mover = engine.to_move
        assert mover is not None
        action_of = self.encoding.action_of
        return sorted(action_of(move, mover) for move in engine.legal_moves())

    def move_of(self, engine: Round, action: int) -> AnyMove:
        mover = engine.to_move
        assert mover is not None
        move = self.encoding.move_of(action, mover)  # the engine refuses a play that is not legal now
        if move.kind is MoveKind.DRAW and move not in engine.legal_moves():
            raise ValueError(f"action {action} (draw) is not legal now")  # a draw is a chance node first
        return move

    def play_action(self, engine: Round, action: int) -> int:
        """``Table.play_action`` with ``move_of`` and ``is_draw`` inline."""
        mover = engine.to_move
        assert mover is not None
        move = self.encoding.move_of(action, mover)  # the engine refuses a play that is not legal now
        if move.kind is MoveKind.DRAW:
            if move not in engine.legal_moves():
                raise ValueError(f"action {action} (draw) is not legal now")  # a draw is a chance node first
            return self.DRAW_CHOSEN
        if engine.play(move) is not None:
            return self.ENDED
        to_move = engine.to_move
        assert to_move is not None
        return to_move

    def tile(self, index: int) -> Tile:
        return self.tiles[index]

    def public_text(self, observation: MTObservation) -> str:
        def train(view: Any) -> str:
            tiles = " ".join(f"{a}-{b}" for a, b in view.tiles) or "-"
            return f"{view.name} {tiles}" + (" (marked)" if view.marked else "")

        trains = " / ".join(train(view) for view in observation.trains)
        waiting = " ".join(str(tile) for tile, _ in observation.waiting_doubles) or "-"
        counts = " ".join(map(str, observation.tile_counts))
        drew = " (drew)" if observation.drew else ""
        return (
            f"engine: {observation.engine} | trains: {trains} | waiting: {waiting} | tiles: {counts} "
            f"| boneyard: {observation.stock_size} | turn: {observation.to_move}{drew}"
        )

    def hidden_pool(self, engine: Round) -> list[int]:
        return sorted(t.index for t in engine.boneyard())

    def draw(self, engine: Round, tile: int) -> Round:
        draw_next(engine, self.tiles[tile])
        engine.play(MT_DRAW)
        return engine

    def is_draw(self, move: Any) -> bool:
        return bool(move.kind is MoveKind.DRAW)

    def observation(self, engine: Round, player: int, events: Sequence[Any]) -> MTObservation:
        return dataclasses.replace(engine.observation(player), events=tuple(events))

    def gains(self, engine: Round) -> tuple[int, ...]:
        summary = engine.summary
        assert summary is not None
        return tuple(-points for points in summary.points)  # M7: the pips left in hand, lower is better

    def gain_bounds(self) -> tuple[int, int]:
        return -(sum(t.pips for t in self.tiles) + self.rules.double_blank), 0

    def max_chance_nodes(self) -> int:
        rules = self.rules
        drawable = max(0, self.num_tiles - 1 - rules.players * rules.hand_size)
        return sum(self.deal_sizes) + drawable

    def tile_text(self, tile: int) -> str:
        return str(self.tiles[tile])

    def world(self, observation: MTObservation, rng: random.Random) -> Round:
        return uniform_world(observation, rng)


def uniform_world(observation: MTObservation, rng: random.Random) -> Round:
    """A round the observer cannot tell from the real one: the tiles they cannot see dealt again, uniformly.

    Every public fact is kept (the trains, the markers, the doubles and their order, each hand's size, the
    boneyard's, the turn in progress); the others' hands and the boneyard are a uniform deal of the unseen
    tiles. What the table proves about a hand (a player who drew could not play then) is not used: the
    world is possible and looks the same to the observer, not weighted by those inferences.
    """
    rules, me = observation.rules, observation.player
    players, mover = rules.players, observation.to_move
    seen = {observation.engine.index, *(t.index for t in observation.hand)}
    seen.update(Tile(a, b).index for view in observation.trains for a, b in view.tiles)
    hidden = [t for t in tiles_of_set(rules.max_pips) if t.index not in seen]
    rng.shuffle(hidden)
    hands: list[list[Tile]] = []
    for seat, count in enumerate(observation.tile_counts):
        if seat == me:
            hands.append(list(observation.hand))
        else:
            hands.append(hidden[:count])
            hidden = hidden[count:]
    if len(hidden) != observation.stock_size:
        raise InvalidPositionError("the observation's counts do not add up to the set")

    def name(where: object) -> str:
        return "mexican" if where == "mexican" else f"@{int(str(where)) + 1}"

    def tiles(listed: Sequence[Tile]) -> str:
        return " ".join(map(str, listed)) or "-"

    trains = observation.trains
    parts = [
        f"engine: {observation.engine}",
        f"first: {observation.first}",
        f"turn: {'over' if mover is None else mover}",
        "hands: " + " / ".join(tiles(hand) for hand in hands),
        f"boneyard: {tiles(hidden)}",
        "trains: " + " / ".join(" ".join(f"{a}-{b}" for a, b in view.tiles) or "-" for view in trains[:-1]),
        "mexican: " + (" ".join(f"{a}-{b}" for a, b in trains[-1].tiles) or "-"),
        "marked: " + (" ".join(name(seat) for seat in sorted(observation.marked)) or "-"),
        "waiting: " + (" ".join(name(where) for _, where in observation.waiting_doubles) or "-"),
    ]
    if observation.laid_doubles:
        parts.append("laid: " + " ".join(name(where) for _, where in observation.laid_doubles))
    if observation.plays_again:
        parts.append(f"again: {name(observation.laid_doubles[-1][1])}")
    if observation.drew and mover is not None:
        drawn = observation.drawn if mover == me else rng.choice(hands[mover])
        parts.append(f"drawn: {drawn}")
    if observation.in_run:
        parts.append("run: yes")
    started, passes = _started_and_passes(observation)
    if started:
        parts.append("started: " + " ".join(map(str, sorted(started))))
    if passes:
        parts.append(f"passes: {passes}")
    parts.append("scores: " + " ".join("0" for _ in range(players)))
    return Round.from_position(rules, "; ".join(parts))


def _started_and_passes(observation: MTObservation) -> tuple[set[int], int]:
    """The seats that have had a turn this round, and the turns in a row ended without a play with the
    boneyard empty (M7), read from the public events: each turn is a run of one player's events."""
    turns: list[tuple[int, list[Event]]] = []
    for event in observation.events:
        if turns and turns[-1][0] == event.player:
            turns[-1][1].append(event)
        else:
            turns.append((event.player, [event]))
    if turns and turns[-1][0] == observation.to_move:
        turns.pop()  # the turn in progress has not ended
    started = {player for player, _ in turns}
    passes = 0
    if observation.stock_size == 0:
        for _, events in reversed(turns):
            if any(event.move.kind is MoveKind.PLAY for event in events):
                break
            passes += 1
            if any(event.move.kind is MoveKind.DRAW for event in events):
                break  # the turns before it ended with a tile still in the boneyard
    return started, passes


MEXICAN_TRAIN_PARAMETERS: dict[str, Any] = {
    "preset": "mexican-train",
    "players": 4,
    "round": 1,
    "set": "",
    "hand_size": 0,
    "first_turn": "",
    "after_double": "",
    "double_blank": -1,
    "utility": "zero_sum",
}
"""OpenSpiel parameters and their defaults; an empty text, 0 or -1 means "the preset's value". ``round`` is
which round the state plays (1: the set's highest double is the engine)."""


def mexican_train_table(params: dict[str, Any]) -> MexicanTrainTable:
    options = rule_options(params, MEXICAN_TRAIN_PARAMETERS)
    number = int(options.pop("round", 1))
    rules = MTRules.from_preset(str(params["preset"]), int(params["players"]), **options)
    if not 1 <= number <= rules.rounds:
        raise RulesError(f"round must be 1-{rules.rounds} with {rules.set}, not {number}")
    return MexicanTrainTable(rules, number)


PARAMETERS = MEXICAN_TRAIN_PARAMETERS
table = mexican_train_table
"""Builds the table for OpenSpiel parameters (what the adapter calls)."""


__all__ = [
    "LONG_NAME",
    "MAX_PLAYERS",
    "MEXICAN_TRAIN_PARAMETERS",
    "PARAMETERS",
    "SHORT_NAME",
    "MexicanTrainTable",
    "draw_next",
    "mexican_train_table",
    "table",
    "uniform_world",
]
