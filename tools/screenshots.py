"""The README's pictures, remade from the real app: ``make screenshots`` (or ``python tools/screenshots.py``).

It starts ``bonepile serve`` on a fresh SQLite file in a temporary folder, creates seeded games through the
API (``docs/web-protocol.md``), plays the human seat's moves through the API by a fixed rule until the table
holds a game well under way, then opens the table in headless Chromium (Debian's ``/usr/bin/chromium``,
driven by Playwright as the browser tests drive it) at a fixed viewport, with reduced motion so that no
tile is caught mid-slide, and saves a screenshot. The terminal is played in tmux the same way and its
screen, colours included, is drawn by Chromium too. Each picture is saved as WebP (Pillow) under
``docs/images/``, a few tens of KB each.

The same seeds, the same moves and the AI seeded by the game (``agent_seed``) make the same positions, so
the same command makes the same pictures. ``--only NAME`` remakes one picture.

It lives in ``tools/``: it is neither a test (it checks nothing of the app) nor a benchmark (it measures
nothing), but a maintainer's tool that writes files the docs show.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "images"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--font-render-hinting=none",
]
DESKTOP = (1280, 800)
PHONE = (390, 844)

View = dict[str, Any]


# ------------------------------------------------------------------------------------------ the server


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``bonepile serve`` in a child process, on 127.0.0.1 and a SQLite file, with the AI at no pause."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = folder / "serve.log"
        self.command = [
            sys.executable,
            "-m",
            "bonepile.cli.main",
            "serve",
            "--port",
            str(self.port),
            "--db",
            f"sqlite:///{folder / 'games.db'}",
            "--ai-delay",
            "0",
        ]
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Server:
        with self.log.open("wb") as log:
            self.process = subprocess.Popen(self.command, stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                raise SystemExit(f"bonepile serve stopped:\n{self.log.read_text()[-2000:]}")
            with contextlib.suppress(OSError), urllib.request.urlopen(f"{self.url}/health", timeout=2) as answer:
                if answer.status == 200:
                    return self
            if time.monotonic() > deadline:
                raise SystemExit("bonepile serve did not answer in 60 s")
            time.sleep(0.1)

    def __exit__(self, *_: object) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)

    def call(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"{self.url}{path}", data=data, method=method, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                return json.load(answer)
        except urllib.error.HTTPError as error:
            raise SystemExit(f"{method} {path}: {error.code} {error.read().decode()}") from None

    def view(self, game_id: str, seat: int = 0) -> View:
        view: View = self.call("GET", f"/api/games/{game_id}/view?seat={seat}")
        return view

    def wait_turn(self, game_id: str, seat: int = 0) -> View:
        """Seat ``seat``'s view once it is to move or the game is over (the AI seats play meanwhile)."""
        deadline = time.monotonic() + 120
        while True:
            view = self.view(game_id, seat)
            if view["status"] == "over" or view["turn"] == seat or view["between_hands"]:
                return view
            if time.monotonic() > deadline:
                raise SystemExit(f"game {game_id}: the AI did not hand the turn back")
            time.sleep(0.05)

    def play(self, game_id: str, view: View, text: str) -> None:
        self.call("POST", f"/api/games/{game_id}/moves", {"seat": 0, "move": text, "move_number": view["move_number"]})


# ------------------------------------------------------------------------------------------ the positions


def tiles_on_table(view: View) -> int:
    return sum(1 for event in view["log"] if event["kind"] in ("open", "play", "place"))


def can_play(view: View) -> bool:
    return any(tile["moves"] for tile in view["your_tiles"])


def first_move(view: View) -> str:
    return str(view["legal_moves"][0]["text"])


def best_points(view: View) -> str:
    """The legal move that scores most now (Tri-Ominos placements carry their points), else the first."""
    moves = view["legal_moves"]
    scored = [move for move in moves if move.get("points") is not None]
    return str(max(scored, key=lambda move: move["points"])["text"]) if scored else first_move(view)


ARM_ORDER = {"north": 0, "south": 1, "left": 2, "right": 3}


def arms_first(view: View) -> str:
    """The play that grows the spinner's arms first (north, south, then the line), heaviest tile first."""
    pips = {tile["tile"]: tile["pips"] for tile in view["your_tiles"]}
    plays = [move for move in view["legal_moves"] if move["kind"] == "play"]
    if not plays:
        return first_move(view)
    best = min(plays, key=lambda move: (ARM_ORDER.get(move["end"] or "", 4), -pips[move["tile"]]))
    return str(best["text"])


