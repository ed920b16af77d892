"""Between hands in a room: every human seat continues, or the room's bounded wait deals the next hand."""

from __future__ import annotations

from typing import Any

from rooms_helpers import Client, LiveApp, auth, live_app, make_room

View = dict[str, Any]


def open_two_seat_room(live: LiveApp) -> tuple[Client, Client]:
    body = {"game": "dominoes", "preset": "draw", "seats": [{"kind": "human"}, {"kind": "human"}]}
    created = make_room(live.http, **body, options={"target": 1000})
    room_id = created["room"]["id"]
    host = Client(live.ws_url, room_id, created["host_token"])
    friend = Client(live.ws_url, room_id, created["seat_tokens"][0]["token"])
    live.http.post(f"/api/rooms/{room_id}/start", headers=auth(created["host_token"])).raise_for_status()
    for client in (host, friend):
        client.until(lambda m: m["type"] == "view")
    return host, friend


def play_to_end_of_hand(clients: dict[int, Client]) -> View:
    for _ in range(300):
        latest = max((c.view for c in clients.values() if c.view), key=lambda v: v["move_number"])
        if latest["between_hands"] is not None:
            return latest
        mover = clients[latest["turn"]]
        view = mover.view_at(latest["move_number"])
        mover.move(view)
        assert mover.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
        for client in clients.values():
            client.view_at(latest["move_number"] + 1)
    raise AssertionError("the hand did not end")


def test_the_next_hand_waits_for_every_human_seat(db_url: str) -> None:
    with live_app(db_url, hand_pause=None) as live:
        host, friend = open_two_seat_room(live)
        seats = {host.view["seat"]: host, friend.view["seat"]: friend}  # type: ignore[index]
        ended = play_to_end_of_hand(seats)
        pause = ended["between_hands"]
        assert pause["everyone"] is True and sorted(pause["waiting_for"]) == [0, 1] and pause["deadline"]
        host.send({"type": "continue", "game_id": ended["id"], "hand_number": 1, "id": "c1"})
        assert host.until(lambda m: m["type"] in ("ack", "error")) == {"type": "ack", "id": "c1", "continued": 1}
        waiting = friend.until(lambda m: m["type"] == "view" and m["cause"] == "continued")["view"]
        assert waiting["between_hands"]["waiting_for"] == [friend.view["seat"]]  # type: ignore[index]
        friend.send({"type": "continue", "game_id": ended["id"], "hand_number": 1})
        dealt = host.until(lambda m: m["type"] == "view" and m["cause"] == "next_hand")["view"]
        assert dealt["between_hands"] is None and dealt["hand_number"] == 2
        host.send({"type": "continue", "game_id": ended["id"]})
        assert host.expect_error("invalid_message")
        host.close()
        friend.close()


def test_a_room_does_not_wait_for_ever(db_url: str) -> None:
    with live_app(db_url, hand_pause=None, room_hand_wait=0.3) as live:
        host, friend = open_two_seat_room(live)
        seats = {host.view["seat"]: host, friend.view["seat"]: friend}  # type: ignore[index]
        ended = play_to_end_of_hand(seats)
        assert ended["between_hands"]["deadline"] is not None
        dealt = host.until(lambda m: m["type"] == "view" and m["cause"] == "next_hand", timeout=10)["view"]
        assert dealt["hand_number"] == 2
        host.close()
        friend.close()
