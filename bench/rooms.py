"""How many online rooms one ``bonepile serve`` process keeps up with.

Starts a real server (``bonepile serve``, a child process listening on
127.0.0.1 only, a fresh SQLite file in a temporary folder unless ``--db``
names PostgreSQL; ``--redis`` gives it the bus; AI pacing and the pause
between hands 0), then, for each N of ``--rooms``, opens N rooms of
``--players`` human seats (2 by default) and one bot client per seat over real
WebSockets (the ``websockets`` package). A bot says hello, and whenever the
view the server pushes says it is its seat's turn, it sends one of that
view's ``legal_moves`` (the client never works out what is legal), after
thinking ``--think S`` seconds (uniform between S/2 and 3S/2; 0: at once). A
finished game is followed by a rematch, so the load stays steady. After a
warm-up it measures, for ``--seconds`` (or until ``--max-moves``):

* **moves/s**: the moves played by all rooms together over the whole window
  (each one checked, stored in the database and pushed to its room's sockets
  by the server);
* **latency**: from the moment a bot sends its move to the moment the same
  bot receives the view that shows it (``mover``: p50, p95, p99, max); the
  other seats' latency (send to their view with the move) is in the JSON;
* the CPU seconds the server and this client spent in the window (a client
  short of CPU would hold the figures down: it runs in this one process).

The bots respect the server's per-socket rate limit (a token bucket of 20
messages refilled at 10/s) as a page does, so a room of 2 seats plays at most
about 18 moves a second (40 rooms: 720 moves/s), one of 4 seats about 36.

The table has one line per run; ``--out FILE`` writes everything as JSON.
``--baseline REV`` starts a second server on git revision REV's ``src/``
(``git archive``, cached under the temporary folder, as bench/throughput.py
does) beside this tree's, and runs every N on both in turns (now, then; then,
now; ...; ``--repeats`` rounds): each line of the summary is the median of a
side's runs and the median ratio of the rounds' pairs with its range, so that
a change of the shared machine's load falls on both sides alike. The load
averages are printed at the start and the end. ``--profile FILE`` runs this
tree's server under cProfile (``python -m cProfile -o FILE``: written when it
stops). The whole run is bounded: ``--time-limit`` seconds (default 900), past
which the runs left are skipped.

    .venv/bin/python bench/rooms.py                          # 1, 10, 40, 100 rooms of 2 seats
    .venv/bin/python bench/rooms.py --rooms 10,40 --players 4 --seconds 5
    .venv/bin/python bench/rooms.py --think 2 --rooms 100,200,400
    .venv/bin/python bench/rooms.py --rooms 10,40 --baseline main --repeats 3
    .venv/bin/python bench/rooms.py --rooms 40 --profile /tmp/serve.prof
    .venv/bin/python bench/rooms.py --rooms 10 --db postgresql+psycopg://postgres@127.0.0.1/bench
    .venv/bin/python bench/rooms.py --hint-flood 8 --seconds 10

``--hint-flood N`` measures something else: how fast a room's AI players
answer (one human seat playing random moves against three AI seats; the time
from one view to the next view of an AI move, p50 and p95), first with the
server otherwise idle, then while N clients ask for hints on games of their
own as fast as the server answers them (``--ai-level``: the room's AI, expert
by default, as strong as a hint). Hints run the strongest AI, so on a
server that computes them beside the AI players the ratio of the two
medians is how much a flood slows every room.

The client runs in this process, the server in its own, so on a 2-core
machine each has a core (when nothing else runs).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn
from throughput import baseline_tree  # the baseline's sources, as every bench extracts them
from websockets.asyncio.client import connect

BUDGET_MS = 100.0
RATE, BURST = 9.0, 18
"""A little under the server's limit (10/s, 20), so that the clocks' jitter never trips it."""
HERE = Path(__file__).resolve().parent.parent
LOOPBACK = "127.0.0.1"
TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port: int = probe.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of process ``pid`` so far, all its threads (Linux: /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / TICKS


class Server:
    """One ``bonepile serve`` child process on 127.0.0.1, importing ``bonepile`` from ``src``."""

    def __init__(
        self,
        name: str,
        src: Path,
        folder: Path,
        *,
        db_url: str | None = None,
        redis_url: str | None = None,
        profile: str | None = None,
    ) -> None:
        self.name = name
        self.profiled = bool(profile)
        self.port = free_port()
        self.base = f"http://{LOOPBACK}:{self.port}"
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        command = [sys.executable]
        if profile:
            command += ["-m", "cProfile", "-o", profile]
        command += ["-m", "bonepile.cli.main", "serve", "--host", LOOPBACK, "--port", str(self.port)]
        command += ["--db", db_url or f"sqlite:///{folder / 'bench.db'}", "--ai-delay", "0", "--hand-pause", "0"]
        if redis_url:
            command += ["--redis", redis_url]
        self.log = folder / "serve.log"
        # The runs open hundreds of rooms from one address: lift the per-address creation limit, and the
        # connections at once (500 by default: 250 rooms of 2), both settings.
        env = os.environ | {
            "BONEPILE_CREATE_BURST": "100000",
            "BONEPILE_MAX_CONNECTIONS": "5000",
            "PYTHONPATH": str(src),
        }
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise SystemExit(f"bonepile serve ({name}) exited: {self.log.read_text()[-2000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.base}/api/games/catalog", timeout=1).status_code == 200:
                    break
            if time.monotonic() > deadline:
                raise SystemExit(f"bonepile serve ({name}) did not come up")
            time.sleep(0.1)

    @property
    def pid(self) -> int:
        return self.process.pid

    def stop(self) -> None:
        if self.process.poll() is None:
            # uvicorn raises the signal again once it has shut down: SIGTERM would then end the process before
            # cProfile writes its file, SIGINT ends it with a KeyboardInterrupt, which cProfile lets write it.
            self.process.send_signal(signal.SIGINT if self.profiled else signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@dataclass
class Stats:
    measuring: bool = False
    moves: int = 0
    mover: list[float] = field(default_factory=list)
    """Send to the mover's own view with the move, seconds."""
    others: list[float] = field(default_factory=list)
    """Send to another seat's view with the move, seconds."""
    errors: dict[str, int] = field(default_factory=dict)
    enough: asyncio.Event = field(default_factory=asyncio.Event)
    max_moves: int | None = None


