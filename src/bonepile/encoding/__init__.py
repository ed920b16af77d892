"""Fixed-shape numbers for the research interfaces: one encoding per game, one interface per ecosystem.

A learning algorithm wants a fixed-size vector for what a player sees and a
fixed set of action ids; the engines speak in observations and moves. An
*encoding* translates between the two for one ``Rules`` value, reading only
the engine's ``Observation`` (so it cannot leak what the player may not
know). The PettingZoo, Gymnasium and OpenSpiel interfaces are each written
once over the shared game protocol (``bonepile.core.protocol``) and ask the
encoding of the game in play; see docs/research.md for the layouts and the
bounds that keep them fixed.

Needs numpy (the ``rl`` extra, or ``peers``, which brings it with OpenSpiel).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from bonepile.core.errors import RulesError
from bonepile.core.protocol import GameState

Vector = npt.NDArray[np.float32]


class Encoding(Protocol):
    """What every game's encoding offers (``DominoesEncoding``, ``TriominoesEncoding``)."""

    rules: Any
    num_actions: int
    """Action ids run from 0 to ``num_actions - 1`` whatever the position."""
    observation_size: int
    observation_low: Vector
    observation_high: Vector
    """Element-wise bounds every encoded observation stays within."""
    max_events: int
    """The most public events one hand or round can have (the length of an event history)."""
    event_size: int

    def encode(self, observation: Any) -> Vector:
        """The observation as ``observation_size`` numbers."""

    def legal_actions(self, observation: Any) -> dict[int, Any]:
        """Each legal move of the observation by its action id (empty when it is not the player's turn)."""

    def legal_actions_in(self, game: GameState) -> dict[int, Any]:
        """``legal_actions`` of the player to move in ``game`` (which may skip building the observation)."""

    def action_text(self, action: int) -> str:
        """A readable name for an action id, meaningful without a position (for logs and OpenSpiel)."""

    def encode_event(self, observation: Any, index: int, drawn: Any | None, into: Vector) -> None:
        """Write event ``index`` of the observation's events into ``into`` (``event_size`` numbers).

        ``drawn`` is the tile a draw brought, given only when the observer made that draw.
        """


@dataclass(frozen=True, slots=True)
class GameSpec:
    """How the interfaces build a game of one kind: its rules, its matches and its encoding."""

    name: str
    rules: Callable[..., Any]
    """``rules(preset, players, **options)``: the engine's ``Rules.from_preset``."""
    new_game: Callable[[Any, int], GameState]
    """``new_game(rules, seed)``: a whole match (the engine's ``Game``)."""
    encoding: Callable[[Any], Encoding]
    presets: Callable[[], tuple[str, ...]]
    """The engine's preset names that the encoding can say (read from the engine: new presets need no change)."""
    player_counts: Callable[[str], tuple[int, ...]]
    """The player counts a preset allows."""
    draw: Any
    """The engine's draw move."""


def _dominoes() -> GameSpec:
    from bonepile.dominoes import DRAW, Game, Rules
    from bonepile.encoding.dominoes import DominoesEncoding, encodable

    def counts(preset: str) -> tuple[int, ...]:
        return tuple(n for n in range(2, 5) if _allows(Rules.from_preset, preset, n))

    def presets() -> tuple[str, ...]:
        # The presets the encoding can say (all-fives' spinner is not encoded yet: DominoesEncoding says so).
        return tuple(name for name in Rules.preset_names() if encodable(Rules.from_preset(name)))

    return GameSpec("dominoes", Rules.from_preset, Game, DominoesEncoding, presets, counts, DRAW)


def _triominoes() -> GameSpec:
    from bonepile.encoding.triominoes import TriominoesEncoding
    from bonepile.triominoes import DRAW, Game, Rules

    def counts(preset: str) -> tuple[int, ...]:
        return tuple(n for n in range(2, 7) if _allows(Rules.from_preset, preset, n))

    return GameSpec("triominoes", Rules.from_preset, Game, TriominoesEncoding, Rules.preset_names, counts, DRAW)


def _allows(from_preset: Callable[..., Any], preset: str, players: int) -> bool:
    try:
        from_preset(preset, players)
    except RulesError:
        return False
    return True


_SPECS: Mapping[str, Callable[[], GameSpec]] = {"dominoes": _dominoes, "triominoes": _triominoes}
GAMES = tuple(_SPECS)


def game_spec(game: str) -> GameSpec:
    """The spec of ``game`` ("dominoes" or "triominoes"); a clear error for anything else."""
    make = _SPECS.get(game)
    if make is None:
        raise RulesError(f"unknown game {game!r}; choose one of {', '.join(GAMES)}")
    return make()


def relative(player: int, observer: int, count: int) -> int:
    """``player``'s seat counted from ``observer`` (the observer is 0, the next player 1, ...).

    Every per-player block of an encoding is in this order, so a policy
    learned in one seat reads the same in every seat.
    """
    return (player - observer) % count


__all__ = ["GAMES", "Encoding", "GameSpec", "Vector", "game_spec", "relative"]
