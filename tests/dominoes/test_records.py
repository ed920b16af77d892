"""Game records: a finished or unfinished game replays exactly; a tampered record is a ``RecordError``.

A record is the seed and the moves (plus the rules and the claimed result). Where a move is
bad, the error names the number of the first bad move, found here by checking each move
against the legal moves of a fresh game.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest

from bonepile.dominoes import RECORD_FORMAT, Game, Move, RecordError, Rules, Termination, replay, tiles_of_set

GAMES = [("draw", 2, 1), ("draw", 4, 2), ("draw-reserve", 2, 3), ("block", 3, 4), ("partnership", 4, 5)]


def played(preset: str, players: int, seed: int, moves: int | None = None, **options: Any) -> Game:
    """A game of random moves, to the end or for ``moves`` moves."""
    game = Game.new(preset, players, seed=seed, **options)
    rng = random.Random(seed)
    while not game.is_over and (moves is None or len(game.moves) < moves):
        game.play(rng.choice(game.legal_moves()))
    return game


def first_bad_move(record: dict[str, Any]) -> int | None:
    """The 1-based number of the first move that is not legal when the record is played, if any."""
    game = Game(Rules.from_dict(record["options"]), record["seed"])
    for number, text in enumerate(record["moves"], start=1):
        try:
            move = Move.parse(text)
        except ValueError:
            return number
        if game.is_over or move not in game.legal_moves():
            return number
        game.play(move)
    return None


def assert_bad(record: dict[str, Any], message: str) -> RecordError:
    with pytest.raises(RecordError, match=message) as caught:
        replay(record)
    return caught.value


@pytest.fixture(params=GAMES, ids=[f"{p}-{n}" for p, n, _ in GAMES])
def finished(request: pytest.FixtureRequest) -> Game:
    preset, players, seed = request.param
    return played(preset, players, seed)


def test_record_round_trips_through_json(finished: Game) -> None:
    record = finished.to_record(players=[f"P{i}" for i in range(finished.num_players)])
    assert record["format"] == RECORD_FORMAT
    assert record["moves"] == [str(m) for m in finished.moves]
    loaded = json.loads(json.dumps(record))
    again = replay(loaded)
    assert again.moves == finished.moves
    assert again.scores == finished.scores
    assert again.hand_summaries == finished.hand_summaries
    assert again.outcome == finished.outcome
    assert again.outcome is not None and again.outcome.termination is Termination.TARGET_REACHED
    assert again.to_record(players=loaded["players"]) == record


def test_unfinished_game_record_replays_to_the_same_position() -> None:
    game = played("draw", 3, seed=8, moves=40)
    assert not game.is_over
    record = game.to_record()
    assert record["result"] is None
    again = replay(json.loads(json.dumps(record)))
    assert again.hand.position() == game.hand.position()
    assert (again.moves, again.scores, again.hand_number) == (game.moves, game.scores, game.hand_number)


def illegal_move_at(game: Game, number: int) -> str:
    """A well-formed move that is not legal as move ``number`` of ``game``: a tile its player does not hold."""
    fresh = Game(game.rules, game.seed)
    for move in game.moves[: number - 1]:
        fresh.play(move)
    player = fresh.to_move
    assert player is not None
    held = fresh.hand.tiles_of(player)
    tile = next(t for t in tiles_of_set(game.rules.max_pips) if t not in held)
    return f"{tile} {'left' if number % 2 else 'right'}"


@pytest.mark.parametrize("fraction", [0.0, 0.3, 0.7, 1.0])
def test_changed_move_names_its_number(finished: Game, fraction: float) -> None:
    record = finished.to_record()
    number = max(1, round(fraction * len(record["moves"])))
    record["moves"][number - 1] = illegal_move_at(finished, number)
    assert first_bad_move(record) == number
    assert_bad(record, f"move {number} \\(hand \\d+\\) '.*' does not replay")


def test_garbage_move_names_its_number(finished: Game) -> None:
    record = finished.to_record()
    number = len(record["moves"]) // 2
    record["moves"][number - 1] = "six-four"
    assert_bad(record, f"move {number} \\(hand \\d+\\) 'six-four' does not replay: not a move")


def test_removed_opening_move_names_its_number(finished: Game) -> None:
    # Without a hand's opening move, the next move (a play at an end, a draw or a pass) comes
    # where only an opening tile may be played: that move is the first bad one.
    starts = [1]
    fresh = Game(finished.rules, finished.seed)
    for number, move in enumerate(finished.moves, start=1):
        if fresh.play(move) is not None and not fresh.is_over:
            starts.append(number + 1)
    for number in (starts[0], starts[-1]):
        record = finished.to_record()
        del record["moves"][number - 1]
        assert first_bad_move(record) == number
        assert_bad(record, f"move {number} \\(hand \\d+\\)")


def test_removed_move_anywhere_is_a_record_error_at_or_after_it(finished: Game) -> None:
    for number in range(1, len(finished.moves) + 1, 17):
        record = finished.to_record()
        del record["moves"][number - 1]
        with pytest.raises(RecordError) as caught:
            replay(record)
        named = re.match(r"move (\d+) ", str(caught.value))
        if named is not None:
            assert int(named.group(1)) >= number
            assert int(named.group(1)) == first_bad_move(record)


def test_removed_last_move_leaves_the_game_unfinished(finished: Game) -> None:
    record = finished.to_record()
    record["moves"].pop()
    assert_bad(record, "claims a result .* but its moves do not finish the game")


def test_move_after_the_end_names_its_number(finished: Game) -> None:
    record = finished.to_record()
    record["moves"].append("pass")
    number = len(record["moves"])
    assert_bad(record, f"move {number} \\(hand \\d+\\) 'pass' comes after the end of the game")


def test_wrong_seed_names_the_first_bad_move(finished: Game) -> None:
    for delta in (1, 2, 3):
        record = finished.to_record()
        record["seed"] += delta
        number = first_bad_move(record)
        if number is None:
            assert_bad(record, "result|scores|hands")  # every move still legal: the totals differ
        else:
            assert_bad(record, f"move {number} \\(hand \\d+\\)")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("winner", 1, "the record's result .* does not match"),
        ("scores", [0, 0], "does not match"),
        ("termination", "blocked", "does not match"),
    ],
)
def test_wrong_result_is_a_record_error(field: str, value: Any, message: str) -> None:
    game = played("draw", 2, seed=1)
    assert game.outcome is not None
    record = game.to_record()
    if field == "winner":
        value = 1 - game.outcome.winner
    record["result"][field] = value
    assert_bad(record, message)


def test_wrong_totals_are_a_record_error() -> None:
    game = played("block", 2, seed=6)
    record = game.to_record()
    assert_bad({**record, "result": None}, "the moves finish the game but the record has no result")
    assert_bad({**record, "scores": [s + 1 for s in record["scores"]]}, "scores")
    assert_bad({**record, "hands": record["hands"] + 1}, "hands")
    unfinished = played("block", 2, seed=6, moves=10).to_record()
    assert_bad({**unfinished, "result": record["result"]}, "do not finish the game")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "bonepile-record/0"}, "unknown record format 'bonepile-record/0'"),
        ({"format": None}, "unknown record format None"),
        ({"game": "triominoes"}, "not a dominoes record"),
        ({"preset": "block"}, "preset 'block' does not match the options' 'draw'"),
        ({"options": {"players": 2, "spinners": True}}, "bad options in record: unknown option"),
        ({"options": {"players": 7}}, "bad options in record"),
    ],
)
def test_wrong_format_is_a_record_error(change: dict[str, Any], message: str) -> None:
    record = played("draw", 2, seed=3, moves=20).to_record()
    assert_bad({**record, **change}, message)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seed": "3"}, "seed must be a whole number"),
        ({"seed": 3.0}, "seed must be a whole number"),
        ({"seed": True}, "seed must be a whole number"),
        ({"seed": None}, "seed must be a whole number"),
        ({"moves": "6-6 draw"}, "no 'moves' list"),
        ({"moves": None}, "no 'moves' list"),
        ({"options": ["draw"]}, "no 'options' object"),
        ({"options": {"players": "2"}}, "bad options"),
        ({"options": {"target": 100.0}}, "bad options"),
        ({"options": {"set": ["double-six"]}}, "bad options"),
        ({"options": {"drawing": 1}}, "bad options"),
        ({"result": ["target reached"]}, "result"),
    ],
)
def test_non_json_types_are_a_record_error(change: dict[str, Any], message: str) -> None:
    record = played("draw", 2, seed=3).to_record()
    assert_bad({**record, **change}, message)


@pytest.mark.parametrize("bad", [7, None, ["6-6"], {"move": "6-6"}])
def test_move_that_is_not_text_names_its_number(bad: Any) -> None:
    record = played("draw", 2, seed=3, moves=20).to_record()
    record["moves"][4] = bad
    assert_bad(record, f"move 5 \\(hand 1\\) is not text: {re.escape(repr(bad))}")


@pytest.mark.parametrize("record", [None, [], "record", 42])
def test_record_that_is_not_an_object_is_a_record_error(record: Any) -> None:
    with pytest.raises(RecordError, match="a record is a JSON object"):
        replay(record)


def test_replay_does_not_change_the_record(finished: Game) -> None:
    record = finished.to_record()
    kept = copy.deepcopy(record)
    replay(record)
    assert record == kept


def test_a_custom_game_records_custom_and_an_older_record_naming_its_starting_preset_still_replays() -> None:
    game = played("draw", 2, seed=3, moves=20, target=150)
    record = game.to_record()
    assert record["preset"] == "custom" and record["options"]["preset"] == "custom"
    assert replay(record).moves == game.moves
    older = {**record, "preset": "draw", "options": {**record["options"], "preset": "draw"}}
    assert replay(older).moves == game.moves


def test_both_games_keep_their_books_in_one_match_base() -> None:
    from bonepile import triominoes
    from bonepile.core.match import Match

    game = played("draw", 2, seed=3, moves=20)
    tri = triominoes.Game.new("pressman", 2, seed=3)
    assert isinstance(game, Match) and isinstance(tri, Match)
    assert Game.replay(game.to_record()).moves == replay(game.to_record()).moves == game.moves
    assert game.position() == game.hand.position() and tri.position() == tri.round.position()
    assert game.deal_number == game.hand_number and tri.deal_number == tri.round_number == 1