@dataclass
class Room:
    id: str
    host: str
    tokens: dict[int, str]
    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    """When each move (game id, its number) was sent by its player."""


class Bucket:
    """The client's copy of the server's rate limit, so a simulated player never trips it."""

    def __init__(self) -> None:
        self.tokens = float(BURST)
        self.updated = time.monotonic()

    async def take(self) -> None:
        while True:
            now = time.monotonic()
            self.tokens = min(BURST, self.tokens + (now - self.updated) * RATE)
            self.updated = now
            if self.tokens >= 1:
                self.tokens -= 1
                return
            await asyncio.sleep((1 - self.tokens) / RATE)


async def player(
    base: str,
    room: Room,
    seat: int,
    stats: Stats,
    http: httpx.AsyncClient,
    rng: random.Random,
    ready: asyncio.Event,
    think: float,
) -> None:
    """One bot: hello, then one of the view's legal moves whenever the view says it is this seat's turn."""
    bucket = Bucket()
    ws_url = base.replace("http://", "ws://") + f"/ws/rooms/{room.id}"
    last_sent: str | None = None
    async with connect(ws_url, max_size=None, open_timeout=60) as ws:
        await bucket.take()
        await ws.send(json.dumps({"type": "hello", "token": room.tokens[seat]}))
        welcome = json.loads(await ws.recv())
        if welcome["type"] != "welcome":
            raise SystemExit(f"refused: {welcome}")
        ready.set()  # the seat is taken: the room may start
        async for raw in ws:
            now = time.monotonic()
            message = json.loads(raw)
            kind = message["type"]
            if kind == "error":
                code = message["error"]["code"]
                stats.errors[code] = stats.errors.get(code, 0) + 1
                if code == "rate_limited" and last_sent is not None:  # dropped: send it again, later
                    await asyncio.sleep(1 / RATE)
                    await bucket.take()
                    await ws.send(last_sent)
                continue
            if kind == "room":
                state = message["room"]
                if seat == 0 and state["state"] == "finished":
                    await http.post(
                        f"{base}/api/rooms/{room.id}/rematch",
                        json={"game_id": state["game_id"]},
                        headers={"Authorization": f"Bearer {room.host}"},
                    )
                continue
            if kind != "view":
                continue
            view = message["view"]
            last = view["last_move"]
            if last is not None and message["cause"] == "move":
                sent = room.sent.get((view["id"], last["number"]))
                if sent is not None and stats.measuring:
                    if last["seat"] == seat:
                        stats.moves += 1
                        stats.mover.append(now - sent)
                        if stats.max_moves is not None and stats.moves >= stats.max_moves:
                            stats.enough.set()
                    else:
                        stats.others.append(now - sent)
            if view["status"] == "playing" and view["turn"] == seat and view["legal_moves"]:
                if think > 0:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                await bucket.take()
                move = rng.choice(view["legal_moves"])["text"]
                last_sent = json.dumps(
                    {"type": "move", "game_id": view["id"], "move_number": view["move_number"], "move": move}
                )
                room.sent[(view["id"], view["move_number"] + 1)] = time.monotonic()
                await ws.send(last_sent)


