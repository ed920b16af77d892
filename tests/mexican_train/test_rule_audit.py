"""The Mexican Train rule sheet read sentence by sentence: the cases ``test_mt_rules.py`` does not pin yet.

Each test is named after the rule it checks and starts from a literal deal
(``Round.from_deal``) or a literal position (``Round.from_position``); the
expected moves, trains and points are worked out from the sheet in the
comments. The engine is 12-12 unless a test says otherwise; seats are
numbered from 0, trains in the notation from 1 (``@1`` is seat 0's train).
Where the sheet can be read two ways, the test's docstring says which
reading it pins and why.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from mt_helpers import deal, legal, play, rules

from bonepile.games import game_info
from bonepile.mexican_train import (
    AmbiguousMoveError,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Move,
    Round,
    RulesError,
    Termination,
    Tile,
    replay,
)


def position(text: str, players: int = 2, **options: Any) -> Round:
    return Round.from_position(rules(players, **options), text)


def refused(round_: Round, move: str | Move, kind: type[ValueError] = IllegalMoveError) -> str:
    """Play ``move``, expect ``kind`` (a ``ValueError``) naming it, and the round unchanged; return the message."""
    before = round_.position()
    with pytest.raises(kind) as error:
        round_.play(move)
    assert isinstance(error.value, ValueError)
    assert round_.position() == before
    return str(error.value)


# ---------------------------------------------------------------- M1: the set


def test_m1_a_double_nine_deal_holds_the_numbers_0_to_9_only() -> None:
    round_ = Round.deal(rules(3, "mexican-train-short"), random.Random(0))
    held = [t for seat in range(3) for t in round_.tiles_of(seat)] + list(round_.boneyard())
    assert round_.engine == Tile(9, 9) and len(held) == 54 and max(t.high for t in held) == 9
    with pytest.raises(InvalidPositionError, match="10-1"):
        Round.from_deal(rules(2, "mexican-train-short"), hands=[["10-1"], ["3-4"]])


# ---------------------------------------------------------------- M2: rounds and the engine


def test_m2_the_next_round_s_engine_is_the_next_double_down_and_the_old_engine_is_dealt_again() -> None:
    game = Game.from_round(deal([["12-5"], ["3-4", "6-6"]], ["1-1"]), seed=4)
    ended = game.play("12-5 mine")  # seat 0 goes out: round 1 is over
    assert ended is not None and ended.points == (0, 7 + 12)
    second = game.round
    assert second.engine == Tile(11, 11) and second.number == 2 and game.scores == (0, 19)
    held = [t for seat in range(2) for t in second.tiles_of(seat)] + list(second.boneyard())
    assert Tile(12, 12) in held and Tile(11, 11) not in held and len(held) == 90  # only this round's engine is out
    assert all(train.open_end == 11 for train in second.trains)  # every train starts at the new hub


def test_m2_rounds_option_with_double_nine_plays_from_9_9_down() -> None:
    short = rules(2, "mexican-train-short", rounds=3)
    assert [short.engine_of(n) for n in (1, 2, 3)] == [9, 8, 7]
    game = Game.new("mexican-train-short", players=2, seed=6, rounds=3)
    rng = random.Random(6)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    assert [str(s.engine) for s in game.hand_summaries] == ["9-9", "8-8", "7-7"]


# ---------------------------------------------------------------- M3: players and hands


def test_m3_hand_size_option_may_deal_the_whole_set_and_leave_no_boneyard() -> None:
    full = rules(6, "mexican-train-short", hand_size=9)  # 6 x 9 = 54: every tile but the 9-9
    round_ = Round.deal(full, random.Random(1))
    assert [round_.tile_count(seat) for seat in range(6)] == [9] * 6 and round_.boneyard_size == 0
    with pytest.raises(RulesError, match="hand_size 9 at most"):
        rules(6, "mexican-train-short", hand_size=10)


def test_m3_eight_players_get_ten_tiles_each_and_the_notation_reaches_seat_8() -> None:
    round_ = Round.deal(rules(8), random.Random(2))
    assert [round_.tile_count(seat) for seat in range(8)] == [10] * 8 and round_.boneyard_size == 10
    table = position(
        "engine: 12-12; turn: 0; hands: 5-1 / 1-1 / 2-2 / 3-3 / 4-4 / 6-6 / 7-7 / 8-8; "
        "trains: - / - / - / - / - / - / - / 12-5; mexican: -; marked: @8",
        players=8,
    )
    assert legal(table) == {"5-1 @8"}
    table.play("5-1 @8")
    assert table.train(7).tiles == ((12, 5), (5, 1))


def test_m3_the_seat_after_the_previous_first_player_starts_the_next_round_wrapping_round() -> None:
    game = Game.from_round(deal([["3-4"], ["5-6"], ["12-1"]], first=2))
    assert game.round.to_move == 2
    game.play("12-1 mine")  # seat 2, first this round, goes out
    assert game.round.first == 0 and game.round.to_move == 0  # the seat to the left of seat 2 is seat 0


# ---------------------------------------------------------------- M4: the trains


def test_m4_every_open_train_is_offered_and_a_closed_one_is_not() -> None:
    # Four players; seat 3 to move with 5-1. Seats 0 and 2 are marked, seat 1 is not; the Mexican Train ends in 5
    # too; seat 3's own train ends in 9.
    round_ = position(
        "engine: 12-12; turn: 3; hands: 1-1 / 2-2 / 3-3 / 5-1 10-10; "
        "trains: 12-5 / 12-4 4-5 / 12-8 8-5 / 12-9; mexican: 12-7 7-5; marked: @1 @3",
        players=4,
    )
    assert legal(round_) == {"5-1 @1", "5-1 @3", "5-1 mexican"}
    message = refused(round_, "5-1 @2")
    assert "'5-1 @2'" in message and "closed" in message


def test_m4_the_mexican_train_is_open_to_everyone_once_started_and_never_marked() -> None:
    round_ = deal([["12-3", "9-9"], ["3-5", "10-11"]], ["1-1"])
    round_.play("12-3 mexican")  # seat 0 starts the Mexican Train on the very first turn
    assert legal(round_) == {"3-5 mexican"}  # seat 1 may go on it; seat 0's train is closed; no 12 in hand
    round_.play("3-5 mexican")
    assert round_.train("mexican").tiles == ((12, 3), (3, 5)) and round_.marked() == frozenset()
    assert round_.train("mexican").is_open and not round_.train("mexican").marked


# ---------------------------------------------------------------- M5: a turn


def test_m5_a_player_draws_one_tile_only_and_a_second_draw_is_refused() -> None:
    round_ = deal([["3-4"], ["9-8"]], ["1-1", "2-2"])
    round_.play("draw")  # 1-1 fits nothing
    assert legal(round_) == {"pass"} and round_.boneyard_size == 1
    assert "drawn" in refused(round_, "draw")
    round_.play("pass")
    assert round_.marked() == {0} and round_.to_move == 1


def test_m5_a_player_who_cannot_play_may_not_pass_while_the_boneyard_has_tiles() -> None:
    round_ = deal([["3-4"], ["9-8"]], ["1-1"])
    assert legal(round_) == {"draw"}
    assert "draw first" in refused(round_, "pass")


def test_m5_with_the_boneyard_empty_draw_is_refused_and_pass_is_the_only_move() -> None:
    round_ = deal([["3-4"], ["9-8"]])
    assert legal(round_) == {"pass"}
    assert "boneyard is empty" in refused(round_, "draw")


def test_m5_a_drawn_tile_that_fits_must_be_played_at_once_and_may_go_on_another_s_open_train() -> None:
    round_ = position(
        "engine: 12-12; turn: 0; hands: 3-4 / 9-1; boneyard: 5-7 6-6; trains: - / 12-5; mexican: 12-7; marked: @2"
    )
    round_.play("draw")  # 7-5: fits seat 1's open train (5) and the Mexican Train (7), not seat 0's (12)
    assert legal(round_) == {"5-7 @2", "7-5 mexican"}
    assert "must" in refused(round_, "pass")
    round_.play("5-7 @2")
    assert round_.train(1).tiles == ((12, 5), (5, 7)) and round_.marked() == {1}  # another's play: marker stays
    assert round_.events[-1].from_draw and round_.to_move == 1


def test_m5_the_owner_playing_elsewhere_keeps_the_marker_on() -> None:
    round_ = position("engine: 12-12; turn: 0; hands: 5-3 12-1 / 2-2; trains: 12-5 / -; mexican: -; marked: @1")
    round_.play("12-1 mexican")
    assert round_.marked() == {0}  # only a play on the marked train itself takes the marker off


def test_m5_first_turn_run_goes_on_through_a_double_on_one_s_own_train() -> None:
    round_ = deal([["12-6", "6-6", "6-2", "2-9", "12-1"], ["3-4", "5-5"]], ["10-10"], first_turn="run")
    round_.play("12-6 mine")
    assert round_.in_run and legal(round_) == {"6-6 mine", "6-2 mine", "pass"}
    round_.play("6-6 mine")  # a double: its player plays again (M6), anywhere; no stopping on the double
    assert legal(round_) == {"6-2 mine", "12-1 mexican"}
    round_.play("6-2 mine")  # covers the double on one's own train: the run goes on
    assert round_.in_run and legal(round_) == {"2-9 mine", "pass"} and round_.waiting_doubles() == ()
    round_.play("2-9 mine")  # nothing left for the 9: the run and the turn end
    assert round_.to_move == 1 and round_.train(0).tiles == ((12, 6), (6, 6), (6, 2), (2, 9))


def test_m5_first_turn_run_a_drawn_tile_ends_the_turn() -> None:
    """Reading: the run is of tiles from the hand. A player who cannot play draws one tile and plays it (M5);
    that is their turn, so a drawn tile on one's own train does not start a run, even on a first turn."""
    round_ = deal([["5-3", "3-1"], ["9-8", "10-10"]], ["12-5", "11-11"], first_turn="run")
    play(round_, "draw", "12-5 mine")
    assert round_.to_move == 1 and not round_.in_run and round_.tile_count(0) == 2


