"""The estimates: what each candidate move is expected to make, from what its player saw, and face up.

The fair estimate (``estimate``) is the strongest agent's way of thinking about a move without its tree:
imagine worlds consistent with the mover's observation (the game's ``world_sampler`` from the registry: the
hidden tiles dealt out again, within everything the table proves), play the candidate in each, finish the hand
with a good fixed policy (the heuristic agent, seeded) and average the mover's side's margin. What each world
ends with is kept too (every side's points of the hand: the review's expected final score of every side, and
its values toward the match). Every candidate is played in the same worlds with the same seeds (common random
numbers), so the differences between candidates, which are what the marks read, carry far less noise than the
values. With more legal moves than ``Budget.width``, each is first screened on ``Budget.screen`` worlds and
the best ``width - 1`` and the move played go on to the full budget. When few tiles are hidden and the worlds
they allow are few, every one of them is played (``exact``) instead of a sample; and when, besides, few tiles
are left in the hands, each world is not rolled out but solved (``_Solver``: perfect play to the end of the
hand, every tile known, within ``Budget.solve_nodes`` positions), so the estimate is the perfect-information
value averaged over every world the observation allows.

The face-up verdict (``face_up``) reads the true deal, every hand open: an exact search (alpha-beta over
the mover's side's margin, the other sides minimising it) when few tiles are left in play, else one
seeded rollout of each candidate in the true world. It may name only the mover's own legal moves.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol, cast

from bonepile import games
from bonepile.ai.base import Agent, make_agent
from bonepile.core.protocol import DealSummary, Move, Observation
from bonepile.review._marks import margin, rollout_agent
from bonepile.review._positions import PlayableDeal, Position

__all__ = ["Budget", "Estimate", "estimate", "face_up"]


@dataclass(frozen=True)
class Budget:
    """How hard the review looks at each decision (fixed, so a review is the same when made again)."""

    worlds: int = 64
    """Worlds each candidate is played in."""
    screen: int = 4
    """Worlds each legal move is screened on, when there are more than ``width``."""
    width: int = 5
    """Candidates given the full budget (the move played among them)."""
    exact_hidden: int = 8
    """With at most this many hidden tiles, try to list every world the observation allows."""
    exact_worlds: int = 48
    """Play every world when there are at most this many (else sample ``worlds``)."""
    face_up_tiles: int = 9
    """Search the face-up deal exactly when at most this many tiles are in hands and stock."""
    face_up_nodes: int = 20_000
    """The exact face-up search gives up (and rolls out instead) past this many positions."""
    solve_tiles: int = 10
    """When every world is listed and at most this many tiles are in the hands, each world is solved exactly
    (perfect play to the end of the hand) instead of rolled out."""
    solve_nodes: int = 40_000
    """Positions the worlds' exact searches may take together for one decision (else the rollouts)."""


class Sampler(Protocol):
    def sample_deal(self, rng: random.Random) -> PlayableDeal: ...


Points = tuple[int, ...]
"""Each side's points of the hand, as one world ended it."""


@dataclass(frozen=True)
class Estimate:
    """What the fair estimate found for one decision."""

    values: tuple[tuple[Move, float], ...]
    """Each candidate and its expected margin for the mover's side, best first."""
    worlds: int
    """How many worlds each candidate was played in."""
    exact: bool
    """Whether those were every world the observation allows (not a sample)."""
    outcomes: Mapping[Move, tuple[Points, ...]] = field(default_factory=dict)
    """Each candidate's hand points per side in each world (in the worlds' order)."""

    def mean_points(self, move: Move) -> tuple[float, ...]:
        """Each side's expected points of the hand after ``move``."""
        outcomes = self.outcomes[move]
        return tuple(sum(column) / len(outcomes) for column in zip(*outcomes, strict=True))


class _TooBig(Exception):
    pass


def _seed(*parts: object) -> int:
    return zlib.crc32(":".join(map(str, parts)).encode())


