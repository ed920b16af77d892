"""All-fives through the API: the spinner's arms, the count, each legal move's points, scores made during play,
the game ending mid-hand at the target, and no hidden tile in any view."""

from __future__ import annotations

from fastapi.testclient import TestClient
from web_helpers import View, check_hidden, create, play_out, replay_to

from bonepile import dominoes
from bonepile.games import replay_record


def _engine_checks(record: dict[str, object], views: list[View]) -> int:
    """Each view's board, count and legal moves' points against the engine at the view's move; how many played."""
    checked = 0
    for view in views:
        game = replay_to(record, view["move_number"])  # type: ignore[arg-type]
        if view["hand_number"] != game.deal_number or view["status"] == "over":
            continue
        obs = game.observation(0)
        board = view["board"]
        assert board["count"] == obs.count
        assert board["spinner"] == (None if obs.spinner is None else str(obs.spinner))
        assert board["arms"] == {"north": [list(t) for t in obs.north], "south": [list(t) for t in obs.south]}
        assert board["open_ends"] == [{"end": end.value, "number": n} for end, n in obs.open_ends]
        if board["spinner_index"] is not None:
            spinner = board["line"][board["spinner_index"]]
            assert spinner["tile"] == board["spinner"] and spinner["double"]
        for move in view["legal_moves"]:
            if move["kind"] != "play":
                continue
            engine_move = dominoes.Move.parse(move["text"])
            preview = obs.preview(engine_move)
            assert (move["points"], move["count"]) == (preview.points, preview.count)
            if preview.points:
                assert move["label"].endswith(f"(+{preview.points})")
            checked += 1
    return checked


def test_a_whole_all_fives_game_against_the_ai_shows_the_arms_the_count_and_the_points(client: TestClient) -> None:
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "ai", "level": "medium"}]
    game_id = create(client, game="dominoes", preset="all-fives", seed=41, seats=seats, options={"target": 60})["id"]
    seen: list[View] = []
    with client.websocket_connect(f"/ws/games/{game_id}") as public:
        final = play_out(client, game_id, 0, seen=seen)
        public_views = []
        while True:
            view = public.receive_json()["view"]
            public_views.append(view)
            if view["move_number"] == final["move_number"]:
                break
    record = client.get(f"/api/games/{game_id}/record").json()
    game = replay_record(record)
    assert final["status"] == "over" and final["game_over"]["scores"] == list(game.scores)
    assert max(game.scores) >= 60
    assert check_hidden(record, 0, seen) == len(seen)
    assert check_hidden(record, None, public_views) == len(public_views)
    assert _engine_checks(record, seen) > 10
    # The spinner's north and south arms were used, and plays scored during play, each said in the log.
    assert any(v["board"]["arms"]["north"] or v["board"]["arms"]["south"] for v in seen)
    scored = [entry for v in seen for entry in v["log"] if entry["points"]]
    assert scored
    for entry in scored:
        assert entry["points"] % 5 == 0 and entry["count"] == entry["points"]
        assert entry["text"].endswith(f": count {entry['count']}, +{entry['points']}")
    arms = [entry for v in seen for entry in v["log"] if entry["end"] in ("north", "south")]
    assert arms and all(f" {entry['end']}: count " in entry["text"] for entry in arms)


def test_the_game_ends_in_the_middle_of_a_hand_when_a_count_reaches_the_target(client: TestClient) -> None:
    # D8: with a target of 10, the first count of 10 or more ends the game at once, tiles still in hand.
    for seed in range(1, 30):
        seats = [{"kind": "human"}, {"kind": "ai", "level": "easy"}]
        game_id = create(client, game="dominoes", preset="all-fives", seed=seed, seats=seats, options={"target": 10})
        final = play_out(client, game_id["id"], 0)
        summary = final["summaries"][-1]
        if "count reached the target" in summary["text"]:
            break
    else:
        raise AssertionError("no seed ended a game by a count")
    assert final["status"] == "over" and max(final["game_over"]["scores"]) >= 10
    record = client.get(f"/api/games/{game_id['id']}/record").json()
    game = replay_record(record)
    outcome = game.hand_summaries[-1]
    assert outcome.termination is dominoes.Termination.TARGET_REACHED
    assert any(hand for hand in outcome.hands)  # tiles were still in hand when play stopped
    assert len(final["summaries"]) == len(game.hand_summaries)


def test_all_fives_with_other_sets_and_block_play(client: TestClient) -> None:
    nine = create(client, game="dominoes", preset="all-fives", seed=5, options={"set": "double-nine"})
    view = client.get(f"/api/games/{nine['id']}/view?seat=0").json()
    assert view["rules"]["set"] == "double-nine" and view["rules"]["spinner"]
    assert view["board"]["count"] == 0 and view["board"]["spinner"] is None
    block = create(client, game="dominoes", preset="all-fives", seed=5, options={"drawing": False, "hand_size": 5})
    view = client.get(f"/api/games/{block['id']}/view?seat=0").json()
    assert len(view["your_tiles"]) == 5 and view["stock"]["note"]  # the boneyard is never drawn from
    # The plain draw game keeps no count: nothing in its view speaks of one.
    plain = create(client, game="dominoes", preset="draw", seed=5)
    view = client.get(f"/api/games/{plain['id']}/view?seat=0").json()
    assert view["board"]["count"] is None and all(m["points"] is None for m in view["legal_moves"])
