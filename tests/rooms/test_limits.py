"""The connection bounds of a real server (uvicorn, as ``bonepile serve`` runs it): half-sent requests
closed, the Host and Origin checks, and a second process on one SQLite file refused."""

from __future__ import annotations

import contextlib
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


def idle_connection(live: LiveApp) -> tuple[socket.socket, float]:
    """A keep-alive connection that got one answer and then says nothing; when the answer's head arrived."""
    idle = socket.create_connection(("127.0.0.1", live.port), timeout=10)
    idle.sendall(b"GET /api/games/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += idle.recv(65536)
    assert answer.startswith(b"HTTP/1.1 200")
    return idle, time.monotonic()


def test_an_idle_keep_alive_connection_is_closed(db_url: str, tmp_path: Path) -> None:
    """Closed ``idle_timeout`` (1 s) after its answer, and because of that setting: a connection made earlier
    to a server whose ``idle_timeout`` is a minute is still open then (with uvicorn's default keep-alive of 5 s
    for both, the earlier one would close first)."""
    # The head timeout (which also bounds the wait for a next request) is set long on both, so only
    # idle_timeout can close the connection within the test.
    short = TEST_SETTINGS.__class__(min_turn_time=0.1, header_timeout=60.0, idle_timeout=1.0)
    long_settings = TEST_SETTINGS.__class__(min_turn_time=0.1, header_timeout=60.0, idle_timeout=60.0)
    control_db = f"sqlite:///{tmp_path / 'control.db'}"  # one server to a SQLite file
    with live_app(control_db, settings=long_settings) as patient, live_app(db_url, settings=short) as live:
        control, _ = idle_connection(patient)
        time.sleep(0.5)
        idle, answered = idle_connection(live)
        idle.settimeout(30)
        while idle.recv(65536):  # the rest of the answer, then the close
            pass
        closed = time.monotonic()
        idle.close()
        assert closed - answered >= short.idle_timeout - 0.05  # not before its time
        control.setblocking(False)
        with contextlib.suppress(BlockingIOError):  # raised: still open, nothing to read, as it should be
            assert control.recv(65536) != b"", "the connection to the server with a minute's idle_timeout was closed"
        control.close()


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
