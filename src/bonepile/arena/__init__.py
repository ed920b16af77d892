"""The arena: many games between AI agents, and the statistics that rate them."""

from bonepile.arena.runner import (
    AgentStats,
    ArenaConfig,
    ArenaResult,
    GameResult,
    GameSpec,
    play_batch,
    play_game,
    run_arena,
    schedule,
)
from bonepile.arena.stats import PairScore, Rating, Sprt, elo_ratings, wilson_interval

__all__ = [
    "AgentStats",
    "ArenaConfig",
    "ArenaResult",
    "GameResult",
    "GameSpec",
    "PairScore",
    "Rating",
    "Sprt",
    "elo_ratings",
    "play_batch",
    "play_game",
    "run_arena",
    "schedule",
    "wilson_interval",
]
