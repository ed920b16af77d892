"""The lobby: creating a room, credentials and roles, joining, seats, starting, presence, rematch, record."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rooms_helpers import Client, LiveApp, auth, error_code, make_room, play_room, stored_record
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect


def two_humans_and_ai(live: LiveApp, **extra: Any) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "ai", "level": "easy"}]
    return make_room(live.http, game="dominoes", seats=seats, options={"target": 20}, **extra)


def test_creating_a_room_hands_out_one_secret_per_seat_and_stores_only_hashes(live: LiveApp) -> None:
    created = two_humans_and_ai(live)
    room = created["room"]
    assert room["state"] == "waiting" and room["host_seat"] == 0 and room["game_id"] is None
    assert room["you"] == {"role": "host", "seat": 0} and room["join_code"] == created["join_code"]
    assert [s["seat"] for s in created["seat_tokens"]] == [1]  # the host's seat plays with the host token
    assert [(s["kind"], s["name"], s["taken"]) for s in room["seats"]] == [
        ("human", "Ann", True),
        ("human", "Player 2", False),
        ("ai", "Computer", True),
    ]
    secrets = [created["host_token"], created["join_code"], created["seat_tokens"][0]["token"]]
    assert len(set(secrets)) == 3 and all(len(secret) == 32 for secret in secrets)
    stored = live.store.rooms.get(room["id"])
    dumped = repr(stored)
    assert created["host_token"] not in dumped and created["seat_tokens"][0]["token"] not in dumped
    assert "seed" not in room


def test_each_credential_reads_the_room_in_its_role(live: LiveApp) -> None:
    created = two_humans_and_ai(live)
    room_id = created["room"]["id"]
    seat_token = created["seat_tokens"][0]["token"]
    roles = {}
    for credential in (created["host_token"], seat_token, created["join_code"]):
        answer = live.http.get(f"/api/rooms/{room_id}", headers=auth(credential))
        assert answer.status_code == 200, answer.text
        roles[answer.json()["you"]["role"]] = answer.json()
    assert roles["seat"]["you"] == {"role": "seat", "seat": 1} and roles["seat"]["join_code"] is None
    assert roles["guest"]["you"] == {"role": "guest", "seat": None} and roles["guest"]["join_code"] is None
    assert error_code(live.http.get(f"/api/rooms/{room_id}"), 401) == "no_credential"
    assert error_code(live.http.get(f"/api/rooms/{room_id}", headers=auth("x" * 32)), 403) == "bad_token"
    other = two_humans_and_ai(live)
    assert error_code(live.http.get(f"/api/rooms/{room_id}", headers=auth(other["host_token"])), 403) == "bad_token"
    assert error_code(live.http.get("/api/rooms/nope", headers=auth(seat_token)), 404) == "unknown_room"


def test_joining_by_the_shared_link_takes_an_open_seat_and_names_it(live: LiveApp) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]
    created = make_room(live.http, game="triominoes", seats=seats)
    room_id, code = created["room"]["id"], created["join_code"]
    joined = live.http.post(f"/api/rooms/{room_id}/join", json={"name": " Bob "}, headers=auth(code)).json()
    assert joined["seat"] == 1 and joined["room"]["seats"][1]["name"] == "Bob"
    assert joined["room"]["you"] == {"role": "seat", "seat": 1}
    # The host's earlier link for seat 1 no longer works: the seat has its own new token now.
    old = created["seat_tokens"][0]["token"]
    assert error_code(live.http.get(f"/api/rooms/{room_id}", headers=auth(old)), 403) == "bad_token"
    answer = live.http.post(f"/api/rooms/{room_id}/join", json={"seat": 1}, headers=auth(code))
    assert error_code(answer, 409) == "seat_taken"
    cy = live.http.post(f"/api/rooms/{room_id}/join", json={"name": "Cy", "seat": 2}, headers=auth(code)).json()
    assert cy["seat"] == 2
    assert error_code(live.http.post(f"/api/rooms/{room_id}/join", json={}, headers=auth(code)), 409) == "room_full"
    # Only the join code joins.
    answer = live.http.post(f"/api/rooms/{room_id}/join", json={}, headers=auth(cy["token"]))
    assert error_code(answer, 403) == "bad_token"
    answer = live.http.post(f"/api/rooms/{room_id}/join", json={"name": "x" * 30}, headers=auth(code))
    assert answer.status_code in (400, 409)


def test_a_seat_link_claims_its_seat_and_renames_it_in_the_lobby(live: LiveApp) -> None:
    created = two_humans_and_ai(live)
    room_id, token = created["room"]["id"], created["seat_tokens"][0]["token"]
    claimed = live.http.post(f"/api/rooms/{room_id}/claim", json={"name": "Bea"}, headers=auth(token)).json()
    assert claimed["room"]["seats"][1] | {"connected": False} == {
        "seat": 1,
        "kind": "human",
        "level": None,
        "name": "Bea",
        "taken": True,
        "connected": False,
        "host": False,
    }
    guest = live.http.post(f"/api/rooms/{room_id}/claim", json={}, headers=auth(created["join_code"]))
    assert error_code(guest, 403) == "not_a_seat"


def test_the_host_sets_seats_and_a_replaced_token_is_revoked_at_once(live: LiveApp) -> None:
    created = two_humans_and_ai(live)
    room_id, host = created["room"]["id"], created["host_token"]
    token = created["seat_tokens"][0]["token"]
    bea = Client(live.ws_url, room_id, token)
    assert bea.welcome is not None and bea.welcome["type"] == "welcome"
    answer = live.http.post(f"/api/rooms/{room_id}/seats/1", json={"kind": "ai", "level": "hard"}, headers=auth(host))
    assert answer.status_code == 200, answer.text
    assert answer.json()["token"] is None
    assert answer.json()["room"]["seats"][1] | {"connected": True} == {
        "seat": 1,
        "kind": "ai",
        "level": "hard",
        "name": "Computer 2",
        "taken": True,
        "connected": True,
        "host": False,
    }
    got = bea.expect_close(4403)
    assert any(m["type"] == "error" and m["error"]["code"] == "revoked" for m in got)
    assert error_code(live.http.get(f"/api/rooms/{room_id}", headers=auth(token)), 403) == "bad_token"
    # Back to an open human seat, with a new link.
    again = live.http.post(f"/api/rooms/{room_id}/seats/1", json={"kind": "human"}, headers=auth(host)).json()
    assert again["room"]["seats"][1]["taken"] is False and len(again["token"]) == 32
    refusals = [
        (live.http.post(f"/api/rooms/{room_id}/seats/0", json={"kind": "ai"}, headers=auth(host)), 400, "bad_seat"),
        (live.http.post(f"/api/rooms/{room_id}/seats/9", json={"kind": "ai"}, headers=auth(host)), 400, "bad_seat"),
        (
            live.http.post(f"/api/rooms/{room_id}/seats/1", json={"kind": "ai"}, headers=auth(again["token"])),
            403,
            "not_host",
        ),
        (
            live.http.post(f"/api/rooms/{room_id}/seats/1", json={"kind": "ai", "level": "x"}, headers=auth(host)),
            400,
            "bad_rules",
        ),
    ]
    for answer, status, code in refusals:
        assert error_code(answer, status) == code


def test_start_needs_the_host_and_every_human_seat_taken(live: LiveApp) -> None:
    created = two_humans_and_ai(live)
    room_id, host, token = created["room"]["id"], created["host_token"], created["seat_tokens"][0]["token"]
    assert error_code(live.http.post(f"/api/rooms/{room_id}/start", json={}, headers=auth(token)), 403) == "not_host"
    assert error_code(live.http.post(f"/api/rooms/{room_id}/start", json={}, headers=auth(host)), 409) == "seats_open"
    view = live.http.get(f"/api/rooms/{room_id}/view", headers=auth(host))
    assert error_code(view, 409) == "not_started"
    ann = Client(live.ws_url, room_id, host)
    bea = Client(live.ws_url, room_id, token)  # a seat's hello takes the seat
    assert bea.room is not None and bea.room["seats"][1]["taken"]
    started = live.http.post(f"/api/rooms/{room_id}/start", headers=auth(host))
    assert started.status_code == 200, started.text
    assert started.json()["room"]["state"] == "playing" and started.json()["room"]["game_id"]
    for client in (ann, bea):
        first = client.until(lambda m: m["type"] == "view")
        assert first["cause"] == "start" and first["view"]["room"] == room_id
    assert error_code(live.http.post(f"/api/rooms/{room_id}/start", headers=auth(host)), 409) == "room_started"
    answer = live.http.post(f"/api/rooms/{room_id}/join", json={}, headers=auth(created["join_code"]))
    assert error_code(answer, 409) == "room_started"
    answer = live.http.post(f"/api/rooms/{room_id}/claim", json={"name": "Z"}, headers=auth(token))
    assert error_code(answer, 409) == "room_started"
    assert live.http.get(f"/api/rooms/{room_id}/view", headers=auth(token)).json()["seat"] == 1
    assert live.http.get(f"/api/rooms/{room_id}/view", headers=auth(created["join_code"])).json()["seat"] is None


def test_presence_follows_the_sockets_and_is_pushed_to_the_room(live: LiveApp) -> None:
    created = two_humans_and_ai(live)
    room_id, host, token = created["room"]["id"], created["host_token"], created["seat_tokens"][0]["token"]
    ann = Client(live.ws_url, room_id, host)
    assert ann.room is not None
    ann.until(lambda m: m["type"] == "room" and m["room"]["seats"][0]["connected"])
    first_tab = Client(live.ws_url, room_id, token)
    ann.until(lambda m: m["type"] == "room" and m["room"]["seats"][1]["connected"])
    second_tab = Client(live.ws_url, room_id, token)
    first_tab.close()  # the other tab is still open: still connected
    second_tab.close()
    away = ann.until(lambda m: m["type"] == "room" and not m["room"]["seats"][1]["connected"])
    assert [s["connected"] for s in away["room"]["seats"]] == [True, False, True]  # an AI seat is always there
    back = Client(live.ws_url, room_id, token)
    ann.until(lambda m: m["type"] == "room" and m["room"]["seats"][1]["connected"])
    back.close()


def test_a_finished_room_offers_its_record_and_a_rematch_with_the_same_people(live: LiveApp) -> None:
    created = two_humans_and_ai(live)
    room_id, host, token = created["room"]["id"], created["host_token"], created["seat_tokens"][0]["token"]
    ann, bea = Client(live.ws_url, room_id, host), Client(live.ws_url, room_id, token)
    live.http.post(f"/api/rooms/{room_id}/start", headers=auth(host)).raise_for_status()
    for client in (ann, bea):
        client.until(lambda m: m["type"] == "view")
    first_id = ann.view["id"] if ann.view else ""
    # While the game is on, no record (it holds the seed) and no rematch.
    answer = live.http.get(f"/api/rooms/{room_id}/record", headers=auth(token))
    assert error_code(answer, 409) == "record_unavailable"
    rematch = live.http.post(f"/api/rooms/{room_id}/rematch", json={"game_id": first_id}, headers=auth(token))
    assert error_code(rematch, 409) == "not_finished"
    final = play_room({0: ann, 1: bea})
    assert final["game_over"] is not None
    finished = ann.room_until(lambda room: room["state"] == "finished")
    assert finished["game_id"] == first_id
    record = live.http.get(f"/api/rooms/{room_id}/record", headers=auth(token)).json()
    stored = stored_record(live.store, first_id)
    assert record["seed"] == stored["seed"] and record["moves"] == stored["moves"]
    assert 0 <= record["seed"] < 2**63
    guest = live.http.post(
        f"/api/rooms/{room_id}/rematch", json={"game_id": first_id}, headers=auth(created["join_code"])
    )
    assert error_code(guest, 403) == "not_a_seat"
    again = live.http.post(f"/api/rooms/{room_id}/rematch", json={"game_id": first_id}, headers=auth(token))
    assert again.status_code == 200, again.text
    twice = live.http.post(f"/api/rooms/{room_id}/rematch", json={"game_id": first_id}, headers=auth(host))
    assert error_code(twice, 409) == "stale_rematch"  # a double click starts one game only
    room = again.json()["room"]
    assert room["state"] == "playing" and room["games"][0] == first_id and len(room["games"]) == 2
    for client in (ann, bea):  # the same sockets, the same tokens, straight into the new game
        start = client.until(lambda m: m["type"] == "view" and m["cause"] == "start")
        assert start["view"]["id"] == room["game_id"] and start["view"]["move_number"] == 0
    second = stored_record(live.store, room["game_id"])
    assert second["seed"] != stored["seed"] and second["players"] == stored["players"]
    old = live.http.get(f"/api/rooms/{room_id}/record", params={"game_id": first_id}, headers=auth(host))
    assert old.json()["seed"] == stored["seed"]
    missing = live.http.get(f"/api/rooms/{room_id}/record", params={"game_id": "abc"}, headers=auth(host))
    assert error_code(missing, 404) == "unknown_game"


def test_the_solo_api_never_serves_a_rooms_game(live: LiveApp) -> None:
    created = two_humans_and_ai(live)
    room_id, host, token = created["room"]["id"], created["host_token"], created["seat_tokens"][0]["token"]
    Client(live.ws_url, room_id, token).close()
    game_id = live.http.post(f"/api/rooms/{room_id}/start", headers=auth(host)).json()["room"]["game_id"]
    assert all(game["id"] != game_id for game in live.http.get("/api/games", params={"status": "all"}).json()["games"])
    for answer in (
        live.http.get(f"/api/games/{game_id}"),
        live.http.get(f"/api/games/{game_id}/view", params={"seat": "1"}),
        live.http.post(f"/api/games/{game_id}/moves", json={"seat": 1, "move": "draw", "move_number": 0}),
        live.http.get(f"/api/games/{game_id}/hint", params={"seat": "1"}),
        live.http.get(f"/api/games/{game_id}/record"),
        live.http.delete(f"/api/games/{game_id}", params={"seat": "1"}),
    ):
        assert error_code(answer, 404) == "unknown_game"
    with connect(f"{live.ws_url}/ws/games/{game_id}?seat=1") as socket:
        refused = json.loads(socket.recv(timeout=10))
        assert refused["type"] == "error" and refused["error"]["code"] == "unknown_game"
        with pytest.raises(ConnectionClosed) as closed:
            socket.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404


def test_bad_room_requests_are_refused_in_the_error_shape(live: LiveApp) -> None:
    for body, code in [
        ({"game": "chess"}, "bad_rules"),
        ({"game": "dominoes", "seed": 5}, "invalid_request"),  # a room's seed is never chosen by a client
        ({"game": "dominoes", "host_seat": 1, "seats": [{"kind": "human"}, {"kind": "ai"}]}, "bad_seat"),
        ({"game": "dominoes", "turn_time_limit": 0}, "bad_rules"),
        ({"game": "dominoes", "turn_time_limit": True}, "invalid_request"),
        ({"game": "dominoes", "options": {"turn_time_limit": 5}}, "bad_rules"),  # not a Dominoes engine option
    ]:
        answer = live.http.post("/api/rooms", json=body)
        assert answer.status_code in (400, 422) and answer.json()["error"]["code"] == code, (body, answer.text)
    big = live.http.post("/api/rooms", content=b'{"game": "' + b"x" * 20000 + b'"}')
    assert error_code(big, 413) == "too_large"
    watcher = make_room(live.http, game="dominoes", host_seat=None)
    assert watcher["room"]["you"] == {"role": "host", "seat": None} and len(watcher["seat_tokens"]) == 2
    tri = make_room(live.http, game="triominoes", turn_time_limit=30)
    assert tri["room"]["options"]["turn_time_limit"] == 30.0 and tri["room"]["turn_time_limit"] == 30.0


def test_hints_in_a_room_only_when_the_host_allowed_them(live: LiveApp) -> None:
    for allowed in (False, True):
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"}]
        created = make_room(live.http, game="dominoes", seats=seats, hints=allowed)
        room = created["room"]
        assert room["hints"] is allowed
        room_id, host, token = room["id"], created["host_token"], created["seat_tokens"][0]["token"]
        early = live.http.get(f"/api/rooms/{room_id}/hint", headers=auth(host))
        assert error_code(early, 409 if allowed else 403) == ("not_started" if allowed else "hints_off")
        Client(live.ws_url, room_id, token).close()
        game_id = live.http.post(f"/api/rooms/{room_id}/start", headers=auth(host)).json()["room"]["game_id"]
        view = live.http.get(f"/api/rooms/{room_id}/view", headers=auth(host)).json()
        mover, waiting = (host, token) if view["turn"] == 0 else (token, host)
        answer = live.http.get(f"/api/rooms/{room_id}/hint", headers=auth(mover))
        if not allowed:
            assert error_code(answer, 403) == "hints_off"
            continue
        assert answer.status_code == 200, answer.text
        hint = answer.json()
        mover_view = live.http.get(f"/api/rooms/{room_id}/view", headers=auth(mover)).json()
        assert mover_view["id"] == game_id and hint["move"] in mover_view["legal_moves"] and hint["reasons"]
        assert error_code(live.http.get(f"/api/rooms/{room_id}/hint", headers=auth(waiting)), 409) == "not_your_turn"
        guest = room["join_code"]
        assert error_code(live.http.get(f"/api/rooms/{room_id}/hint", headers=auth(guest)), 403) == "not_a_seat"
