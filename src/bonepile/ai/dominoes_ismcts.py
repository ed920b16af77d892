"""The ``ismcts`` Dominoes player: single-observer information-set Monte Carlo tree search.

Why this design: Dominoes hides the other hands, so a plain game-tree search
would either cheat (look at them) or have nothing to search. ISMCTS (Cowling,
Powley and Whitehouse's single-observer variant) grows one tree over the
*player's* information: every iteration imagines a world consistent with the
observation (``dominoes_sampling``: counts, seen tiles, and what passes and
draws prove; ``dominoes_play_model``: worlds in which the other players'
plays were the natural ones are drawn more often), walks the tree choosing only among the moves that world allows,
adds one node, finishes the hand with a fast rollout, and credits every move
on the path with the result for the side that made it. Because a move is
only available in some worlds, its UCB term counts the times it *could* have
been chosen (availability), not the parent's visits.

Other players' plays are public, so the tree branches on them as the
observer sees them; the observer's own draws branch on the tile drawn (the
observer sees it), while another player's draw is one branch (the tile stays
hidden). The loop itself is the one both games share (``search_tree``);
this module gives it the Dominoes worlds, rollouts and rewards
(``DominoesDecision``).

The reward plays the match, not only the hand (D8). ``MatchModel`` estimates,
from random hands of the same rules, how many points a won hand brings, and
from that the probability that each side wins the race to the target from any
pair of scores. A hand's result is worth the change of that probability
(scaled by ``Rewards`` so that one exploration constant fits every score):
far from the target this is close to the hand's point difference; near it,
crossing the target (or stopping the opponent from crossing) is all that
matters, and points beyond the target are worth nothing. In a partnership
the partner's result is the player's own.

Budget: a number of iterations (deterministic for a given seed and
observation) or a time limit per move (not deterministic), whichever ends
first when both are given. The registered ``ismcts`` uses a fixed iteration
count (``DEFAULT_ITERATIONS``; ``SCORING_ITERATIONS`` in all-fives, whose
iterations cost about twice as much), so that arena runs stay reproducible, chosen
to stay well inside 300 ms a move on a small two-core machine; measured
with ``bench/strength.py`` and ``bench/ablation.py``, more iterations did
not play better (1,500 against 3,000: 50.6% of 391 decisive hands).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from bonepile.ai.dominoes_heuristic import explain_move
from bonepile.ai.dominoes_play_model import POOL_SIZE, PlayLikelihood, WeightedWorlds, WorldLikelihood
from bonepile.ai.dominoes_sampling import WorldSampler
from bonepile.ai.reasons import Reason
from bonepile.ai.search_tree import EXPLORATION, ISMCTSPlayer, RaceTable
from bonepile.core.errors import RulesError
from bonepile.dominoes import End, Hand, Move, MoveKind, Observation, Rules

DEFAULT_ITERATIONS = 1500
"""The registered agent's budget: about 0.1 s a move on a small two-core machine (bench/strength.py)."""

SCORING_ITERATIONS = 700
"""The budget where plays score (all-fives): its hands draw more and its rollouts weigh every count, so an
iteration costs about twice a block game's; this keeps a move about as fast (bench/strength.py, all-fives)."""

_END_KEY = {None: 0, End.LEFT: 1, End.RIGHT: 2, End.NORTH: 3, End.SOUTH: 4}
_PASS_KEY = 998
_DRAW_KEY = 999


def move_key(move: Move) -> int:
    """A small integer naming ``move`` in the tree (ints hash the same in every run, unlike objects)."""
    tile = move.tile
    if tile is not None:
        return tile.index * 5 + _END_KEY[move.end]
    return _DRAW_KEY if move.kind is MoveKind.DRAW else _PASS_KEY


# ----------------------------------------------------------------- the match


