"""Between hands: the table holds the ended hand's final position until a person continues.

The engine deals the next hand as soon as one ends; the session keeps the
players' view on the ended hand (every hand face up in its summary), and
nothing moves meanwhile: no AI, no clock. At one screen a human's continue
deals the next hand; a table nobody plays waits a moment only.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import create, open_client, play, play_out, view_of

View = dict[str, Any]


@pytest.fixture
def paused(db_url: str) -> Iterator[TestClient]:
    """An app that waits between hands for a person, as ``bonepile serve`` does by default."""
    with open_client(db_url, hand_pause=None) as opened:
        yield opened


def to_end_of_hand(client: TestClient, game_id: str) -> View:
    return play_out(client, game_id, 0, stop=lambda view: view["between_hands"] is not None)


def keep_going(client: TestClient, game_id: str, view: View) -> View:
    answer = client.post(f"/api/games/{game_id}/continue", json={"seat": 0, "hand_number": view["hand_number"]})
    assert answer.status_code == 200, answer.text
    after: View = answer.json()["view"]
    return after


@pytest.mark.parametrize(("game", "players"), [("dominoes", 2), ("triominoes", 2)], ids=["dominoes", "triominoes"])
def test_the_ended_hand_stays_on_the_table_until_the_player_continues(
    paused: TestClient, game: str, players: int
) -> None:
    seats = [{"kind": "human"}] + [{"kind": "ai", "level": "easy"}] * (players - 1)
    game_id = create(paused, game=game, seed=5, seats=seats, options={"target": 1000})["id"]
    ended = to_end_of_hand(paused, game_id)
    pause = ended["between_hands"]
    assert pause["hand_number"] == 1 and pause["next_hand"] == 2 and pause["waiting_for"] == [0]
    assert pause["deadline"] is None  # at one screen the table waits for the person, however long
    # The final position: hand 1, its summary, the viewer's tiles as they were at the end, nothing to play.
    assert ended["hand_number"] == 1 and ended["status"] == "playing"
    summary = ended["summaries"][-1]
    assert summary["number"] == 1 and len(ended["summaries"]) == 1
    assert [tile["tile"] for tile in ended["your_tiles"]] == summary["hands"][0]
    assert ended["legal_moves"] == [] and ended["turn"] is None and ended["clock"] is None
    board = ended["board"]
    placed = sum(1 for entry in ended["log"] if entry["kind"] in ("open", "play", "place"))
    assert placed > 0 and len(board["line" if game == "dominoes" else "tiles"]) == placed
    assert ended["last_move"]["number"] == ended["move_number"]

    # Nothing moves while the table waits: no AI move, no move of the player either.
    time.sleep(0.3)
    assert view_of(paused, game_id, 0) == ended
    refused = paused.post(
        f"/api/games/{game_id}/moves", json={"seat": 0, "move": "pass", "move_number": ended["move_number"]}
    )
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "between_hands"
    hint = paused.get(f"/api/games/{game_id}/hint", params={"seat": 0})
    assert hint.status_code == 409 and hint.json()["error"]["code"] == "between_hands"

    dealt = keep_going(paused, game_id, ended)
    assert dealt["between_hands"] is None and dealt["hand_number"] == 2
    assert dealt["summaries"] == ended["summaries"]
    assert (
        len(dealt["board"]["line" if game == "dominoes" else "tiles"]) == 0
        or dealt["move_number"] > ended["move_number"]
    )
    # A second continue for the same hand (a double click) changes nothing.
    again = keep_going(paused, game_id, ended)
    assert again["hand_number"] == 2 and again["between_hands"] is None
    # The game goes on: the AI plays the new hand as soon as it is to move.
    view = play_out(paused, game_id, 0, stop=lambda v: v["move_number"] > ended["move_number"] + 1)
    assert view["hand_number"] == 2


def test_a_continue_for_a_hand_still_in_play_is_refused(paused: TestClient) -> None:
    game_id = create(paused, game="dominoes", seed=3)["id"]
    answer = paused.post(f"/api/games/{game_id}/continue", json={"seat": 0, "hand_number": 1})
    assert answer.status_code == 409 and answer.json()["error"]["code"] == "hand_in_play"
    answer = paused.post(f"/api/games/{game_id}/continue", json={"seat": 1, "hand_number": 1})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_seat"


def test_the_pause_survives_a_restart(db_url: str) -> None:
    with open_client(db_url, hand_pause=None) as client:
        game_id = create(client, game="dominoes", seed=5, options={"target": 1000})["id"]
        ended = to_end_of_hand(client, game_id)
    with open_client(db_url, hand_pause=None) as client:
        time.sleep(0.2)
        again = view_of(client, game_id, 0)
        assert again["between_hands"] is not None and again["move_number"] == ended["move_number"]
        assert again["board"] == ended["board"]
        assert keep_going(client, game_id, again)["hand_number"] == 2


UNATTENDED_WAIT = 2.5
"""docs/web-protocol.md, between hands: the next hand is dealt "at a table with no human seat, after 2.5 s"."""


@pytest.mark.parametrize(
    ("hand_pause", "wait"),
    [(None, UNATTENDED_WAIT), (10.0, UNATTENDED_WAIT), (0.2, 0.2)],
    ids=["no-hand-pause", "hand-pause-above-it", "hand-pause-below-it"],
)
def test_a_table_without_humans_waits_only_a_moment(db_url: str, hand_pause: float | None, wait: float) -> None:
    """A table the computer plays against itself holds the ended hand for 2.5 s (or the ``--hand-pause`` cap, if
    smaller), then deals by itself: even when a table with a person would wait for ever (no ``--hand-pause``).

    The wait is bracketed without trusting the machine to be quick: the hand ended after the last view that
    showed it still going (``before``) and before the first that showed it held (``seen``), so the wait from
    the end to the view's ``deadline`` lies between ``deadline - seen`` and ``deadline - before``."""
    with open_client(db_url, hand_pause=hand_pause) as client:
        seats = [{"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "easy"}]
        before = datetime.now(UTC)
        game_id = create(client, game="dominoes", seed=5, seats=seats, options={"target": 1000})["id"]
        held: tuple[datetime, View] | None = None
        give_up = time.monotonic() + 30
        while True:
            asked = datetime.now(UTC)
            view = view_of(client, game_id)
            if view["hand_number"] >= 2:
                break
            if view["between_hands"] is None:
                before = asked
            elif held is None:
                held = (datetime.now(UTC), view)
            assert time.monotonic() < give_up, f"the next hand was never dealt: {view['between_hands']}"
            time.sleep(0.01)
        dealt_seen = datetime.now(UTC)
    assert held is not None, "the ended hand was never held on the table"
    seen, pause = held[0], held[1]["between_hands"]
    assert pause["hand_number"] == 1 and pause["waiting_for"] == []
    assert pause["deadline"] is not None, "a table without humans must not wait for a person"
    deadline = datetime.fromisoformat(pause["deadline"])  # milliseconds, truncated
    low, high = deadline - seen, deadline + timedelta(milliseconds=1) - before
    assert low <= timedelta(seconds=wait) <= high, (low, high)
    assert dealt_seen >= deadline  # and not dealt before it


def test_hot_seat_one_continue_deals_the_next_hand(paused: TestClient) -> None:
    game_id = create(paused, game="dominoes", seed=8, seats=[{"kind": "human"}, {"kind": "human"}])["id"]
    for _ in range(200):
        view = view_of(paused, game_id, "turn")
        if view["between_hands"] is not None:
            break
        play(paused, game_id, view["seat"], view["legal_moves"][0]["text"], view["move_number"])
    else:
        raise AssertionError("the hand did not end")
    assert view["between_hands"]["waiting_for"] == [0, 1]
    answer = paused.post(f"/api/games/{game_id}/continue", json={"seat": 1})
    assert answer.status_code == 200 and answer.json()["view"]["between_hands"] is None