# ---------------------------------------------------------------- M6: doubles


def test_m6_covering_one_s_own_double_with_the_next_tile_leaves_nothing_waiting() -> None:
    round_ = position("engine: 12-12; turn: 0; hands: 6-6 6-1 2-2 / 9-8 4-3; trains: 12-6 / -; mexican: -")
    round_.play("6-6 mine")
    assert legal(round_) == {"6-1 mine"}
    round_.play("6-1 mine")
    assert round_.waiting_doubles() == () and round_.to_move == 1 and round_.events[-1].covered


def test_m6_a_double_on_the_mexican_train_binds_the_next_player_first_then_play_is_free() -> None:
    round_ = position(
        "engine: 12-12; turn: 0; hands: 4-4 12-1 5-5 / 4-2 12-3 / 4-0 12-7; trains: - / - / -; mexican: 12-4",
        players=3,
    )
    round_.play("4-4 mexican")
    assert legal(round_) == {"12-1 mine"}  # nothing covers the 4-4; 12-1 can only start seat 0's train now
    round_.play("12-1 mine")
    assert round_.waiting_doubles() == (Tile(4, 4),) and round_.waiting_trains() == ("mexican",)
    assert round_.to_move == 1 and legal(round_) == {"4-2 mexican"}  # not 12-3 on seat 1's own train
    round_.play("4-2 mexican")
    assert round_.waiting_doubles() == () and round_.to_move == 2
    assert legal(round_) == {"12-7 mine"}  # free again: seat 2's 4-0 no longer fits the Mexican Train (2)


