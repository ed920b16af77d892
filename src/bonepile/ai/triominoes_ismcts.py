"""The ``ismcts`` Tri-Ominos player: single-observer information-set Monte Carlo tree search.

The search is the one both games share (``search_tree``: the loop, the ``Node``, exploration
constant and race lookup); this module gives it the Tri-Ominos world sampler, rollout, rewards and
root candidates (``TriominoesDecision``). One tree over the *player's* information;
every iteration imagines a world consistent with the observation
(``triominoes_sampling``: seen tiles, counts, and what draws, passes and the
opening prove), walks the tree choosing only among the moves that world
allows, adds one node, plays on with a fast rollout, and credits
every move on the path with the result for the player who made it. A move is
only available in some worlds, so its UCB term counts the times it *could*
have been chosen (availability), not the parent's visits.

What differs for Tri-Ominos:

* **Many moves.** A hand of 9 tiles on a frontier of a dozen places gives
  dozens of placements, too many for a few hundred iterations to tell
  apart. At the root only the ``heuristic``'s best few placements are
  searched (``ROOT_WIDTH``), and its score for each is a progressive bias
  (fading with visits) that orders the first visits; deeper in the tree
  the move's points now play that part, and untried moves are expanded
  best-scoring first, so a small budget already sees the moves that matter.
* **Draws.** The observer's own draw is followed by a chance node keyed by
  the tile drawn (the observer sees it, so the positions differ); another
  player's draw is one branch (the tile stays hidden).
* **Rollouts** play on with a light greedy policy: most often the move
  that scores most now (so rollouts take the hexagons and bridges that are
  there, as real players do), otherwise a random move. They stop after
  ``HORIZON`` moves and the rest of the round is guessed
  (``estimated_scores``: who is likely to go out, from the tiles each
  holds, and what they would collect): a round's end swings by a hundred
  points on the luck of the draws, and measured against ``heuristic`` the
  cut rollouts tell moves apart far better than full ones.
* **Rewards play the game, not the round.** Every player scores in every
  round, so the match model is a race in which both players of a pair gain
  points each round: ``RaceModel`` draws pairs of round gains from simulated
  rounds of the same rules and computes, by a small dynamic programme, the
  chance that a player needing ``a`` points to the target (T8: 400) gets there
  before one needing ``b`` (more points wins if both cross in one round). A
  player's value is the product of its chances against each opponent; the
  reward is the change of that value over the round, scaled so that a big
  round either way spans [0, 1]. Far from the target it is close to the
  point difference; near it, crossing the target is what counts.

Budget: a number of iterations (deterministic for a given seed and
observation) or a time limit per move (not deterministic), whichever ends
first when both are given. The registered ``ismcts`` uses a fixed iteration
count measured to keep the median move well inside 300 ms on a 2-core machine
(see ``bench/strength.py``).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from bonepile.ai.reasons import Reason
from bonepile.ai.search_tree import EXPLORATION, ISMCTSPlayer, Node, RaceTable
from bonepile.ai.triominoes_heuristic import TableView, explain_move, score_draw, score_move
from bonepile.ai.triominoes_sampling import WorldSampler
from bonepile.core.errors import RulesError
from bonepile.triominoes import DRAW, Move, MoveKind, Observation, Round, Rules

DEFAULT_ITERATIONS = 300
"""The registered agent's budget (measured: see the module docstring and the benchmark)."""

PRIOR_WEIGHT = 0.3
"""Progressive bias: the weight of a move's points now (per ``PRIOR_SCALE`` points), divided by visits + 1."""
PRIOR_SCALE = 50.0
"""Points that count as a full prior (a hexagon)."""

HORIZON = 16
"""Rollout moves before the round's end is guessed (``estimated_scores``): shorter rollouts, far less noise."""

OUT_ODDS = 0.7
"""How much more likely to go out first a player is with one tile fewer (log odds)."""

GREED = 0.75
"""Share of rollout moves that take the most points now; the rest are random."""

ROOT_WIDTH = 8
"""The observer's candidate moves at the root: the heuristic's best few (None: every legal move)."""


def greedy_rollout(round_: Round, rng: random.Random, horizon: int | None = None, greed: float = GREED) -> None:
    """Play on, to the end or for ``horizon`` moves: the best-scoring move with probability ``greed``, else any."""
    draw = rng.random
    left = -1 if horizon is None else horizon
    while not round_.is_over and left:
        left -= 1
        legal = round_.legal_moves()
        count = len(legal)
        if count == 1:
            round_.play(legal[0])
        elif draw() < greed:
            points = round_.legal_points()
            round_.play(legal[points.index(max(points))])
        else:
            round_.play(legal[int(draw() * count)])


