"""Running arena games: a schedule of pure, independent games, played by a pluggable backend.

Every game's deal and every agent's random choices derive from the run seed,
the deal's number and the seat, so a run is reproducible, any single game of
it can be replayed alone, and games can be spread over processes or a Ray
cluster without changing a single result.

Variance reduction: each deal is played once per seat rotation (two agents:
the same deal with the seats swapped), so luck of the deal cancels out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from bonepile.ai import make_agent
from bonepile.arena.stats import PairScore, Rating, Sprt, elo_ratings, wilson_interval
from bonepile.core.errors import RulesError
from bonepile.core.seeds import derived_seed
from bonepile.games import game_info


@dataclass(frozen=True)
class ArenaConfig:
    game: str
    agents: tuple[str, ...]
    games: int
    """Games per pairing when agents meet two by two; games in all for a free-for-all."""
    seed: int = 0
    preset: str | None = None
    players: int | None = None
    hands_only: bool = False
    options: tuple[tuple[str, object], ...] = ()
    mirror: bool = True
    """Play each deal once per seat rotation."""
    sprt: tuple[float, float] | None = None
    """Stop a pairing as soon as an SPRT between these Elo hypotheses decides."""

    def __post_init__(self) -> None:
        if not self.agents:
            raise RulesError("name at least one agent")
        if self.games < 1:
            raise RulesError(f"play at least one game, not {self.games}")


@dataclass(frozen=True)
class GameSpec:
    """One game to play: which deal, and which agent sits in each seat."""

    index: int
    deal: int
    seats: tuple[str, ...]
    pairing: tuple[str, ...]


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
    pairing: tuple[str, ...] = ()
    seconds_per_move: tuple[tuple[str, float, int], ...] = ()
    """Per agent: thinking seconds in all and moves chosen."""


@dataclass
class AgentStats:
    name: str
    games: int = 0
    wins: int = 0
    seat_hands: int = 0
    points: int = 0
    think_seconds: float = 0.0
    moves: int = 0
    rating: Rating | None = None

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    @property
    def points_per_hand(self) -> float:
        return self.points / self.seat_hands if self.seat_hands else 0.0

    @property
    def ms_per_move(self) -> float:
        return 1000 * self.think_seconds / self.moves if self.moves else 0.0

    def to_dict(self) -> dict[str, Any]:
        low, high = self.win_interval
        data: dict[str, Any] = {
            "agent": self.name,
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "win_rate_95": [round(low, 4), round(high, 4)],
            "points_per_hand": round(self.points_per_hand, 3),
            "ms_per_move": round(self.ms_per_move, 3),
        }
        if self.rating is not None:
            data["elo"] = round(self.rating.elo, 1)
            data["elo_95"] = [round(v, 1) for v in self.rating.interval]
        return data


@dataclass
class ArenaResult:
    config: ArenaConfig
    players: int
    results: list[GameResult] = field(default_factory=list)
    sprt_decisions: dict[tuple[str, ...], str] = field(default_factory=dict)

    def encounters(self) -> list[PairScore]:
        """Every game as head-to-head scores between each two different agents that sat in it.

        An agent's standing in a game is its best seat: a win beats a loss;
        between two losers (or two winners) the side with more points wins,
        equal points draw.
        """
        found = []
        for result in self.results:
            best: dict[str, tuple[bool, int]] = {}
            for name, won, points in zip(result.seats, result.seat_won, result.seat_points, strict=True):
                best[name] = max(best.get(name, (False, -(10**9))), (won, points))
            for first, second in combinations(sorted(best), 2):
                a, b = best[first], best[second]
                found.append(PairScore(first, second, 1.0 if a > b else 0.0 if a < b else 0.5))
        return found

    @property
    def agents(self) -> list[AgentStats]:
        """Per agent: games it took part in, games its side won, points per seat and hand, and Elo."""
        table = {name: AgentStats(name) for name in dict.fromkeys(self.config.agents)}
        for result in self.results:
            for name in set(result.seats):
                stats = table[name]
                stats.games += 1
                stats.wins += any(won for seat, won in zip(result.seats, result.seat_won, strict=True) if seat == name)
            for name, points in zip(result.seats, result.seat_points, strict=True):
                table[name].points += points
                table[name].seat_hands += result.hands
            for name, seconds, moves in result.seconds_per_move:
                table[name].think_seconds += seconds
                table[name].moves += moves
        if len(table) > 1:
            for rating in elo_ratings(list(table), self.encounters()):
                table[rating.name].rating = rating
        return list(table.values())

    def to_dict(self) -> dict[str, Any]:
        config = self.config
        data: dict[str, Any] = {
            "game": config.game,
            "preset": config.preset,
            "players": self.players,
            "games": len(self.results),
            "hands_only": config.hands_only,
            "seed": config.seed,
            "mirrored": config.mirror,
            "hands": sum(r.hands for r in self.results),
            "agents": [stats.to_dict() for stats in self.agents],
        }
        if config.sprt is not None:
            data["sprt"] = {
                "elo0": config.sprt[0],
                "elo1": config.sprt[1],
                "decisions": [{"pairing": list(p), "accepted": d} for p, d in self.sprt_decisions.items()],
            }
        return data


def seats_for(agents: Sequence[str], players: int, rotation: int) -> tuple[str, ...]:
    """Agents fill the seats in turn (a, b, a, b), shifted by ``rotation`` seats."""
    return tuple(agents[(seat + rotation) % len(agents)] for seat in range(players))


def pairings(config: ArenaConfig, sides: int) -> list[tuple[str, ...]]:
    """Two-sided games: every pair of agents meets. Otherwise: one free-for-all of all agents."""
    agents = tuple(dict.fromkeys(config.agents))
    if sides == 2 and len(agents) > 2:
        return [pair for pair in combinations(agents, 2)]
    return [agents]


def schedule(config: ArenaConfig, players: int, pairing: tuple[str, ...], start_deal: int) -> Iterator[GameSpec]:
    """The games of one pairing, deal by deal, each deal once per seat rotation when mirrored."""
    rotations = len(pairing) if config.mirror else 1
    index = 0
    deal = start_deal
    while index < config.games:
        for rotation in range(rotations):
            if index >= config.games:
                return
            shift = rotation if config.mirror else deal
            yield GameSpec(index, deal, seats_for(pairing, players, shift), pairing)
            index += 1
        deal += 1


def play_game(config: ArenaConfig, spec: GameSpec) -> GameResult:
    """Play one scheduled game; a pure function of its arguments."""
    import time

    info = game_info(config.game)
    preset = config.preset or info.default_preset
    game_seed = derived_seed(config.seed, spec.deal, 0)
    game = info.new_game(preset, config.players, game_seed, **dict(config.options))
    agents = [
        make_agent(name, config.game, derived_seed(config.seed, spec.deal, spec.index, 1 + seat))
        for seat, name in enumerate(spec.seats)
    ]
    thinking = dict.fromkeys(spec.seats, 0.0)
    moves = dict.fromkeys(spec.seats, 0)
    clock = time.perf_counter
    while (player := game.to_move) is not None:
        observation = game.observation(player)
        started = clock()
        move = agents[player].choose(observation)
        thinking[spec.seats[player]] += clock() - started
        moves[spec.seats[player]] += 1
        game.play(move)
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
        index=spec.index,
        seats=spec.seats,
        seat_won=tuple(side in winners for side in sides),
        seat_points=tuple(side_points[side] for side in sides),
        hands=len(summaries),
        seed=game_seed,
        pairing=spec.pairing,
        seconds_per_move=tuple((name, thinking[name], moves[name]) for name in thinking),
    )


def play_batch(config: ArenaConfig, specs: Sequence[GameSpec]) -> list[GameResult]:
    """Several games in one task: workers pay their start-up and transfer costs once per batch."""
    return [play_game(config, spec) for spec in specs]


Backend = Callable[[ArenaConfig, Sequence[Sequence[GameSpec]]], Iterable[list[GameResult]]]
"""Plays batches of games (in any order) and yields each batch's results as it completes."""


