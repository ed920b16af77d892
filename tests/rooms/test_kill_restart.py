"""A real ``bonepile serve`` killed with SIGKILL in the middle of a room's game and started again on the same
SQLite file: every move that was broadcast is there, the clients reconnect by themselves, and the game
plays on to its end."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from pathlib import Path

import httpx
from rooms_helpers import Client, ServeProcess, auth, make_room, play_room
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect


class Reconnecting(Client):
    """A client that, like a page, reconnects when its socket drops and says hello again."""

    def reconnect(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        delay = 0.05
        while True:
            try:
                Client.__init__(self, self.ws_url, self.room_id, self.token)
                return
            except (OSError, ConnectionClosed, TimeoutError):
                assert time.monotonic() < deadline, "could not reconnect"
                time.sleep(delay)
                delay = min(delay * 2, 0.5)

    def wait_for_drop(self, timeout: float = 10) -> None:
        """Read until the socket is gone (the server died)."""
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                self.recv(timeout=deadline - time.monotonic())
        except (ConnectionClosed, OSError):
            return
        raise AssertionError("the socket stayed open")


def test_a_sigkilled_server_resumes_every_room_exactly(tmp_path: Path, db_url: str) -> None:
    """On SQLite and on PostgreSQL (``db_url`` runs on both)."""
    server = ServeProcess(db_url, log=tmp_path / "serve.log").start()
    try:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}]
        created = make_room(server, game="dominoes", seats=seats, options={"target": 30})
        room_id, host = created["room"]["id"], created["host_token"]
        token = created["seat_tokens"][0]["token"]
        clients = {0: Reconnecting(server.ws_url, room_id, host), 1: Reconnecting(server.ws_url, room_id, token)}
        httpx.post(f"{server.url}/api/rooms/{room_id}/start", headers=auth(host), timeout=10).raise_for_status()
        for client in clients.values():
            client.until(lambda m: m["type"] == "view")
        for _ in range(5):  # a few moves, each seen by both
            view = max((c.view for c in clients.values() if c.view), key=lambda v: v["move_number"])
            mover = clients[view["turn"]]
            mover.move(mover.view_at(view["move_number"]))
            for client in clients.values():
                client.view_at(view["move_number"] + 1)
        seen = {seat: client.view for seat, client in clients.items()}
        number = seen[0]["move_number"] if seen[0] else -1

        server.kill()  # right after the broadcast: no shutdown, no goodbye
        for client in clients.values():
            client.wait_for_drop()
        server = ServeProcess(db_url, server.port, log=tmp_path / "serve.log").start()
        for client in clients.values():
            client.reconnect()
            again = client.until(lambda m: m["type"] == "view")
            assert again["cause"] == "connect" and again["view"]["move_number"] == number
            before = seen[again["view"]["seat"]]
            assert before is not None
            assert {k: v for k, v in again["view"].items() if k != "clock"} == {
                k: v for k, v in before.items() if k != "clock"
            }
        final = play_room(dict(clients))
        assert final["status"] == "over" and final["move_number"] > number
        record = httpx.get(f"{server.url}/api/rooms/{room_id}/record", headers=auth(token), timeout=10).json()
        assert len(record["moves"]) == final["move_number"]
    finally:
        server.stop()


def _post_quietly(url: str, body: dict[str, object]) -> None:
    """A POST whose answer may never come (the server is killed meanwhile)."""
    with contextlib.suppress(httpx.HTTPError):
        httpx.post(url, json=body, timeout=10)


def test_a_move_a_page_was_shown_survives_a_sigkill_right_after(tmp_path: Path, db_url: str) -> None:
    """The ``/ws/games`` page of a solo game: the server is killed (SIGKILL) the moment the page has the view
    of a move, twice; each time the restarted server has that move. The view is pushed only after the commit
    that holds it (store/db.py: durability), so this holds however fast the kill comes. (A power cut is more:
    docs/server.md says what a test of it needs.)"""
    server = ServeProcess(db_url, log=tmp_path / "serve.log").start()
    try:
        seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}]
        game = httpx.post(f"{server.url}/api/games", json={"game": "dominoes", "seats": seats}, timeout=10).json()
        for _ in range(2):
            view = httpx.get(f"{server.url}/api/games/{game['id']}/view", params={"seat": "turn"}, timeout=10).json()
            with connect(f"{server.ws_url}/ws/games/{game['id']}?seat={view['turn']}", open_timeout=10) as page:
                page.send(json.dumps({"type": "hello"}))
                assert json.loads(page.recv(timeout=10))["view"]["move_number"] == view["move_number"]
                text = view["legal_moves"][0]["text"]
                move = {"seat": view["turn"], "move": text, "move_number": view["move_number"]}
                url = f"{server.url}/api/games/{game['id']}/moves"
                sender = threading.Thread(target=_post_quietly, args=(url, move))
                sender.start()  # the page, not the mover's answer, says when the move was shown
                shown = json.loads(page.recv(timeout=10))
                server.kill()
                sender.join(timeout=15)
            assert shown["type"] == "view" and shown["view"]["move_number"] == view["move_number"] + 1
            server = ServeProcess(db_url, server.port, log=tmp_path / "serve.log").start()
            again = httpx.get(f"{server.url}/api/games/{game['id']}/view", params={"seat": "turn"}, timeout=10).json()
            assert again["move_number"] == shown["view"]["move_number"]
            assert again["last_move"] == shown["view"]["last_move"]
    finally:
        server.stop()
