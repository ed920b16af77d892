"""The arena: many games between AI agents, and the statistics that rate them."""

from bonepile.arena.runner import AgentStats, ArenaConfig, ArenaResult, GameResult, play_one, run_arena
from bonepile.arena.stats import wilson_interval

__all__ = ["AgentStats", "ArenaConfig", "ArenaResult", "GameResult", "play_one", "run_arena", "wilson_interval"]
