"""All-fives at the table, in Chromium: a whole hand by clicks, the spinner's four arms, choosing among three
ends, a score flashing where it was made, and a game that a count ends in the middle of a hand.

Positions are reached through the API (both seats played by one rule, "arms first"), so each test is short.
"""

from __future__ import annotations

from typing import Any

from environment_helpers import require_module

require_module("playwright.sync_api", "Playwright for Python, in the extra 'test'")

from browser_support import LiveServer, TablePage, View, Watch, open_page, screenshot  # noqa: E402
from playwright.sync_api import Browser, Page, expect  # noqa: E402

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
EASY = {"kind": "ai", "level": "easy"}
ARM_ORDER = {"north": 0, "south": 1, "left": 2, "right": 3}


def arms_first(view: View) -> str:
    """The play that grows the spinner's arms first (north, south, then the line), heaviest tile first."""
    pips = {tile["tile"]: tile["pips"] for tile in view["your_tiles"]}
    plays = [move for move in view["legal_moves"] if move["kind"] == "play"]
    if not plays:
        return str(view["legal_moves"][0]["text"])
    best = min(plays, key=lambda move: (ARM_ORDER.get(move["end"] or "", 4), -pips[move["tile"]]))
    return str(best["text"])


def drive(server: LiveServer, game_id: str, wanted: Any, max_moves: int = 40) -> View | None:
    """Play both (human) seats by ``arms_first`` until seat 0's view, at its turn, satisfies ``wanted``."""
    for _ in range(max_moves):
        turn = server.view(game_id, 0)["turn"]
        if turn is None:
            return None
        view = server.view(game_id, turn)
        if view["status"] == "over" or view["hand_number"] != 1:
            return None
        if turn == 0 and wanted(view):
            return view
        server.play(game_id, view, arms_first(view))
    return None


def three_ends(view: View) -> bool:
    return bool(view["board"]["arms"]["north"] and view["board"]["arms"]["south"]) and any(
        len(tile["moves"]) >= 3 for tile in view["your_tiles"]
    )


def open_table(browser: Browser, server: LiveServer, watch: Watch, game_id: str, size: tuple[int, int]) -> Page:
    page = open_page(browser, server.url, watch, *size)
    page.goto(f"{server.url}/#/game/{game_id}")
    expect(page.locator(".table-page[data-move-number]")).to_be_visible()
    curtain = page.locator(".dialog.curtain")
    if curtain.count():
        curtain.get_by_role("button").click()
    expect(page.locator(".table-page[data-my-turn='true']")).to_be_visible()
    page.wait_for_timeout(150)
    return page


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    found: list[dict[str, float]] = page.eval_on_selector_all(
        selector,
        "els => els.map(el => { const r = el.getBoundingClientRect();"
        " return {x: r.left, y: r.top, r: r.right, b: r.bottom, arm: el.dataset.arm || ''}; })",
    )
    return found


def overlap(a: dict[str, float], b: dict[str, float], slack: float = 1.5) -> bool:
    return a["x"] < b["r"] - slack and b["x"] < a["r"] - slack and a["y"] < b["b"] - slack and b["y"] < a["b"] - slack


