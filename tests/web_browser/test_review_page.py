"""The review page and the statistics page in Chromium: from a hand's summary to its review, stepped through
with the keyboard, the preferred move's ghost tile, the chart, at a phone's and a desktop's size; the
start page's finished games and the statistics of this browser's games. A screenshot of each is saved
under ``screenshots/``. The server reviews with a small budget (``review_worlds`` 8), to stay fast.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from environment_helpers import require_module

playwright_api = require_module("playwright.sync_api", "Playwright for Python, in the extra 'test'")

from browser_support import LiveServer, TablePage, View, Watch, open_page, running, screenshot  # noqa: E402
from playwright.sync_api import Browser, Page, expect  # noqa: E402

expect.set_options(timeout=20_000)

EASY = {"kind": "ai", "level": "easy"}
DOMINOES = {"game": "dominoes", "preset": "draw", "seats": [{"kind": "human"}, EASY]}


@pytest.fixture(scope="module")
def reviewing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose hands wait between them for the player (the hand's summary stays), reviewing cheaply."""
    path: Path = tmp_path_factory.mktemp("review") / "games.db"
    with running(LiveServer(path, hand_pause=None, review_worlds=8)) as live:
        yield live


def finish_first_hand(server: LiveServer, seed: int) -> str:
    """A game whose first hand is over (seat 0 plays its first legal move), held between hands."""
    game_id = server.create(seed=seed, **DOMINOES)
    for _turn in range(80):
        view = server.view(game_id)
        if view["between_hands"] is not None or view["status"] == "over":
            return game_id
        if view["turn"] == 0:
            server.play(game_id, view, view["legal_moves"][0]["text"])
        else:
            time.sleep(0.02)
    raise AssertionError("the first hand did not end")


def stored_review(server: LiveServer, game_id: str, hand: int = 1) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while True:
        answer: dict[str, Any] = server.call("GET", f"/api/games/{game_id}/review?hand={hand}")
        if "decisions" in answer:
            return answer
        assert time.monotonic() < deadline, "the review was not made in 60 s"
        time.sleep(0.2)


def step_of_ghost(server: LiveServer, game_id: str, review: dict[str, Any]) -> int | None:
    """The step (from 0) of the first decision whose preferred move is another tile's placement."""
    positions: list[View] = server.call("GET", f"/api/games/{game_id}/review/positions?hand=1")["positions"]
    judged = {d["move_number"]: d for d in review["decisions"]}
    for index, at in enumerate(positions):
        decision = judged.get(at["move_number"])
        if decision and decision["best"] != decision["played"]:
            move = next(m for m in at["view"]["legal_moves"] if m["text"] == decision["best"])
            if move.get("tile"):
                return index
    return None


@pytest.mark.parametrize("size", [(390, 844), (1280, 800)], ids=["390x844", "1280x800"])
def test_the_review_page_from_the_hand_summary(
    browser: Browser, reviewing: LiveServer, watch: Watch, size: tuple[int, int]
) -> None:
    width, height = size
    game_id = finish_first_hand(reviewing, seed=3 if width < 600 else 5)
    page: Page = open_page(browser, reviewing.url, watch, width, height)
    statuses: list[int] = []
    page.on("response", lambda answer: statuses.append(answer.status) if "/review?hand=" in answer.url else None)
    page.goto(f"{reviewing.url}/#/game/{game_id}")
    dialog = page.locator(".summary-dialog.hand-end")
    expect(dialog).to_be_visible()
    dialog.locator(".review-button").click()
    review_page = page.locator(".review-page")
    expect(review_page).to_have_attribute("data-hand", "1")
    assert f"#/review/{game_id}?hand=1" in page.url
    expect(review_page).to_have_attribute("data-state", "ready", timeout=60_000)
    assert statuses and statuses[0] == 202 and statuses[-1] == 200  # the progress, then the review
    review = stored_review(reviewing, game_id)
    moves = page.locator(".review-moves .review-item")
    expect(moves).to_have_count(len(review["decisions"]))
    expect(page.locator(".review-moves .mark-chip")).to_have_count(len(review["decisions"]))
    # The chart: a line per side, each with a point at every move (its expected final points) and the end.
    sides = len(review["points"])
    series = page.locator(".review-chart svg.line-chart .chart-series")
    expect(series).to_have_count(sides)
    for side in range(sides):
        line = series.nth(side)
        expect(line.locator(".chart-line")).to_be_visible()
        expect(line.locator(".chart-dot")).to_have_count(len(review["decisions"]) + 1)
    expect(page.locator(".review-chart .chart-legend li")).to_have_count(sides)
    expect(page.locator(".review-move .expected-points li")).to_have_count(sides)
    expect(page.locator(".review-accuracy tr")).to_have_count(len(review["accuracy"]))
    # The keyboard steps through the hand: → and ←, End and Home.
    page.locator(".review-page h1").click()
    expect(review_page).to_have_attribute("data-step", "0")
    page.keyboard.press("ArrowRight")
    expect(review_page).to_have_attribute("data-step", "1")
    expect(page.locator(".review-moves .review-item.current")).to_have_attribute(
        "data-move-number", moves.nth(1).get_attribute("data-move-number") or ""
    )
    page.keyboard.press("ArrowLeft")
    expect(review_page).to_have_attribute("data-step", "0")
    page.keyboard.press("End")
    expect(review_page).to_have_attribute("data-move-number", "end")
    expect(page.locator(".review-move h2")).to_have_text("The end of the hand")
    expect(page.locator(".review-board .line .domino").first).to_be_visible()
    page.keyboard.press("Home")
    expect(review_page).to_have_attribute("data-step", "0")
    expect(page.locator(".review-board .line .domino")).to_have_count(0)  # before the first move
    # The preferred move as a ghost tile where it would have gone.
    ghost_step = step_of_ghost(reviewing, game_id, review)
    assert ghost_step is not None, "no move of the hand was judged worse than another placement"
    for _step in range(ghost_step):
        page.keyboard.press("ArrowRight")
    expect(review_page).to_have_attribute("data-step", str(ghost_step))
    expect(page.locator(".review-board .review-ghost .ghost")).to_have_count(1)
    expect(page.locator(".review-move .move-best")).to_be_visible()
    page.wait_for_timeout(300)  # the arriving tiles' animation
    screenshot(page, f"review-dominoes-{width}x{height}.png")
    page.locator(".review-list-card").scroll_into_view_if_needed()
    screenshot(page, f"review-dominoes-list-{width}x{height}.png")
    # The buttons step too.
    page.locator(".step-next").click()
    expect(review_page).to_have_attribute("data-step", str(ghost_step + 1))
    page.context.close()


