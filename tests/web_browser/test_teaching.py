"""The table teaches and the start page keeps out of the way, in a real browser (issue: the hint, the log,
the settings, the resume list, and the smaller flaws).

Each test is one flaw a new player met, checked the way they met it: the hint explained nothing; log
lines said "c-2 r0 up"; settings (a turn timer!) carried over silently; the resume list grew without end
and could not drop a game; in draw-reserve the status said "nothing can be drawn" beside a boneyard of 2;
keyboard focus started on the page; online rooms had no hint; a lone AI was "Computer 2"; the how-to
pages had no picture of a bridge or a hexagon. Screenshots (phone 390x844, desktop 1280x800) go to
``screenshots/``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any

from environment_helpers import require_module

require_module("playwright.sync_api", "Playwright for Python, in the extra 'test'")

from browser_support import LiveServer, TablePage, Watch, find_position, open_page, screenshot  # noqa: E402
from playwright.sync_api import Browser, Locator, Page, expect  # noqa: E402

expect.set_options(timeout=20_000)

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def open_game(page: Page, server: LiveServer, game_id: str) -> TablePage:
    page.goto(f"{server.url}/#/game/{game_id}")
    table = TablePage(page)
    table.wait_turn()
    return table


def test_the_hint_says_why_in_facts_of_the_position(page: Page, server: LiveServer) -> None:
    """Was: "open with 6-6 — opens the hand with 6-6". Now the reasons the agent weighed, true of the table."""
    game_id, view = find_position(
        server, lambda v: sum(1 for m in v["legal_moves"] if m["kind"] == "play") > 1, game="dominoes", preset="draw"
    )
    table = open_game(page, server, game_id)
    page.locator("button.tool", has_text="Hint").click()
    callout = page.locator(".hint-callout")
    expect(callout.locator(".hint-reasons li").first).to_be_visible()
    texts = callout.locator(".hint-reasons li").all_inner_texts()
    answer = server.call("GET", f"/api/games/{game_id}/hint?seat=0")  # the same agent seed: the same answer
    assert texts == [reason["text"] for reason in answer["reasons"]]
    assert not any(re.search(r"opens the hand with", text) for text in texts)
    tile = page.locator(".hand-tile.hinted").get_attribute("data-tile") or ""
    assert tile == answer["move"]["tile"]
    for reason in answer["reasons"]:
        if reason["kind"] == "sheds":
            pips = sum(int(n) for n in tile.split("-"))
            assert reason["text"] == f"sheds {pips} pip{'' if pips == 1 else 's'}"
    assert table.move_number() == view["move_number"]  # a hint plays nothing
    # A lone computer opponent is "Computer", not "Computer 2".
    expect(page.locator(".player-card .name").first).to_have_text("Computer")
    # A Dominoes log line lights its tile in the line of play too.
    line = page.locator(".log li.has-tile").first
    on_board = page.locator(f".board-host [data-tile='{line.get_attribute('data-tile')}']")
    line.hover()
    expect(on_board).to_have_class(re.compile(r"\blog-lit\b"))
    page.set_viewport_size(DESKTOP)
    screenshot(page, "hint-dominoes-desktop.png")
    page.set_viewport_size(PHONE)
    callout.scroll_into_view_if_needed()
    screenshot(page, "hint-dominoes-phone.png")


def test_log_lines_speak_a_players_words_and_light_their_tile(page: Page, server: LiveServer) -> None:
    """Was: "Computer 2 placed 1-2-3 at c-2 r0 up". Now "placed 2-4-5 beside 4-5-5 for 11", and the tile lights."""
    game_id, _ = find_position(
        server,
        lambda v: (
            sum(1 for e in v["log"] if e["kind"] == "place") >= 4
            and sum(1 for m in v["legal_moves"] if m["kind"] == "place") >= 2
        ),
        game="triominoes",
    )
    open_game(page, server, game_id)
    lines = page.locator(".log li")
    texts = lines.all_inner_texts()
    assert texts and not any(re.search(r"\bc-?\d+ r-?\d+\b|\b(up|down)\b", text) for text in texts), texts
    placed = page.locator(".log li.has-tile")
    assert placed.count() >= 4
    assert re.search(r"opened with \d-\d-\d for ", placed.first.inner_text())
    assert re.search(r"placed \d-\d-\d (beside|between) \d-\d-\d.* for \d", placed.nth(1).inner_text())
    second = placed.nth(1)
    tile = second.get_attribute("data-tile")
    on_board = page.locator(f".board-host [data-tile='{tile}']")
    expect(on_board).to_have_count(1)
    second.hover()
    expect(on_board).to_have_class(re.compile(r"\blog-lit\b"))
    page.locator(".topbar").hover()
    expect(on_board).not_to_have_class(re.compile(r"\blog-lit\b"))
    second.click()  # a tap keeps it lit
    page.locator(".topbar").hover()
    expect(on_board).to_have_class(re.compile(r"\blog-lit\b"))
    page.set_viewport_size(DESKTOP)
    second.hover()
    screenshot(page, "log-lit-triominoes-desktop.png")
    # The hint names tiles too, and says what the placement scores.
    page.locator("button.tool", has_text="Hint").click()
    callout = page.locator(".hint-callout")
    expect(callout.locator(".hint-reasons li").first).to_be_visible()
    assert not re.search(r"\bc-?\d+ r-?\d+", callout.inner_text())
    expect(callout.locator(".hint-reasons li[data-kind='search']")).to_have_count(1)
    expect(callout.locator(".hint-reasons li[data-kind='points'], .hint-reasons li[data-kind='bonus']")).to_have_count(
        1
    )
    screenshot(page, "hint-triominoes-desktop.png")
    page.set_viewport_size(PHONE)
    second.scroll_into_view_if_needed()
    screenshot(page, "log-lit-triominoes-phone.png")


def test_on_a_phone_a_tapped_log_line_shows_its_tile_out_from_under_the_drawer(
    browser: Browser, server: LiveServer, watch: Watch
) -> None:
    """On a phone the log is in a drawer over the board: a tapped line lit a tile the drawer itself hid."""
    game_id, _ = find_position(
        server, lambda v: sum(1 for e in v["log"] if e["kind"] in ("place", "open")) >= 3, game="triominoes"
    )
    page = open_page(browser, server.url, watch, **PHONE)
    open_game(page, server, game_id)
    page.locator(".panel-button").click()
    expect(page.locator(".table-page.panel-open")).to_have_count(1)
    line = page.locator(".sidebar .log li.has-tile").last
    tile = line.get_attribute("data-tile")
    line.click()
    on_board = page.locator(f".board-host [data-tile='{tile}']")
    expect(page.locator(".table-page.panel-open")).to_have_count(0)  # the drawer steps away
    expect(on_board).to_have_class(re.compile(r"\blog-lit\b"))
    page.wait_for_timeout(300)  # the drawer's slide
    seen = on_board.evaluate(
        """(el) => { const r = el.getBoundingClientRect();
            const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            return !!top && el.contains(top); }"""
    )
    assert seen, "the lit tile is still hidden"
    expect(page.locator(".panel-button")).to_be_focused()
    screenshot(page, "log-tap-lit-triominoes-phone.png")
    page.context.close()


def test_the_start_page_says_what_it_remembered_and_never_keeps_a_timer(page: Page, server: LiveServer) -> None:
    """Was: "play to 10" and "6 s per turn" of the last game filled in silently, the timer playing for you."""
    page.goto(f"{server.url}/#/")
    page.locator("label.game-card:has(input[value='dominoes'])").click()
    expect(page.locator("#remembered")).to_have_count(0)
    page.locator("label.preset-option:has(input[value='block'])").click()
    page.select_option("#players", "3")
    page.fill("#target", "10")
    page.fill("#time-limit", "6")
    page.click("#start-game")
    expect(page.locator(".table-page[data-move-number]")).to_be_visible()
    first = page.locator(".table-page").get_attribute("data-game-id")
    assert server.call("GET", f"/api/games/{first}")["turn_time_limit"] == 6

    page.goto(f"{server.url}/#/")
    note = page.locator("#remembered")
    expect(note).to_contain_text("block rules")
    expect(note).to_contain_text("3 players")
    expect(note).to_contain_text("play to 10")
    expect(page.locator("#target")).to_have_value("10")
    expect(page.locator("#time-limit")).to_have_value("")  # the timer was for that game only
    page.set_viewport_size(PHONE)
    screenshot(page, "start-remembered-phone.png")
    page.set_viewport_size(DESKTOP)
    screenshot(page, "start-remembered-desktop.png")
    page.click("#rules-defaults")
    expect(page.locator("#remembered")).to_have_count(0)
    assert not re.search(r"\bnull\b", page.locator("form.new-game").inner_text())
    expect(page.locator("#target")).to_have_value("")
    expect(page.locator("label.preset-option:has(input[value='draw']) input")).to_be_checked()
    expect(page.locator("#players")).to_have_value("2")
    page.click("#start-game")
    expect(page.locator(".table-page[data-move-number]")).to_be_visible()
    second = page.locator(".table-page").get_attribute("data-game-id")
    summary = server.call("GET", f"/api/games/{second}")
    assert summary["turn_time_limit"] is None and summary["preset"] == "draw"
    for game_id in (first, second):
        server.call("DELETE", f"/api/games/{game_id}?seat=0")


def test_the_resume_list_is_newest_first_a_handful_and_each_game_can_be_abandoned(
    browser: Browser, server: LiveServer, watch: Watch
) -> None:
    """Was: every unfinished game listed (the page grew to 3,259 px), none could be removed."""
    for game in server.call("GET", "/api/games")["games"]:
        server.call(
            "DELETE", f"/api/games/{game['id']}" + (f"?seat={game['human_seats'][0]}" if game["human_seats"] else "")
        )
    made = [server.create(game="dominoes", seed=seed) for seed in range(1, 8)]
    time.sleep(1.1)  # times are kept to the second: the game played last is newer than all the others
    oldest = made[0]
    view = server.wait_turn(oldest)
    server.play(oldest, view, view["legal_moves"][0]["text"])
    newest_first = [game["id"] for game in server.call("GET", "/api/games")["games"]]
    assert newest_first[0] == oldest and len(newest_first) == 7

    page = open_page(browser, server.url, watch, **PHONE)
    page.goto(f"{server.url}/#/")
    shown = page.locator(".resume-list .resume-game")
    expect(shown).to_have_count(3)  # a handful: three on a phone, where the list comes before the form
    assert [link.get_attribute("data-game-id") for link in shown.all()] == newest_first[:3]
    screenshot(page, "resume-list-phone.png")
    page.click(".show-all")
    expect(shown).to_have_count(7)
    assert [link.get_attribute("data-game-id") for link in shown.all()] == newest_first
    page.click(".show-all")
    expect(shown).to_have_count(3)

    item = page.locator(f".resume-item[data-game-id='{oldest}']")
    item.locator("button.abandon").click()
    expect(item.locator(".abandon-confirm")).to_contain_text("removed for good")
    screenshot(page, "resume-abandon-confirm-phone.png")
    item.locator(".abandon-no").click()  # not abandoned without saying yes
    expect(item.locator(".resume-game")).to_be_visible()
    assert server.call("GET", f"/api/games/{oldest}")["id"] == oldest
    item.locator("button.abandon").click()
    item.locator(".abandon-yes").click()
    expect(page.locator(f".resume-item[data-game-id='{oldest}']")).to_have_count(0)
    expect(shown).to_have_count(3)
    assert oldest not in [game["id"] for game in server.call("GET", "/api/games?status=all")["games"]]
    page.set_viewport_size(DESKTOP)
    page.reload()
    expect(shown).to_have_count(5)  # five on a wider screen
    assert [link.get_attribute("data-game-id") for link in shown.all()] == newest_first[1:6]
    screenshot(page, "resume-list-desktop.png")
    page.context.close()
    for game_id in made[1:]:
        server.call("DELETE", f"/api/games/{game_id}?seat=0")


def test_draw_reserve_says_the_last_tiles_are_the_reserve(page: Page, server: LiveServer) -> None:
    """Was: "Nothing fits and nothing can be drawn: pass." beside a boneyard showing 2."""

    def must_pass_with_tiles_left(view: dict) -> bool:
        return [m["kind"] for m in view["legal_moves"]] == ["pass"] and view["stock"]["count"] > 0

    game_id, view = find_position(
        server, must_pass_with_tiles_left, seeds=range(1, 80), game="dominoes", preset="draw-reserve"
    )
    open_game(page, server, game_id)
    status = page.locator(".my-area .status")
    expect(status).to_contain_text("reserve")
    expect(status).not_to_contain_text("nothing can be drawn")
    expect(page.locator(".stock")).to_have_attribute("aria-label", re.compile(r"reserve"))
    expect(page.locator(".stock .stock-count")).to_have_text(str(view["stock"]["count"]))
    page.set_viewport_size(PHONE)
    screenshot(page, "draw-reserve-pass-phone.png")
    page.set_viewport_size(DESKTOP)
    screenshot(page, "draw-reserve-pass-desktop.png")


def test_at_your_turn_focus_goes_to_your_first_playable_tile_and_the_turn_is_announced(
    page: Page, server: LiveServer
) -> None:
    """Was: focus stayed on the page (up to 13 Tabs to reach a tile) and nothing said whose turn it was."""
    game_id, _ = find_position(server, lambda v: any(m["kind"] == "play" for m in v["legal_moves"]), game="dominoes")
    table = open_game(page, server, game_id)
    announcer = page.locator(".turn-announcer[aria-live]")
    for _ in range(3):
        focused = page.evaluate("() => document.activeElement && document.activeElement.className")
        first_playable = page.locator(".hand-tile.playable, .draw-button, .pass-button").first
        expect(first_playable).to_be_focused()
        assert "hand-tile" in focused or "button" in focused
        expect(announcer).to_contain_text("Your turn")
        before = table.move_number()
        page.keyboard.press("Enter")  # plays the focused tile (or draws), no Tab needed
        if page.locator(".end-choice").count():
            page.locator(".end-choice").first.click()
        table.wait_moved(before)
        table.wait_turn()
        if table.status() == "over":
            break


def test_a_room_gives_hints_when_its_host_allows_them(browser: Browser, server: LiveServer, watch: Watch) -> None:
    """Was: no hint button in online rooms at all."""
    page = open_page(browser, server.url, watch, **DESKTOP)
    page.goto(f"{server.url}/#/")
    page.click("#mode-online")
    page.locator("label.game-card:has(input[value='dominoes'])").click()
    page.select_option("#players", "2")
    page.select_option("#seat-kind-0", "you")
    page.select_option("#seat-kind-1", "medium")
    page.check("#room-hints")
    page.click("#start-game")
    expect(page.locator(".lobby-page[data-role='host']")).to_be_visible()
    expect(page.locator(".lobby-page")).to_contain_text("hints allowed")
    page.click("#start-room")
    table = TablePage(page)
    table.wait_turn()
    hint = page.locator("button.tool", has_text="Hint")
    expect(hint).to_be_visible()
    expect(hint).to_be_enabled()
    hint.click()
    expect(page.locator(".hint-callout .hint-reasons li").first).to_be_visible()
    screenshot(page, "room-hint-desktop.png")
    page.context.close()


def test_the_how_to_page_draws_a_bridge_and_a_hexagon(page: Page, server: LiveServer) -> None:
    """Was: words only; a new player could not picture a bridge or a hexagon.

    What the pictures show is checked as a person would look at them: in the bridge, the new tile
    shares one side with the layout and its circled opposite corner touches another tile; in the
    hexagon, six triangles meet at the circled point, the new one among them; in both, every corner
    number agrees with the numbers of the tiles that meet at that point (T4)."""
    page.set_viewport_size(PHONE)
    page.goto(f"{server.url}/#/how/triominoes")
    figures = page.locator(".how-figure")
    expect(figures).to_have_count(2)
    captions = figures.locator("figcaption").all_inner_texts()
    assert "bridge" in captions[0].lower() and "hexagon" in captions[1].lower()
    drawn = [figure_geometry(figure) for figure in figures.all()]
    bridge, hexagon = drawn
    for figure in drawn:
        numbers_agree(figure)
    new = next(tile for tile in bridge["tiles"] if tile["new"])
    layout = [tile for tile in bridge["tiles"] if not tile["new"]]
    shared_sides = [
        (a, b)
        for a, b in ((0, 1), (1, 2), (2, 0))
        if any(near(new["points"][a], q) for tile in layout for q in tile["points"])
        and any(
            near(new["points"][a], q1) and near(new["points"][b], q2)
            for tile in layout
            for q1 in tile["points"]
            for q2 in tile["points"]
        )
    ]
    assert len(shared_sides) == 1, f"the bridge's new tile shares {len(shared_sides)} sides with the layout"
    opposite = next(i for i in range(3) if i not in shared_sides[0])
    assert near(new["points"][opposite], bridge["mark"]), "the circled point is not the new tile's free corner"
    assert any(near(q, bridge["mark"]) for tile in layout for q in tile["points"]), "nothing touches the corner"
    around = [tile for tile in hexagon["tiles"] if any(near(q, hexagon["mark"]) for q in tile["points"])]
    assert len(around) == 6 and any(tile["new"] for tile in around), [tile["numbers"] for tile in around]
    for figure in figures.all():
        box = figure.locator("svg").bounding_box()
        assert box is not None and box["width"] > 150 and box["height"] > 60
    figures.first.scroll_into_view_if_needed()
    screenshot(page, "howto-bridge-hexagon-phone.png")
    page.set_viewport_size(DESKTOP)
    figures.first.scroll_into_view_if_needed()
    screenshot(page, "howto-bridge-hexagon-desktop.png")


def figure_geometry(figure: Locator) -> dict[str, Any]:
    """A how-to figure as drawn: each triangle's corners (in the SVG's own units) with the numbers shown
    at them, whether it is the tile just placed, and the circled point."""
    result: dict[str, Any] = figure.evaluate(
        """(figure) => ({
            tiles: [...figure.querySelectorAll("g")].filter((g) => g.querySelector("polygon")).map((g) => {
                const polygon = g.querySelector("polygon");
                return {
                    new: polygon.classList.contains("new-tile"),
                    points: polygon.getAttribute("points").trim().split(/\\s+/)
                        .map((pair) => pair.split(",").map(Number)),
                    numbers: [...g.querySelectorAll("text.corner-number")].map((t) => Number(t.textContent)),
                };
            }),
            mark: ["cx", "cy"].map((name) => Number(figure.querySelector("circle").getAttribute(name))),
        })"""
    )
    return result


def near(p: Sequence[float], q: Sequence[float]) -> bool:
    return abs(p[0] - q[0]) < 1e-3 and abs(p[1] - q[1]) < 1e-3


def numbers_agree(figure: dict[str, Any]) -> None:
    """Every point where tiles meet shows one number on all of them (T4: touching corners match)."""
    seen: list[tuple[Sequence[float], int]] = []
    for tile in figure["tiles"]:
        assert len(tile["points"]) == 3 and len(tile["numbers"]) == 3, tile
        for point, number in zip(tile["points"], tile["numbers"], strict=True):
            for other, shown in seen:
                if near(point, other):
                    assert shown == number, f"{shown} and {number} meet at {point}"
            seen.append((point, number))