def test_m6_a_double_on_another_s_open_train_waits_there_and_its_owner_covering_closes_it() -> None:
    round_ = position(
        "engine: 12-12; turn: 0; hands: 5-5 12-3 1-1 / 5-1 12-9; trains: - / 12-5; mexican: -; marked: @2"
    )
    round_.play("5-5 @2")
    assert legal(round_) == {"12-3 mine", "12-3 mexican"}
    round_.play("12-3 mine")
    assert round_.waiting_trains() == (1,)
    assert legal(round_) == {"5-1 mine"}  # seat 1 must cover it on its own train, and not start the Mexican
    round_.play("5-1 mine")
    assert round_.marked() == frozenset() and round_.events[-1].covered and round_.events[-1].marker_off


def test_m6_a_waiting_double_refuses_every_other_play_by_name() -> None:
    round_ = position("engine: 12-12; turn: 1; hands: 1-2 / 6-2 9-1; trains: 12-6 6-6 / 12-9; mexican: -; waiting: @1")
    message = refused(round_, "9-1 mine")
    assert "'9-1 mine'" in message and "6-6 on @1 must be covered first" in message


def test_m6_doubles_laid_in_one_turn_wait_in_the_order_laid_not_by_train_or_value() -> None:
    round_ = position(
        "engine: 12-12; turn: 0; hands: 3-3 6-6 1-2 / 3-1 6-2 9-4; boneyard: 11-10; trains: 12-6 / 12-9; mexican: 12-3"
    )
    round_.play("3-3 mexican")  # the 3-3 first ...
    assert legal(round_) == {"6-6 mine"}
    round_.play("6-6 mine")  # ... then the 6-6; nothing follows: draw 11-10, which fits nothing
    play(round_, "draw", "pass")
    assert round_.waiting_doubles() == (Tile(3, 3), Tile(6, 6)) and round_.waiting_trains() == ("mexican", 0)
    assert legal(round_) == {"3-1 mexican"}  # seat 1 holds 6-2 for the 6-6 too, but the 3-3 was laid first
    round_.play("3-1 mexican")
    assert legal(round_) == {"pass"}  # seat 0 cannot cover its 6-6 and the boneyard is empty
    round_.play("pass")
    assert legal(round_) == {"6-2 @1"}


