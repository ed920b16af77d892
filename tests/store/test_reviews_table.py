"""The ``reviews`` table (migration 0004): one review per game and hand, kept once."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import inspect

from bonepile.store.db import GameStore


def test_a_review_is_stored_once_per_game_and_hand(tmp_path: Path) -> None:
    store = GameStore(f"sqlite:///{tmp_path / 'games.db'}")
    columns = {column["name"] for column in inspect(store.engine).get_columns("reviews")}
    assert columns >= {"game_id", "hand_number", "review", "created_at"}
    assert store.review("g1", 1) is None
    assert store.save_review("g1", 1, {"hand_number": 1, "decisions": []})
    assert not store.save_review("g1", 1, {"hand_number": 1, "decisions": [1]})
    assert store.save_review("g1", 2, {"hand_number": 2, "decisions": []})
    assert store.review("g1", 1) == {"hand_number": 1, "decisions": []}
    assert store.reviewed_hands("g1") == [1, 2]
    assert store.reviewed_hands("g2") == []
    store.close()
