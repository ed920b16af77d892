"""The ``ismcts`` Mexican Train player: the one information-set search (``search_tree``) with this game's parts.

The loop, the tree and the choice of the most visited move are
``search_tree``'s; this module gives it a ``MexicanTrainDecision``:

* **Worlds** from ``mexican_train_sampling``: the hidden tiles dealt again so
  that the counts hold and no player holds a tile their draws and markers
  proved they lacked, as an engine ``Round`` (the search plays the engine's
  own rules in every world: it never re-derives one). Up to ``WORLDS``
  distinct worlds a decision; later iterations replay a copy of one.
* **Root candidates and priors from the heuristic.** At the root only the
  heuristic's best few moves are searched (``ROOT_WIDTH``), and its score
  for each orders their first visits (a progressive bias that fades with
  visits).
* **Below the root everyone plays the heuristic** (``POLICY =
  "heuristic"``): in the tree and in the rollouts (``heuristic_rollout``)
  each player makes the move the heuristic would make seeing what that
  player sees in the world (their own hand and the table). The others are
  modelled by the best player we have, and the observer's root choice is a
  one-step improvement on that policy (a rollout algorithm). Its plans come
  from ``quick_run`` (the same longest run, searched through each number's
  tiles, capped and cached: worlds repeat hands) and ``RolloutView`` (a move
  that keeps the whole plan keeps its length, without a search). The older
  policy, ``"plan"`` (``plan_rollout``: a short form of the plan with a
  fifth of the moves random, the tree choosing below the root), played level
  with ``heuristic`` (49.6% of 120 games).
* **Rollouts** stop after ``HORIZON`` moves and the rest of the round is
  guessed (``estimated_points``): who is likely to go out, from the tiles
  each holds (an orphan counting twice), and the pips the others would be
  left with (a planned tile's only in part).
* **The heuristic's move unless the search is sure** (``MARGIN``): the most
  visited move is played only if its mean reward beats the heuristic's own
  choice by the margin; otherwise the heuristic's choice.
* **Rewards** are the round's pips against the table's (M7: lower is
  better): a player's reward rises with the pips the others take and falls
  with its own, half against the average opponent and half against the best
  one (the one to beat for the game, M8), scaled so that a big round spans
  [0, 1].

Budget: a number of iterations (deterministic for a given seed and
observation) or a time limit per move, whichever ends first when both are
given. The registered ``ismcts`` uses a fixed iteration count (``DEFAULT_ITERATIONS``, measured in
``bench/strength.py --only mexican-train`` and ``bench/decision_time.py``; see docs/strength.md).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from typing import Any

from bonepile.ai.mexican_train_heuristic import (
    DEFAULT_WEIGHTS,
    GAME,
    HeuristicAgent,
    TableView,
    Weights,
    explain_move,
    score_move,
)
from bonepile.ai.mexican_train_sampling import WorldSampler
from bonepile.ai.reasons import Reason
from bonepile.ai.search_tree import EXPLORATION, ISMCTSPlayer, Node
from bonepile.core.errors import RulesError
from bonepile.mexican_train import MEXICAN, MINE, Move, MoveKind, Observation, Round, Tile

DEFAULT_ITERATIONS = 192
"""The registered agent's budget (measured: see the module docstring and ``bench/decision_time.py``)."""

ROOT_WIDTH = 3
"""The observer's candidate moves at the root: the heuristic's best few (None: every legal move)."""

PRIOR_WEIGHT = 0.3
"""Progressive bias: the weight of the heuristic's (normalised) score at the root, divided by visits + 1."""

HORIZON = 8
"""Rollout moves before the rest of the round is guessed (``estimated_points``)."""

GREED = 0.8
"""Share of rollout moves that shed the heaviest tile (or cover a double); the rest are random."""

OUT_ODDS = 0.8
"""How much more likely to go out first a player is with one tile fewer (log odds)."""

WORLDS = 48
"""Distinct worlds a decision samples at most; later iterations play a copy of one of them again, so the root's
moves are compared in the same worlds (with the heuristic policy a world and a move decide the rollout: about
half the iterations meet a new world)."""

POLICY = "heuristic"
"""How every player moves below the root and in the rollouts: ``"heuristic"`` (the heuristic's move for what
that player sees in the world) or ``"plan"`` (``plan_rollout``, with the tree's own choices below the root)."""