def test_m6_a_double_nobody_can_cover_with_the_boneyard_empty_blocks_the_round() -> None:
    round_ = position("engine: 12-12; turn: 0; hands: 6-6 1-2 / 12-3 4-5; trains: 12-6 / -; mexican: -")
    round_.play("6-6 mine")
    assert legal(round_) == {"pass"}  # nothing follows the double, and nothing to draw
    round_.play("pass")
    assert round_.marked() == {0} and not round_.is_over  # seat 0 played this turn: not a pass without a play
    assert legal(round_) == {"pass"}  # seat 1's 12-3 would start a train, but the 6-6 binds it
    round_.play("pass")
    ended = round_.play("pass")  # seat 0 again: now both have passed without a play in turn
    assert ended is not None and ended.termination is Termination.BLOCKED
    assert ended.points == (1 + 2, 12 + 3 + 4 + 5)


@pytest.mark.parametrize(
    ("after_double", "expected"), [("cover", {"6-3 mine"}), ("anywhere", {"6-3 mine", "3-6 mexican"})]
)
def test_m6_after_double_cover_a_drawn_tile_that_fits_the_double_must_go_on_it(
    after_double: str, expected: set[str]
) -> None:
    round_ = position(
        "engine: 12-12; turn: 0; hands: 6-6 1-2 / 9-8; boneyard: 6-3 11-11; trains: 12-6 / -; mexican: 12-3",
        after_double=after_double,
    )
    play(round_, "6-6 mine", "draw")  # nothing in hand follows the 6-6; the drawn 6-3 fits it and the Mexican (3)
    assert legal(round_) == expected


def test_m6_after_double_cover_binds_the_tile_after_the_last_double_laid() -> None:
    round_ = position(
        "engine: 12-12; turn: 0; hands: 6-6 3-3 9-3 1-2 / 5-4; boneyard: 11-10; "
        "trains: 12-6 / 12-9; mexican: 12-4 4-3; marked: @2",
        after_double="cover",
    )
    round_.play("6-6 mine")
    assert legal(round_) == {"3-3 mexican", "3-9 mexican", "9-3 @2"}  # no 6 in hand: anywhere it may go
    round_.play("3-3 mexican")
    assert legal(round_) == {"3-9 mexican"}  # 9-3 would fit @2 too, but it covers the 3-3 and so must
    round_.play("3-9 mexican")
    assert round_.waiting_doubles() == (Tile(6, 6),) and round_.to_move == 1


# ---------------------------------------------------------------- M7: the end of a round


def test_m7_covering_a_waiting_double_with_one_s_last_tile_ends_the_round() -> None:
    round_ = position("engine: 12-12; turn: 1; hands: 1-2 3-3 / 6-2; trains: 12-6 6-6 / -; mexican: -; waiting: @1")
    ended = round_.play("6-2 @1")
    assert ended is not None and ended.winner == 1 and ended.points == (3 + 6, 0)


