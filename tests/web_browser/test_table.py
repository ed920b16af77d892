"""The table as a player sees it, measured in a real browser: every box where it belongs at every screen
size, the end of a hand as a moment, tiles that move (and stay still when asked), the sound switch.

One test per flaw of the table that a new player met (see the issue "The table, as good as a shop game"),
then the layout over the viewport x game matrix, with a screenshot of each under ``screenshots/``.
"""

from __future__ import annotations

import itertools
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from environment_helpers import require_module

playwright_api = require_module("playwright.sync_api", "Playwright for Python, in the extra 'test'")

from browser_support import (  # noqa: E402
    LiveServer,
    TablePage,
    View,
    Watch,
    create_room_from_form,
    lobby_link,
    open_page,
    running,
    screenshot,
)
from playwright.sync_api import Browser, Page, expect  # noqa: E402

expect.set_options(timeout=20_000)

VIEWPORTS = [(390, 844), (844, 390), (768, 1024), (1280, 800), (1920, 1080)]

EASY = {"kind": "ai", "level": "easy"}
GAMES: dict[str, dict[str, Any]] = {
    "dominoes-2p": {"game": "dominoes", "preset": "draw", "seats": [{"kind": "human"}, EASY]},
    "dominoes-4p-partnership": {
        "game": "dominoes",
        "preset": "partnership",
        "seats": [{"kind": "human"}, EASY, EASY, EASY],
    },
    "triominoes-2p": {"game": "triominoes", "preset": "pressman", "seats": [{"kind": "human"}, EASY]},
    "triominoes-6p": {"game": "triominoes", "preset": "pressman", "seats": [{"kind": "human"}, *[EASY] * 5]},
}


