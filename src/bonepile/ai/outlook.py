"""What a hand's result is worth toward the match: each side's chance of winning the game from the totals
it leaves, for the review's values "toward the match" (``docs/review.md``).

Why here: the searches already model the race to the target (``dominoes_ismcts.MatchModel``, D8;
``triominoes_ismcts.RaceModel``, T8), and the review must not name a game; each game's outlook is
registered as its ``match_outlook`` (registry ``extras``), built from an observation's rules.

An outlook says when the match is *near* (the hand may decide it) and, for the totals a hand ends with,
each side's chance of winning the match (the chances of all sides add up to 1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bonepile.ai.dominoes_ismcts import match_model
from bonepile.ai.triominoes_ismcts import race_model
from bonepile.dominoes import Rules as DominoesRules
from bonepile.mexican_train import Rules as MexicanTrainRules
from bonepile.triominoes import Rules as TriominoesRules

__all__ = ["DominoesOutlook", "MatchOutlook", "MexicanTrainOutlook", "TriominoesOutlook"]


class MatchOutlook(Protocol):
    def near(self, before: Sequence[int], deal_number: int, typical: float) -> bool:
        """Whether the deal ``deal_number``, starting from the totals ``before``, may decide the match
        (``typical``: what a deal is worth under these rules, the review's scale)."""

    def chances(self, totals: Sequence[int], deal_number: int) -> list[float]:
        """Each side's chance of winning the match once deal ``deal_number`` has ended with ``totals``."""


def _shares(values: Sequence[float]) -> list[float]:
    total = sum(values)
    if total <= 0:
        return [1.0 / len(values)] * len(values)
    return [v / total for v in values]


class _TargetOutlook:
    """A game to a target score: near once some side is within one typical deal of it."""

    target: int

    def near(self, before: Sequence[int], deal_number: int, typical: float) -> bool:
        return max(before) + typical >= self.target


class DominoesOutlook(_TargetOutlook):
    """D8: the first side to the target wins; far from it, the race of ``MatchModel`` (hands as coin flips
    whose winner scores what random hands of these rules score). Near: a side within one typical hand of
    the target."""

    def __init__(self, rules: DominoesRules) -> None:
        self.target = rules.target
        self.model = match_model(rules)

    def chances(self, totals: Sequence[int], deal_number: int) -> list[float]:
        return _shares(self.model.side_values(totals))


class TriominoesOutlook(_TargetOutlook):
    """T8: the round is played out, then the most points at or past the target wins; the race of
    ``RaceModel`` (each player against each other). Near: a player within one typical round of the target."""

    def __init__(self, rules: TriominoesRules) -> None:
        self.target = rules.target
        self.model = race_model(rules)

    def chances(self, totals: Sequence[int], deal_number: int) -> list[float]:
        return _shares(self.model.values(totals))


class MexicanTrainOutlook:
    """M8: no target; the game ends after its last round and the lowest total wins (ties share). Near: the
    last round, whose totals decide the game, so its chances are exact (1 for the lowest, shared when tied)."""

    def __init__(self, rules: MexicanTrainRules) -> None:
        self.rounds = rules.rounds

    def near(self, before: Sequence[int], deal_number: int, typical: float) -> bool:
        return deal_number >= self.rounds

    def chances(self, totals: Sequence[int], deal_number: int) -> list[float]:
        best = min(totals)
        tied = [t == best for t in totals]
        return [1.0 / sum(tied) if t else 0.0 for t in tied]