def random_rollout(round_: Round, rng: random.Random, horizon: int | None = None) -> None:
    """Play on with uniformly random legal moves (the textbook rollout)."""
    greedy_rollout(round_, rng, horizon, greed=0.0)


def estimated_scores(round_: Round) -> tuple[int, ...]:
    """The scores a round in play is likely to end with, guessed from the tiles held (after a cut rollout).

    T7: whoever goes out scores +25 and the tiles the others hold. Who that
    will be is guessed from the tiles each holds (``OUT_ODDS`` per tile less:
    a softmax); each player is credited with their share of that prize.
    Players already out (a goliath cycle played out) share it for sure. The
    points still to be made by placing tiles are about even and left out.
    """
    scores = round_.scores
    if round_.is_over:
        return scores
    players = range(round_.num_players)
    counts = [round_.tile_count(p) for p in players]
    values = [round_.tile_value(p) for p in players]
    bonus = round_.rules.going_out_bonus
    if 0 in counts:
        held = sum(values)
        return tuple(s + (bonus + held if c == 0 else 0) for s, c in zip(scores, counts, strict=True))
    weights = [math.exp(-OUT_ODDS * c) for c in counts]
    total = sum(weights)
    held = sum(values)
    return tuple(s + round(w / total * (bonus + held - v)) for s, w, v in zip(scores, weights, values, strict=True))


# ----------------------------------------------------------------- the game


class RaceModel(RaceTable):
    """The chance that one player beats another to the target (T8) from their scores, for one set of rules.

    Pairs of round gains (two different seats of one round) come from rounds
    played with the rollout policy; a round is one draw among them. The race
    is a dynamic programme over the points each player still needs, in units
    of ``unit`` points to keep the table small.
    """

    def __init__(self, rules: Rules, samples: int = 96) -> None:
        self.target = rules.target
        rng = random.Random(20240607)
        pairs: list[tuple[int, int]] = []
        differences: list[int] = []
        for _ in range(samples):
            round_ = Round.deal(rules, rng)
            greedy_rollout(round_, rng)
            assert round_.summary is not None
            points = round_.summary.points
            a, b = rng.sample(range(rules.players), 2)
            pairs += [(points[a], points[b]), (points[b], points[a])]  # both orders: the race is fair
            differences.append(abs(points[a] - points[b]))
        differences.sort()
        self.big_round = max(1, differences[int(0.9 * (len(differences) - 1))])
        """A large difference between two players' rounds (the 90th percentile): worth a reward of about 1."""
        self.unit = unit = max(1, math.ceil(self.target / 40))
        steps = [(max(1, round(a / unit)), max(1, round(b / unit))) for a, b in pairs]
        size = math.ceil(self.target / unit) + 1
        self._size = size
        share = 1.0 / len(steps)
        table = [[0.5] * size for _ in range(size)]
        for a in range(1, size):
            row = table[a]
            for b in range(1, size):
                total = 0.0
                for step_a, step_b in steps:
                    if step_a >= a:
                        if step_b < b:
                            total += 1.0
                        else:  # T8: both cross in the round: the most points wins
                            over_a, over_b = step_a - a, step_b - b
                            total += 1.0 if over_a > over_b else 0.0 if over_a < over_b else 0.5
                    elif step_b < b:
                        total += table[a - step_a][b - step_b]
                row[b] = total * share
        self._table = table

    def values(self, scores: Sequence[int]) -> list[float]:
        """Each player's value: the product of its chances against each other player."""
        result = []
        for player, own in enumerate(scores):
            value = 1.0
            for other, theirs in enumerate(scores):
                if other != player:
                    value *= self.win_probability(own, theirs)
            result.append(value)
        return result


@functools.lru_cache(maxsize=64)
def race_model(rules: Rules) -> RaceModel:
    """One ``RaceModel`` per set of rules and process (about a tenth of a second to build)."""
    return RaceModel(rules)


class Rewards:
    """Turns the scores at the end of a round into a reward for every player, from one decision's scores.

    The reward is 0.5 plus the change in the player's value, scaled so that
    the largest change one big round can make, either way, spans [0, 1]
    (one exploration constant then fits every score). Affine in the value,
    so the best move for the reward is the best for the game.
    """

    def __init__(self, rules: Rules, scores: Sequence[int]) -> None:
        self.model = race_model(rules)
        self.scores = tuple(scores)
        self.before = self.model.values(self.scores)
        players = len(self.scores)
        big = self.model.big_round
        spreads = []
        for player in range(players):
            for gainer in (player, (player + 1) % players):
                after = list(self.scores)
                after[gainer] += big
                spreads.append(abs(self.model.values(after)[player] - self.before[player]))
        self.scale = 0.5 / max(1e-6, max(spreads))
        self._cache: dict[tuple[int, ...], list[float]] = {}

    def of(self, final_scores: tuple[int, ...]) -> list[float]:
        cached = self._cache.get(final_scores)
        if cached is None:
            after = self.model.values(final_scores)
            scale = self.scale
            cached = [0.5 + (v - b) * scale for v, b in zip(after, self.before, strict=True)]
            self._cache[final_scores] = cached
        return cached


