"""Helpers for the web tests: an app to talk to, waiting for the AI, playing a seat's turns, and the
hidden-information check."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient

from bonepile import dominoes, triominoes
from bonepile.games import game_kind, load
from bonepile.web import create_app
from bonepile.web.settings import Settings
from bonepile.web.views import presenter

View = dict[str, Any]


TEST_SETTINGS = Settings(create_burst=10_000, hint_burst=10_000)
"""The defaults, without the per-address limits on creating games and asking hints: a test is one client
that does what many players would (the limits themselves are tested with their own settings)."""


@contextmanager
def open_client(
    db_url: str, ai_delay: float = 0.0, hand_pause: float = 0.0, settings: Settings | None = None
) -> Iterator[TestClient]:
    """A client of a new app on ``db_url``; the app starts (resuming games) and stops around the block.
    A server fault answers as it would to a browser (a JSON 500), not as an exception in the test."""
    app = create_app(db_url, ai_delay=ai_delay, hand_pause=hand_pause, settings=settings or TEST_SETTINGS)
    with TestClient(app, raise_server_exceptions=False) as client:
        yield client


def create(client: TestClient, **body: Any) -> dict[str, Any]:
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    summary: dict[str, Any] = answer.json()
    return summary


def view_of(client: TestClient, game_id: str, seat: int | str | None = None) -> View:
    params = {} if seat is None else {"seat": str(seat)}
    answer = client.get(f"/api/games/{game_id}/view", params=params)
    assert answer.status_code == 200, answer.text
    view: View = answer.json()
    return view


def wait_for(
    client: TestClient, game_id: str, seat: int | str | None, until: Callable[[View], bool], timeout: float = 30
) -> View:
    """Poll the view until ``until`` holds (the AI plays in the background)."""
    deadline = time.monotonic() + timeout
    while True:
        view = view_of(client, game_id, seat)
        if until(view):
            return view
        assert time.monotonic() < deadline, f"timed out waiting; last view at move {view['move_number']}"
        time.sleep(0.002)


def my_turn_or_over(seat: int) -> Callable[[View], bool]:
    return lambda view: view["status"] == "over" or view["turn"] == seat


def play(client: TestClient, game_id: str, seat: int, text: str, number: int) -> dict[str, Any]:
    answer = client.post(f"/api/games/{game_id}/moves", json={"seat": seat, "move": text, "move_number": number})
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def play_out(
    client: TestClient,
    game_id: str,
    seat: int,
    *,
    stop: Callable[[View], bool] = lambda view: view["status"] == "over",
    seen: list[View] | None = None,
    max_moves: int = 2000,
) -> View:
    """Play ``seat``'s turns (always its first legal move) until ``stop`` holds; collect every view it got."""
    for _ in range(max_moves):
        view = wait_for(client, game_id, seat, lambda v: stop(v) or my_turn_or_over(seat)(v))
        if seen is not None:
            seen.append(view)
        if stop(view):
            return view
        body = play(client, game_id, seat, view["legal_moves"][0]["text"], view["move_number"])
        if seen is not None:
            seen.append(body["view"])
    raise AssertionError("the game did not end")


# ------------------------------------------------------------------------------ hidden information

_DOMINO = re.compile(r"(?<![\d-])(\d{1,2})-(\d{1,2})(?![\d-])")
_TRIOMINO = re.compile(r"(?<![\d-])(\d)-(\d)-(\d)(?![\d-])")


def _strings(value: Any, skip: Callable[[str, Any], bool], key: str = "") -> Iterable[str]:
    if skip(key, value):
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for name, item in value.items():
            yield from _strings(item, skip, name)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item, skip, key)


def _keys(value: Any) -> Iterable[str]:
    if isinstance(value, dict):
        for name, item in value.items():
            yield name
            yield from _keys(item)
    elif isinstance(value, list):
        for item in value:
            yield from _keys(item)


def tiles_named(game: str, texts: Iterable[str]) -> set[str]:
    """Every tile named anywhere in ``texts``, in canonical form (any rotation or order of its numbers)."""
    found: set[str] = set()
    dominoes_too = presenter(game).face().tile == "domino"  # Dominoes and Mexican Train: the same tiles
    for text in texts:
        if dominoes_too:
            for a, b in _DOMINO.findall(text):
                if int(a) <= 12 and int(b) <= 12:
                    found.add(str(dominoes.Tile(int(a), int(b))))
        else:
            for numbers in _TRIOMINO.findall(text):
                try:
                    found.add(str(triominoes.Tile.parse("-".join(numbers))))
                except triominoes.InvalidMoveError:
                    continue  # a mirror image is no tile
    return found


def replay_to(record: dict[str, Any], move_number: int) -> Any:
    """The engine's game after the record's first ``move_number`` moves."""
    engine: Any = load(game_kind(record["game"]).engine)
    game: Any = engine.Game(engine.Rules.from_dict(record["options"]), record["seed"])  # the options say it all
    for text in record["moves"][:move_number]:
        game.play(text)
    return game


def hidden_state(game: Any, seat: int) -> tuple[list[set[str]], list[str]]:
    """What ``seat`` must not see: every other seat's tiles, and the stock in drawing order."""
    deal = game.hand if hasattr(game, "hand") else game.round
    others = [{str(t) for t in deal.tiles_of(p)} if p != seat else set() for p in range(game.num_players)]
    stock = [str(t) for t in (deal.boneyard() if hasattr(deal, "boneyard") else deal.pool())]
    return others, stock


def check_hidden(record: dict[str, Any], seat: int | str | None, views: Iterable[View]) -> int:
    """Check that no view of ``seat`` (None: public) names a tile it may not know; return how many were checked.

    Each view is compared with the engine's state at its move number: its own
    tiles must be exactly the seat's, and no tile of another seat or of the
    stock may appear anywhere outside the parts that are public by the rules
    (finished hands' revealed tiles, Tri-Ominos start draws shown to all).
    """
    game_name = record["game"]
    checked = 0
    for view in views:
        assert "seed" not in set(_keys(view)), "a view carries the seed"
        game = replay_to(record, view["move_number"])
        viewer = view["seat"]
        assert viewer == seat or (seat == "turn" and viewer in (None, game.to_move))
        others, stock = hidden_state(game, viewer if viewer is not None else -1)
        deal = game.hand if hasattr(game, "hand") else game.round
        own = set() if viewer is None else {str(t) for t in deal.tiles_of(viewer)}
        assert {tile["tile"] for tile in view["your_tiles"]} == own
        assert {m["tile"] for m in view["legal_moves"] if m["tile"]} <= own

        last = view["last_move"]
        if last is not None:  # the latest move was made in view of all (even when it ended the previous hand)
            assert last["move"] == record["moves"][last["number"] - 1] and last["number"] == view["move_number"]

        def public(key: str, value: Any) -> bool:
            if key in ("preset_description", "summaries", "your_tiles", "legal_moves", "last_move"):
                return True
            return isinstance(value, dict) and value.get("kind") == "start draw"

        named = tiles_named(game_name, _strings(view, public))
        hidden = set().union(*others) | set(stock)
        leaked = named & hidden
        assert not leaked, f"view of seat {viewer} at move {view['move_number']} names hidden tiles {leaked}"
        finished = game.hand_summaries
        assert len(view["summaries"]) == len(finished)
        if finished:
            assert view["summaries"][-1]["hands"] == [[str(t) for t in hand] for hand in finished[-1].hands]
        checked += 1
    return checked