@pytest.fixture(scope="module")
def paused(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server that waits between hands for the player, as ``bonepile serve`` does."""
    with running(LiveServer(tmp_path_factory.mktemp("paused") / "games.db", hand_pause=None)) as live:
        yield live


def open_at(
    browser: Browser, server: LiveServer, watch: Watch, game_id: str, size: tuple[int, int], **context: Any
) -> Page:
    page = (
        open_page(browser, server.url, watch, *size)
        if not context
        else _page_with(browser, server, watch, size, context)
    )
    page.goto(f"{server.url}/#/game/{game_id}")
    expect(page.locator(".table-page[data-move-number]")).to_be_visible()
    page.wait_for_timeout(150)  # the hand is sized once the page has laid out
    return page


def _page_with(
    browser: Browser, server: LiveServer, watch: Watch, size: tuple[int, int], context: dict[str, Any]
) -> Page:
    made = browser.new_context(viewport={"width": size[0], "height": size[1]}, **context)
    page = made.new_page()
    page.set_default_timeout(20_000)
    page.on("console", lambda message: watch.errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: watch.errors.append(f"uncaught: {error}"))
    return page


def game_at(server: LiveServer, name: str, moves: int, seed: int = 4) -> tuple[str, View]:
    """A game of the matrix, played (seat 0 by its first legal move, the AI by itself) to about ``moves``."""
    game_id = server.create(seed=seed, options={"target": 500}, **GAMES[name])
    view = server.advance_until(game_id, lambda v: v["move_number"] >= moves and bool(v["legal_moves"]))
    assert view is not None
    return game_id, view


MEASURE = "\n".join(
    line for line in (Path(__file__).parent / "measure.js").read_text().splitlines() if not line.startswith("//")
)


def measured(page: Page) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate(MEASURE)
    return result


def assert_fits(page: Page, where: str) -> dict[str, Any]:
    found = measured(page)
    width, height, vw, vh = found["scroll"]
    assert width <= vw and height <= vh, f"{where}: the page scrolls ({width}x{height} in {vw}x{vh})"
    assert not found["outside"], f"{where}: off the screen: {found['outside']}"
    assert not found["overflowing"], f"{where}: text overflows its box: {found['overflowing']}"
    assert not found["covering"], f"{where}: labels over a placed tile's numbers: {found['covering']}"
    return found


# ------------------------------------------------------------------------------------------ the flaws


def test_flaw_1_partnership_scores_and_teams_are_all_in_view(
    browser: Browser, server: LiveServer, watch: Watch
) -> None:
    game_id, _ = game_at(server, "dominoes-4p-partnership", 16)
    for size in [(1024, 768), (1280, 800), (1920, 1080)]:
        page = open_at(browser, server, watch, game_id, size)
        found = assert_fits(page, f"{size}")
        assert not found["overflowing"]
        panel = page.locator(".score-panel")
        for side in panel.locator(".side-score").all():  # both team scores shown in full, inside the panel
            points = side.locator(".side-points").bounding_box()
            box = panel.bounding_box()
            assert points and box and points["x"] + points["width"] <= box["x"] + box["width"]
        expect(panel.locator(".side-name").first).to_contain_text("Team A")
        expect(panel.locator(".side-name").first).to_contain_text("You & Computer 3")
        # Every opponent's card says which team it is on; the partner's says so.
        cards = page.locator(".player-card")
        expect(cards).to_have_count(3)
        assert [cards.nth(i).locator(".team-badge").inner_text() for i in range(3)] == ["Team B", "Team A", "Team B"]
        expect(cards.nth(1).locator(".team-badge.partner")).to_be_visible()
        assert cards.nth(1).locator(".team-badge").get_attribute("title") == "Team A: your partner"
        page.context.close()


def test_flaw_2_the_title_bar_names_the_game_and_preset_only(page: Page, server: LiveServer) -> None:
    for name, title in [("dominoes-2p", "Dominoes \u00b7 draw"), ("triominoes-2p", "Tri-Ominos \u00b7 pressman")]:
        game_id = server.create(seed=2, **GAMES[name])
        page.goto(f"{server.url}/#/game/{game_id}")
        expect(page.locator(".game-title")).to_have_text(title)
        assert "null" not in page.locator(".topbar").inner_text()


def near_end_of_hand(server: LiveServer, game_id: str, tiles_left: int = 3, max_moves: int = 300) -> None:
    """Play seat 0's first legal moves through the API until it holds ``tiles_left`` tiles or the hand is
    over: the pages then see the hand's last moves, clicked, without the tens of
    clicks before them (what these tests look at is the end of a hand, not its beginning)."""
    deadline = time.monotonic() + 60
    for _ in range(max_moves):
        view = server.view(game_id)
        if view["status"] == "over" or view.get("between_hands") or len(view["your_tiles"]) <= tiles_left:
            return
        if view["turn"] == 0:
            server.play(game_id, view, view["legal_moves"][0]["text"])
        else:
            assert time.monotonic() < deadline, "the AI did not hand the turn back"
            time.sleep(0.02)
    raise AssertionError("the hand did not near its end")


def play_to_end_of_hand(table: TablePage, max_turns: int = 120) -> None:
    page = table.page
    for _ in range(max_turns):
        page.wait_for_function(
            """() => {
                const root = document.querySelector('.table-page');
                return root.dataset.myTurn === 'true' || root.dataset.betweenHands;
            }"""
        )
        if table.root.get_attribute("data-between-hands"):
            return
        table.play_turn()
    raise AssertionError("the hand did not end")


def test_flaw_3_the_end_of_a_hand_is_seen_and_the_next_one_waits(
    browser: Browser, paused: LiveServer, watch: Watch
) -> None:
    game_id = paused.create(seed=5, options={"target": 500}, **GAMES["dominoes-4p-partnership"])
    near_end_of_hand(paused, game_id)
    page = open_at(browser, paused, watch, game_id, (1280, 800))
    table = TablePage(page)
    play_to_end_of_hand(table)
    dialog = page.locator(".summary-dialog.hand-end")
    expect(dialog).to_be_visible()
    expect(table.root).to_have_attribute("data-sound", "hand")  # the end of the hand is heard too
    # The final position stays on the table: the line as the last tile left it, every hand face up.
    view = paused.view(game_id)
    pause = view["between_hands"]
    assert pause is not None and pause["hand_number"] == 1
    summary = view["summaries"][-1]
    expect(page.locator(".dominoes-board .line .domino")).to_have_count(len(view["board"]["line"]))
    assert len(view["board"]["line"]) > 0
    expect(page.locator(".board-empty")).to_have_count(0)
    for card in page.locator(".player-card").all():
        seat = int(card.get_attribute("data-seat") or "-1")
        expect(card).to_have_class(re.compile(r"\brevealed\b"))
        expect(card.locator(".face-up svg")).to_have_count(len(summary["hands"][seat]))
    mine = [tile.get_attribute("data-tile") for tile in page.locator(".my-area .hand-tile").all()]
    assert mine == summary["hands"][0]
    expect(dialog.locator(".lead")).to_have_text(summary["text"])
    # The summary sits beside the board, not over it.
    board, box = page.locator(".board-wrap").bounding_box(), dialog.bounding_box()
    assert board and box and box["x"] >= board["x"] + board["width"] - 40
    screenshot(page, "end-of-hand-dominoes-4p-1280x800.png")
    # Nothing moves behind it: no AI opens the next hand, however long the player reads.
    before = table.move_number()
    page.wait_for_timeout(1200)
    assert table.move_number() == before and paused.view(game_id)["between_hands"] is not None
    dialog.get_by_role("button", name="Next hand").click()
    expect(page.locator(".table-page[data-hand='2']")).to_be_visible()
    expect(dialog).to_have_count(0)
    expect(page.locator(".player-card.revealed")).to_have_count(0)
    page.context.close()


def test_a_room_deals_the_next_hand_once_both_players_continue(browser: Browser, paused: LiveServer) -> None:
    watch = Watch()
    watch.allow.append(r"WebSocket connection to .* failed|Failed to load resource|ERR_CONNECTION_REFUSED")
    ann = open_page(browser, paused.url, watch, 1280, 800)
    bob = open_page(browser, paused.url, watch, 390, 844)
    create_room_from_form(
        ann, paused.url, game="dominoes", preset="draw", seats=["you", "human"], target=500, name="Ann"
    )
    bob.goto(lobby_link(ann, "seat-1"))
    expect(bob.locator(".lobby-page[data-role='seat']")).to_be_visible()
    expect(ann.locator("#start-room")).to_be_enabled()
    ann.locator("#start-room").click()
    tables = [TablePage(ann), TablePage(bob)]
    for table in tables:
        expect(table.root).to_have_attribute("data-status", "playing")
    for _ in range(200):
        if ann.locator(".table-page[data-between-hands='1']").count():
            break
        mover = next((t for t in tables if t.root.get_attribute("data-my-turn") == "true"), None)
        if mover is None:
            ann.wait_for_timeout(50)
            continue
        mover.play_turn()
    else:
        raise AssertionError("the hand did not end")
    dialogs = [page.locator(".summary-dialog.hand-end") for page in (ann, bob)]
    for dialog in dialogs:
        expect(dialog).to_be_visible()
        expect(dialog.locator(".hand-end-status")).to_contain_text("starts in")  # the room's bounded wait
    dialogs[0].get_by_role("button", name="Next hand").click()
    expect(dialogs[0].locator(".hand-end-status")).to_contain_text("Waiting for Player 2")
    expect(dialogs[0].get_by_role("button", name="Next hand")).to_be_disabled()
    ann.wait_for_timeout(500)
    assert ann.locator(".table-page").get_attribute("data-between-hands") == "1"  # still waiting for Bob
    dialogs[1].get_by_role("button", name="Next hand").click()
    for page in (ann, bob):
        expect(page.locator(".table-page[data-hand='2']")).to_be_visible()
        expect(page.locator(".summary-dialog.hand-end")).to_have_count(0)
    ann.context.close()
    bob.context.close()
    watch.check()


def test_flaw_3_a_phone_sees_the_final_position_too(browser: Browser, paused: LiveServer, watch: Watch) -> None:
    game_id = paused.create(seed=6, options={"target": 500}, **GAMES["triominoes-2p"])
    near_end_of_hand(paused, game_id)
    page = open_at(browser, paused, watch, game_id, (390, 844))
    play_to_end_of_hand(TablePage(page), max_turns=200)
    dialog = page.locator(".summary-dialog.hand-end")
    expect(dialog).to_be_visible()
    tiles = page.locator(".triominoes-board .placed .triomino")
    assert tiles.count() > 0
    # The sheet opens folded: the board's tiles stay in view above it.
    sheet = dialog.bounding_box()
    first = tiles.first.bounding_box()
    assert sheet and first and first["y"] + first["height"] <= sheet["y"]
    screenshot(page, "end-of-round-triominoes-2p-390x844.png")
    dialog.get_by_role("button", name="Details").click()
    expect(dialog.locator(".summary-table")).to_be_visible()
    # The tiles left in hand are large enough to read.
    left = dialog.locator(".mini-tiles svg")
    if left.count():
        box = left.first.bounding_box()
        assert box and box["height"] >= 28
    dialog.get_by_role("button", name="Next round").click()
    expect(page.locator(".table-page[data-hand='2']")).to_be_visible()
    page.context.close()


UNDER_THE_SHEET = """() => {
    const sheet = document.querySelector('.dialog.hand-end').getBoundingClientRect();
    const shown = '.line .domino, .placed .triomino, .player-card, .my-area .hand-tile, .my-area button, .tools > *';
    return [...document.querySelectorAll(shown)].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width && Math.min(r.right, sheet.right) - Math.max(r.left, sheet.left) > 1
            && Math.min(r.bottom, sheet.bottom) - Math.max(r.top, sheet.top) > 1;
    }).map((el) => el.getAttribute('data-tile') || el.getAttribute('data-seat') || el.textContent.trim());
}"""


def test_the_end_of_hand_sheet_on_a_phone_hides_no_tile_and_no_button(
    browser: Browser, paused: LiveServer, watch: Watch
) -> None:
    """Upright, the sheet at the foot covered your face-up hand and the foot of the line; on its side, it
    covered the top bar's buttons (the scores and the log could not be opened) and two face-up hands."""
    game_id = paused.create(seed=5, options={"target": 500}, **GAMES["dominoes-4p-partnership"])
    near_end_of_hand(paused, game_id)
    page = open_at(browser, paused, watch, game_id, (390, 844))
    play_to_end_of_hand(TablePage(page))
    sheet = page.locator(".dialog.hand-end")
    expect(sheet).to_be_visible()
    for size in [(390, 844), (844, 390)]:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(400)  # the sheet slides in; the table steps out from under it
        assert page.evaluate(UNDER_THE_SHEET) == [], f"{size}: under the end-of-hand sheet"
        width, height, vw, vh = measured(page)["scroll"]
        assert width <= vw and height <= vh, f"{size}: the page scrolls"
        screenshot(page, f"end-of-hand-dominoes-4p-{size[0]}x{size[1]}.png")
    page.locator(".panel-button").click()  # the scores and the log, beside the sheet
    expect(page.locator(".sidebar .score-panel")).to_be_in_viewport()
    page.locator(".panel-button").click()
    sheet.get_by_role("button", name="Next hand").click()
    expect(page.locator(".table-page[data-hand='2']")).to_be_visible()
    expect(page.locator(".felt")).to_have_css("padding-right", re.compile(r"^\d+(\.\d+)?px$"))
    assert page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.felt')).paddingRight)") < 20
    page.context.close()


