"""One test (at least) per rule D1-D8 of the rule sheet and per option of its table.

Every test starts from a literal position: an explicit deal (``Hand(rules, hands, boneyard)``,
which applies D3) or a position text (``Hand.from_position``). Expected moves, lines and
points are worked out from the rule sheet in the comments, not read off the engine.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bonepile.dominoes import (
    DRAW,
    PASS,
    Game,
    Hand,
    IllegalMoveError,
    InvalidPositionError,
    Move,
    Rules,
    RulesError,
    Termination,
    Tile,
    tiles_of_set,
)


def tile(text: str) -> Tile:
    return Tile.parse(text)


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(word) for word in text.split()]


def moves(*texts: str) -> set[Move]:
    return {Move.parse(text) for text in texts}


def at(text: str, preset: str = "draw", players: int | None = None, **options: Any) -> Hand:
    return Hand.from_position(Rules.from_preset(preset, players, **options), text)


def assert_position(hand: Hand, text: str) -> None:
    """``hand`` is in the position ``text`` (normalised through the engine's own reader)."""
    assert hand.position() == Hand.from_position(hand.rules, text).position()


# ---------------------------------------------------------------- D1: the set


def test_d1_double_six_is_every_pair_once_28_tiles() -> None:
    expected = {(high, low) for high in range(7) for low in range(high + 1)}
    found = [(t.high, t.low) for t in tiles_of_set(6)]
    assert len(found) == 28
    assert set(found) == expected
    assert Rules.from_preset("draw").num_tiles == 28


def test_d1_double_pips_and_either_order_name_the_same_tile() -> None:
    assert tile("6-6").is_double and tile("0-0").is_double
    assert not tile("6-5").is_double
    assert tile("6-4").pips == 10
    assert tile("4-6") is tile("6-4")
    assert (tile("4-6").high, tile("4-6").low) == (6, 4)


@pytest.mark.parametrize(
    ("name", "top", "count"), [("double-six", 6, 28), ("double-nine", 9, 55), ("double-twelve", 12, 91)]
)
def test_d1_option_set_deals_the_whole_set_once(name: str, top: int, count: int) -> None:
    assert count == (top + 1) * (top + 2) // 2
    rules = Rules.from_preset("draw", 2, set=name)
    assert rules.num_tiles == count
    hand = Game(rules, seed=5).hand
    dealt = [*hand.tiles_of(0), *hand.tiles_of(1), *hand.boneyard()]
    assert len(dealt) == count
    assert set(dealt) == {Tile(a, b) for a in range(top + 1) for b in range(a + 1)}


def test_d1_a_tile_outside_the_set_is_refused() -> None:
    with pytest.raises(InvalidPositionError, match="7-7"):
        at("hands: 7-7 / 1-0; line: -; boneyard: -; turn: 0")
    # The same deal is fine with a double-nine set, where 7-7 is the highest double (D3).
    hand = at("hands: 7-7 / 1-0; line: -; boneyard: -; turn: 0; lead: 7-7", set="double-nine")
    assert hand.legal_moves() == (Move.play(tile("7-7")),)


@pytest.mark.parametrize("top", range(2, 13))
def test_d1_option_set_is_any_double_n_from_2_to_12(top: int) -> None:
    names = ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
    rules = Rules.from_preset("block", 2, set=f"double-{names[top - 2]}", hand_size=2)
    assert rules.max_pips == top and rules.num_tiles == (top + 1) * (top + 2) // 2
    assert set(tiles_of_set(top)) == {Tile(a, b) for a in range(top + 1) for b in range(a + 1)}


def test_d1_double_two_block_a_tiny_variant_plays_to_its_end() -> None:
    # Six tiles: 0-0 1-0 1-1 2-0 2-1 2-2. Player 0 holds 2-2 1-0, player 1 holds 2-1 2-0 (D3: 2-2 leads).
    rules = Rules.from_preset("block", 2, set="double-two", hand_size=2)
    hand = Hand(rules, [tiles("2-2 1-0"), tiles("2-1 2-0")])
    assert hand.legal_moves() == (Move.play(tile("2-2")),)
    hand.play("2-2")
    # Both ends show 2: each tile is one move (the double's two ends are the same place).
    assert set(hand.legal_moves()) == moves("2-0 right", "2-1 right")
    hand.play("2-0 right")  # ends 2 and 0
    assert hand.legal_moves() == (Move.parse("1-0 right"),)
    ended = hand.play("1-0 right")  # player 0 goes out; player 1 still holds 2-1
    assert ended is not None and ended.termination is Termination.DOMINO and ended.points == (3, 0)


class _OtherRandom(random.Random):
    """A generator of another type: ``Hand.deal`` then calls its own ``shuffle``."""


@pytest.mark.parametrize("name", ["double-two", "double-six", "double-nine", "double-twelve"])
@pytest.mark.parametrize("seed", range(6))
def test_d2_a_deal_is_the_set_shuffled_by_the_generator_then_dealt_in_seat_order(name: str, seed: int) -> None:
    # D2: the set shuffled with the generator's own shuffle; hand i is the i-th run of hand_size tiles, the
    # rest the boneyard in that order. The engine's quicker shuffle must give the very same deck (records replay).
    rules = Rules.from_preset("draw", 2, set=name, hand_size=2)
    for rng, again in ((random.Random(seed), random.Random(seed)), (_OtherRandom(seed), random.Random(seed))):
        hand = Hand.deal(rules, rng)
        deck = list(range(rules.num_tiles))
        again.shuffle(deck)
        assert [t.index for t in hand.tiles_of(0)] == sorted(deck[0:2])
        assert [t.index for t in hand.tiles_of(1)] == sorted(deck[2:4])
        assert [t.index for t in hand.boneyard()] == deck[4:]
        assert rng.random() == again.random()  # the generator is left where a plain shuffle leaves it
        assert Hand.dealt(rules, deck).position() == hand.position()


def test_d2_a_hand_size_the_set_cannot_deal_says_the_largest_that_fits() -> None:
    with pytest.raises(RulesError, match=r"a double-two set has 6 \(hand_size 3 at most\)"):
        Rules.from_preset("block", 2, set="double-two")
    with pytest.raises(RulesError, match=r"hand_size 2 at most"):
        Rules.from_preset("block", 3, set="double-two", hand_size=3)
    assert Rules.from_preset("block", 2, set="double-three", hand_size=3).num_tiles == 10


def test_option_preset_is_named_only_when_every_option_is_the_presets() -> None:
    assert Rules.from_preset("block", 3).preset == "block"
    assert Rules.from_preset("block", drawing=False).preset == "block"  # the preset's own value
    assert Rules.from_preset("block", set="double-three", hand_size=3).preset == "custom"
    assert Rules.from_preset("draw", target=150).preset == "custom"
    assert Rules.from_preset("draw").with_options(target=150).preset == "custom"
    assert Rules.from_preset("draw", 3).with_options(hand_size=5).preset == "draw"
    stored = Rules.from_preset("block").to_dict() | {"drawing": True}  # block's name on draw's options
    assert Rules.from_dict(stored).preset == "custom"
    assert Rules.from_dict(Rules.from_preset("partnership").to_dict()).preset == "partnership"


def test_option_boneyard_reserve_without_drawing_is_refused() -> None:
    stored = Rules.from_preset("block").to_dict() | {"boneyard_reserve": 2}
    with pytest.raises(RulesError, match="boneyard_reserve 2 keeps tiles back from drawing, but drawing is off"):
        Rules.from_dict(stored)
    with pytest.raises(RulesError, match="drawing is off"):
        Rules.from_preset("block", boneyard_reserve=1)
    assert Rules.from_dict(Rules.from_preset("draw-reserve").to_dict()).boneyard_reserve == 2


def test_option_set_unknown_name_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="unknown set 'double-one'"):
        Rules.from_preset("draw", set="double-one")


