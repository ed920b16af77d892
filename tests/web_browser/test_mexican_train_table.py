"""The Mexican Train table in a real browser: a whole round by clicks, a double that the next player must
cover, a marker put out and taken off, a first-turn run laid and ended, eight players on a phone and on a
laptop with nothing covered, and a short game to its score sheet. The page is told what to draw
(``layout: "trains"``); it never names the game.
"""

from __future__ import annotations

import re
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
    find_position,
    lobby_link,
    open_page,
    running,
    screenshot,
    start_from_form,
)
from playwright.sync_api import Browser, Page, expect  # noqa: E402

expect.set_options(timeout=20_000)

GAME = "mexican-train"
EASY = {"kind": "ai", "level": "easy"}


def body(players: int, **options: Any) -> dict[str, Any]:
    return {"game": GAME, "seats": [{"kind": "human"}, *[EASY] * (players - 1)], "options": options}


@pytest.fixture(scope="module")
def paused(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server that waits between rounds for the player, as ``bonepile serve`` does."""
    with running(LiveServer(tmp_path_factory.mktemp("paused") / "games.db", hand_pause=None)) as live:
        yield live


def open_game(browser: Browser, server: LiveServer, watch: Watch, game_id: str, size: tuple[int, int]) -> Page:
    page = open_page(browser, server.url, watch, *size)
    page.goto(f"{server.url}/#/game/{game_id}")
    expect(page.locator(".table-page[data-layout='trains'][data-move-number]")).to_be_visible()
    page.wait_for_timeout(200)
    return page


MEASURE = "\n".join(
    line for line in (Path(__file__).parent / "measure.js").read_text().splitlines() if not line.startswith("//")
)

# What lies over what on the trains board: tiles over tiles, a train's name or the note over a tile, a tile
# or a name outside the board, a train's tiles outside its lane.
COVERED = """() => {
    const box = (el) => el.getBoundingClientRect();
    const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
        && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1
        && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
    const face = (tile) => box(tile.querySelector('.tile-face'));
    const board = box(document.querySelector('.board-wrap'));
    const tiles = [...document.querySelectorAll('.trains-board .line .domino, .trains-board .hub .domino')];
    const names = [...document.querySelectorAll(
        '.trains-board .lane-name, .trains-board .marker, .trains-note:not([hidden])')];
    const found = [];
    tiles.forEach((a, i) => tiles.slice(i + 1).forEach((b) => {
        if (meet(face(a), face(b))) found.push(`tile ${a.dataset.tile} over ${b.dataset.tile}`);
    }));
    for (const name of names) for (const tile of tiles) {
        if (meet(box(name), face(tile))) found.push(`${name.textContent || 'marker'} over ${tile.dataset.tile}`);
    }
    for (const el of [...tiles, ...names]) {
        if (!inside(box(el), board)) found.push(`${el.dataset.tile || el.textContent} outside the board`);
    }
    for (const tile of document.querySelectorAll('.trains-board .line .domino')) {
        const lane = document.querySelector(`.trains-board .lane[data-train='${tile.dataset.train}']`);
        if (!inside(face(tile), box(lane))) found.push(`${tile.dataset.tile} outside its lane`);
    }
    return found;
}"""


SETTLED = """() => !document.getAnimations().some((a) => a.playState === 'running'
    && a.effect && a.effect.getComputedTiming().endTime !== Infinity)"""
"""No tile in flight and none arriving (the lit trains' glow goes on for ever: it is not waited for)."""


def settle(page: Page) -> None:
    page.wait_for_function(SETTLED)


def assert_laid_out(page: Page, where: str) -> None:
    settle(page)
    found: dict[str, Any] = page.evaluate(MEASURE)
    width, height, vw, vh = found["scroll"]
    assert width <= vw and height <= vh, f"{where}: the page scrolls ({width}x{height} in {vw}x{vh})"
    assert not found["outside"], f"{where}: off the screen: {found['outside']}"
    assert not found["overflowing"], f"{where}: text overflows its box: {found['overflowing']}"
    assert page.evaluate(COVERED) == [], f"{where}: {page.evaluate(COVERED)}"


def played_by_you(server: LiveServer, game_id: str, before: View) -> str:
    """The move seat 0 made from the position ``before`` (the next entry of the round's log)."""
    entry: dict[str, Any] = server.view(game_id)["log"][len(before["log"])]
    assert entry["seat"] == 0
    return str(entry["move"])


def lane(page: Page, train: str) -> Any:
    return page.locator(f".trains-board .lane-label[data-train='{train}']")


# ------------------------------------------------------------------------------------------ a round


def test_a_whole_round_by_clicks_at_four_players(browser: Browser, paused: LiveServer, watch: Watch) -> None:
    game_id = paused.create(seed=3, **body(4))
    page = open_game(browser, paused, watch, game_id, (1280, 800))
    table = TablePage(page)
    expect(page.locator(".hand-info")).to_have_text("Round 1 of 13 \u00b7 engine 12-12")
    expect(page.locator(".trains-board .hub .domino.engine")).to_have_attribute("data-tile", "12-12")
    expect(page.locator(".trains-board .lane")).to_have_count(5)  # four players' trains and the Mexican Train
    expect(page.locator(".trains-board .lane.mexican")).to_have_count(1)
    expect(page.locator(".trains-board .lane.yours")).to_have_count(1)
    kinds = {"tile": 0, "draw": 0, "pass": 0}
    for _ in range(120):
        page.wait_for_function(
            """() => { const root = document.querySelector('.table-page');
                       return root.dataset.myTurn === 'true' || root.dataset.betweenHands; }"""
        )
        if table.root.get_attribute("data-between-hands"):
            break
        kinds[table.play_turn()] += 1
    else:
        raise AssertionError("the round did not end")
    assert kinds["tile"] > 0
    view = paused.view(game_id)
    summary = view["summaries"][0]
    dialog = page.locator(".summary-dialog.hand-end")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".lead")).to_have_text(summary["text"])
    # Every hand face up with its pips, in the dialog and on the table.
    rows = dialog.locator(".summary-table tbody tr")
    expect(rows).to_have_count(4)
    for seat in range(4):
        expect(rows.nth(seat).locator(".mini-tiles svg, .muted")).to_have_count(max(1, len(summary["hands"][seat])))
        pips = summary["pips"][seat]
        expect(rows.nth(seat).locator("td.num")).to_have_text(f"{pips} pip{'' if pips == 1 else 's'}")
    for card in page.locator(".player-card").all():
        expect(card).to_have_class(re.compile(r"\brevealed\b"))
    played = sum(len(t["tiles"]) for t in view["board"]["trains"])
    expect(page.locator(".trains-board .line .domino")).to_have_count(played)
    screenshot(page, "mexican-train-round-over-4p-1280x800.png")
    dialog.get_by_role("button", name="Next round").click()
    expect(page.locator(".table-page[data-hand='2']")).to_be_visible()
    expect(page.locator(".hand-info")).to_have_text(re.compile(r"^Round 2 of 13 \u00b7 engine 11-11$"))
    page.context.close()


