"""The turn timer, in rooms and in solo games: the deadline in the views, the server's move when it passes
(T8's ``timeout`` in Tri-Ominos, a random legal move in Dominoes), and the clock across a restart."""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

from rooms_helpers import Client, LiveApp, auth, live_app, make_room
from sqlalchemy import create_engine, select, update

from bonepile.store.db import GameRow


def _deadline(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S.%fZ")


def start_room(live: LiveApp, **body: object) -> dict[int, Client]:
    created = make_room(live.http, **body)
    room_id = created["room"]["id"]
    clients = {0: Client(live.ws_url, room_id, created["host_token"])}
    for entry in created["seat_tokens"]:
        clients[entry["seat"]] = Client(live.ws_url, room_id, entry["token"])
    live.http.post(f"/api/rooms/{room_id}/start", headers=auth(created["host_token"])).raise_for_status()
    for client in clients.values():
        client.until(lambda m: m["type"] == "view")
    return clients


def test_a_dominoes_seat_out_of_time_gets_a_legal_move_played_for_it(live: LiveApp) -> None:
    seats = [{"kind": "human", "name": "You"}, {"kind": "human", "name": "Bo"}]
    clients = start_room(live, game="dominoes", seats=seats, turn_time_limit=0.2, options={"target": 100})
    ann = clients[0]
    assert ann.view is not None
    clock = ann.view["clock"]
    assert clock["seat"] == ann.view["turn"] and clock["limit"] == 0.2 and 0 <= clock["remaining"] <= 0.2
    assert ann.room is not None and ann.room["turn_time_limit"] == 0.2
    timed = ann.until(lambda m: m["type"] == "view" and m["cause"] == "timeout")
    last = timed["view"]["last_move"]
    assert last["timed_out"] is True and last["number"] == 1
    assert last["text"].startswith(("You ran out of time: ", "Bo ran out of time: "))
    for _ in range(3):
        ann.until(lambda m: m["type"] == "view" and m["cause"] == "timeout")
    stored = live.store.get(ann.view["id"])
    assert stored.timeouts and all(1 <= n <= len(stored.moves) for n in stored.timeouts)


def test_a_seat_that_moves_in_time_plays_its_own_move_and_the_clock_starts_afresh(live: LiveApp) -> None:
    # 30 s a turn: the move is surely in time, so nothing here races the clock.
    seats = [{"kind": "human", "name": "You"}, {"kind": "human", "name": "Bo"}]
    clients = start_room(live, game="dominoes", seats=seats, turn_time_limit=30, options={"target": 100})
    view = clients[0].view
    assert view is not None
    mover = clients[view["turn"]]
    mine = mover.view_at(view["move_number"])
    old_deadline = _deadline(mine["clock"]["deadline"])
    sent = datetime.now(UTC).replace(tzinfo=None)
    mover.move(mine)
    answer = mover.until(lambda m: m["type"] in ("ack", "error"))
    assert answer["type"] == "ack" and answer["move"]["timed_out"] is False
    after = mover.view_at(view["move_number"] + 1)
    clock = after["clock"]
    assert clock["seat"] == after["turn"] != view["turn"] and clock["limit"] == 30
    # The next seat's turn began after the move was sent: its deadline is a full limit after that, not the old one.
    assert _deadline(clock["deadline"]) >= sent + timedelta(seconds=30) - timedelta(milliseconds=1) > old_deadline


def test_a_tri_ominos_seat_out_of_time_times_out_by_t8(live: LiveApp) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}]
    clients = start_room(live, game="triominoes", seats=seats, turn_time_limit=0.2)
    ann = clients[0]
    first = ann.until(lambda m: m["type"] == "view" and m["cause"] == "timeout")["view"]
    # T3: the opening tile cannot time out, so the server places one for the seat.
    assert first["last_move"]["timed_out"] and first["last_move"]["move"] != "timeout"
    assert len(first["board"]["tiles"]) == 1
    second = ann.until(lambda m: m["type"] == "view" and m["cause"] == "timeout")["view"]
    assert second["last_move"]["move"] == "timeout" and second["last_move"]["timed_out"]
    assert any(entry["kind"] == "timeout" for entry in second["log"])
    assert second["rules"]["turn_time_limit"] == 0.2


def test_a_solo_game_has_the_same_clock(live: LiveApp) -> None:
    body = {"game": "dominoes", "seats": [{"kind": "human"}, {"kind": "ai"}], "turn_time_limit": 0.3, "seed": 3}
    summary = live.http.post("/api/games", json=body).json()
    assert summary["turn_time_limit"] == 0.3
    game_id = summary["id"]
    deadline = time.monotonic() + 10
    while True:
        view = live.http.get(f"/api/games/{game_id}/view", params={"seat": "0"}).json()
        if view["last_move"] and view["last_move"]["timed_out"]:
            break
        assert time.monotonic() < deadline, "no time-out"
        if view["turn"] == 0:
            assert view["clock"]["seat"] == 0 and view["clock"]["limit"] == 0.3
        else:
            assert view["clock"] is None  # the AI has no clock
        time.sleep(0.05)
    assert view["last_move"]["seat"] == 0 and view["last_move"]["text"].startswith("You ran out of time")
    refused = live.http.post("/api/games", json=body | {"turn_time_limit": -1})
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "bad_rules"


def test_the_clock_survives_a_restart(db_url: str) -> None:
    body = {"game": "triominoes", "seats": [{"kind": "human"}, {"kind": "human"}], "turn_time_limit": 30, "seed": 8}
    with live_app(db_url) as first:
        game_id = first.http.post("/api/games", json=body).json()["id"]
        before = first.http.get(f"/api/games/{game_id}/view", params={"seat": "turn"}).json()["clock"]
        short = first.http.post("/api/games", json=body).json()["id"]
        moves_before = len(first.store.get(short).moves)
        assert not first.store.get(short).timeouts  # 30 s: it cannot run out while this server runs
    # While no server runs, the second game's turn is made to have begun a minute ago: its deadline has passed.
    engine = create_engine(db_url)
    with engine.begin() as connection:
        started = datetime.now(UTC) - timedelta(seconds=60)
        connection.execute(update(GameRow).where(GameRow.id == short).values(turn_started_at=started))
        assert connection.execute(select(GameRow.timeouts).where(GameRow.id == short)).scalar() in (None, [])
    engine.dispose()
    with live_app(db_url) as second:
        after = second.http.get(f"/api/games/{game_id}/view", params={"seat": "turn"}).json()["clock"]
        assert after["deadline"] == before["deadline"] and after["remaining"] <= before["remaining"]
        assert abs((_deadline(after["deadline"]) - _deadline(before["deadline"])).total_seconds()) < 0.001
        deadline = time.monotonic() + 15
        while not second.store.get(short).timeouts:
            assert time.monotonic() < deadline, "the passed deadline was not applied after the restart"
            time.sleep(0.02)
        assert len(second.store.get(short).moves) > moves_before
        assert not second.store.get(game_id).timeouts  # the clock that had not run out still runs
