"""Whole games through the API against AI seats, every payload checked against the engine's hidden state."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import View, check_hidden, create, play, play_out, replay_to

from bonepile.games import replay_record


def stored_record(client: TestClient, game_id: str) -> dict[str, Any]:
    """What the engine needs to rebuild the game (read from the database, as a test may; no client ever can)."""
    stored = client.app.state.store.get(game_id)  # type: ignore[attr-defined]
    return {
        "game": stored.game,
        "preset": stored.preset,
        "options": stored.options,
        "players": [seat["name"] for seat in stored.seats],
        "seed": stored.seed,
        "moves": list(stored.moves),
    }


def drain(socket: Any, move_number: int) -> list[View]:
    """Every view a socket was sent, up to the one at ``move_number``."""
    views = []
    while True:
        message = socket.receive_json()
        views.append(message["view"])
        if message["view"]["move_number"] == move_number:
            return views


def test_a_whole_dominoes_game_against_two_ai_levels(client: TestClient) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "ai", "level": "hard"}, {"kind": "ai", "level": "medium"}]
    game_id = create(client, game="dominoes", preset="draw", seed=31, seats=seats, options={"target": 60})["id"]
    seen: list[View] = []
    with (
        client.websocket_connect(f"/ws/games/{game_id}?seat=0") as mine,
        client.websocket_connect(f"/ws/games/{game_id}") as public,
    ):
        final = play_out(client, game_id, 0, seen=seen)
        pushed = drain(mine, final["move_number"])
        public_views = drain(public, final["move_number"])
    assert final["status"] == "over" and max(final["game_over"]["scores"]) >= 60
    record = client.get(f"/api/games/{game_id}/record").json()
    game = replay_record(record)
    assert list(game.scores) == final["game_over"]["scores"]
    assert len(final["summaries"]) == len(game.hand_summaries) >= 1
    for summary, outcome in zip(final["summaries"], game.hand_summaries, strict=True):
        assert summary["points"] == list(outcome.points) and summary["pips"] == list(outcome.pips)
    first = pushed[0]["move_number"]
    assert [v["move_number"] for v in pushed] == list(range(first, first + len(pushed)))  # one view per move
    assert check_hidden(record, 0, seen + pushed) > 50
    assert check_hidden(record, None, public_views) == len(public_views)


@pytest.mark.parametrize(("preset", "players"), [("pressman", 3), ("goliath", 2)])
def test_a_whole_tri_ominos_round_against_the_ai(client: TestClient, preset: str, players: int) -> None:
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "medium"} for _ in range(players - 1)]
    game_id = create(client, game="triominoes", preset=preset, seed=32, seats=seats)["id"]
    seen: list[View] = []
    with client.websocket_connect(f"/ws/games/{game_id}?seat=0") as mine:
        final = play_out(client, game_id, 0, seen=seen, stop=lambda v: v["status"] == "over" or bool(v["summaries"]))
        pushed = drain(mine, final["move_number"])
    record = stored_record(client, game_id)
    game = replay_to(record, final["move_number"])
    summary = final["summaries"][0]
    first = game.hand_summaries[0]
    assert summary["points"] == list(first.points)
    assert sum(item["points"] for item in summary["items"] if item["seat"] == 0) == first.points[0]
    assert [p["score"] for p in final["players"]] == list(game.scores)
    placed = [v for v in seen + pushed if v["board"]["tiles"]]
    assert placed and all(v["board"]["tiles"][0]["axial"] for v in placed)
    assert check_hidden(record, 0, seen + pushed) > 20


def test_a_hot_seat_partnership_game_shows_each_human_only_their_own_tiles(client: TestClient) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "ai"}, {"kind": "human", "name": "Cy"}, {"kind": "ai"}]
    game_id = create(client, game="dominoes", preset="partnership", seed=33, seats=seats, options={"target": 40})["id"]
    views: list[View] = []
    with client.websocket_connect(f"/ws/games/{game_id}?seat=turn") as socket:
        view = socket.receive_json()["view"]
        while view["status"] != "over":
            views.append(view)
            if view["seat"] is not None:
                play(client, game_id, view["seat"], view["legal_moves"][0]["text"], view["move_number"])
            view = socket.receive_json()["view"]
        views.append(view)
    record = client.get(f"/api/games/{game_id}/record").json()
    assert {v["seat"] for v in views} == {0, 2, None}
    assert view["game_over"]["winner_seats"] in ([0, 2], [1, 3])
    assert check_hidden(record, "turn", views) == len(views)


def test_the_hidden_information_check_catches_a_leak(client: TestClient) -> None:
    """The check above must be able to fail: plant another seat's tile and the pool's next tile in a view."""
    game_id = create(client, game="triominoes", seed=34, seats=[{"kind": "human"}, {"kind": "ai"}])["id"]
    view = play_out(client, game_id, 0, stop=lambda v: v["turn"] == 0)
    record = stored_record(client, game_id)
    game = replay_to(record, view["move_number"])
    assert check_hidden(record, 0, [view]) == 1
    for leaked in (str(game.round.tiles_of(1)[0]), str(game.round.pool()[0])):
        planted = {**view, "log": [*view["log"], {"kind": "note", "text": f"psst: {leaked}"}]}
        with pytest.raises(AssertionError, match="hidden tiles"):
            check_hidden(record, 0, [planted])