def test_a_tile_for_two_trains_lights_both_and_a_drop_plays_it(
    browser: Browser, server: LiveServer, watch: Watch
) -> None:
    def two_trains(view: View) -> bool:
        return any(len(tile["moves"]) >= 2 for tile in view["your_tiles"])

    game_id, view = find_position(server, two_trains, **body(4))
    page = open_game(browser, server, watch, game_id, (1280, 800))
    tile = next(t for t in view["your_tiles"] if len(t["moves"]) >= 2)
    page.locator(f".hand-tile[data-tile='{tile['tile']}']").click()
    targets = page.locator(".trains-board .train-target")
    expect(targets).to_have_count(len(tile["moves"]))
    lit = {target.get_attribute("data-move") for target in targets.all()}
    assert lit == set(tile["moves"])  # the server's moves, no more, no less
    expect(page.locator(".choose-end .end-choice")).to_have_count(len(tile["moves"]))
    screenshot(page, "mexican-train-two-trains-lit-1280x800.png")
    assert page.evaluate(COVERED) == []
    # Drag it onto the second lit train.
    chosen = targets.nth(1)
    move = chosen.get_attribute("data-move")
    before = TablePage(page).move_number()
    source = page.locator(f".hand-tile[data-tile='{tile['tile']}']").bounding_box()
    goal = chosen.locator(".lane-glow").bounding_box()
    assert source and goal
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    page.mouse.down()
    page.mouse.move(goal["x"] + 20, goal["y"] + goal["height"] / 2, steps=8)
    expect(page.locator(".drag-ghost")).to_be_visible()
    page.mouse.up()
    TablePage(page).wait_moved(before)
    assert played_by_you(server, game_id, view) == move
    page.context.close()


