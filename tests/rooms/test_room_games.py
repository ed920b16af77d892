"""Whole room games of both games over real sockets: every message to every client checked against the
engine's hidden state; reconnecting in the middle."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from rooms_helpers import Client, LiveApp, auth, check_no_leaks, make_room, play_room, replay_to, stored_record


def open_room(live: LiveApp, **body: Any) -> tuple[dict[str, Any], dict[int, Client], Client]:
    """Create a room, take every human seat with its own socket, add a guest watching, and start it."""
    created = make_room(live.http, **body)
    room_id = created["room"]["id"]
    clients = {created["room"]["host_seat"]: Client(live.ws_url, room_id, created["host_token"])}
    for entry in created["seat_tokens"]:
        clients[entry["seat"]] = Client(live.ws_url, room_id, entry["token"])
    guest = Client(live.ws_url, room_id, created["join_code"])
    live.http.post(f"/api/rooms/{room_id}/start", headers=auth(created["host_token"])).raise_for_status()
    for client in [*clients.values(), guest]:
        client.until(lambda m: m["type"] == "view")
    return created, clients, guest


@pytest.mark.parametrize(
    ("body", "min_views"),
    [
        (
            {
                "game": "dominoes",
                "preset": "draw",
                "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}, {"kind": "ai", "level": "medium"}],
                "options": {"target": 40},
            },
            20,
        ),
        (
            {
                "game": "triominoes",
                "preset": "pressman",
                "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "ai", "level": "easy"}],
                "options": {"target": 60},
            },
            20,
        ),
    ],
    ids=["dominoes", "triominoes"],
)
def test_no_message_to_any_client_ever_holds_another_players_tiles(
    live: LiveApp, body: dict[str, Any], min_views: int
) -> None:
    created, clients, guest = open_room(live, **body)
    rng = random.Random(7)
    final = play_room(clients, choose=lambda view: rng.choice(view["legal_moves"])["text"])
    guest.view_at(final["move_number"])
    for client in [*clients.values(), guest]:
        client.room_until(lambda room: room["state"] == "finished")
    game_id = final["id"]
    record = stored_record(live.store, game_id)
    assert final["game_over"] is not None and len(record["moves"]) == final["move_number"]
    for seat, client in clients.items():
        assert check_no_leaks(record, seat, client) >= min_views
        acks = [m for m in client.messages if m["type"] == "ack"]
        assert acks and all(record["moves"][a["move"]["number"] - 1] == a["move"]["move"] for a in acks)
    assert check_no_leaks(record, None, guest) >= min_views
    # Each socket saw every move, one view per move, in order.
    for client in clients.values():
        numbers = [m["view"]["move_number"] for m in client.messages if m["type"] == "view"]
        assert numbers == list(range(numbers[0], final["move_number"] + 1))
    # Only now does the seed leave the server, in the record.
    answer = live.http.get(f"/api/rooms/{created['room']['id']}/record", headers=auth(created["join_code"]))
    assert answer.json()["seed"] == record["seed"]


def test_a_player_who_reconnects_is_put_back_in_their_seat_with_the_current_table(live: LiveApp) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}]
    created, clients, _ = open_room(live, game="triominoes", seats=seats, options={"target": 60})
    room_id = created["room"]["id"]
    ann, bea = clients[0], clients[1]
    token = created["seat_tokens"][0]["token"]
    # Play a few moves, then Bea's network drops (no close handshake from her page: just gone).
    for _ in range(4):
        view = ann.view if ann.view and ann.view["turn"] == 0 else bea.view
        assert view is not None
        mover = clients[view["turn"]]
        mover.move(view)
        for client in clients.values():
            client.view_at(view["move_number"] + 1)
    bea.close()
    away = ann.until(lambda m: m["type"] == "room" and not m["room"]["seats"][1]["connected"])
    assert away["room"]["state"] == "playing"
    if ann.view is not None and ann.view["turn"] == 0:
        ann.move(ann.view)
        ann.view_at(ann.view["move_number"] + 1)
    # Bea comes back (a reload): same token, straight into her seat, with the table as it is now.
    again = Client(live.ws_url, room_id, token)
    assert again.welcome is not None and again.welcome["seat"] == 1
    view = again.until(lambda m: m["type"] == "view")
    assert view["cause"] == "connect"
    assert ann.view is not None and view["view"]["move_number"] == ann.view["move_number"]
    fetched = live.http.get(f"/api/rooms/{room_id}/view", headers=auth(token)).json()
    assert {k: v for k, v in fetched.items() if k != "clock"} == {k: v for k, v in view["view"].items() if k != "clock"}
    ann.until(lambda m: m["type"] == "room" and m["room"]["seats"][1]["connected"])
    final = play_room({0: ann, 1: again})
    assert final["status"] == "over"


def test_the_leak_check_catches_a_tile_of_another_hand(live: LiveApp) -> None:
    created, clients, _ = open_room(live, game="dominoes", seats=[{"kind": "human"}, {"kind": "human"}])
    ann = clients[0]
    assert ann.view is not None
    record = stored_record(live.store, ann.view["id"])
    assert check_no_leaks(record, 0, ann) == 1
    game = replay_to(record, 0)
    hidden = str(sorted(game.hand.tiles_of(1))[0])
    leaky = dict(ann.view, log=[{"text": f"Bea holds {hidden}"}])
    ann.messages.append({"type": "view", "cause": "move", "view": leaky})
    ann.texts.append(json.dumps(ann.messages[-1]))
    with pytest.raises(AssertionError, match="hidden tiles"):
        check_no_leaks(record, 0, ann)
    ann.messages.append({"type": "room", "room": {"note": f"seed {record['seed']}"}})
    ann.texts.append(json.dumps(ann.messages[-1]))
    with pytest.raises(AssertionError):
        check_no_leaks(record, 0, ann)
    assert created["room"]["state"] == "waiting"
