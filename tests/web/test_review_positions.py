"""``GET /api/games/{id}/review/positions`` and ``/hands``: what the review and statistics pages draw.

The position before each move of a finished hand, as the mover saw it, and its end; refused for the hand
in play (it would show the hidden tiles); the hands' points, with a stored review's accuracy only.
"""

from __future__ import annotations

from pathlib import Path

from web_helpers import create, open_client, play_out

SEATS = [{"kind": "human"}, {"kind": "ai", "level": "easy"}]


def test_a_finished_hands_positions_and_the_hands(tmp_path: Path) -> None:
    with open_client(f"sqlite:///{tmp_path / 'games.db'}") as client:
        game_id = create(client, game="dominoes", preset="draw", seats=SEATS, seed=3)["id"]
        # The first hand in play: refused, as its review is.
        answer = client.get(f"/api/games/{game_id}/review/positions", params={"hand": 1})
        assert answer.status_code == 409 and answer.json()["error"]["code"] == "hand_in_play"
        play_out(client, game_id, 0, stop=lambda view: view["status"] == "over" or view["hand_number"] >= 2)
        answer = client.get(f"/api/games/{game_id}/review/positions", params={"hand": 1})
        assert answer.status_code == 200, answer.text
        body = answer.json()
        record = client.get(f"/api/games/{game_id}").json()
        assert body["hand_number"] == 1 and body["hands"] >= 1
        positions = body["positions"]
        assert [p["move_number"] for p in positions] == list(range(1, len(positions) + 1))
        for at in positions:
            view = at["view"]
            assert view["seat"] == at["seat"] and view["move_number"] == at["move_number"] - 1
            assert at["move"] in [move["text"] for move in view["legal_moves"]]  # the mover's moves then
        assert positions[0]["view"]["board"]["line"] == []
        assert body["final"]["seat"] is None and body["final"]["board"]["line"]
        assert client.get(f"/api/games/{game_id}/review/positions", params={"hand": 9}).status_code == 404
        hands = client.get(f"/api/games/{game_id}/hands").json()
        assert hands["hand_word"] == "hand" and hands["low_wins"] is False
        first = hands["hands"][0]
        assert first["hand_number"] == 1 and len(first["points"]) == len(record["sides"])
        assert first["accuracy"] is None  # no review was asked for: none is started