def test_a_double_left_uncovered_must_be_covered_by_the_next_player(
    browser: Browser, server: LiveServer, watch: Watch
) -> None:
    def must_cover(view: View) -> bool:
        waiting = view["board"]["waiting"]
        return bool(waiting) and waiting[0]["must_cover"] == 0 and any(m["kind"] == "play" for m in view["legal_moves"])

    game_id, view = find_position(server, must_cover, seeds=range(1, 120), **body(4))
    waiting = view["board"]["waiting"][0]
    # The engine offers plays on that train only (M6): the page lights nothing else.
    plays = [m for m in view["legal_moves"] if m["kind"] == "play"]
    assert {m["train"] for m in plays} == {waiting["train"]}
    page = open_game(browser, server, watch, game_id, (1280, 800))
    note = page.locator(".trains-note")
    expect(note).to_have_text(waiting["text"])
    assert waiting["text"].startswith(f"You must cover the {waiting['tile']} on ")
    expect(note).to_have_class(re.compile(r"\burgent\b"))
    expect(page.locator(".trains-board .domino.waiting-double")).to_have_attribute("data-tile", waiting["tile"])
    expect(page.locator(f".trains-board .lane.waiting[data-train='{waiting['train']}']")).to_have_count(1)
    expect(page.locator(".my-info .status")).to_contain_text("Your turn: you must cover the")
    screenshot(page, "mexican-train-double-to-cover-1280x800.png")
    assert_laid_out(page, "a double to cover")
    page.locator(f".hand-tile[data-tile='{plays[0]['tile']}']").click()
    targets = page.locator(".train-target")
    if targets.count():
        assert {t.get_attribute("data-train") for t in targets.all()} == {waiting["train"]}
        targets.first.click()
    TablePage(page).wait_moved(view["move_number"])
    assert played_by_you(server, game_id, view) in {m["text"] for m in plays}
    # Covered: that double never waits again, and the note about it is gone.
    expect(page.locator(f".trains-board .domino.waiting-double[data-tile='{waiting['tile']}']")).to_have_count(0)
    expect(note).not_to_have_text(waiting["text"])
    page.context.close()


def test_a_marker_is_put_out_and_taken_off(browser: Browser, server: LiveServer, watch: Watch) -> None:
    def must_pass(view: View) -> bool:
        return [m["kind"] for m in view["legal_moves"]] == ["pass"]

    game_id, view = find_position(server, must_pass, seeds=range(1, 120), **body(4))
    page = open_game(browser, server, watch, game_id, (1280, 800))
    mine = f"@{view['seat'] + 1}"
    expect(lane(page, mine).locator(".marker")).to_have_count(1 if view["board"]["trains"][0]["marked"] else 0)
    page.locator(".pass-button").click()
    expect(lane(page, mine).locator(".marker")).to_have_count(1)  # the marker is out: the train is open
    expect(page.locator(f".trains-board .lane.open[data-train='{mine}']")).to_have_count(1)
    screenshot(page, "mexican-train-marker-out-1280x800.png")
    page.context.close()

    def marked_and_mine(view: View) -> bool:
        own = view["board"]["trains"][view["seat"]]
        return own["marked"] and any(m["train"] == own["name"] for m in view["legal_moves"] if m["kind"] == "play")

    game_id, view = find_position(server, marked_and_mine, seeds=range(1, 120), **body(4))
    page = open_game(browser, server, watch, game_id, (1280, 800))
    expect(lane(page, mine).locator(".marker")).to_have_count(1)
    move = next(m for m in view["legal_moves"] if m["train"] == mine)
    tile = page.locator(f".hand-tile[data-tile='{move['tile']}']")
    tile.click()
    target = page.locator(f".train-target[data-move='{move['text']}']")
    if target.count():
        target.click()
    TablePage(page).wait_moved(view["move_number"])
    expect(lane(page, mine).locator(".marker")).to_have_count(0)  # played on one's own train: marker off (M5)
    assert not server.view(game_id)["board"]["trains"][0]["marked"]
    page.context.close()


# ------------------------------------------------------------------------------------------ a first-turn run


def longest_chain(hand: list[str], end: int) -> list[str]:
    """The longest line of ``hand``'s tiles from ``end`` on, each matching the one before: the test's own
    search for a deal where a run of three is there to lay (what is legal always comes from the server)."""
    best: list[str] = []
    for tile in hand:
        ends = [int(n) for n in tile.split("-")]
        if end in ends:
            far = sum(ends) - end
            rest = longest_chain([t for t in hand if t != tile], far)
            if 1 + len(rest) > len(best):
                best = [tile, *rest]
    return best