@dataclass(frozen=True)
class Scene:
    """A seeded game played by ``policy`` (seat 0) until ``ready`` holds at seat 0's turn in the first hand."""

    body: dict[str, Any]
    policy: Callable[[View], str]
    ready: Callable[[View], bool]
    seeds: tuple[int, ...]


def reach(server: Server, scene: Scene) -> str:
    """The id of the first game of the scene's seeds that reaches a ready position (same seeds: same game)."""
    for seed in scene.seeds:
        game_id: str = server.call("POST", "/api/games", {**scene.body, "seed": seed})["id"]
        for _ in range(200):
            view = server.wait_turn(game_id)
            if view["status"] == "over" or view["between_hands"] or view["hand_number"] != 1:
                break
            if scene.ready(view):
                return game_id
            server.play(game_id, view, scene.policy(view))
    raise SystemExit(f"no seed of {scene.seeds} reached the wanted position for {scene.body}")


# ------------------------------------------------------------------------------------------ the pictures


def save_webp(raw: bytes, path: Path, lossless: bool = False) -> None:
    """The screenshot as WebP (Pillow, libwebp's slowest and smallest setting): quality 85 keeps the text
    sharp and the table's gradients smooth at a fifth of the PNG's size; the terminal, flat colours and
    text only, is smaller still lossless."""
    from PIL import Image

    image = Image.open(io.BytesIO(raw)).convert("RGB")
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, format="WEBP", lossless=lossless, quality=100 if lossless else 85, method=6, exact=False)


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def new_page(browser: Any, size: tuple[int, int], phone: bool = False) -> Any:
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        device_scale_factor=2 if phone else 1,
        is_mobile=phone,
        has_touch=phone,
        reduced_motion="reduce",
        locale="en-GB",
        timezone_id="UTC",
    )
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page


def settle(page: Any) -> None:
    """Until fonts are loaded and two frames have been drawn with nothing changing."""
    page.evaluate("() => document.fonts.ready")
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")
    page.wait_for_timeout(300)


def open_table(browser: Any, server: Server, game_id: str, size: tuple[int, int], phone: bool = False) -> Any:
    from playwright.sync_api import expect

    page = new_page(browser, size, phone)
    page.goto(f"{server.url}/#/game/{game_id}")
    expect(page.locator(".table-page[data-my-turn='true']")).to_be_visible()
    settle(page)
    return page


def shoot(page: Any, path: Path, lossless: bool = False) -> None:
    save_webp(page.screenshot(animations="disabled", caret="hide"), path, lossless)
    page.context.close()
    print(f"  {path}: {path.stat().st_size // 1024} KB")


def pick_tile(page: Any, tile: str | None = None) -> None:
    """Click a playable tile of the hand (the first, or ``tile``) so that every place it fits lights up."""
    selector = ".hand-tile.playable" if tile is None else f".hand-tile.playable[data-tile='{tile}']"
    page.locator(selector).first.click()
    page.locator(".end-target, .place-target").first.wait_for()
    settle(page)


# ------------------------------------------------------------------------------------------ the scenes

DOMINOES = Scene(
    body={
        "game": "dominoes",
        "preset": "draw",
        "seats": [
            {"kind": "human", "name": "Ann"},
            {"kind": "ai", "level": "hard", "name": "Ada"},
            {"kind": "ai", "level": "medium", "name": "Bob"},
        ],
    },
    policy=first_move,
    ready=lambda view: tiles_on_table(view) >= 9 and len(view["your_tiles"]) >= 3 and can_play(view),
    seeds=tuple(range(1, 40)),
)

TRIOMINOES = Scene(
    body={
        "game": "triominoes",
        "preset": "pressman",
        "seats": [
            {"kind": "human", "name": "Ann"},
            {"kind": "ai", "level": "hard", "name": "Ada"},
            {"kind": "ai", "level": "medium", "name": "Bob"},
        ],
    },
    policy=best_points,
    ready=lambda view: tiles_on_table(view) >= 12 and len(view["legal_moves"]) >= 3,
    seeds=tuple(range(1, 40)),
)


def four_arms(view: View) -> bool:
    board = view["board"]
    arms = board.get("arms") or {}
    return (
        bool(arms.get("north") and arms.get("south"))
        and tiles_on_table(view) >= 9
        and any(len(tile["moves"]) >= 2 for tile in view["your_tiles"])
    )


ALL_FIVES = Scene(
    body={
        "game": "dominoes",
        "preset": "all-fives",
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "ai", "level": "hard", "name": "Ada"}],
    },
    policy=arms_first,
    ready=four_arms,
    seeds=tuple(range(1, 60)),
)