GOAL = "game"
"""What the rewards weigh: ``"game"`` (``GameRewards``: the chance of winning the game, mostly) or ``"round"``
(``rewards``: the round's pips against the table's)."""

MARGIN = 0.02
"""How much higher a mean reward (about 2.4 pips of a round) a move needs than the heuristic's choice to be
played instead of it."""

BIG_ROUND = 60.0
"""A big difference between two players' pips in a round: it spans the reward's range."""

_DRAW_KEY = 1 << 12
_PASS_KEY = (1 << 12) + 1
_TRAIN_CODE = {MINE: 8, MEXICAN: 9}


def move_key(move: Move) -> int:
    """A small integer naming a move in the tree: the tile and the train, or draw, or pass."""
    if move.kind is MoveKind.DRAW:
        return _DRAW_KEY
    if move.kind is MoveKind.PASS:
        return _PASS_KEY
    assert move.tile is not None and move.train is not None
    train = move.train
    code = _TRAIN_CODE[train] if isinstance(train, str) else int(train)
    return move.tile.index * 10 + code


ROLLOUT_PLAN_LIMIT = 300
"""Positions the rollouts' longest-run search visits for each hand (a near-longest run is plan enough there)."""


ROLLOUT_VIEW_LIMIT = 100
"""The same for the heuristic's view of each rollout move (a run searched for each of the moves)."""


def plans_of(round_: Round) -> list[frozenset[Tile]]:
    """Each player's plan in a world: the tiles of the longest run from their own train's open end."""
    return [
        frozenset(quick_run(train.open_end, round_.tiles_of(seat), ROLLOUT_PLAN_LIMIT))
        for seat, train in enumerate(round_.trains[: round_.num_players])
    ]


def plan_rollout(
    round_: Round,
    rng: random.Random,
    plans: Sequence[frozenset[Tile]],
    horizon: int | None = None,
    greed: float = GREED,
) -> None:
    """Play on, to the end or for ``horizon`` moves, as the heuristic plays, in short (with probability ``greed``;
    else any legal move): a tile outside one's plan on another train first, then the plan on one's own train,
    then anything; the heaviest tile among equals. ``plans`` are the players' plans as the rollout starts."""
    draw = rng.random
    left = -1 if horizon is None else horizon
    while not round_.is_over and left:
        left -= 1
        legal = round_.legal_moves()
        count = len(legal)
        if count == 1:
            round_.play(legal[0])
            continue
        if draw() >= greed:
            round_.play(legal[int(draw() * count)])
            continue
        player = round_.to_move
        assert player is not None
        plan = plans[player]
        best = legal[0]
        best_value = -1
        for move in legal:
            tile = move.tile
            if tile is None:
                continue
            planned = tile in plan
            if move.train == MINE:
                value = tile.pips + (2000 if planned else 1000)
            else:
                value = tile.pips + (0 if planned else 3000)
            if value > best_value:
                best, best_value = move, value
        round_.play(best)


_RUNS: dict[tuple[int, int, int], tuple[Tile, ...]] = {}
"""``quick_run``'s answers by (start, tiles, limit): a search meets the same hands again and again."""
_RUNS_KEPT = 200_000


def quick_run(start: int, tiles: Iterable[Tile], limit: int = ROLLOUT_PLAN_LIMIT) -> tuple[Tile, ...]:
    """A long chain of ``tiles`` from the number ``start``, as ``longest_run`` finds it (the longest, the most
    pips among those), searched through each number's tiles only and within ``limit`` positions: fast enough
    for every move of a rollout."""
    held = tuple(tiles)
    mask = 0
    for tile in held:
        mask |= 1 << tile.index
    key = (start, mask, limit)
    known = _RUNS.get(key)
    if known is not None:
        return known
    if len(_RUNS) >= _RUNS_KEPT:
        _RUNS.clear()
    hand = sorted(set(held), key=lambda t: (-t.pips, t.index))
    count = len(hand)
    links: dict[int, list[tuple[int, int, int]]] = {}
    for i, tile in enumerate(hand):
        links.setdefault(tile.high, []).append((i, tile.low, tile.pips))
        if not tile.is_double:
            links.setdefault(tile.low, []).append((i, tile.high, tile.pips))
    best: list[int] = []
    best_length = best_pips = 0
    path: list[int] = []
    visited = 0

    def walk(end: int, used: int, pips: int) -> None:
        nonlocal best, best_length, best_pips, visited
        visited += 1
        length = len(path)
        if length > best_length or (length == best_length and pips > best_pips):
            best, best_length, best_pips = path.copy(), length, pips
        if visited >= limit or count < best_length:
            return
        for i, other, tile_pips in links.get(end, ()):
            bit = 1 << i
            if not used & bit:
                path.append(i)
                walk(other, used | bit, pips + tile_pips)
                path.pop()
                if visited >= limit:
                    return

    walk(start, 0, 0)
    found = _RUNS[key] = tuple(hand[i] for i in best)
    return found