def test_four_arms_are_drawn_and_a_tile_fitting_three_ends_lights_all_three(
    browser: Browser, server: LiveServer, watch: Watch
) -> None:
    game_id = ""
    view = None
    for seed in (32, 44, 10):
        game_id = server.create(game="dominoes", preset="all-fives", seed=seed, seats=HUMANS)
        view = drive(server, game_id, three_ends)
        if view is not None:
            break
    assert view is not None, "no seed gave a tile fitting three ends"
    tile = next(t for t in view["your_tiles"] if len(t["moves"]) >= 3)
    for size in ((390, 844), (1280, 800)):
        page = open_table(browser, server, watch, game_id, size)
        arms = {piece["arm"] for piece in boxes(page, ".dominoes-board .line .domino")}
        assert {"spinner", "north", "south"} <= arms and arms & {"west", "east"}
        page.locator(f".hand-tile[data-tile='{tile['tile']}']").click()
        targets = page.locator(".end-target")
        expect(targets).to_have_count(len(tile["moves"]))
        assert sorted(t.get_attribute("data-move") or "" for t in targets.all()) == sorted(tile["moves"])
        placed = boxes(page, ".dominoes-board .line .domino")
        lit = boxes(page, ".dominoes-board .end-target .ghost")
        board = page.locator(".board-host").bounding_box()
        assert board is not None
        for index, a in enumerate(placed + lit):  # every tile and target on the board, none on another
            assert a["x"] >= board["x"] - 1 and a["r"] <= board["x"] + board["width"] + 1
            assert a["y"] >= board["y"] - 1 and a["b"] <= board["y"] + board["height"] + 1
            assert not any(overlap(a, b) for b in (placed + lit)[index + 1 :])
        count = boxes(page, ".dominoes-board .layout-count")
        assert count and not any(overlap(count[0], a, 0) for a in placed + lit)
        assert page.locator(".layout-count").text_content() == f"Count {view['board']['count']}"
        notes = page.locator(".my-notes").bounding_box()
        if notes is not None:  # the choice of an end, laid over the board, covers no tile
            note_box = {
                "x": notes["x"],
                "y": notes["y"],
                "r": notes["x"] + notes["width"],
                "b": notes["y"] + notes["height"],
            }
            assert not any(overlap(note_box, a, 0) for a in placed + lit)
        screenshot(page, f"all-fives-three-ends-{size[0]}x{size[1]}.png")
        if size == (1280, 800):
            chosen = next(m for m in tile["moves"] if m.endswith(("north", "south")))
            before = TablePage(page).move_number()
            page.locator(f".end-target[data-move='{chosen}']").click()
            TablePage(page).wait_moved(before)
            last = server.view(game_id, 0)["log"][-1]
            assert last["move"] == chosen
        page.context.close()


def scoring_move(view: View) -> bool:
    return any(move["points"] for move in view["legal_moves"])


def test_a_score_made_during_play_flashes_where_it_was_made(browser: Browser, server: LiveServer, watch: Watch) -> None:
    game_id = ""
    view = None
    for seed in range(1, 30):
        game_id = server.create(game="dominoes", preset="all-fives", seed=seed, seats=HUMANS)
        view = drive(server, game_id, scoring_move)
        if view is not None:
            break
    assert view is not None
    move = max((m for m in view["legal_moves"] if m["points"]), key=lambda m: m["points"])
    page = open_table(browser, server, watch, game_id, (1280, 800))
    tile = next(t for t in view["your_tiles"] if t["tile"] == move["tile"])
    before = TablePage(page).move_number()
    page.locator(f".hand-tile[data-tile='{move['tile']}']").click()
    if len(tile["moves"]) > 1:
        target = page.locator(f".end-target[data-move='{move['text']}']")
        expect(target).to_contain_text(f"+{move['points']}")
        target.click()
    flash = page.locator(".pop-note.score-pop")
    expect(flash).to_have_text(f"+{move['points']}")
    placed = page.locator(f".dominoes-board .line .domino[data-tile='{move['tile']}']").bounding_box()
    note = flash.bounding_box()
    assert placed is not None and note is not None
    assert abs((note["x"] + note["width"] / 2) - (placed["x"] + placed["width"] / 2)) < 60  # above its tile
    TablePage(page).wait_moved(before)
    log = page.locator(".log-panel li").last
    expect(log).to_contain_text(f"+{move['points']}")
    page.context.close()


def page_choice(view: View) -> str:
    """What ``TablePage.play_turn`` clicks: the first playable tile at its first end, else draw or pass."""
    for tile in view["your_tiles"]:
        if tile["moves"]:
            return str(tile["moves"][0])
    return str(view["legal_moves"][0]["text"])


def test_a_whole_block_all_fives_hand_by_clicks(browser: Browser, server: LiveServer, watch: Watch) -> None:
    options = {"drawing": False, "hand_size": 5}
    game_id = server.create(
        game="dominoes", preset="all-fives", seed=7, seats=[{"kind": "human"}, EASY], options=options
    )
    page = open_table(browser, server, watch, game_id, (1280, 800))
    table = TablePage(page)
    clicks: list[str] = []
    while len(clicks) < 20:
        view = server.view(game_id, 0)
        if view["summaries"] or view["status"] == "over":
            break
        table.wait_turn()
        if server.view(game_id, 0)["summaries"]:
            break
        clicks.append(table.play_turn())
    view = server.view(game_id, 0)
    assert view["summaries"], "the hand did not end"
    assert clicks.count("tile") >= 2 and "draw" not in clicks  # block play: nobody draws
    summary = view["summaries"][0]
    assert summary["points"] and all(points % 5 == 0 for points in summary["points"])
    page.context.close()


