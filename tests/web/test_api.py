"""The HTTP endpoints of docs/web-protocol.md: answers, errors, and that a refused request changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_helpers import create, my_turn_or_over, open_client, play, play_out, view_of, wait_for

from bonepile import dominoes, triominoes
from bonepile.ai.base import make_agent
from bonepile.core.errors import RulesError
from bonepile.games import replay_record


def error_of(answer: Any, status: int, code: str) -> str:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert set(body) == {"error"} and body["error"]["code"] == code, body
    message: str = body["error"]["message"]
    assert message
    return message


def plays(agent: str, game: str) -> bool:
    try:
        make_agent(agent, game, 0)
    except RulesError:
        return False
    return True


# ------------------------------------------------------------------------------------ catalog


def test_catalog_offers_every_game_with_every_preset(client: TestClient) -> None:
    catalog = client.get("/api/games/catalog").json()
    assert catalog["protocol"] == 1
    games = {game["name"]: game for game in catalog["games"]}
    assert list(games) == ["dominoes", "triominoes", "mexican-train"]
    # What the page draws each game with, so that it never asks a game's name (see "The view").
    faces = {name: (game["layout"], game["tile"], game["low_wins"], game["goal"]) for name, game in games.items()}
    assert faces == {
        "dominoes": ("line", "domino", False, "target"),
        "triominoes": ("grid", "triangle", False, "target"),
        "mexican-train": ("trains", "domino", True, "rounds"),
    }
    assert games["mexican-train"]["goal_option"] == "rounds" and games["mexican-train"]["sets"] == []
    assert games["mexican-train"]["players"] == {"min": 2, "max": 8}
    assert [p["name"] for p in games["dominoes"]["presets"]] == list(dominoes.PRESETS)
    assert "all-fives" in dominoes.PRESETS
    # The sets the engine deals (D1), the default first; Tri-Ominos has one set.
    assert [(s["name"], s["tiles"]) for s in games["dominoes"]["sets"]] == [
        ("double-six", 28),
        ("double-nine", 55),
        ("double-twelve", 91),
    ]
    assert games["triominoes"]["sets"] == []
    assert [p["name"] for p in games["triominoes"]["presets"]] == list(triominoes.PRESETS)
    presets = {p["name"]: p for p in games["dominoes"]["presets"]}
    assert presets["partnership"]["players"] == {"min": 4, "max": 4, "default": 4}  # D2: seats 1 & 3 against 2 & 4
    assert presets["draw-reserve"]["players"] == {"min": 2, "max": 2, "default": 2}
    assert presets["draw"]["description"] == dominoes.PRESETS["draw"]
    tri = {p["name"]: p for p in games["triominoes"]["presets"]}
    assert tri["pressman"]["players"] == {"min": 2, "max": 6, "default": 2}  # T2


def test_catalog_offers_only_the_ai_levels_that_play_each_game(client: TestClient) -> None:
    catalog = client.get("/api/games/catalog").json()
    for game in catalog["games"]:
        offered = [level["level"] for level in game["ai_levels"]]
        expected = [level for level in ("easy", "medium", "hard", "expert") if plays(level, game["name"])]
        assert offered == expected
        assert game["default_level"] in offered
        assert game["hint_level"] == offered[-1]
    dominoes_levels = next(g for g in catalog["games"] if g["name"] == "dominoes")["ai_levels"]
    assert [level["agent"] for level in dominoes_levels] == ["random", "greedy", "heuristic", "ismcts"]


# ------------------------------------------------------------------------------------ create


def test_create_with_defaults_gives_one_human_against_the_ai(client: TestClient) -> None:
    summary = create(client, game="dominoes")
    assert summary["preset"] == "draw" and summary["status"] == "playing"
    assert summary["seats"] == [
        {"seat": 0, "name": "You", "kind": "human", "level": None},
        {"seat": 1, "name": "Computer", "kind": "ai", "level": "medium"},
    ]
    assert summary["human_seats"] == [0] and summary["undo"] and not summary["hot_seat"]
    assert "seed" not in summary
    assert client.get(f"/api/games/{summary['id']}").json()["id"] == summary["id"]


def test_create_with_seats_names_levels_and_options(client: TestClient) -> None:
    summary = create(
        client,
        game="triominoes",
        preset="goliath",
        players=3,
        seats=[
            {"kind": "human", "name": "  Ann "},
            {"kind": "ai", "level": "easy", "name": "Ada"},
            {"kind": "ai", "level": "greedy"},
        ],
        options={"target": 200},
        seed=7,
    )
    assert [seat["name"] for seat in summary["seats"]] == ["Ann", "Ada", "Computer 3"]
    assert [seat["level"] for seat in summary["seats"]] == [None, "easy", "greedy"]
    view = view_of(client, summary["id"], 0)
    assert view["target"] == 200 and view["rules"]["target"] == 200 and view["rules"]["voluntary_draw"] is True
    assert view["hand_word"] == "round" and view["stock"]["name"] == "pool"


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"game": "chess"}, 400, "bad_rules"),
        ({"game": "dominoes", "preset": "muggins"}, 400, "bad_rules"),
        ({"game": "dominoes", "players": 5}, 400, "bad_rules"),
        ({"game": "dominoes", "preset": "partnership", "players": 2}, 400, "bad_rules"),
        ({"game": "dominoes", "players": 3, "seats": [{"kind": "human"}, {"kind": "ai"}]}, 400, "bad_rules"),
        ({"game": "dominoes", "options": {"colour": "red"}}, 400, "bad_rules"),
        ({"game": "dominoes", "options": {"target": 0}}, 400, "bad_rules"),
        ({"game": "dominoes", "seats": [{"kind": "human", "level": "easy"}, {"kind": "ai"}]}, 400, "bad_rules"),
        ({"game": "dominoes", "seats": [{"kind": "human"}, {"kind": "ai", "level": "godlike"}]}, 400, "bad_rules"),
        ({"game": "dominoes", "seats": [{"kind": "human", "name": "x" * 25}, {"kind": "ai"}]}, 400, "bad_rules"),
        ({"game": "dominoes", "seed": -1}, 400, "bad_rules"),
        ({"game": "dominoes", "preset": "all-fives", "players": 5}, 400, "bad_rules"),
        ({"game": "dominoes", "options": {"set": "double-thirteen"}}, 400, "bad_rules"),
        ({"game": "dominoes", "seats": [{"kind": "robot"}, {"kind": "ai"}]}, 422, "invalid_request"),
        ({"game": "dominoes", "players": "two"}, 422, "invalid_request"),
        ({"game": "dominoes", "colour": "red"}, 422, "invalid_request"),
        ({"preset": "draw"}, 422, "invalid_request"),
    ],
)
def test_create_refuses_bad_requests(client: TestClient, body: dict[str, Any], status: int, code: str) -> None:
    error_of(client.post("/api/games", json=body), status, code)
    assert client.get("/api/games", params={"status": "all"}).json() == {"games": [], "next": None}


def test_create_refuses_an_ai_level_that_does_not_play_the_game(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bonepile.ai import base
    from bonepile.ai.simple import RandomAgent

    monkeypatch.setitem(base._GAME_REGISTRY, ("dominoes", "dominoes-only"), RandomAgent)
    assert plays("dominoes-only", "dominoes") and not plays("dominoes-only", "triominoes")
    body = {"game": "triominoes", "seats": [{"kind": "human"}, {"kind": "ai", "level": "dominoes-only"}]}
    assert "dominoes-only" in error_of(client.post("/api/games", json=body), 400, "bad_rules")


def test_bad_json_and_unknown_routes_answer_in_the_error_shape(client: TestClient) -> None:
    answer = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    error_of(answer, 400, "bad_json")
    error_of(client.get("/api/nothing/here"), 404, "not_found")
    error_of(client.get("/api/games/0000/view"), 404, "unknown_game")
    error_of(client.get("/api/games", params={"status": "sleeping"}), 422, "invalid_request")


# ------------------------------------------------------------------------------------ list


def test_the_resume_list_holds_unfinished_games_newest_first(client: TestClient) -> None:
    first = create(client, game="dominoes", seed=1)
    second = create(client, game="triominoes", seed=2)
    finished = create(client, game="dominoes", seed=3, options={"target": 1})
    play_out(client, finished["id"], 0)
    playing = client.get("/api/games").json()["games"]
    assert [game["id"] for game in playing] == [second["id"], first["id"]]
    over = client.get("/api/games", params={"status": "over"}).json()["games"]
    assert [game["id"] for game in over] == [finished["id"]]
    assert over[0]["winner_sides"] and over[0]["turn"] is None
    assert len(client.get("/api/games", params={"status": "all"}).json()["games"]) == 3


# ------------------------------------------------------------------------------------ view


def test_a_seat_sees_its_own_tiles_and_the_public_view_sees_none(client: TestClient) -> None:
    game_id = create(client, game="dominoes", seed=4)["id"]
    mine = view_of(client, game_id, 0)
    assert mine["seat"] == 0 and len(mine["your_tiles"]) == 7
    assert mine["players"][0]["you"] and not mine["players"][1]["you"]
    public = view_of(client, game_id)
    assert public["seat"] is None and public["your_tiles"] == [] and public["legal_moves"] == []
    assert [p["tiles"] for p in public["players"]] == [p["tiles"] for p in mine["players"]]


@pytest.mark.parametrize("seat", ["1", "2", "-1", "one"])
def test_no_view_of_an_ai_seat_or_a_seat_that_does_not_exist(client: TestClient, seat: str) -> None:
    game_id = create(client, game="dominoes", seed=4)["id"]
    error_of(client.get(f"/api/games/{game_id}/view", params={"seat": seat}), 400, "bad_seat")


def test_every_tile_lists_the_legal_moves_that_use_it(client: TestClient) -> None:
    game_id = create(client, game="triominoes", seed=5)["id"]
    view = wait_for(client, game_id, 0, my_turn_or_over(0))
    listed = sorted(text for tile in view["your_tiles"] for text in tile["moves"])
    assert listed == sorted(m["text"] for m in view["legal_moves"] if m["kind"] == "place")
    for move in view["legal_moves"]:
        if move["kind"] == "place":
            bonus = move["bonus"]["points"] if move["bonus"] else 0
            assert move["points"] == move["tile_points"] + bonus
            assert len(move["axial"]) == len(move["xy"]) == len(move["corners"]) == 3


# ------------------------------------------------------------------------------------ moves


def test_a_move_is_played_stored_and_answered_with_the_new_view(client: TestClient, db_url: str) -> None:
    game_id = create(client, game="dominoes", seed=4)["id"]
    view = wait_for(client, game_id, 0, my_turn_or_over(0))
    move = view["legal_moves"][0]
    body = play(client, game_id, 0, move["text"], view["move_number"])
    assert body["move"]["number"] == view["move_number"] + 1
    assert body["move"]["move"] == move["text"] and body["move"]["seat"] == 0
    assert body["view"]["move_number"] == view["move_number"] + 1
    assert body["view"]["last_move"] == body["move"]
    stored = client.app.state.store.get(game_id)  # type: ignore[attr-defined]
    assert stored.moves[view["move_number"]] == move["text"]


def refused(client: TestClient, game_id: str, body: dict[str, Any], status: int, code: str) -> None:
    before = view_of(client, game_id, 0)
    error_of(client.post(f"/api/games/{game_id}/moves", json=body), status, code)
    assert view_of(client, game_id, 0) == before


def test_illegal_invalid_stale_and_out_of_turn_moves_change_nothing(client: TestClient) -> None:
    game_id = create(client, game="dominoes", seed=4, seats=[{"kind": "human"}, {"kind": "human"}])["id"]
    view = view_of(client, game_id, "turn")
    seat, number = view["seat"], view["move_number"]
    not_held = next(str(t) for t in dominoes.tiles_of_set(6) if str(t) not in {x["tile"] for x in view["your_tiles"]})
    refused(client, game_id, {"seat": seat, "move": not_held, "move_number": number}, 400, "illegal_move")
    refused(client, game_id, {"seat": seat, "move": "pass", "move_number": number}, 400, "illegal_move")
    refused(client, game_id, {"seat": seat, "move": "banana", "move_number": number}, 400, "invalid_move")
    legal = view["legal_moves"][0]["text"]
    refused(client, game_id, {"seat": seat, "move": legal, "move_number": number + 1}, 409, "stale_move")
    refused(client, game_id, {"seat": 1 - seat, "move": legal, "move_number": number}, 409, "not_your_turn")
    refused(client, game_id, {"seat": 2, "move": legal, "move_number": number}, 400, "bad_seat")
    refused(client, game_id, {"seat": seat, "move": legal}, 422, "invalid_request")
    refused(client, game_id, {"seat": str(seat), "move": legal, "move_number": number}, 422, "invalid_request")


def test_a_duplicate_submission_is_refused_as_stale(client: TestClient) -> None:
    game_id = create(client, game="dominoes", seed=4, seats=[{"kind": "human"}, {"kind": "human"}])["id"]
    view = view_of(client, game_id, "turn")
    body = {"seat": view["seat"], "move": view["legal_moves"][0]["text"], "move_number": view["move_number"]}
    assert client.post(f"/api/games/{game_id}/moves", json=body).status_code == 200
    error_of(client.post(f"/api/games/{game_id}/moves", json=body), 409, "stale_move")
    assert view_of(client, game_id)["move_number"] == view["move_number"] + 1


def test_a_move_to_an_ai_seat_is_refused(db_url: str) -> None:
    with open_client(db_url, ai_delay=60) as slow:
        summary = create(slow, game="dominoes", seed=4)
        game_id = summary["id"]
        view = view_of(slow, game_id, 0)
        if view["turn"] == 0:
            view = play(slow, game_id, 0, view["legal_moves"][0]["text"], view["move_number"])["view"]
        assert view["turn"] == 1 and view["players"][1]["status"] == "thinking\u2026"
        body = {"seat": 1, "move": "draw", "move_number": view["move_number"]}
        error_of(slow.post(f"/api/games/{game_id}/moves", json=body), 400, "bad_seat")
        body = {"seat": 0, "move": "draw", "move_number": view["move_number"]}
        error_of(slow.post(f"/api/games/{game_id}/moves", json=body), 409, "not_your_turn")


def test_a_short_move_that_fits_both_ends_is_refused_as_ambiguous(client: TestClient) -> None:
    for seed in range(40):
        game_id = create(client, game="dominoes", preset="block", seed=seed)["id"]
        for _ in range(20):
            view = wait_for(client, game_id, 0, my_turn_or_over(0))
            if view["status"] == "over" or view["hand_number"] > 1:
                break
            both = [tile for tile in view["your_tiles"] if len(tile["moves"]) == 2]
            if both:
                body = {"seat": 0, "move": both[0]["tile"], "move_number": view["move_number"]}
                message = error_of(client.post(f"/api/games/{game_id}/moves", json=body), 400, "ambiguous_move")
                assert "left" in message and "right" in message
                one = next((tile for tile in view["your_tiles"] if len(tile["moves"]) == 1), None)
                if one is not None:  # the short form of a tile that fits one end is read as that move
                    played = play(client, game_id, 0, one["tile"], view["move_number"])
                    assert played["move"]["move"] == one["moves"][0]
                return
            play(client, game_id, 0, view["legal_moves"][0]["text"], view["move_number"])
    pytest.fail("no position with a tile fitting both ends in 40 games")


def test_moves_after_the_end_are_refused_and_the_record_is_offered(client: TestClient) -> None:
    game_id = create(client, game="dominoes", seed=8, options={"target": 1})["id"]
    error_of(client.get(f"/api/games/{game_id}/record"), 409, "record_unavailable")
    final = play_out(client, game_id, 0)
    assert final["status"] == "over" and final["turn"] is None and final["legal_moves"] == []
    assert final["game_over"]["winner_sides"] and final["game_over"]["text"]
    body = {"seat": 0, "move": "draw", "move_number": final["move_number"]}
    error_of(client.post(f"/api/games/{game_id}/moves", json=body), 409, "game_over")
    record = client.get(f"/api/games/{game_id}/record").json()
    assert record["players"] == ["You", "Computer"] and record["seed"] == 8
    assert len(record["moves"]) == final["move_number"]
    assert replay_record(record).scores == tuple(final["game_over"]["scores"])


# ------------------------------------------------------------------------------------ undo


def test_undo_never_goes_back_past_the_ai_replies(client: TestClient) -> None:
    """The replies showed the AI's tiles; replayed from the same seed they would be back in its hand, known."""
    game_id = create(client, game="dominoes", seed=11, seats=[{"kind": "human"}, {"kind": "ai"}, {"kind": "ai"}])["id"]
    before = wait_for(client, game_id, 0, my_turn_or_over(0))
    play(client, game_id, 0, before["legal_moves"][-1]["text"], before["move_number"])
    after = wait_for(client, game_id, 0, my_turn_or_over(0))
    assert after["move_number"] >= before["move_number"] + 3  # both AI seats replied
    assert after["can_undo"] is False
    answer = client.post(f"/api/games/{game_id}/undo", json={"seat": 0, "move_number": after["move_number"]})
    message = error_of(answer, 409, "cannot_undo")
    assert "another player has moved" in message.lower()
    assert view_of(client, game_id, 0) == after
    stored = client.app.state.store.get(game_id)  # type: ignore[attr-defined]
    assert len(stored.moves) == after["move_number"]