def _finish(deal: PlayableDeal, agents: Sequence[Agent], ended: object) -> DealSummary:
    """Play ``deal`` to its end with ``agents``; its summary (``ended``: what the last move returned)."""
    while not deal.is_over:
        player = deal.to_move
        assert player is not None
        ended = deal.play(agents[player].choose(deal.observation(player)))
    return cast(DealSummary, ended)


class _Rollouts:
    """Candidates played in worlds, each world with its own seeded players (the same for every candidate)."""

    def __init__(self, game: str, seed: int, move_number: int, players: int, side: int, sides: Sequence[int]) -> None:
        self.game = game
        self.agent = rollout_agent(game)
        self.seed = seed
        self.move_number = move_number
        self.players = players
        self.side = side
        self.low = games.game_kind(game).low_score_wins
        self.sides = sides

    def points(self, world: PlayableDeal, index: int, move: Move) -> Points:
        deal = world.copy()
        agents = [
            make_agent(self.agent, self.game, _seed(self.seed, self.move_number, index, p)) for p in range(self.players)
        ]
        summary = _finish(deal, agents, deal.play(move))
        return tuple(summary.points)

    def value(self, world: PlayableDeal, index: int, move: Move) -> float:
        return margin(self.points(world, index, move), self.side, self.low)


class _Solver:
    """The rest of one world's hand played perfectly, every tile known: minimax over the mover's side's margin
    (its side maximises it, the others minimise it), memoised on the engine's position text; with the value,
    the hand's points of the line of play it comes from (the first best move at each turn)."""

    def __init__(self, side_of: Callable[[int], int], side: int, low: bool) -> None:
        self.side_of = side_of
        self.side = side
        self.low = low
        self.memo: dict[str, tuple[float, Points]] = {}
        self.limit = 0

    def after(self, state: PlayableDeal, move: Move) -> tuple[float, Points]:
        child = state.copy()
        return self.value(child, child.play(move))

    def value(self, state: PlayableDeal, ended: object) -> tuple[float, Points]:
        if state.is_over:
            points = tuple(cast(DealSummary, ended).points)
            return margin(points, self.side, self.low), points
        key = state.position()
        known = self.memo.get(key)
        if known is not None:
            return known
        if len(self.memo) >= self.limit:
            raise _TooBig
        player = state.to_move
        assert player is not None
        results = [self.after(state, move) for move in state.legal_moves()]
        pick = max if self.side_of(player) == self.side else min
        best = pick(results, key=lambda result: result[0])
        self.memo[key] = best
        return best


def _solved(
    worlds: Sequence[PlayableDeal], legal: Sequence[Move], solver: _Solver, budget: Budget
) -> dict[Move, list[tuple[float, Points]]] | None:
    """Every legal move's exact value and points in each world, or None when the searches would take too long.

    The node budget is shared out over the worlds as they come (a world may use what the ones before it left),
    so a position too big to solve is given up after about its share of the budget, not the whole of it.
    """
    try:
        found: dict[Move, list[tuple[float, Points]]] = {move: [] for move in legal}
        for index, world in enumerate(worlds, start=1):
            solver.limit = budget.solve_nodes * index // len(worlds)
            for move in legal:
                found[move].append(solver.after(world, move))
    except _TooBig:
        return None
    return found


def _worlds(
    observation: Observation, sampler: Sampler, rng: random.Random, budget: Budget
) -> tuple[list[PlayableDeal], bool]:
    """The worlds to play: every one the observation allows when they are few, else a sample."""
    me = observation.player
    hidden = sum(c for p, c in enumerate(observation.tile_counts) if p != me) + observation.stock_size
    if hidden <= budget.exact_hidden:
        distinct: dict[str, PlayableDeal] = {}
        last_new = 0
        tries = 4 * budget.exact_worlds
        for attempt in range(tries):
            world = sampler.sample_deal(rng)
            text = world.position()
            if text not in distinct:
                distinct[text] = world
                last_new = attempt
                if len(distinct) > budget.exact_worlds:
                    break
        if len(distinct) <= budget.exact_worlds and last_new < tries // 2:
            return [distinct[key] for key in sorted(distinct)], True
    return [sampler.sample_deal(rng) for _ in range(budget.worlds)], False


