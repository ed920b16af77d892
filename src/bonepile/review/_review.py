"""A hand's review: every decision of every seat, its estimate, its loss, its mark, and the accuracies."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from bonepile import games
from bonepile.core.protocol import Move, Observation, Rules
from bonepile.review._marks import ONLY_MOVE, accuracy, hand_scale, mark
from bonepile.review._positions import Position, hand_positions, replayed
from bonepile.review._search import Budget, Estimate, estimate, face_up

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


class MatchOutlook(Protocol):
    """A game's ``match_outlook`` (registry ``extras``; ``bonepile.ai.outlook``)."""

    def near(self, before: Sequence[int], deal_number: int, typical: float) -> bool: ...

    def chances(self, totals: Sequence[int], deal_number: int) -> list[float]: ...


Progress = Callable[[int, int], None]
"""Told ``(done, total)`` decisions as a review goes."""

VERSION = 3
"""The review's method, stored with it (a stored review of another version is made again). 2: the late
positions whose worlds are all listed are solved exactly in each world instead of rolled out. 3: every
decision (an only move too) carries every side's expected points of the hand, and, where the match is near,
the chances of winning it."""


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
    match_of: Mapping[str, float] = field(default_factory=dict)
    """Where the match is near: each candidate's chance (per cent) of winning it for the mover's side."""
    accuracy: float | None = None
    expected_points: tuple[float, ...] = ()
    """Every side's expected points of the hand after the move played, from the mover's observation (in side
    order; where the fewest points win, these are penalties)."""
    match_played: float | None = None
    """Where the match is near: the mover's side's chance (per cent) of winning it after the move played."""
    match_best: float | None = None
    """Where the match is near: the best such chance among the candidates estimated."""
    match_best_move: str | None = None
    """The candidate with that best chance (it may differ from ``best``, which reads the hand's points)."""

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
            "candidates": [
                {"move": move, "expected": value, "match": self.match_of.get(move)} for move, value in self.candidates
            ],
            "accuracy": self.accuracy,
            "expected_points": list(self.expected_points),
            "match_played": self.match_played,
            "match_best": self.match_best,
            "match_best_move": self.match_best_move,
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
            expected_points=tuple(float(v) for v in data.get("expected_points", ())),
            match_played=data.get("match_played"),
            match_best=data.get("match_best"),
            match_best_move=data.get("match_best_move"),
            match_of={
                str(c["move"]): float(c["match"]) for c in data.get("candidates", ()) if c.get("match") is not None
            },
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
    points: tuple[int, ...] = ()
    """What each side truly made in the hand (where the expected points of every side end)."""
    scores_before: tuple[int, ...] = ()
    """Each side's total before the hand."""
    match_near: bool = False
    """Whether the hand may decide the match (``docs/review.md``: "near"): the decisions then carry chances."""

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
            "points": list(self.points),
            "scores_before": list(self.scores_before),
            "match_near": self.match_near,
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
            points=tuple(int(p) for p in data.get("points", ())),
            scores_before=tuple(int(p) for p in data.get("scores_before", ())),
            match_near=bool(data.get("match_near", False)),
        )


def decision_plan(record: Mapping[str, object], hand_number: int) -> list[tuple[int, bool]]:
    """Each move of the hand as ``(move_number, forced)``: what a review will judge, and in what order.

    Raises ``NoSuchHand`` or ``HandNotFinished`` (``bonepile.review``) as ``hand_positions`` does.
    """
    return [(p.move_number, len(p.observation.legal_moves) <= 1) for p in hand_positions(record, hand_number)]


def scores_before(observation: Observation) -> tuple[int, ...]:
    """Each side's total before the deal being played: the sum of the finished deals' points."""
    totals = [0] * observation.rules.num_sides
    for summary in observation.past_deals:
        for side, points in enumerate(summary.points):
            totals[side] += points
    return tuple(totals)


def match_outlook(game: str, observation: Observation, scale: float) -> MatchOutlook | None:
    """The game's outlook on the match when the deal being played is near its end (it may decide it), else None."""
    kind = games.game_kind(game)
    if "match_outlook" not in kind.extras:
        return None
    factory = cast(Callable[[Rules], MatchOutlook], kind.load("match_outlook"))
    outlook = factory(observation.rules)
    return outlook if outlook.near(scores_before(observation), observation.deal_number, scale) else None


def _chances(found: Estimate, observation: Observation, side: int, outlook: MatchOutlook) -> dict[Move, float]:
    """Each candidate's chance (per cent) of the mover's side winning the match, over the worlds it was played in."""
    before = scores_before(observation)
    number = observation.deal_number
    chances = {}
    for move, outcomes in found.outcomes.items():
        total = 0.0
        for points in outcomes:
            totals = [b + p for b, p in zip(before, points, strict=True)]
            total += outlook.chances(totals, number)[side]
        chances[move] = 100.0 * total / len(outcomes)
    return chances


def review_position(game: str, position: Position, scale: float, *, seed: int, budget: Budget) -> DecisionReview:
    """Judge one decision (see ``bonepile.review._search`` for how)."""
    played = str(position.played)
    observation = position.observation
    side = observation.rules.side_of(position.seat)
    outlook = match_outlook(game, observation, scale)
    if len(observation.legal_moves) <= 1:
        # Nothing to judge, but every side's expected points (and chances) still go on from here.
        alone = estimate(game, position, seed, budget, [position.played])
        chance = None if outlook is None else round(_chances(alone, observation, side, outlook)[position.played], 2)
        return DecisionReview(
            position.move_number,
            position.seat,
            played,
            played,
            None,
            None,
            0.0,
            ONLY_MOVE,
            None,
            exact=alone.exact,
            worlds=alone.worlds,
            expected_points=_rounded(alone.mean_points(position.played)),
            match_played=chance,
            match_best=chance,
            match_best_move=None if chance is None else played,
        )
    found = estimate(game, position, seed, budget)
    chances = (
        {} if outlook is None else {str(m): round(c, 2) for m, c in _chances(found, observation, side, outlook).items()}
    )
    match_move = max(chances, key=lambda m: (chances[m], m == played)) if chances else None
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
        expected_points=_rounded(found.mean_points(position.played)),
        match_played=chances.get(played),
        match_best=None if match_move is None else chances[match_move],
        match_best_move=match_move,
        match_of=chances,
    )


def _rounded(points: Sequence[float]) -> tuple[float, ...]:
    return tuple(round(p, 3) for p in points)


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
    summaries = replayed(record).deal_summaries
    before = [0] * len(summaries[hand_number - 1].points)
    for summary in summaries[: hand_number - 1]:
        before = [b + p for b, p in zip(before, summary.points, strict=True)]
    return HandReview(
        game=str(record["game"]),
        hand_number=hand_number,
        scale=round(hand_scale(record), 3),
        decisions=ordered,
        accuracy=_accuracy(ordered),
        seed=seed,
        worlds=budget.worlds,
        points=tuple(summaries[hand_number - 1].points),
        scores_before=tuple(before),
        match_near=any(d.match_played is not None for d in ordered),
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
