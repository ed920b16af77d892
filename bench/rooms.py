"""How many online rooms one ``bonepile serve`` process keeps up with.

Starts a real server (a child process, on a fresh SQLite file, AI pacing 0),
then, for each N of a sweep, opens N rooms of 4 simulated players over real
WebSockets (the ``websockets`` client), starts them, and lets every player
play a random legal move as soon as its turn comes (a finished game is
followed by a rematch, so the load stays steady). After a warm-up it measures,
for a fixed time:

* **moves/s**: moves played by all rooms together (each one checked, stored
  in the database and pushed to the room's 4 sockets by the server);
* **latency**: from the moment a player sends its move to the moment each of
  the 3 other players receives the view with it (p50, p95, max).

The players respect the server's per-socket rate limit (a token bucket of 20
messages refilled at 10/s), as a page does, so one room plays at most about
40 moves a second. The sweep stops after the first N whose p95 is over the
budget (100 ms), and reports the largest N within it.

Players that move the instant their turn comes are the worst case; ``--think
S`` gives each player a thinking time (uniform between S/2 and 3S/2 seconds,
not counted in the latency), closer to people at a table.

    .venv/bin/python bench/rooms.py                  # sweep 1, 5, 10, 20, 30, 40, 50, 100, 200
    .venv/bin/python bench/rooms.py --rooms 10,40 --seconds 5 --game triominoes
    .venv/bin/python bench/rooms.py --think 2 --rooms 50,100,200,400
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
machine each has a core.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

BUDGET_MS = 100.0
RATE, BURST = 9.0, 18
"""A little under the server's limit (10/s, 20), so that the clocks' jitter never trips it."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(folder: Path, port: int, db_url: str | None = None) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "bonepile.cli.main", "serve", "--port", str(port)]
    command += ["--db", db_url or f"sqlite:///{folder / 'bench.db'}", "--ai-delay", "0", "--hand-pause", "0"]
    log = (folder / "serve.log").open("wb")
    # The sweep opens hundreds of rooms from one address: lift the per-address creation limit (a setting).
    env = os.environ | {"BONEPILE_CREATE_BURST": "100000"}
    process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + 60
    while True:
        if process.poll() is not None:
            raise SystemExit(f"bonepile serve exited: {(folder / 'serve.log').read_text()[-2000:]}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/api/games/catalog", timeout=1).status_code == 200:
                return process
        if time.monotonic() > deadline:
            raise SystemExit("bonepile serve did not come up")
        time.sleep(0.1)


@dataclass
class Stats:
    measuring: bool = False
    moves: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)


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
    """One simulated player: hello, then a random legal move whenever it is this seat's turn."""
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
            if last is not None and message["cause"] == "move" and stats.measuring:
                if seat == 0:
                    stats.moves += 1
                sent = room.sent.get((view["id"], last["number"]))
                if sent is not None and last["seat"] != seat:
                    stats.latencies.append(now - sent)
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


async def open_room(http: httpx.AsyncClient, base: str, game: str) -> Room:
    answer = await http.post(f"{base}/api/rooms", json={"game": game, "players": 4})
    answer.raise_for_status()
    created = answer.json()
    tokens = {created["room"]["host_seat"]: created["host_token"]}
    tokens |= {entry["seat"]: entry["token"] for entry in created["seat_tokens"]}
    return Room(created["room"]["id"], created["host_token"], tokens)


