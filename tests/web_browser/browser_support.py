"""Helpers for the browser tests: a live ``bonepile`` web server in a child process, a small HTTP client
to set up positions, and a driver that plays turns through the page the way a person does (clicks).

The server runs as a separate process so that a test can stop it and start it again on the same database,
as a person restarting ``bonepile serve`` would.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, Route, expect

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"

# The app as `bonepile serve` builds it, with the AI's pauses set to nothing so that tests run fast
# (and, unless a test asks for it, no pause between hands either).
_SERVE = """
import sys
import uvicorn
from bonepile.web import create_app
pause = float(sys.argv[3])
hand = None if sys.argv[4] == "none" else float(sys.argv[4])
settings = None
if len(sys.argv) > 5:
    from bonepile.web.settings import Settings
    settings = Settings(review_worlds=int(sys.argv[5]))
app = create_app(sys.argv[1], ai_delay=pause, hand_pause=hand, settings=settings)
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""

View = dict[str, Any]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class LiveServer:
    """``bonepile``'s web app on 127.0.0.1:port and a SQLite file; stop() and start() keep both."""

    def __init__(
        self,
        db_path: Path,
        port: int | None = None,
        ai_pause: float = 0.0,
        hand_pause: float | None = 0.0,
        review_worlds: int | None = None,
    ) -> None:
        self.db_url = f"sqlite:///{db_path}"
        self.port = port or free_port()
        self.ai_pause = ai_pause
        self.hand_pause = hand_pause
        self.review_worlds = review_worlds
        """The review's budget (the server's ``review_worlds``; None: the default)."""
        self.process: subprocess.Popen[bytes] | None = None
        self.log = db_path.with_suffix(".log")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    _SERVE,
                    self.db_url,
                    str(self.port),
                    str(self.ai_pause),
                    "none" if self.hand_pause is None else str(self.hand_pause),
                    *([] if self.review_worlds is None else [str(self.review_worlds)]),
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
            )
        deadline = time.monotonic() + 30
        while True:
            assert self.process.poll() is None, f"the server stopped: {self.log.read_text()[-2000:]}"
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(f"{self.url}/api/games/catalog", timeout=2) as answer,
            ):
                if answer.status == 200:
                    return
            assert time.monotonic() < deadline, "the server did not start in 30 s"
            time.sleep(0.1)

    def kill(self) -> None:
        """Stop the server at once (SIGKILL), as a crash or a power cut would: no shutdown, no goodbyes."""
        if self.process is None:
            return
        self.process.kill()
        self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=5)
        self.process = None

    # -------------------------------------------------------------------------------- the API, to set up

    def call(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"{self.url}{path}", data=data, method=method, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return json.load(answer)
        except urllib.error.HTTPError as error:
            raise AssertionError(f"{method} {path}: {error.code} {error.read().decode()}") from None

    def create(self, **body: Any) -> str:
        game_id: str = self.call("POST", "/api/games", body)["id"]
        return game_id

    def view(self, game_id: str, seat: int | None = 0) -> View:
        query = "" if seat is None else f"?seat={seat}"
        view: View = self.call("GET", f"/api/games/{game_id}/view{query}")
        return view

    def wait_turn(self, game_id: str, seat: int = 0, timeout: float = 30) -> View:
        """The seat's view once it is to move (or the game is over)."""
        deadline = time.monotonic() + timeout
        while True:
            view = self.view(game_id, seat)
            if view["status"] == "over" or view["turn"] == seat:
                return view
            assert time.monotonic() < deadline, "the AI did not hand the turn back"
            time.sleep(0.02)

    def play(self, game_id: str, view: View, text: str) -> View:
        body = {"seat": view["seat"], "move": text, "move_number": view["move_number"]}
        after: View = self.call("POST", f"/api/games/{game_id}/moves", body)["view"]
        return after

    def advance_until(self, game_id: str, wanted: Callable[[View], bool], max_moves: int = 60) -> View | None:
        """Play seat 0's first legal move until its view, at its turn, satisfies ``wanted``."""
        for _ in range(max_moves):
            view = self.wait_turn(game_id)
            if view["status"] == "over":
                return None
            if wanted(view):
                return view
            self.play(game_id, view, view["legal_moves"][0]["text"])
        return None


def find_position(
    server: LiveServer, wanted: Callable[[View], bool], seeds: range = range(1, 40), **body: Any
) -> tuple[str, View]:
    """A game (by seed) and seat 0's view at the first of its turns where ``wanted`` holds."""
    for seed in seeds:
        game_id = server.create(seed=seed, **body)
        view = server.advance_until(game_id, wanted)
        if view is not None:
            return game_id, view
    raise AssertionError("no seed led to the wanted position")


# ------------------------------------------------------------------------------------------ the page


class Watch:
    """What a page did that it should not: errors in its console, requests to anywhere but the server."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.foreign: list[str] = []
        self.allow: list[str] = []

    def check(self) -> None:
        errors = [error for error in self.errors if not any(re.search(allowed, error) for allowed in self.allow)]
        assert not errors, f"errors in the page: {errors}"
        assert not self.foreign, f"requests outside the server: {self.foreign}"


def open_page(browser: Browser, base: str, watch: Watch, width: int = 1400, height: int = 860) -> Page:
    """A page in a browser context of its own (its own storage: another person), watched."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.on("console", lambda message: watch.errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: watch.errors.append(f"uncaught: {error}"))

    def guard(route: Route) -> None:
        if route.request.url.startswith(base):
            route.continue_()
        else:
            watch.foreign.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    return page


class TablePage:
    """Plays through the page: reads the table's data attributes, clicks tiles, places and the stock."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.root = page.locator(".table-page")

    def move_number(self) -> int:
        return int(self.root.get_attribute("data-move-number") or "-1")

    def status(self) -> str:
        return self.root.get_attribute("data-status") or ""

    def dismiss_summaries(self) -> None:
        for button in self.page.locator(".summary-dialog button.primary").all():
            with contextlib.suppress(Exception):
                button.click(timeout=2000)

    def wait_turn(self, timeout: float = 30_000) -> None:
        """Until it is the player's turn at the bottom, or the game is over; hand summaries are closed."""
        self.page.wait_for_function(
            """() => {
                const root = document.querySelector('.table-page');
                return root && (root.dataset.myTurn === 'true' || root.dataset.status === 'over'
                    || document.querySelector('.summary-dialog'));
            }""",
            timeout=timeout,
        )
        while self.page.locator(".summary-dialog").count():
            self.dismiss_summaries()
            self.page.wait_for_function(
                """() => {
                    const root = document.querySelector('.table-page');
                    return root.dataset.myTurn === 'true' || root.dataset.status === 'over'
                        || document.querySelector('.summary-dialog');
                }""",
                timeout=timeout,
            )

    def wait_moved(self, before: int, timeout: float = 30_000) -> None:
        self.page.wait_for_function(
            f"() => document.querySelector('.table-page').dataset.moveNumber !== '{before}'", timeout=timeout
        )

    def play_turn(self) -> str:
        """Play one move of the bottom player by clicking, the first playable tile first; say which kind."""
        before = self.move_number()
        tiles = self.page.locator(".hand-tile.playable")
        targets = self.page.locator(".end-target, .place-target, .train-target")
        if tiles.count():
            if not targets.count():  # no tile picked yet (a hint picks one)
                tiles.first.click()
            if targets.count():
                targets.first.click()
                place = self.page.locator(".rotate-bar .place-button")
                if place.count():
                    place.click()
            kind = "tile"
        elif self.page.locator(".stock.can-draw").count():
            self.page.locator(".stock").click()
            kind = "draw"
        else:
            self.page.locator(".pass-button").click()
            kind = "pass"
        self.wait_moved(before)
        return kind

    def play_to_the_end(self, max_turns: int = 400, on_turn: Callable[[int], None] | None = None) -> dict[str, int]:
        """Play every turn of the bottom player until the game is over; count the kinds of move."""
        kinds = {"tile": 0, "draw": 0, "pass": 0}
        for turn in range(max_turns):
            self.wait_turn()
            if self.status() == "over":
                return kinds
            if on_turn is not None:
                on_turn(turn)
            kinds[self.play_turn()] += 1
        raise AssertionError("the game did not end")

    def hand(self) -> list[str]:
        return [tile.get_attribute("data-tile") or "" for tile in self.page.locator(".hand-tile").all()]


def start_from_form(
    page: Page,
    base: str,
    *,
    game: str,
    preset: str | None = None,
    seats: list[str] | None = None,
    target: int | None = None,
    time_limit: float | None = None,
) -> None:
    """Deal a game through the start page: ``seats`` are the seat selects' values ("human", "easy", …)."""
    page.goto(f"{base}/#/")
    page.locator(f"label.game-card:has(input[value='{game}'])").click()
    if preset is not None:
        page.locator(f"label.preset-option:has(input[value='{preset}'])").click()
    if seats is not None:
        page.select_option("#players", str(len(seats)))
        for number, kind in enumerate(seats):
            page.select_option(f"#seat-kind-{number}", kind)
    if target is not None:
        page.fill("#target", str(target))
    if time_limit is not None:
        page.fill("#time-limit", str(time_limit))
    page.click("#start-game")
    expect(page.locator(".table-page[data-move-number]")).to_be_visible()


def screenshot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / name), animations="disabled")


