"""``GET /api/games/{id}/review?hand=N``: 202 with progress while the hint workers compute, 200 once
stored (and never computed again), 409 for the hand in play, 404 for an unknown game or hand."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from helpers_review import play_hands

from bonepile.store.db import PLAYING, GameStore
from bonepile.web.app import create_app
from bonepile.web.settings import Settings

SETTINGS = Settings(create_burst=10_000, hint_burst=10_000, review_worlds=2)


def _stored_game(url: str) -> str:
    """A two-human Dominoes game in its second hand, stored as the server would have it."""
    game = play_hands("dominoes", "random", 2, hands=1, extra=2)
    record = game.to_record()
    store = GameStore(url)
    seats = [{"kind": "human", "name": f"P{p}", "level": None} for p in range(game.num_players)]
    row = store.create(game="dominoes", preset=record["preset"], options=record["options"], seats=seats, seed=game.seed)
    store.save(row.id, record["moves"], PLAYING)
    store.close()
    return row.id


def _poll(client: TestClient, game_id: str, hand: int) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        answer = client.get(f"/api/games/{game_id}/review", params={"hand": hand})
        if answer.status_code == 200:
            body: dict[str, Any] = answer.json()
            return body
        assert answer.status_code == 202, answer.text
        progress = answer.json()["progress"]
        assert 0 <= progress["done"] <= progress["total"]
        time.sleep(0.1)
    raise AssertionError("no review within a minute")


def test_the_review_api(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    game_id = _stored_game(url)
    with TestClient(create_app(url, ai_delay=0.0, settings=SETTINGS), raise_server_exceptions=False) as client:
        in_play = client.get(f"/api/games/{game_id}/review", params={"hand": 2})
        assert in_play.status_code == 409, in_play.text
        assert in_play.json()["error"]["code"] == "hand_in_play"
        assert client.get(f"/api/games/{game_id}/review", params={"hand": 7}).status_code == 404
        assert client.get("/api/games/nosuchgame/review", params={"hand": 1}).status_code == 404
        first = client.get(f"/api/games/{game_id}/review", params={"hand": 1})
        assert first.status_code == 202, first.text
        assert set(first.json()["progress"]) == {"done", "total"}
        review = _poll(client, game_id, 1)
    assert review["hand_number"] == 1
    assert set(review["accuracy"]) <= {"0", "1"}
    for decision in review["decisions"]:
        assert {"move_number", "seat", "played", "best", "expected_played", "expected_best", "loss", "mark"} <= set(
            decision
        )
        assert "face_up_best" in decision
    store = GameStore(url)
    assert store.reviewed_hands(game_id) == [1]
    assert store.review(game_id, 1) == review
    assert not store.save_review(game_id, 1, {"other": True})  # computed once: the first one stays
    assert store.review(game_id, 1) == review
    store.close()


def test_a_review_made_by_an_older_review_is_made_again_and_replaced(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    game_id = _stored_game(url)
    store = GameStore(url)
    assert store.save_review(game_id, 1, {"version": 1, "hand_number": 1, "decisions": [], "accuracy": {}})
    store.close()
    with TestClient(create_app(url, ai_delay=0.0, settings=SETTINGS), raise_server_exceptions=False) as client:
        again = client.get(f"/api/games/{game_id}/review", params={"hand": 1})
        assert again.status_code == 202, again.text  # not the old one: it is computed anew
        review = _poll(client, game_id, 1)
    assert review["version"] > 1 and review["decisions"]
    store = GameStore(url)
    assert store.review(game_id, 1) == review
    assert not store.save_review(game_id, 1, {"version": 1})  # an older one never replaces a newer one
    store.close()