def test_undo_is_refused_where_it_would_be_unfair_or_empty(client: TestClient) -> None:
    hot = create(client, game="dominoes", seed=4, seats=[{"kind": "human"}, {"kind": "human"}])["id"]
    error_of(client.post(f"/api/games/{hot}/undo", json={"seat": 0}), 409, "cannot_undo")
    game_id = create(client, game="dominoes", seed=4)["id"]
    error_of(client.post(f"/api/games/{game_id}/undo", json={"seat": 1}), 400, "bad_seat")
    view = wait_for(client, game_id, 0, my_turn_or_over(0))
    if view["move_number"] == 0:
        error_of(client.post(f"/api/games/{game_id}/undo", json={"seat": 0}), 409, "cannot_undo")
    play(client, game_id, 0, view["legal_moves"][0]["text"], view["move_number"])
    error_of(client.post(f"/api/games/{game_id}/undo", json={"seat": 0, "move_number": 0}), 409, "stale_move")


def test_undo_cannot_reach_back_into_a_finished_hand(client: TestClient) -> None:
    game_id = create(client, game="dominoes", seed=12, preset="block")["id"]
    view = play_out(client, game_id, 0, stop=lambda v: v["status"] == "over" or v["hand_number"] > 1)
    # Seed 12 is chosen so that a second hand starts and its first move is the AI's; a skip would hide the test.
    assert view["status"] != "over", "seed 12 no longer gives a second hand: choose another seed"
    assert not [entry for entry in view["log"] if entry["seat"] == 0], "seat 0 moved first: choose another seed"
    message = error_of(client.post(f"/api/games/{game_id}/undo", json={"seat": 0}), 409, "cannot_undo")
    assert "hand is over" in message