async def open_room(http: httpx.AsyncClient, base: str, game: str, players: int) -> Room:
    answer = await http.post(f"{base}/api/rooms", json={"game": game, "players": players})
    answer.raise_for_status()
    created = answer.json()
    tokens = {created["room"]["host_seat"]: created["host_token"]}
    tokens |= {entry["seat"]: entry["token"] for entry in created["seat_tokens"]}
    return Room(created["room"]["id"], created["host_token"], tokens)


def percentile(ordered: list[float], share: float) -> float:
    """The ``share`` quantile of sorted seconds, in ms (nearest rank)."""
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000


@dataclass(frozen=True)
class Plan:
    """What one run does (the same for both sides of a pair)."""

    rooms: int
    players: int
    seconds: float
    game: str
    seed: int
    think: float
    max_moves: int | None
    ai_rooms: int = 0
    """Rooms of one bot and three AI seats (``--ai-level``) played beside the measured ones."""
    ai_level: str = "expert"


def servers_cpu(servers: list[Server]) -> float:
    """The CPU seconds of every server process of a side (NaN for a server this bench did not start)."""
    return sum(cpu_seconds(server.pid) for server in servers) if servers else float("nan")


async def run(
    servers: list[Server], bases: list[str], plan: Plan, tick: Callable[[float, int], None]
) -> dict[str, Any]:
    """One run: open ``plan.rooms`` rooms, start them, warm up, measure; ``tick(seconds, moves)`` while measuring.
    With several processes (``bases``), room ``i`` is opened and played on process ``i`` modulo their number."""
    stats = Stats(max_moves=plan.max_moves)
    rng = random.Random(plan.seed)
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        where = [bases[index % len(bases)] for index in range(plan.rooms)]
        rooms = [await open_room(http, base, plan.game, plan.players) for base in where]
        tasks = []
        for base, room in zip(where, rooms, strict=True):
            for seat in range(plan.players):
                ready = asyncio.Event()
                bot = player(base, room, seat, stats, http, rng, ready, plan.think)
                tasks.append(asyncio.create_task(bot))
                await ready.wait()
        for base, room in zip(where, rooms, strict=True):
            answer = await http.post(
                f"{base}/api/rooms/{room.id}/start", headers={"Authorization": f"Bearer {room.host}"}
            )
            answer.raise_for_status()
        phase: dict[str, Any] = {"name": None}
        ai_rng = random.Random(plan.seed + 1_000_003)
        ai_tasks = [
            asyncio.create_task(ai_room(bases[index % len(bases)], http, phase, ai_rng, plan.ai_level))
            for index in range(plan.ai_rooms)
        ]
        await asyncio.sleep(1.0 + 2 * plan.think + (2.0 if plan.ai_rooms else 0.0))  # warm-up: every room under way
        phase["name"] = "measured"
        load_before = os.getloadavg()[0]
        server_cpu = servers_cpu(servers)
        client_cpu = time.process_time()
        stats.measuring = True
        started = time.monotonic()
        while (elapsed := time.monotonic() - started) < plan.seconds and not stats.enough.is_set():
            tick(elapsed, stats.moves)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stats.enough.wait(), timeout=min(0.25, plan.seconds - elapsed))
        stats.measuring = False
        elapsed = time.monotonic() - started
        server_cpu = servers_cpu(servers) - server_cpu
        client_cpu = time.process_time() - client_cpu
        phase["name"] = None
        tick(plan.seconds, stats.moves)
        for task in tasks + ai_tasks:
            task.cancel()
        await asyncio.gather(*tasks, *ai_tasks, return_exceptions=True)
    mover, others = sorted(stats.mover), sorted(stats.others)
    ai_moves = sorted(phase.get("measured", []))
    return {
        "rooms": plan.rooms,
        "players": plan.players,
        "sockets": plan.players * plan.rooms,
        "think_s": plan.think,
        "seconds": elapsed,
        "moves": stats.moves,
        "moves_per_s": stats.moves / elapsed,
        "p50_ms": percentile(mover, 0.50),
        "p95_ms": percentile(mover, 0.95),
        "p99_ms": percentile(mover, 0.99),
        "max_ms": mover[-1] * 1000 if mover else float("nan"),
        "others_p50_ms": percentile(others, 0.50),
        "others_p95_ms": percentile(others, 0.95),
        "server_cpu_s": server_cpu,
        "client_cpu_s": client_cpu,
        "server_cpu_ms_per_move": server_cpu * 1000 / stats.moves if stats.moves else float("nan"),
        "load_1min": [load_before, os.getloadavg()[0]],
        "errors": stats.errors,
        "ai_rooms": plan.ai_rooms,
        "ai_moves_per_s": len(ai_moves) / elapsed,
        "ai_p50_ms": percentile(ai_moves, 0.50),
    }


