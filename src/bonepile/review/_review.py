"""A hand's review: every decision of every seat, its estimate, its loss, its mark, and the accuracies."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bonepile.review._marks import ONLY_MOVE, accuracy, hand_scale, mark
from bonepile.review._positions import Position, hand_positions
from bonepile.review._search import Budget, estimate, face_up

__all__ = [
    "DecisionReview",
    "HandReview",
    "Progress",
    "decision_plan",
    "game_accuracy",
    "review_decision",
    "review_hand",
    "review_position",
    "summarize",
]

Progress = Callable[[int, int], None]
"""Told ``(done, total)`` decisions as a review goes."""

VERSION = 2
"""The review's method, stored with it (a stored review of another version is made again). 2: the late
positions whose worlds are all listed are solved exactly in each world instead of rolled out."""


@dataclass(frozen=True)
class DecisionReview:
    """One move of the hand, judged."""

    move_number: int
    seat: int
    played: str
    best: str
    """The move the fair estimate prefers (the played one for an only move)."""
    expected_played: float | None
    """The played move's expected margin for the seat's side over the hand (None for an only move)."""
    expected_best: float | None
    loss: float
    """``expected_best - expected_played``, never below 0."""
    mark: str
    face_up_best: str | None
    """The best move with every hand face up (from the true deal: luck apart from skill), None for an only move."""
    face_up_exact: bool = False
    exact: bool = False
    """Whether the estimate played every world the observation allows."""
    worlds: int = 0
    candidates: tuple[tuple[str, float], ...] = ()
    """Each candidate estimated and its expected margin, best first."""
    accuracy: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "move_number": self.move_number,
            "seat": self.seat,
            "played": self.played,
            "best": self.best,
            "expected_played": self.expected_played,
            "expected_best": self.expected_best,
            "loss": self.loss,
            "mark": self.mark,
            "face_up_best": self.face_up_best,
            "face_up_exact": self.face_up_exact,
            "exact": self.exact,
            "worlds": self.worlds,
            "candidates": [{"move": move, "expected": value} for move, value in self.candidates],
            "accuracy": self.accuracy,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DecisionReview:
        return cls(
            move_number=int(data["move_number"]),
            seat=int(data["seat"]),
            played=str(data["played"]),
            best=str(data["best"]),
            expected_played=data["expected_played"],
            expected_best=data["expected_best"],
            loss=float(data["loss"]),
            mark=str(data["mark"]),
            face_up_best=data["face_up_best"],
            face_up_exact=bool(data.get("face_up_exact", False)),
            exact=bool(data.get("exact", False)),
            worlds=int(data.get("worlds", 0)),
            candidates=tuple((str(c["move"]), float(c["expected"])) for c in data.get("candidates", ())),
            accuracy=data.get("accuracy"),
        )


@dataclass(frozen=True)
class HandReview:
    """The review of one finished hand."""

    game: str
    hand_number: int
    scale: float
    """What a hand is worth under these rules (``hand_scale``): what the marks' thresholds are shares of."""
    decisions: tuple[DecisionReview, ...]
    accuracy: dict[int, float] = field(default_factory=dict)
    """Each seat's accuracy over its judged moves of the hand (a seat with none is left out)."""
    seed: int = 0
    worlds: int = 0
    version: int = VERSION

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "hand_number": self.hand_number,
            "scale": self.scale,
            "decisions": [d.to_json() for d in self.decisions],
            "accuracy": {str(seat): pct for seat, pct in sorted(self.accuracy.items())},
            "seed": self.seed,
            "worlds": self.worlds,
            "version": self.version,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> HandReview:
        return cls(
            game=str(data["game"]),
            hand_number=int(data["hand_number"]),
            scale=float(data["scale"]),
            decisions=tuple(DecisionReview.from_json(d) for d in data["decisions"]),
            accuracy={int(seat): float(pct) for seat, pct in data["accuracy"].items()},
            seed=int(data.get("seed", 0)),
            worlds=int(data.get("worlds", 0)),
            version=int(data.get("version", VERSION)),
        )