PHONE_SCENE = Scene(
    body={
        "game": "dominoes",
        "preset": "draw",
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "ai", "level": "medium", "name": "Ada"}],
    },
    policy=first_move,
    ready=lambda view: tiles_on_table(view) >= 8 and len(view["your_tiles"]) >= 3 and can_play(view),
    seeds=tuple(range(1, 40)),
)


def trains_under_way(least: int) -> Callable[[View], bool]:
    """A Mexican Train round well under way: ``least`` tiles out, the Mexican Train started, a marker out,
    and a tile of yours that goes on two trains or more (picked, it lights them)."""

    def ready(view: View) -> bool:
        trains = view["board"]["trains"]
        return (
            tiles_on_table(view) >= least
            and bool(trains[-1]["tiles"])
            and any(train["marked"] for train in trains)
            and any(len(tile["moves"]) >= 2 for tile in view["your_tiles"])
        )

    return ready


MEXICAN_TRAIN = Scene(
    body={
        "game": "mexican-train",
        "seats": [
            {"kind": "human", "name": "Ann"},
            {"kind": "ai", "level": "hard", "name": "Ada"},
            {"kind": "ai", "level": "medium", "name": "Bob"},
            {"kind": "ai", "level": "hard", "name": "Cy"},
        ],
    },
    policy=first_move,
    ready=trains_under_way(16),
    seeds=tuple(range(1, 60)),
)

MEXICAN_TRAIN_PHONE = Scene(
    body={**MEXICAN_TRAIN.body, "seats": MEXICAN_TRAIN.body["seats"][:3]},
    policy=first_move,
    ready=trains_under_way(10),
    seeds=tuple(range(1, 60)),
)


def pick_for_trains(page: Any, server: Server, game_id: str) -> None:
    """Pick the tile of the hand that goes on the most trains, so that they light up."""
    widest = max(server.view(game_id)["your_tiles"], key=lambda tile: len(tile["moves"]))
    page.locator(f".hand-tile.playable[data-tile='{widest['tile']}']").click()
    page.locator(".train-target").first.wait_for()
    settle(page)


def mexican_train_table(browser: Any, server: Server, out: Path) -> None:
    game_id = reach(server, MEXICAN_TRAIN)
    page = open_table(browser, server, game_id, DESKTOP)
    pick_for_trains(page, server, game_id)
    shoot(page, out / "mexican-train-table.webp")


def mexican_train_phone(browser: Any, server: Server, out: Path) -> None:
    game_id = reach(server, MEXICAN_TRAIN_PHONE)
    page = open_table(browser, server, game_id, PHONE, phone=True)
    shoot(page, out / "mexican-train-phone.webp")


def dominoes_table(browser: Any, server: Server, out: Path) -> None:
    page = open_table(browser, server, reach(server, DOMINOES), DESKTOP)
    shoot(page, out / "dominoes-table.webp")


def triominoes_table(browser: Any, server: Server, out: Path) -> None:
    page = open_table(browser, server, reach(server, TRIOMINOES), DESKTOP)
    pick_tile(page)
    shoot(page, out / "triominoes-table.webp")


def all_fives_spinner(browser: Any, server: Server, out: Path) -> None:
    game_id = reach(server, ALL_FIVES)
    view = server.view(game_id)
    widest = max(view["your_tiles"], key=lambda tile: len(tile["moves"]))
    page = open_table(browser, server, game_id, DESKTOP)
    pick_tile(page, widest["tile"])
    shoot(page, out / "all-fives-spinner.webp")


def phone(browser: Any, server: Server, out: Path) -> None:
    page = open_table(browser, server, reach(server, PHONE_SCENE), PHONE, phone=True)
    shoot(page, out / "phone.webp")


# ------------------------------------------------------------------------------------------ the terminal

TERMINAL_SIZE = (100, 30)
TERMINAL_TURNS = 3