async def ai_room(base: str, http: httpx.AsyncClient, phase: dict[str, Any], rng: random.Random, level: str) -> None:
    """One room of a human seat (random legal moves) and three AI seats; notes how long each AI move took
    (from the view before it to the view with it) under ``phase["name"]``."""
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": level} for _ in range(3)]
    answer = await http.post(f"{base}/api/rooms", json={"game": "dominoes", "seats": seats})
    answer.raise_for_status()
    created = answer.json()
    room_id, host = created["room"]["id"], created["host_token"]
    bucket = Bucket()
    async with connect(base.replace("http://", "ws://") + f"/ws/rooms/{room_id}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": host}))
        await http.post(f"{base}/api/rooms/{room_id}/start", headers={"Authorization": f"Bearer {host}"})
        previous = time.monotonic()
        async for raw in ws:
            now = time.monotonic()
            message = json.loads(raw)
            if message["type"] == "room" and message["room"]["state"] == "finished":
                game_id = message["room"]["game_id"]
                await http.post(
                    f"{base}/api/rooms/{room_id}/rematch",
                    json={"game_id": game_id},
                    headers={"Authorization": f"Bearer {host}"},
                )
                continue
            if message["type"] != "view":
                continue
            view = message["view"]
            last = view["last_move"]
            if last is not None and last["seat"] != 0 and message["cause"] == "move" and phase["name"]:
                phase.setdefault(phase["name"], []).append(now - previous)
            previous = now
            if view["status"] == "playing" and view["turn"] == 0 and view["legal_moves"]:
                await bucket.take()
                move = rng.choice(view["legal_moves"])["text"]
                await ws.send(
                    json.dumps(
                        {"type": "move", "game_id": view["id"], "move_number": view["move_number"], "move": move}
                    )
                )
                previous = time.monotonic()


