"""Restarting the server: a new app on the same database resumes every unfinished game exactly."""

from __future__ import annotations

from pathlib import Path

from web_helpers import create, my_turn_or_over, open_client, play, play_out, view_of, wait_for


def test_a_new_app_on_the_same_database_resumes_the_game_identically(db_url: str, tmp_path: Path) -> None:
    seats = [{"kind": "human"}, {"kind": "ai", "level": "hard"}, {"kind": "ai", "level": "easy"}]
    with open_client(db_url) as first:
        game_id = create(first, game="dominoes", seed=41, seats=seats, options={"target": 40})["id"]
        for _ in range(6):
            view = wait_for(first, game_id, 0, my_turn_or_over(0))
            play(first, game_id, 0, view["legal_moves"][0]["text"], view["move_number"])
        before = wait_for(first, game_id, 0, my_turn_or_over(0))
        watcher_before = view_of(first, game_id)  # a spectator's view (no seat)
        summary = first.get(f"/api/games/{game_id}").json()
    with open_client(db_url) as second:
        assert [game["id"] for game in second.get("/api/games").json()["games"]] == [game_id]
        assert view_of(second, game_id, 0) == before
        assert view_of(second, game_id) == watcher_before
        assert second.get(f"/api/games/{game_id}").json() == summary
        resumed = play_out(second, game_id, 0)
        record = second.get(f"/api/games/{game_id}/record").json()
    # The same game played without a restart: the AI chooses the same moves, so the whole game is the same.
    with open_client(f"sqlite:///{tmp_path / 'other.db'}") as other:
        again = create(other, game="dominoes", seed=41, seats=seats, options={"target": 40})["id"]
        play_out(other, again, 0)
        assert other.get(f"/api/games/{again}/record").json() == record
    assert resumed["status"] == "over"


def test_an_ai_to_move_at_shutdown_plays_on_after_the_restart(db_url: str) -> None:
    with open_client(db_url, ai_delay=60) as first:
        game_id = create(first, game="triominoes", seed=42, seats=[{"kind": "human"}, {"kind": "ai"}])["id"]
        view = view_of(first, game_id, 0)
        if view["turn"] == 0:
            view = play(first, game_id, 0, view["legal_moves"][0]["text"], view["move_number"])["view"]
        assert view["turn"] == 1 and view["players"][1]["status"].startswith("thinking")
        waiting = view["move_number"]
    with open_client(db_url) as second:
        after = wait_for(second, game_id, 0, lambda v: v["move_number"] > waiting)
        assert after["log"][-1]["seat"] == 1 or after["last_move"]["seat"] == 1


def test_finished_games_are_read_back_too(db_url: str) -> None:
    with open_client(db_url) as first:
        game_id = create(first, game="dominoes", seed=43, options={"target": 1})["id"]
        final = play_out(first, game_id, 0)
    with open_client(db_url) as second:
        assert second.get("/api/games").json() == {"games": [], "next": None}
        assert view_of(second, game_id, 0) == final
        assert second.get(f"/api/games/{game_id}/record").status_code == 200


def test_a_stored_game_that_no_longer_replays_is_reported_not_served(db_url: str) -> None:
    with open_client(db_url) as first:
        game_id = create(first, game="dominoes", seed=44)["id"]
        first.app.state.store.save(game_id, ["6-6", "9-9 left"], "playing")  # type: ignore[attr-defined]
    with open_client(db_url) as second:
        assert second.get("/api/games").json() == {"games": [], "next": None}
        answer = second.get(f"/api/games/{game_id}/view", params={"seat": "0"})
        assert answer.status_code == 409 and answer.json()["error"]["code"] == "broken_game"
