"""The agent interface and the registry of agents by name.

An agent's only input is an observation (which carries the legal moves), so
it cannot peek at hidden tiles: it is never handed the game object.

The agents a game has are named in its registry entry (``bonepile.games``:
``GameKind.agents``, name -> ``"module:factory"``) and imported only when one
is made, so this module imports no agent and no agent module registers itself.
``register`` adds agents from outside the package (plug-ins, benchmarks'
wrappers), consulted before the games' own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Protocol, cast

from bonepile import games
from bonepile.core.errors import RulesError
from bonepile.core.protocol import Move, Observation


class Agent(Protocol):
    """Chooses a move from what one player may know."""

    name: str

    def choose(self, observation: Observation) -> Move:
        """Return one of ``observation.legal_moves``."""


AgentFactory = Callable[[str, int], Agent]
"""Builds an agent for a game name (one of ``bonepile.games.game_names()``) from a seed."""

_REGISTRY: dict[str, AgentFactory] = {}
"""Agents added by ``register`` for every game."""
_GAME_REGISTRY: dict[tuple[str, str], AgentFactory] = {}
"""Agents added by ``register`` for one game, by (game, name)."""

ALIASES = {"easy": "random", "medium": "greedy", "hard": "heuristic", "expert": "ismcts"}
"""Friendly names for the front ends' difficulty levels: each is the game's own agent of that name."""

AGENT_NAMES = ("random", "greedy", "heuristic", "ismcts")

BASELINES = ("random", "greedy")
"""The simplest agents, listed before the friendly levels by ``agent_names`` (the others after them)."""


def register(name: str, factory: AgentFactory, game: str | None = None) -> None:
    """Make an agent available by ``name`` to the arena and the front ends.

    With ``game``, the factory serves that game only and takes precedence over
    a factory registered for every game under the same name; both take
    precedence over the agents the game's registry entry names.
    """
    if game is None:
        _REGISTRY[name] = factory
    else:
        _GAME_REGISTRY[(game, name)] = factory


def searches(agent: Agent) -> bool:
    """Whether ``agent`` searches, thinking for a good part of a second on a move: a server runs such an
    agent in a worker process rather than beside its sockets. An agent says so with ``searches = True``
    (``SeededAgent`` says no, the ISMCTS players yes); one that does not say is taken to be quick."""
    return bool(getattr(agent, "searches", False))


def _builtin(game: str) -> Mapping[str, str]:
    """The agents ``game``'s registry entry names (none for a game the registry does not know)."""
    if game not in games.game_names():
        return {}
    return games.game_kind(game).agents


def make_agent(name: str, game: str, seed: int = 0) -> Agent:
    """Build agent ``name`` for ``game``, with its own random generator seeded by ``seed``."""
    factory = _GAME_REGISTRY.get((game, name)) or _REGISTRY.get(name)
    if factory is None:
        path = _builtin(game).get(name)
        if path is not None:
            factory = cast(AgentFactory, games.load(path))
        elif name in ALIASES:
            return make_agent(ALIASES[name], game, seed)  # resolved now: the game's own agent of that name
        else:
            raise RulesError(f"unknown agent {name!r} for {game}; choose one of {', '.join(agent_names(game))}")
    return factory(game, seed)


def agent_names(game: str | None = None) -> tuple[str, ...]:
    """Every agent name, or the names that can be asked for ``game`` (each game's agents, the aliases, plug-ins).

    The order: the baselines, the aliases, the plug-ins for every game, the games' other agents, the
    plug-ins for one game.
    """
    games_of = games.game_names() if game is None else (game,)
    builtin = [name for each in games_of for name in _builtin(each)]
    plugged = [name for g, name in _GAME_REGISTRY if game is None or g == game]
    names = dict.fromkeys(name for name in BASELINES if name in builtin or name in _REGISTRY)
    names.update(dict.fromkeys(ALIASES))
    names.update(dict.fromkeys(_REGISTRY))
    names.update(dict.fromkeys(builtin))
    names.update(dict.fromkeys(plugged))
    return tuple(names)


class SeededAgent:
    """Base for agents that break ties or choose at random from their own seeded generator."""

    name = "agent"
    searches = False
    """Whether a move takes a search (``searches``)."""

    def __init__(self, game: str, seed: int = 0) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Move:
        """Return one of ``observation.legal_moves`` (each agent says how)."""
        raise NotImplementedError

    def move_distribution(self, observation: Observation) -> dict[Move, float]:
        """How likely the agent is to play each legal move now (moves it never plays left out).

        For measuring a policy exactly (exploitability): an agent that chooses
        deterministically gives its choice probability 1, which is this
        default; agents that choose at random say how.
        """
        return {self.choose(observation): 1.0}