def test_m7_going_out_on_a_double_after_another_double_ends_the_round_at_once() -> None:
    round_ = position("engine: 12-12; turn: 0; hands: 6-6 3-3 / 9-8; trains: 12-6 / -; mexican: 12-3")
    round_.play("6-6 mine")
    ended = round_.play("3-3 mexican")  # the last tile, a double: nobody covers either double
    assert ended is not None and ended.termination is Termination.WENT_OUT and ended.points == (0, 17)
    assert round_.to_move is None and round_.legal_moves() == ()


def test_m7_a_play_between_passes_keeps_the_round_going() -> None:
    round_ = position("engine: 12-12; turn: 0; hands: 3-4 / 5-6 / 12-1 2-3; trains: - / - / -; mexican: -", players=3)
    play(round_, "pass", "pass", "12-1 mine", "pass", "pass")
    assert not round_.is_over  # two passes since seat 2's play: not every player in turn
    ended = round_.play("pass")
    assert ended is not None and ended.termination is Termination.BLOCKED and ended.points == (7, 11, 5)


def test_m7_blocked_is_a_full_turn_of_passes_with_the_boneyard_empty() -> None:
    """Reading: the sheet defines 'blocked' as the boneyard empty and every player in turn having passed
    without a play, so the round ends after that turn of passes, even if a marker put out on the way has opened
    a train someone could now play on (here seat 0's 5-1 on seat 1's train, marked by seat 1's pass)."""
    round_ = position(
        "engine: 12-12; turn: 0; hands: 5-1 / 3-4 / 6-0; trains: 12-9 / 12-5 / 12-11; mexican: 12-10", players=3
    )
    play(round_, "pass", "pass")
    ended = round_.play("pass")
    assert ended is not None and ended.termination is Termination.BLOCKED and ended.points == (6, 7, 6)


def test_m7_a_finished_round_refuses_every_move() -> None:
    round_ = deal([["12-5"], ["3-4"]])
    round_.play("12-5 mine")
    assert "round is over" in refused(round_, "pass")
    assert round_.legal_moves() == () and round_.to_move is None


def test_m7_points_add_to_the_totals_before_the_round_and_a_0_0_counts_double_blank() -> None:
    round_ = deal([["3-4"], ["0-0", "5-6"]], scores=[10, 20], double_blank=50)
    play(round_, "pass", "pass")
    assert round_.summary is not None and round_.summary.termination is Termination.BLOCKED
    assert round_.summary.points == (7, 50 + 11) and round_.summary.scores == (17, 81)


# ---------------------------------------------------------------- M8: the end of the game


def test_m8_the_lowest_total_wins_even_against_the_player_who_went_out_last() -> None:
    game = Game.from_round(deal([["12-5"], ["9-8", "1-2"]], scores=[40, 10], rounds=1))
    game.play("12-5 mine")  # seat 0 goes out (0); seat 1 adds 17 + 3: totals 40 and 30
    assert game.outcome is not None and game.scores == (40, 30) and game.outcome.winners == {1}
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.play("pass")


def test_m8_every_player_on_the_same_total_shares_the_win() -> None:
    game = Game.from_round(deal([["3-4"], ["5-2"]], rounds=1))
    play_all = [game.play("pass"), game.play("pass")]
    assert play_all[-1] is not None and game.outcome is not None
    assert game.scores == (7, 7) and game.outcome.winners == {0, 1} and game.outcome.winner is None


# ---------------------------------------------------------------- M10: notation


def test_m10_the_sheet_s_examples_read_back_exactly() -> None:
    for text in ("12-5 mine", "5-7 mexican", "7-3 @3", "draw", "pass"):
        assert str(Move.parse(text)) == text
        assert Move.parse(str(Move.parse(text))) == Move.parse(text)
    assert str(Move.play("5-7", "mexican")) == "5-7 mexican" and Move.play("5-7", "mexican") == Move.parse(
        "7-5 mexican"
    )


