"""One test (at least) per rule M1-M10 of the Mexican Train rule sheet and per option.

Every test starts from a literal deal (``Round.from_deal``) or a literal position
(``Round.from_position``). The expected moves, trains and points are worked out
from the rule sheet in the comments, not read off the engine. The engine is
12-12 unless a test says otherwise; seats are numbered from 0, trains in the
notation from 1 (``@1`` is seat 0's train).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from mt_helpers import deal, legal, play, rules

from bonepile.mexican_train import (
    Game,
    IllegalMoveError,
    InvalidPositionError,
    Move,
    Round,
    Rules,
    RulesError,
    Termination,
    Tile,
    tiles_of_set,
)


def tiles(text: str) -> tuple[Tile, ...]:
    return tuple(Tile.parse(word) for word in text.split())


def random_game(game: Game, seed: int) -> Game:
    rng = random.Random(seed)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    return game


# ---------------------------------------------------------------- M1: the set


def test_m1_double_twelve_has_91_tiles_each_pair_once_and_pips_are_the_sum_of_the_ends() -> None:
    assert rules().num_tiles == 91
    pairs = {(t.low, t.high) for t in tiles_of_set(rules().max_pips)}
    assert pairs == {(a, b) for b in range(13) for a in range(b + 1)}
    assert Tile.parse("12-5").pips == 17


def test_m1_set_option_double_nine_has_55_tiles_and_the_short_preset_uses_it() -> None:
    assert rules(preset="mexican-train-short").set == "double-nine"
    assert rules(preset="mexican-train-short").num_tiles == 55
    custom = rules(4, set="double-nine")
    assert (custom.num_tiles, custom.rounds, custom.hand_size, custom.preset) == (55, 10, 10, "custom")
    with pytest.raises(RulesError, match="double-six"):
        rules(set="double-six")


def test_m1_a_deal_holds_every_tile_of_the_set_once() -> None:
    for preset, players in (("mexican-train", 4), ("mexican-train-short", 3)):
        round_ = Round.deal(rules(players, preset), random.Random(5))
        held = [t for seat in range(players) for t in round_.tiles_of(seat)] + list(round_.boneyard())
        assert sorted([*held, round_.engine]) == sorted(tiles_of_set(round_.rules.max_pips))


# ---------------------------------------------------------------- M2: rounds and the engine


def test_m2_thirteen_rounds_from_the_12_12_engine_down_to_0_0() -> None:
    game = random_game(Game.new("mexican-train", players=2, seed=3), seed=3)
    assert [str(s.engine) for s in game.hand_summaries] == [f"{n}-{n}" for n in range(12, -1, -1)]
    assert [s.number for s in game.hand_summaries] == list(range(1, 14))


def test_m2_ten_rounds_from_9_9_with_double_nine() -> None:
    game = random_game(Game.new("mexican-train-short", players=3, seed=4), seed=4)
    assert [str(s.engine) for s in game.hand_summaries] == [f"{n}-{n}" for n in range(9, -1, -1)]


def test_m2_the_engine_is_taken_out_before_the_deal_and_lies_in_the_hub() -> None:
    round_ = Round.deal(rules(4), random.Random(1), number=3)  # round 3: the 10-10
    assert round_.engine == Tile(10, 10)
    held = {t for seat in range(4) for t in round_.tiles_of(seat)} | set(round_.boneyard())
    assert Tile(10, 10) not in held and len(held) == 90
    assert all(train.open_end == 10 and not train.tiles for train in round_.trains)  # every train starts at the hub
    with pytest.raises(InvalidPositionError, match="engine"):
        deal([["12-12", "3-4"], ["5-6"]])  # the engine cannot be dealt


def test_m2_rounds_option_plays_only_the_first_n_rounds() -> None:
    game = random_game(Game.new("mexican-train", players=3, seed=8, rounds=4), seed=8)
    assert [str(s.engine) for s in game.hand_summaries] == ["12-12", "11-11", "10-10", "9-9"]
    assert game.is_over
    with pytest.raises(RulesError, match="rounds"):
        rules(rounds=14)


# ---------------------------------------------------------------- M3: players and hands


@pytest.mark.parametrize(
    ("preset", "players", "size"),
    [
        ("mexican-train", 2, 15),
        ("mexican-train", 3, 15),
        ("mexican-train", 4, 15),
        ("mexican-train", 5, 12),
        ("mexican-train", 6, 12),
        ("mexican-train", 7, 10),
        ("mexican-train", 8, 10),
        ("mexican-train-short", 2, 10),
        ("mexican-train-short", 4, 10),
        ("mexican-train-short", 5, 8),
        ("mexican-train-short", 6, 8),
    ],
)
def test_m3_hand_sizes_follow_the_table(preset: str, players: int, size: int) -> None:
    round_ = Round.deal(rules(players, preset), random.Random(players))
    assert [round_.tile_count(seat) for seat in range(players)] == [size] * players
    assert round_.boneyard_size == round_.rules.num_tiles - 1 - size * players  # the rest is the boneyard


def test_m3_two_to_eight_players_with_double_twelve_two_to_six_with_double_nine() -> None:
    for players in (1, 9):
        with pytest.raises(RulesError):
            rules(players)
    for players in (7, 8):
        with pytest.raises(RulesError, match="2-6"):
            rules(players, "mexican-train-short")


def test_m3_hand_size_option_is_one_number_for_every_table_size() -> None:
    for players in (2, 5, 8):
        assert rules(players, hand_size=9).hand_size == 9
    with pytest.raises(RulesError, match="hand_size"):
        rules(8, hand_size=12)  # 96 tiles from a set of 90 without the engine


def test_m3_first_seat_first_then_the_seat_to_the_left_each_round() -> None:
    game = Game.new("mexican-train", players=3, seed=2, rounds=4)
    rng = random.Random(2)
    firsts = [game.round.to_move]
    while not game.is_over:
        number = game.deal_number
        game.play(rng.choice(game.legal_moves()))
        if not game.is_over and game.deal_number != number:
            firsts.append(game.round.to_move)
    assert firsts == [0, 1, 2, 0]
    assert [s.first for s in game.hand_summaries] == [0, 1, 2, 0]


# ---------------------------------------------------------------- M4: the trains


def test_m4_a_train_starts_with_a_tile_matching_the_engine_and_its_other_end_is_open() -> None:
    round_ = deal([["12-5", "3-4"], ["9-8", "1-2"]], ["6-6"])
    # 3-4 matches no train (every train's open end is the engine's 12); 12-5 may start mine or the Mexican.
    assert legal(round_) == {"12-5 mine", "12-5 mexican"}
    round_.play("12-5 mine")
    assert round_.train(0).tiles == ((12, 5),)
    assert round_.train(0).open_end == 5


def test_m4_a_tile_added_to_a_train_matches_its_open_end_and_the_other_end_becomes_open() -> None:
    round_ = Round.from_position(
        rules(), "engine: 12-12; turn: 0; hands: 3-5 1-1 / 2-2; boneyard: 4-4; trains: 12-5 / -; mexican: -"
    )
    assert legal(round_) == {"5-3 mine"}  # the tile is named as laid (5 touches the train), either way it is written
    round_.play("3-5 mine")
    assert round_.train(0).tiles == ((12, 5), (5, 3))
    assert round_.train(0).open_end == 3


def test_m4_a_closed_personal_train_is_only_its_owners() -> None:
    round_ = deal([["12-5", "3-4"], ["5-7", "1-2"]], ["6-6"])
    round_.play("12-5 mine")
    # Seat 1 holds 5-7, which matches seat 0's open end 5, but that train is closed; no 12 for a new train.
    assert legal(round_) == {"draw"}
    with pytest.raises(IllegalMoveError, match="closed"):
        round_.play("5-7 @1")


def test_m4_a_marked_train_is_open_to_everyone() -> None:
    round_ = deal([["3-4", "9-9"], ["12-5", "5-7", "1-2"]], ["10-11"])
    play(round_, "draw", "pass")  # 10-11 fits nothing: seat 0 passes and marks its train
    assert round_.marked() == {0}
    # The marked train, empty, is open to seat 1 too: it may start it.
    assert legal(round_) == {"12-5 mine", "12-5 @1", "12-5 mexican"}
    round_.play("12-5 @1")
    assert round_.train(0).tiles == ((12, 5),) and round_.marked() == {0}  # another's play leaves the marker
    round_.play("pass")  # seat 0: nothing on 5 or 12, boneyard empty; its train stays marked
    assert round_.marked() == {0}
    assert "5-7 @1" in legal(round_)


def test_m4_anyone_may_start_the_mexican_train_on_any_turn() -> None:
    round_ = deal([["12-5", "5-1", "8-8"], ["12-9", "9-3", "12-3"]], ["6-6"])
    play(round_, "12-5 mine", "12-9 mine", "5-1 mine")
    assert legal(round_) == {"9-3 mine", "12-3 mexican"}
    round_.play("12-3 mexican")
    assert round_.train("mexican").tiles == ((12, 3),)
    assert round_.train("mexican").is_open and round_.train("mexican").owner is None


# ---------------------------------------------------------------- M5: a turn


def test_m5_a_player_who_can_play_must_play_and_may_not_draw() -> None:
    round_ = deal([["12-5", "3-4"], ["9-8"]], ["6-6"])
    before = round_.position()
    with pytest.raises(IllegalMoveError, match="must") as error:
        round_.play("draw")
    assert before in str(error.value) and "draw" in error.value.public
    assert round_.position() == before  # unchanged


def test_m5_a_player_who_cannot_play_draws_one_and_plays_it_where_they_choose() -> None:
    round_ = deal([["3-4"], ["9-8"]], ["12-7", "1-1"])
    assert legal(round_) == {"draw"}
    round_.play("draw")
    assert (round_.to_move, round_.tile_count(0), round_.boneyard_size) == (0, 2, 1)
    assert legal(round_) == {"12-7 mine", "12-7 mexican"}  # at once, anywhere it may go
    round_.play("12-7 mexican")
    assert round_.events[-1].from_draw and round_.to_move == 1 and round_.marked() == frozenset()


def test_m5_a_drawn_tile_that_does_not_fit_leaves_pass_and_marks_the_train() -> None:
    round_ = deal([["3-4"], ["9-8"]], ["1-1", "12-7"])
    round_.play("draw")
    assert legal(round_) == {"pass"}
    round_.play("pass")
    assert round_.marked() == {0} and round_.to_move == 1
    assert round_.events[-1].marker_out


def test_m5_with_the_boneyard_empty_a_player_who_cannot_play_passes_and_puts_out_their_marker() -> None:
    round_ = deal([["3-4"], ["9-8", "12-1"]])
    assert legal(round_) == {"pass"}
    round_.play("pass")
    assert round_.marked() == {0}


def test_m5_the_owner_playing_on_a_marked_train_takes_the_marker_off() -> None:
    round_ = Round.from_position(
        rules(),
        "engine: 12-12; turn: 0; hands: 5-3 1-1 / 2-2; boneyard: 4-4; trains: 12-5 / -; mexican: -; marked: @1",
    )
    round_.play("5-3 mine")
    assert round_.marked() == frozenset()
    assert round_.events[-1].marker_off


def test_m5_a_train_already_marked_stays_marked() -> None:
    round_ = Round.from_position(
        rules(), "engine: 12-12; turn: 0; hands: 3-4 / 2-2 9-1; trains: - / 12-9; mexican: -; marked: @1"
    )
    round_.play("pass")
    assert round_.marked() == {0} and not round_.events[-1].marker_out
    assert not round_.events[-1].ended_run  # a pass like any other: no run was going on


def test_m5_first_turn_one_is_one_tile_like_any_turn() -> None:
    round_ = deal([["12-5", "5-3", "3-1"], ["12-2", "2-4"]], ["7-7"])
    round_.play("12-5 mine")
    assert round_.to_move == 1


def test_m5_first_turn_run_plays_any_number_of_tiles_on_ones_own_train() -> None:
    round_ = deal([["12-5", "5-3", "3-1", "12-8"], ["12-2", "2-4", "7-7"]], ["10-10"], first_turn="run")
    round_.play("12-5 mine")
    assert round_.to_move == 0 and round_.in_run
    assert legal(round_) == {"5-3 mine", "pass"}  # on one's own train only: not 12-8 on the Mexican Train
    play(round_, "5-3 mine", "3-1 mine")  # nothing left for the 1: the run, and the turn, end
    assert round_.train(0).tiles == ((12, 5), (5, 3), (3, 1)) and round_.to_move == 1
    round_.play("12-2 mine")
    assert legal(round_) == {"2-4 mine", "pass"}
    round_.play("pass")  # seat 1 ends its run: it has played, so no marker
    assert round_.marked() == frozenset() and round_.to_move == 0
    assert round_.events[-1].ended_run and not round_.events[-1].marker_out
    assert str(round_.events[-1]) == "1: pass (run over)"
    assert legal(round_) == {"12-8 mexican"}


def test_m5_first_turn_run_is_only_the_first_turn_and_only_on_ones_own_train() -> None:
    round_ = deal([["12-5", "5-3", "3-1"], ["12-2", "2-4", "7-7"]], ["10-10"], first_turn="run")
    play(round_, "12-5 mine", "pass")  # seat 0 stops its run at once
    round_.play("12-2 mexican")  # seat 1's first play is not on its own train: one tile, like any turn
    assert round_.to_move == 0
    round_.play("5-3 mine")  # seat 0's second turn: one tile although 3-1 would follow
    assert round_.to_move == 1


# ---------------------------------------------------------------- M6: doubles


def _double_deal(**options: Any) -> Round:
    """Seat 0 has started its train with 12-6 and seat 1 with 12-9; seat 0 to play, holding 6-6, 6-1 and 12-3."""
    round_ = deal([["12-6", "6-6", "6-1", "12-3"], ["12-9", "6-2", "9-1", "3-5"]], ["11-11", "10-10"], **options)
    play(round_, "12-6 mine", "12-9 mine")
    return round_


def test_m6_a_double_is_followed_by_one_more_tile_anywhere_it_may_go() -> None:
    round_ = _double_deal()
    round_.play("6-6 mine")
    assert round_.to_move == 0 and round_.plays_again
    assert round_.waiting_doubles() == ()  # not unsatisfied yet: its player's turn goes on
    assert legal(round_) == {"6-1 mine", "12-3 mexican"}
    round_.play("12-3 mexican")
    assert round_.to_move == 1


def test_m6_an_unsatisfied_double_must_be_covered_before_anything_else_whoever_s_train_it_is_on() -> None:
    round_ = _double_deal()
    play(round_, "6-6 mine", "12-3 mexican")
    assert round_.waiting_doubles() == (Tile(6, 6),) and round_.waiting_trains() == (0,)
    # Seat 1 could play 9-1 on its own train or 3-5 on the Mexican Train, but must cover the 6-6 on seat 0's
    # closed train, and nowhere else.
    assert legal(round_) == {"6-2 @1"}
    round_.play("6-2 @1")
    assert round_.waiting_doubles() == ()
    assert round_.train(0).tiles == ((12, 6), (6, 6), (6, 2)) and round_.marked() == frozenset()
    assert round_.events[-1].covered
    assert legal(round_) == {"draw"}  # seat 0 holds 6-1: nothing on 2 (its train), 3 (Mexican); play is free


def test_m6_a_player_who_cannot_cover_draws_and_plays_the_drawn_tile_on_the_double_only() -> None:
    round_ = deal([["12-6", "6-6", "12-3", "10-11"], ["12-9", "9-1", "3-5"]], ["9-6", "8-8"])
    play(round_, "12-6 mine", "12-9 mine", "6-6 mine", "12-3 mexican")
    assert legal(round_) == {"draw"}  # seat 1 has no 6
    round_.play("draw")  # 9-6: it would fit seat 1's own 9 too, but it must go on the double
    assert legal(round_) == {"6-9 @1"}


def test_m6_a_player_who_cannot_cover_and_draws_no_fit_passes_and_marks_and_the_double_still_waits() -> None:
    round_ = deal([["12-6", "6-6", "12-3", "6-4"], ["12-9", "9-1", "3-5"]], ["8-8", "7-7"])
    play(round_, "12-6 mine", "12-9 mine", "6-6 mine", "12-3 mexican", "draw")
    assert legal(round_) == {"pass"}
    round_.play("pass")
    assert round_.marked() == {1} and round_.waiting_doubles() == (Tile(6, 6),)
    assert legal(round_) == {"6-4 mine"}  # its own player must cover it now too


def test_m6_several_unsatisfied_doubles_are_satisfied_in_the_order_they_were_played() -> None:
    round_ = deal(
        [["12-6", "6-6", "12-3", "3-3", "10-11"], ["12-9", "9-8", "6-2", "3-5", "7-7"]], ["4-5", "3-1", "2-2"]
    )
    play(round_, "12-6 mine", "12-9 mine", "12-3 mexican", "9-8 mine", "6-6 mine")
    assert legal(round_) == {"3-3 mexican"}  # after the 6-6: only the 3-3 fits anywhere (no 6 left)
    round_.play("3-3 mexican")  # a double again: seat 0 plays again
    assert legal(round_) == {"draw"}
    play(round_, "draw")  # 4-5 fits nothing
    assert legal(round_) == {"pass"}
    round_.play("pass")
    assert round_.marked() == {0}
    assert round_.waiting_doubles() == (Tile(6, 6), Tile(3, 3))
    assert round_.waiting_trains() == (0, "mexican")
    assert legal(round_) == {"6-2 @1"}  # seat 1 holds 5-3 for the 3-3 too, but the 6-6 came first
    round_.play("6-2 @1")
    assert round_.waiting_doubles() == (Tile(3, 3),)
    assert legal(round_) == {"draw"}  # seat 0 must cover the 3-3 and has no 3
    round_.play("draw")
    assert legal(round_) == {"3-1 mexican"}


def test_m6_a_drawn_double_that_fits_is_played_and_its_player_plays_again() -> None:
    round_ = deal([["12-6", "3-4"], ["12-9", "9-1"]], ["6-6", "6-5"])
    play(round_, "12-6 mine", "12-9 mine")
    assert legal(round_) == {"draw"}
    play(round_, "draw", "6-6 mine")
    assert round_.to_move == 0 and round_.plays_again
    assert legal(round_) == {"draw"}  # nothing in hand follows the 6-6
    play(round_, "draw", "6-5 mine")  # the next drawn tile covers it
    assert round_.to_move == 1 and round_.waiting_doubles() == ()


def test_m6_after_double_cover_the_next_tile_must_go_on_the_double_when_it_can() -> None:
    round_ = _double_deal(after_double="cover")
    round_.play("6-6 mine")
    assert legal(round_) == {"6-1 mine"}  # not 12-3 on the Mexican Train, as the default allows
    with pytest.raises(IllegalMoveError, match="cover"):
        round_.play("12-3 mexican")


def test_m6_after_double_cover_plays_anywhere_when_the_double_cannot_be_covered() -> None:
    round_ = deal([["12-6", "6-6", "12-3", "3-4"], ["12-9", "9-1"]], ["11-11"], after_double="cover")
    play(round_, "12-6 mine", "12-9 mine", "6-6 mine")
    assert legal(round_) == {"12-3 mexican"}


# ---------------------------------------------------------------- M7: the end of a round


def test_m7_a_round_ends_at_once_when_a_player_plays_their_last_tile() -> None:
    round_ = deal([["12-5"], ["3-4", "6-6", "0-0"]], ["1-1"])
    ended = round_.play("12-5 mine")
    assert ended is not None and round_.is_over and round_.to_move is None
    assert (ended.termination, ended.winner) == (Termination.WENT_OUT, 0)
    assert ended.points == (0, 3 + 4 + 12 + 0)  # the one who went out adds nothing
    assert ended.hands == ((), tiles("0-0 4-3 6-6"))  # every hand face up (in tile order)
    assert round_.legal_moves() == ()


def test_m7_going_out_on_a_double_ends_the_round() -> None:
    round_ = deal([["12-6", "6-6"], ["9-8", "1-2"]], ["5-5", "4-4"])
    play(round_, "12-6 mine", "draw", "pass")
    ended = round_.play("6-6 mine")
    assert ended is not None and ended.winner == 0 and ended.points == (0, 17 + 3 + 10)  # 9-8, 2-1, drawn 5-5


def test_m7_a_round_is_blocked_when_the_boneyard_is_empty_and_every_player_in_turn_has_passed() -> None:
    round_ = deal([["3-4", "1-1"], ["5-6", "2-1"], ["8-9"]])
    play(round_, "pass", "pass")
    assert not round_.is_over  # seat 2 has not passed yet
    ended = round_.play("pass")
    assert ended is not None and ended.termination is Termination.BLOCKED and ended.winner is None
    assert ended.points == (9, 14, 17)
    assert round_.pips_left() == (9, 14, 17)


def test_m7_double_blank_default_counts_zero() -> None:
    round_ = deal([["12-5"], ["0-0", "2-1"]], ["1-1"])
    assert round_.pips_left() == (17, 3)
    assert round_.play("12-5 mine") is not None and round_.summary is not None
    assert round_.summary.points == (0, 3)


def test_m7_double_blank_option_counts_a_0_0_left_in_hand_as_50() -> None:
    round_ = deal([["12-5"], ["0-0", "2-1"]], ["1-1"], double_blank=50)
    assert round_.pips_left() == (17, 53)
    ended = round_.play("12-5 mine")
    assert ended is not None and ended.points == (0, 53)


# ---------------------------------------------------------------- M8: the end of the game


def test_m8_after_the_last_round_the_lowest_total_wins() -> None:
    round_ = deal([["3-4"], ["5-6"]], rounds=1)  # one-round game: this round is the last
    game = Game.from_round(round_)
    play_all = [game.play("pass"), game.play("pass")]
    assert play_all[0] is None and play_all[1] is not None
    assert game.is_over and game.outcome is not None
    assert game.scores == (7, 11) and game.outcome.winners == {0} and game.outcome.winner == 0
    assert game.outcome.termination is Termination.LAST_ROUND


def test_m8_players_on_the_same_lowest_total_share_the_win() -> None:
    game = Game.from_round(deal([["3-4", "9-9"], ["5-2"], ["6-1"]], rounds=1))
    # Hand-worked: 3-4 9-9 = 25, 5-2 = 7, 6-1 = 7.
    for _ in range(3):
        game.play("pass")
    assert game.outcome is not None
    assert game.scores == (25, 7, 7) and game.outcome.winners == {1, 2} and game.outcome.winner is None
    assert game.result_record() == {
        "termination": "last round",
        "winner": None,
        "winners": [1, 2],
        "scores": [25, 7, 7],
    }


def test_m8_totals_add_up_over_the_rounds() -> None:
    game = random_game(Game.new("mexican-train", players=4, seed=11, rounds=3), seed=11)
    totals = [sum(s.points[p] for s in game.hand_summaries) for p in range(4)]
    assert list(game.scores) == totals
    assert game.outcome is not None and game.outcome.winners == {p for p in range(4) if totals[p] == min(totals)}


# ---------------------------------------------------------------- M9: what everyone sees


def test_m9_an_observation_holds_the_public_table_and_only_the_viewer_s_own_tiles() -> None:
    a = deal([["12-5", "3-4"], ["6-6", "2-1"]], ["7-7", "8-1"])
    b = deal([["12-5", "3-4"], ["9-9", "4-1"]], ["10-1", "8-8"])  # other hidden tiles, same counts
    assert a.observation(0) == b.observation(0)
    for round_ in (a, b):
        play(round_, "12-5 mine", "draw")  # seat 1 cannot play and draws
    seen = a.observation(0)
    assert seen == b.observation(0)  # which tile was drawn is hidden
    assert seen.hand == tiles("4-3") and seen.tile_counts == (1, 3) and seen.stock_size == 1
    assert seen.engine == Tile(12, 12) and seen.trains[0].tiles == ((12, 5),) and seen.trains[0].open_end == 5
    assert seen.to_move == 1 and seen.legal_moves == () and seen.drew and seen.drawn is None
    assert str(seen.events[-1].move) == "draw"
    assert a.observation(1).drawn == Tile(7, 7) and a.observation(1) != b.observation(1)


def test_m9_markers_and_waiting_doubles_are_public() -> None:
    round_ = deal([["12-6", "6-6", "12-3", "6-4"], ["12-9", "9-1", "3-5"]], ["8-8", "7-7"])
    play(round_, "12-6 mine", "12-9 mine", "6-6 mine", "12-3 mexican", "draw", "pass")
    seen = round_.observation(0)
    assert seen.marked == {1} and seen.trains[1].marked
    assert seen.waiting_doubles == ((Tile(6, 6), 0),)
    assert seen.deal_number == seen.round_number == 1 and seen.past_deals == () and seen.deal_over is None


# ---------------------------------------------------------------- M10: notation


def test_m10_a_move_names_its_tile_and_its_train_and_reads_back_exactly() -> None:
    for text, train in (("12-5 mine", "mine"), ("7-5 mexican", "mexican"), ("7-3 @3", 2)):
        move = Move.parse(text)
        assert str(move) == text and move.train == train and Move.parse(str(move)) == move
    assert Move.parse("5-12 MINE") == Move.parse("12-5 mine")
    assert str(Move.parse(" draw ")) == "draw" and str(Move.parse("pass")) == "pass"
    assert Move.parse("draw").reveals_hidden and not Move.parse("12-5 mine").reveals_hidden


def test_m10_own_seat_and_short_forms_are_read_against_the_position() -> None:
    round_ = deal([["12-5", "3-4"], ["9-8"]], ["6-6"])
    assert str(round_.parse_move("12-5 @1")) == "12-5 mine"  # one's own train by seat is 'mine'
    with pytest.raises(Exception, match="fits 2 trains"):
        round_.parse_move("12-5")
    round_.play("12-5 mine")
    round_.play("draw")  # 6-6 for seat 1: does not fit
    assert str(round_.parse_move("pass")) == "pass"


def test_m10_a_whole_position_reads_back_exactly() -> None:
    text = (
        "engine: 12-12; first: 0; turn: 1; hands: 3-1 10-4 / 8-0 11-2; boneyard: 4-1 7-7; "
        "trains: 12-6 6-6 / 12-9; mexican: 12-3 3-3; marked: @1; waiting: @1 mexican; scores: 10 25"
    )
    round_ = Round.from_position(rules(), text)
    assert round_.position() == text
    assert round_.waiting_doubles() == (Tile(6, 6), Tile(3, 3)) and round_.marked() == {0}
    assert round_.scores == (10, 25) and round_.to_move == 1
    with pytest.raises(InvalidPositionError, match="does not join"):
        Round.from_position(rules(), text.replace("12-6 6-6", "12-6 5-5"))
    with pytest.raises(InvalidPositionError, match="every train that ends in a double"):
        Round.from_position(rules(), text.replace("waiting: @1 mexican", "waiting: @1"))


# ---------------------------------------------------------------- presets and the rules value


def test_presets_and_their_options_round_trip_through_a_dict() -> None:
    assert Rules.preset_names() == ("mexican-train", "mexican-train-short")
    default = Rules.preset("mexican-train", players=8)
    assert (default.set, default.rounds, default.hand_size, default.target) == ("double-twelve", 13, 10, 13)
    assert (default.first_turn, default.after_double, default.double_blank) == ("one", "anywhere", 0)
    short = Rules.from_preset("mexican-train-short", 6)
    assert (short.set, short.rounds, short.hand_size, short.preset) == ("double-nine", 10, 8, "mexican-train-short")
    for value in (default, short, rules(3, first_turn="run", after_double="cover", double_blank=50, rounds=2)):
        assert Rules.from_dict(value.to_dict()) == value
    assert rules(3, first_turn="run").preset == "custom"
    with pytest.raises(RulesError, match="first_turn"):
        rules(first_turn="all")
    with pytest.raises(RulesError, match="after_double"):
        rules(after_double="free")
    with pytest.raises(RulesError, match="unknown preset"):
        Rules.preset("chicken-foot")
