"""Running arena games: one pure function per game, so runs can be split across processes.

Every game's deal and every agent's random choices derive from the run seed
and the game's index, so a run is reproducible and any single game of it can
be replayed alone.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bonepile.ai import make_agent
from bonepile.arena.stats import wilson_interval
from bonepile.core.errors import RulesError
from bonepile.games import game_info


@dataclass(frozen=True)
class ArenaConfig:
    game: str
    agents: tuple[str, ...]
    games: int
    seed: int = 0
    preset: str | None = None
    players: int | None = None
    hands_only: bool = False
    options: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        if not self.agents:
            raise RulesError("name at least one agent")
        if self.games < 1:
            raise RulesError(f"play at least one game, not {self.games}")


@dataclass(frozen=True)
class GameResult:
    """What one arena game produced, per seat."""

    index: int
    seats: tuple[str, ...]
    """The agent name in each seat."""
    seat_won: tuple[bool, ...]
    """Whether each seat's side won the game (or the hand, with ``hands_only``)."""
    seat_points: tuple[int, ...]
    """Points each seat's side gained over the game."""
    hands: int
    seed: int


@dataclass
class AgentStats:
    name: str
    games: int = 0
    wins: int = 0
    seat_hands: int = 0
    points: int = 0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    @property
    def points_per_hand(self) -> float:
        return self.points / self.seat_hands if self.seat_hands else 0.0

    def to_dict(self) -> dict[str, Any]:
        low, high = self.win_interval
        return {
            "agent": self.name,
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "win_rate_95": [round(low, 4), round(high, 4)],
            "points_per_hand": round(self.points_per_hand, 3),
        }


@dataclass
class ArenaResult:
    config: ArenaConfig
    results: list[GameResult] = field(default_factory=list)

    @property
    def agents(self) -> list[AgentStats]:
        """Per agent: games it took part in, games its side won, points per seat and hand."""
        table = {name: AgentStats(name) for name in dict.fromkeys(self.config.agents)}
        for result in self.results:
            for name in set(result.seats):
                stats = table[name]
                stats.games += 1
                stats.wins += any(won for seat, won in zip(result.seats, result.seat_won, strict=True) if seat == name)
            for name, points in zip(result.seats, result.seat_points, strict=True):
                table[name].points += points
                table[name].seat_hands += result.hands
        return list(table.values())

    def to_dict(self) -> dict[str, Any]:
        config = self.config
        return {
            "game": config.game,
            "preset": config.preset,
            "players": config.players,
            "games": len(self.results),
            "hands_only": config.hands_only,
            "seed": config.seed,
            "hands": sum(r.hands for r in self.results),
            "agents": [stats.to_dict() for stats in self.agents],
        }


def seats_for(agents: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """Agents fill the seats in turn (a, b, a, b), rotated by one seat from game to game."""
    return tuple(agents[(seat + index) % len(agents)] for seat in range(players))


def _derived_seed(seed: int, index: int, stream: int) -> int:
    return random.Random(f"{seed}/{index}/{stream}").getrandbits(63)


def play_one(config: ArenaConfig, index: int) -> GameResult:
    """Play game number ``index`` of the run described by ``config``."""
    info = game_info(config.game)
    preset = config.preset or info.default_preset
    game_seed = _derived_seed(config.seed, index, 0)
    game = info.new_game(preset, config.players, game_seed, **dict(config.options))
    seats = seats_for(config.agents, game.num_players, index)
    agents = [
        make_agent(name, config.game, _derived_seed(config.seed, index, 1 + seat)) for seat, name in enumerate(seats)
    ]
    while not game.is_over:
        player = game.to_move
        game.play(agents[player].choose(game.observation(player)))
        if config.hands_only and game.hand_summaries:
            break
    summaries = game.hand_summaries
    if config.hands_only:
        winner = summaries[0].winner
        winners = frozenset() if winner is None else frozenset((winner,))
    else:
        winners = game.winners
    side_points = [0] * game.num_sides
    for summary in summaries:
        for side, points in enumerate(summary.points):
            side_points[side] += points
    sides = [game.side_of(seat) for seat in range(game.num_players)]
    return GameResult(
        index=index,
        seats=seats,
        seat_won=tuple(side in winners for side in sides),
        seat_points=tuple(side_points[side] for side in sides),
        hands=len(summaries),
        seed=game_seed,
    )


def run_arena(
    config: ArenaConfig,
    progress: Callable[[GameResult], None] | None = None,
    mapper: Callable[[Callable[[int], GameResult], Iterable[int]], Iterable[GameResult]] | None = None,
) -> ArenaResult:
    """Play every game of ``config``; ``mapper`` (default: the built-in ``map``) may spread them over workers."""
    run = mapper or map
    result = ArenaResult(config)

    # A partial of a module-level function pickles, so a process pool can run it.
    for game_result in run(functools.partial(play_one, config), range(config.games)):
        result.results.append(game_result)
        if progress is not None:
            progress(game_result)
    result.results.sort(key=lambda r: r.index)
    return result
