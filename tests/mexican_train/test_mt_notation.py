"""Move and position notation (M10), records, and how bad input is refused (property tests with hypothesis).

A move reads back from its text exactly, and so does a whole position, after
every move of random games; a bad move raises an error of the right kind
(``InvalidMoveError`` for text that is no move, ``IllegalMoveError`` for a move
the rules forbid now, ``AmbiguousMoveError`` for a bare tile that fits several
trains) whose message names the move and the position, and leaves the round as
it was; a record that does not replay is named in a ``RecordError``.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bonepile.mexican_train as mt
from bonepile.mexican_train import (
    DRAW,
    PASS,
    TILES,
    AmbiguousMoveError,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Move,
    MoveKind,
    RecordError,
    Round,
    Rules,
    Tile,
)

TRAINS: list[int | str] = ["mine", "mexican", *range(8)]
ALL_MOVES: list[Move] = [DRAW, PASS] + [Move.play(t, train) for t in TILES for train in TRAINS]  # type: ignore[arg-type]
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = [
    ("mexican-train", 2, {"rounds": 1}),
    ("mexican-train", 5, {"rounds": 1, "first_turn": "run"}),
    ("mexican-train", 8, {"rounds": 1}),
    ("mexican-train-short", 3, {"rounds": 2, "after_double": "cover", "double_blank": 50}),
    ("mexican-train-short", 6, {"rounds": 1}),
]


def test_the_public_names_are_exported() -> None:
    assert sorted(mt.__all__) == sorted(set(mt.__all__))
    for name in mt.__all__:
        assert hasattr(mt, name), name
    assert mt.Tile is __import__("bonepile.dominoes._tiles", fromlist=["Tile"]).Tile  # the Dominoes tile, reused


def test_every_move_round_trips_through_its_text_and_repr() -> None:
    texts = set()
    for move in ALL_MOVES:
        text = str(move)
        texts.add(text)
        assert Move.parse(text) == move and hash(Move.parse(text)) == hash(move)
        assert eval(repr(move), {"Move": Move}) == move
        assert pickle.loads(pickle.dumps(move)) == move and copy.deepcopy(move) == move
    assert len(texts) == len(ALL_MOVES)
    assert {m.kind for m in ALL_MOVES} == set(MoveKind)


def test_a_move_is_immutable_and_checks_its_parts() -> None:
    move = Move.parse("12-5 mine")
    with pytest.raises(AttributeError):
        move.train = "mexican"  # type: ignore[misc]
    for bad in (lambda: Move(MoveKind.PLAY, Tile(1, 2)), lambda: Move(MoveKind.DRAW, Tile(1, 2)),
                lambda: Move(MoveKind.PLAY, Tile(1, 2), 8), lambda: Move(MoveKind.PLAY, Tile(1, 2), True)):  # fmt: skip
        with pytest.raises(ValueError):
            bad()


@pytest.mark.parametrize("text", ["", "12-5", "12-5 @0", "12-5 @9", "13-1 mine", "12-5 north", "draw 12-5", "pas"])
def test_text_that_is_no_move_is_refused_by_name(text: str) -> None:
    with pytest.raises(InvalidMoveError) as error:
        Move.parse(text)
    assert repr(text) in str(error.value)


@given(st.text(max_size=12))
@FAST
def test_any_text_is_a_move_that_reads_back_or_an_invalid_move_error(text: str) -> None:
    try:
        move = Move.parse(text)
    except InvalidMoveError:
        return
    assert Move.parse(str(move)) == move


def _random_round(data: st.DataObject) -> Round:
    preset, players, options = data.draw(st.sampled_from(GAMES))
    seed = data.draw(st.integers(0, 10_000))
    game = Game.new(preset, players, seed, **options)
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(0, 150))):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game.round


@given(st.data())
@FAST
def test_moves_and_positions_read_back_after_every_move_of_random_games(data: st.DataObject) -> None:
    preset, players, options = data.draw(st.sampled_from(GAMES))
    seed = data.draw(st.integers(0, 10_000))
    game = Game.new(preset, players, seed, **options)
    rng = random.Random(seed)
    while not game.is_over:
        round_ = game.round
        text = round_.position()
        again = Round.from_position(round_.rules, text)
        assert again.position() == text and again.legal_moves() == round_.legal_moves()
        for move in round_.legal_moves():
            assert Move.parse(str(move)) == move and round_.parse_move(str(move)) == move
        game.play(rng.choice(game.legal_moves()))


@given(st.data())
@FAST
def test_a_bad_move_names_itself_and_the_position_and_changes_nothing(data: st.DataObject) -> None:
    round_ = _random_round(data)
    if round_.is_over:
        return
    move = data.draw(st.sampled_from(ALL_MOVES))
    before = round_.position()
    if move.kind is mt.MoveKind.PLAY and move.train == round_.to_move:
        # "@N" naming the mover's own seat is the same move as "mine" (M10): judge it as that.
        move = mt.Move.parse(f"{move.tile} mine")
    if move in round_.legal_moves():
        return
    with pytest.raises(IllegalMoveError) as error:
        round_.play(move)
    assert str(move) in error.value.public and before in str(error.value) and before not in error.value.public
    assert round_.position() == before
    with pytest.raises(IllegalMoveError):
        round_.play(str(move))
    assert round_.position() == before


def test_a_move_out_of_turn_is_refused() -> None:
    round_ = Round.from_deal(Rules.preset("mexican-train", players=2), [["12-5"], ["12-3", "3-4"]], ["1-1"])
    with pytest.raises(IllegalMoveError, match="not player 1's turn"):
        round_.play("12-3 mine", player=1)
    assert round_.play("12-5 mine", player=0) is not None


def test_a_bare_tile_is_read_when_one_train_fits_and_refused_when_several_or_none_do() -> None:
    rules = Rules.preset("mexican-train", players=2)
    round_ = Round.from_position(
        rules, "engine: 12-12; turn: 0; hands: 5-3 12-1 9-9 / 2-2; boneyard: 4-4; trains: 12-5 / -; mexican: 12-8"
    )
    assert str(round_.parse_move("5-3")) == "5-3 mine"
    with pytest.raises(IllegalMoveError, match="9-9"):
        round_.parse_move("9-9")
    round_ = Round.from_deal(rules, [["12-5", "3-4"], ["9-8"]], ["6-6"])
    with pytest.raises(AmbiguousMoveError, match="'12-5 mine' or '12-5 mexican'"):
        round_.parse_move("12-5")


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("engine: 12-12; turn: 0; hands: 5-3 / 2-2; trains: - / -", ""),
        ("engine: 12-11; turn: 0; hands: 5-3 / 2-2; trains: - / -", "engine"),
        ("engine: 12-12; turn: 0; hands: 5-3 / 5-3; trains: - / -", "twice"),
        ("engine: 12-12; turn: 0; hands: 5-3 / 2-2; trains: 12-5 / -; mexican: 12-5", "twice"),
        ("engine: 12-12; turn: 2; hands: 5-3 / 2-2; trains: - / -", "turn"),
        ("engine: 12-12; turn: 0; hands: 5-3 / -; trains: - / -", "over"),
        ("engine: 12-12; turn: over; hands: 5-3 / 2-2; boneyard: 1-1; trains: - / -", "not over"),
        ("engine: 12-12; turn: 0; hands: 5-3 / 2-2; trains: - / -; marked: mexican", "marker"),
        ("engine: 12-12; turn: 0; hands: 5-3 / 2-2; trains: - / -; run: yes", "run"),
        ("engine: 12-12; turn: 0; hands: 5-3 / 2-2; trains: - / -; colour: red", "cannot read"),
        ("engine: 12-12; hands: 5-3 / 2-2; trains: - / -", "turn"),
    ],
)
def test_a_position_text_is_read_or_refused_by_name(text: str, match: str) -> None:
    rules = Rules.preset("mexican-train", players=2)
    if not match:
        assert Round.from_position(rules, text).to_move == 0
        return
    with pytest.raises(InvalidPositionError, match=match) as error:
        Round.from_position(rules, text)
    assert text in str(error.value)


def test_a_record_replays_and_a_tampered_one_is_named() -> None:
    game = Game.new("mexican-train-short", players=3, seed=5, rounds=2)
    rng = random.Random(5)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    record = game.to_record(["Ann", "Bo", "Cy"])
    assert record["game"] == "mexican-train" and record["rounds"] == 2 and record["preset"] == "custom"
    assert Game.replay(record).scores == game.scores
    bad = dict(record, moves=[*record["moves"][:3], "12-12 mine", *record["moves"][4:]])
    with pytest.raises(RecordError, match="move 4"):
        Game.replay(bad)
    with pytest.raises(RecordError, match="scores"):
        Game.replay(dict(record, scores=[0, 0, 0]))
    with pytest.raises(ValueError, match="no record"):
        Game.from_round(game.round.copy() if not game.round.is_over else Round.deal(game.rules, rng)).to_record()


def test_a_game_offers_the_common_protocol() -> None:
    game = Game.new("mexican-train", players=4, seed=1)
    assert game.game_name == "mexican-train" and game.unit == "round" and game.side_word == "player"
    assert game.deal is game.round and game.round_number == 1 and game.scores == (0, 0, 0, 0)
    seen = game.observation(2)
    assert seen.tile_counts == (15, 15, 15, 15) and seen.stock_size == 90 - 60 and seen.engine == Tile(12, 12)
    assert seen.deal_number == 1 and seen.past_deals == () and seen.deal_over is None and len(seen.trains) == 5
    move = game.legal_moves()[0]
    assert game.parse_move(str(move)) == move
    game.play(str(move))
    assert str(game.moves[0]) == str(move)


def test_the_package_docstring_example_runs() -> None:
    import doctest

    failures, tried = doctest.testmod(mt)
    assert tried > 0 and failures == 0
