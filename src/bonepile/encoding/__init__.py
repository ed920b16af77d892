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
from bonepile.core.protocol import GameState, Move, Rules
from bonepile.games import game_kind, kinds, load

Vector = npt.NDArray[np.float32]


class Encoding(Protocol):
    """What every game's encoding offers (each game's own, in ``bonepile.encoding.<game>``).

    The observations it reads are its own game's (``observation`` below: the engine's ``Observation``).
    """

    @property
    def rules(self) -> Rules: ...

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
        """The observation as ``observation_size`` numbers.

        An encoding may also offer ``encode_in(game, player)``: the same numbers as
        ``encode(game.observation(player))``, read from the game without building the observation (the
        environments use it where it exists; ``tests/envs`` checks that the two agree).
        """

    def legal_actions(self, observation: Any) -> Mapping[int, Move]:
        """Each legal move of the observation by its action id (empty when it is not the player's turn)."""

    def legal_actions_in(self, game: GameState) -> Mapping[int, Move]:
        """``legal_actions`` of the player to move in ``game`` (which may skip building the observation)."""

    def action_text(self, action: int) -> str:
        """A readable name for an action id, meaningful without a position (for logs and OpenSpiel)."""

    def encode_event(self, observation: Any, index: int, drawn: object | None, into: Vector) -> None:
        """Write event ``index`` of the observation's events into ``into`` (``event_size`` numbers).

        ``drawn`` is the tile a draw brought, given only when the observer made that draw.
        """


@dataclass(frozen=True, slots=True)
class GameSpec:
    """How the interfaces build a game of one kind: its rules, its matches and its encoding.

    Each game's encoding module gives its own (``research_spec()``, named by the game's registry entry).
    """

    name: str
    rules: Callable[..., Rules]
    """``rules(preset, players, **options)``: the engine's ``Rules.from_preset``."""
    new_game: Callable[[Any, int], GameState]
    """``new_game(rules, seed)``: a whole match (the engine's ``Game``)."""
    encoding: Callable[[Any], Encoding]
    presets: Callable[[], tuple[str, ...]]
    """The engine's preset names that the encoding can say (read from the engine: new presets need no change)."""
    player_counts: Callable[[str], tuple[int, ...]]
    """The player counts a preset allows."""
    draw: Move
    """The engine's draw move."""
    points_sign: int = 1
    """1 when a higher score is better; -1 when the lowest total wins (Mexican Train's pips), so that the
    interfaces' rewards and returns, minus the points taken, are still the more the better."""


def allows(from_preset: Callable[..., object], preset: str, players: int) -> bool:
    """Whether the engine's ``Rules.from_preset`` accepts ``players`` for ``preset``."""
    try:
        from_preset(preset, players)
    except RulesError:
        return False
    return True


GAMES = tuple(kind.name for kind in kinds() if kind.research is not None)
"""The games that have a research encoding (their registry entries' ``research``)."""


def game_spec(game: str) -> GameSpec:
    """The spec of ``game`` (one of ``GAMES``); a clear error for a game that is unknown or has no encoding."""
    kind = game_kind(game)
    if kind.research is None:
        raise RulesError(f"{kind.title} has no research encoding; choose one of {', '.join(GAMES)}")
    make = load(kind.research)
    spec = make() if callable(make) else None
    if not isinstance(spec, GameSpec):
        raise RulesError(f"{kind.research} did not give a GameSpec for {kind.title}")
    return spec


def relative(player: int, observer: int, count: int) -> int:
    """``player``'s seat counted from ``observer`` (the observer is 0, the next player 1, ...).

    Every per-player block of an encoding is in this order, so a policy
    learned in one seat reads the same in every seat.
    """
    return (player - observer) % count


__all__ = ["GAMES", "Encoding", "GameSpec", "Vector", "allows", "game_spec", "relative"]