def test_undo_while_the_ai_is_thinking(db_url: str) -> None:
    with open_client(db_url, ai_delay=60) as slow:
        game_id = create(slow, game="dominoes", seed=13)["id"]
        view = view_of(slow, game_id, 0)
        assert view["turn"] == 0, "the AI leads seed 13's deal: choose a seed where seat 0 leads"
        play(slow, game_id, 0, view["legal_moves"][0]["text"], view["move_number"])
        answer = slow.post(f"/api/games/{game_id}/undo", json={"seat": 0})
        assert answer.status_code == 200 and answer.json()["undone"] == 1
        assert answer.json()["view"] == view


# ------------------------------------------------------------------------------------ hint


def test_a_hint_is_one_of_the_seats_legal_moves_with_a_reason(client: TestClient) -> None:
    game_id = create(client, game="dominoes", seed=14)["id"]
    view = wait_for(client, game_id, 0, my_turn_or_over(0))
    hint = client.get(f"/api/games/{game_id}/hint", params={"seat": 0}).json()
    assert hint["level"] == "expert" and hint["move"] in view["legal_moves"] and hint["reason"]
    easy = client.get(f"/api/games/{game_id}/hint", params={"seat": 0, "level": "easy"}).json()
    assert easy["level"] == "easy" and easy["move"] in view["legal_moves"]
    assert view_of(client, game_id, 0) == view  # a hint plays nothing
    error_of(client.get(f"/api/games/{game_id}/hint", params={"seat": 1}), 400, "bad_seat")
    error_of(client.get(f"/api/games/{game_id}/hint", params={"seat": 0, "level": "godlike"}), 400, "bad_rules")
    error_of(client.get(f"/api/games/{game_id}/hint"), 422, "invalid_request")


