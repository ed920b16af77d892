"""All-fives (rule sheet D4, the spinner; D7 and D8, `all-fives`): one test per rule, from literal positions.

Counts are worked out in the comments from the rule sheet: every arm's outermost free number, a
double crossways at an arm's end both halves, the spinner both halves while one of its sides is free.
"""

from __future__ import annotations

from typing import Any

import pytest

from bonepile.dominoes import (
    Event,
    Game,
    Hand,
    IllegalMoveError,
    InvalidPositionError,
    Move,
    Rules,
    Termination,
    Tile,
)


def rules(players: int = 2, **options: Any) -> Rules:
    return Rules.from_preset("all-fives", players, **options)


def at(text: str, players: int = 2, **options: Any) -> Hand:
    return Hand.from_position(rules(players, **options), text)


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(word) for word in text.split()]


def moves(*texts: str) -> set[Move]:
    return {Move.parse(text) for text in texts}


def last(hand: Hand) -> Event:
    return hand.events[-1]


def test_d7_a_5_5_lead_scores_10() -> None:
    hand = Hand(rules(), [tiles("5-5 6-1 2-1"), tiles("4-4 3-0 2-0")], tiles("6-6"))
    assert hand.legal_moves() == (Move.parse("5-5"),)  # D3: the highest double leads
    hand.play("5-5")
    assert (last(hand).points, last(hand).count, hand.count) == (10, 10, 10)
    assert hand.play_points == (10, 0) and hand.scores == (10, 0)
    assert hand.spinner == Tile(5, 5)  # D4: the first double played is the spinner


def test_d7_a_6_4_lead_scores_10_and_a_count_that_is_no_multiple_of_five_scores_nothing() -> None:
    hand = Hand(rules(leader="first_seat"), [tiles("6-4 3-1"), tiles("4-2 2-0")], tiles("6-6"))
    hand.play("6-4")
    assert last(hand).points == 10  # 6 + 4
    hand.play("4-2 right")  # ends 6 and 2: 8
    assert (last(hand).points, hand.count, hand.scores) == (0, 8, (10, 0))


def test_d7_the_spinner_with_one_side_played_still_counts_both_halves() -> None:
    hand = at("hands: 5-0 1-1 / 6-3 2-2; line: 5-5; spinner: 5-5; boneyard: 6-6; turn: 0")
    assert hand.count == 10  # the spinner alone: both halves
    hand.play("5-0 right")
    # West of it nothing yet: the spinner is an end and counts 5 + 5, beside the 0 at the east end.
    assert (hand.count, last(hand).points, hand.scores) == (10, 10, (10, 0))


def test_d7_the_spinner_played_later_counts_both_halves_at_the_end_of_its_arm() -> None:
    hand = at("hands: 4-4 1-1 / 6-3 2-2; line: 6-4; boneyard: 6-6; turn: 0")
    assert hand.spinner is None
    hand.play("4-4 right")
    assert hand.spinner == Tile(4, 4)
    assert hand.count == 6 + 8  # the 6, and the spinner's both halves
    assert [end.value for end, _ in hand.open_ends] == ["left", "right"]


def test_d4_the_spinners_ends_open_only_after_both_sides_hold_a_tile() -> None:
    hand = at("hands: 5-3 5-2 5-6 / 5-1 5-4 0-0; line: 5-5; spinner: 5-5; boneyard: 6-6; turn: 0")
    # The lone spinner: its two sides are alike, so each tile of 5 is one move (at the right side).
    assert set(hand.legal_moves()) == moves("5-3 right", "5-2 right", "5-6 right")
    hand.play("5-3 right")
    assert set(hand.legal_moves()) == moves("5-1 left", "5-4 left")  # no north or south yet
    with pytest.raises(IllegalMoveError, match="north end opens only once both its sides hold a tile"):
        hand.play("5-1 north")
    hand.play("5-1 left")  # both sides covered: north and south open, both showing 5
    assert dict(hand.open_ends) == {
        Move.parse("1-1 left").end: 1,
        Move.parse("3-3 right").end: 3,
        Move.parse("5-5 north").end: 5,
        Move.parse("5-5 south").end: 5,
    }
    # The empty north and south ends are alike: one move, at the north end.
    assert set(hand.legal_moves()) == moves("5-2 north", "5-6 north")
    hand.play("5-2 north")
    assert hand.count == 1 + 3 + 2  # the spinner lies inside now; north counts its free 2
    assert hand.north == ((5, 2),)
    assert set(hand.legal_moves()) == moves("5-4 south")