# ---------------------------------------------------------------- D2: players and hands


@pytest.mark.parametrize(
    ("preset", "players", "size"),
    [
        ("draw", 2, 7),
        ("draw", 3, 5),
        ("draw", 4, 5),
        ("draw-reserve", 2, 7),
        ("block", 2, 7),
        ("block", 3, 7),
        ("block", 4, 7),
        ("partnership", 4, 7),
        ("all-fives", 2, 7),
        ("all-fives", 3, 5),
        ("all-fives", 4, 5),
    ],
)
def test_d2_hand_size_per_preset_and_player_count(preset: str, players: int, size: int) -> None:
    rules = Rules.from_preset(preset, players)
    assert (rules.players, rules.hand_size) == (players, size)
    hand = Game(rules, seed=11).hand
    assert [len(hand.tiles_of(p)) for p in range(players)] == [size] * players
    assert hand.boneyard_size == 28 - players * size  # D2: the rest is the boneyard


@pytest.mark.parametrize(("preset", "players"), [("draw", 2), ("draw-reserve", 2), ("block", 2), ("partnership", 4)])
def test_d2_default_player_count(preset: str, players: int) -> None:
    assert Rules.from_preset(preset).players == players


@pytest.mark.parametrize(
    ("preset", "players", "allowed"),
    [
        ("draw", 1, "2-4"),
        ("draw", 5, "2-4"),
        ("block", 5, "2-4"),
        ("draw-reserve", 3, "2"),
        ("draw-reserve", 4, "2"),
        ("partnership", 2, "4"),
        ("partnership", 3, "4"),
    ],
)
def test_d2_option_players_wrong_count_is_a_rules_error(preset: str, players: int, allowed: str) -> None:
    with pytest.raises(RulesError, match=f"preset '{preset}' is for {allowed} players, not {players}"):
        Rules.from_preset(preset, players)


def test_d2_option_players_outside_two_to_four_is_refused_by_the_rules_too() -> None:
    with pytest.raises(RulesError, match="2-4 players"):
        Rules(players=5)


def test_d2_option_hand_size_overrides_the_preset() -> None:
    rules = Rules.from_preset("block", 2, hand_size=5)
    hand = Game(rules, seed=2).hand
    assert (hand.tile_count(0), hand.tile_count(1), hand.boneyard_size) == (5, 5, 18)