def terminal(browser: Any, server: Server, out: Path) -> None:
    """``bonepile play dominoes`` in tmux, a few turns in; its screen with colours, drawn by Chromium."""
    if shutil.which("tmux") is None:
        raise SystemExit("the terminal picture needs tmux (apt-get install tmux)")
    tmux = ["tmux", "-L", f"bonepile-screenshots-{os.getpid()}"]
    command = [sys.executable, "-m", "bonepile.cli.main", "play", "dominoes", "--seed", "11"]
    env = {"TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8"}
    shell = " ".join(f"{key}={value}" for key, value in env.items()) + " " + shlex.join(command) + "; sleep 60"
    columns, rows = TERMINAL_SIZE
    subprocess.run([*tmux, "new-session", "-d", "-s", "play", "-x", str(columns), "-y", str(rows), shell], check=True)

    def screen(colours: bool = False) -> str:
        flags = ["-p", "-e"] if colours else ["-p"]
        return subprocess.run(
            [*tmux, "capture-pane", *flags, "-t", "play"], capture_output=True, text=True, check=True
        ).stdout

    def prompt_back(before: str = "", timeout: float = 30) -> str:
        """The screen once it asks for a move again: changed since ``before`` (the answer taken), ending in
        the prompt, and the same on two looks 0.2 s apart (nothing more being drawn)."""
        deadline = time.monotonic() + timeout
        last = ""
        while time.monotonic() < deadline:
            shown = screen()
            if shown != before and shown.rstrip().endswith(">") and shown == last:
                return shown
            last = shown
            time.sleep(0.2)
        raise SystemExit(f"the terminal game did not ask for a move:\n{screen()}")

    try:
        shown = prompt_back()
        for _ in range(TERMINAL_TURNS):
            subprocess.run([*tmux, "send-keys", "-t", "play", terminal_answer(shown), "Enter"], check=True)
            shown = prompt_back(before=shown)
        ansi = screen(colours=True)
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True)
    (out / "terminal.txt").write_text(strip_trailing(screen_text(ansi)))
    page = new_page(browser, (10, 10))
    page.set_content(terminal_html(ansi))
    settle(page)
    box = page.locator("pre").bounding_box()
    page.set_viewport_size({"width": int(box["width"]) + 1, "height": int(box["height"]) + 1})
    settle(page)
    shoot(page, out / "terminal.webp", lossless=True)


def terminal_answer(screen_shown: str) -> str:
    """The first legal option, read off the screen (as the terminal tests' bot does)."""
    prompt = screen_shown.rstrip("\n").rsplit("\n", 1)[-1]
    if "Press enter" in prompt or "p to pass" in prompt:
        return ""
    if "fits both ends" in prompt:
        return "r"
    offered = re.search(r"fits \d+ ends: (\w) = ", prompt)
    if offered:
        return offered.group(1)
    if "d to draw" in prompt:
        return "d"
    playable = re.findall(r"you can play ([\d, or]+)", screen_shown)
    if not playable:
        raise SystemExit(f"no playable tile on the terminal's screen:\n{screen_shown}")
    return str(re.findall(r"\d+", playable[-1])[0])


def screen_text(ansi: str) -> str:
    from rich.text import Text

    return Text.from_ansi(ansi).plain


def strip_trailing(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.rstrip().splitlines()) + "\n"


def terminal_html(ansi: str) -> str:
    """The captured screen as a page: rich reads tmux's escape codes (whose colours run on from line to line,
    so the screen is read whole) and writes them as styled HTML in a dark terminal theme."""
    from rich.console import Console
    from rich.terminal_theme import MONOKAI
    from rich.text import Text

    console = Console(record=True, width=TERMINAL_SIZE[0], file=io.StringIO(), color_system="truecolor")
    console.print(Text.from_ansi(ansi.rstrip("\n")), overflow="crop", no_wrap=True)
    body = console.export_html(theme=MONOKAI, inline_styles=True, code_format="{code}")
    background, foreground = MONOKAI.background_color.hex, MONOKAI.foreground_color.hex
    return (
        "<!doctype html><meta charset='utf-8'><style>"
        f"html,body{{margin:0;background:{background}}}"
        f"pre{{display:inline-block;margin:0;padding:14px 18px;color:{foreground};background:{background};"
        "font:14px/1.2 'DejaVu Sans Mono',monospace}"
        f"</style><pre>{body}</pre>"
    )


# ------------------------------------------------------------------------------------------ main

PICTURES: dict[str, Callable[[Any, Server, Path], None]] = {
    "dominoes-table": dominoes_table,
    "triominoes-table": triominoes_table,
    "all-fives-spinner": all_fives_spinner,
    "phone": phone,
    "mexican-train-table": mexican_train_table,
    "mexican-train-phone": mexican_train_phone,
    "terminal": terminal,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the pictures (default docs/images)")
    parser.add_argument("--only", action="append", choices=sorted(PICTURES), help="make only this picture")
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        raise SystemExit(f"the pictures need Chromium at {CHROMIUM} (apt-get install chromium)")
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory(prefix="bonepile-screenshots-") as folder,
        Server(Path(folder)) as server,
        chromium() as browser,
    ):
        for name in args.only or PICTURES:
            print(name)
            PICTURES[name](browser, server, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
