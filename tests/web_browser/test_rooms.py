"""Online rooms in real browsers: each person is a browser context of their own (own storage, own socket).

A room is created on one page through the start page, friends join from the links of its lobby, and the
game is played to the end on every page at once; along the way a page is reloaded, a page goes away and
comes back (presence), the server is killed (SIGKILL) and started again on the same database while the
pages stay open, and a rematch starts the next game. Each test has a server of its own.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from environment_helpers import require_module

require_module("playwright.sync_api", "Playwright for Python, in the extra 'test'")

from browser_support import (  # noqa: E402
    LiveServer,
    TablePage,
    Watch,
    create_room_from_form,
    lobby_link,
    open_page,
    play_room,
    running,
    screenshot,
    start_from_form,
)
from playwright.sync_api import Browser, Page, expect  # noqa: E402

expect.set_options(timeout=20_000)

# Chromium reports the refused connections while the server is down or a socket is being replaced.
OFFLINE_NOISE = r"WebSocket connection to .* failed|Failed to load resource|ERR_CONNECTION_REFUSED"


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    with running(LiveServer(tmp_path / "rooms.db")) as server:
        yield server


def seat_of(seat: int) -> str:
    return f".lobby-seat[data-seat='{seat}']"


def join_from_share_link(page: Page, link: str, name: str, seat: int) -> None:
    page.goto(link)
    expect(page.locator(".lobby-page[data-role='guest']")).to_be_visible()
    page.fill("#lobby-name", name)
    page.locator(f"{seat_of(seat)} .sit-button").click()
    expect(page.locator(".lobby-page[data-role='seat']")).to_be_visible()
    expect(page.locator(f"{seat_of(seat)}.mine")).to_contain_text(name)


def test_dominoes_room_two_browsers_reload_presence_and_rematch(browser: Browser, live: LiveServer) -> None:
    watch = Watch()
    watch.allow.append(OFFLINE_NOISE)
    ann = open_page(browser, live.url, watch)
    bob = open_page(browser, live.url, watch)

    room_id = create_room_from_form(
        ann, live.url, game="dominoes", preset="draw", seats=["you", "human", "human"], target=20, name="Ann"
    )
    lobby = ann.locator(".lobby-page")
    expect(lobby).to_have_attribute("data-open", "2")
    expect(ann.locator("#start-room")).to_be_disabled()
    expect(ann.locator(f"{seat_of(1)}[data-state='open']")).to_be_visible()
    share = lobby_link(ann, "join")
    assert "#/room/" in share and "join=" in share
    assert "token=" in lobby_link(ann, "seat-1") and "token=" in lobby_link(ann, "own")

    # Bob opens the share link: he sees the lobby as a guest, picks seat 2 and is seated under his name.
    bob.goto(share)
    expect(bob.locator(".lobby-page[data-role='guest'] .sit-button")).to_have_count(2)
    screenshot(bob, "room-lobby-guest.png")
    join_from_share_link(bob, share, "Bob", 1)
    expect(ann.locator(f"{seat_of(1)}[data-state='taken'][data-connected='true']")).to_contain_text("Bob")
    # The host fills the last seat with the computer; every seat is taken, so the host may start.
    ann.locator(f"{seat_of(2)} .fill-level").select_option("easy")
    ann.locator(f"{seat_of(2)} .fill-button").click()
    expect(ann.locator(f"{seat_of(2)}[data-state='ai']")).to_contain_text("Easy")
    expect(bob.locator(f"{seat_of(2)}[data-state='ai']")).to_be_visible()
    expect(lobby).to_have_attribute("data-open", "0")
    screenshot(ann, "room-lobby-dominoes.png")
    expect(bob.locator(".lobby-wait")).to_contain_text("Waiting for Ann")
    ann.locator("#start-room").click()

    tables = [TablePage(ann), TablePage(bob)]
    for table in tables:
        expect(table.root).to_have_attribute("data-status", "playing")
    expect(ann.locator(".my-info .name")).to_contain_text("Ann")
    expect(bob.locator(".my-info .name")).to_contain_text("Bob")
    expect(ann.locator(".player-card[data-seat='1']")).to_contain_text("Bob")
    first_game = ann.locator(".table-page").get_attribute("data-game-id")

    play_room(tables, until=lambda moves: moves >= 4)
    screenshot(ann, "room-dominoes-table.png")

    # A reload puts Bob back in his seat, with the same table.
    bob_table = TablePage(bob)
    number = ann.locator(".table-page").get_attribute("data-move-number")
    expect(bob_table.root).to_have_attribute("data-move-number", number or "")
    hand = bob_table.hand()
    bob.reload()
    expect(bob_table.root).to_have_attribute("data-move-number", number or "")
    assert bob_table.hand() == hand

    # Bob opens the share link again: he only watches there, and Ann's table shows him away; the
    # way back to his seat is offered, and Ann sees him back.
    own_link = bob.url
    bob.goto(share)
    expect(bob.locator(".my-area .watching")).to_contain_text("you hold a seat")
    away = ann.locator(".player-card[data-seat='1']")
    expect(away).to_have_attribute("data-away", "true")
    expect(away.locator(".away-badge")).to_have_text("away")
    expect(ann.locator(".toast")).to_contain_text("Bob is away")
    screenshot(ann, "room-dominoes-away.png")
    bob.locator(".own-seat-link").click()
    expect(away).to_have_attribute("data-away", "false")
    assert bob.url == own_link
    expect(bob_table.root).to_have_attribute("data-move-number", number or "")
    assert bob_table.hand() == hand

    play_room(tables)
    for page in (ann, bob):
        dialog = page.locator(".gameover-dialog")
        expect(dialog).to_be_visible()
        expect(dialog.locator(".result-text")).to_contain_text(re.compile(r"wins?, \d+ to \d+"))
    screenshot(bob, "room-dominoes-game-over.png")
    # The record of the finished game (with its seed, now that every tile has been shown).
    with bob.expect_download() as saving:
        bob.locator(".gameover-dialog").get_by_role("button", name="Save the record").click()
    record = json.loads(Path(saving.value.path()).read_text())
    assert record["seed"] and len(record["moves"]) > 4

    # The final table stays; a rematch (asked by Bob) deals a new game to the same people.
    ann.locator(".gameover-dialog").get_by_role("button", name="See the table").click()
    expect(ann.locator(".again-button")).to_have_text("Rematch")
    bob.locator(".gameover-dialog").get_by_role("button", name="Rematch").click()
    for page in (ann, bob):
        table = page.locator(".table-page")
        expect(table).not_to_have_attribute("data-game-id", first_game or "")
        expect(table).to_have_attribute("data-status", "playing")
        expect(page.locator(".gameover-dialog")).to_have_count(0)
    expect(bob.locator(".my-info .name")).to_contain_text("Bob")
    play_room(tables, until=lambda moves: moves >= 2)
    # The start page keeps the way back to the room.
    ann.goto(f"{live.url}/#/")
    ann.locator(f".room-link[data-room-id='{room_id}']").click()
    expect(ann.locator(".table-page[data-status='playing'] .my-info .name")).to_contain_text("Ann")
    for page in (ann, bob):
        page.context.close()
    watch.check()


def test_triominoes_room_three_browsers_survives_a_server_kill(browser: Browser, live: LiveServer) -> None:
    watch = Watch()
    watch.allow.append(OFFLINE_NOISE)
    ann = open_page(browser, live.url, watch)
    bob = open_page(browser, live.url, watch)
    cy = open_page(browser, live.url, watch)

    create_room_from_form(
        ann, live.url, game="triominoes", seats=["you", "human", "human"], target=10, time_limit=600, name="Ann"
    )
    # Bob opens the secret link of seat 2; Cy takes the last seat with the share link.
    bob.goto(lobby_link(ann, "seat-1"))
    expect(bob.locator(".lobby-page[data-role='seat']")).to_be_visible()
    bob.fill("#lobby-name", "Bob")
    bob.click("#save-name")
    expect(ann.locator(seat_of(1))).to_contain_text("Bob")
    expect(ann.locator(f"{seat_of(1)}[data-connected='true']")).to_be_visible()
    expect(ann.locator(".lobby-meta")).to_contain_text("600 s per turn")
    screenshot(ann, "room-lobby-triominoes.png")
    join_from_share_link(cy, lobby_link(ann, "join"), "Cy", 2)
    expect(ann.locator(".lobby-page")).to_have_attribute("data-open", "0")
    ann.locator("#start-room").click()

    tables = [TablePage(ann), TablePage(bob), TablePage(cy)]
    for table in tables:
        expect(table.root).to_have_attribute("data-status", "playing")
        expect(table.page.locator(".stock .stock-name")).to_have_text("pool")
        # The turn timer runs for the seat to move, on every page.
        expect(table.page.locator(".turn-clock")).to_have_count(1)
    play_room(tables, until=lambda moves: moves >= 5 and tables[0].root.get_attribute("data-my-turn") == "true")
    expect(ann.locator(".my-info .turn-clock.mine")).to_be_visible()
    screenshot(ann, "room-triominoes-table.png")

    # The server dies mid-game; the pages stay open, say they are reconnecting, and come back by themselves.
    number = tables[0].move_number()
    hands = [table.hand() for table in tables]
    live.kill()
    for table in tables:
        banner = table.page.locator(".connection-banner")
        expect(banner).to_be_visible()
        expect(banner).to_contain_text("reconnecting")
    screenshot(bob, "room-triominoes-reconnecting.png")
    live.start()
    for table in tables:
        expect(table.page.locator(".connection-banner")).to_be_hidden(timeout=30_000)
        table.page.wait_for_function(
            f"document.querySelector('.table-page').dataset.moveNumber === '{number}'", timeout=30_000
        )
    assert [table.hand() for table in tables] == hands
    # The game goes on after the restart: every seat's moves reach every page (the room's game over is
    # the two-browser Dominoes test's; a whole Tri-Ominos round here would only repeat it, slowly).
    play_room(tables, until=lambda moves: moves >= len(tables) + 1)
    after = tables[0].move_number()
    assert after > number
    for table in tables:
        table.page.wait_for_function(
            f"document.querySelector('.table-page').dataset.moveNumber === '{after}'", timeout=10_000
        )
    for page in (ann, bob, cy):
        page.context.close()
    watch.check()


def test_a_solo_game_with_a_turn_timer_counts_down_and_the_server_moves(page: Page, server: LiveServer) -> None:
    start_from_form(page, server.url, game="dominoes", preset="block", seats=["human", "easy"], time_limit=5)
    table = TablePage(page)
    table.wait_turn()
    clock = page.locator(".my-info .turn-clock")
    expect(clock).to_be_visible()
    expect(clock).to_have_class(re.compile(r"\blow\b"))
    first = int(clock.get_attribute("data-left") or "99")
    assert 0 < first <= 5 and str(first) in clock.inner_text()
    # It counts down in front of the player: the seconds shown go down (before the server moves, at 0).
    page.wait_for_function(
        """first => {
            const clock = document.querySelector('.my-info .turn-clock');
            return clock !== null && Number(clock.dataset.left) < first && clock.innerText.includes(clock.dataset.left);
        }""",
        arg=first,
        timeout=10_000,
    )
    before = table.move_number()
    # Nobody moves: when the time is up the server plays for the seat, and says so.
    table.wait_moved(before, timeout=15_000)
    expect(page.locator(".toast").first).to_contain_text("ran out of time")
