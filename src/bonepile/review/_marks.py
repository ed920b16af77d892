"""The marks and the accuracy: how a move's loss (expected points given up) is judged.

A loss is measured against the hand's *scale*: the average margin of a hand between two sides played by
the heuristic agent under the same rules (``hand_scale``), so that "a blunder" means the same share of
a hand in Dominoes, where a hand is worth some twenty points, and in Tri-Ominos, where it is worth a
hundred and more. With ``x`` the loss in per cent of the scale:

=============  ==============================================
mark           when
=============  ==============================================
only move      one legal move: nothing to judge
best           the preferred move, or ``x`` ≤ 2 (a tie within the estimate's noise)
good           ``x`` ≤ 8
inaccuracy     ``x`` ≤ 20
mistake        ``x`` ≤ 40
blunder        ``x`` > 40
=============  ==============================================

The accuracy of a move is lichess's formula, ``103.1668 * exp(-0.04354 * w) - 3.1669`` kept within 0..100,
with ``w = 0.75 * x`` in the place of lichess's loss in win percentage: the factor maps our blunder line
(``x`` = 40) onto lichess's (30 points of win percentage). A best move is 100; the edge of good (8) about
76, of inaccuracy (20) about 50, of mistake (40) about 24. A seat's accuracy over a hand, or over
a game, is the plain mean over its judged moves (forced moves are not judged).
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Mapping

from bonepile import games
from bonepile.ai.base import make_agent
from bonepile.core.protocol import Game

__all__ = ["BLUNDER", "MARKS", "THRESHOLDS", "accuracy", "hand_scale", "margin", "mark", "rollout_agent"]

ONLY_MOVE = "only move"
BEST = "best"
GOOD = "good"
INACCURACY = "inaccuracy"
MISTAKE = "mistake"
BLUNDER = "blunder"

MARKS = (ONLY_MOVE, BEST, GOOD, INACCURACY, MISTAKE, BLUNDER)
"""Every mark, from the most to the least favourable."""

THRESHOLDS: tuple[tuple[str, float], ...] = ((BEST, 2.0), (GOOD, 8.0), (INACCURACY, 20.0), (MISTAKE, 40.0))
"""Each mark and the largest loss, in per cent of the hand's scale, it is given for (above the last: blunder)."""

ACCURACY_FACTOR = 0.75
"""Our loss (in per cent of the scale) times this is read as lichess's loss in win percentage."""

SCALE_DEALS = 8
"""How many heuristic hands ``hand_scale`` plays to measure a hand's worth under a set of rules."""

ROLLOUT_AGENTS = ("greedy", "heuristic", "random")
"""The fixed policy the review finishes hands with: the first of these the game's registry entry has.
Greedy (the most points now, the heaviest tile) is the shape of the search's own rollouts and four to
fifteen times faster than the heuristic, which also cannot play on in a Tri-Ominos world rebuilt from a
position (its sampler replays the board in an order such a world does not keep)."""

SCALE_AGENTS = ("heuristic", "greedy", "random")
"""The agent whose hands measure what a hand is worth (``hand_scale``)."""


def rollout_agent(game: str) -> str:
    """The agent the review plays hands out with for ``game`` (the registry's heuristic where it has one)."""
    agents = games.game_kind(game).agents
    return next((name for name in ROLLOUT_AGENTS if name in agents), "random")


def margin(points: tuple[int, ...], side: int, low_score_wins: bool) -> float:
    """A deal's points for ``side`` net of the average other side's (negated where the fewest points win)."""
    others = [p for i, p in enumerate(points) if i != side]
    net = points[side] - (sum(others) / len(others) if others else 0.0)
    return -net if low_score_wins else net


def mark(loss: float, scale: float, preferred: bool) -> str:
    """The mark of a judged move that gave up ``loss`` expected points (``preferred``: it is the best found)."""
    if preferred:
        return BEST
    share = 100.0 * loss / scale
    for name, limit in THRESHOLDS:
        if share <= limit:
            return name
    return BLUNDER


def accuracy(loss: float, scale: float) -> float:
    """One judged move's accuracy, 0..100 (lichess's formula over the loss in per cent of the scale)."""
    share = ACCURACY_FACTOR * 100.0 * max(0.0, loss) / scale
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * share) - 3.1669))


def hand_scale(record: Mapping[str, object]) -> float:
    """What a hand is worth under the record's rules: the mean margin of ``SCALE_DEALS`` heuristic hands."""
    key = json.dumps({k: record.get(k) for k in ("format", "game", "preset", "options")}, sort_keys=True)
    return _scale(key)


@functools.lru_cache(maxsize=64)
def _scale(key: str) -> float:
    fields = json.loads(key)
    kind = games.game_kind(fields["game"])
    agent = next((name for name in SCALE_AGENTS if name in kind.agents), "random")
    total = 0.0
    for deal in range(SCALE_DEALS):
        seed = 7919 * (deal + 1)
        game: Game = kind.replay({**fields, "seed": seed, "moves": [], "result": None})
        agents = [make_agent(agent, kind.name, seed + p) for p in range(game.num_players)]
        summary = None
        while summary is None and not game.is_over:
            player = game.to_move
            assert player is not None
            summary = game.play(agents[player].choose(game.observation(player)))
        assert summary is not None
        points = tuple(summary.points)
        total += max(abs(margin(points, side, kind.low_score_wins)) for side in range(len(points)))
    return max(1.0, total / SCALE_DEALS)