def serial_backend(config: ArenaConfig, batches: Sequence[Sequence[GameSpec]]) -> Iterator[list[GameResult]]:
    for batch in batches:
        yield play_batch(config, batch)


def run_arena(
    config: ArenaConfig,
    progress: Callable[[GameResult], None] | None = None,
    backend: Backend | None = None,
    batch_size: int = 4,
    parallelism: int = 1,
) -> ArenaResult:
    """Play every scheduled game of ``config`` and collect the results.

    Without SPRT all games are handed to the backend at once. With SPRT, each
    pairing is played in rounds of ``parallelism`` batches, and a pairing
    stops as soon as its test decides.
    """
    run = backend or serial_backend
    info = game_info(config.game)
    preset = config.preset or info.default_preset
    probe = info.new_game(preset, config.players, 0, **dict(config.options))
    players, sides = probe.num_players, probe.num_sides
    result = ArenaResult(config, players)
    pending: dict[tuple[str, ...], Iterator[GameSpec]] = {}
    for number, pairing in enumerate(pairings(config, sides)):
        # Every pairing gets its own range of deals, so no two pairings share a deal by accident.
        pending[pairing] = schedule(config, players, pairing, start_deal=number * (config.games + 1))
    rotation_size = len(next(iter(pending))) if config.mirror else 1
    # A batch never splits a mirrored deal, so an SPRT stop never leaves half a deal played.
    unit = max(batch_size // rotation_size, 1) * rotation_size
    sprt = Sprt(*config.sprt) if config.sprt is not None else None
    scores: dict[tuple[str, ...], list[float]] = {pairing: [] for pairing in pending}

    def take(pairing: tuple[str, ...], count: int) -> list[GameSpec]:
        taken = []
        for spec in pending[pairing]:
            taken.append(spec)
            if len(taken) == count:
                break
        return taken

    while pending:
        batches: list[list[GameSpec]] = []
        for pairing in list(pending):
            rounds = parallelism if sprt is not None else 10**9
            for _ in range(rounds):
                batch = take(pairing, unit)
                if not batch:
                    del pending[pairing]
                    break
                batches.append(batch)
        if not batches:
            break
        for batch_results in run(config, batches):
            for game_result in batch_results:
                result.results.append(game_result)
                if progress is not None:
                    progress(game_result)
                if sprt is not None and len(game_result.pairing) == 2:
                    first = game_result.pairing[0]
                    standing = _pair_score(game_result, first)
                    scores[game_result.pairing].append(standing)
        if sprt is not None:
            for pairing in list(pending):
                decision = sprt.decide(scores[pairing]) if len(pairing) == 2 else None
                if decision is not None:
                    result.sprt_decisions[pairing] = decision
                    del pending[pairing]
    result.results.sort(key=lambda r: (r.pairing, r.index))
    return result


def _pair_score(result: GameResult, first: str) -> float:
    """The score of agent ``first`` in a two-agent game: 1 win, 0.5 draw, 0 loss."""
    won = {name: False for name in result.seats}
    for name, seat_won in zip(result.seats, result.seat_won, strict=True):
        won[name] = won[name] or seat_won
    others = [name for name in won if name != first]
    if not others or won[first] == won[others[0]]:
        return 0.5
    return 1.0 if won[first] else 0.0
