"""The WebSocket: the view on connecting, a new one after every change, ping, and refusals."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import create, play, view_of


def test_a_socket_gets_the_view_on_connecting_and_after_every_move(client: TestClient) -> None:
    game_id = create(client, game="dominoes", seed=21, seats=[{"kind": "human"}, {"kind": "human"}])["id"]
    with (
        client.websocket_connect(f"/ws/games/{game_id}?seat=0") as zero,
        client.websocket_connect(f"/ws/games/{game_id}") as public,
    ):
        first = zero.receive_json()
        assert first["type"] == "view" and first["cause"] == "connect"
        assert first["view"] == view_of(client, game_id, 0)
        assert public.receive_json()["view"]["seat"] is None
        view = view_of(client, game_id, "turn")
        played = play(client, game_id, view["seat"], view["legal_moves"][0]["text"], view["move_number"])
        pushed = zero.receive_json()
        assert pushed["cause"] == "move" and pushed["view"]["move_number"] == view["move_number"] + 1
        assert pushed["view"]["last_move"] == played["move"]
        assert public.receive_json()["view"]["your_tiles"] == []


def test_ai_moves_are_pushed_one_by_one(client: TestClient) -> None:
    game_id = create(client, game="dominoes", seed=22, seats=[{"kind": "human"}, {"kind": "ai"}, {"kind": "ai"}])["id"]
    with client.websocket_connect(f"/ws/games/{game_id}?seat=0") as socket:
        view = socket.receive_json()["view"]
        while view["turn"] != 0:
            view = socket.receive_json()["view"]
        number = view["move_number"]
        play(client, game_id, 0, view["legal_moves"][0]["text"], number)
        numbers = []
        while True:
            message = socket.receive_json()
            numbers.append(message["view"]["move_number"])
            if message["view"]["turn"] == 0 or message["view"]["status"] == "over":
                break
        assert numbers == list(range(number + 1, number + 1 + len(numbers)))
        assert len(numbers) >= 3  # the human's move, then each AI seat's


def test_a_turn_socket_follows_the_human_seat_to_move(client: TestClient) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "ai"}, {"kind": "human", "name": "Cy"}, {"kind": "ai"}]
    game_id = create(client, game="dominoes", preset="partnership", seed=23, seats=seats)["id"]
    with client.websocket_connect(f"/ws/games/{game_id}?seat=turn") as socket:
        seen: set[Any] = set()
        view = socket.receive_json()["view"]
        for _ in range(40):
            turn = view["turn"]
            expected = turn if turn in (0, 2) else None
            assert view["seat"] == expected
            seen.add(view["seat"])
            if view["seat"] is not None:
                assert view["legal_moves"]
                play(client, game_id, view["seat"], view["legal_moves"][0]["text"], view["move_number"])
            view = socket.receive_json()["view"]
        assert {0, 2} <= seen


def test_ping_is_answered(client: TestClient) -> None:
    game_id = create(client, game="triominoes", seed=24)["id"]
    with client.websocket_connect(f"/ws/games/{game_id}?seat=0") as socket:
        socket.receive_json()
        socket.send_json({"type": "hello"})
        socket.send_json({"type": "ping"})
        assert socket.receive_json() == {"type": "pong"}
        socket.send_text("not json")  # a frame that is not JSON closes the socket (tests/web/test_abuse.py)
        assert socket.receive_json()["error"]["code"] == "bad_json"


@pytest.mark.parametrize(("path", "close"), [("/ws/games/nope?seat=0", 4404), ("/ws/games/{id}?seat=1", 4400)])
def test_a_bad_game_or_seat_is_refused_and_closed(client: TestClient, path: str, close: int) -> None:
    game_id = create(client, game="dominoes", seed=25)["id"]
    with client.websocket_connect(path.replace("{id}", game_id)) as socket:
        message = socket.receive_json()
        assert message["type"] == "error" and message["error"]["code"] in ("unknown_game", "bad_seat")
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == close
