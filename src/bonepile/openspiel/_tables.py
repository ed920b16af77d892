"""What each game brings to the one OpenSpiel adapter: its rules from parameters, its deal, its draws.

The adapter (``_game``) owns the chance nodes and the history; a *table*
turns dealt tiles into an engine hand or round, lets a chosen tile be the one
a draw brings, and reads the engine's observation and result. The engines
decide every rule: who leads, what is legal, what scores.

A draw is a chance node: the player chooses to draw, then chance chooses the
tile among those the player cannot see; the table makes it the next tile of
the boneyard or pool (the engine's ``draw_next``: the order is hidden, so
nobody sees a difference) and lets the engine make the draw. Events the
engine position does not hold (classic's setup draws, made before the round
is built, or the past of a resampled world) are kept by the adapter and
handed, with the engine's, to everyone who reads them.
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import math
import random
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from bonepile.core.errors import InvalidPositionError, RulesError
from bonepile.dominoes import DRAW as DOMINO_DRAW
from bonepile.dominoes import PASS as DOMINO_PASS
from bonepile.dominoes import Hand, Move, Tile, tiles_of_set
from bonepile.dominoes import Observation as DominoesObservation
from bonepile.dominoes import Rules as DominoesRules
from bonepile.encoding.dominoes import DominoesEncoding
from bonepile.encoding.triominoes import TriominoesEncoding
from bonepile.triominoes import DRAW as TRI_DRAW
from bonepile.triominoes import TILES as TRI_TILES
from bonepile.triominoes import Event as TriEvent
from bonepile.triominoes import EventKind, Round
from bonepile.triominoes import Observation as TriObservation
from bonepile.triominoes import Rules as TriRules
from bonepile.triominoes import Tile as TriTile

E = TypeVar("E")  # the engine's hand or round
Obs = TypeVar("Obs")  # its observation


def rule_options(params: dict[str, Any], defaults: dict[str, Any]) -> dict[str, Any]:
    """The rule options named in OpenSpiel parameters: those not left at their "preset's value" default."""
    options: dict[str, Any] = {}
    for name, value in params.items():
        if name in ("preset", "players", "utility") or value == defaults.get(name):
            continue
        options[name] = value
    return options


class Table(Generic[E, Obs]):
    """The per-game part of the adapter (see the module docstring)."""

    game: str
    direct_actions = False
    """Whether ``legal_actions`` and ``move_of`` work without the map of ``legal`` (faster when they do)."""
    encoding: Any
    rules: Any
    num_tiles: int
    deal_sizes: tuple[int, ...]
    """How many tiles chance deals to each player, in seat order."""

    def start(self, hands: list[list[int]], rest: list[int], starter: int | None) -> E:
        """The engine hand or round for a finished deal (``rest`` is the boneyard or pool, in any order).

        ``starter`` is the player chance chose to start (goliath's draw-one), else None: the rules decide.
        """
        raise NotImplementedError

    def start_kind(self, hands: list[list[int]]) -> str:
        """What follows the deal: "play", or Tri-Ominos' "starter" or "setup" chance nodes."""
        return "play"

    def setup_event(self, player: int) -> Any:
        raise NotImplementedError

    def opens(self, tile: int) -> bool:
        """Whether a setup draw of ``tile`` ends the setup draws."""
        raise NotImplementedError

    def legal(self, engine: E) -> dict[int, Any]:
        """The legal moves now, by action id."""
        raise NotImplementedError

    def legal_actions(self, engine: E) -> list[int]:
        """The legal action ids, sorted (OpenSpiel's order)."""
        return sorted(self.legal(engine))

    def move_of(self, engine: E, action: int) -> Any:
        """The move an action id stands for now (the engine refuses it if it is not legal)."""
        move = self.legal(engine).get(action)
        if move is None:
            raise ValueError(f"action {action} is not legal now")
        return move

    def tile(self, index: int) -> Any:
        raise NotImplementedError

    def event_text(self, event: Any) -> str:
        return str(event)

    def public_text(self, observation: Obs) -> str:
        """What everyone sees, as one line (the observation string)."""
        raise NotImplementedError

    def hidden_pool(self, engine: E) -> list[int]:
        """Indices of the tiles a draw may bring now."""
        raise NotImplementedError

    def draw(self, engine: E, tile: int) -> E:
        """The engine after the player to move draws ``tile`` (the engine's ``draw_next``, then its draw)."""
        raise NotImplementedError

    def is_draw(self, move: Any) -> bool:
        raise NotImplementedError

    def observation(self, engine: E, player: int, events: Sequence[Any]) -> Obs:
        raise NotImplementedError

    def gains(self, engine: E) -> tuple[int, ...]:
        """Points each player gained once the hand or round is over (partners share their side's)."""
        raise NotImplementedError

    def gain_bounds(self) -> tuple[int, int]:
        raise NotImplementedError

    def max_chance_nodes(self) -> int:
        raise NotImplementedError

    def tile_text(self, tile: int) -> str:
        raise NotImplementedError

    def world(self, observation: Obs, rng: Any) -> E:
        """An engine position consistent with what ``observation``'s player knows (the AI's world sampler)."""
        raise NotImplementedError


class _Arranged(random.Random):
    """A generator whose shuffle puts the deck in a given order: the deal chance nodes chose."""

    def __init__(self, order: list[int]) -> None:
        super().__init__(0)
        self.order = order

    def shuffle(self, x: Any) -> None:
        if len(x) != len(self.order):
            raise ValueError("the arranged deal is not a whole set")
        x[:] = self.order


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

    def start(self, hands: list[list[int]], rest: list[int], starter: int | None) -> Hand:
        # Hand.deal is the engine's one place a deal is made (D2, then D3 for the leader); handing it the
        # deal chance chose, as the order its generator "shuffles" the set into, skips re-validating it.
        return Hand.deal(self.rules, _Arranged([i for hand in hands for i in hand] + rest))

    def legal(self, engine: Hand) -> dict[int, Any]:
        action_of = self.encoding.action_of
        return {action_of(move): move for move in engine.legal_moves()}

    def legal_actions(self, engine: Hand) -> list[int]:
        """The legal action ids, sorted (OpenSpiel's order), without building the map when one move is all."""
        moves = engine.legal_moves()
        action_of = self.encoding.action_of
        if len(moves) == 1:
            return [action_of(moves[0])]
        return sorted(action_of(move) for move in moves)

    def move_of(self, engine: Hand, action: int) -> Any:
        encoding = self.encoding
        if action >= encoding.draw_action:
            return DOMINO_DRAW if action == encoding.draw_action else DOMINO_PASS
        tile, end = divmod(action, len(encoding.ends))
        if end == 0 and engine.ends is None:
            return self._opening[tile]
        return self._at_end[end][tile]

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


def sorted_deal_odds(available: Sequence[int], last: int, slots: int) -> list[tuple[int, float]]:
    """Chance outcomes for the next tile of a hand dealt in increasing tile order.

    A hand is a uniformly random set of tiles; dealing it smallest first (each
    tile above the hand's ``last``) gives every set exactly one order, so the
    tree is ``hand_size!`` times smaller for the same game. With ``slots``
    tiles still to deal and M available tiles above ``last``, the next tile is
    the one in position i among them with probability C(M - i - 1, slots - 1) / C(M, slots)
    (these sum to 1 by the hockey-stick identity). ``available`` is sorted.
    """
    above = available[bisect.bisect_right(available, last) :]
    odds = _position_odds(len(above), slots)
    if not odds:
        raise RulesError("not enough tiles left to deal")
    return list(zip(above, odds, strict=False))


@functools.cache
def _position_odds(count: int, slots: int) -> tuple[float, ...]:
    total = math.comb(count, slots)
    if total == 0:
        return ()
    return tuple(math.comb(count - i - 1, slots - 1) / total for i in range(count - slots + 1))


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
"""As ``DOMINOES_PARAMETERS``; ``voluntary_draw`` and ``play_out_cycle`` take 1 (yes) or 0 (no)
(OpenSpiel reads "true" as a bool, which has no "preset's value"), ``max_draws`` 0 for no cap."""


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


__all__ = [
    "DOMINOES_PARAMETERS",
    "TRIOMINOES_PARAMETERS",
    "DominoesTable",
    "Table",
    "TriominoesTable",
    "dominoes_table",
    "sorted_deal_odds",
    "triominoes_table",
]