def estimate(game: str, position: Position, seed: int, budget: Budget, moves: Sequence[Move] | None = None) -> Estimate:
    """The fair estimate of every candidate of one decision (see the module docstring); ``moves``: the ones to
    estimate (all the legal moves when None)."""
    observation = position.observation
    rules = observation.rules
    legal = list(observation.legal_moves if moves is None else moves)
    factory = cast(Callable[[Observation], Sampler], games.game_kind(game).load("world_sampler"))
    rng = random.Random(f"review:{seed}:{position.move_number}")
    worlds, exact = _worlds(observation, factory(observation), rng, budget)
    sides = [rules.side_of(p) for p in range(rules.players)]
    side = rules.side_of(position.seat)
    if exact and sum(observation.tile_counts) <= budget.solve_tiles:
        solver = _Solver(rules.side_of, side, games.game_kind(game).low_score_wins)
        solved = _solved(worlds, legal, solver, budget)
        if solved is not None:
            means = [(move, sum(v for v, _ in found) / len(worlds)) for move, found in solved.items()]
            outcomes = {move: tuple(p for _, p in found) for move, found in solved.items()}
            return Estimate(tuple(sorted(means, key=lambda mv: -mv[1])), len(worlds), exact, outcomes)
    rollouts = _Rollouts(game, seed, position.move_number, rules.players, side, sides)
    low = games.game_kind(game).low_score_wins
    totals: dict[Move, list[Points]] = {}

    def value(move: Move) -> float:
        return sum(margin(points, side, low) for points in totals[move])

    candidates = legal
    if len(legal) > budget.width and len(worlds) > budget.screen:
        for move in legal:
            totals[move] = [rollouts.points(worlds[i], i, move) for i in range(budget.screen)]
        ranked = sorted(legal, key=lambda m: -value(m))
        candidates = ranked[: budget.width - 1]
        if position.played not in candidates:
            candidates.append(position.played)
        else:
            candidates = ranked[: budget.width]
    for move in candidates:
        done = totals.setdefault(move, [])
        done.extend(rollouts.points(worlds[i], i, move) for i in range(len(done), len(worlds)))
    values = sorted(((m, value(m) / len(worlds)) for m in candidates), key=lambda mv: -mv[1])
    return Estimate(tuple(values), len(worlds), exact, {m: tuple(totals[m]) for m in candidates})


def face_up(game: str, position: Position, seed: int, budget: Budget, candidates: Sequence[Move]) -> tuple[Move, bool]:
    """The best move with every hand face up, from the true deal, and whether it was found exactly."""
    deal = position.deal
    observation = position.observation
    rules = observation.rules
    side = rules.side_of(position.seat)
    low = games.game_kind(game).low_score_wins
    in_play = sum(observation.tile_counts) + observation.stock_size
    legal = deal.legal_moves()
    if in_play <= budget.face_up_tiles:
        nodes = [0]

        def search(state: PlayableDeal, ended: object, alpha: float, beta: float) -> float:
            nodes[0] += 1
            if nodes[0] > budget.face_up_nodes:
                raise _TooBig
            if state.is_over:
                return margin(tuple(cast(DealSummary, ended).points), side, low)
            player = state.to_move
            assert player is not None
            maximising = rules.side_of(player) == side
            best = -math.inf if maximising else math.inf
            for move in state.legal_moves():
                child = state.copy()
                value = search(child, child.play(move), alpha, beta)
                if maximising:
                    best = max(best, value)
                    alpha = max(alpha, value)
                else:
                    best = min(best, value)
                    beta = min(beta, value)
                if alpha >= beta:
                    break
            return best

        try:
            scored = []
            for move in legal:
                child = deal.copy()
                scored.append((search(child, child.play(move), -math.inf, math.inf), move))
            return max(scored, key=lambda vm: vm[0])[1], True
        except _TooBig:
            pass
    sides = [rules.side_of(p) for p in range(rules.players)]
    rollouts = _Rollouts(game, seed + 1, position.move_number, rules.players, side, sides)
    values = [(rollouts.value(deal, 0, move), -i, move) for i, move in enumerate(candidates)]
    return max(values, key=lambda v: (v[0], v[1]))[2], False
