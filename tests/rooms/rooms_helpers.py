"""Helpers for the room tests: a live server (in a thread, or a real ``bonepile serve`` process), a
WebSocket client that keeps every message it got, and the check that no message ever names a tile its
reader may not know.

The module has a name no other test folder uses, so tests import it whatever order pytest collects in.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from bonepile import dominoes, triominoes
from bonepile.web import create_app
from bonepile.web.room_socket import Limits
from bonepile.web.server import server_config
from bonepile.web.settings import Settings

TEST_SETTINGS = Settings(min_turn_time=0.1, create_burst=10_000, hint_burst=10_000)
"""The defaults, but clocks as short as a tenth of a second, so the timer tests run fast, and no per-address
limits on creating rooms and asking hints (a test is one client doing what many players would)."""

Message = dict[str, Any]
View = dict[str, Any]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def auth(credential: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {credential}"}


class LiveApp:
    """The web app served by uvicorn in a thread, on a free port: real HTTP and real WebSockets."""

    def __init__(
        self,
        db_url: str,
        *,
        limits: Limits | None = None,
        ai_delay: float = 0.0,
        settings: Settings = TEST_SETTINGS,
        redis_url: str | None = None,
        hand_pause: float | None = 0.0,
        room_hand_wait: float = 30.0,
    ) -> None:
        self.db_url = db_url
        self.port = free_port()
        self.app = create_app(
            db_url,
            ai_delay=ai_delay,
            hand_pause=hand_pause,
            room_hand_wait=room_hand_wait,
            limits=limits,
            settings=settings,
            redis_url=redis_url,
        )
        config = server_config(self.app, "127.0.0.1", self.port, settings, lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.http = httpx.Client(base_url=self.url, timeout=30)  # a first hint starts the hint workers

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> LiveApp:
        self.thread.start()
        deadline = time.monotonic() + 15
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.01)
        return self

    def stop(self) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(timeout=15)

    @property
    def store(self) -> Any:
        return self.app.state.store


@contextlib.contextmanager
def live_app(db_url: str, **options: Any) -> Iterator[LiveApp]:
    app = LiveApp(db_url, **options).start()
    try:
        yield app
    finally:
        app.stop()


class ServeProcess:
    """A real ``bonepile serve`` in a child process, so that a test can kill it (SIGKILL) and start it again."""

    def __init__(
        self,
        db_url: str,
        port: int | None = None,
        *,
        redis: str | None = None,
        log: Path,
        extra: Iterable[str] = (),
        env: dict[str, str] | None = None,
    ) -> None:
        self.db_url = db_url
        self.port = port or free_port()
        self.redis = redis
        self.log = log
        self.extra = list(extra)
        """More ``bonepile serve`` flags."""
        self.env = dict(env or {})
        """More environment variables (``BONEPILE_*`` settings)."""
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> ServeProcess:
        self.launch()
        return self.wait_up()

    def launch(self) -> None:
        """Start the process without waiting for it (several can then start at one moment)."""
        command = [sys.executable, "-m", "bonepile.cli.main", "serve", "--port", str(self.port), "--db", self.db_url]
        command += ["--ai-delay", "0", "--hand-pause", "0", *self.extra]
        if self.redis:
            command += ["--redis", self.redis]
        environment = os.environ | self.env
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=environment)

    def wait_up(self, timeout: float = 60) -> ServeProcess:
        """Wait until the launched process answers (it must not exit meanwhile)."""
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while True:
            assert self.process.poll() is None, f"bonepile serve exited: {self.log.read_text()[-2000:]}"
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/api/games/catalog", timeout=1).status_code == 200:
                    return self
            assert time.monotonic() < deadline, "bonepile serve did not come up"
            time.sleep(0.05)

    def kill(self) -> None:
        """SIGKILL: no shutdown, no goodbye to the sockets."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


REDIS_SERVER = shutil.which("redis-server") or (
    "/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None
)


class RedisServer:
    """A redis-server of the test's own, on a loopback port, without persistence: started, killed
    (SIGKILL, as a crash) and started again on the same port, as a test needs."""

    def __init__(self, folder: Path) -> None:
        assert REDIS_SERVER is not None
        self.folder = folder
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> RedisServer:
        assert REDIS_SERVER is not None and self.process is None
        command = [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        command += ["--dir", str(self.folder), "--daemonize", "no"]
        with (self.folder / "redis.log").open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        import redis

        client = redis.Redis(host="127.0.0.1", port=self.port)
        deadline = time.monotonic() + 10
        try:
            while True:
                try:
                    if client.ping():
                        return self
                except redis.ConnectionError:
                    assert self.process.poll() is None, "redis-server exited"
                    assert time.monotonic() < deadline, "redis-server did not start"
                    time.sleep(0.05)
        finally:
            client.close()

    def kill(self) -> None:
        """SIGKILL: every connection drops, and what Redis held (presence, subscriptions) is gone."""
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


@contextlib.contextmanager
def redis_server(folder: Path) -> Iterator[RedisServer]:
    server = RedisServer(folder).start()
    try:
        yield server
    finally:
        server.stop()


# ------------------------------------------------------------------------------ rooms


def make_room(base: Any, **body: Any) -> dict[str, Any]:
    """``POST /api/rooms`` through ``base`` (an httpx client, or a server with ``url``); the whole answer."""
    if isinstance(base, httpx.Client):
        answer = base.post("/api/rooms", json=body)
    else:
        answer = httpx.post(f"{base.url}/api/rooms", json=body, timeout=10)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def error_code(answer: httpx.Response, status: int) -> str:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"error"} and body["error"]["message"], body
    code: str = body["error"]["code"]
    return code