def decision_plan(record: Mapping[str, object], hand_number: int) -> list[tuple[int, bool]]:
    """Each move of the hand as ``(move_number, forced)``: what a review will judge, and in what order.

    Raises ``NoSuchHand`` or ``HandNotFinished`` (``bonepile.review``) as ``hand_positions`` does.
    """
    return [(p.move_number, len(p.observation.legal_moves) <= 1) for p in hand_positions(record, hand_number)]


def review_position(game: str, position: Position, scale: float, *, seed: int, budget: Budget) -> DecisionReview:
    """Judge one decision (see ``bonepile.review._search`` for how)."""
    played = str(position.played)
    if len(position.observation.legal_moves) <= 1:
        return DecisionReview(position.move_number, position.seat, played, played, None, None, 0.0, ONLY_MOVE, None)
    found = estimate(game, position, seed, budget)
    values = dict(found.values)
    best_move, best_value = found.values[0]
    played_value = values[position.played]
    loss = max(0.0, best_value - played_value)
    preferred = best_move == position.played or loss == 0.0
    up, up_exact = face_up(game, position, seed, budget, [m for m, _ in found.values])
    return DecisionReview(
        move_number=position.move_number,
        seat=position.seat,
        played=played,
        best=played if preferred else str(best_move),
        expected_played=round(played_value, 3),
        expected_best=round(best_value, 3),
        loss=round(loss, 3),
        mark=mark(loss, scale, preferred),
        face_up_best=str(up),
        face_up_exact=up_exact,
        exact=found.exact,
        worlds=found.worlds,
        candidates=tuple((str(m), round(v, 3)) for m, v in found.values),
        accuracy=round(accuracy(loss, scale), 2),
    )


def review_decision(
    record: Mapping[str, object], hand_number: int, move_number: int, *, seed: int = 0, budget: Budget | None = None
) -> DecisionReview:
    """Judge the one move ``move_number`` of hand ``hand_number`` (the web's workers judge a move at a time)."""
    for position in hand_positions(record, hand_number):
        if position.move_number == move_number:
            game = str(record["game"])
            return review_position(game, position, hand_scale(record), seed=seed, budget=budget or Budget())
    raise ValueError(f"move {move_number} is not in hand {hand_number}")


def summarize(
    record: Mapping[str, object], hand_number: int, decisions: Iterable[DecisionReview], *, seed: int, budget: Budget
) -> HandReview:
    """The hand's review from its judged decisions: the seats' accuracies."""
    ordered = tuple(sorted(decisions, key=lambda d: d.move_number))
    return HandReview(
        game=str(record["game"]),
        hand_number=hand_number,
        scale=round(hand_scale(record), 3),
        decisions=ordered,
        accuracy=_accuracy(ordered),
        seed=seed,
        worlds=budget.worlds,
    )


def _accuracy(decisions: Sequence[DecisionReview]) -> dict[int, float]:
    by_seat: dict[int, list[float]] = {}
    for decision in decisions:
        if decision.accuracy is not None:
            by_seat.setdefault(decision.seat, []).append(decision.accuracy)
    return {seat: round(sum(values) / len(values), 1) for seat, values in sorted(by_seat.items())}


def review_hand(
    record: Mapping[str, object],
    hand_number: int,
    *,
    seed: int = 0,
    budget: Budget | None = None,
    progress: Progress | None = None,
    only: Collection[int] | None = None,
) -> HandReview:
    """Review every decision of every seat in finished hand ``hand_number`` of ``record`` (any game).

    ``only``: the move numbers to judge (the others are left out); ``progress(done, total)`` after each.
    Raises ``HandNotFinished`` for the hand in play, ``NoSuchHand`` for one the record does not have.
    """
    budget = budget or Budget()
    game = str(record["game"])
    scale = hand_scale(record)
    positions = [p for p in hand_positions(record, hand_number) if only is None or p.move_number in only]
    decisions = []
    if progress is not None:
        progress(0, len(positions))
    for done, position in enumerate(positions, start=1):
        decisions.append(review_position(game, position, scale, seed=seed, budget=budget))
        if progress is not None:
            progress(done, len(positions))
    return summarize(record, hand_number, decisions, seed=seed, budget=budget)


def game_accuracy(reviews: Iterable[HandReview]) -> dict[int, float]:
    """Each seat's accuracy over a game: the mean over its judged moves of every hand reviewed."""
    return _accuracy([d for review in reviews for d in review.decisions])
