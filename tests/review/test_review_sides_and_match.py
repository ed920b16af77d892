"""Review version 3: every side's expected final points at every decision (the chart's lines), and the
chances of winning the match where it is near (Dominoes and Tri-Ominos near the target, Mexican Train's
last round); the CLI's table shows both."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from helpers_review import play_hands

from bonepile.ai.outlook import DominoesOutlook, MexicanTrainOutlook, TriominoesOutlook
from bonepile.cli.main import main
from bonepile.dominoes import Rules as DominoesRules
from bonepile.mexican_train import Rules as MexicanTrainRules
from bonepile.review import Budget, HandReview, hand_positions, review_hand
from bonepile.review._marks import margin
from bonepile.triominoes import Rules as TriominoesRules

BUDGET = Budget(worlds=8)


@functools.cache
def _near_target() -> tuple[dict[str, object], HandReview]:
    """A Dominoes game to 40 whose third (last) hand starts at 0 to 21: the target is near."""
    record = play_hands("dominoes", "heuristic", 3, hands=50, target=40).to_record()
    return record, review_hand(record, 3, budget=BUDGET)


def test_every_decision_carries_every_sides_expected_final_points() -> None:
    record, review = _near_target()
    assert review.points == (0, 23) and review.scores_before == (0, 21)
    assert len(review.decisions) == len(list(hand_positions(record, 3)))
    for d in review.decisions:
        assert len(d.expected_points) == 2, d  # the only moves too
        assert all(p >= 0 for p in d.expected_points)
        if d.expected_played is not None:  # the mover's margin is its side's points net of the other's
            side = d.seat % 2
            assert d.expected_played == pytest.approx(margin(d.expected_points, side, False), abs=0.01)  # type: ignore[arg-type]
    # Each side's line has a value at the other side's moves too, not only at its own.
    assert any(d.expected_points[1 - d.seat % 2] > 0 for d in review.decisions)


def test_near_the_target_each_decision_has_its_chance_of_winning_the_match() -> None:
    record, review = _near_target()
    assert review.match_near
    by_number = {p.move_number: p for p in hand_positions(record, 3)}
    for d in review.decisions:
        assert d.match_played is not None and 0.0 <= d.match_played <= 100.0
        assert d.match_best is not None and d.match_best >= d.match_played
        assert d.match_best_move in {str(m) for m in by_number[d.move_number].observation.legal_moves}
    # The side that went on to win was expected to: its chance after its last move is far above even.
    last = review.decisions[-1]
    assert last.seat % 2 == 1 and last.match_played is not None and last.match_played > 75
    assert HandReview.from_json(json.loads(json.dumps(review.to_json()))) == review


def test_far_from_the_target_no_chance_is_given() -> None:
    record = play_hands("dominoes", "heuristic", 3, target=500).to_record()
    review = review_hand(record, 1, budget=BUDGET)
    assert not review.match_near
    assert all(d.match_played is None and d.match_best is None for d in review.decisions)
    assert all(len(d.expected_points) == 2 for d in review.decisions)


def test_the_outlooks_say_when_the_match_is_near_and_who_wins_it() -> None:
    dominoes = DominoesOutlook(DominoesRules.from_preset("draw", 2))
    assert not dominoes.near((0, 0), 1, 24.0) and dominoes.near((0, 80), 4, 24.0)
    assert dominoes.chances((100, 80), 5) == [1.0, 0.0]  # past the target: the game is won
    far = dominoes.chances((50, 10), 3)
    assert far[0] > far[1] and sum(far) == pytest.approx(1.0)
    tri = TriominoesOutlook(TriominoesRules.from_preset("pressman", 3))
    assert tri.near((350, 0, 0), 4, 92.0) and not tri.near((100, 0, 0), 2, 92.0)
    chances = tri.chances((300, 100, 100), 3)
    assert chances[0] > chances[1] and sum(chances) == pytest.approx(1.0)
    train = MexicanTrainOutlook(MexicanTrainRules.from_preset("mexican-train", 3))
    assert not train.near((0, 0, 0), 12, 40.0) and train.near((10, 20, 30), 13, 40.0)
    assert train.chances((50, 20, 20), 13) == [0.0, 0.5, 0.5]  # the lowest total wins; a tie shares


def test_mexican_trains_last_round_gives_the_chance_of_winning_the_game() -> None:
    record = play_hands("mexican-train", "greedy", 4, rounds=1).to_record()
    review = review_hand(record, 1, budget=Budget(worlds=4), only={1, 2, 3, 4, 5, 6})
    assert review.match_near and len(review.points) == 4
    assert all(d.match_played is not None and len(d.expected_points) == 4 for d in review.decisions)


def test_the_terminal_table_shows_every_sides_points_and_the_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "220")  # the whole table on one line a row
    record, _review = _near_target()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["review", str(path), "--hand", "3", "--worlds", "8"]) == 0
    out = capsys.readouterr().out
    assert "To win the game" in out and "Expected points" in out
    assert "Points at the end: 0 / 23" in out


def test_a_tri_ominos_round_near_the_target_gives_each_move_its_chance() -> None:
    record = play_hands("triominoes", "greedy", 3, target=80).to_record()  # a round is worth about 92
    review = review_hand(record, 1, budget=Budget(worlds=4), only={2, 3, 4, 5})
    assert review.match_near and review.scores_before == (0, 0)
    for d in review.decisions:
        assert d.match_played is not None and 0.0 <= d.match_played <= 100.0
        assert len(d.expected_points) == 2
