"""The room socket against wrong, stale, duplicate, malformed and hostile messages: each gets a clear error
(or a closed socket) and nothing changes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from rooms_helpers import Client, LiveApp, auth, live_app, make_room, replay_to, stored_record, tiles_named

from bonepile.web.room_socket import Limits


def stored_state(live: LiveApp, game_id: str) -> tuple[Any, ...]:
    """Everything the database holds about the game's progress."""
    stored = live.store.get(game_id)
    return stored.moves, stored.version, stored.status, stored.timeouts


def started(live: LiveApp, game: str = "dominoes") -> tuple[dict[str, Any], Client, Client]:
    """A room of two humans, started, with the host's and the guest's sockets at the first view."""
    created = make_room(live.http, game=game, seats=[{"kind": "human", "name": "Ann"}, {"kind": "human"}])
    room_id = created["room"]["id"]
    ann = Client(live.ws_url, room_id, created["host_token"])
    bea = Client(live.ws_url, room_id, created["seat_tokens"][0]["token"])
    live.http.post(f"/api/rooms/{room_id}/start", headers=auth(created["host_token"])).raise_for_status()
    for client in (ann, bea):
        client.until(lambda m: m["type"] == "view")
    return created, ann, bea


def mover_and_other(ann: Client, bea: Client) -> tuple[Client, Client]:
    assert ann.view is not None
    return (ann, bea) if ann.view["turn"] == 0 else (bea, ann)


def test_a_wrong_token_or_room_is_refused_and_the_socket_closed(live: LiveApp) -> None:
    created = make_room(live.http, game="dominoes", seats=[{"kind": "human"}, {"kind": "human"}])
    room_id = created["room"]["id"]
    wrong = Client(live.ws_url, room_id, "A" * 32)
    assert wrong.welcome is not None and wrong.welcome["error"]["code"] == "bad_token"
    wrong.expect_close(4401)
    elsewhere = Client(live.ws_url, "000000000000", created["host_token"])
    assert elsewhere.welcome is not None and elsewhere.welcome["error"]["code"] == "unknown_room"
    elsewhere.expect_close(4404)
    other_room = make_room(live.http, game="dominoes")
    foreign = Client(live.ws_url, room_id, other_room["host_token"])  # another room's host token
    assert foreign.welcome is not None and foreign.welcome["error"]["code"] == "bad_token"


def test_nothing_but_hello_is_heard_before_hello(live: LiveApp) -> None:
    created = make_room(live.http, game="dominoes", seats=[{"kind": "human"}, {"kind": "human"}])
    early = Client(live.ws_url, created["room"]["id"], hello=False)
    early.send({"type": "move", "game_id": "x", "move_number": 0, "move": "draw"})
    assert early.expect_close(4401)[0]["error"]["code"] == "not_authenticated"


def test_no_hello_in_time_closes_the_socket(db_url: str) -> None:
    with live_app(db_url, limits=Limits(hello_timeout=0.3)) as live:
        created = make_room(live.http, game="dominoes")
        silent = Client(live.ws_url, created["room"]["id"], hello=False)
        assert silent.expect_close(4401)[0]["error"]["code"] == "not_authenticated"


def test_a_seat_acts_only_as_itself_and_only_on_its_turn(live: LiveApp) -> None:
    _, ann, bea = started(live)
    mover, waiter = mover_and_other(ann, bea)
    assert mover.view is not None and waiter.view is not None
    game_id = mover.view["id"]
    before = stored_state(live, game_id)
    # The waiting seat tries the mover's legal move: it can only ever act as itself.
    waiter.send(
        {"type": "move", "game_id": game_id, "move_number": 0, "move": mover.view["legal_moves"][0]["text"], "id": "a"}
    )
    refused = waiter.expect_error("not_your_turn")
    assert refused["id"] == "a"
    # Naming another seat is not even a field of the protocol.
    waiter.send({"type": "move", "game_id": game_id, "move_number": 0, "move": "draw", "seat": mover.view["seat"]})
    waiter.expect_error("invalid_message")
    assert stored_state(live, game_id) == before


