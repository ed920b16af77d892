"""Two ``bonepile serve --redis`` processes on one database and a local redis-server: one room played to the
end by two clients, each connected to a different process."""

from __future__ import annotations

from pathlib import Path

import httpx
from environment_helpers import unless
from rooms_helpers import (
    REDIS_SERVER,
    Client,
    ServeProcess,
    auth,
    check_no_leaks,
    make_room,
    play_room,
    redis_server,
    replay_to,
)

pytestmark = unless(REDIS_SERVER is not None, "redis-server (Debian package redis-server; .ci/run installs it)")


def test_one_room_played_through_two_server_processes(tmp_path: Path, db_url: str) -> None:
    """On SQLite (one file) and on PostgreSQL (``db_url`` runs on both)."""
    with redis_server(tmp_path) as redis:
        redis_url = redis.url
        first = ServeProcess(db_url, redis=redis_url, log=tmp_path / "first.log").start()
        second = ServeProcess(db_url, redis=redis_url, log=tmp_path / "second.log").start()
        try:
            seats = [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "ai", "level": "easy"}]
            created = make_room(first, game="dominoes", seats=seats, options={"target": 30})
            room_id, host = created["room"]["id"], created["host_token"]
            # Bea joins through the second process, and plays there.
            joined = httpx.post(
                f"{second.url}/api/rooms/{room_id}/join",
                json={"name": "Bea"},
                headers=auth(created["join_code"]),
                timeout=10,
            ).json()
            ann = Client(first.ws_url, room_id, host)
            bea = Client(second.ws_url, room_id, joined["token"])
            # Presence crosses processes: Ann (on the first) sees Bea (on the second) arrive.
            ann.room_until(lambda room: room["seats"][1]["connected"])
            assert ann.room is not None and ann.room["seats"][1]["name"] == "Bea"
            # The host starts through the second process; the first one's socket gets the game too.
            httpx.post(f"{second.url}/api/rooms/{room_id}/start", headers=auth(host), timeout=10).raise_for_status()
            for client in (ann, bea):
                client.until(lambda m: m["type"] == "view")
            final = play_room({0: ann, 1: bea})
            assert final["status"] == "over"
            for client in (ann, bea):
                client.room_until(lambda room: room["state"] == "finished")
                numbers = [m["view"]["move_number"] for m in client.messages if m["type"] == "view"]
                assert numbers == sorted(numbers) and numbers[-1] == final["move_number"]
            records = [
                httpx.get(f"{server.url}/api/rooms/{room_id}/record", headers=auth(host), timeout=10).json()
                for server in (first, second)
            ]
            assert records[0] == records[1] and len(records[0]["moves"]) == final["move_number"]
            record = records[0] | {"id": final["id"]}
            assert replay_to(record, final["move_number"]).is_over
            assert check_no_leaks(record, 0, ann) > 0 and check_no_leaks(record, 1, bea) > 0
            # A rematch asked on the first process starts on both.
            answer = httpx.post(
                f"{first.url}/api/rooms/{room_id}/rematch",
                json={"game_id": final["id"]},
                headers=auth(joined["token"]),
                timeout=10,
            )
            assert answer.status_code == 200, answer.text
            for client in (ann, bea):
                start = client.until(lambda m: m["type"] == "view" and m["cause"] == "start")
                assert start["view"]["id"] == answer.json()["room"]["game_id"]
            # Bea leaves: Ann, on the other process, sees her away.
            bea.close()
            ann.room_until(lambda room: not room["seats"][1]["connected"])
        finally:
            first.stop()
            second.stop()