async def run(base: str, rooms_count: int, seconds: float, game: str, seed: int, think: float) -> dict[str, Any]:
    stats = Stats()
    rng = random.Random(seed)
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        rooms = [await open_room(http, base, game) for _ in range(rooms_count)]
        tasks = []
        for room in rooms:
            for seat in range(4):
                ready = asyncio.Event()
                tasks.append(asyncio.create_task(player(base, room, seat, stats, http, rng, ready, think)))
                await ready.wait()
        for room in rooms:
            answer = await http.post(
                f"{base}/api/rooms/{room.id}/start", headers={"Authorization": f"Bearer {room.host}"}
            )
            answer.raise_for_status()
        await asyncio.sleep(1.0 + 2 * think)  # warm-up: every room under way
        stats.measuring = True
        started = time.monotonic()
        await asyncio.sleep(seconds)
        stats.measuring = False
        elapsed = time.monotonic() - started
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    latencies = sorted(stats.latencies)

    def percentile(share: float) -> float:
        if not latencies:
            return float("nan")
        return latencies[min(len(latencies) - 1, int(share * len(latencies)))] * 1000

    return {
        "rooms": rooms_count,
        "sockets": 4 * rooms_count,
        "moves": stats.moves,
        "moves_per_s": stats.moves / elapsed,
        "p50_ms": statistics.median(latencies) * 1000 if latencies else float("nan"),
        "p95_ms": percentile(0.95),
        "max_ms": latencies[-1] * 1000 if latencies else float("nan"),
        "samples": len(latencies),
        "errors": stats.errors,
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", default="1,5,10,20,30,40,50,100,200", help="the sweep over N (comma-separated)")
    parser.add_argument("--seconds", type=float, default=8.0, help="measured seconds per N (default 8)")
    parser.add_argument("--game", default="dominoes", choices=("dominoes", "triominoes"))
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' choices")
    parser.add_argument("--think", type=float, default=0.0, help="each player's mean thinking time, s (default 0)")
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    parser.add_argument("--url", help="bench a server already running at this address instead of starting one")
    parser.add_argument("--db", metavar="URL", help="the server's database (default: a fresh SQLite file)")
    parser.add_argument("--hint-flood", type=int, metavar="N", help="measure a room's AI under N clients' hints")
    parser.add_argument("--ai-level", default="expert", help="the AI seats of the --hint-flood room (default expert)")
    args = parser.parse_args()
    if args.hint_flood:
        return flood_main(args)
    sweep = [int(n) for n in args.rooms.split(",")]
    results = []
    with tempfile.TemporaryDirectory(prefix="bonepile-bench-") as folder:
        port = free_port()
        server = start_server(Path(folder), port, args.db) if args.url is None else None
        base = args.url or f"http://127.0.0.1:{port}"
        try:
            pace = f"players think {args.think:g} s" if args.think else "players move at once"
            store = "PostgreSQL" if (args.db or "").startswith("postgresql") else "SQLite"
            print(
                f"bench/rooms.py: {args.game}, 4 players a room, {pace}, {args.seconds:g} s per N, one server, {store}"
            )
            print(f"{'rooms':>6} {'sockets':>8} {'moves/s':>9} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}  errors")
            for count in sweep:
                result = asyncio.run(run(base, count, args.seconds, args.game, args.seed, args.think))
                results.append(result)
                print(
                    f"{result['rooms']:>6} {result['sockets']:>8} {result['moves_per_s']:>9.0f} "
                    f"{result['p50_ms']:>8.1f} {result['p95_ms']:>8.1f} {result['max_ms']:>8.1f}  "
                    f"{result['errors'] or '-'}",
                    flush=True,
                )
                if result["p95_ms"] > BUDGET_MS:
                    break
        finally:
            if server is not None:
                server.terminate()
                server.wait(timeout=30)
    within = [r["rooms"] for r in results if r["p95_ms"] <= BUDGET_MS]
    best = max(within) if within else None
    print(f"largest N with p95 under {BUDGET_MS:.0f} ms: {best if best is not None else 'none'}")
    if args.json:
        Path(args.json).write_text(json.dumps({"results": results, "largest_n": best}, indent=1) + "\n")
    return 0


def flood_main(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory(prefix="bonepile-bench-") as folder:
        port = free_port()
        server = start_server(Path(folder), port, args.db) if args.url is None else None
        base = args.url or f"http://127.0.0.1:{port}"
        try:
            result = asyncio.run(hint_flood(base, args.hint_flood, args.seconds, args.seed, args.ai_level))
        finally:
            if server is not None:
                server.terminate()
                server.wait(timeout=30)
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
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