def test_a_replayed_or_duplicated_move_is_played_once(live: LiveApp) -> None:
    created, ann, bea = started(live)
    mover, waiter = mover_and_other(ann, bea)
    assert mover.view is not None
    game_id = mover.view["id"]
    message = {
        "type": "move",
        "game_id": game_id,
        "move_number": 0,
        "move": mover.view["legal_moves"][0]["text"],
        "id": "once",
    }
    # A double click: the same message twice, and the same from a second tab of the same seat.
    seat_token = created["host_token"] if mover is ann else created["seat_tokens"][0]["token"]
    second_tab = Client(live.ws_url, created["room"]["id"], seat_token)
    second_tab.until(lambda m: m["type"] == "view")
    mover.send(message)
    mover.send(message)
    second_tab.send(message)
    ack = mover.until(lambda m: m["type"] in ("ack", "error"))
    assert ack["type"] == "ack" and ack["id"] == "once" and ack["move"]["number"] == 1
    assert mover.expect_error("stale_move")["id"] == "once"
    assert second_tab.expect_error("stale_move")["id"] == "once"
    assert live.store.get(game_id).moves == (message["move"],)
    # Replayed later, when the game has moved on: still stale.
    waiter.view_at(1)
    mover.send(message)
    mover.expect_error("stale_move")
    assert len(live.store.get(game_id).moves) == 1


def test_malformed_and_unknown_messages_get_errors_and_change_nothing(db_url: str) -> None:
    with live_app(db_url, limits=Limits(burst=100)) as live:
        check_malformed(live)


def check_malformed(live: LiveApp) -> None:
    _, ann, bea = started(live)
    mover, _ = mover_and_other(ann, bea)
    assert mover.view is not None
    game_id = mover.view["id"]
    before = stored_state(live, game_id)
    legal = mover.view["legal_moves"][0]["text"]
    base = {"type": "move", "game_id": game_id, "move_number": 0, "move": legal}
    cases: list[tuple[Any, str]] = [
        ("{not json", "bad_json"),
        (b"\x00\x01binary", "bad_json"),
        ("[1, 2, 3]", "invalid_message"),
        ('"move"', "invalid_message"),
        ({"type": 7}, "invalid_message"),
        ({"type": "resign"}, "unknown_type"),
        ({"type": "move"}, "invalid_message"),
        (base | {"move_number": True}, "invalid_message"),
        (base | {"move_number": "0"}, "invalid_message"),
        (base | {"move_number": -1}, "invalid_message"),
        (base | {"move": ["6-6"]}, "invalid_message"),
        (base | {"move": "x" * 101}, "invalid_message"),
        (base | {"id": 12}, "invalid_message"),
        (base | {"id": "i" * 65}, "invalid_message"),
        (base | {"extra": 1}, "invalid_message"),
        (base | {"game_id": "somethingelse"}, "stale_move"),
        (base | {"move_number": 5}, "stale_move"),
        (base | {"move": "9-9 left"}, "illegal_move"),
        (base | {"move": "banana"}, "invalid_move"),
        ({"type": "hello", "token": "whatever"}, "already_authenticated"),
        ("[" * 3000 + "]" * 1000, "bad_json"),
    ]
    for payload, code in cases:
        mover.send(payload if isinstance(payload, str | bytes) else json.dumps(payload))
        got = mover.expect_error(code)
        assert got["error"]["message"], payload
    assert stored_state(live, game_id) == before
    mover.send({"type": "ping", "id": "p1"})
    assert mover.until(lambda m: m["type"] == "pong") == {"type": "pong", "id": "p1"}