def test_flaw_4_a_phone_never_scrolls_and_never_jumps(browser: Browser, server: LiveServer, watch: Watch) -> None:
    game_id, _ = game_at(server, "dominoes-2p", 2, seed=9)
    page = open_at(browser, server, watch, game_id, (390, 844))
    table = TablePage(page)
    for turn in range(6):
        table.wait_turn()
        if table.status() == "over":
            break
        assert_fits(page, f"turn {turn}")
        board = page.locator(".board-wrap").bounding_box()
        assert board and board["y"] >= 0
        table.play_turn()
        assert page.evaluate("() => [window.scrollX, window.scrollY]") == [0, 0]
    page.context.close()


def test_flaw_5_a_line_growing_on_one_side_turns_only_at_the_far_edge(page: Page, server: LiveServer) -> None:
    page.goto(f"{server.url}/#/")
    result = page.evaluate(
        """async () => {
            const { layout } = await import('/js/dominoes-board.js');
            const tile = (left, right) => ({ tile: `${left}-${right}`, left, right, double: left === right });
            // The opening double, then every tile on its right: 6-6 6-5 5-4 4-3 3-2 2-1 1-0 0-4 4-2.
            const pairs = [[6, 6], [6, 5], [5, 4], [4, 3], [3, 2], [2, 1], [1, 0], [0, 4], [4, 2]];
            const line = pairs.map(([a, b]) => tile(a, b));
            const reach = 10;  // a table 20 tile halves across, ~965 px wide
            const { rects } = layout({ line, opening_index: 0, ends: [6, 2] }, reach);
            const rows = new Set(rects.slice(1).map((r) => r.y + r.h / 2));
            const x0 = Math.min(...rects.map((r) => r.x)), x1 = Math.max(...rects.map((r) => r.x + r.w));
            // And when it does not fit in one row: where the first turn comes.
            const long = [...line, tile(2, 5), tile(5, 3), tile(3, 1), tile(1, 6)];
            const turned = layout({ line: long, opening_index: 0, ends: [6, 6] }, reach).rects;
            const firstTurn = turned.findIndex((r, i) => i > 0 && r.w < r.h);
            const span = Math.max(...turned.map((r) => r.x + r.w)) - Math.min(...turned.map((r) => r.x));
            return { rows: rows.size, width: x1 - x0, reach, firstTurn, span };
        }"""
    )
    assert result["rows"] == 1, result  # 17 halves long: it fits the 20 across, so it does not turn
    assert result["width"] <= 2 * result["reach"]
    # 25 halves do not fit: the line turns at the far edge, after ~9 tiles (not after 5 at the middle).
    assert result["firstTurn"] >= 9 and result["span"] >= 2 * result["reach"] - 2, result


