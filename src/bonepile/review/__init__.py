"""The review of a finished hand: every decision of every seat judged, its loss, its mark, the accuracy.

Above the AI (it thinks with the game's world sampler and heuristic agent, found through the registry),
below the front ends (the web's review API and ``bonepile review``). Written against the common protocol
and the registry only: no game is named here. ``docs/review.md`` says what is computed and how well.
"""

from bonepile.review._marks import BLUNDER, MARKS, THRESHOLDS, accuracy, hand_scale, mark
from bonepile.review._positions import HandNotFinished, NoSuchHand, ReviewError, hand_positions, hands_finished
from bonepile.review._review import (
    VERSION,
    DecisionReview,
    HandReview,
    Progress,
    decision_plan,
    game_accuracy,
    review_decision,
    review_hand,
    review_position,
    summarize,
)
from bonepile.review._search import Budget

__all__ = [
    "BLUNDER",
    "MARKS",
    "THRESHOLDS",
    "VERSION",
    "Budget",
    "DecisionReview",
    "HandNotFinished",
    "HandReview",
    "NoSuchHand",
    "Progress",
    "ReviewError",
    "accuracy",
    "decision_plan",
    "game_accuracy",
    "hand_marks",
    "hand_positions",
    "hand_scale",
    "hands_finished",
    "mark",
    "review_decision",
    "review_hand",
    "review_position",
    "summarize",
]


def hand_marks(review: HandReview) -> list[str]:
    """The marks of a review, in move order (what a test compares between two reviews)."""
    return [d.mark for d in review.decisions]