def test_m10_a_tile_is_written_as_it_is_laid_the_matching_end_first() -> None:
    """Reading: the sheet's examples run 12-5 (the 12 touches the hub), 5-7, 7-3: each tile is written with
    the end that touches its train first, as the position text writes trains; that is the one way the sheet's
    '5-7 mexican' can be a move's text. Either order is read as the same move."""
    round_ = position(
        "engine: 12-12; turn: 0; hands: 12-5 7-5 7-3 / 1-1 / 2-2; trains: - / - / 12-7; mexican: 12-4 4-5; marked: @3",
        players=3,
    )
    assert legal(round_) == {"12-5 mine", "5-12 mexican", "5-7 mexican", "7-5 @3", "7-3 @3"}
    for text in ("12-5 mine", "5-7 mexican", "7-3 @3"):
        assert str(round_.parse_move(text)) == text
    assert str(round_.parse_move("7-5 mexican")) == "5-7 mexican"  # the round names a move one way
    assert Move.parse("7-5 mexican") == Move.parse("5-7 mexican")
    round_.play("7-5 mexican")
    assert str(round_.events[-1].move) == "5-7 mexican" and round_.train("mexican").tiles[-1] == (5, 7)


def test_m10_at_n_of_one_s_own_seat_is_mine_for_any_seat() -> None:
    round_ = deal([["3-4"], ["5-6"], ["12-1", "2-2"]], first=2)
    assert str(round_.parse_move("12-1 @3")) == "12-1 mine"
    round_.play("12-1 @3")
    assert str(round_.events[-1].move) == "12-1 mine" and round_.train(2).tiles == ((12, 1),)


@pytest.mark.parametrize(
    ("text", "kind", "words"),
    [
        ("12-5 @3", IllegalMoveError, "no seat 3"),
        ("12-5 @0", InvalidMoveError, "not a train"),
        ("12-5 @9", InvalidMoveError, "not a train"),
        ("12-5 north", InvalidMoveError, "not a train"),
        ("13-5 mine", InvalidMoveError, "not a tile"),
        ("12-5 mine now", InvalidMoveError, "not a move"),
        ("", InvalidMoveError, "not a move"),
        ("12-5", AmbiguousMoveError, "fits 2 trains"),
        ("3-4 mine", IllegalMoveError, "does not match"),
        ("9-8 mine", IllegalMoveError, "does not hold"),
        ("pass", IllegalMoveError, "must"),
    ],
)
def test_m10_bad_input_is_a_value_error_that_names_the_move_and_changes_nothing(
    text: str, kind: type[ValueError], words: str
) -> None:
    round_ = deal([["12-5", "3-4"], ["9-8"]], ["6-6"])
    message = refused(round_, text, kind)
    assert repr(text) in message and words in message


def test_m10_a_move_that_is_not_text_or_a_move_is_refused() -> None:
    round_ = deal([["12-5", "3-4"], ["9-8"]], ["6-6"])
    refused(round_, 42, ValueError)  # type: ignore[arg-type]


def test_m10_positions_in_the_middle_of_a_turn_read_back_exactly() -> None:
    drawn = deal([["3-4"], ["9-8"]], ["12-7", "1-1"])
    drawn.play("draw")
    doubled = position("engine: 12-12; turn: 0; hands: 6-6 6-1 2-2 / 9-8 4-3; trains: 12-6 / -; mexican: -")
    doubled.play("6-6 mine")
    running = deal([["12-5", "5-3", "3-1"], ["12-2", "2-4"]], ["7-7"], first_turn="run")
    running.play("12-5 mine")
    for round_ in (drawn, doubled, running):
        again = Round.from_position(round_.rules, round_.position())
        assert again.position() == round_.position() and again.legal_moves() == round_.legal_moves()
    assert "drawn: 12-7" in drawn.position()
    assert "again: @1" in doubled.position() and "run: yes" in running.position()


def test_m10_a_game_from_the_registry_plays_text_and_its_record_replays() -> None:
    game = game_info("mexican-train").new_game("mexican-train", 3, 9, rounds=1)
    seen = game.observation(1)
    assert seen.tile_counts == (15, 15, 15) and seen.stock_size == 90 - 45 and seen.engine == Tile(12, 12)
    rng = random.Random(9)
    while not game.is_over:
        text = str(rng.choice(game.legal_moves()))
        assert str(game.parse_move(text)) == text
        game.play(text)
    again = replay(game.to_record())
    assert again.scores == game.scores and [str(m) for m in again.moves] == [str(m) for m in game.moves]