def test_d2_option_hand_size_larger_than_the_set_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="4 hands of 8 need 32 tiles; a double-six set has 28"):
        Rules.from_preset("block", 4, hand_size=8)
    with pytest.raises(RulesError, match="hand_size"):
        Rules.from_preset("draw", hand_size=0)


# ---------------------------------------------------------------- bad presets and options


def test_unknown_preset_is_a_rules_error_listing_the_presets() -> None:
    with pytest.raises(RulesError, match="unknown preset 'muggins'; choose one of draw, draw-reserve, block"):
        Rules.from_preset("muggins")


def test_all_fives_is_a_preset_whose_options_mix() -> None:
    rules = Rules.from_preset("all-fives", 4, teams=True, drawing=False, set="double-nine")
    assert (rules.spinner, rules.hand_score, rules.teams, rules.drawing, rules.max_pips) == (
        True,
        "all_fives",
        True,
        False,
        9,
    )
    assert Rules.from_preset("draw", spinner=True).spinner
    assert Rules.from_preset("block", hand_score="all_fives").scores_during_play


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"spinners": True}, "unknown option\\(s\\): spinners"),
        ({"preset": "block"}, "unknown option\\(s\\): preset"),
        ({"leader": "last_seat"}, "leader must be 'highest_double' or 'first_seat', not 'last_seat'"),
        ({"next_hand_leader": "loser"}, "next_hand_leader must be 'rule' or 'winner', not 'loser'"),
        ({"drawing": "yes"}, "drawing must be true or false, not 'yes'"),
        ({"boneyard_reserve": -1}, "boneyard_reserve must be a whole number >= 0, not -1"),
        (
            {"hand_score": "most"},
            "hand_score must be 'opponents_minus_own', 'opponents', 'all' or 'all_fives', not 'most'",
        ),
        ({"spinner": "yes"}, "spinner must be true or false, not 'yes'"),
        ({"target": 0}, "target must be a positive whole number, not 0"),
        ({"target": "100"}, "target must be a positive whole number, not '100'"),
        ({"teams": True}, "teams need exactly 4 players, not 2"),
    ],
)
def test_bad_option_is_a_rules_error_naming_it(options: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Rules.from_preset("draw", 2, **options)


# The table "The options and each preset's values" of the rule sheet, for 2 players (4 for partnership).
PRESET_TABLE: dict[str, dict[str, Any]] = {
    "draw": {"drawing": True, "boneyard_reserve": 0, "hand_score": "opponents_minus_own", "teams": False},
    "draw-reserve": {"drawing": True, "boneyard_reserve": 2, "hand_score": "opponents_minus_own", "teams": False},
    "block": {"drawing": False, "hand_score": "opponents_minus_own", "teams": False},
    "partnership": {"drawing": False, "hand_score": "all", "teams": True},
    "all-fives": {"drawing": True, "boneyard_reserve": 0, "hand_score": "all_fives", "spinner": True, "target": 150},
}


@pytest.mark.parametrize("preset", sorted(PRESET_TABLE))
def test_preset_values_match_the_rule_sheet_table(preset: str) -> None:
    rules = Rules.from_preset(preset)
    common = {
        "set": "double-six",
        "hand_size": 7,
        "leader": "highest_double",
        "next_hand_leader": "rule",
        "spinner": False,
        "target": 100,
    }
    for option, value in {**common, **PRESET_TABLE[preset]}.items():
        assert getattr(rules, option) == value, option


# ---------------------------------------------------------------- D3: who starts


def test_d3_highest_double_leads() -> None:
    # Player 0 holds the heaviest tile (6-5) and a double (3-3), but 5-5 is the highest double.
    rules = Rules.from_preset("draw")
    hand = Hand(rules, [tiles("6-5 3-3 6-4"), tiles("5-5 2-1 0-0")], tiles("4-4"))
    assert hand.to_move == 1
    assert hand.legal_moves() == (Move.play(tile("5-5")),)
    assert hand.position().endswith("turn: 1; lead: 5-5")
    with pytest.raises(IllegalMoveError, match="must open with 5-5"):
        hand.play(Move.play(tile("0-0")))
    hand.play("5-5")
    assert hand.line == ((5, 5),)
    assert hand.to_move == 0


def test_d3_a_position_text_with_no_lead_applies_d3_as_a_deal_does() -> None:
    # The same deal as above, as text before the first tile and without 'lead': 5-5 must open, player 1 leads.
    text = "hands: 6-5 3-3 6-4 / 5-5 2-1 0-0; line: -; boneyard: 4-4; turn: 1"
    hand = at(text)
    assert (
        hand.position()
        == Hand(Rules.from_preset("draw"), [tiles("6-5 3-3 6-4"), tiles("5-5 2-1 0-0")], tiles("4-4")).position()
    )
    assert hand.legal_moves() == (Move.play(tile("5-5")),)
    with pytest.raises(InvalidPositionError, match="D3 makes player 1 lead, not player 0"):
        at(text.replace("turn: 1", "turn: 0"))
    assert len(at(text.replace("turn: 1", "turn: 0") + "; lead: any").legal_moves()) == 3  # a free lead, said so
    # first_seat: seat 0 leads with any tile.
    assert len(at(text.replace("turn: 1", "turn: 0"), leader="first_seat").legal_moves()) == 3


def test_d3_double_blank_beats_every_non_double() -> None:
    hand = Hand(Rules.from_preset("block"), [tiles("6-5 6-4"), tiles("2-1 0-0")])
    assert (hand.to_move, hand.legal_moves()) == (1, (Move.play(tile("0-0")),))


def test_d3_no_double_most_pips_leads() -> None:
    # 5-4 (9 pips) beats 6-2 (8 pips) even though 6 is the highest number on the table.
    hand = Hand(Rules.from_preset("block"), [tiles("6-2 3-1"), tiles("5-4 2-0")])
    assert (hand.to_move, hand.legal_moves()) == (1, (Move.play(tile("5-4")),))


@pytest.mark.parametrize("holder", [0, 1])
def test_d3_no_double_highest_ranked_tile_leads_6_3_beats_5_4(holder: int) -> None:
    deal = [tiles("5-4 2-1"), tiles("6-3 1-0")]
    if holder == 0:
        deal.reverse()
    hand = Hand(Rules.from_preset("block"), deal)
    assert (hand.to_move, hand.legal_moves()) == (holder, (Move.play(tile("6-3")),))


def test_d3_play_goes_clockwise_from_the_leader() -> None:
    # Seat 2 of 3 holds the only double; after it, seat 0 plays, then seat 1.
    hand = Hand(Rules.from_preset("block", 3), [tiles("4-1 5-0"), tiles("1-0 6-2"), tiles("4-4 3-2")])
    assert hand.to_move == 2
    hand.play("4-4")
    assert hand.to_move == 0
    hand.play("4-1 right")
    assert hand.to_move == 1
    hand.play("1-0 right")
    assert hand.to_move == 2


def test_d4_opening_move_has_no_end() -> None:
    hand = Hand(Rules.from_preset("draw"), [tiles("6-6 1-0"), tiles("2-1 3-0")])
    (opening,) = hand.legal_moves()
    assert (str(opening), opening.end) == ("6-6", None)
    with pytest.raises(IllegalMoveError, match="opening tile is played without an end"):
        hand.play(Move.parse("6-6 left"))


def test_option_leader_first_seat_leads_with_any_tile() -> None:
    # Player 1 holds 6-6, but with leader = "first_seat" seat 1 (player 0) opens with any tile.
    rules = Rules.from_preset("block", leader="first_seat")
    hand = Hand(rules, [tiles("2-1 3-0 5-4"), tiles("6-6 1-1")])
    assert hand.to_move == 0
    assert set(hand.legal_moves()) == moves("2-1", "3-0", "5-4")
    assert hand.position().endswith("lead: any")


def test_option_hand_score_opponents_with_first_seat_is_the_openspiel_block_game() -> None:
    # Seat 0 opens with anything; a block then scores the losers' pips without subtracting one's own.
    rules = Rules.from_preset("block", hand_score="opponents", leader="first_seat")
    hand = Hand(rules, [tiles("3-2 4-3 1-1"), tiles("0-0 5-5 6-6")])
    assert set(hand.legal_moves()) == moves("3-2", "4-3", "1-1")
    hand.play("3-2")  # player 1 holds no 3 and no 2 ...
    assert hand.legal_moves() == (PASS,)
    outcome = hand.play(PASS)
    assert outcome is None  # ... but player 0 can still play 4-3
    outcome = hand.play("4-3 left")  # ends 4 and 2: nobody holds either: blocked
    assert outcome is not None and outcome.termination is Termination.BLOCKED
    assert outcome.points == (22, 0)  # player 0 has 2 pips left, player 1 has 0 + 10 + 12: 22, not 22 - 2


# ---------------------------------------------------------------- D4: playing a tile

# Ends 4 (left) and 1 (right); player 0 holds 4-2, 5-1, 3-3 and 4-1; the boneyard has a tile.
POSITION_A = "hands: 4-2 5-1 3-3 4-1 / 0-0 2-2; line: 4-6 6-6 6-1; boneyard: 5-5; turn: 0"


def test_d4_legal_moves_are_the_tiles_matching_an_open_end() -> None:
    hand = at(POSITION_A)
    assert hand.ends == (4, 1)
    legal = hand.legal_moves()
    assert len(legal) == 4
    assert set(legal) == moves("4-2 left", "4-1 left", "5-1 right", "4-1 right")  # not 3-3, not draw


def test_d4_matching_halves_touch_and_the_other_end_opens() -> None:
    hand = at(POSITION_A)
    hand.play("4-2 left")  # the 4 touches the 4; 2 is the new left end
    assert hand.line == ((2, 4), (4, 6), (6, 6), (6, 1))
    assert hand.ends == (2, 1)
    assert_position(hand, "hands: 5-1 3-3 4-1 / 0-0 2-2; line: 2-4 4-6 6-6 6-1; boneyard: 5-5; turn: 1")
    assert hand.legal_moves() == (Move.parse("2-2 left"),)
    hand.play("2-2 left")  # a double leaves the same number open
    assert hand.ends == (2, 1)
    hand.play("5-1 right")
    assert hand.line[-1] == (1, 5)
    assert hand.ends == (2, 5)


@pytest.mark.parametrize(
    ("end", "line", "ends"),
    [
        ("left", ((1, 4), (4, 6), (6, 6), (6, 1)), (1, 1)),
        ("right", ((4, 6), (6, 6), (6, 1), (1, 4)), (4, 4)),
    ],
)
def test_d4_choose_end_when_tile_fits_both(end: str, line: tuple[tuple[int, int], ...], ends: tuple[int, int]) -> None:
    hand = at(POSITION_A)
    hand.play(f"4-1 {end}")
    assert hand.line == line
    assert hand.ends == ends


def test_d4_both_ends_same_number_offers_one_move_at_the_right_end() -> None:
    hand = at("hands: 5-3 3-2 0-0 / 1-1 1-0; line: 3-6 6-1 1-3; boneyard: -; turn: 0")
    assert hand.ends == (3, 3)
    assert set(hand.legal_moves()) == moves("5-3 right", "3-2 right")
    assert len(hand.legal_moves()) == 2
    with pytest.raises(IllegalMoveError, match="both ends show 3"):
        hand.play(Move.parse("5-3 left"))
    assert hand.parse_move("5-3") is Move.parse("5-3 right")
    hand.play("5-3")
    assert hand.ends == (3, 5)


def test_d4_must_play_when_able() -> None:
    hand = at(POSITION_A)  # the boneyard holds 5-5, but player 0 can play
    assert DRAW not in hand.legal_moves() and PASS not in hand.legal_moves()
    for move in (DRAW, PASS):
        with pytest.raises(IllegalMoveError, match="player 0 holds a playable tile and must play it"):
            hand.play(move)
    blocked = at(POSITION_A, "block")
    with pytest.raises(IllegalMoveError, match="must play it"):
        blocked.play(PASS)


def test_d4_a_tile_that_matches_no_end_cannot_be_played() -> None:
    hand = at(POSITION_A)
    with pytest.raises(IllegalMoveError, match="3-3 does not match the left end \\(4\\)"):
        hand.play(Move.parse("3-3 left"))
    with pytest.raises(IllegalMoveError, match="4-2 does not match the right end \\(1\\)"):
        hand.play(Move.parse("4-2 right"))


# ---------------------------------------------------------------- D5: drawing

# Ends 4 and 6; player 0 (5-5 2-2) cannot play; player 1 (6-3 1-1) can.
CANNOT_PLAY = "hands: 5-5 2-2 / 6-3 1-1; line: 4-6; turn: 0; boneyard: "


def test_d5_draw_one_tile_at_a_time_until_one_can_be_played() -> None:
    hand = at(CANNOT_PLAY + "3-3 6-1 0-0")
    assert hand.legal_moves() == (DRAW,)
    hand.play(DRAW)  # draws 3-3, the first tile in drawing order; still no 4 or 6
    assert hand.to_move == 0
    assert_position(hand, "hands: 5-5 3-3 2-2 / 6-3 1-1; line: 4-6; boneyard: 6-1 0-0; turn: 0")
    assert hand.legal_moves() == (DRAW,)
    hand.play(DRAW)  # draws 6-1, which fits the 6: now the player must play it
    assert hand.legal_moves() == (Move.parse("6-1 right"),)
    assert hand.boneyard() == (tile("0-0"),)
    with pytest.raises(IllegalMoveError, match="must play"):
        hand.play(DRAW)


def test_d5_empty_boneyard_passes() -> None:
    hand = at(CANNOT_PLAY + "-")
    assert hand.legal_moves() == (PASS,)
    hand.play(PASS)
    assert hand.to_move == 1
    assert hand.legal_moves() == (Move.parse("6-3 right"),)


def test_d5_pass_is_illegal_while_one_can_draw() -> None:
    hand = at(CANNOT_PLAY + "0-0")
    with pytest.raises(IllegalMoveError, match="player must draw"):
        hand.play(PASS)


def test_d5_draw_reserve_stops_drawing_at_two() -> None:
    hand = at(CANNOT_PLAY + "0-0 3-3 1-0", "draw-reserve")
    assert hand.legal_moves() == (DRAW,)  # three tiles: one may be drawn
    hand.play(DRAW)
    assert hand.boneyard_size == 2 and not hand.can_draw
    assert hand.legal_moves() == (PASS,)
    with pytest.raises(IllegalMoveError, match="the boneyard holds 2 tiles and drawing stops at 2"):
        hand.play(DRAW)
    hand.play(PASS)
    assert hand.to_move == 1


def test_d5_draw_reserve_with_two_in_the_boneyard_passes_at_once() -> None:
    assert at(CANNOT_PLAY + "0-0 3-3", "draw-reserve").legal_moves() == (PASS,)


def test_option_boneyard_reserve_one() -> None:
    hand = at(CANNOT_PLAY + "0-0 3-3", "draw", boneyard_reserve=1)
    assert hand.legal_moves() == (DRAW,)
    hand.play(DRAW)
    assert hand.legal_moves() == (PASS,)


@pytest.mark.parametrize("preset", ["block", "partnership"])
def test_d5_block_and_partnership_never_draw(preset: str) -> None:
    players = 4 if preset == "partnership" else 2
    deal = "5-5 2-2 / 6-3 1-1" if players == 2 else "5-5 2-2 / 6-3 / 1-1 / 0-1"
    hand = at(f"hands: {deal}; line: 4-6; boneyard: 0-0 3-3 1-2; turn: 0", preset, players)
    assert hand.legal_moves() == (PASS,)
    with pytest.raises(IllegalMoveError, match=f"there is no drawing in {preset}"):
        hand.play(DRAW)


def test_option_drawing_false_makes_the_draw_game_pass() -> None:
    hand = at(CANNOT_PLAY + "0-0 3-3 1-0", "draw", drawing=False)
    assert hand.legal_moves() == (PASS,)


# ---------------------------------------------------------------- D6: end of a hand


def test_d6_domino_ends_the_hand() -> None:
    hand = at("hands: 6-2 / 1-1 0-0; line: 4-6; boneyard: 3-3; turn: 0")
    outcome = hand.play("6-2 right")
    assert outcome is not None and outcome is hand.outcome
    assert (outcome.termination, outcome.winner, outcome.winning_player) == (Termination.DOMINO, 0, 0)
    assert hand.is_over and hand.to_move is None and hand.legal_moves() == ()
    assert hand.position().endswith("turn: over")
    with pytest.raises(IllegalMoveError, match="the hand is over"):
        hand.play(Move.parse("1-1"))


def test_d6_blocked_as_soon_as_nobody_can_play_and_nobody_can_draw() -> None:
    # After 4-3 at the 3, the ends are 2 and 4; nobody holds either, and nobody draws in block:
    # the hand ends at once, without waiting for both players to pass.
    hand = at("hands: 4-3 1-1 / 0-0 5-5; line: 2-3; boneyard: 6-6; turn: 0", "block")
    outcome = hand.play("4-3 right")
    assert outcome is not None and outcome.termination is Termination.BLOCKED
    assert hand.is_over


def test_d6_not_blocked_while_the_boneyard_can_be_drawn() -> None:
    hand = at("hands: 4-3 1-1 / 0-0 5-5; line: 2-3; boneyard: 6-6; turn: 0", "draw")
    assert hand.play("4-3 right") is None
    assert hand.legal_moves() == (DRAW,)


def test_d6_not_blocked_while_someone_else_can_play() -> None:
    hand = at(CANNOT_PLAY + "-", "block")
    assert hand.play(PASS) is None
    assert hand.to_move == 1


@pytest.mark.parametrize(("preset", "boneyard"), [("draw", "0-0"), ("draw-reserve", "0-0 3-3 2-2")])
def test_d6_blocked_right_after_the_last_tile_that_may_be_drawn(preset: str, boneyard: str) -> None:
    # Player 0 draws 0-0; then nobody holds a 4 or a 6 and nobody may draw any more.
    hand = at(f"hands: 5-5 / 1-1; line: 4-6; boneyard: {boneyard}; turn: 0", preset)
    outcome = hand.play(DRAW)
    assert outcome is not None and outcome.termination is Termination.BLOCKED
    assert outcome.pips == (10, 2)
    assert outcome.points == (0, 8)  # D7: player 1 is lightest: 10 - 2


# ---------------------------------------------------------------- D7: scoring


def test_d7_domino_scores_the_opponents_pips_not_the_boneyard() -> None:
    hand = at("hands: 6-2 / 6-5 4-3; line: 4-6; boneyard: 1-1; turn: 0")
    outcome = hand.play("6-2 right")
    assert outcome is not None
    assert outcome.pips == (0, 18)
    assert outcome.points == (18, 0)  # 6-5 + 4-3; the 1-1 in the boneyard is nobody's hand
    assert outcome.hands == ((), (tile("4-3"), tile("6-5")))


def test_d7_domino_with_three_players_scores_both_opponents() -> None:
    hand = at("hands: 6-2 / 6-5 / 4-3 1-0; line: 4-6; boneyard: -; turn: 0", "draw", 3)
    outcome = hand.play("6-2 right")
    assert outcome is not None and outcome.points == (11 + 8, 0, 0)


BLOCK_AFTER_4_3 = "hands: 4-3 1-1 / 0-0 5-5; line: 2-3; boneyard: -; turn: 0"
"""Player 0 plays 4-3 at the 3 and the hand is blocked with 2 pips against 10."""


def test_d7_blocked_lightest_hand_scores_the_difference() -> None:
    outcome = at(BLOCK_AFTER_4_3, "block").play("4-3 right")
    assert outcome is not None
    assert (outcome.winner, outcome.winning_player, outcome.pips) == (0, 0, (2, 10))
    assert outcome.points == (8, 0)


def test_d7_blocked_three_players_lightest_scores_others_minus_own() -> None:
    hand = at("hands: 4-3 1-0 / 5-5 / 6-6 0-0; line: 2-3; boneyard: -; turn: 0", "block", 3)
    outcome = hand.play("4-3 right")
    assert outcome is not None and outcome.termination is Termination.BLOCKED
    assert outcome.pips == (1, 10, 12)
    assert outcome.points == (10 + 12 - 1, 0, 0)


def test_d7_blocked_tie_scores_nothing() -> None:
    outcome = at("hands: 4-3 5-0 / 1-1 3-0; line: 2-3; boneyard: -; turn: 0", "block").play("4-3 right")
    assert outcome is not None and outcome.termination is Termination.BLOCKED
    assert outcome.pips == (5, 5)
    assert (outcome.winner, outcome.winning_player, outcome.points) == (None, None, (0, 0))


def test_d7_blocked_tie_for_lightest_of_three_scores_nothing() -> None:
    # Players 0 and 1 both hold 5 pips, player 2 holds 12: the lightest hand is tied.
    hand = at("hands: 4-3 5-0 / 1-1 3-0 / 6-6; line: 2-3; boneyard: -; turn: 0", "block", 3)
    outcome = hand.play("4-3 right")
    assert outcome is not None and outcome.pips == (5, 5, 12)
    assert (outcome.winner, outcome.points) == (None, (0, 0, 0))


def test_option_hand_score_opponents() -> None:
    outcome = at(BLOCK_AFTER_4_3, "block", hand_score="opponents").play("4-3 right")
    assert outcome is not None and outcome.points == (10, 0)


def test_option_hand_score_all() -> None:
    outcome = at(BLOCK_AFTER_4_3, "block", hand_score="all").play("4-3 right")
    assert outcome is not None and outcome.points == (12, 0)


def test_d7_partnership_domino_scores_every_pip_left() -> None:
    # Player 0 goes out; the pips left are 6-5 (player 1), 4-3 (player 2, the partner) and 1-0 2-2 (player 3).
    hand = at("hands: 6-2 / 6-5 / 4-3 / 1-0 2-2; line: 4-6; boneyard: -; turn: 0", "partnership")
    outcome = hand.play("6-2 right")
    assert outcome is not None
    assert (outcome.winner, outcome.winning_player) == (0, 0)
    assert outcome.points == (11 + 7 + 5, 0)


def test_d7_partnership_domino_by_the_fourth_seat_scores_for_the_second_team() -> None:
    hand = at("hands: 1-0 / 6-5 / 4-3 / 6-2; line: 4-6; boneyard: -; turn: 3", "partnership")
    outcome = hand.play("6-2 right")
    assert outcome is not None
    assert (outcome.winner, outcome.winning_player) == (1, 3)
    assert outcome.points == (0, 1 + 11 + 7)


def test_d7_partnership_block_lower_team_total_scores_every_pip_left() -> None:
    # Blocked at 2 and 4: player 0 is the lightest single hand (0 pips), but team 0 holds 0 + 12
    # against team 1's 1 + 2: team 1 wins and scores all 15 pips.
    hand = at("hands: 4-3 0-0 / 1-0 / 6-6 / 1-1; line: 2-3; boneyard: -; turn: 0", "partnership")
    outcome = hand.play("4-3 right")
    assert outcome is not None and outcome.termination is Termination.BLOCKED
    assert outcome.pips == (0, 1, 12, 2)
    assert (outcome.winner, outcome.points) == (1, (0, 15))


def test_d7_partnership_block_equal_team_totals_score_nothing() -> None:
    hand = at("hands: 4-3 0-0 / 6-5 / 6-6 / 1-0; line: 2-3; boneyard: -; turn: 0", "partnership")
    outcome = hand.play("4-3 right")
    assert outcome is not None and outcome.pips == (0, 11, 12, 1)  # 12 against 12
    assert (outcome.winner, outcome.points) == (None, (0, 0))


def test_option_teams_pools_partners_pips() -> None:
    position = "hands: 6-2 / 6-5 / 4-3 / 1-0 2-2; line: 4-6; boneyard: -; turn: 0"
    teams = at(position, "block", 4, teams=True)
    assert teams.rules.num_sides == 2 and teams.rules.side_of(2) == 0 and teams.rules.side_of(3) == 1
    outcome = teams.play("6-2 right")
    # opponents_minus_own with teams: team 1 holds 11 + 5, team 0 still holds the partner's 7.
    assert outcome is not None and outcome.points == (16 - 7, 0)
    alone = at(position, "block", 4).play("6-2 right")
    assert alone is not None and alone.points == (11 + 7 + 5, 0, 0, 0)


# ---------------------------------------------------------------- D8 and next_hand_leader: a game of hands

WIN_18 = "hands: 6-2 / 6-5 4-3; line: 4-6; boneyard: 1-1; turn: 0"
"""Player 0 goes out with 6-2 at the right end and scores 18 (D7)."""


def game_at(text: str, scores: tuple[int, ...], preset: str = "draw", **options: Any) -> Game:
    hand = at(text, preset, **options)
    return Game.from_hand(hand, scores=scores, seed=1)


def test_d8_game_ends_as_soon_as_target_reached() -> None:
    game = game_at(WIN_18, (90, 95))
    ended = game.play("6-2 right")
    assert ended is not None and ended.points == (18, 0)
    assert game.is_over and game.scores == (108, 95)
    assert game.outcome is not None
    assert (game.outcome.termination, game.outcome.winner, game.outcome.scores) == (
        Termination.TARGET_REACHED,
        0,
        (108, 95),
    )
    assert game.winners == frozenset({0})
    assert game.to_move is None and game.legal_moves() == ()
    assert game.hand.is_over and len(game.hand_summaries) == 1  # no further hand is dealt
    with pytest.raises(IllegalMoveError, match="the game is over"):
        game.play(PASS)


def test_d8_reaching_the_target_exactly_ends_the_game() -> None:
    game = game_at(WIN_18, (82, 0))
    game.play("6-2 right")
    assert game.is_over and game.scores == (100, 0)


def test_d8_game_goes_on_below_the_target() -> None:
    game = game_at(WIN_18, (81, 0))
    game.play("6-2 right")
    assert not game.is_over and game.scores == (99, 0)
    assert game.hand_number == 2
    assert game.hand.line == () and game.hand.boneyard_size == 14  # D2: a fresh deal
    assert [game.hand.tile_count(p) for p in range(2)] == [7, 7]


def test_d8_option_target() -> None:
    game = game_at(WIN_18, (2, 0), target=20)
    game.play("6-2 right")
    assert game.is_over and game.scores == (20, 0)


def test_d8_partnership_team_reaches_the_target() -> None:
    text = "hands: 1-0 / 6-5 / 4-3 / 6-2; line: 4-6; boneyard: -; turn: 3"
    game = game_at(text, (99, 80), "partnership")
    game.play("6-2 right")  # team 1 scores 1 + 11 + 7 = 19: 80 + 19 = 99, one short of the target
    assert not game.is_over and game.scores == (99, 99)
    game2 = game_at(text, (99, 81), "partnership")
    game2.play("6-2 right")
    assert game2.is_over and game2.outcome is not None
    assert (game2.outcome.winner, game2.scores) == (1, (99, 100))


def test_d8_blocked_tie_scores_nothing_and_the_game_goes_on() -> None:
    game = game_at("hands: 4-3 5-0 / 1-1 3-0; line: 2-3; boneyard: -; turn: 0", (99, 99), "block")
    game.play("4-3 right")
    assert not game.is_over and game.scores == (99, 99) and game.hand_number == 2


def d3_opening(hand: Hand) -> tuple[int, Tile]:
    """Who leads and with what by D3, worked out here from the dealt hands."""
    held = [(p, t) for p in range(hand.num_players) for t in hand.tiles_of(p)]
    doubles = [(p, t) for p, t in held if t.is_double]
    if doubles:
        return max(doubles, key=lambda pt: pt[1].high)
    return max(held, key=lambda pt: (pt[1].pips, pt[1].high))


@pytest.mark.parametrize("seed", range(6))
def test_d3_every_hand_starts_with_the_highest_double(seed: int) -> None:
    game = Game.from_hand(at("hands: 5-5 1-1 / 6-2; line: 4-6; boneyard: 3-3; turn: 1"), seed=seed)
    game.play("6-2 right")
    leader, opening = d3_opening(game.hand)
    assert game.to_move == leader
    assert game.legal_moves() == (Move.play(opening),)


def test_option_next_hand_leader_winner_leads_with_any_tile() -> None:
    game = Game.from_hand(at("hands: 5-5 1-1 / 6-2; line: 4-6; boneyard: 3-3; turn: 1", next_hand_leader="winner"))
    ended = game.play("6-2 right")
    assert ended is not None and ended.points == (0, 12)
    assert game.to_move == 1
    assert set(game.legal_moves()) == {Move.play(t) for t in game.hand.tiles_of(1)}
    assert len(game.legal_moves()) == 7
    assert game.hand.position().endswith("lead: any")


def test_option_next_hand_leader_winner_after_a_tie_falls_back_to_d3() -> None:
    # A tied block has no winner, so nobody earns the lead: D3 decides (the engine's reading of D3).
    text = "hands: 4-3 5-0 / 1-1 3-0; line: 2-3; boneyard: -; turn: 0"
    game = Game.from_hand(at(text, "block", next_hand_leader="winner"), seed=3)
    game.play("4-3 right")
    leader, opening = d3_opening(game.hand)
    assert (game.to_move, game.legal_moves()) == (leader, (Move.play(opening),))


@pytest.mark.parametrize("seed", [0, 7])
def test_game_from_hand_deals_nothing_for_the_given_hand_so_the_next_hand_is_the_seeds_first(seed: int) -> None:
    game = Game.from_hand(at(WIN_18), seed=seed)
    game.play("6-2 right")
    first_of_seed = Hand.deal(game.rules, random.Random(seed))
    assert game.hand.position() == first_of_seed.position() == Game(game.rules, seed).hand.position()


def test_game_from_hand_refuses_a_finished_hand_or_impossible_scores() -> None:
    with pytest.raises(InvalidPositionError, match="already over"):
        Game.from_hand(at("hands: - / 1-1; line: 4-6; boneyard: -; turn: over"))
    for scores in ((0,), (0, 0, 0), (100, 0), (-1, 0)):
        with pytest.raises(InvalidPositionError, match="must be 2 whole numbers from 0 to 99"):
            Game.from_hand(at(WIN_18), scores=scores)
    with pytest.raises(ValueError, match="no record"):
        Game.from_hand(at(WIN_18)).to_record()