def test_d4_a_player_who_can_play_must_even_for_no_points_and_only_one_who_cannot_draws() -> None:
    # Ends 1 (west), 3 (east) and the spinner's empty north and south (5): count 1 + 3 = 4.
    # Player 0's 5-2 fits only the spinner's ends and scores nothing there (1 + 3 + 2 = 6), its 6-6 fits
    # nothing: the one move is 5-2 north, not a draw, though the boneyard is full; never the 6-6.
    text = "hands: 5-2 6-6 / 4-4 0-0; line: 1-5 5-5 5-3; spinner: 5-5; north: -; south: -; boneyard: 2-1 6-1; turn: 0"
    hand = at(text)
    assert hand.count == 4
    assert hand.legal_moves() == (Move.parse("5-2 north"),)
    hand.play("5-2 north")
    assert (hand.count, last(hand).points) == (6, 0)
    # Player 1's 4-4 and 0-0 fit none of 1, 3, 2 and 5: a draw, the only move.
    assert hand.legal_moves() == (Move.parse("draw"),)


def test_d4_later_doubles_are_ordinary_and_a_double_at_an_arms_end_counts_both_halves() -> None:
    hand = at("hands: 6-6 4-1 / 3-3 2-0; line: 3-5 5-5 5-6; spinner: 5-5; north: -; south: -; boneyard: 2-1; turn: 0")
    assert hand.count == 3 + 6
    hand.play("6-6 right")
    assert hand.spinner == Tile(5, 5)  # 6-6 is no second spinner: no new ends
    assert (hand.count, last(hand).points) == (3 + 12, 15)


def test_d7_a_double_on_the_spinners_arm_counts_both_halves() -> None:
    hand = at("hands: 2-2 4-1 / 3-3 6-0; line: 3-5 5-5 5-6; spinner: 5-5; north: 5-2; south: -; boneyard: 1-1; turn: 0")
    assert hand.count == 3 + 6 + 2
    hand.play("2-2 north")
    assert (hand.count, last(hand).points) == (3 + 6 + 4, 0)


def test_d7_a_double_at_the_end_of_a_line_without_spinner_counts_both_halves() -> None:
    hand = at("hands: 4-4 1-1 / 3-3 2-0; line: 2-6 6-4; boneyard: 6-6; turn: 0", spinner=False)
    hand.play("4-4 right")
    assert (hand.count, last(hand).points) == (2 + 8, 10)


@pytest.mark.parametrize(("held", "pips", "points"), [("6-4 2-0", 12, 10), ("6-5 2-0", 13, 15), ("6-5 4-0", 15, 15)])
def test_d7_a_domino_scores_the_others_pips_rounded_to_the_nearest_five(held: str, pips: int, points: int) -> None:
    hand = at(f"hands: 3-1 / {held}; line: 4-1; boneyard: -; turn: 0")
    outcome = hand.play("3-1 right")  # ends 4 and 3: a count of 7 scores nothing
    assert outcome is not None and outcome.termination is Termination.DOMINO
    assert outcome.pips == (0, pips) and outcome.points == (points, 0)


def test_d7_a_block_scores_the_difference_rounded_and_partners_count_together() -> None:
    # Player 0 plays 3-1 at the 1: ends 4 and 3, nobody holds either and nobody may draw.
    hand = at("hands: 3-1 1-0 / 6-6 6-2; line: 4-1; boneyard: -; turn: 0", drawing=False)
    outcome = hand.play("3-1 right")
    assert outcome is not None and outcome.termination is Termination.BLOCKED
    assert outcome.pips == (1, 20) and outcome.points == (20, 0)  # 20 - 1 = 19 -> 20


