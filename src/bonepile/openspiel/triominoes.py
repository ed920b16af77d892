"""Tri-Ominos at the OpenSpiel adapter: its table (``TriominoesTable``), its parameters and its registration.

``import bonepile.openspiel`` registers it as ``python_bonepile_triominoes`` (the registry names this module
as the game's ``openspiel``); see ``_table`` for what a table does.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from bonepile.core.errors import InvalidPositionError, RulesError
from bonepile.encoding.triominoes import TriominoesEncoding
from bonepile.openspiel._table import Table, rule_options
from bonepile.triominoes import DRAW as TRI_DRAW
from bonepile.triominoes import TILES as TRI_TILES
from bonepile.triominoes import Event as TriEvent
from bonepile.triominoes import EventKind, Round
from bonepile.triominoes import Observation as TriObservation
from bonepile.triominoes import Rules as TriRules
from bonepile.triominoes import Tile as TriTile

SHORT_NAME = "python_bonepile_triominoes"
LONG_NAME = "bonepile Tri-Ominos"
MAX_PLAYERS = 6
EXPORTS = {"short_name": "TRIOMINOES", "game_class": "TriominoesGame"}
"""The names ``bonepile.openspiel`` gives this game's short name and ``pyspiel.Game`` class."""


class TriominoesTable(Table[Round, TriObservation]):
    game = "triominoes"

    def __init__(self, rules: TriRules) -> None:
        self.rules: TriRules = rules
        self.encoding: TriominoesEncoding = TriominoesEncoding(rules)
        self.num_tiles = len(TRI_TILES)
        self.deal_sizes = (rules.hand_size,) * rules.players

    def start(self, hands: list[list[int]], rest: list[int], starter: int | None) -> Round:
        tiles = TRI_TILES
        return Round(
            self.rules, [[tiles[i] for i in hand] for hand in hands], [tiles[i] for i in rest], starter=starter
        )

    def start_kind(self, hands: list[list[int]]) -> str:
        """T3: goliath's draw-one picks the starter (one chance node); classic draws while nobody holds a triple."""
        if self.rules.start == "draw_one":
            return "starter"
        if self.rules.start == "draw_until_triple" and not any(TRI_TILES[i].is_triple for h in hands for i in h):
            return "setup"
        return "play"

    def opens(self, tile: int) -> bool:
        return TRI_TILES[tile].is_triple

    def legal(self, engine: Round) -> dict[int, Any]:
        return self.encoding.legal_from(engine.legal_moves(), engine.frontier())

    def public_text(self, observation: TriObservation) -> str:
        board = ", ".join(map(str, observation.board)) or "-"
        counts = " ".join(map(str, observation.tile_counts))
        scores = " ".join(map(str, observation.scores))
        return (
            f"board: {board} | tiles: {counts} | pool: {observation.pool_size} | scores: {scores} "
            f"| turn: {observation.to_move}"
        )

    def hidden_pool(self, engine: Round) -> list[int]:
        return sorted(t.index for t in engine.pool())

    def draw(self, engine: Round, tile: int) -> Round:
        engine.draw_next(TRI_TILES[tile])
        engine.play(TRI_DRAW)
        return engine

    def is_draw(self, move: Any) -> bool:
        return move is TRI_DRAW

    def observation(self, engine: Round, player: int, events: Sequence[Any]) -> TriObservation:
        return dataclasses.replace(engine.observation(player), events=tuple(events))

    def gains(self, engine: Round) -> tuple[int, ...]:
        return engine.scores  # every round starts from 0 here: the scores are the round's points

    def gain_bounds(self) -> tuple[int, int]:
        rules = self.rules
        values = sum(t.value for t in TRI_TILES)
        pool = self.num_tiles - rules.players * rules.hand_size
        passes = self.encoding.max_events
        bonus = 3 * 50 + 40 + 70
        high = values + len(TRI_TILES) * bonus + sum(rules.start_bonus) + rules.going_out_bonus + 2 * values
        penalty = max(rules.failed_draw_penalty, rules.empty_pool_pass_penalty)
        low = -(pool * rules.draw_penalty + passes * penalty + 2 * values)
        return low, high

    def max_chance_nodes(self) -> int:
        pool = self.num_tiles - self.rules.players * self.rules.hand_size
        return sum(self.deal_sizes) + 1 + 2 * pool  # deal, goliath's starter, setup draws, draws

    def tile_text(self, tile: int) -> str:
        return str(TRI_TILES[tile])

    def world(self, observation: TriObservation, rng: Any) -> Round:
        from bonepile.ai.triominoes_sampling import WorldSampler

        sampler = WorldSampler(observation)
        for _ in range(1000):
            try:
                world = sampler.sample_round(rng)
            except InvalidPositionError:
                continue  # before the first tile, a world in which T3 names another opener
            if not world.events and world.to_move == observation.to_move:
                return world  # (else T3 classic drew setup tiles again: nobody held a triple in that world)
        raise InvalidPositionError("no world found in which the player to move opens (T3)")

    def setup_event(self, player: int) -> TriEvent:
        return TriEvent(player, EventKind.SETUP_DRAW)

    def tile(self, index: int) -> TriTile:
        return TRI_TILES[index]


TRIOMINOES_PARAMETERS: dict[str, Any] = {
    "preset": "pressman",
    "players": 2,
    "start": "",
    "voluntary_draw": -1,
    "max_draws": -1,
    "draw_penalty": -1,
    "failed_draw_penalty": -1,
    "empty_pool_pass_penalty": -1,
    "multi_hexagon": "",
    "play_out_cycle": -1,
    "blocked_winner": "",
    "going_out_bonus": -1,
    "utility": "zero_sum",
}
"""OpenSpiel parameters and their defaults; an empty text, 0 or -1 means "the preset's value".
``voluntary_draw`` and ``play_out_cycle`` take 1 (yes) or 0 (no) (OpenSpiel reads "true" as a bool, which has
no "preset's value"), ``max_draws`` 0 for no cap."""


def triominoes_options(params: dict[str, Any]) -> dict[str, Any]:
    """Tri-Ominos options from parameters, with the texts that stand for booleans and "no cap" read."""
    options = rule_options(params, TRIOMINOES_PARAMETERS)
    for name in ("voluntary_draw", "play_out_cycle"):
        if name in options:
            if options[name] not in (0, 1):
                raise RulesError(f"{name} must be 1 (yes) or 0 (no), not {options[name]!r}")
            options[name] = options[name] == 1
    if options.get("max_draws") == 0:
        options["max_draws"] = None
    return options


def triominoes_table(params: dict[str, Any]) -> TriominoesTable:
    rules = TriRules.from_preset(str(params["preset"]), int(params["players"]), **triominoes_options(params))
    return TriominoesTable(rules)


PARAMETERS = TRIOMINOES_PARAMETERS
table = triominoes_table
"""Builds the table for OpenSpiel parameters (what the adapter calls)."""


__all__ = [
    "LONG_NAME",
    "MAX_PLAYERS",
    "PARAMETERS",
    "SHORT_NAME",
    "TRIOMINOES_PARAMETERS",
    "TriominoesTable",
    "table",
    "triominoes_options",
    "triominoes_table",
]