@contextlib.contextmanager
def running(server: LiveServer) -> Iterator[LiveServer]:
    server.start()
    try:
        yield server
    finally:
        server.stop()


# ------------------------------------------------------------------------------------------ online rooms


def create_room_from_form(
    page: Page,
    base: str,
    *,
    game: str,
    preset: str | None = None,
    seats: list[str],
    target: int | None = None,
    time_limit: float | None = None,
    name: str | None = None,
) -> str:
    """Create an online room through the start page and land in its lobby; answer the room id.

    ``seats`` are the seat selects' values: "you", "human" (a friend), or an AI level.
    """
    page.goto(f"{base}/#/")
    page.click("#mode-online")
    page.locator(f"label.game-card:has(input[value='{game}'])").click()
    if preset is not None:
        page.locator(f"label.preset-option:has(input[value='{preset}'])").click()
    page.select_option("#players", str(len(seats)))
    for number, kind in enumerate(seats):
        page.select_option(f"#seat-kind-{number}", kind)
    if name is not None:
        page.fill(f"#seat-name-{seats.index('you')}", name)
    if target is not None:
        page.fill("#target", str(target))
    if time_limit is not None:
        page.fill("#time-limit", str(time_limit))
    page.click("#start-game")
    expect(page.locator(".lobby-page[data-role='host']")).to_be_visible()
    found = re.search(r"#/room/([A-Za-z0-9_-]+)\?", page.url)
    assert found, page.url
    return found.group(1)


def lobby_link(page: Page, kind: str) -> str:
    """A link of the lobby: "join" (the share link), "own", or "seat-N" (a seat's secret link)."""
    return page.locator(f"input[data-link='{kind}']").input_value()


def play_room(tables: list[TablePage], *, max_moves: int = 600, until: Callable[[int], bool] | None = None) -> int:
    """Play the room's game through its pages, each seat on its own page, until it is over (or ``until``
    says stop after a move); hand summaries are closed everywhere. Answers how many moves were clicked."""
    moves = 0
    idle = 0
    while moves < max_moves:
        for table in tables:
            table.dismiss_summaries()
        if all(table.status() == "over" for table in tables):
            return moves
        mover = next((table for table in tables if table.root.get_attribute("data-my-turn") == "true"), None)
        if mover is None or mover.page.locator(".summary-dialog").count():
            idle += 1
            assert idle < 600, "no page got the turn"
            tables[0].page.wait_for_timeout(50)
            continue
        idle = 0
        mover.play_turn()
        moves += 1
        if until is not None and until(moves):
            return moves
    raise AssertionError("the game did not end")