class MatchModel(RaceTable):
    """The chance of winning the match (D8) from a pair of scores, for one set of rules.

    Each hand is taken as a coin flip between the sides, the winner scoring a
    number of points drawn from what random hands of these rules score. The
    race to the target is then a small dynamic programme over the points each
    side still needs, in units of ``unit`` points to keep the table small.
    """

    def __init__(self, rules: Rules, samples: int = 400) -> None:
        self.rules = rules
        self.target = rules.target
        rng = random.Random(20240601)
        points: list[int] = []
        for _ in range(samples):
            hand = Hand.deal(rules, rng)
            while not hand.is_over:
                legal = hand.legal_moves()
                hand.play(legal[int(rng.random() * len(legal))])
            assert hand.outcome is not None
            gained = max(hand.outcome.points)
            if gained > 0:
                points.append(gained)
        points.sort()
        if not points:  # pragma: no cover - some hand always scores
            points = [1]
        self.big_hand = points[int(0.9 * (len(points) - 1))]
        """A large hand's points (the 90th percentile): a win by this much is worth a reward of 1."""
        self.unit = max(1, math.ceil(self.target / 100))
        quantiles = 12
        self._steps = [
            max(1, round(points[int((q + 0.5) * len(points) / quantiles)] / self.unit)) for q in range(quantiles)
        ]
        size = math.ceil(self.target / self.unit) + 1
        self._size = size
        table = [[0.5] * size for _ in range(size)]
        share = 0.5 / quantiles
        for a in range(1, size):
            row = table[a]
            for b in range(1, size):
                total = 0.0
                for step in self._steps:
                    total += 1.0 if step >= a else table[a - step][b]
                    total += 0.0 if step >= b else row[b - step]
                row[b] = total * share
        self._table = table

    def side_values(self, scores: Sequence[int]) -> list[float]:
        """Each side's chance of winning, as a race against the best of the others."""
        values = []
        for side, own in enumerate(scores):
            best_other = max(s for i, s in enumerate(scores) if i != side)
            values.append(self.win_probability(own, best_other))
        return values


@functools.lru_cache(maxsize=32)
def match_model(rules: Rules) -> MatchModel:
    """One ``MatchModel`` per set of rules and process (it takes a few hundredths of a second to build)."""
    return MatchModel(rules)


class Rewards:
    """Turns a finished hand into a reward for every side, from one decision's scores.

    The reward is the change in the side's chance to win the match, scaled so
    that the largest change a big hand can make either way spans [0, 1]
    around 0.5 (so one exploration constant fits every score). Being affine
    in the chance to win, the best move for the reward is the best for the
    match; rare huge hands may fall a little outside [0, 1].
    """

    def __init__(self, rules: Rules, scores: Sequence[int]) -> None:
        self.model = match_model(rules)
        self.scores = tuple(scores)
        self.before = self.model.side_values(self.scores)
        spreads = []
        for side in range(len(self.scores)):
            won = list(self.scores)
            won[side] += self.model.big_hand
            spreads.append(abs(self.model.side_values(won)[side] - self.before[side]))
            lost = list(self.scores)
            lost[(side + 1) % len(lost)] += self.model.big_hand
            spreads.append(abs(self.model.side_values(lost)[side] - self.before[side]))
        self.spread = max(0.02, max(spreads))
        self._cache: dict[tuple[int, ...], list[float]] = {}

    def of(self, points: tuple[int, ...]) -> list[float]:
        cached = self._cache.get(points)
        if cached is None:
            after = self.model.side_values([s + p for s, p in zip(self.scores, points, strict=True)])
            scale = 0.5 / self.spread
            cached = [0.5 + (v - b) * scale for v, b in zip(after, self.before, strict=True)]
            self._cache[points] = cached
        return cached


# ----------------------------------------------------------------- the tree


ROLLOUT_DOUBLE_PIPS = 5
"""How many pips a double counts as when a rollout compares two tiles (a double is the hardest tile to place)."""


def heavy_rollout(hand: Hand, rng: random.Random) -> None:
    """Finish the hand fast: a random legal move, but the heavier of two random picks, doubles counted heavier.

    Pure random play undervalues pips left in hand and stranded doubles;
    real players shed both first (``dominoes_play_model`` fitted it), and a
    mild bias that way makes rollouts look more like real play at almost no
    cost (``bench/ablation.py``: 51.5% of 390 decisive 2-player block hands
    against the same search counting pips only; a little, like each part).
    """
    draw = rng.random
    while not hand.is_over:
        legal = hand.legal_moves()
        count = len(legal)
        if count == 1:
            hand.play(legal[0])
            continue
        hand.play(_heavier_of_two(legal, count, draw))


def _heavier_of_two(legal: Sequence[Move], count: int, draw: Callable[[], float]) -> Move:
    """Of two legal moves drawn at random, the one whose tile weighs more (a double counted heavier):
    the heavy rollouts' pick, two draws of the generator each time."""
    first = legal[int(draw() * count)]
    second = legal[int(draw() * count)]
    tile_a, tile_b = first.tile, second.tile
    if tile_a is not None and tile_b is not None:
        weight_a = tile_a.pips + ROLLOUT_DOUBLE_PIPS * tile_a.is_double
        if tile_b.pips + ROLLOUT_DOUBLE_PIPS * tile_b.is_double > weight_a:
            return second
    return first