def test_d7_with_teams_the_partners_count_scores_for_the_team() -> None:
    text = "hands: 6-1 2-1 / 6-2 2-0 / 5-0 3-1 / 6-3 4-3; line: 5-5; spinner: 5-5; boneyard: -; turn: 2"
    hand = at(text, 4, teams=True, drawing=False)
    hand.play("5-0 right")  # 10 + 0: seat 2 scores for the team of seats 0 and 2
    assert hand.scores == (10, 0) and last(hand).points == 10


def test_d8_the_game_ends_mid_hand_the_moment_a_count_reaches_the_target() -> None:
    hand = at("hands: 5-0 1-1 3-2 / 6-3 2-2 4-1; line: 5-5; spinner: 5-5; boneyard: 6-6; turn: 0")
    game = Game.from_hand(hand, scores=(140, 145))
    game.play("5-0 right")  # 10: 140 + 10 = 150
    assert game.is_over and game.outcome is not None
    assert (game.outcome.termination, game.outcome.winner, game.scores) == (Termination.TARGET_REACHED, 0, (150, 145))
    assert game.legal_moves() == () and game.to_move is None
    assert game.hand.tile_count(0) == 2  # the hand was not played out
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play("1-1")


def test_d8_below_the_target_the_hand_goes_on_and_the_points_count() -> None:
    hand = at("hands: 5-0 1-1 3-2 / 6-3 2-2 4-1; line: 5-5; spinner: 5-5; boneyard: 6-6; turn: 0")
    game = Game.from_hand(hand, scores=(135, 0))
    game.play("5-0 right")
    assert not game.is_over and game.scores == (145, 0) and game.to_move == 1
    assert game.observation(1).scores == (145, 0)


def test_notation_names_the_four_arms_and_compass_names_are_read() -> None:
    assert str(Move.parse("5-3 north")) == "5-3 north"
    assert Move.parse("3-5 n") is Move.parse("5-3 north")
    assert Move.parse("5-3 south") is Move.parse("5-3 s")
    assert Move.parse("5-3 west") is Move.parse("5-3 left")
    assert Move.parse("5-3 e") is Move.parse("5-3 right")


def test_position_with_a_spinner_and_its_arms_round_trips() -> None:
    text = (
        "hands: 6-1 / 4-0; line: 3-5 5-5 5-6; spinner: 5-5; north: 5-2 2-2; south: -; "
        "boneyard: 1-1; turn: 1; scores: 20 35"
    )
    hand = at(text)
    assert hand.position() == text
    assert hand.scores == (20, 35) and hand.count == 3 + 6 + 4
    observation = hand.observation(1)
    assert observation.spinner == Tile(5, 5) and observation.north == ((5, 2), (2, 2))
    assert observation.count == 13 and observation.open_numbers == {3, 6, 2, 5}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hands: 6-1 / 4-0; line: 3-5 5-5; boneyard: -; turn: 0", "say which one is the spinner"),
        ("hands: 6-1 / 4-0; line: 3-5 5-5; spinner: 4-4; boneyard: -; turn: 0", "is not in the line"),
        ("hands: 6-1 / 4-0; line: 3-5 5-5; spinner: 5-5; north: 5-2; boneyard: -; turn: 0", "open only once"),
        ("hands: 6-1 / 4-0; line: 3-5 5-5 5-6; spinner: 5-5; north: 4-2; boneyard: -; turn: 0", "does not join"),
    ],
)
def test_a_position_whose_spinner_could_not_have_been_played_is_refused(text: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        at(text)


def test_the_spinner_mixes_with_block_a_player_who_cannot_play_passes() -> None:
    hand = at("hands: 6-1 / 4-0 5-1; line: 5-5; spinner: 5-5; boneyard: 2-2; turn: 0", drawing=False)
    assert [str(m) for m in hand.legal_moves()] == ["pass"]
    hand = at("hands: 6-1 / 4-0 5-1; line: 5-5; spinner: 5-5; boneyard: 2-2; turn: 0")
    assert [str(m) for m in hand.legal_moves()] == ["draw"]  # drawing as in `draw`


def test_the_spinner_on_a_double_nine_set() -> None:
    hand = at("hands: 9-1 / 8-0; line: 9-9; spinner: 9-9; boneyard: 7-7; turn: 0", set="double-nine")
    hand.play("9-1 right")  # 18 + 1 = 19
    assert hand.count == 19 and hand.play_points == (0, 0)