class Client:
    """One room socket, as a page holds it: every message it got is kept, with the latest room and view."""

    def __init__(self, ws_url: str, room_id: str, token: str | None = None, *, hello: bool = True) -> None:
        self.ws_url = ws_url
        self.room_id = room_id
        self.token = token
        self.messages: list[Message] = []
        self.texts: list[str] = []
        self.view: View | None = None
        self.room: dict[str, Any] | None = None
        self.welcome: Message | None = None
        self.closed: ConnectionClosed | None = None
        self.ws: ClientConnection = connect(f"{ws_url}/ws/rooms/{room_id}", max_size=None, open_timeout=10)
        self.ws.__enter__()  # held open until close(), as a page holds its socket
        if hello and token is not None:
            self.send({"type": "hello", "token": token})
            self.welcome = self.until(lambda m: m["type"] in ("welcome", "error"))

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def recv(self, timeout: float = 10) -> Message:
        text = self.ws.recv(timeout=timeout)
        assert isinstance(text, str)
        message: Message = json.loads(text)
        self.texts.append(text)
        self.messages.append(message)
        if message["type"] == "view":
            self.view = message["view"]
        elif message["type"] in ("room", "welcome"):
            self.room = message["room"]
        return message

    def until(self, predicate: Callable[[Message], bool], timeout: float = 15) -> Message:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            assert left > 0, f"timed out; last messages: {[m['type'] for m in self.messages[-5:]]}"
            message = self.recv(timeout=left)
            if predicate(message):
                return message

    def room_until(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 15) -> dict[str, Any]:
        """The room as this socket last got it, once ``predicate`` holds (reading on if need be)."""
        if self.room is not None and predicate(self.room):
            return self.room
        self.until(lambda m: m["type"] in ("room", "welcome") and predicate(m["room"]), timeout)
        assert self.room is not None
        return self.room

    def view_at(self, move_number: int, timeout: float = 15) -> View:
        """Read until this socket's view is at ``move_number`` (or later, or over)."""
        if self.view is not None and (self.view["move_number"] >= move_number or self.view["status"] == "over"):
            return self.view
        self.until(
            lambda m: (
                m["type"] == "view" and (m["view"]["move_number"] >= move_number or m["view"]["status"] == "over")
            ),
            timeout,
        )
        assert self.view is not None
        return self.view

    def move(self, view: View, text: str | None = None, message_id: str | None = None) -> None:
        self.send(
            {
                "type": "move",
                "game_id": view["id"],
                "move_number": view["move_number"],
                "move": text if text is not None else view["legal_moves"][0]["text"],
                "id": message_id,
            }
        )

    def expect_error(self, code: str, timeout: float = 10) -> Message:
        message = self.until(lambda m: m["type"] == "error", timeout)
        assert message["error"]["code"] == code, message
        return message

    def expect_close(self, code: int, timeout: float = 10) -> list[Message]:
        """Read until the server closes the socket with ``code``; the messages read on the way."""
        got = []
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                got.append(self.recv(timeout=deadline - time.monotonic()))
        except ConnectionClosed as closed:
            self.closed = closed
            assert closed.rcvd is not None and closed.rcvd.code == code, closed
            return got
        raise AssertionError(f"the socket was not closed; got {got}")

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.ws.close()


def play_room(
    clients: dict[int, Client], *, choose: Callable[[View], str] | None = None, max_moves: int = 3000
) -> View:
    """Play a room's game to the end: each human seat's socket moves on its turn; AI seats move themselves.

    Every socket gets every view, so the test follows the newest one and always reads the socket of the
    seat to move (or any socket, while an AI is to move).
    """
    for _ in range(max_moves):
        latest = max((c.view for c in clients.values() if c.view is not None), key=lambda v: v["move_number"])
        if latest["status"] == "over":
            for client in clients.values():
                client.view_at(latest["move_number"])
            return latest
        turn = latest["turn"]
        if turn in clients:
            mover = clients[turn]
            view = mover.view_at(latest["move_number"])
            if view["move_number"] == latest["move_number"]:
                text = choose(view) if choose is not None else None
                mover.move(view, text)
                answer = mover.until(lambda m: m["type"] in ("ack", "error"))
                while answer["type"] == "error" and answer["error"]["code"] == "rate_limited":
                    time.sleep(0.15)  # a bot outpaces the rate a person plays at: wait as the protocol asks
                    mover.move(view, text)
                    answer = mover.until(lambda m: m["type"] in ("ack", "error"))
                assert answer["type"] == "ack", answer
            mover.view_at(latest["move_number"] + 1)
        else:
            next(iter(clients.values())).view_at(latest["move_number"] + 1)
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------------------ hidden information

