"""Dominoes at the OpenSpiel adapter: its table (``DominoesTable``), its parameters and its registration.

``import bonepile.openspiel`` registers it as ``python_bonepile_dominoes`` (the registry names this module as
the game's ``openspiel``); see ``_table`` for what a table does.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from bonepile.dominoes import DRAW as DOMINO_DRAW
from bonepile.dominoes import PASS as DOMINO_PASS
from bonepile.dominoes import Hand, Move, Tile, tiles_of_set
from bonepile.dominoes import Observation as DominoesObservation
from bonepile.dominoes import Rules as DominoesRules
from bonepile.encoding.dominoes import DominoesEncoding
from bonepile.openspiel._table import Table, rule_options

SHORT_NAME = "python_bonepile_dominoes"
LONG_NAME = "bonepile Dominoes"
MAX_PLAYERS = 4
EXPORTS = {"short_name": "DOMINOES", "game_class": "DominoesGame"}
"""The names ``bonepile.openspiel`` gives this game's short name and ``pyspiel.Game`` class."""


class DominoesTable(Table[Hand, DominoesObservation]):
    game = "dominoes"
    direct_actions = True

    def __init__(self, rules: DominoesRules) -> None:
        self.rules: DominoesRules = rules
        self.encoding: DominoesEncoding = DominoesEncoding(rules)
        self.tiles = tiles_of_set(rules.max_pips)
        self.num_tiles = len(self.tiles)
        self.deal_sizes = (rules.hand_size,) * rules.players
        self._opening = tuple(Move.play(t) for t in self.tiles)
        self._at_end = tuple(tuple(Move.play(t, end) for t in self.tiles) for end in self.encoding.ends)
        self._actions: dict[tuple[Move, ...], list[int]] = {}
        """Sorted action ids by the engine's tuple of legal moves: a position's moves are one of few tuples."""

    def start(self, hands: list[list[int]], rest: list[int], starter: int | None) -> Hand:
        # Hand.dealt is the engine's deal (D2, then D3 for the leader) from the set in a given order: the one
        # chance chose. It skips re-validating a deal made of the set's own tiles.
        return Hand.dealt(self.rules, [i for hand in hands for i in hand] + rest)

    def legal(self, engine: Hand) -> dict[int, Any]:
        action_of = self.encoding.action_of
        return {action_of(move): move for move in engine.legal_moves()}

    def legal_actions(self, engine: Hand) -> list[int]:
        """The legal action ids, sorted (OpenSpiel's order), worked out once per tuple of legal moves.

        The list is shared by every position with those moves: callers must not change it (OpenSpiel copies it).
        """
        moves = engine.legal_moves()
        actions = self._actions.get(moves)
        if actions is None:
            if engine.ends is None:
                # The opening: a tile each, with no end (its id is the tile's first, ``action_of``), from one of
                # a million hands: worked out here and not kept.
                ends, action_of = len(self.encoding.ends), self.encoding.action_of
                return sorted([ends * move.tile.index if move.tile is not None else action_of(move) for move in moves])
            action_of = self.encoding.action_of
            actions = sorted([action_of(move) for move in moves])
            if len(self._actions) >= 1 << 16:
                self._actions.clear()
            self._actions[moves] = actions
        return actions

    def move_of(self, engine: Hand, action: int) -> Any:
        encoding = self.encoding
        if action >= encoding.draw_action:
            return DOMINO_DRAW if action == encoding.draw_action else DOMINO_PASS
        tile, end = divmod(action, len(encoding.ends))
        if end == 0 and engine.ends is None:
            return self._opening[tile]
        return self._at_end[end][tile]

    def play_action(self, engine: Hand, action: int) -> int:
        """``Table.play_action`` with ``move_of`` inline (a play is a tile and an end, the opening's end None)."""
        encoding = self.encoding
        draw = encoding.draw_action
        if action >= draw:
            if action == draw:
                return self.DRAW_CHOSEN
            move = DOMINO_PASS
        else:
            tile, end = divmod(action, len(encoding.ends))
            move = self._opening[tile] if end == 0 and engine.ends is None else self._at_end[end][tile]
        if engine.play(move) is not None:
            return self.ENDED
        to_move = engine.to_move
        assert to_move is not None
        return to_move

    def tile(self, index: int) -> Tile:
        return self.tiles[index]

    def public_text(self, observation: DominoesObservation) -> str:
        line = " ".join(f"{a}-{b}" for a, b in observation.line) or "-"
        counts = " ".join(map(str, observation.tile_counts))
        return f"line: {line} | tiles: {counts} | boneyard: {observation.boneyard_size} | turn: {observation.to_move}"

    def hidden_pool(self, engine: Hand) -> list[int]:
        return sorted(t.index for t in engine.boneyard())

    def draw(self, engine: Hand, tile: int) -> Hand:
        engine.draw_next(self.tiles[tile])
        engine.play(DOMINO_DRAW)
        return engine

    def is_draw(self, move: Any) -> bool:
        return move is DOMINO_DRAW

    def observation(self, engine: Hand, player: int, events: Sequence[Any]) -> DominoesObservation:
        return dataclasses.replace(engine.observation(player), events=tuple(events))

    def gains(self, engine: Hand) -> tuple[int, ...]:
        outcome = engine.outcome
        assert outcome is not None
        return tuple(outcome.points[self.rules.side_of(p)] for p in range(self.rules.players))

    def gain_bounds(self) -> tuple[int, int]:
        return 0, sum(t.pips for t in self.tiles)

    def max_chance_nodes(self) -> int:
        rules = self.rules
        drawable = max(0, self.num_tiles - rules.players * rules.hand_size - rules.boneyard_reserve)
        return sum(self.deal_sizes) + (drawable if rules.drawing else 0)

    def tile_text(self, tile: int) -> str:
        return str(self.tiles[tile])

    def world(self, observation: DominoesObservation, rng: Any) -> Hand:
        from bonepile.ai.dominoes_sampling import WorldSampler

        return WorldSampler(observation).sample_hand(rng)


DOMINOES_PARAMETERS: dict[str, Any] = {
    "preset": "block",
    "players": 2,
    "set": "",
    "hand_size": 0,
    "leader": "",
    "next_hand_leader": "",
    "boneyard_reserve": -1,
    "hand_score": "",
    "utility": "zero_sum",
}
"""OpenSpiel parameters and their defaults; an empty text, 0 or -1 means "the preset's value"."""


def dominoes_table(params: dict[str, Any]) -> DominoesTable:
    options = rule_options(params, DOMINOES_PARAMETERS)
    rules = DominoesRules.from_preset(str(params["preset"]), int(params["players"]), **options)
    return DominoesTable(rules)


PARAMETERS = DOMINOES_PARAMETERS
table = dominoes_table
"""Builds the table for OpenSpiel parameters (what the adapter calls)."""


__all__ = [
    "DOMINOES_PARAMETERS",
    "LONG_NAME",
    "MAX_PLAYERS",
    "PARAMETERS",
    "SHORT_NAME",
    "DominoesTable",
    "dominoes_table",
    "table",
]