def test_a_tri_ominos_hint_names_its_points(client: TestClient) -> None:
    game_id = create(client, game="triominoes", seed=15)["id"]
    view = wait_for(client, game_id, 0, my_turn_or_over(0))
    hint = client.get(f"/api/games/{game_id}/hint", params={"seat": 0}).json()
    assert hint["move"] in view["legal_moves"]
    if hint["move"]["kind"] == "place":
        assert str(hint["move"]["points"]) in hint["reason"]


def test_a_hint_out_of_turn_is_refused(db_url: str) -> None:
    with open_client(db_url, ai_delay=60) as slow:
        game_id = create(slow, game="dominoes", seed=4)["id"]
        view = view_of(slow, game_id, 0)
        if view["turn"] == 0:
            play(slow, game_id, 0, view["legal_moves"][0]["text"], view["move_number"])
        error_of(slow.get(f"/api/games/{game_id}/hint", params={"seat": 0}), 409, "not_your_turn")


@pytest.mark.parametrize(("game", "first", "last"), [("dominoes", "## D1", "## D9"), ("triominoes", "## T1", "## T8")])
def test_the_how_to_pages_rule_books_are_served_from_docs_rules(
    client: TestClient, game: str, first: str, last: str
) -> None:
    answer = client.get(f"/rules/{game}.md")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/plain")
    assert first in answer.text and last in answer.text and "## The options and each preset's values" in answer.text
    missing = client.get("/rules/chess.md")
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "unknown_rules"
    assert client.get("/rules/..%2Fdominoes.md").status_code == 404
