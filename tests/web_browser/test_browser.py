"""The web app in a real browser (Chromium through Playwright): both games played through the page.

A live server runs in a child process on a temporary SQLite file with the AI's pauses set to nothing;
each test gets a fresh browser page and checks that the page never asks for anything outside the server
and logs no error (the fixtures are in conftest.py).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from environment_helpers import require_module

playwright_api = require_module("playwright.sync_api", "Playwright for Python, in the extra 'test'")

from browser_support import (  # noqa: E402
    LiveServer,
    TablePage,
    Watch,
    find_position,
    open_page,
    running,
    screenshot,
    start_from_form,
)
from playwright.sync_api import Browser, Page, expect  # noqa: E402

expect.set_options(timeout=20_000)


# ------------------------------------------------------------------------------------------ whole games


def test_a_whole_dominoes_game_against_the_ai_by_clicks(page: Page, server: LiveServer) -> None:
    start_from_form(page, server.url, game="dominoes", preset="draw", seats=["human", "easy"], target=15)
    table = TablePage(page)
    expect(page.locator(".player-card")).to_have_count(1)
    expect(page.locator(".stock .stock-name")).to_have_text("boneyard")

    longest = 0

    def look(turn: int) -> None:
        nonlocal longest
        line = page.locator(".dominoes-board .line .domino").count()
        if line > longest:  # keep the fullest table of the game
            longest = line
            screenshot(page, "dominoes-table.png")

    kinds = table.play_to_the_end(on_turn=look)
    assert kinds["tile"] > 0
    dialog = page.locator(".gameover-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".result-text")).to_contain_text(re.compile(r"wins?, \d+ to \d+"))
    expect(dialog.locator(".hands-table tbody tr")).not_to_have_count(0)
    dialog.locator(".last-summary summary").click()
    expect(dialog.locator(".last-summary .scoring-rule")).to_contain_text("Scoring:")
    expect(dialog.locator(".last-summary td.num").first).to_contain_text("pip")
    screenshot(page, "dominoes-game-over.png")
    game_url = page.url
    dialog.get_by_role("button", name="Play again").click()
    page.wait_for_url(lambda url: url != game_url and "#/game/" in url)
    expect(page.locator(".table-page[data-status='playing']")).to_be_visible()
    expect(page.locator(".hand-info")).to_contain_text("playing to 15")


def test_a_whole_triominoes_round_against_the_ai_by_clicks(page: Page, server: LiveServer) -> None:
    start_from_form(page, server.url, game="triominoes", preset="pressman", seats=["human", "medium"], target=10)
    table = TablePage(page)
    expect(page.locator(".stock .stock-name")).to_have_text("pool")
    shot = False

    def look(turn: int) -> None:
        nonlocal shot
        if shot or turn < 4 or not page.locator(".hand-tile.playable").count():
            return
        tiles = page.locator(".hand-tile.playable")
        fits = [int(tile.get_attribute("data-moves") or "0") for tile in tiles.all()]
        tiles.nth(fits.index(max(fits))).click()
        targets = page.locator(".place-target")
        expect(targets.first).to_be_visible()
        # Every lit place shows the points it would score, as the server computed them.
        assert all(
            re.fullmatch(r"[+\u2212]?\d+", text) for text in targets.locator(".target-points").all_text_contents()
        )
        targets.first.hover()
        expect(page.locator(".ghosts .triomino.ghost")).to_have_count(1)
        screenshot(page, "triominoes-table.png")
        page.keyboard.press("Escape")  # put it back
        expect(page.locator(".place-target")).to_have_count(0)
        shot = True

    table.play_to_the_end(on_turn=look)
    assert shot
    dialog = page.locator(".gameover-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".last-summary summary")).to_contain_text("The last round")
    dialog.locator(".last-summary summary").click()
    expect(dialog.locator(".summary-table .items li").first).to_be_visible()
    screenshot(page, "triominoes-game-over.png")
    dialog.get_by_role("button", name="See the table").click()
    expect(page.locator(".triominoes-board .placed .triomino")).not_to_have_count(0)


# ------------------------------------------------------------------------------------------ ways to play


def test_dominoes_a_tile_that_fits_both_ends_asks_which(page: Page, server: LiveServer) -> None:
    def both_ends(view: dict[str, object]) -> bool:
        return any(len(tile["moves"]) == 2 for tile in view["your_tiles"])  # type: ignore[attr-defined]

    game_id, view = find_position(server, both_ends, game="dominoes", preset="block")
    tile = next(tile for tile in view["your_tiles"] if len(tile["moves"]) == 2)
    page.goto(f"{server.url}/#/game/{game_id}")
    table = TablePage(page)
    table.wait_turn()
    before = table.move_number()
    page.locator(f".hand-tile[data-tile='{tile['tile']}']").click()
    targets = page.locator(".end-target")
    expect(targets).to_have_count(2)
    expect(page.locator(".choose-end")).to_contain_text("fits both ends")
    assert table.move_number() == before  # nothing played yet
    page.locator(".end-target[data-end='left']").click()
    table.wait_moved(before)
    after = server.view(game_id)
    assert after["log"][len(view["log"])]["text"].endswith(f"played {tile['tile']} on the left")


def test_dominoes_drawing_from_the_boneyard_by_clicking_it(page: Page, server: LiveServer) -> None:
    def must_draw(view: dict[str, object]) -> bool:
        return [move["kind"] for move in view["legal_moves"]] == ["draw"]  # type: ignore[attr-defined]

    game_id, view = find_position(server, must_draw, game="dominoes", preset="draw")
    page.goto(f"{server.url}/#/game/{game_id}")
    table = TablePage(page)
    table.wait_turn()
    expect(page.locator(".hand-tile.dim")).to_have_count(len(view["your_tiles"]))
    expect(page.locator(".hand-tile.playable")).to_have_count(0)
    stock = page.locator(".stock.can-draw")
    expect(stock).to_have_attribute("aria-label", re.compile(r"^Draw from the boneyard"))
    count = view["stock"]["count"]
    stock.click()
    table.wait_moved(view["move_number"])
    expect(page.locator(".log li").nth(len(view["log"]))).to_have_text("You drew a tile")
    assert server.view(game_id)["stock"]["count"] == count - 1
    expect(page.locator(".stock .stock-count")).to_have_text(str(count - 1))


def test_drag_and_drop_in_both_games(page: Page, server: LiveServer) -> None:
    # Dominoes: drag a playable tile onto a lit end.
    game_id, view = find_position(
        server, lambda v: any(t["moves"] for t in v["your_tiles"]), game="dominoes", preset="block"
    )
    page.goto(f"{server.url}/#/game/{game_id}")
    table = TablePage(page)
    table.wait_turn()
    drag_first_playable(page, ".end-target")
    table.wait_moved(view["move_number"])
    assert server.view(game_id)["log"][len(view["log"])]["seat"] == 0
    # The tile that just came to the table is animated in.
    expect(page.locator(".dominoes-board .line .domino.arrive")).not_to_have_count(0)

    # Tri-Ominos: drag a playable tile onto a lit place (and pick the rotation if several fit).
    game_id, view = find_position(
        server, lambda v: any(t["moves"] for t in v["your_tiles"]) and v["board"]["tiles"], game="triominoes"
    )
    page.goto(f"{server.url}/#/game/{game_id}")
    table.wait_turn()
    drag_first_playable(page, ".place-target")
    place = page.locator(".rotate-bar .place-button")
    if place.count():
        page.locator(".rotate-bar .rotate-button").click()
        place.click()
    table.wait_moved(view["move_number"])
    assert server.view(game_id)["log"][len(view["log"])]["kind"] == "place"


def test_triominoes_a_bonus_is_shown_on_its_place_and_announced(page: Page, server: LiveServer) -> None:
    def bonus(view: dict[str, Any]) -> bool:
        return any(move["bonus"] and move["bonus"]["reason"] != "start bonus" for move in view["legal_moves"])

    game_id, view = find_position(server, bonus, game="triominoes", seeds=range(1, 80))
    move = next(move for move in view["legal_moves"] if bonus({"legal_moves": [move]}))
    name = move["bonus"]["name"]
    page.goto(f"{server.url}/#/game/{game_id}")
    table = TablePage(page)
    table.wait_turn()
    page.locator(f".hand-tile[data-tile='{move['tile']}']").click()
    target = page.locator(f".place-target[data-place='{move['place']['text']}']")
    expect(target).to_have_class(re.compile(r"\bbonus\b"))
    expect(target.locator(".target-bonus")).to_have_text(name)
    target.click()
    place = page.locator(".rotate-bar .place-button")
    for _ in range(3):
        if not place.count() or name in place.inner_text():
            break
        page.locator(".rotate-bar .rotate-button").click()
    if place.count():
        place.click()
    expect(page.locator(".bonus-flash")).to_contain_text(f"{name[0].upper()}{name[1:]}! +{move['bonus']['points']}")
    table.wait_moved(view["move_number"])
    # ... and shown where it was made: the note rises from the tile just placed.
    pop = page.locator(".pop-note.bonus-pop")
    expect(pop).to_contain_text(f"+{move['bonus']['points']}")
    placed = page.locator(f".placed .triomino[data-place='{move['place']['text']}']").bounding_box()
    note = pop.bounding_box()
    assert placed and note and abs((note["x"] + note["width"] / 2) - (placed["x"] + placed["width"] / 2)) < 40


def test_triominoes_board_zooms_pans_and_fits(page: Page, server: LiveServer) -> None:
    game_id = server.create(game="triominoes", seed=7)
    page.goto(f"{server.url}/#/game/{game_id}")
    TablePage(page).wait_turn()
    viewport = page.locator(".triominoes-board .viewport")
    fit = page.get_by_role("button", name="Fit to board")
    fit.click()
    page.wait_for_timeout(300)  # the layout settles
    fitted = viewport.get_attribute("transform")
    board = page.locator(".triominoes-board")
    box = board.bounding_box()
    assert box is not None and fitted
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -400)
    expect(viewport).not_to_have_attribute("transform", fitted)
    zoomed = viewport.get_attribute("transform") or ""
    assert scale_of(zoomed) > scale_of(fitted)
    page.mouse.move(box["x"] + 30, box["y"] + 30)
    page.mouse.down()
    page.mouse.move(box["x"] + 150, box["y"] + 90, steps=5)
    page.mouse.up()
    expect(viewport).not_to_have_attribute("transform", zoomed)
    assert scale_of(viewport.get_attribute("transform") or "") == scale_of(zoomed)
    fit.click()
    expect(viewport).to_have_attribute("transform", fitted)


def scale_of(transform: str) -> float:
    found = re.search(r"scale\(([\d.]+)\)", transform)
    assert found, transform
    return float(found.group(1))


def drag_first_playable(page: Page, targets: str) -> None:
    tile = page.locator(".hand-tile.playable").first
    box = tile.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] - 60, steps=6)
    expect(page.locator(".drag-ghost")).to_be_visible()
    target = page.locator(targets).first
    expect(target).to_be_visible()
    spot = target.bounding_box()
    assert spot is not None
    page.mouse.move(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2, steps=8)
    page.mouse.up()
    expect(page.locator(".drag-ghost")).to_have_count(0)


def tab_to(page: Page, selector: str, presses: int = 60) -> None:
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement && document.activeElement.matches({selector!r})"):
            return
    raise AssertionError(f"Tab never reached {selector}")


def test_keyboard_play(page: Page, server: LiveServer) -> None:
    # Dominoes: Tab to a tile, Enter; when it fits both ends, Enter again on the end that has the focus.
    game_id, view = find_position(
        server, lambda v: any(len(t["moves"]) == 2 for t in v["your_tiles"]), game="dominoes", preset="block"
    )
    page.goto(f"{server.url}/#/game/{game_id}")
    table = TablePage(page)
    table.wait_turn()
    tile = next(t["tile"] for t in view["your_tiles"] if len(t["moves"]) == 2)
    page.locator("body").focus()
    tab_to(page, f".hand-tile[data-tile='{tile}']")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.classList.contains('end-target')")
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    table.wait_moved(view["move_number"])

    # D draws when nothing fits.
    game_id, view = find_position(
        server, lambda v: [m["kind"] for m in v["legal_moves"]] == ["draw"], game="dominoes", preset="draw"
    )
    page.goto(f"{server.url}/#/game/{game_id}")
    table.wait_turn()
    page.keyboard.press("d")
    table.wait_moved(view["move_number"])

    # Tri-Ominos: Enter on a tile lights its places and focuses the first; Tab moves on; Enter places.
    game_id, view = find_position(
        server, lambda v: any(t["moves"] for t in v["your_tiles"]) and v["board"]["tiles"], game="triominoes"
    )
    page.goto(f"{server.url}/#/game/{game_id}")
    table.wait_turn()
    page.locator("body").focus()
    tab_to(page, ".hand-tile.playable")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.classList.contains('place-target')")
    if page.locator(".place-target").count() > 1:
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    if page.locator(".rotate-bar .place-button").count():
        page.keyboard.press("r")
        page.keyboard.press("Enter")
    table.wait_moved(view["move_number"])
    assert server.view(game_id)["log"][len(view["log"])]["kind"] == "place"


def test_hint_and_undo(page: Page, server: LiveServer) -> None:
    start_from_form(page, server.url, game="dominoes", preset="block", seats=["human", "medium"])
    table = TablePage(page)
    table.wait_turn()
    page.get_by_role("button", name="Hint").click()
    callout = page.locator(".hint-callout")
    expect(callout).to_contain_text("Hint (expert):")
    if "pass" not in callout.inner_text():
        expect(page.locator(".hand-tile.hinted")).to_have_count(1)
    table.play_turn()
    table.wait_turn()
    expect(page.locator(".hint-callout")).to_have_count(0)
    # The computer has answered: an undo would put the tile it showed back in its hand, known. The button
    # says so and stays off (the server refuses it too: tests/web/test_abuse.py).
    undo = page.get_by_role("button", name="Undo")
    expect(undo).to_be_disabled()
    assert "another player has moved" in (undo.get_attribute("title") or "")


# ------------------------------------------------------------------------------------------ the table


def test_hot_seat_hides_each_hand_until_the_next_player_is_ready(page: Page, server: LiveServer) -> None:
    start_from_form(page, server.url, game="dominoes", preset="block", seats=["human", "human", "easy"])
    curtain = page.locator(".dialog.curtain")
    seen: set[str] = set()
    for _ in range(4):
        expect(curtain).to_be_visible()
        name = curtain.locator("h2").inner_text().removeprefix("Pass the device to ")
        assert name in {"Player 1", "Player 2"}
        seen.add(name)
        # Behind the curtain, no tile of that hand is on the page.
        expect(page.locator(".hand-tile")).to_have_count(0)
        curtain.get_by_role("button").click()
        expect(curtain).to_have_count(0)
        expect(page.locator(".my-info .name")).to_contain_text(name)
        expect(page.locator(".hand-tile")).not_to_have_count(0)
        table = TablePage(page)
        table.wait_turn()
        table.play_turn()
    assert seen == {"Player 1", "Player 2"}


def test_a_reload_in_the_middle_of_a_game_shows_the_same_table(page: Page, server: LiveServer) -> None:
    start_from_form(page, server.url, game="triominoes", seats=["human", "easy", "easy"])
    table = TablePage(page)
    for _ in range(3):
        table.wait_turn()
        table.play_turn()
    table.wait_turn()
    number, hand, log = table.move_number(), table.hand(), page.locator(".log li").all_inner_texts()
    page.reload()
    table.wait_turn()
    assert (table.move_number(), table.hand(), page.locator(".log li").all_inner_texts()) == (number, hand, log)
    table.play_turn()
    # The start page lists it for resuming.
    game_id = page.url.rsplit("/", 1)[1]
    page.goto(f"{server.url}/#/")
    expect(page.locator(f".resume-game[data-game-id='{game_id}']")).to_contain_text("Tri-Ominos")


def test_the_page_recovers_when_the_server_restarts(browser: Browser, tmp_path: Path, watch: Watch) -> None:
    # Chromium reports the refused connections while the server is down.
    watch.allow.append(r"WebSocket connection to .* failed|Failed to load resource|ERR_CONNECTION_REFUSED")
    with running(LiveServer(tmp_path / "restart.db")) as live:
        page = open_page(browser, live.url, watch)
        start_from_form(page, live.url, game="dominoes", seats=["human", "medium"])
        table = TablePage(page)
        table.wait_turn()
        table.play_turn()
        table.wait_turn()
        number, hand = table.move_number(), table.hand()
        live.stop()
        banner = page.locator(".connection-banner")
        expect(banner).to_be_visible()
        expect(banner).to_contain_text("reconnecting")
        live.start()
        expect(banner).to_be_hidden()
        table.wait_turn()
        assert (table.move_number(), table.hand()) == (number, hand)
        table.play_turn()
        assert table.move_number() > number
        page.context.close()


def test_start_page_and_rules_pages(page: Page, server: LiveServer) -> None:
    page.goto(f"{server.url}/#/")
    page.locator("label.game-card:has(input[value='triominoes'])").click()
    presets = page.locator(".preset-option")
    expect(presets).to_have_count(3)
    expect(presets.first).to_contain_text("highest triple starts")
    page.select_option("#players", "4")
    expect(page.locator(".seat-row")).to_have_count(4)
    levels = page.locator("#seat-kind-1 option").all_inner_texts()
    assert levels[0] == "Human" and all(level.startswith("Computer") for level in levels[1:])
    screenshot(page, "start-page.png")
    rule_books = Path(__file__).resolve().parents[2] / "docs" / "rules"
    for game, title in (("dominoes", "Dominoes"), ("triominoes", "Tri-Ominos")):
        page.goto(f"{server.url}/#/how/{game}")
        expect(page.locator("h1")).to_have_text(f"How to play {title}")
        # A person reads sections with headings, then follows the link to the whole rule book and sees it.
        headings = page.locator(".how-page h2").all_inner_texts()
        assert len(headings) >= 3 and all(text.strip() for text in headings), headings
        page.locator("a.how-rules").click()
        page.wait_for_url(f"**/rules/{game}.md")
        shown = page.locator("body").inner_text()
        book = (rule_books / f"{game}.md").read_text(encoding="utf-8")
        assert shown.startswith(book.splitlines()[0]), shown[:200]
        numbered = "D" if game == "dominoes" else "T"
        assert f"{numbered}1" in shown and f"{numbered}8" in shown
