"""Abandoning a game (DELETE /api/games/{id}), the hint's reasons as the API sends them, and the log's words."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from web_helpers import create, my_turn_or_over, open_client, play, view_of, wait_for

from bonepile.store.db import GameStore


def error_code(answer: Any, status: int) -> str:
    assert answer.status_code == status, answer.text
    code: str = answer.json()["error"]["code"]
    return code


def listed(client: TestClient, status: str = "playing") -> list[str]:
    return [game["id"] for game in client.get("/api/games", params={"status": status}).json()["games"]]


def test_an_abandoned_game_is_gone_for_good(client: TestClient, db_url: str) -> None:
    kept = create(client, game="dominoes", seed=1)["id"]
    gone = create(client, game="triominoes", seed=2)["id"]
    assert set(listed(client)) == {kept, gone}
    with client.websocket_connect(f"/ws/games/{gone}?seat=0") as socket:
        assert socket.receive_json()["type"] == "view"
        assert error_code(client.delete(f"/api/games/{gone}"), 400) == "bad_seat"  # which seat asks?
        assert error_code(client.delete(f"/api/games/{gone}", params={"seat": 1}), 400) == "bad_seat"  # the AI's
        answer = client.delete(f"/api/games/{gone}", params={"seat": 0})
        assert answer.status_code == 200 and answer.json() == {"abandoned": gone}
        told = socket.receive_json()
        assert told["type"] == "error" and told["error"]["code"] == "abandoned"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4410
    assert listed(client) == [kept] and gone not in listed(client, "all")
    for answer in (
        client.get(f"/api/games/{gone}"),
        client.get(f"/api/games/{gone}/view", params={"seat": 0}),
        client.post(f"/api/games/{gone}/moves", json={"seat": 0, "move": "draw", "move_number": 0}),
        client.delete(f"/api/games/{gone}", params={"seat": 0}),
    ):
        assert error_code(answer, 404) == "unknown_game"
    store = GameStore(db_url)
    assert store.get(gone) is None and store.get(kept) is not None
    store.close()


def test_abandoning_survives_a_restart_and_needs_no_seat_when_the_computer_plays_itself(db_url: str) -> None:
    with open_client(db_url, ai_delay=5.0) as client:
        watched = create(client, game="dominoes", seats=[{"kind": "ai"}, {"kind": "ai"}])["id"]
        error_code(client.delete(f"/api/games/{watched}", params={"seat": 0}), 400)
        assert client.delete(f"/api/games/{watched}").status_code == 200
        mine = create(client, game="dominoes", seed=3)["id"]
        assert client.delete(f"/api/games/{mine}", params={"seat": 0}).status_code == 200
    with open_client(db_url) as client:
        assert listed(client, "all") == []


def test_a_finished_game_is_kept(client: TestClient) -> None:
    game_id = create(client, game="dominoes", seed=8, options={"target": 1})["id"]
    view = wait_for(client, game_id, 0, my_turn_or_over(0))
    while view["status"] != "over":
        play(client, game_id, 0, view["legal_moves"][0]["text"], view["move_number"])
        view = wait_for(client, game_id, 0, my_turn_or_over(0))
    assert error_code(client.delete(f"/api/games/{game_id}", params={"seat": 0}), 409) == "game_over"
    assert game_id in listed(client, "over")


def test_a_hint_sends_its_reasons_as_facts_of_the_position(client: TestClient) -> None:
    seen = 0
    for seed in range(1, 6):
        game_id = create(client, game="dominoes", preset="block", players=3, seed=seed)["id"]
        for _ in range(30):
            view = wait_for(client, game_id, 0, my_turn_or_over(0))
            if view["status"] == "over":
                break
            hint = client.get(f"/api/games/{game_id}/hint", params={"seat": 0, "level": "hard"}).json()
            reasons = hint["reasons"]
            assert reasons and hint["reason"] == "; ".join(reason["text"] for reason in reasons)
            assert hint["move"] in view["legal_moves"]
            for reason in reasons:
                assert set(reason) == {"kind", "text", "seats", "facts"}
                for seat in reason["seats"]:
                    assert view["players"][seat]["name"] in reason["text"]
                if reason["kind"] == "sheds":
                    pips = sum(int(n) for n in hint["move"]["tile"].split("-"))
                    assert (
                        reason["facts"] == {"pips": pips}
                        and f"sheds {pips} pip{'' if pips == 1 else 's'}" in reason["text"]
                    )
                    seen += 1
                if reason["kind"] == "passed_on":
                    (seat,) = reason["seats"]
                    name = view["players"][seat]["name"]
                    passes = [entry for entry in view["log"] if entry["seat"] == seat and entry["kind"] == "pass"]
                    for key, value in reason["facts"].items():
                        if key.startswith("passes_on_") and value:
                            assert value <= len(passes)  # the log shows at least as many passes of that player
                            assert reason["text"].startswith(f"{name} passed on ")
                            passes_clause = reason["text"].split(" passed on ", 1)[1].split(", and drew")[0]
                            assert key.removeprefix("passes_on_") in passes_clause
            play(client, game_id, 0, hint["move"]["text"], view["move_number"])
    assert seen > 5


def test_the_default_hint_says_what_the_search_weighed(client: TestClient) -> None:
    game_id = create(client, game="triominoes", seed=4)["id"]
    view = wait_for(client, game_id, 0, lambda v: v["turn"] == 0 and len(v["legal_moves"]) > 1)
    hint = client.get(f"/api/games/{game_id}/hint", params={"seat": 0}).json()
    kinds = [reason["kind"] for reason in hint["reasons"]]
    assert hint["level"] == "expert" and kinds[0] == "search"
    if hint["move"]["kind"] == "place":
        points = next(reason for reason in hint["reasons"] if reason["kind"] in ("points", "bonus"))
        assert points["facts"]["points"] == hint["move"]["points"]
        if hint["move"]["bonus"]:
            assert points["facts"]["bonus_points"] == hint["move"]["bonus"]["points"]
    assert view_of(client, game_id, 0)["move_number"] == view["move_number"]


def test_tri_ominos_log_lines_name_tiles_and_never_grid_places(client: TestClient) -> None:
    game_id = create(client, game="triominoes", seed=5, seats=[{"kind": "human"}, {"kind": "human"}])["id"]
    for _ in range(12):
        view = view_of(client, game_id, "turn")
        played = play(client, game_id, view["seat"], view["legal_moves"][0]["text"], view["move_number"])
        assert not re.search(r"\bc-?\d+ r-?\d+", played["move"]["text"]), played["move"]
    view = view_of(client, game_id, "turn")
    places = [entry for entry in view["log"] if entry["kind"] == "place"]
    assert len(places) >= 3
    assert re.fullmatch(r".+ opened with \d-\d-\d for .+", places[0]["text"])
    on_board = {tile["tile"] for tile in view["board"]["tiles"]}
    for move in view["legal_moves"]:  # the hint shows a move's label: words too
        assert not re.search(r"\bc-?\d+ r-?\d+", move["label"]), move["label"]
        if move["kind"] == "place":
            assert re.fullmatch(r"\d-\d-\d (?:beside|between) .+ for \d+.*", move["label"]), move["label"]
    for entry in view["log"]:
        assert not re.search(r"\bc-?\d+ r-?\d+", entry["text"]), entry["text"]
    for entry in places[1:]:
        found = re.fullmatch(r".+ placed (\d-\d-\d) (?:beside|between) (.+) for (.+)", entry["text"])
        assert found, entry["text"]
        assert found.group(1) == entry["tile"]
        for neighbour in re.findall(r"\d-\d-\d", found.group(2)):
            assert neighbour in on_board and neighbour != entry["tile"]
        assert found.group(3).split(" = ")[-1] == str(entry["points"])


def test_the_boneyard_says_when_its_tiles_cannot_be_drawn(client: TestClient) -> None:
    block = view_of(client, create(client, game="dominoes", preset="block", seed=1)["id"], 0)
    assert block["stock"]["count"] == 14 and block["stock"]["note"] == (
        "the 14 tiles left in the boneyard are never drawn in this game"
    )
    draw = view_of(client, create(client, game="dominoes", preset="draw", seed=1)["id"], 0)
    assert draw["stock"]["count"] == 14 and draw["stock"]["note"] is None
    pool = view_of(client, create(client, game="triominoes", seed=1)["id"], 0)
    assert pool["stock"]["note"] is None
