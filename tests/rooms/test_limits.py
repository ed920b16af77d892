"""The connection bounds of a real server (uvicorn, as ``bonepile serve`` runs it): half-sent requests
closed, the Host and Origin checks, and a second process on one SQLite file refused."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from rooms_helpers import TEST_SETTINGS, LiveApp, ServeProcess, live_app, make_room
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

SHORT = TEST_SETTINGS.__class__(min_turn_time=0.1, header_timeout=1.0, idle_timeout=1.0)


def test_half_sent_requests_are_closed_while_normal_ones_are_served(db_url: str) -> None:
    with live_app(db_url, settings=SHORT) as live:
        held = []
        for _ in range(20):
            half = socket.create_connection(("127.0.0.1", live.port), timeout=10)
            half.sendall(b"GET /api/games/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")  # never finished
            held.append(half)
        assert live.http.get("/api/games/catalog").status_code == 200  # served meanwhile
        started = time.monotonic()
        for half in held:
            assert half.recv(1024) == b""  # closed by the server
            half.close()
        assert time.monotonic() - started < 10


def test_a_body_sent_a_byte_at_a_time_is_given_up(db_url: str) -> None:
    with live_app(db_url, settings=SHORT) as live:
        slow = socket.create_connection(("127.0.0.1", live.port), timeout=10)
        head = "POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        slow.sendall((head + "Content-Length: 200\r\n\r\n{").encode())
        answer = b""
        started = time.monotonic()
        while chunk := slow.recv(65536):
            answer += chunk
            assert time.monotonic() - started < 10
        slow.close()
        assert answer.startswith(b"HTTP/1.1 408") and b"body_timeout" in answer


def test_an_idle_keep_alive_connection_is_closed(db_url: str) -> None:
    with live_app(db_url, settings=SHORT) as live:
        idle = socket.create_connection(("127.0.0.1", live.port), timeout=10)
        idle.sendall(b"GET /api/games/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += idle.recv(65536)
        assert answer.startswith(b"HTTP/1.1 200")
        idle.settimeout(10)
        started = time.monotonic()
        while idle.recv(65536):  # the rest of the answer, then the close
            assert time.monotonic() - started < 10
        idle.close()


def test_a_foreign_host_is_refused(live: LiveApp) -> None:
    answer = live.http.get("/api/games/catalog", headers={"Host": "evil.example"})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_host"
    assert live.http.get("/api/games/catalog", headers={"Host": f"localhost:{live.port}"}).status_code == 200


def test_a_websocket_from_a_foreign_page_is_refused(live: LiveApp) -> None:
    created = make_room(live.http, game="dominoes")
    room = created["room"]["id"]
    game = live.http.post("/api/games", json={"game": "dominoes"}).json()["id"]
    for path in (f"/ws/rooms/{room}", f"/ws/games/{game}?seat=0"):
        with pytest.raises(InvalidStatus) as refused:
            connect(live.ws_url + path, origin="http://evil.example", open_timeout=10)  # type: ignore[arg-type]
        assert refused.value.response.status_code == 403
        with connect(live.ws_url + path, origin=f"http://127.0.0.1:{live.port}", open_timeout=10) as same:  # type: ignore[arg-type]
            same.send('{"type": "ping"}')
            assert same.recv(timeout=10)


def test_a_second_server_on_one_sqlite_file_without_redis_refuses_to_start(tmp_path: Path) -> None:
    db_url = f"sqlite:///{tmp_path / 'one.db'}"
    first = ServeProcess(db_url, log=tmp_path / "first.log").start()
    try:
        command = [sys.executable, "-m", "bonepile.cli.main", "serve", "--port", "0", "--db", db_url]
        second = subprocess.run(command, capture_output=True, text=True, timeout=60)
        assert second.returncode == 2
        assert "another bonepile server is using" in second.stderr and "--redis" in second.stderr
        assert httpx.get(f"{first.url}/api/games/catalog", timeout=5).status_code == 200
    finally:
        first.stop()
