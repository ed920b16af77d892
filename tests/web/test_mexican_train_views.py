"""The Mexican Train presenter: literal positions (``Round.from_deal``, ``Game.from_round``) as the web table's
views (docs/web-protocol.md, "Mexican Train parts"), and whole games through the HTTP API with every view
checked against the engine's hidden state."""

from __future__ import annotations

import json
import random
from typing import Any

from fastapi.testclient import TestClient
from web_helpers import View, check_hidden, create, play_out, tiles_named, view_of

from bonepile.games import replay_record
from bonepile.mexican_train import Game, Round, Rules
from bonepile.web.views import SeatInfo, Table, view

NAMES = ("You", "Ann", "Bob", "Cy")
PUBLIC = ("summaries", "preset_description")


def table_of(game: Game, names: tuple[str, ...] = NAMES, over: bool = False) -> Table:
    seats = tuple(SeatInfo("human" if seat == 0 else "ai", name, None) for seat, name in enumerate(names))
    winners = tuple(sorted(game.winners)) if over else ()
    return Table("t1", "mexican-train", "mexican-train", seats, len(game.moves), over, winners, None)


def seen(game: Game, seat: int | None = 0, names: tuple[str, ...] = NAMES) -> View:
    observation = game.observation(seat if seat is not None else 0)
    return view(table_of(game, names, game.is_over), observation, seat)


def from_deal(hands: list[list[str]], boneyard: list[str], first: int = 0, **options: Any) -> Game:
    rules = Rules.preset("mexican-train", players=len(hands), **options)
    return Game.from_round(Round.from_deal(rules, hands=hands, boneyard=boneyard, first=first))


