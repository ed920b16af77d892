"""Tile and move notation, and how bad moves are refused (property tests with hypothesis).

A bad move raises an error of the right kind (``InvalidMoveError`` for text that is no move,
``IllegalMoveError`` for a move the rules forbid now, ``AmbiguousMoveError`` for a short form
that fits both ends) whose message names the move and the position, and leaves the game as it was.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bonepile.dominoes import (
    DRAW,
    PASS,
    TILES,
    AmbiguousMoveError,
    End,
    Game,
    Hand,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    MoveKind,
    Rules,
    Tile,
)

ALL_MOVES: list[Move] = [DRAW, PASS] + [Move.play(t, end) for t in TILES for end in (None, End.LEFT, End.RIGHT)]

GAMES = [("draw", 2), ("draw", 3), ("draw", 4), ("draw-reserve", 2), ("block", 2), ("block", 3), ("partnership", 4)]

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------- notation round trips


def test_every_tile_round_trips_through_its_text() -> None:
    assert len(TILES) == 91  # up to double-twelve
    for tile in TILES:
        text = str(tile)
        assert text == f"{max(tile.high, tile.low)}-{min(tile.high, tile.low)}"
        assert Tile.parse(text) is tile
        assert Tile.parse(f"{tile.low}-{tile.high}") is tile


def test_every_move_round_trips_through_its_text_and_repr() -> None:
    assert len(ALL_MOVES) == 2 + 3 * 91
    texts = set()
    for move in ALL_MOVES:
        text = str(move)
        texts.add(text)
        assert Move.parse(text) is move
        assert eval(repr(move), {"Move": Move}) is move
    assert len(texts) == len(ALL_MOVES)  # no two moves share a text


@given(
    tile=st.sampled_from(TILES),
    end=st.sampled_from([None, "left", "right", "LEFT", "Right"]),
    separator=st.sampled_from(["-", "|", ":"]),
    reverse=st.booleans(),
    pad=st.sampled_from(["", " ", "  ", "\t"]),
)
def test_move_notation_accepts_either_order_separator_case_and_spacing(
    tile: Tile, end: str | None, separator: str, reverse: bool, pad: str
) -> None:
    a, b = (tile.low, tile.high) if reverse else (tile.high, tile.low)
    text = f"{pad}{a}{separator}{b}" + (f" {pad}{end}{pad}" if end is not None else pad)
    expected = Move.play(tile, End(end.lower()) if end is not None else None)
    assert Move.parse(text) is expected


@given(st.sampled_from(["draw", "DRAW", " draw ", "Draw"]), st.sampled_from(["pass", "PASS", "\tpass"]))
def test_draw_and_pass_notation(draw: str, pass_: str) -> None:
    assert Move.parse(draw) is DRAW
    assert Move.parse(pass_) is PASS


@given(st.text(max_size=20))
def test_garbage_to_move_parse_is_invalid_move_error_or_a_move_that_round_trips(text: str) -> None:
    try:
        move = Move.parse(text)
    except InvalidMoveError as error:
        assert repr(text) in str(error)
    else:
        assert Move.parse(str(move)) is move


@given(
    st.one_of(
        st.from_regex(r"\A\s*\d{3,}\s*-\s*\d{1,3}\s*\Z"),  # numbers too long
        st.from_regex(r"\A(1[3-9]|[2-9]\d)-\d\Z"),  # a number above 12
        st.from_regex(r"\A\d-\d (up|down|middle|leftt)\Z"),  # not an end
        st.from_regex(r"\A(draw|pass) (draw|pass|left)\Z"),  # too many words
        st.from_regex(r"\A\d-\d \d-\d\Z"),
        st.from_regex(r"\A\d\d?\Z"),  # half a tile
        st.just(""),
        st.just("   "),
        st.just("6--4"),
        st.just("-6-4"),
        st.just("6-4-2"),
    )
)
def test_text_that_is_no_move_is_invalid_move_error(text: str) -> None:
    with pytest.raises(InvalidMoveError, match=r"not a (move|tile)"):
        Move.parse(text)


@pytest.mark.parametrize("value", [None, 64, 6.4, b"6-4", ["6-4"], Tile(6, 4)])
def test_move_parse_of_something_that_is_not_text_is_invalid_move_error(value: Any) -> None:
    with pytest.raises(InvalidMoveError, match="expected text"):
        Move.parse(value)


# ---------------------------------------------------------------- refusing bad moves

States = st.tuples(st.sampled_from(GAMES), st.integers(0, 2**32 - 1), st.integers(0, 120))


def game_after(case: tuple[tuple[str, int], int, int], until: Callable[[Game], bool] | None = None) -> Game:
    """A game after ``steps`` random moves (fewer if it ends), or at the first state where ``until`` holds."""
    (preset, players), seed, steps = case
    game = Game.new(preset, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over or (until is not None and until(game)):
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def snapshot(game: Game) -> tuple[Any, ...]:
    return (
        game.hand.position(),
        game.moves,
        game.scores,
        game.hand_number,
        game.legal_moves(),
        game.hand.events,
        game.is_over,
    )


def assert_refused(
    game: Game, attempt: Any, error: type[Exception], names: str, *, parse_too: bool = True
) -> Exception:
    """``game.play(attempt)`` (and ``game.parse_move`` for text) raise ``error`` naming the move and the position."""
    before = snapshot(game)
    position = game.hand.position()
    calls: list[Callable[[], object]] = [lambda: game.play(attempt)]
    if parse_too and isinstance(attempt, str):
        calls.append(lambda: game.parse_move(attempt))
    raised: Exception | None = None
    for call in calls:
        with pytest.raises(error) as caught:
            call()
        message = str(caught.value)
        assert names in message, message
        assert position in message, message
        assert snapshot(game) == before
        raised = caught.value
    assert raised is not None
    return raised


@FAST
@given(States, st.text(max_size=12))
def test_garbage_is_invalid_move_error_naming_it_and_the_position(case: Any, text: str) -> None:
    game = game_after(case)
    assume(not game.is_over)
    try:
        Move.parse(text)
    except InvalidMoveError:
        assert_refused(game, text, InvalidMoveError, repr(text))
    else:
        assume(False)


@FAST
@given(States, st.sampled_from(["6-4 up", "13-1", "draw please", "", "6", "left"]))
def test_known_garbage_is_invalid_move_error_naming_it_and_the_position(case: Any, text: str) -> None:
    game = game_after(case)
    assume(not game.is_over)
    assert_refused(game, text, InvalidMoveError, repr(text))


@FAST
@given(States, st.data())
def test_tile_the_player_does_not_hold_is_illegal(case: Any, data: st.DataObject) -> None:
    game = game_after(case)
    assume(not game.is_over)
    hand = game.hand
    player = hand.to_move
    assert player is not None
    held = set(hand.tiles_of(player))
    tile = data.draw(st.sampled_from([t for t in TILES[: hand.rules.num_tiles] if t not in held]))
    end = data.draw(st.sampled_from([None, End.LEFT, End.RIGHT]))
    move = Move.play(tile, end)
    error = assert_refused(game, move, IllegalMoveError, str(move))
    assert f"player {player} does not hold {tile}" in str(error)
    assert_refused(game, str(move), IllegalMoveError, repr(str(move)))


@FAST
@given(States, st.data())
def test_held_tile_at_an_end_it_does_not_fit_is_illegal(case: Any, data: st.DataObject) -> None:
    game = game_after(case)
    assume(not game.is_over and game.hand.ends is not None)
    hand = game.hand
    player = hand.to_move
    assert player is not None
    wrong = [
        Move.play(t, end)
        for t in hand.tiles_of(player)
        for end in (End.LEFT, End.RIGHT)
        if Move.play(t, end) not in game.legal_moves()
    ]
    assume(wrong)
    move = data.draw(st.sampled_from(wrong))
    assert move.tile is not None and move.end is not None
    ends = hand.ends
    assert ends is not None
    number = ends[0] if move.end is End.LEFT else ends[1]
    error = assert_refused(game, move, IllegalMoveError, str(move))
    if move.tile.has(number):
        assert f"both ends show {number}: play it at the right end" in str(error)
    else:
        assert f"{move.tile} does not match the {move.end} end ({number})" in str(error)
    assert_refused(game, str(move), IllegalMoveError, repr(str(move)))


def can_play(game: Game) -> bool:
    return game.hand.ends is not None and game.legal_moves()[0].is_play


def must_draw(game: Game) -> bool:
    return game.legal_moves() == (DRAW,)


@FAST
@given(States)
def test_draw_or_pass_when_a_play_exists_is_illegal(case: Any) -> None:
    game = game_after(case, until=can_play)
    assume(not game.is_over and can_play(game))
    for move in (DRAW, PASS):
        error = assert_refused(game, move, IllegalMoveError, str(move))
        if move is DRAW and not game.rules.drawing:
            assert f"there is no drawing in {game.rules.preset}" in str(error)
        else:
            assert f"player {game.to_move} holds a playable tile and must play it" in str(error)
        assert_refused(game, str(move), IllegalMoveError, repr(str(move)))


@FAST
@given(States.filter(lambda case: case[0][0] in ("draw", "draw-reserve")))
def test_pass_when_a_draw_exists_is_illegal(case: Any) -> None:
    game = game_after(case, until=must_draw)
    assume(not game.is_over and must_draw(game))
    error = assert_refused(game, PASS, IllegalMoveError, "pass")
    assert "player must draw" in str(error)
    assert_refused(game, "pass", IllegalMoveError, "'pass'")


@FAST
@given(States)
def test_short_form_that_fits_both_ends_is_ambiguous(case: Any) -> None:
    game = game_after(case)
    assume(not game.is_over)
    legal = game.legal_moves()
    tiles = [m.tile for m in legal if m.tile is not None and m.end is not None]
    both = {t for t in tiles if tiles.count(t) == 2}
    one = [m for m in legal if m.tile is not None and m.end is not None and m.tile not in both]
    for tile in both:
        error = assert_refused(game, str(tile), AmbiguousMoveError, repr(str(tile)))
        assert f"say '{tile} left' or '{tile} right'" in str(error)
    for move in one:  # the short form of a tile that fits one end only is that move
        assert move.tile is not None
        assert game.parse_move(str(move.tile)) is move


def test_short_form_fits_both_ends_literal() -> None:
    # Ends 4 and 1: 4-1 fits both; the game is built from the literal position.
    hand = Hand.from_position(
        Rules.from_preset("draw"), "hands: 4-2 4-1 / 0-0 2-2; line: 4-6 6-6 6-1; boneyard: 5-5; turn: 0"
    )
    game = Game.from_hand(hand)
    error = assert_refused(game, "4-1", AmbiguousMoveError, "'4-1'")
    assert "say '4-1 left' or '4-1 right'" in str(error)
    assert game.parse_move("4-2") is Move.parse("4-2 left")


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(GAMES), st.integers(0, 2**32 - 1), st.sampled_from(ALL_MOVES))
def test_any_move_after_the_game_is_over_is_illegal(game_case: tuple[str, int], seed: int, move: Move) -> None:
    game = game_after((game_case, seed, 100_000))
    assert game.is_over
    error = assert_refused(game, move, IllegalMoveError, str(move))
    assert "the game is over" in str(error)
    assert_refused(game, str(move), IllegalMoveError, str(move))


@pytest.mark.parametrize("value", [None, 7, Tile(6, 4)])
def test_something_that_is_not_a_move_is_refused_and_changes_nothing(value: Any) -> None:
    game = Game.new("draw", seed=4)
    assert_refused(game, value, IllegalMoveError, f"expected a Move, got {type(value).__name__}")


def test_move_kinds_have_their_text() -> None:
    assert [str(kind) for kind in MoveKind] == ["play", "draw", "pass"]
    assert (str(End.LEFT), str(End.RIGHT)) == ("left", "right")


def test_every_move_error_is_a_move_error_and_the_tree_is_drawn_in_the_errors_module() -> None:
    from bonepile import dominoes, triominoes
    from bonepile.core import errors

    hand = Hand.from_position(
        Rules.from_preset("draw"), "hands: 4-2 4-1 / 0-0 2-2; line: 4-6 6-6 6-1; boneyard: 5-5; turn: 0"
    )
    for bad, kind in (("4-x", InvalidMoveError), ("0-0", IllegalMoveError), ("4-1", AmbiguousMoveError)):
        with pytest.raises(dominoes.MoveError) as caught:
            hand.play(bad)
        assert type(caught.value) is kind and isinstance(caught.value, ValueError)
    assert triominoes.MoveError is dominoes.MoveError is errors.MoveError
    tree = errors.__doc__ or ""
    for name in ("MoveError", "InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError"):
        assert name in tree
    assert tree.index("MoveError") < tree.index("│   ├── InvalidMoveError")