def test_engine_errors_never_reach_a_client_with_the_position(live: LiveApp) -> None:
    _, ann, bea = started(live, "triominoes")
    mover, _ = mover_and_other(ann, bea)
    assert mover.view is not None
    record = stored_record(live.store, mover.view["id"])
    game = replay_to(record, 0)
    other = 1 - mover.view["seat"]
    theirs = sorted(str(tile) for tile in game.round.tiles_of(other))
    # The mover names a tile the other player holds: refused, and the answer names no other hidden tile
    # and never the position (which the engine's full message carries, every hand in it).
    mover.move(mover.view, f"{theirs[0]} c0 r0 up")
    refused = mover.expect_error("illegal_move")["error"]["message"]
    assert game.position() not in refused
    hidden = set(theirs[1:]) | {str(tile) for tile in game.round.pool()}
    assert not tiles_named("triominoes", refused) & hidden, refused


def test_a_guest_watches_but_cannot_move(live: LiveApp) -> None:
    created, _ann, _ = started(live)
    guest = Client(live.ws_url, created["room"]["id"], created["join_code"])
    assert guest.welcome is not None and guest.welcome["role"] == "guest" and guest.welcome["seat"] is None
    view = guest.until(lambda m: m["type"] == "view")["view"]
    assert view["seat"] is None and view["your_tiles"] == []
    guest.move(view, "draw")
    guest.expect_error("not_a_seat")


@pytest.fixture
def strict(db_url: str) -> Iterator[LiveApp]:
    with live_app(db_url, limits=Limits(burst=5, rate=2.0, flood=8)) as live:
        yield live


def test_an_oversized_message_closes_the_socket_and_changes_nothing(live: LiveApp) -> None:
    _, ann, bea = started(live)
    mover, _ = mover_and_other(ann, bea)
    assert mover.view is not None
    before = stored_state(live, mover.view["id"])
    mover.send(json.dumps({"type": "ping", "id": None, "pad": "x" * 5000}))
    got = mover.expect_close(1009)
    assert got[-1]["error"]["code"] == "message_too_big"
    assert stored_state(live, mover.view["id"]) == before
    # A frame too big for the WebSocket layer itself is cut off there.
    other = bea if mover is ann else ann
    other.send("x" * 70_000)
    other.expect_close(1009)


def test_over_the_rate_messages_are_dropped_and_a_flood_closes_the_socket(strict: LiveApp) -> None:
    _, ann, bea = started(strict)
    mover, _ = mover_and_other(ann, bea)
    assert mover.view is not None
    game_id = mover.view["id"]
    before = stored_state(strict, game_id)
    stale = {"type": "move", "game_id": game_id, "move_number": 99, "move": "draw"}
    for _ in range(6):
        mover.send(stale)
    codes = [mover.until(lambda m: m["type"] == "error")["error"]["code"] for _ in range(6)]
    # The bucket holds 5 (the hello took one): the first messages are heard, the rest dropped.
    assert codes[:4] == ["stale_move"] * 4 and codes[-1] == "rate_limited"
    for _ in range(40):
        try:
            mover.send({"type": "ping"})
        except Exception:
            break
    got = mover.expect_close(1008)
    assert got[-1]["error"]["code"] == "flood"
    assert stored_state(strict, game_id) == before
    # The other seat's socket is untouched and the game plays on.
    other = bea if mover is ann else ann
    other.send({"type": "ping", "id": "still"})
    assert other.until(lambda m: m["type"] == "pong")["id"] == "still"


def test_a_move_the_database_cannot_store_is_refused_and_never_shown(
    live: LiveApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, ann, bea = started(live)
    mover, other = mover_and_other(ann, bea)
    assert mover.view is not None
    saved = live.store.save_many

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise OSError("disk full")

    monkeypatch.setattr(live.store, "save_many", broken)
    mover.move(mover.view, message_id="lost")
    assert mover.expect_error("server_error")["id"] == "lost"
    monkeypatch.setattr(live.store, "save_many", saved)
    other.send({"type": "ping", "id": "sync"})
    other.until(lambda m: m["type"] == "pong")
    assert all(m["type"] != "view" or m["view"]["move_number"] == 0 for m in [*mover.messages, *other.messages])
    # The store works again: the same move goes through, once.
    mover.move(mover.view, message_id="again")
    assert mover.until(lambda m: m["type"] in ("ack", "error"))["type"] == "ack"
    assert len(live.store.get(mover.view["id"]).moves) == 1
