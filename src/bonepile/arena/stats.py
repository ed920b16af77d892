"""Statistics for arena results: win-rate intervals, Elo ratings with error bars, and SPRT.

Pure Python on purpose: a tournament has a handful of agents, so the matrices
are tiny, and the arena stays free of heavy dependencies.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the normal distribution."""


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    Chosen over the normal approximation because it stays inside [0, 1] and
    behaves at 0% and 100%, which short arena runs often hit.
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def expected_score(elo_difference: float) -> float:
    """The logistic Elo model: expected score of a player ``elo_difference`` points stronger."""
    return 1.0 / (1.0 + math.pow(10.0, -elo_difference / 400.0))


def elo_from_score(score: float) -> float:
    """The Elo difference that the logistic model maps to ``score`` (clamped away from 0 and 1)."""
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400.0 * math.log10(1.0 / score - 1.0)


@dataclass(frozen=True)
class PairScore:
    """One encounter between two agents: ``score`` is ``first``'s (1 win, 0.5 draw, 0 loss)."""

    first: str
    second: str
    score: float


@dataclass(frozen=True)
class Rating:
    name: str
    elo: float
    """Rating relative to the mean of all agents (which is 0)."""
    half_width: float
    """Half the width of the 95% interval."""

    @property
    def interval(self) -> tuple[float, float]:
        return (self.elo - self.half_width, self.elo + self.half_width)


_SCALE = math.log(10) / 400.0


def elo_ratings(names: Sequence[str], encounters: Iterable[PairScore], prior_draws: float = 1.0) -> list[Rating]:
    """Fit Elo ratings (Bradley-Terry with draws as half points) by maximum likelihood.

    ``prior_draws`` virtual draws between every pair that met keep a perfect
    score from sending a rating to infinity. The 95% intervals come from the
    inverse of the Fisher information on the zero-mean subspace (the ratings
    are only defined up to a shift, so they are reported around their mean).
    """
    index = {name: i for i, name in enumerate(names)}
    n = len(names)
    games = [[0.0] * n for _ in range(n)]  # games[i][j]: encounters between i and j
    points = [[0.0] * n for _ in range(n)]  # points[i][j]: i's points against j
    for encounter in encounters:
        i, j = index[encounter.first], index[encounter.second]
        if i == j:
            continue
        games[i][j] += 1
        games[j][i] += 1
        points[i][j] += encounter.score
        points[j][i] += 1 - encounter.score
    for i in range(n):
        for j in range(n):
            if i != j and games[i][j] > 0:
                games[i][j] += prior_draws
                points[i][j] += prior_draws / 2
    ratings = [0.0] * n
    for _ in range(100):
        gradient = [0.0] * n
        hessian = [[0.0] * n for _ in range(n)]
        for i in range(n):
            for j in range(n):
                if i == j or games[i][j] == 0:
                    continue
                p = expected_score(ratings[i] - ratings[j])
                gradient[i] += _SCALE * (points[i][j] - games[i][j] * p)
                weight = _SCALE * _SCALE * games[i][j] * p * (1 - p)
                hessian[i][i] += weight
                hessian[i][j] -= weight
        step = _solve(_regularised(hessian), gradient)
        ratings = [r + s for r, s in zip(ratings, step, strict=True)]
        mean = sum(ratings) / n
        ratings = [r - mean for r in ratings]
        if max((abs(s) for s in step), default=0.0) < 1e-9:
            break
    covariance = _pseudo_inverse(hessian)
    return [Rating(name, ratings[i], Z95 * math.sqrt(max(covariance[i][i], 0.0))) for i, name in enumerate(names)]


def _regularised(hessian: list[list[float]]) -> list[list[float]]:
    """The information matrix plus the projection on the all-ones direction, which makes it invertible."""
    n = len(hessian)
    return [[hessian[i][j] + 1.0 / n + (1e-12 if i == j else 0.0) for j in range(n)] for i in range(n)]


def _pseudo_inverse(hessian: list[list[float]]) -> list[list[float]]:
    """Moore-Penrose inverse of an information matrix whose null space is the all-ones vector."""
    n = len(hessian)
    inverse = _invert(_regularised(hessian))
    return [[inverse[i][j] - 1.0 / n for j in range(n)] for i in range(n)]


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    inverse = _invert(matrix)
    return [sum(row[k] * vector[k] for k in range(len(vector))) for row in inverse]


def _invert(matrix: list[list[float]]) -> list[list[float]]:
    """Gauss-Jordan inversion with partial pivoting (the matrices here are a few rows)."""
    n = len(matrix)
    augmented = [list(row) + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for column in range(n):
        pivot = max(range(column, n), key=lambda r: abs(augmented[r][column]))
        if abs(augmented[pivot][column]) < 1e-300:
            raise ZeroDivisionError("singular matrix")
        augmented[column], augmented[pivot] = augmented[pivot], augmented[column]
        divisor = augmented[column][column]
        augmented[column] = [value / divisor for value in augmented[column]]
        for row in range(n):
            if row != column and augmented[row][column] != 0.0:
                factor = augmented[row][column]
                augmented[row] = [a - factor * b for a, b in zip(augmented[row], augmented[column], strict=True)]
    return [row[n:] for row in augmented]


@dataclass(frozen=True)
class Sprt:
    """A sequential probability ratio test between two Elo hypotheses, as engine testers run it.

    H0: the first agent is ``elo0`` stronger than the second; H1: ``elo1``
    stronger. The log-likelihood ratio uses the normal approximation of the
    mean score (the "generalised" SPRT), with the sample variance of the
    per-game scores, so draws are handled without a draw model.
    """

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def lower_bound(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper_bound(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, scores: Sequence[float]) -> float:
        """The log-likelihood ratio of H1 against H0 for the first agent's per-game scores."""
        count = len(scores)
        if count < 2:
            return 0.0
        mean = sum(scores) / count
        variance = sum((s - mean) ** 2 for s in scores) / count
        if variance <= 0.0:
            # All games alike: use the variance of one Bernoulli half-step so the test still moves.
            variance = 0.25 / count
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        return count * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)

    def decide(self, scores: Sequence[float]) -> str | None:
        """``"H1"`` or ``"H0"`` once the test is decided, else None."""
        value = self.llr(scores)
        if value >= self.upper_bound:
            return "H1"
        if value <= self.lower_bound:
            return "H0"
        return None