def test_a_first_turn_run_goes_on_by_clicks_on_ones_own_train_only(
    browser: Browser, server: LiveServer, watch: Watch
) -> None:
    chain: list[str] = []
    for seed in range(1, 40):
        game_id = server.create(seed=seed, **body(4, first_turn="run"))
        view = server.view(game_id)
        chain = longest_chain([tile["tile"] for tile in view["your_tiles"]], view["board"]["engine_number"])
        if view["turn"] == 0 and len(chain) >= 3 and not any(t.split("-")[0] == t.split("-")[1] for t in chain[:2]):
            break
    else:
        raise AssertionError("no deal with a run of three for seat 0")
    page = open_game(browser, server, watch, game_id, (1280, 800))
    table = TablePage(page)
    note = page.locator(".trains-note")
    expect(note).to_be_hidden()  # no run yet: the first tile may go anywhere, as on any turn
    # The first tile: the server offers it for the Mexican Train too; the player picks their own train.
    first = next(t for t in view["your_tiles"] if t["tile"] == chain[0])
    assert len(first["moves"]) >= 2
    page.locator(f".hand-tile[data-tile='{chain[0]}']").click()
    expect(page.locator(".train-target")).to_have_count(len(first["moves"]))
    page.locator(".train-target[data-train='@1']").click()
    table.wait_moved(view["move_number"])
    view = server.view(game_id)
    # The turn goes on, as the server says; the page shows its words, and offers only the own train.
    assert view["turn"] == 0 and view["board"]["in_run"]
    plays = [m for m in view["legal_moves"] if m["kind"] == "play"]
    assert plays and {m["train"] for m in plays} == {"@1"}
    end_run = next(m for m in view["legal_moves"] if m["kind"] == "pass")
    expect(note).to_have_text(view["board"]["note"])
    assert view["board"]["note"].startswith("You are laying a first-turn run on your own train")
    expect(page.locator(".my-info .status")).to_contain_text("Your turn: you are laying a first-turn run")
    button = page.locator(".pass-button")
    expect(button).to_have_text(end_run["button"])
    assert end_run["button"] == "End the run"
    expect(page.locator(".draw-button")).to_have_count(0)
    playable = page.eval_on_selector_all(".hand-tile.playable", "tiles => tiles.map(t => t.dataset.tile)")
    assert sorted(playable) == sorted(t["tile"] for t in view["your_tiles"] if t["moves"])  # the server's, no more
    # The second tile, dragged: only the own train lights, the Mexican Train does not.
    source = page.locator(f".hand-tile[data-tile='{chain[1]}']").bounding_box()
    assert source
    page.mouse.move(source["x"] + source["width"] / 2, source["y"] + source["height"] / 2)
    page.mouse.down()
    page.mouse.move(source["x"], source["y"] - 60, steps=4)
    targets = page.locator(".train-target")
    expect(targets).to_have_count(1)
    expect(targets).to_have_attribute("data-train", "@1")
    goal = targets.locator(".lane-glow").bounding_box()
    assert goal
    page.mouse.move(goal["x"] + goal["width"] / 2, goal["y"] + goal["height"] / 2, steps=6)
    page.mouse.up()
    table.wait_moved(view["move_number"])
    view = server.view(game_id)
    assert view["turn"] == 0 and view["board"]["in_run"]  # chain[2] still fits: the run may go on
    assert f"{chain[2]} mine" in {m["text"] for m in view["legal_moves"]}
    expect(page.locator(".trains-board .line .domino[data-train='@1']")).to_have_count(2)
    expect(note).to_have_text(view["board"]["note"])
    screenshot(page, "mexican-train-first-turn-run-1280x800.png")
    # Ending the run: the turn passes on, with no marker on the own train (the player has played).
    button.click()
    table.wait_moved(view["move_number"])
    after = server.view(game_id)
    entry = after["log"][len(view["log"])]
    assert entry["seat"] == 0 and entry["kind"] == "pass" and entry["ended_run"]
    assert entry["text"] == "You ended your first-turn run"
    assert not after["board"]["trains"][0]["marked"]
    expect(lane(page, "@1").locator(".marker")).to_have_count(0)
    expect(page.locator(".trains-board .line .domino[data-train='@1']")).to_have_count(2)
    expect(page.locator(".hand-tile")).to_have_count(len(view["your_tiles"]))
    page.context.close()


# ------------------------------------------------------------------------------------------ eight players


