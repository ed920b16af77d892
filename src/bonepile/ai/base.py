"""The agent interface and the registry of agents by name.

An agent's only input is an observation (which carries the legal moves), so
it cannot peek at hidden tiles: it is never handed the game object.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from bonepile.core.errors import RulesError


class Agent(Protocol):
    """Chooses a move from what one player may know."""

    name: str

    def choose(self, observation: Any) -> Any:
        """Return one of ``observation.legal_moves``."""


AgentFactory = Callable[[str, int], Agent]
"""Builds an agent for a game name ("dominoes", "triominoes") from a seed."""

_REGISTRY: dict[str, AgentFactory] = {}
_GAME_REGISTRY: dict[tuple[str, str], AgentFactory] = {}


def register(name: str, factory: AgentFactory, game: str | None = None) -> None:
    """Make an agent available by ``name`` to the arena and the front ends.

    With ``game``, the factory serves that game only and takes precedence over
    a factory registered for every game under the same name.
    """
    if game is None:
        _REGISTRY[name] = factory
    else:
        _GAME_REGISTRY[(game, name)] = factory


def make_agent(name: str, game: str, seed: int = 0) -> Agent:
    """Build agent ``name`` for ``game``, with its own random generator seeded by ``seed``."""
    _load_builtin_agents()
    factory = _GAME_REGISTRY.get((game, name)) or _REGISTRY.get(name)
    if factory is None:
        raise RulesError(f"unknown agent {name!r} for {game}; choose one of {', '.join(agent_names(game))}")
    return factory(game, seed)


def agent_names(game: str | None = None) -> tuple[str, ...]:
    """Every agent name, or the names that can play ``game``."""
    _load_builtin_agents()
    names = dict.fromkeys(_REGISTRY)
    names.update(dict.fromkeys(n for g, n in _GAME_REGISTRY if game is None or g == game))
    return tuple(names)


def _load_builtin_agents() -> None:
    # Imported late so that the registry module has no import cycle with the agents.
    import bonepile.ai.dominoes_heuristic
    import bonepile.ai.ismcts
    import bonepile.ai.simple
    import bonepile.ai.triominoes_heuristic
    import bonepile.ai.triominoes_ismcts  # noqa: F401

    for alias, name in ALIASES.items():
        _REGISTRY.setdefault(alias, _alias_of(name))


def _alias_of(name: str) -> AgentFactory:
    """An alias resolves when the agent is made, so it follows the game's own agent of that name."""
    return lambda game, seed: make_agent(name, game, seed)


ALIASES = {"easy": "random", "medium": "greedy", "hard": "heuristic", "expert": "ismcts"}
"""Friendly names for the front ends' difficulty levels."""


AGENT_NAMES = ("random", "greedy", "heuristic", "ismcts")


class SeededAgent:
    """Base for agents that break ties or choose at random from their own seeded generator."""

    name = "agent"

    def __init__(self, game: str, seed: int = 0) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, observation: Any) -> Any:
        """Return one of ``observation.legal_moves`` (each agent says how)."""
        raise NotImplementedError

    def move_distribution(self, observation: Any) -> dict[Any, float]:
        """How likely the agent is to play each legal move now (moves it never plays left out).

        For measuring a policy exactly (exploitability): an agent that chooses
        deterministically gives its choice probability 1, which is this
        default; agents that choose at random say how.
        """
        return {self.choose(observation): 1.0}
