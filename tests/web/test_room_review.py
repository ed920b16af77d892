"""A room's game reviewed: ``GET /api/rooms/{id}/review`` and ``/review/positions`` for any credential of the
room, as the solo game's; the hand in play refused (409); nothing named that the finished hand did not show."""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from web_helpers import TEST_SETTINGS, _strings, open_client, replay_to, tiles_named

from bonepile import games
from bonepile.ai.base import make_agent
from bonepile.store.db import PLAYING, GameStore
from bonepile.web.rooms import token_hash

SETTINGS = dataclasses.replace(TEST_SETTINGS, review_worlds=2)
HOST, SEAT, GUEST = "host-secret-of-the-test", "seat-secret-of-the-test", "guest-code-of-the-test"
SEED = 5


def _moves_into_second_hand(extra: int = 2) -> tuple[list[str], int]:
    """The moves of a Dominoes game of ``SEED`` played by the heuristic through its first hand and ``extra``
    moves into the second; and the number of the first hand's last move."""
    game = games.game_kind("dominoes").new_game(seed=SEED)
    agents = [make_agent("heuristic", "dominoes", 100 + p) for p in range(game.num_players)]
    last = 0
    while game.deal_number == 1:
        player = game.to_move
        assert player is not None
        game.play(agents[player].choose(game.observation(player)))
        last = len(game.moves)
    for _ in range(extra):
        player = game.to_move
        assert player is not None
        game.play(agents[player].choose(game.observation(player)))
    return [str(m) for m in game.moves], last


def _stored_room(url: str, moves: list[str]) -> tuple[str, str]:
    """A two-player room (host at seat 0, a friend at seat 1) whose game has ``moves`` played; its ids."""
    store = GameStore(url)
    options = dict(games.game_kind("dominoes").new_game(seed=SEED).rules.to_dict())
    seats = [
        {"kind": "human", "name": "Ann", "level": None, "token_hash": None, "taken": True},
        {"kind": "human", "name": "Bob", "level": None, "token_hash": token_hash(SEAT), "taken": True},
    ]
    room = store.rooms.create(
        game="dominoes",
        preset="draw",
        options=options,
        turn_time_limit=None,
        seats=seats,
        host_token_hash=token_hash(HOST),
        host_seat=0,
        join_code=GUEST,
    )
    plain = [{key: info[key] for key in ("kind", "name", "level")} for info in seats]
    room, game = store.rooms.start_game(room, seats=plain, seed=SEED)
    store.save(game.id, moves, PLAYING)
    store.close()
    return room.id, game.id


def _get(client: TestClient, path: str, credential: str, **params: Any) -> Any:
    return client.get(path, params=params, headers={"Authorization": f"Bearer {credential}"})


def _poll(client: TestClient, room_id: str, game_id: str, credential: str) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        answer = _get(client, f"/api/rooms/{room_id}/review", credential, hand=1, game_id=game_id)
        if answer.status_code == 200:
            body: dict[str, Any] = answer.json()
            return body
        assert answer.status_code == 202, answer.text
        time.sleep(0.1)
    raise AssertionError("no review within a minute")


def test_a_room_games_finished_hand_is_reviewed_and_the_hand_in_play_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    moves, last_of_first = _moves_into_second_hand()
    room_id, game_id = _stored_room(url, moves)
    with open_client(url, settings=SETTINGS) as client:
        review_path, positions_path = f"/api/rooms/{room_id}/review", f"/api/rooms/{room_id}/review/positions"
        # The hand in play is refused, for every credential: its verdicts would tell the hidden tiles.
        for credential in (HOST, SEAT, GUEST):
            for path in (review_path, positions_path):
                answer = _get(client, path, credential, hand=2, game_id=game_id)
                assert answer.status_code == 409, answer.text
                assert answer.json()["error"]["code"] == "hand_in_play"
        assert _get(client, review_path, "not-a-credential", hand=1).status_code == 403
        assert _get(client, review_path, GUEST, hand=1, game_id="notinroom").status_code == 404
        assert client.get(f"/api/games/{game_id}/review", params={"hand": 1}).status_code == 404  # not solo
        # A guest (the join code) may read the finished hand's review, as the seats may.
        first = _get(client, review_path, GUEST, hand=1, game_id=game_id)
        assert first.status_code == 202, first.text
        review = _poll(client, room_id, game_id, GUEST)
        assert _poll(client, room_id, game_id, SEAT) == review  # computed once, the same for every credential
        positions = _get(client, positions_path, SEAT, hand=1, game_id=game_id).json()
    assert review["hand_number"] == 1 and review["decisions"]
    assert [d["move_number"] for d in review["decisions"]] == list(range(1, last_of_first + 1))
    assert all(len(d["expected_points"]) == 2 for d in review["decisions"])  # every side, every move
    assert positions["hand_word"] == "hand" and len(positions["positions"]) == last_of_first
    # Nothing hidden: no tile named by the review or its positions was left in the boneyard when the hand ended.
    options = dict(games.game_kind("dominoes").new_game(seed=SEED).rules.to_dict())
    record = {"game": "dominoes", "options": options, "seed": SEED, "moves": moves}
    before_end = replay_to(record, last_of_first - 1).hand
    hidden = {str(tile) for tile in before_end.boneyard()}
    assert hidden, "the test needs a hand that ends with tiles left in the boneyard"
    named = tiles_named("dominoes", _strings(review, lambda key, value: False))
    named |= tiles_named("dominoes", _strings(positions, lambda key, value: False))
    assert named and not named & hidden, sorted(named & hidden)
