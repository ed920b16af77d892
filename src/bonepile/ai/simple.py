"""The two simplest agents: ``random`` and ``greedy`` (each game's greedy player says what a move is worth)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bonepile.ai.base import SeededAgent, make_agent
from bonepile.core.errors import RulesError


class RandomAgent(SeededAgent):
    """Plays a uniformly random legal move: the baseline every other agent must beat."""

    name = "random"

    def choose(self, observation: Any) -> Any:
        return self.choose_among(observation.legal_moves)

    def choose_among(self, legal_moves: Sequence[Any]) -> Any:
        """``choose`` from the legal moves alone, all this agent reads: the same choice from the same generator.

        For callers that hold the player's legal moves and would build the whole observation only to hand it
        here (the Gymnasium env's opponents, every move).
        """
        return self.rng.choice(legal_moves)

    def move_distribution(self, observation: Any) -> dict[Any, float]:
        moves = observation.legal_moves
        return dict.fromkeys(moves, 1.0 / len(moves))


class GreedyAgent(SeededAgent):
    """Takes the most points now: in all-fives the play that scores most, else the heaviest tile (shed pips first).

    Each game says what "points now" means by overriding ``move_value`` in its
    own greedy agent (``DominoesGreedyAgent``, ``TriominoesGreedyAgent``); ties
    go to the first such move in the engine's order, so the agent is
    deterministic. Built directly, this class asks the game's own greedy agent
    (its registry entry's ``greedy``) for the values.
    """

    name = "greedy"
    _own: GreedyAgent | None = None
    _asked = False

    def choose(self, observation: Any) -> Any:
        moves = observation.legal_moves
        if len(moves) == 1:
            return moves[0]
        return max(moves, key=lambda move: self.move_value(observation, move))

    def move_value(self, observation: Any, move: Any) -> int:
        """The immediate worth of ``move`` (the game's own greedy agent's; 0 for a game that has none)."""
        if not self._asked:
            self._own, self._asked = _own_greedy(self.game), True
        return 0 if self._own is None else self._own.move_value(observation, move)


def _own_greedy(game: str) -> GreedyAgent | None:
    """The game's own greedy agent, where it is a ``GreedyAgent`` that says what a move is worth (else None)."""
    try:
        own = make_agent("greedy", game, 0)
    except RulesError:
        return None
    if isinstance(own, GreedyAgent) and type(own).move_value is not GreedyAgent.move_value:
        return own
    return None


def move_value(game: str, observation: Any, move: Any) -> int:
    """The immediate worth of ``move`` for ``game``'s greedy agent."""
    return GreedyAgent(game).move_value(observation, move)
