"""The older home of the Dominoes ISMCTS player, now ``bonepile.ai.dominoes_ismcts``: its names, re-exported."""

from __future__ import annotations

from bonepile.ai.dominoes_ismcts import (
    DEFAULT_ITERATIONS,
    ROLLOUT_DOUBLE_PIPS,
    SCORING_ITERATIONS,
    DominoesDecision,
    ISMCTSAgent,
    MatchModel,
    Rewards,
    heavy_rollout,
    match_model,
    move_key,
    random_rollout,
    scoring_rollout,
)

__all__ = [
    "DEFAULT_ITERATIONS",
    "ROLLOUT_DOUBLE_PIPS",
    "SCORING_ITERATIONS",
    "DominoesDecision",
    "ISMCTSAgent",
    "MatchModel",
    "Rewards",
    "heavy_rollout",
    "match_model",
    "move_key",
    "random_rollout",
    "scoring_rollout",
]