def test_a_count_reaching_the_target_ends_the_game_in_the_middle_of_a_hand(
    browser: Browser, server: LiveServer, watch: Watch
) -> None:
    # Found through the API with the page's own choice of move, then played by clicks.
    seed = None
    for candidate in range(1, 40):
        game_id = server.create(
            game="dominoes", preset="all-fives", seed=candidate, seats=[{"kind": "human"}, EASY], options={"target": 10}
        )
        for _ in range(40):
            view = server.wait_turn(game_id)
            if view["status"] == "over":
                break
            server.play(game_id, view, page_choice(view))
        final = server.view(game_id, 0)
        if final["status"] == "over" and "count reached the target" in final["summaries"][-1]["text"]:
            seed = candidate
            break
    assert seed is not None
    game_id = server.create(
        game="dominoes", preset="all-fives", seed=seed, seats=[{"kind": "human"}, EASY], options={"target": 10}
    )
    page = open_table(browser, server, watch, game_id, (1280, 800))
    table = TablePage(page)
    table.play_to_the_end(max_turns=40)
    final = server.view(game_id, 0)
    assert final["status"] == "over" and "count reached the target" in final["summaries"][-1]["text"]
    assert any(hand for hand in final["summaries"][-1]["hands"])  # play stopped with tiles in hand
    expect(page.locator(".gameover-dialog")).to_be_visible()
    expect(page.locator(".gameover-dialog")).to_contain_text(final["game_over"]["text"])
    page.context.close()


def test_the_how_to_page_explains_all_fives_with_a_spinner_drawn_from_data(page: Page, server: LiveServer) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server.url}/#/how/dominoes")
    figure = page.locator(".how-spinner")
    expect(figure).to_be_visible()
    tiles = boxes(page, ".how-spinner svg .domino")
    assert len(tiles) == 5  # the spinner and one tile on each of its four arms
    assert not any(overlap(a, b) for i, a in enumerate(tiles) for b in tiles[i + 1 :])
    assert page.locator(".how-spinner .domino.spinner").count() == 1
    expect(figure.locator("figcaption")).to_contain_text("4 + 6 + 2 + 3 = 15")
    figure.scroll_into_view_if_needed()
    screenshot(page, "all-fives-how-to-390x844.png")


def test_the_start_page_offers_all_fives_and_the_sets(page: Page, server: LiveServer) -> None:
    page.goto(f"{server.url}/#/")
    page.locator("label.game-card:has(input[value='dominoes'])").click()
    page.locator("label.preset-option:has(input[value='all-fives'])").click()
    options = [o.get_attribute("value") for o in page.locator("#tile-set option").all()]
    assert options == ["", "double-nine", "double-twelve"]  # the first is the rules' own, double-six
    expect(page.locator("#tile-set option").first).to_contain_text("double-six (28 tiles)")
    page.select_option("#tile-set", "double-nine")
    page.click("#start-game")
    expect(page.locator(".table-page[data-move-number]")).to_be_visible()
    game_id = page.url.rsplit("/", 1)[-1]
    view = server.view(game_id, 0)
    assert view["preset"] == "all-fives" and view["rules"]["set"] == "double-nine"
    # Tri-Ominos has one set: no choice is shown.
    page.goto(f"{server.url}/#/")
    page.locator("label.game-card:has(input[value='triominoes'])").click()
    expect(page.locator("#tile-set")).to_have_count(0)


def test_dragging_a_tile_onto_one_of_three_lit_ends_plays_it_there(
    browser: Browser, server: LiveServer, watch: Watch
) -> None:
    game_id = server.create(game="dominoes", preset="all-fives", seed=32, seats=HUMANS)
    view = drive(server, game_id, three_ends)
    assert view is not None
    tile = next(t for t in view["your_tiles"] if len(t["moves"]) >= 3)
    chosen = tile["moves"][-1]  # not the first lit end: the drop decides
    page = open_table(browser, server, watch, game_id, (390, 844))
    before = TablePage(page).move_number()
    box = page.locator(f".hand-tile[data-tile='{tile['tile']}']").bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] - 60, steps=6)
    expect(page.locator(".drag-ghost")).to_be_visible()
    expect(page.locator(".end-target")).to_have_count(len(tile["moves"]))
    page.wait_for_timeout(100)
    spot = page.locator(f".end-target[data-move='{chosen}']").bounding_box()
    assert spot is not None
    page.mouse.move(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2, steps=8)
    page.mouse.up()
    TablePage(page).wait_moved(before)
    assert server.view(game_id, 0)["log"][-1]["move"] == chosen
    page.context.close()
