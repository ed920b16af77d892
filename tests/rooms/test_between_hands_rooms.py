"""Between hands in a room: every human seat continues, or the room's bounded wait deals the next hand."""

from __future__ import annotations

import time
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


def paused_view(clients: dict[int, Client]) -> View | None:
    """The first view any socket got of the table waiting between hands, if one came."""
    for client in clients.values():
        for message in client.messages:
            if message["type"] == "view" and message["view"]["between_hands"] is not None:
                view: View = message["view"]
                return view
    return None


def play_to_end_of_hand(clients: dict[int, Client]) -> View:
    """Play each seat's first legal move until the hand ends (a move refused as too fast is sent again)."""
    for _ in range(300):
        ended = paused_view(clients)
        if ended is not None:
            return ended
        latest = max((c.view for c in clients.values() if c.view), key=lambda v: v["move_number"])
        mover = clients[latest["turn"]]
        view = mover.view_at(latest["move_number"])
        mover.move(view)
        answer = mover.until(lambda m: m["type"] in ("ack", "error"))
        while answer["type"] == "error" and answer["error"]["code"] == "rate_limited":
            time.sleep(0.15)
            mover.move(view)
            answer = mover.until(lambda m: m["type"] in ("ack", "error"))
        assert answer["type"] == "ack", answer
        for client in clients.values():
            client.view_at(latest["move_number"] + 1)
    raise AssertionError("the hand did not end")


def answered(client: Client, message: dict[str, Any]) -> dict[str, Any]:
    """Send ``message`` and read its answer (sent again while the room says it came too fast after the moves)."""
    for _ in range(40):
        client.send(message)
        answer = client.until(
            lambda m: (
                (m["type"] in ("ack", "error") and m["id"] == message.get("id"))
                or (m["type"] == "error" and m["error"]["code"] == "rate_limited")  # refused before it was read
            )
        )
        if answer["type"] != "error" or answer["error"]["code"] != "rate_limited":
            return answer
        time.sleep(0.15)
    raise AssertionError("the room kept refusing the message as too fast")


def test_the_next_hand_waits_for_every_human_seat(db_url: str) -> None:
    with live_app(db_url, hand_pause=None) as live:
        host, friend = open_two_seat_room(live)
        seats = {host.view["seat"]: host, friend.view["seat"]: friend}  # type: ignore[index]
        ended = play_to_end_of_hand(seats)
        pause = ended["between_hands"]
        assert pause["everyone"] is True and sorted(pause["waiting_for"]) == [0, 1] and pause["deadline"]
        continued = answered(host, {"type": "continue", "game_id": ended["id"], "hand_number": 1, "id": "c1"})
        assert continued == {"type": "ack", "id": "c1", "continued": 1}
        waiting = friend.until(lambda m: m["type"] == "view" and m["cause"] == "continued")["view"]
        assert waiting["between_hands"]["waiting_for"] == [friend.view["seat"]]  # type: ignore[index]
        assert (
            answered(friend, {"type": "continue", "game_id": ended["id"], "hand_number": 1, "id": "c2"})["type"]
            == "ack"
        )
        dealt = host.until(lambda m: m["type"] == "view" and m["cause"] == "next_hand")["view"]
        assert dealt["between_hands"] is None and dealt["hand_number"] == 2
        refused = answered(host, {"type": "continue", "game_id": ended["id"], "id": "c3"})
        assert refused["error"]["code"] == "invalid_message"
        host.close()
        friend.close()


def test_a_room_does_not_wait_for_ever(db_url: str) -> None:
    with live_app(db_url, hand_pause=None, room_hand_wait=1.0) as live:
        host, friend = open_two_seat_room(live)
        seats = {host.view["seat"]: host, friend.view["seat"]: friend}  # type: ignore[index]
        ended = play_to_end_of_hand(seats)
        assert ended["between_hands"]["deadline"] is not None
        if not any(m["type"] == "view" and m["cause"] == "next_hand" for m in host.messages):
            host.until(lambda m: m["type"] == "view" and m["cause"] == "next_hand", timeout=10)
        dealt = next(m["view"] for m in host.messages if m["type"] == "view" and m["cause"] == "next_hand")
        assert dealt["hand_number"] == 2 and dealt["between_hands"] is None
        host.close()
        friend.close()