def test_flaw_7_triominoes_previews_are_easy_to_read(browser: Browser, server: LiveServer, watch: Watch) -> None:
    game_id, _ = game_at(server, "triominoes-2p", 14, seed=3)
    page = open_at(browser, server, watch, game_id, (1280, 800))
    tile = page.locator(".hand-tile.playable").first
    tile.click()
    target = page.locator(".place-target").first
    target.hover()
    note = page.locator(".preview-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text("here:")
    found = assert_fits(page, "a preview")
    assert found["labels"] >= 2
    # The preview is not mistaken for a placed tile: see-through and dashed.
    ghost = page.locator(".ghosts .triomino.ghost .tile-face")
    style = ghost.evaluate("(el) => { const s = getComputedStyle(el); return [s.strokeDasharray, s.fillOpacity]; }")
    assert style[0] != "none" and float(style[1]) < 1
    # The last-placed outline steps back while the preview shows.
    last = page.locator(".placed .triomino.last .tile-face")
    if last.count():
        width = last.evaluate("(el) => parseFloat(getComputedStyle(el).strokeWidth)")
        assert width < 2
    screenshot(page, "triominoes-preview-1280x800.png")
    page.context.close()


def test_flaw_8_opponents_hands_stay_readable_with_five_opponents(
    browser: Browser, server: LiveServer, watch: Watch
) -> None:
    game_id, _ = game_at(server, "triominoes-6p", 8)
    for size in [(390, 844), (1280, 800)]:
        page = open_at(browser, server, watch, game_id, size)
        for card in page.locator(".player-card").all():
            shown = [el for el in card.locator(".backs .back-svg, .tile-tally .back-svg").all() if el.is_visible()]
            assert shown, "a card shows no tile at all"
            boxes = [box for box in (el.bounding_box() for el in shown) if box]
            assert min(box["height"] for box in boxes) >= 18, f"{size}: tile backs under 18 px high"
            steps = [after["x"] - before["x"] for before, after in itertools.pairwise(boxes)]
            assert not steps or min(steps) >= 7, f"{size}: tile backs overlap into a smear ({min(steps):.1f} px apart)"
            count = card.locator(".count:visible, .tile-tally:visible").first.inner_text()
            assert any(ch.isdigit() for ch in count)
        page.context.close()


COVERED_BY_HINT = """() => {
    const hint = document.querySelector('.hint-callout').getBoundingClientRect();
    const tiles = '.line .domino:not(.ghost), .placed .triomino, .end-target, .place-target';
    const under = [...document.querySelectorAll(tiles)];
    return under.filter((el) => {
        const r = el.getBoundingClientRect();
        return Math.min(r.right, hint.right) - Math.max(r.left, hint.left) > 1
            && Math.min(r.bottom, hint.bottom) - Math.max(r.top, hint.top) > 1;
    }).map((el) => el.getAttribute('data-tile') || el.getAttribute('data-move') || el.getAttribute('class'));
}"""


def test_the_hint_never_lies_over_the_board_it_points_to(browser: Browser, server: LiveServer, watch: Watch) -> None:
    """The hint's callout floated over the board's lower part: on a phone on its side it hid the whole line of
    play, and the end it pointed to could not be clicked through it."""
    game_id, _ = game_at(server, "dominoes-2p", 10)
    page = open_at(browser, server, watch, game_id, (844, 390))
    table = TablePage(page)
    table.wait_turn()
    page.locator("button.tool", has_text="Hint").click()
    callout = page.locator(".my-area .hint-callout")
    expect(callout).to_be_visible()
    reasons = callout.locator(".hint-reasons")
    expect(reasons).to_be_hidden()  # folded on a short screen, the board keeps its height
    assert page.evaluate(COVERED_BY_HINT) == []
    callout.get_by_role("button", name="Why?").click()
    expect(reasons.locator("li").first).to_be_visible()
    for size in [(844, 390), (390, 844), (1280, 800)]:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_timeout(150)
        assert page.evaluate(COVERED_BY_HINT) == [], f"{size}: the hint lies over the board"
        assert_fits(page, f"the hint at {size}")
        screenshot(page, f"hint-beside-board-dominoes-2p-{size[0]}x{size[1]}.png")
    page.set_viewport_size({"width": 844, "height": 390})
    before = table.move_number()
    page.locator(".end-target.hinted").click()  # a real click: nothing lies over the end it names
    table.wait_moved(before)
    page.context.close()


# ------------------------------------------------------------------------------------------ the matrix


def test_layout_matrix_every_box_in_view(browser: Browser, server: LiveServer, watch: Watch) -> None:
    """Five screens x four games: the board, the whole hand and the buttons in view without scrolling, no
    text overflowing the score panel, the cards or the log, no label over a placed tile's numbers."""
    games = {name: game_at(server, name, 12)[0] for name in GAMES}
    sizes: dict[str, float] = {}
    for size in VIEWPORTS:
        context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        page = context.new_page()
        page.on("pageerror", lambda error: watch.errors.append(f"uncaught: {error}"))
        for name, game_id in games.items():
            page.goto(f"{server.url}/#/game/{game_id}")
            expect(page.locator(f".table-page[data-game-id='{game_id}'][data-move-number]")).to_be_visible()
            page.wait_for_timeout(250)
            where = f"{name} at {size[0]}x{size[1]}"
            if page.locator(".hand-tile.playable").count() and name.startswith("triominoes"):
                page.locator(".hand-tile.playable").first.click()  # its places and their points light up
                page.locator(".place-target").first.hover()
            screenshot(page, f"table-{name}-{size[0]}x{size[1]}.png")
            found = assert_fits(page, where)
            assert found["boardArea"] > 0.2, f"{where}: the board has {found['boardArea']:.0%} of the screen"
            sizes[where] = found["tileHeight"]
            if page.locator(".panel-button").is_visible():  # the scores and the log, opened over the table
                page.locator(".panel-button").click()
                expect(page.locator(".sidebar .score-panel")).to_be_in_viewport()
                assert_fits(page, f"{where}, scores open")
                page.locator(".panel-button").click()
            page.goto(f"{server.url}/#/")
        context.close()
    assert min(sizes.values()) >= 40, f"hand tiles too small: {sizes}"


# ------------------------------------------------------------------------------------------ motion, sound


def flights_during_a_move(page: Page) -> int:
    page.evaluate(
        """() => { window.flights = 0; new MutationObserver((records) => { for (const r of records)
            for (const n of r.addedNodes) if (n.classList && n.classList.contains('flight')) window.flights++; })
            .observe(document.querySelector('.flight-layer'), { childList: true }); }"""
    )
    table = TablePage(page)
    for _ in range(6):
        table.wait_turn()
        kind = table.play_turn()
        page.wait_for_timeout(600)
        if kind == "tile":
            break
    flights: int = page.evaluate("() => window.flights")
    return flights


def test_tiles_fly_and_make_a_sound_and_reduced_motion_keeps_them_still(
    browser: Browser, server: LiveServer, watch: Watch
) -> None:
    game_id, _ = game_at(server, "dominoes-2p", 1, seed=11)
    page = open_at(browser, server, watch, game_id, (1280, 800))
    assert flights_during_a_move(page) >= 1
    assert page.locator(".table-page").get_attribute("data-sound") in ("play", "draw", "bonus", "hand")
    page.context.close()

    still_id, _ = game_at(server, "dominoes-2p", 1, seed=11)
    page = open_at(browser, server, watch, still_id, (1280, 800), reduced_motion="reduce")
    assert page.evaluate("() => matchMedia('(prefers-reduced-motion: reduce)').matches")
    assert flights_during_a_move(page) == 0
    running_animations = page.evaluate("() => document.getAnimations().filter((a) => a.playState === 'running').length")
    assert running_animations == 0
    page.context.close()


def test_the_sound_switch_is_remembered(page: Page, server: LiveServer) -> None:
    game_id = server.create(seed=3, **GAMES["dominoes-2p"])
    page.goto(f"{server.url}/#/game/{game_id}")
    button = page.locator(".sound-button")
    expect(button).to_have_attribute("aria-pressed", "false")
    button.click()
    expect(button).to_have_attribute("aria-pressed", "true")
    assert page.evaluate("() => localStorage.getItem('bonepile.sound')") == "off"
    page.reload()
    expect(page.locator(".sound-button")).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".table-page")).to_have_attribute("data-sound-on", "false")
    page.locator(".sound-button").click()
    expect(page.locator(".table-page")).to_have_attribute("data-sound-on", "true")


def test_game_over_celebrates_the_winner(browser: Browser, server: LiveServer, watch: Watch) -> None:
    game_id = server.create(seed=7, options={"target": 5}, **GAMES["dominoes-2p"])
    page = open_at(browser, server, watch, game_id, (1280, 800))
    TablePage(page).play_to_the_end()
    expect(page.locator(".gameover-dialog")).to_be_visible()
    view = server.view(game_id)
    won = 0 in view["game_over"]["winner_seats"]
    expect(page.locator(".table-page")).to_have_attribute("data-celebrated", "true" if won else "false")
    # The last position stays on the table, every hand face up.
    assert page.locator(".dominoes-board .line .domino").count() == len(view["board"]["line"]) > 0
    expect(page.locator(".player-card.revealed")).to_have_count(1)
    page.context.close()
