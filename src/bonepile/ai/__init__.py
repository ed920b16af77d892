"""AI players. Each sees only its own observation and the legal moves in it.

Agents are built by name with ``make_agent(name, game, seed)``; the arena and
the front ends never construct them any other way.
"""

from bonepile.ai.base import AGENT_NAMES, Agent, make_agent

__all__ = ["AGENT_NAMES", "Agent", "make_agent"]