# ----------------------------------------------------------------- the search


Rollout = Callable[[Round, random.Random, int | None], None]
"""Plays a round on from a position, to its end or for a number of moves."""


class TriominoesDecision:
    """One Tri-Ominos move to choose, as the shared search (``search_tree``) sees it."""

    def __init__(
        self,
        sampler: WorldSampler,
        rewards: Rewards,
        rollout: Rollout,
        horizon: int | None,
        root_prior: dict[int, float],
        bias: float,
        players: int,
    ) -> None:
        self.sampler = sampler
        self.rewards = rewards
        self.rollout = rollout
        self.horizon = horizon
        self.root_prior = root_prior
        """The root's candidate moves by key, with their prior (see ``ISMCTSAgent.root_prior``)."""
        self.bias = bias
        self.sides = range(players)

    def world(self, rng: random.Random) -> Round:
        return self.sampler.sample_round(rng)

    def candidates(self, state: Any, at_root: bool) -> tuple[Sequence[Move], Sequence[float]]:
        legal: Sequence[Move] = state.legal_moves()
        if at_root:
            prior = self.root_prior
            legal = tuple(m for m in legal if m.key in prior)
            return legal, tuple(prior[m.key] for m in legal)
        # Deeper in the tree a move's points now are its prior.
        return legal, state.legal_points()

    def key(self, move: Move) -> int:
        return move.key

    def is_draw(self, move: Move) -> bool:
        return move is DRAW

    def finish(self, state: Any, rng: random.Random) -> list[float]:
        self.rollout(state, rng, self.horizon)
        return self.rewards.of(estimated_scores(state))


class ISMCTSAgent(ISMCTSPlayer[Round]):
    """Single-observer ISMCTS with a determinization per iteration (see the module docstring)."""

    name = "ismcts"

    def __init__(
        self,
        game: str,
        seed: int = 0,
        iterations: int | None = None,
        time_limit: float | None = None,
        exploration: float = EXPLORATION,
        prior_weight: float = PRIOR_WEIGHT,
        rollout: Rollout | None = None,
        root_width: int | None = ROOT_WIDTH,
        horizon: int | None = HORIZON,
    ) -> None:
        if game != "triominoes":
            raise RulesError(f"this ismcts agent plays triominoes, not {game!r}")
        if iterations is None and time_limit is None:
            iterations = DEFAULT_ITERATIONS
        super().__init__(game, seed, iterations, time_limit, exploration)
        self.prior_weight = prior_weight
        self.rollout: Rollout = rollout if rollout is not None else greedy_rollout
        self.root_width = root_width
        self.horizon = horizon
        self.last_fallbacks = 0
        """How many of the last search's worlds ignored the facts (see ``triominoes_sampling``)."""

    def move_key(self, move: Any) -> int:
        key: int = move.key
        return key

    def facts(self, observation: Any, move: Any) -> tuple[Reason, ...]:
        return explain_move(observation, move)

    def decide(self, observation: Observation) -> TriominoesDecision:
        """This move's worlds, cut greedy rollout, race rewards, and the heuristic's root candidates."""
        return TriominoesDecision(
            WorldSampler(observation),
            Rewards(observation.rules, observation.scores),
            self.rollout,
            self.horizon,
            self.root_prior(observation),
            self.prior_weight / PRIOR_SCALE,
            observation.rules.players,
        )

    def search(self, observation: Observation) -> Node:
        decision = self.decide(observation)
        root = self.run(decision, observation.player)
        self.last_fallbacks = decision.sampler.fallbacks
        return root

    def root_prior(self, observation: Observation) -> dict[int, float]:
        """The root moves worth searching, by key, with the heuristic's score for each (clipped to a hexagon).

        Only the heuristic's ``root_width`` best placements are kept (a draw
        is always kept): a small budget is then spent where it can tell
        moves apart, and the heuristic's judgement orders the first visits.
        """
        moves = observation.legal_moves
        view = TableView(observation)
        scored = [(score_move(view, m), i) for i, m in enumerate(moves) if m.kind is MoveKind.PLACE]
        scored.sort(key=lambda pair: (-pair[0], pair[1]))
        if self.root_width is not None:
            scored = scored[: self.root_width]
        limit = PRIOR_SCALE * 2
        prior = {moves[i].key: max(-limit, min(limit, score)) for score, i in scored}
        if DRAW in moves:
            prior[DRAW.key] = max(-limit, min(limit, score_draw(view)))
        return prior
