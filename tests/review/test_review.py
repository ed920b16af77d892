"""The review of a finished hand: the strongest agent's hand reviews well, random play badly; a hexagon
passed up is marked; the marks are the same when computed again; verdicts name only what the player saw."""

from __future__ import annotations

import functools
from typing import Any

import pytest
from helpers_review import hexagon_passed_up, play_hands

from bonepile.review import BLUNDER, Budget, HandNotFinished, HandReview, hand_marks, hand_positions, review_hand

BUDGET = Budget(worlds=48)
SEED = 2


@functools.cache
def _reviewed(agent: str) -> tuple[dict[str, Any], HandReview]:
    record = play_hands("dominoes", agent, SEED).to_record()
    return record, review_hand(record, 1, budget=BUDGET)


def _marks(review: HandReview) -> list[str]:
    return [d.mark for d in review.decisions]


def test_the_strongest_agents_hand_reviews_with_high_accuracy_and_no_blunders() -> None:
    _, review = _reviewed("ismcts")
    assert BLUNDER not in _marks(review)
    assert min(review.accuracy.values()) >= 75
    assert all(d.mark == "only move" for d in review.decisions if d.expected_played is None)


def test_the_same_deal_played_at_random_reviews_lower_with_blunders() -> None:
    _, best = _reviewed("ismcts")
    _, poor = _reviewed("random")
    assert BLUNDER in _marks(poor)
    average = sum(poor.accuracy.values()) / len(poor.accuracy)
    assert average < sum(best.accuracy.values()) / len(best.accuracy) - 10


def test_the_marks_are_identical_when_a_review_is_computed_again() -> None:
    record, first = _reviewed("random")
    again = review_hand(record, 1, budget=BUDGET)
    assert hand_marks(again) == hand_marks(first)
    assert again.to_json() == first.to_json()
    assert HandReview.from_json(first.to_json()) == first


def test_a_reviews_verdicts_name_only_the_movers_own_legal_moves() -> None:
    for agent in ("ismcts", "random"):
        record, review = _reviewed(agent)
        by_number = {p.move_number: p for p in hand_positions(record, 1)}
        for decision in review.decisions:
            position = by_number[decision.move_number]
            assert decision.seat == position.seat == position.observation.player
            legal = {str(m) for m in position.observation.legal_moves}
            assert decision.played in legal
            assert decision.best in legal
            assert decision.face_up_best is None or decision.face_up_best in legal
            assert {move for move, _ in decision.candidates} <= legal


def test_a_hand_in_play_is_refused() -> None:
    game = play_hands("dominoes", "random", SEED, hands=1, extra=3)
    with pytest.raises(HandNotFinished):
        review_hand(game.to_record(), 2, budget=BUDGET)


@pytest.mark.parametrize("seed", [2, 8, 10])
def test_passing_up_a_hexagon_for_a_plain_placement_is_a_mistake_or_worse(seed: int) -> None:
    found = hexagon_passed_up(seed)
    assert found is not None
    record, move_number = found
    review = review_hand(record, 1, budget=Budget(worlds=24), only={move_number})
    (decision,) = review.decisions
    assert decision.mark in ("mistake", "blunder"), decision