class RolloutView(TableView):
    """The heuristic's view of a position for a rollout's move: the same scores, with the plan searched by
    ``quick_run``, and a move that keeps every tile of the plan with the train's end unchanged known to keep
    the whole plan (no search)."""

    def __init__(self, observation: Observation) -> None:
        super().__init__(observation, ROLLOUT_VIEW_LIMIT)
        self.plan_tiles = frozenset(self.plan)

    def longest(self, start: int, tiles: Iterable[Tile]) -> tuple[Tile, ...]:
        return quick_run(start, tiles, self.limit)

    def run_after(self, end: int, kept: frozenset[Tile]) -> int:
        if end == self.own_end and self.plan_tiles <= kept:
            return len(self.plan)
        return super().run_after(end, kept)


def heuristic_rollout(
    round_: Round,
    rng: random.Random,
    horizon: int | None = None,
    weights: Weights = DEFAULT_WEIGHTS,
) -> None:
    """Play on, to the end or for ``horizon`` moves, with every player playing the ``heuristic``'s move for
    what they see in this world (their own hand and the table): the best model of the others we have."""
    left = -1 if horizon is None else horizon
    while not round_.is_over and left:
        left -= 1
        legal = round_.legal_moves()
        if len(legal) == 1:
            round_.play(legal[0])
            continue
        player = round_.to_move
        assert player is not None
        round_.play(heuristic_move(round_, legal, player, weights))


def heuristic_move(round_: Round, legal: Sequence[Move], player: int, weights: Weights = DEFAULT_WEIGHTS) -> Move:
    """The move the heuristic would play in ``round_`` for ``player`` (seeing their own hand only), the first
    of the engine's order among equals (``RolloutView``'s plans)."""
    view = RolloutView(round_.observation(player))
    best = legal[0]
    best_value = -math.inf
    for move in legal:
        value = score_move(view, move, weights).score
        if value > best_value + 1e-9:
            best, best_value = move, value
    return best


PLAN_SHARE = 0.4
"""The share of a planned tile's pips a player is expected to keep at the round's end (they go on one's own
train one a turn, where nobody can block them); a tile outside the plan is expected to stay in full."""


def estimated_points(round_: Round, plans: Sequence[frozenset[Tile]] | None = None) -> tuple[float, ...]:
    """The pips each player is likely to take from a round in play (M7), guessed from the tiles held.

    Someone is likely to go out (``OUT_ODDS`` per tile fewer: a softmax over
    the tile counts, a tile outside the player's plan counting twice when the
    ``plans`` are given); a player takes their pips unless it is them, and
    with ``plans`` only ``PLAN_SHARE`` of a planned tile's (the heuristic's
    judgement: the plan is a sure way to shed them).
    """
    summary = round_.summary
    if summary is not None:
        return tuple(float(p) for p in summary.points)
    players = range(round_.num_players)
    counts = [round_.tile_count(p) for p in players]
    pips: list[float] = list(round_.pips_left())
    if plans is not None:
        for p in players:
            planned = plans[p].intersection(round_.tiles_of(p))
            counts[p] = 2 * counts[p] - len(planned)
            pips[p] -= (1.0 - PLAN_SHARE) * sum(t.pips for t in planned)
    weights = [math.exp(-OUT_ODDS * c) for c in counts]
    total = sum(weights)
    return tuple(pip * (1.0 - w / total) for pip, w in zip(pips, weights, strict=True))