async def flooder(
    base: str, http: httpx.AsyncClient, game_id: str, counts: dict[str, int], stop: asyncio.Event
) -> None:
    """Ask for hints on one's own game as fast as the server answers, whatever it answers."""
    while not stop.is_set():
        try:
            answer = await http.get(f"{base}/api/games/{game_id}/hint", params={"seat": 0})
            key = str(answer.status_code)
        except httpx.HTTPError as error:
            key = type(error).__name__
        counts[key] = counts.get(key, 0) + 1
        await asyncio.sleep(0)


async def hint_flood(base: str, flooders: int, seconds: float, seed: int, level: str) -> dict[str, Any]:
    rng = random.Random(seed)
    phase: dict[str, Any] = {"name": None}
    limits = httpx.Limits(max_connections=flooders + 10)
    async with httpx.AsyncClient(timeout=120, limits=limits) as http:
        games = []
        for _ in range(flooders):
            answer = await http.post(f"{base}/api/games", json={"game": "dominoes", "players": 2})
            answer.raise_for_status()
            games.append(answer.json()["id"])
        room = asyncio.create_task(ai_room(base, http, phase, rng, level))
        await asyncio.sleep(1.0)
        phase["name"] = "idle"
        await asyncio.sleep(seconds)
        counts: dict[str, int] = {}
        stop = asyncio.Event()
        tasks = [asyncio.create_task(flooder(base, http, game, counts, stop)) for game in games]
        phase["name"] = None
        await asyncio.sleep(1.0)
        phase["name"] = "flood"
        started = time.monotonic()
        await asyncio.sleep(seconds)
        phase["name"] = None
        elapsed = time.monotonic() - started
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        room.cancel()
        await asyncio.gather(room, return_exceptions=True)

    def stats(values: list[float]) -> tuple[float, float, int]:
        if not values:
            return float("nan"), float("nan"), 0
        ordered = sorted(values)
        return statistics.median(ordered) * 1000, ordered[int(0.95 * (len(ordered) - 1))] * 1000, len(ordered)

    idle, flood = stats(phase.get("idle", [])), stats(phase.get("flood", []))
    return {"idle": idle, "flood": flood, "ratio": flood[0] / idle[0], "hints": counts, "seconds": elapsed}


def pair_ratio(values: list[float]) -> str:
    """The median of the rounds' ratios and their range, as bench/throughput.py prints it."""
    finite = sorted(v for v in values if v == v)
    if not finite:
        return "n/a"
    return f"{statistics.median(finite):.2f} (pairs {finite[0]:.2f}-{finite[-1]:.2f}, n={len(finite)})"