def train(v: View, name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(t for t in v["board"]["trains"] if t["name"] == name)
    return found


# ----------------------------------------------------------------- the board and the moves


def test_the_view_says_what_the_page_draws_and_the_round_out_of_the_rounds() -> None:
    game = from_deal([["12-5", "5-3"], ["11-1"], ["10-2"], ["9-4"]], ["6-6"], rounds=4)
    v = seen(game)
    assert (v["layout"], v["tile"], v["low_wins"], v["goal"]) == ("trains", "domino", True, "rounds")
    assert v["target"] == 4 and v["hand_number"] == 1 and v["hand_word"] == "round"
    board = v["board"]
    assert (board["engine"], board["engine_number"], board["round"], board["rounds"]) == ("12-12", 12, 1, 4)
    assert board["heading"] == "Round 1 of 4 \u00b7 engine 12-12"
    assert [t["name"] for t in board["trains"]] == ["@1", "@2", "@3", "@4", "mexican"]
    labels = ["Your train", "Ann's train", "Bob's train", "Cy's train", "Mexican Train"]
    assert [t["label"] for t in board["trains"]] == labels
    assert train(v, "@1")["yours"] and train(v, "mexican")["mexican"] and train(v, "mexican")["open"]
    assert not train(v, "@2")["open"] and train(v, "@2")["open_end"] == 12
    assert v["stock"] == {"name": "boneyard", "count": 1, "note": None}


def test_each_tile_lists_a_move_per_train_and_each_move_names_its_train() -> None:
    game = from_deal([["12-5", "5-3"], ["11-1"], ["10-2"], ["9-4"]], ["6-6"])
    v = seen(game)
    tiles = {t["tile"]: t for t in v["your_tiles"]}
    assert tiles["12-5"]["moves"] == ["12-5 mine", "12-5 mexican"] and tiles["5-3"]["moves"] == []
    moves = {m["text"]: m for m in v["legal_moves"]}
    assert moves["12-5 mine"] == {
        "text": "12-5 mine",
        "kind": "play",
        "tile": "12-5",
        "train": "@1",
        "owner": 0,
        "label": "12-5 on your train",
        "button": None,
    }
    assert moves["12-5 mexican"]["train"] == "mexican" and moves["12-5 mexican"]["owner"] is None
    # Another seat's view has its own tiles and no moves: it is not their turn.
    theirs = seen(game, 1)
    assert [t["tile"] for t in theirs["your_tiles"]] == ["11-1"] and theirs["legal_moves"] == []
    assert train(theirs, "@2")["yours"] and train(theirs, "@2")["label"] == "Your train"
    assert not train(theirs, "@1")["yours"]


def test_a_train_lies_outward_from_the_hub_near_half_first() -> None:
    game = from_deal([["12-5", "5-3"], ["11-1"], ["10-2"], ["9-4"]], ["6-6", "8-8", "7-7"])
    game.play("12-5 mine")
    for _ in range(3):  # Ann, Bob and Cy draw a tile that does not fit and pass
        game.play("draw")
        game.play("pass")
    v = seen(game)
    mine = train(v, "@1")
    assert mine["tiles"] == [{"tile": "12-5", "near": 12, "far": 5, "double": False}] and mine["open_end"] == 5
    assert [train(v, seat)["marked"] for seat in ("@2", "@3", "@4")] == [True, True, True]
    assert v["log"][0]["text"] == "You played 12-5 on your train" and v["log"][0]["train"] == "@1"
    assert v["log"][2]["text"] == "Ann passed and put out a marker" and v["log"][2]["marker_out"]
    assert [p["status"] for p in v["players"]][1:] == ["drew, passed (marker out)"] * 3
    # Their trains are open now: 5-3 goes on yours only (theirs need a 12).
    assert [m["text"] for m in v["legal_moves"]] == ["5-3 mine"]


def test_a_first_turn_run_says_it_goes_on_and_its_pass_ends_it_with_its_own_words() -> None:
    game = from_deal([["12-5", "5-3", "3-1", "12-8"], ["11-1"], ["10-2"], ["9-4"]], ["6-6"], first_turn="run")
    game.play("12-5 mine")
    v = seen(game)
    assert v["turn"] == 0 and v["board"]["in_run"]
    assert v["board"]["note"] == (
        "You are laying a first-turn run on your own train: play another tile on it, or end the run"
    )
    moves = {m["text"]: m for m in v["legal_moves"]}
    assert set(moves) == {"5-3 mine", "pass"}  # the 12-8 could go on the Mexican Train, but not in a run
    assert moves["pass"]["button"] == "End the run" and moves["pass"]["label"] == "end the run here, with no marker"
    assert moves["5-3 mine"]["button"] is None
    others = ("Dee", "Ann", "Bob", "Cy")
    assert seen(game, 1, others)["board"]["note"] == "Dee is laying a first-turn run on Dee's own train"
    assert seen(game, 1, others)["legal_moves"] == []
    game.play("5-3 mine")
    game.play("pass")
    v = seen(game)
    last = v["log"][-1]
    assert last["kind"] == "pass" and last["ended_run"] and not last["marker_out"]
    assert last["text"] == "You ended your first-turn run"
    assert v["players"][0]["status"] == "played 12-5, 5-3, ended the run"
    assert not v["board"]["in_run"] and not train(v, "@1")["marked"]
    assert seen(game, 1, others)["log"][-1]["text"] == "Dee ended the first-turn run"


def test_a_waiting_double_is_lit_with_who_must_cover_it() -> None:
    # You lay 12-6; the others draw and pass; you lay 6-6 (a double: you play again), then cannot follow:
    # you draw 1-0, which does not fit, and pass (your marker goes out). The 6-6 waits: Ann must cover it (M6).
    game = from_deal([["12-6", "6-6", "3-2"], ["6-1", "11-11"], ["10-2"], ["9-4"]], ["8-8", "7-7", "5-5", "1-0"])
    game.play("12-6 mine")
    for _ in range(3):
        game.play("draw")
        game.play("pass")
    game.play("6-6 mine")
    laid = seen(game)
    assert laid["board"]["plays_again"] and laid["board"]["laid"] == [{"tile": "6-6", "train": "@1", "owner": 0}]
    assert laid["board"]["note"] == "You laid the 6-6 on your train and play again"
    assert train(laid, "@1")["laid"]
    game.play("draw")
    game.play("pass")
    v = seen(game)
    assert v["board"]["waiting"] == [
        {"tile": "6-6", "train": "@1", "owner": 0, "must_cover": 1, "text": "Ann must cover the 6-6 on your train"}
    ]
    assert v["board"]["note"] == "Ann must cover the 6-6 on your train"
    assert train(v, "@1")["waiting"] == 1 and train(v, "@1")["marked"]
    # Ann's own view: her only legal move covers it, on your train.
    ann = seen(game, 1)
    assert [(m["text"], m["train"]) for m in ann["legal_moves"]] == [("6-1 @1", "@1")]
    assert ann["board"]["waiting"][0]["must_cover"] == 1 and ann["board"]["note"].startswith("Ann must cover the 6-6")
    game.play("6-1 @1")
    after = seen(game)
    assert after["board"]["waiting"] == [] and train(after, "@1")["waiting"] is None
    assert after["log"][-1]["covered"] and after["log"][-1]["text"].endswith(", covering the double")


def test_the_round_summary_has_every_hand_face_up_and_the_pips() -> None:
    game = from_deal([["12-5"], ["11-1", "2-2"], ["10-2"], ["9-4"]], [], rounds=2)
    game.play("12-5 mine")  # you go out at once: the round is over (M7)
    v = seen(game)
    (summary,) = v["summaries"]
    assert summary["text"] == "You went out"
    assert summary["hands"] == [[], ["2-2", "11-1"], ["10-2"], ["9-4"]]
    assert summary["pips"] == summary["points"] == [0, 16, 12, 13]
    assert summary["scores"] == [0, 16, 12, 13] and summary["engine"] == "12-12"
    assert (summary["sheet"], summary["points_of"], summary["termination"]) == ("pips", "side", "went out")
    assert "lowest total wins" in summary["scoring"]


def test_the_game_over_text_puts_the_lowest_total_first() -> None:
    game = from_deal([["12-5"], ["11-1", "2-2"], ["10-2"], ["9-4"]], [], rounds=1)
    game.play("12-5 mine")
    assert game.is_over
    over = seen(game)["game_over"]
    assert over["text"] == "You win with the lowest total, 0 to 12 to 13 to 16"
    assert over["winner_seats"] == [0]


def test_no_view_names_another_seats_tiles_or_the_boneyard() -> None:
    """Hidden information (M9): every seat's view and the public view, after every move of random games, name
    no tile of another hand or of the boneyard outside the finished rounds' face-up hands."""
    rng = random.Random(5)
    for players in (2, 4, 8):
        game = Game.new("mexican-train", players, seed=players, rounds=2)
        names = tuple(f"P{seat}" for seat in range(players))
        for _ in range(400):
            if game.is_over:
                break
            round_ = game.round
            for seat in [*range(players), None]:
                v = seen(game, seat, names)
                # The summaries show finished rounds face up; the preset's description says "2-8 players".
                shown = json.dumps({key: value for key, value in v.items() if key not in PUBLIC})
                own = set() if seat is None else {str(t) for t in round_.tiles_of(seat)}
                hidden = {str(t) for p in range(players) if p != seat for t in round_.tiles_of(p)}
                hidden |= {str(t) for t in round_.boneyard()}
                leaked = tiles_named("mexican-train", [shown]) & hidden
                assert not leaked, f"seat {seat} sees {leaked}"
                assert {t["tile"] for t in v["your_tiles"]} == own
            game.play(rng.choice(game.legal_moves()))


# ----------------------------------------------------------------- whole games through the API


def test_a_whole_game_through_the_api_to_its_score_sheet(client: TestClient) -> None:
    seats = [{"kind": "human", "name": "Ann"}, *[{"kind": "ai"} for _ in range(3)]]
    summary = create(client, game="mexican-train", seed=41, seats=seats, options={"rounds": 2})
    assert [seat["level"] for seat in summary["seats"]] == [None, "medium", "medium", "medium"]  # the default level
    game_id = summary["id"]
    seen_views: list[View] = []
    with client.websocket_connect(f"/ws/games/{game_id}") as public:
        final = play_out(client, game_id, 0, seen=seen_views)
        public_views = []
        while True:
            message = public.receive_json()
            public_views.append(message["view"])
            if message["view"]["move_number"] == final["move_number"]:
                break
    assert final["status"] == "over" and len(final["summaries"]) == 2
    record = client.get(f"/api/games/{game_id}/record").json()
    game = replay_record(record)
    assert list(game.scores) == final["game_over"]["scores"] == final["summaries"][-1]["scores"]
    assert [s["engine"] for s in final["summaries"]] == ["12-12", "11-11"]
    assert "with the lowest total" in final["game_over"]["text"]
    assert check_hidden(record, 0, seen_views) > 20
    assert check_hidden(record, None, public_views) == len(public_views)


def test_the_catalog_and_a_room_offer_mexican_train_to_eight(client: TestClient) -> None:
    catalog = client.get("/api/games/catalog").json()
    entry = next(game for game in catalog["games"] if game["name"] == "mexican-train")
    assert entry["default_level"] == "medium"
    assert [level["level"] for level in entry["ai_levels"]] == ["easy", "medium", "hard", "expert"]
    assert [p["players"] for p in entry["presets"]] == [
        {"min": 2, "max": 8, "default": 4},
        {"min": 2, "max": 6, "default": 4},
    ]
    answer = client.post(
        "/api/rooms", json={"game": "mexican-train", "seats": [{"kind": "human"} for _ in range(8)], "host_seat": 0}
    )
    assert answer.status_code == 201, answer.text
    assert len(answer.json()["room"]["seats"]) == 8
    hot_seat = create(client, game="mexican-train", seats=[{"kind": "human"} for _ in range(8)])
    assert hot_seat["hot_seat"] and len(hot_seat["seats"]) == 8
    v = view_of(client, hot_seat["id"], "turn")
    assert v["seat"] == 0 and len(v["board"]["trains"]) == 9