def rewards(points: Sequence[float]) -> list[float]:
    """Each player's reward in [0, 1] for a round's pips: against the average opponent and the best one."""
    result = []
    for player, own in enumerate(points):
        others = [p for q, p in enumerate(points) if q != player]
        mean = sum(others) / len(others)
        best = min(others)
        margin = 0.5 * (mean - own) + 0.5 * (best - own)
        result.append(min(1.0, max(0.0, 0.5 + margin / (2 * BIG_ROUND))))
    return result


ROUND_SPREAD = 20.0
"""The spread (standard deviation) of the pips between two players over one round still to come."""

CUT_SPREAD = 10.0
"""The same for what a cut rollout leaves of this round to guess (``estimated_points``)."""

WIN_SHARE = 0.7
"""The share of the reward that is the chance of winning the game (M8: the lowest total); the rest is the
round's pips against the table's (``rewards``)."""


class GameRewards:
    """Each player's reward for a round's pips with the game's totals so far: mostly the chance of ending the
    game with the lowest total (a logistic curve in the margin to the best other total, wider with each round
    still to come), partly the round's pips (``rewards``, which tell the moves apart where the game is
    settled)."""

    def __init__(self, scores: Sequence[int], rounds_after: int) -> None:
        self.scores = tuple(scores)
        spread = math.sqrt(CUT_SPREAD**2 + rounds_after * ROUND_SPREAD**2)
        self.scale = spread * math.sqrt(3.0) / math.pi  # a logistic curve of that standard deviation

    def of(self, points: Sequence[float]) -> list[float]:
        totals = [s + p for s, p in zip(self.scores, points, strict=True)]
        result = []
        for player, (own, pip_reward) in enumerate(zip(totals, rewards(points), strict=True)):
            best = min(t for q, t in enumerate(totals) if q != player)
            margin = max(-40.0, min(40.0, (best - own) / self.scale))
            result.append(WIN_SHARE / (1.0 + math.exp(-margin)) + (1.0 - WIN_SHARE) * pip_reward)
        return result


class MexicanTrainDecision:
    """One Mexican Train move to choose, as the shared search (``search_tree``) sees it."""

    def __init__(
        self,
        sampler: WorldSampler,
        root_prior: dict[int, float],
        bias: float,
        players: int,
        horizon: int | None,
        greed: float,
        pool: int = WORLDS,
        policy: str = POLICY,
        game_rewards: GameRewards | None = None,
    ) -> None:
        self.sampler = sampler
        self.policy = policy
        self.game_rewards = game_rewards
        self.root_prior = root_prior
        self.bias = bias
        self.sides = range(players)
        self.horizon = horizon
        self.greed = greed
        self.pool = pool
        self.worlds: list[tuple[Round, int]] = []
        self.rollout_seed = 0
        """The rollout seed of the world of the iteration under way (``world`` sets it, ``finish`` reads it:
        the search calls the two in turn for each iteration)."""

    def world(self, rng: random.Random) -> Round:
        worlds = self.worlds
        if len(worlds) < self.pool:
            world = self.sampler.sample_round(rng)
            worlds.append((world, rng.getrandbits(32)))
            chosen = worlds[-1]
        else:
            chosen = worlds[int(rng.random() * len(worlds))]
        self.rollout_seed = chosen[1]
        return chosen[0].copy()

    def candidates(self, state: Any, at_root: bool) -> tuple[Sequence[Move], Sequence[float] | None]:
        legal: Sequence[Move] = state.legal_moves()
        if at_root:
            prior = self.root_prior
            kept = tuple(m for m in legal if move_key(m) in prior)
            if kept:
                return kept, tuple(prior[move_key(m)] for m in kept)
        if self.policy == "heuristic" and len(legal) > 1:
            # Deeper in the tree every player plays the heuristic's move: the others as the best model we have of
            # them, the observer as the policy the root's choice improves on (one-step look-ahead).
            player = state.to_move
            assert player is not None
            return (heuristic_move(state, legal, player),), None
        return legal, tuple(0.0 if m.tile is None else m.tile.pips / 24.0 for m in legal)

    def key(self, move: Move) -> int:
        return move_key(move)

    def is_draw(self, move: Move) -> bool:
        return move.kind is MoveKind.DRAW

    def finish(self, state: Any, rng: random.Random) -> list[float]:
        # The world's own rollout seed: every move searched in a world meets the same luck there afterwards
        # (common random numbers), so the moves' values differ by what the moves do, not by the draws.
        plans = plans_of(state)  # the plans as the tree's moves left them (a move on one's own train moves its end)
        if self.horizon:
            if self.policy == "heuristic":
                heuristic_rollout(state, random.Random(self.rollout_seed), self.horizon)
            else:
                plan_rollout(state, random.Random(self.rollout_seed), plans, self.horizon, self.greed)
            plans = plans_of(state)
        if self.game_rewards is not None:
            return self.game_rewards.of(estimated_points(state, plans))
        return rewards(estimated_points(state, plans))