def load_text() -> str:
    return ", ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", default="1,10,40,100", help="the room counts N (comma-separated)")
    parser.add_argument("--players", type=int, default=2, help="human seats a room, one bot each (default 2)")
    parser.add_argument("--seconds", type=float, default=8.0, help="measured seconds per run (default 8)")
    parser.add_argument("--max-moves", type=int, help="end a run's window early after this many moves")
    parser.add_argument("--game", default="dominoes", choices=("dominoes", "triominoes"))
    parser.add_argument("--seed", type=int, default=1, help="seed of the bots' choices")
    parser.add_argument("--think", type=float, default=0.0, help="each bot's mean thinking time, s (default 0)")
    parser.add_argument("--out", "--json", dest="out", metavar="FILE", help="also write the results as JSON")
    parser.add_argument("--url", help="bench a server already running at this address instead of starting one")
    parser.add_argument("--db", metavar="URL", help="the server's database (default: a fresh SQLite file)")
    parser.add_argument("--redis", metavar="URL", help="give the server this Redis bus")
    parser.add_argument("--baseline", metavar="REV", help="also run a server on git revision REV, in turns")
    parser.add_argument(
        "--processes",
        metavar="COUNTS",
        help="sides of this many server processes each, in turns (e.g. 2,1), on --db (PostgreSQL) and --redis",
    )
    parser.add_argument("--repeats", type=int, help="rounds of every N (default 1; 3 with --baseline)")
    parser.add_argument("--profile", metavar="FILE", help="run this tree's server under cProfile, written to FILE")
    parser.add_argument("--stop-over-budget", action="store_true", help="skip the larger N once p95 > 100 ms")
    parser.add_argument("--time-limit", type=float, default=900.0, help="skip the runs left after this many s")
    parser.add_argument("--hint-flood", type=int, metavar="N", help="measure a room's AI under N clients' hints")
    parser.add_argument(
        "--ai-level", default="expert", help="the AI seats of the --hint-flood and --ai-rooms rooms (default expert)"
    )
    parser.add_argument(
        "--ai-rooms",
        type=int,
        default=0,
        metavar="K",
        help="also play K rooms of 1 bot and 3 AI seats beside the measured rooms (their AI searching meanwhile)",
    )
    args = parser.parse_args()
    for url in (args.url, args.db, args.redis):
        if url and "://" in url and not any(host in url for host in ("127.0.0.1", "localhost", "[::1]", ":///")):
            raise SystemExit(f"traffic stays on this machine: {url} is not on 127.0.0.1")
    if args.baseline and (args.db or args.redis or args.url):
        raise SystemExit("--baseline runs two servers on fresh SQLite files: leave out --db, --redis and --url")
    processes = [int(count) for count in args.processes.split(",")] if args.processes else []
    if processes and (args.baseline or args.url or args.profile):
        raise SystemExit("--processes runs this tree's servers: leave out --baseline, --url and --profile")
    if any(count > 1 for count in processes) and not ((args.db or "").startswith("postgresql") and args.redis):
        raise SystemExit("several processes share a game only through PostgreSQL (--db) and Redis (--redis)")
    if any(count < 1 for count in processes):
        raise SystemExit("--processes: each side has at least one process")
    if args.hint_flood:
        return flood_main(args)
    sweep = [int(n) for n in args.rooms.split(",")]
    repeats = args.repeats or (3 if args.baseline or len(processes) > 1 else 1)
    began = time.monotonic()
    load_start = load_text()
    runs: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="bonepile-bench-") as temporary:
        folder = Path(temporary)
        sides: list[tuple[str, list[Server], list[str]]] = []
        try:
            if args.url:
                sides.append(("server", [], [args.url]))
            elif processes:
                for count in processes:  # each side its own processes, all on the one database and Redis
                    group = [
                        Server(
                            f"{count}p/{n}",
                            HERE / "src",
                            folder / f"{count}p-{n}",
                            db_url=args.db,
                            redis_url=args.redis,
                        )
                        for n in range(count)
                    ]
                    sides.append((f"{count} proc", group, [server.base for server in group]))
            else:
                now = Server(
                    "now", HERE / "src", folder / "now", db_url=args.db, redis_url=args.redis, profile=args.profile
                )
                sides.append(("now", [now], [now.base]))
            if args.baseline:
                src = baseline_tree(args.baseline)
                sha = src.parent.name[:7]  # the cache folder is named by the revision's hash
                then = Server(f"at {sha}", src, folder / "then")
                sides.append((f"at {sha}", [then], [then.base]))
            pace = f"bots think {args.think:g} s" if args.think else "bots move at once"
            store = "PostgreSQL" if (args.db or "").startswith("postgresql") else "SQLite"
            store += " + Redis" if args.redis else ""
            layout = "server processes as each side says" if processes else "one server a side"
            print(
                f"bench/rooms.py: {args.game}, {args.players} human seats a room, {pace}, {args.seconds:g} s a run, "
                f"{repeats} round(s), {layout}, {store}; {os.cpu_count()} CPUs, load average {load_start}"
            )
            if args.baseline:
                print(f"baseline {args.baseline} = {sides[-1][0]} (src from git archive)")
            header = (
                f"{'side':>10} {'rooms':>5} {'sockets':>7} {'moves/s':>8} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} "
                f"{'max ms':>7} {'srv ms/move':>11} {'srv cpu':>7} {'cli cpu':>7} {'load':>5}  errors"
            )
            print(header)
            plans = [
                Plan(
                    n,
                    args.players,
                    args.seconds,
                    args.game,
                    args.seed + r,
                    args.think,
                    args.max_moves,
                    args.ai_rooms,
                    args.ai_level,
                )
                for r in range(repeats)
                for n in sweep
            ]
            total = len(plans) * len(sides) * args.seconds
            done = [0.0]
            over: set[tuple[str, int]] = set()
            progress = Progress(
                TextColumn("{task.description}"),
                BarColumn(),
                TextColumn("{task.percentage:>3.0f}%"),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            with progress:
                bar = progress.add_task("starting", total=total)
                for index, plan in enumerate(plans):
                    round_number = index // len(sweep)
                    order = sides if round_number % 2 == 0 else sides[::-1]
                    for label, servers, bases in order:
                        if time.monotonic() - began > args.time_limit:
                            print(f"{label:>10} {plan.rooms:>5}  skipped: past --time-limit {args.time_limit:g} s")
                            done[0] += plan.seconds
                            continue
                        if args.stop_over_budget and any(s == label and n < plan.rooms for s, n in over):
                            done[0] += plan.seconds
                            continue

                        def tick(elapsed: float, moves: int, label: str = label, rooms: int = plan.rooms) -> None:
                            progress.update(
                                bar, completed=done[0] + elapsed, description=f"{label}: {rooms} rooms, {moves} moves"
                            )

                        result = asyncio.run(run(servers, bases, plan, tick)) | {"side": label, "round": round_number}
                        done[0] += plan.seconds
                        runs.append(result)
                        if result["p95_ms"] > BUDGET_MS:
                            over.add((label, plan.rooms))
                        print(
                            f"{label:>10} {result['rooms']:>5} {result['sockets']:>7} {result['moves_per_s']:>8.0f} "
                            f"{result['p50_ms']:>7.1f} {result['p95_ms']:>7.1f} {result['p99_ms']:>7.1f} "
                            f"{result['max_ms']:>7.1f} {result['server_cpu_ms_per_move']:>11.2f} "
                            f"{result['server_cpu_s'] / result['seconds']:>7.0%} "
                            f"{result['client_cpu_s'] / result['seconds']:>7.0%} {result['load_1min'][1]:>5.1f}  "
                            f"{result['errors'] or '-'}",
                            flush=True,
                        )
                        if plan.ai_rooms:
                            print(
                                f"{'':>10} beside them {plan.ai_rooms} rooms of 3 {plan.ai_level} AI seats: "
                                f"{result['ai_moves_per_s']:.1f} AI moves/s, p50 {result['ai_p50_ms']:.0f} ms "
                                f"(the server's ai_delay included)",
                                flush=True,
                            )
        finally:
            for _label, servers, _bases in sides:
                for server in servers:
                    server.stop()
    summary = summarize(runs, sweep, [label for label, _servers, _bases in sides])
    load_end = load_text()
    print(f"load average at the end: {load_end}")
    if args.profile:
        print(f"profile of the server: {args.profile} (python -m pstats {args.profile})")
    if args.out:
        document = {
            "command": [Path(sys.argv[0]).name, *sys.argv[1:]],
            "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
            "load_start": load_start,
            "load_end": load_end,
            "budget_ms": BUDGET_MS,
            "runs": runs,
            **summary,
        }
        Path(args.out).write_text(json.dumps(document, indent=1) + "\n")
    return 0


def summarize(runs: list[dict[str, Any]], sweep: list[int], labels: list[str]) -> dict[str, Any]:
    """Print and return the medians by side and N, the pairs' ratios (with a baseline) and the largest N within
    the budget."""
    lines: list[dict[str, Any]] = []
    largest: dict[str, int | None] = {}
    for label in labels:
        within = []
        for count in sweep:
            mine = [r for r in runs if r["side"] == label and r["rooms"] == count]
            if not mine:
                continue
            line = {
                "side": label,
                "rooms": count,
                "runs": len(mine),
                "moves_per_s": statistics.median(r["moves_per_s"] for r in mine),
                "p95_ms": statistics.median(r["p95_ms"] for r in mine),
                "p99_ms": statistics.median(r["p99_ms"] for r in mine),
            }
            lines.append(line)
            if line["p95_ms"] <= BUDGET_MS:
                within.append(count)
        largest[label] = max(within) if within else None
    pairs: list[dict[str, Any]] = []
    if len(labels) == 2:
        now, then = labels
        print(f"median of the runs; ratios: {now} / {then}, the median of the rounds' pairs")
        for count in sweep:
            rounds = sorted({r["round"] for r in runs if r["rooms"] == count})
            speed, p95 = [], []
            for number in rounds:
                a = [r for r in runs if r["rooms"] == count and r["round"] == number and r["side"] == now]
                b = [r for r in runs if r["rooms"] == count and r["round"] == number and r["side"] == then]
                if a and b:
                    speed.append(a[0]["moves_per_s"] / b[0]["moves_per_s"] if b[0]["moves_per_s"] else float("nan"))
                    p95.append(a[0]["p95_ms"] / b[0]["p95_ms"] if b[0]["p95_ms"] else float("nan"))
            by_side = {line["side"]: line for line in lines if line["rooms"] == count}
            if now in by_side and then in by_side:
                a_line, b_line = by_side[now], by_side[then]
                print(
                    f"{count:>5} rooms: moves/s {a_line['moves_per_s']:.0f} vs {b_line['moves_per_s']:.0f}, "
                    f"ratio={pair_ratio(speed)}; p95 {a_line['p95_ms']:.1f} vs {b_line['p95_ms']:.1f} ms, "
                    f"ratio={pair_ratio(p95)}"
                )
                pairs.append({"rooms": count, "moves_per_s_ratios": speed, "p95_ratios": p95})
    elif any(line["runs"] > 1 for line in lines):
        for line in lines:
            print(
                f"{line['side']} {line['rooms']} rooms, median of {line['runs']}: {line['moves_per_s']:.0f} "
                f"moves/s, p95 {line['p95_ms']:.1f} ms"
            )
    for label, best in largest.items():
        print(f"{label}: largest N with p95 under {BUDGET_MS:.0f} ms: {best if best is not None else 'none'}")
    return {"summary": lines, "pairs": pairs, "largest_n": largest}


def flood_main(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory(prefix="bonepile-bench-") as folder:
        server = None
        if args.url is None:
            server = Server("now", HERE / "src", Path(folder), db_url=args.db, redis_url=args.redis)
        base = args.url or (server.base if server is not None else "")
        try:
            result = asyncio.run(hint_flood(base, args.hint_flood, args.seconds, args.seed, args.ai_level))
        finally:
            if server is not None:
                server.stop()
    idle, flood = result["idle"], result["flood"]
    seconds = result["seconds"]
    print(
        f"bench/rooms.py --hint-flood {args.hint_flood}: a room of 1 human + 3 {args.ai_level} AI seats, "
        f"{args.seconds:g} s a phase"
    )
    print(f"{'phase':>6} {'AI moves':>9} {'p50 ms':>8} {'p95 ms':>8}")
    print(f"{'idle':>6} {idle[2]:>9} {idle[0]:>8.1f} {idle[1]:>8.1f}")
    print(f"{'flood':>6} {flood[2]:>9} {flood[0]:>8.1f} {flood[1]:>8.1f}")
    answers = ", ".join(f"{code}: {count / seconds:.1f}/s" for code, count in sorted(result["hints"].items()))
    print(f"flood p50 / idle p50 = {result['ratio']:.2f}x; hint answers by status: {answers}")
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