@pytest.mark.parametrize("size", [(390, 844), (1280, 800), (844, 390), (1920, 1080)])
def test_eight_players_fit_with_nothing_covered(
    browser: Browser, server: LiveServer, watch: Watch, size: tuple[int, int]
) -> None:
    def later_with_a_choice(view: View) -> bool:
        return view["move_number"] >= 24 and any(len(tile["moves"]) >= 2 for tile in view["your_tiles"])

    game_id, _ = find_position(server, later_with_a_choice, seeds=range(1, 80), **body(8))
    page = open_game(browser, server, watch, game_id, size)
    where = f"8 players at {size[0]}x{size[1]}"
    expect(page.locator(".player-card")).to_have_count(7)
    expect(page.locator(".trains-board .lane")).to_have_count(9)
    assert_laid_out(page, where)
    # Every train's name in letters a phone can read (the board is scaled to fit: the names are not).
    smallest = page.evaluate(
        """() => Math.min(...[...document.querySelectorAll('.trains-board .lane-name')].map(
            (name) => Number(name.getAttribute('font-size')) * name.getScreenCTM().a))"""
    )
    assert smallest >= 10.5, f"{where}: a train's name in {smallest:.1f}px letters"
    for card in page.locator(".player-card").all():  # each count of tiles is there to read
        tally = card.locator(".tile-tally")
        expect(tally).to_be_visible()
        assert re.search(r"\d", tally.inner_text())
    screenshot(page, f"mexican-train-8p-{size[0]}x{size[1]}.png")
    # A tile for several trains lights them (and names them under the hand), still with nothing covered.
    page.locator(".hand-tile.playable:not([data-moves='1'])").first.click()
    expect(page.locator(".train-target").first).to_be_visible()
    assert_laid_out(page, f"{where}, a tile picked")
    screenshot(page, f"mexican-train-8p-picked-{size[0]}x{size[1]}.png")
    page.context.close()


# ------------------------------------------------------------------------------------------ a whole game


def test_a_game_of_two_rounds_ends_on_its_score_sheet(browser: Browser, server: LiveServer, watch: Watch) -> None:
    page = open_page(browser, server.url, watch, 1280, 800)
    # The double-nine preset: two rounds of 10-tile hands (9-9, then 8-8) show the same sheet in half the time.
    start_from_form(
        page, server.url, game=GAME, preset="mexican-train-short", seats=["human", "easy", "easy"], target=2
    )
    expect(page.locator(".hand-info")).to_have_text("Round 1 of 2 \u00b7 engine 9-9")
    TablePage(page).play_to_the_end()
    dialog = page.locator(".gameover-dialog")
    expect(dialog).to_be_visible()
    game_id = page.locator(".table-page").get_attribute("data-game-id")
    view = server.view(game_id)
    assert view["rules"]["rounds"] == 2 and len(view["summaries"]) == 2
    over = view["game_over"]
    expect(dialog.locator(".result-text")).to_have_text(over["text"])
    assert "with the lowest total" in over["text"]
    sheet = dialog.locator(".hands-table")
    expect(sheet.locator("tbody tr")).to_have_count(3)  # a row per round, then the totals
    expect(sheet.locator("tbody tr").nth(0).locator("th")).to_have_text("1 9-9")
    expect(sheet.locator("tbody tr").nth(1).locator("th")).to_have_text("2 8-8")
    # A column per player, the lowest total first.
    totals = [int(cell.inner_text()) for cell in sheet.locator("tr.totals td").all()]
    assert totals == sorted(over["scores"]) and len(totals) == 3
    names = [cell.text_content() for cell in sheet.locator("thead th.num").all()]
    by_total = sorted(range(3), key=lambda seat: (over["scores"][seat], seat))
    assert names == [view["players"][seat]["name"] for seat in by_total]
    expect(sheet.locator("tr.totals td.winner").first).to_have_text(str(min(over["scores"])))
    screenshot(page, "mexican-train-score-sheet-1280x800.png")
    page.context.close()


# ------------------------------------------------------------------------------------------ rooms


def test_an_online_room_seats_eight(browser: Browser, server: LiveServer) -> None:
    watch = Watch()
    watch.allow.append(r"WebSocket connection to .* failed|Failed to load resource|ERR_CONNECTION_REFUSED")
    host = open_page(browser, server.url, watch, 1280, 800)
    create_room_from_form(host, server.url, game=GAME, seats=["you", "human", *["easy"] * 6], name="Ann")
    expect(host.locator(".lobby-seat")).to_have_count(8)
    guest = open_page(browser, server.url, watch, 390, 844)
    guest.goto(lobby_link(host, "seat-1"))
    expect(guest.locator(".lobby-page[data-role='seat']")).to_be_visible()
    expect(host.locator("#start-room")).to_be_enabled()
    host.locator("#start-room").click()
    for page in (host, guest):
        expect(page.locator(".table-page[data-layout='trains']")).to_be_visible()
        expect(page.locator(".trains-board .lane")).to_have_count(9)
        expect(page.locator(".player-card")).to_have_count(7)
    expect(guest.locator(".trains-board .lane-label.yours")).to_have_attribute("data-train", "@2")
    host.context.close()
    guest.context.close()
    watch.check()