class ISMCTSAgent(ISMCTSPlayer[Round]):
    """Single-observer ISMCTS with a world per iteration (see the module docstring)."""

    name = "ismcts"

    def __init__(
        self,
        game: str,
        seed: int = 0,
        iterations: int | None = None,
        time_limit: float | None = None,
        exploration: float = EXPLORATION,
        prior_weight: float = PRIOR_WEIGHT,
        root_width: int | None = ROOT_WIDTH,
        horizon: int | None = HORIZON,
        greed: float = GREED,
        pool: int = WORLDS,
        policy: str = POLICY,
        margin: float = MARGIN,
        goal: str = GOAL,
    ) -> None:
        if game != GAME:
            raise RulesError(f"this ismcts agent plays {GAME}, not {game!r}")
        if iterations is None and time_limit is None:
            iterations = DEFAULT_ITERATIONS
        super().__init__(game, seed, iterations, time_limit, exploration)
        self.prior_weight = prior_weight
        self.root_width = root_width
        self.horizon = horizon
        self.greed = greed
        self.pool = pool
        self.policy = policy
        self.margin = margin
        self.goal = goal
        """How much better (in mean reward) than the heuristic's choice a move must look to be played instead."""
        self._last_prior: dict[int, float] = {}
        self.heuristic = HeuristicAgent(game, seed)
        self.last_fallbacks = 0
        """How many of the last search's worlds ignored the facts (see ``mexican_train_sampling``)."""

    def move_key(self, move: Any) -> int:
        return move_key(move)

    def facts(self, observation: Any, move: Any) -> tuple[Reason, ...]:
        return explain_move(observation, move, self.heuristic.weights)

    def decide(self, observation: Observation) -> MexicanTrainDecision:
        """This move's worlds, the heuristic's root candidates and priors, the cut greedy rollout."""
        return MexicanTrainDecision(
            WorldSampler(observation),
            self.root_prior(observation),
            self.prior_weight,
            observation.rules.players,
            self.horizon,
            self.greed,
            self.pool,
            self.policy,
            GameRewards(observation.scores, observation.rules.rounds - observation.deal_number)
            if self.goal == "game"
            else None,
        )

    def search(self, observation: Observation) -> Node:
        decision = self.decide(observation)
        root = self.run(decision, observation.player)
        self.last_fallbacks = decision.sampler.fallbacks
        self._last_prior = decision.root_prior
        return root

    def choose(self, observation: Any) -> Any:
        """The most visited move, unless its mean reward beats the heuristic's choice by less than ``margin``:
        then the heuristic's choice (the search overrules it only where it is sure)."""
        chosen = super().choose(observation)
        root = self.last_root
        if root is None or not self.margin:
            return chosen
        prior = self._last_prior
        top = max(prior, key=prior.__getitem__)
        key = move_key(chosen)
        first, best = root.children.get(top), root.children.get(key)
        if key == top or first is None or best is None or not first.visits or not best.visits:
            return chosen
        if best.total / best.visits - first.total / first.visits >= self.margin:
            return chosen
        return next(m for m in observation.legal_moves if move_key(m) == top)

    def root_prior(self, observation: Observation) -> dict[int, float]:
        """The root moves worth searching, by key, with the heuristic's score for each scaled to [0, 1]."""
        moves = observation.legal_moves
        view = TableView(observation)
        weights = self.heuristic.weights
        scored = sorted(
            ((score_move(view, m, weights).score, i) for i, m in enumerate(moves)), key=lambda p: (-p[0], p[1])
        )
        if self.root_width is not None:
            scored = scored[: self.root_width]
        top = scored[0][0]
        low = min(score for score, _ in scored)
        spread = max(1e-9, top - low)
        return {move_key(moves[i]): (score - low) / spread for score, i in scored}
