"""The two simplest agents: ``random`` and ``greedy``."""

from __future__ import annotations

from typing import Any

from bonepile.ai.base import SeededAgent, register


class RandomAgent(SeededAgent):
    """Plays a uniformly random legal move: the baseline every other agent must beat."""

    name = "random"

    def choose(self, observation: Any) -> Any:
        return self.rng.choice(observation.legal_moves)

    def move_distribution(self, observation: Any) -> dict[Any, float]:
        moves = observation.legal_moves
        return dict.fromkeys(moves, 1.0 / len(moves))


class GreedyAgent(SeededAgent):
    """Takes the most points now: in all-fives the play that scores most, else the heaviest tile (shed pips first).

    Each game says what "points now" means through ``move_value``; ties go to
    the first such move in the engine's order, so the agent is deterministic.
    """

    name = "greedy"

    def choose(self, observation: Any) -> Any:
        moves = observation.legal_moves
        if len(moves) == 1:
            return moves[0]
        return max(moves, key=lambda move: move_value(self.game, observation, move))


def move_value(game: str, observation: Any, move: Any) -> int:
    """The immediate worth of ``move`` for the greedy agent."""
    if game == "dominoes":
        if move.tile is None:
            return -1
        pips: int = move.tile.pips
        if observation.rules.scores_during_play:  # the engine says what the play scores; pips break ties
            scored: int = observation.preview(move).points
            return scored * 100 + pips
        return pips
    points = getattr(observation, "move_points", None)
    if points is not None:
        return int(points(move))
    return 0


register("random", RandomAgent)
register("greedy", GreedyAgent)