def test_finished_games_and_the_statistics_page(browser: Browser, reviewing: LiveServer, watch: Watch) -> None:
    game_id = reviewing.create(seed=7, options={"target": 10}, **DOMINOES)
    for _turn in range(300):
        view = reviewing.view(game_id)
        if view["status"] == "over":
            break
        if view["between_hands"] is not None:
            reviewing.call("POST", f"/api/games/{game_id}/continue", {"seat": 0, "hand_number": view["hand_number"]})
        elif view["turn"] == 0:
            reviewing.play(game_id, view, view["legal_moves"][0]["text"])
        else:
            time.sleep(0.02)
    assert reviewing.view(game_id)["status"] == "over"
    page = open_page(browser, reviewing.url, watch, 1280, 800)
    page.goto(f"{reviewing.url}/#/game/{game_id}")  # this browser played it: it keeps its id
    expect(page.locator(".table-page[data-status='over']")).to_be_visible()
    page.goto(f"{reviewing.url}/#/")
    finished = page.locator(f".finished .finished-item[data-game-id='{game_id}']")
    expect(finished).to_be_visible()
    finished.locator(".review-link").click()
    expect(page.locator(".review-page")).to_have_attribute("data-state", "ready", timeout=60_000)
    # A game to 10 points: its first hand may decide it, so each move shows its chance of winning the game.
    assert stored_review(reviewing, game_id)["match_near"]
    expect(page.locator(".review-move .match-played")).to_have_text(re.compile(r"^\d+%$"))
    page.goto(f"{reviewing.url}/#/stats")
    stats = page.locator(".stats-page")
    expect(stats).to_have_attribute("data-state", "ready")
    group = page.locator(".stats-group[data-game='dominoes'][data-preset='draw']")
    expect(group).to_be_visible()
    expect(group.locator("tr:has-text('Games played') td")).to_have_text("1")
    expect(group.locator(".stats-levels tr[data-level='easy']")).to_have_count(1)
    expect(page.locator(".stats-accuracy svg.accuracy-chart .chart-dot")).to_have_count(1)
    expect(page.locator(".stats-best .stats-best-hand")).to_be_visible()
    screenshot(page, "stats-1280x800.png")
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_timeout(200)
    screenshot(page, "stats-390x844.png")
    page.context.close()


def test_a_room_games_hand_reviewed_from_its_summary(browser: Browser, reviewing: LiveServer, watch: Watch) -> None:
    created = reviewing.call(
        "POST", "/api/rooms", {"game": "dominoes", "preset": "draw", "seats": [{"kind": "human"}, EASY]}
    )
    room_id, host = created["room"]["id"], created["host_token"]
    page = open_page(browser, reviewing.url, watch, 1280, 800)
    page.goto(f"{reviewing.url}/#/room/{room_id}?token={host}")
    expect(page.locator(".lobby-page[data-role='host']")).to_be_visible()
    page.locator("#start-room").click()
    table = TablePage(page)
    dialog = page.locator(".summary-dialog.hand-end")
    for _turn in range(60):  # the host's turns, until the first hand's summary
        page.wait_for_function(
            """() => document.querySelector('.summary-dialog.hand-end')
                || (document.querySelector('.table-page') || {dataset: {}}).dataset.myTurn === 'true'"""
        )
        if dialog.count():
            break
        table.play_turn()
    expect(dialog).to_be_visible()
    dialog.locator(".review-button").click()
    review_page = page.locator(".review-page")
    expect(review_page).to_have_attribute("data-state", "ready", timeout=60_000)
    assert f"room={room_id}" in page.url
    expect(page.locator(".review-chart svg.line-chart .chart-series")).to_have_count(2)  # a line per side
    expect(page.locator(".review-page .back-to-table")).to_have_attribute("href", f"#/room/{room_id}")
    screenshot(page, "review-room-1280x800.png")
    page.context.close()
