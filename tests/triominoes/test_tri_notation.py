"""Notation (tiles, places, moves, positions), the Rules value, errors, and the package surface."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys

import pytest
from triominoes_helpers import position, setup, tri_corners

import bonepile.triominoes as triominoes
from bonepile.triominoes import (
    DRAW,
    ORIGIN,
    PASS,
    PRESETS,
    TILES,
    TIMEOUT,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Move,
    Place,
    Round,
    Rules,
    RulesError,
    StartBonus,
    Tile,
)

B0 = "0-1-2 c0 r0 up"

# ------------------------------------------------------------------------------------------- tiles


def test_tile_text_round_trips_for_every_tile() -> None:
    for tile in TILES:
        assert Tile.parse(str(tile)) is tile
        assert eval(repr(tile), {"Tile": Tile}) is tile
        assert pickle.loads(pickle.dumps(tile)) is tile


def test_tile_parse_accepts_every_rotation_and_refuses_every_mirror() -> None:
    for tile in TILES:
        a, b, c = tile.numbers
        for reading in ((a, b, c), (b, c, a), (c, a, b)):
            assert Tile.parse("-".join(map(str, reading))) is tile
        if len(set(tile.numbers)) == 3:
            for mirror in ((a, c, b), (c, b, a), (b, a, c)):
                with pytest.raises(InvalidMoveError, match="never flip"):
                    Tile.parse("-".join(map(str, mirror)))


@pytest.mark.parametrize("text", ["", "0-1", "0-1-6", "a-b-c", "0-1-2-3", "012"])
def test_tile_parse_rejects_what_is_no_tile(text: str) -> None:
    with pytest.raises(InvalidMoveError, match="not a tile"):
        Tile.parse(text)


def test_tiles_are_immutable() -> None:
    tile = Tile.parse("0-1-2")
    with pytest.raises(AttributeError):
        tile.value = 4  # type: ignore[misc]


# ------------------------------------------------------------------------------------------ places


def test_place_names_follow_the_rule_sheets_coordinates() -> None:
    # UP(q, r) is column 2q + r, DOWN(q, r) column 2q + r + 1; corners as listed on the sheet.
    for q in range(-4, 5):
        for r in range(-4, 5):
            for up in (True, False):
                place = Place.from_axial(q, r, up)
                assert place.axial == (q, r, up)
                assert place.up is up and place.col == 2 * q + r + (0 if up else 1) and place.row == r
                assert place.corner_points() == tri_corners((q, r, up))
                assert Place.parse(str(place)) is place
    assert str(ORIGIN) == "c0 r0 up"
    assert str(Place(1, 0)) == "c1 r0 down" and str(Place(0, -1)) == "c0 r-1 down"


def test_place_parse_checks_the_orientation_and_may_omit_it() -> None:
    assert Place.parse("c3 r1") is Place(3, 1)
    assert Place.parse("C3 R1 UP") is Place(3, 1)
    with pytest.raises(InvalidMoveError, match="points down"):
        Place.parse("c1 r0 up")
    for bad in ("c1", "r0 c1", "c1 r0 sideways", "c9999 r0"):
        with pytest.raises(InvalidMoveError, match="not a place"):
            Place.parse(bad)


# ------------------------------------------------------------------------------------------- moves


def test_a_placement_is_written_as_its_corner_numbers_then_its_place() -> None:
    tile = Tile.parse("0-1-2")
    move = Move.placement(tile, Place(1, 0), 1)
    assert move.corners == (1, 2, 0) and move.rotation == 1 and move.tile is tile
    assert str(move) == "1-2-0 c1 r0 down"
    assert Move.parse("1-2-0 c1 r0 down") is move
    assert repr(move) == "Move.parse('1-2-0 c1 r0 down')"


def test_move_text_round_trips_for_every_tile_and_rotation() -> None:
    for tile in TILES:
        for rotation in range(3):
            for place in (ORIGIN, Place(-3, 2), Place(4, -7)):
                move = Move.placement(tile, place, rotation)
                assert Move.parse(str(move)) is move
                assert pickle.loads(pickle.dumps(move)) is move
    for simple in (DRAW, PASS, TIMEOUT):
        assert Move.parse(str(simple)) is simple


def test_a_triples_rotations_are_one_placement() -> None:
    triple = Tile.parse("5-5-5")
    assert Move.placement(triple, ORIGIN, 2) is Move.placement(triple, ORIGIN, 0)
    assert len({Move.placement(Tile.parse("0-0-1"), ORIGIN, k) for k in range(3)}) == 3


@pytest.mark.parametrize(
    "text",
    ["0-1-2", "0-1-2 c0 r0", "0-1-2 at c0 r0 up", "0-2-1 c0 r0 up", "0-1-2 c1 r0 up", "drew", "", "draw now"],
)
def test_move_parse_is_strict(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        Move.parse(text)


def test_parse_move_is_lenient_against_the_position() -> None:
    round_ = setup("pressman", position(B0, "0-0-1 0-2-2 / 5-5-5", "4-4-4"))
    assert str(round_.parse_move("0-0-1")) == "0-1-0 c-1 r0 down"  # fits in one place only
    assert str(round_.parse_move("1-0-0 at c-1 r0")) == "0-1-0 c-1 r0 down"  # another rotation that fits
    assert str(round_.parse_move(" 0-2-2 , c0 r-1 DOWN ")) == "0-2-2 c0 r-1 down"
    # With 1-2-2 right of B0, 0-2-2 fits below B0 and right of 1-2-2: the tile alone is ambiguous.
    two = setup("pressman", position(B0 + ", 1-2-2 c1 r0 down", "0-0-1 0-2-2 / 5-5-5", "4-4-4"))
    with pytest.raises(AmbiguousMoveError, match="fits 2 ways") as error:
        two.parse_move("0-2-2")
    assert "0-2-2 c0 r-1 down" in str(error.value) and "2-2-0 c2 r0 up" in str(error.value)
    assert str(two.parse_move("0-2-2 c2 r0")) == "2-2-0 c2 r0 up"
    with pytest.raises(IllegalMoveError, match="does not hold 5-5-5"):
        round_.parse_move("5-5-5")
    with pytest.raises(InvalidMoveError, match=r"not a move: 'sideways'.* in board: "):
        round_.parse_move("sideways")


def test_an_illegal_move_names_itself_the_reason_and_the_position_and_changes_nothing() -> None:
    round_ = setup("pressman", position(B0, "0-0-1 3-3-3 / 5-5-5", "4-4-4"))
    before = round_.position()
    with pytest.raises(IllegalMoveError) as error:
        round_.play(Move.parse("3-3-3 c1 r0 down"))
    message = str(error.value)
    assert "3-3-3 c1 r0 down" in message and "left corner would show 3" in message and before in message
    assert round_.position() == before
    with pytest.raises(IllegalMoveError, match="not player 1's turn"):
        round_.play("0-1-0 c-1 r0 down", player=1)
    with pytest.raises(IllegalMoveError, match="already holds"):
        round_.play("0-1-0 c0 r0 up")
    assert round_.position() == before


# --------------------------------------------------------------------------------------- positions


def test_position_text_round_trips_and_names_every_part() -> None:
    text = (
        "board: 0-1-0 c-1 r0 down, 0-1-2 c0 r0 up; hands: 3-3-3 / 5-5-5; pool: 4-4-4 1-1-1; "
        "scores: 12 -5; turn: 1; starter: 0; draws: 1"
    )
    round_ = Round.from_position(Rules.from_preset("pressman", 2), text)
    assert round_.position() == text
    assert round_.draws_this_turn == 1 and round_.pool() == (Tile.parse("4-4-4"), Tile.parse("1-1-1"))
    assert round_.scores == (12, -5) and round_.round_points == (0, 0)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_finished_rounds_position_round_trips(preset: str) -> None:
    rules = Rules.from_preset(preset, 4)
    for seed in range(6):
        round_ = Round.deal(rules, random.Random(seed))
        while not round_.is_over:
            round_.play(round_.legal_moves()[-1])  # draws and passes whenever allowed: some rounds block
        text = round_.position()
        assert "turn: over" in text
        twin = Round.from_position(rules, text)
        assert twin.is_over and twin.position() == text
        assert twin.summary is not None and round_.summary is not None
        assert twin.summary.winners == round_.summary.winners
        assert twin.summary.termination is round_.summary.termination


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (position(B0, "0-1-2 / 5-5-5"), "appears twice"),
        (position(B0 + ", 3-3-3 c5 r0 down", "1-1-1 / 5-5-5"), "shares no edge"),
        (position(B0 + ", 3-1-0 c-1 r0 down", "1-1-1 / 5-5-5"), "not a move|never flip"),
        (position(B0 + ", 1-1-0 c1 r0 down", "1-1-1 / 5-5-5"), "puts 0 on a point that shows 2"),
        (position(B0, "1-1-1 / 5-5-5 / 4-4-4"), "3 hands for 2 players"),
        (position(B0, "1-1-1 / -"), "no tiles"),
        (position(B0, "1-1-1 / 5-5-5", extra="open: any"), "'open' after"),
        (position(B0, "1-1-1 / 5-5-5", extra="passes: 2"), "round is over \\(blocked\\)"),
        (position(B0, "1-1-1 / 5-5-5", "2-2-2", extra="passes: 3"), "exceed the 2 players"),
        (position(B0, "1-1-1 / 5-5-5", extra="draws: 4"), "exceed max_draws"),
        ("board: -; hands: 1-1-1 / 5-5-5; turn: 0", "T3 makes player 1 open"),
        ("hands: 1-1-1 / 5-5-5", "no 'board'"),
        (position(B0, "1-1-1 / 5-5-5") + "; colour: blue", "cannot read"),
    ],
)
def test_position_text_that_cannot_be_read_says_why(text: str, reason: str) -> None:
    with pytest.raises(InvalidPositionError, match=reason):
        Round.from_position(Rules.from_preset("pressman", 2), text)


# ------------------------------------------------------------------------------------------- rules


def test_each_preset_has_the_values_of_the_rule_sheets_table() -> None:
    table = {
        "start": ("highest_triple", "draw_one", "draw_until_triple"),
        "start_bonus": (StartBonus(10, 30, 10), StartBonus(0, 0, 0), StartBonus(0, 30, 0)),
        "voluntary_draw": (False, True, False),
        "max_draws": (3, 3, None),
        "draw_penalty": (5, 5, 5),
        "failed_draw_penalty": (10, 10, 0),
        "empty_pool_pass_penalty": (10, 0, 0),
        "multi_hexagon": ("goliath", "goliath", "goliath"),
        "bridge": ("strict", "strict", "strict"),
        "play_out_cycle": (False, True, False),
        "blocked_winner": ("fewest_tiles", "lowest_total", "lowest_total"),
        "going_out_bonus": (25, 25, 25),
        "target": (400, 400, 400),
        "turn_time_limit": (None, None, None),
    }
    assert list(PRESETS) == ["pressman", "goliath", "classic"]
    for column, preset in enumerate(PRESETS):
        rules = Rules.from_preset(preset, 3)
        for option, values in table.items():
            assert getattr(rules, option) == values[column], (preset, option)
        assert Rules.from_dict(rules.to_dict()) == rules


def test_rules_options_override_a_preset_and_take_several_forms() -> None:
    rules = Rules.from_preset("pressman", 4, play_out_cycle=True, start_bonus=[1, 2, 3], turn_time_limit=12.5)
    assert rules.play_out_cycle and rules.start_bonus == StartBonus(1, 2, 3) and rules.turn_time_limit == 12.5
    assert Rules.from_preset("classic", start_bonus=7).start_bonus == StartBonus(7, 0, 0)
    assert Rules.from_preset("classic", start_bonus={"zero_triple": 5}).start_bonus == StartBonus(0, 5, 0)
    assert rules.with_options(target=100).target == 100
    assert [Rules.from_preset("goliath", n).hand_size for n in range(2, 7)] == [9, 7, 7, 6, 6]


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"start": "coin_toss"}, "start must be"),
        ({"start_bonus": "lots"}, "start_bonus must be"),
        ({"start_bonus": [10, -1, 0]}, "start_bonus must be"),
        ({"voluntary_draw": "yes"}, "voluntary_draw"),
        ({"max_draws": 0}, "max_draws"),
        ({"draw_penalty": -5}, "draw_penalty"),
        ({"failed_draw_penalty": 2.5}, "failed_draw_penalty"),
        ({"empty_pool_pass_penalty": None}, "empty_pool_pass_penalty"),
        ({"multi_hexagon": "double"}, "multi_hexagon"),
        ({"bridge": "adding"}, "bridge must be 'strict'"),
        ({"play_out_cycle": 1}, "play_out_cycle"),
        ({"blocked_winner": "youngest"}, "blocked_winner"),
        ({"going_out_bonus": -25}, "going_out_bonus"),
        ({"target": 0}, "target"),
        ({"turn_time_limit": 0}, "turn_time_limit"),
        ({"colour": "blue"}, "unknown option"),
        ({"preset": "goliath"}, "unknown option"),
    ],
)
def test_bad_options_raise_a_clear_rules_error(options: dict[str, object], reason: str) -> None:
    with pytest.raises(RulesError, match=reason):
        Rules.from_preset("pressman", 2, **options)


def test_unknown_preset_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="unknown preset 'deluxe'; choose one of pressman, goliath, classic"):
        Rules.from_preset("deluxe")


# ---------------------------------------------------------------------------------------- surface


def test_all_names_are_exported() -> None:
    for name in triominoes.__all__:
        assert hasattr(triominoes, name), name
    assert len(set(triominoes.__all__)) == len(triominoes.__all__)


def test_the_engine_imports_nothing_beyond_the_standard_library() -> None:
    code = (
        "import sys, bonepile.triominoes; "
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'rich', 'hypothesis', 'pytest'}))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"