# Whole words only: random ids and tokens (letters, digits, '-' and '_') may hold "3-5" by chance.
_DOMINO = re.compile(r"(?<![\w-])(\d{1,2})-(\d{1,2})(?![\w-])")
_TRIOMINO = re.compile(r"(?<![\w-])(\d)-(\d)-(\d)(?![\w-])")


def tiles_named(game: str, value: Any, skip: Callable[[str, Any], bool] = lambda key, value: False) -> set[str]:
    """Every tile named in a JSON value's strings (outside the parts ``skip`` says), in canonical form."""
    found: set[str] = set()
    for text in _strings(value, skip):
        if game == "dominoes":
            for a, b in _DOMINO.findall(text):
                if int(a) <= 12 and int(b) <= 12:
                    found.add(str(dominoes.Tile(int(a), int(b))))
        else:
            for numbers in _TRIOMINO.findall(text):
                with contextlib.suppress(triominoes.InvalidMoveError):
                    found.add(str(triominoes.Tile.parse("-".join(numbers))))
    return found


def _strings(value: Any, skip: Callable[[str, Any], bool], key: str = "") -> Iterable[str]:
    if skip(key, value):
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for name, item in value.items():
            yield from _strings(item, skip, name)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item, skip, key)


def keys_of(value: Any) -> set[str]:
    found: set[str] = set()
    if isinstance(value, dict):
        for name, item in value.items():
            found.add(name)
            found |= keys_of(item)
    elif isinstance(value, list):
        for item in value:
            found |= keys_of(item)
    return found


def replay_to(record: dict[str, Any], move_number: int) -> Any:
    engine = dominoes if record["game"] == "dominoes" else triominoes
    game: Any = engine.Game(engine.Rules.from_dict(record["options"]), record["seed"])  # the options say it all
    for text in record["moves"][:move_number]:
        game.play(text)
    return game


def _public(key: str, value: Any) -> bool:
    """The parts of a view that may name tiles nobody holds any more (or the viewer's own)."""
    if key in ("preset_description", "summaries", "your_tiles", "legal_moves", "last_move"):
        return True
    return isinstance(value, dict) and value.get("kind") == "start draw"


def check_no_leaks(record: dict[str, Any], seat: int | None, client: Client) -> int:
    """Check every message one socket got against the engine's hidden state when it was sent.

    For each view: the seat's own tiles are exactly its tiles; no tile of another seat or of the stock
    (boneyard, pool) appears outside the parts public by the rules; the stock is only a count; and no
    message at all carries the seed. Returns how many views were checked.
    """
    game_name = record["game"]
    seed_text = str(record["seed"])
    checked = 0
    for text, message in zip(client.texts, client.messages, strict=True):
        assert "seed" not in keys_of(message), f"a {message['type']} message carries a seed"
        assert seed_text not in text, "a message holds the seed's digits"
        if message["type"] in ("room", "welcome"):
            assert not tiles_named(game_name, message), "a room message names a tile"
            continue
        if message["type"] != "view":
            continue
        view = message["view"]
        if view["id"] != record["id"]:
            continue
        assert view["seat"] == seat
        game = replay_to(record, view["move_number"])
        deal = game.hand if hasattr(game, "hand") else game.round
        own = set() if seat is None else {str(t) for t in deal.tiles_of(seat)}
        others = set().union(*({str(t) for t in deal.tiles_of(p)} for p in range(game.num_players) if p != seat))
        stock = {str(t) for t in (deal.boneyard() if hasattr(deal, "boneyard") else deal.pool())}
        assert {tile["tile"] for tile in view["your_tiles"]} == own
        assert {m["tile"] for m in view["legal_moves"] if m["tile"]} <= own
        assert set(view["stock"]) == {"name", "count", "note"} and view["stock"]["count"] == len(stock)
        leaked = tiles_named(game_name, view, _public) & (others | stock)
        assert not leaked, f"seat {seat}'s view at move {view['move_number']} names hidden tiles {leaked}"
        checked += 1
    return checked


def stored_record(store: Any, game_id: str) -> dict[str, Any]:
    """What the engine needs to rebuild a game, read from the database (as a test may; no client can)."""
    stored = store.get(game_id)
    return {
        "id": stored.id,
        "game": stored.game,
        "preset": stored.preset,
        "options": stored.options,
        "players": [seat["name"] for seat in stored.seats],
        "seed": stored.seed,
        "moves": list(stored.moves),
    }