def scoring_rollout(hand: Hand, rng: random.Random) -> None:
    """All-fives: the play that scores most when one scores (the engine's ``points_of``), else as ``heavy_rollout``.

    Every player worth the name takes a count of five when it is there, so a
    rollout that leaves points on the table misjudges every position; this is
    the greedy player's rule, with the heavy pick when nothing scores.
    """
    draw = rng.random
    points_of = hand.points_of
    while not hand.is_over:
        legal = hand.legal_moves()
        count = len(legal)
        if count == 1:
            hand.play(legal[0])
            continue
        best, most = legal[0], 0
        for move in legal:
            points = points_of(move)
            if points > most:
                best, most = move, points
        hand.play(best if most else _heavier_of_two(legal, count, draw))


def random_rollout(hand: Hand, rng: random.Random) -> None:
    """Finish the hand with uniformly random legal moves (the textbook rollout)."""
    draw = rng.random
    while not hand.is_over:
        legal = hand.legal_moves()
        hand.play(legal[int(draw() * len(legal))] if len(legal) > 1 else legal[0])


class DominoesDecision:
    """One Dominoes move to choose, as the shared search (``search_tree``) sees it."""

    bias = 0.0

    def __init__(
        self,
        world: Callable[[random.Random], Hand],
        rewards: Rewards,
        rollout: Callable[[Hand, random.Random], None],
        rules: Rules,
    ) -> None:
        self.world = world
        """A hand consistent with the observation (``WorldSampler``, through the weighted pool by default)."""
        self.rewards = rewards
        self.rollout = rollout
        self.sides = [rules.side_of(p) for p in range(rules.players)]

    def candidates(self, state: Any, at_root: bool) -> tuple[Sequence[Move], None]:
        return state.legal_moves(), None

    def key(self, move: Move) -> int:
        return move_key(move)

    def is_draw(self, move: Move) -> bool:
        return move.kind is MoveKind.DRAW

    def finish(self, state: Any, rng: random.Random) -> list[float]:
        self.rollout(state, rng)
        outcome = state.outcome
        assert outcome is not None
        return self.rewards.of(outcome.points)


class ISMCTSAgent(ISMCTSPlayer[Hand]):
    """Single-observer ISMCTS with a determinization per iteration (see the module docstring)."""

    name = "ismcts"

    def __init__(
        self,
        game: str,
        seed: int = 0,
        iterations: int | None = None,
        time_limit: float | None = None,
        exploration: float = EXPLORATION,
        rollout: Callable[[Hand, random.Random], None] | None = None,
        weigh_plays: bool = True,
        play_model: Callable[[Observation], WorldLikelihood] = PlayLikelihood,
        pool_size: int | None = None,
    ) -> None:
        if game != "dominoes":
            raise RulesError(f"the ismcts agent plays dominoes, not {game!r}")
        by_rules = iterations is None and time_limit is None
        super().__init__(game, seed, DEFAULT_ITERATIONS if by_rules else iterations, time_limit, exploration)
        self.by_rules = by_rules
        """No budget given: ``DEFAULT_ITERATIONS``, or ``SCORING_ITERATIONS`` where plays score."""
        self.rollout = rollout
        """How a hand is finished after the tree (None: ``scoring_rollout`` where plays score, else heavy)."""
        self.weigh_plays = weigh_plays
        """Draw worlds by the likelihood of the plays seen (``dominoes_play_model``), not uniformly."""
        self.play_model = play_model
        """Builds, for one decision, the model of the other players that weighs the worlds."""
        if pool_size is not None and pool_size < 1:
            raise ValueError(f"the pool needs at least one world, not {pool_size}")
        self.pool_size = pool_size
        """Worlds in the weighted pool (None: as many as the iterations, within four times ``POOL_SIZE``)."""

    def move_key(self, move: Any) -> int:
        return move_key(move)

    def facts(self, observation: Any, move: Any) -> tuple[Reason, ...]:
        return explain_move(observation, move)

    def decide(self, observation: Observation) -> DominoesDecision:
        """This move's worlds (weighed by the plays seen, unless told not to), rollout and match rewards."""
        if self.by_rules:
            self.iterations = SCORING_ITERATIONS if observation.rules.scores_during_play else DEFAULT_ITERATIONS
        sampler = WorldSampler(observation)
        draw_world: Callable[[random.Random], Any]
        if self.weigh_plays:
            pool_size = self.pool_size or min(self.iterations or POOL_SIZE, 4 * POOL_SIZE)
            draw_world = WeightedWorlds(sampler, self.play_model(observation), self.rng, pool_size).draw
        else:
            draw_world = sampler.sample
        rules = observation.rules
        rewards = Rewards(rules, observation.scores)
        return DominoesDecision(lambda rng: sampler.to_hand(draw_world(rng)), rewards, self.rollout_for(rules), rules)

    def rollout_for(self, rules: Rules) -> Callable[[Hand, random.Random], None]:
        """The rollout given, else ``scoring_rollout`` where plays score, else ``heavy_rollout``."""
        return self.rollout or (scoring_rollout if rules.scores_during_play else heavy_rollout)
