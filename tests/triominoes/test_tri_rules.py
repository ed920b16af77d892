"""One test (at least) per rule of the Tri-Ominos sheet (T1-T8), each from a literal position.

Expected numbers are worked out from the rule sheet in the comments, not read
back from the engine.

The board most tests use is ``B0``: the tile 0-1-2 on c0 r0 up, so grid point
(0,0) shows 0, (0,1) shows 1 and (1,0) shows 2. Its three empty neighbours
read, clockwise from their leftmost corner: left c-1 r0 down (x, 1, 0), right
c1 r0 down (1, y, 2), below c0 r-1 down (0, 2, z). So the tiles that fit B0
are 0-0-1 and 0-1-1 (left), 1-1-2 and 1-2-2 (right), and 0-0-2, 0-2-2, 0-2-3,
0-2-4, 0-2-5 (below); tiles like 1-1-1, 3-3-3, 4-4-4, 5-5-5, 1-1-3, 1-2-3,
3-4-5 fit nowhere.
"""

from __future__ import annotations

import random

import pytest
from triominoes_helpers import position, setup

from bonepile.triominoes import (
    DRAW,
    PASS,
    TILES,
    EventKind,
    Game,
    IllegalMoveError,
    Move,
    Reason,
    Round,
    Rules,
    RulesError,
    Termination,
    Tile,
)

B0 = "0-1-2 c0 r0 up"

# Five tiles around grid point (1,0), which shows 5; the ring's outer points read 0,1,2,3,4,5 clockwise
# from (0,0). The gap is c2 r0 up, which takes 2-3-5 as "5-2-3" (corners (1,0), (1,1), (2,0)).
HEXAGON_GAP = "0-1-5 c0 r0 up, 1-2-5 c1 r0 down, 5-3-4 c2 r-1 down, 5-5-4 c1 r-1 up, 0-5-5 c0 r-1 down"

# Nine tiles: the rings around (0,0) and (1,0) but for c0 r0 up, which both rings share.
TWO_RINGS_GAP = (
    "2-0-2 c-2 r-1 down, 2-4-0 c-2 r0 up, 2-0-0 c-1 r-1 up, 4-4-0 c-1 r0 down, 0-5-0 c0 r-1 down, "
    "0-5-5 c1 r-1 up, 4-4-5 c1 r0 down, 5-5-5 c2 r-1 down, 5-4-5 c2 r0 up"
)
# Twelve tiles: the rings around all three corners of c0 r0 up, but for c0 r0 up itself.
THREE_RINGS_GAP = TWO_RINGS_GAP + ", 4-1-4 c-1 r1 up, 1-3-4 c0 r1 down, 4-3-4 c1 r1 up"

# Eight tiles with a strict-bridge gap at c2 r1 down (corners (0,2), (1,2), (1,1)): it shares only its
# right edge, with 4-4-4 on c3 r1 up (points (1,2) and (1,1) show 4), and its left corner (0,2) is touched
# at a point by 3-3-1 on c0 r1 down (it shows 3), while c1 r1 up and c2 r2 up stay empty.
BRIDGE_GAP = (
    "1-1-5 c-1 r0 down, 1-3-1 c-1 r1 up, 5-1-5 c0 r0 up, 3-3-1 c0 r1 down, 1-4-5 c1 r0 down, "
    "5-4-5 c2 r0 up, 4-4-5 c3 r0 down, 4-4-4 c3 r1 up"
)


def points_of(round_: Round, text: str) -> int:
    return round_.move_points(Move.parse(text))


def reasons(round_: Round, player: int) -> list[tuple[Reason, int]]:
    return [(item.reason, item.points) for item in round_.items if item.player == player]


# ---------------------------------------------------------------------------------------------- T1


def test_t1_there_are_56_tiles_6_triples_30_with_a_pair_20_all_different() -> None:
    kinds = [len(set(t.numbers)) for t in TILES]
    assert len(TILES) == 56
    assert (kinds.count(1), kinds.count(2), kinds.count(3)) == (6, 30, 20)
    assert len({frozenset(enumerate(sorted(t.numbers))) for t in TILES}) == 56


def test_t1_a_tile_reads_clockwise_never_decreasing_from_its_lowest() -> None:
    assert all(list(t.numbers) == sorted(t.numbers) for t in TILES)
    assert str(Tile.parse("1-2-0")) == "0-1-2"  # the same tile, read from another corner
    with pytest.raises(ValueError, match="never flip"):
        Tile.parse("0-2-1")  # the mirror of 0-1-2 does not exist


def test_t1_a_tiles_value_is_the_sum_of_its_numbers() -> None:
    assert Tile.parse("3-5-1").value == 9
    assert Tile.parse("0-0-0").value == 0
    assert Tile.parse("5-5-5").value == 15


def test_t1_a_tile_never_flips_so_a_mirror_only_fit_is_no_fit() -> None:
    # 0-1-3 could cover B0's left neighbour (x, 1, 0) only as 3-1-0, which is its mirror 0-3-1.
    round_ = setup("pressman", position(B0, "0-1-3 / 5-5-5", "4-4-4"))
    assert round_.legal_moves() == (DRAW,)
    with pytest.raises(ValueError, match="never flip"):
        Move.parse("3-1-0 c-1 r0 down")


# ---------------------------------------------------------------------------------------------- T2


@pytest.mark.parametrize("preset", ["pressman", "goliath", "classic"])
@pytest.mark.parametrize(("players", "size"), [(2, 9), (3, 7), (4, 7), (5, 6), (6, 6)])
def test_t2_hand_sizes_and_pool(preset: str, players: int, size: int) -> None:
    # Each player holds the hand size plus the tiles they drew before the first placement (in classic, deals
    # 8, 16, 60 and 62 have such draws, by one player or several).
    for seed in (players, 8, 16, 60, 62):
        round_ = Round.deal(Rules.from_preset(preset, players), random.Random(seed))
        setup = [e.player for e in round_.events if e.kind is EventKind.SETUP_DRAW]
        drawn = [setup.count(p) for p in range(players)]
        assert [round_.tile_count(p) for p in range(players)] == [size + n for n in drawn], (seed, drawn)
        assert round_.pool_size == 56 - players * size - sum(drawn)


@pytest.mark.parametrize("players", [1, 7])
def test_t2_two_to_six_players(players: int) -> None:
    with pytest.raises(RulesError, match="2-6 players"):
        Rules.from_preset("pressman", players)


# ---------------------------------------------------------------------------------------------- T3


def test_t3_pressman_highest_triple_opens_and_scores_its_value_plus_10() -> None:
    round_ = setup("pressman", "board: -; hands: 3-3-3 0-1-2 / 4-4-4 1-2-3; pool: 5-5-5")
    assert round_.to_move == 1 and round_.starter == 1
    assert [str(m) for m in round_.legal_moves()] == ["4-4-4 c0 r0 up"]
    with pytest.raises(IllegalMoveError, match="opens with 4-4-4"):
        round_.play("1-2-3 c0 r0 up")
    round_.play("4-4-4")
    assert round_.scores == (0, 22)  # 12 + 10
    assert reasons(round_, 1) == [(Reason.TILE, 12), (Reason.START_BONUS, 10)]


def test_t3_pressman_zero_triple_alone_scores_40() -> None:
    round_ = setup("pressman", "board: -; hands: 0-1-2 1-2-3 / 0-0-0 2-3-4; pool: 5-5-5")
    assert [str(m) for m in round_.legal_moves()] == ["0-0-0 c0 r0 up"]
    round_.play(round_.legal_moves()[0])
    assert round_.scores == (0, 40)  # 0 + 10 + 30


def test_t3_pressman_zero_triple_with_higher_triple_shown_scores_50() -> None:
    round_ = setup("pressman", "board: -; hands: 0-1-2 1-2-3 / 0-0-0 5-5-5 2-3-4; pool: 4-4-4")
    assert round_.to_move == 1
    # The holder of the highest triple may open with it (15 + 10) or with 0-0-0, showing 5-5-5 (0 + 10 + 30 + 10).
    assert dict(zip(map(str, round_.legal_moves()), round_.legal_points(), strict=True)) == {
        "0-0-0 c0 r0 up": 50,
        "5-5-5 c0 r0 up": 25,
    }
    round_.play("0-0-0 c0 r0 up")
    assert round_.scores == (0, 50)


def test_t3_pressman_zero_triple_cannot_open_when_another_player_holds_a_higher_triple() -> None:
    round_ = setup("pressman", "board: -; hands: 0-0-0 1-2-3 / 2-2-2 0-1-2; pool: 4-4-4")
    assert round_.to_move == 1
    assert [str(m) for m in round_.legal_moves()] == ["2-2-2 c0 r0 up"]


def test_t3_pressman_without_triples_the_highest_value_opens_without_bonus() -> None:
    # 3-5-5 and 4-4-5 are both worth 13; from the highest number down, 5-5-3 beats 5-4-4.
    round_ = setup("pressman", "board: -; hands: 4-4-5 1-2-3 / 3-5-5 0-1-2; pool: 5-5-5")
    assert round_.to_move == 1
    assert [str(m) for m in round_.legal_moves()] == ["3-5-5 c0 r0 up"]
    round_.play("3-5-5")
    assert round_.scores == (0, 13)


def draw_one_groups(round_: Round) -> list[list[tuple[int, Tile]]]:
    """Replays T3's draw-one from the public start draws: each group is one draw by every contender."""
    draws = [(e.player, e.tile) for e in round_.events if e.kind is EventKind.START_DRAW]
    contenders = list(range(round_.num_players))
    groups = []
    while True:
        group = draws[: len(contenders)]
        draws = draws[len(contenders) :]
        assert [p for p, _ in group] == contenders
        groups.append([(p, t) for p, t in group if t is not None])
        best = max(t.value for _, t in groups[-1])
        contenders = [p for p, t in groups[-1] if t.value == best]
        if len(contenders) == 1:
            assert not draws
            assert round_.starter == contenders[0]
            return groups


def test_t3_goliath_draw_one_highest_value_starts_and_opens_with_any_tile_without_bonus() -> None:
    round_ = Round.deal(Rules.from_preset("goliath", 3), random.Random(2))
    draw_one_groups(round_)
    starter = round_.starter
    assert round_.to_move == starter
    hand = round_.tiles_of(starter)
    assert [m.tile for m in round_.legal_moves()] == list(hand)
    assert list(round_.legal_points()) == [t.value for t in hand]  # no bonus, even for a triple
    # The drawn tiles went back: the pool holds every tile not dealt.
    assert round_.pool_size == 56 - 3 * 7
    shown = {e.tile for e in round_.events if e.kind is EventKind.START_DRAW}
    assert shown and shown <= set(round_.pool())


def test_t3_goliath_draw_one_ties_redraw_among_the_tied() -> None:
    rules = Rules.from_preset("goliath", 4)
    for seed in range(500):
        round_ = Round.deal(rules, random.Random(seed))
        groups = draw_one_groups(round_)
        if len(groups) > 1:
            first = groups[0]
            best = max(t.value for _, t in first)
            assert [p for p, _ in groups[1]] == [p for p, t in first if t.value == best]
            return
    pytest.fail("no seed below 500 gave a tied draw-one")


def test_t3_goliath_draw_one_replays_from_the_seed() -> None:
    one = Game.new("goliath", 3, seed=41)
    two = Game.new("goliath", 3, seed=41)
    assert one.round.events == two.round.events
    assert one.position() == two.position()


def test_t3_classic_highest_triple_opens_without_bonus() -> None:
    round_ = setup("classic", "board: -; hands: 0-0-0 3-3-3 1-2-3 / 0-1-2 1-1-2; pool: 5-5-5")
    assert [str(m) for m in round_.legal_moves()] == ["3-3-3 c0 r0 up"]  # 0-0-0 may not open instead
    round_.play("3-3-3")
    assert round_.scores == (9, 0)


def test_t3_classic_zero_triple_as_the_only_triple_scores_30() -> None:
    round_ = setup("classic", "board: -; hands: 0-1-2 1-2-3 / 0-0-0 2-3-4; pool: 5-5-5")
    round_.play("0-0-0")
    assert round_.scores == (0, 30)


def test_t3_classic_draws_in_seat_order_until_a_triple_shows() -> None:
    round_ = setup("classic", "board: -; hands: 0-0-1 0-1-2 / 1-1-2 2-2-4; pool: 1-2-3 2-3-4 0-1-4 3-3-3 5-5-5")
    # Player 0 draws 1-2-3, player 1 2-3-4, player 0 0-1-4, player 1 3-3-3: player 1 opens with it.
    assert [e.player for e in round_.events if e.kind is EventKind.SETUP_DRAW] == [0, 1, 0, 1]
    assert round_.to_move == 1
    assert [str(m) for m in round_.legal_moves()] == ["3-3-3 c0 r0 up"]
    assert round_.tile_count(0) == 4 and round_.tile_count(1) == 4
    assert round_.pool() == (Tile.parse("5-5-5"),)
    assert round_.scores == (0, 0)  # drawing to start costs nothing


def test_t3_play_goes_clockwise_from_the_starter() -> None:
    round_ = setup("pressman", "board: -; hands: 0-1-2 / 1-2-3 / 5-5-5 0-0-1 / 2-3-4; pool: 1-1-1")
    assert round_.to_move == 2
    round_.play("5-5-5")
    assert round_.to_move == 3


# ---------------------------------------------------------------------------------------------- T4


def test_t4_a_tile_touching_only_at_points_is_illegal() -> None:
    # c-1 r-1 up meets B0 only at point (0,0), which shows 0; 1-0-1 would even agree there.
    round_ = setup("pressman", position(B0, "0-1-1 / 5-5-5", "4-4-4"))
    before = round_.position()
    assert not [m for m in round_.legal_moves() if m.place is not None and str(m.place) == "c-1 r-1 up"]
    with pytest.raises(IllegalMoveError, match="shares no edge"):
        round_.play("1-0-1 c-1 r-1 up")
    assert round_.position() == before


def test_t4_both_numbers_of_a_shared_edge_must_match() -> None:
    round_ = setup("pressman", position(B0, "0-0-1 / 5-5-5", "4-4-4"))
    assert [str(m) for m in round_.legal_moves()] == ["0-1-0 c-1 r0 down"]
    with pytest.raises(IllegalMoveError, match="bottom corner would show 0 where the layout shows 2"):
        round_.play("1-0-0 c1 r0 down")


def test_t4_corner_only_contacts_must_match() -> None:
    # The bridge gap's left corner touches 3-3-1 at a point only: it must show 3 all the same.
    round_ = setup("pressman", position(BRIDGE_GAP, "0-4-4 3-4-4 / 3-3-3", "2-2-2"))
    legal = [str(m) for m in round_.legal_moves()]
    assert "3-4-4 c2 r1 down" in legal
    assert "0-4-4 c2 r1 down" not in legal
    with pytest.raises(IllegalMoveError, match="left corner would show 0 where the layout shows 3"):
        round_.play("0-4-4 c2 r1 down")


def test_t4_a_placement_puts_its_numbers_on_the_grid_points() -> None:
    round_ = setup("pressman", position(B0, "0-2-5 1-1-1 / 5-5-5", "4-4-4"))
    round_.play("0-2-5 c0 r-1 down")  # corners (0,0), (1,0), (1,-1)
    assert (round_.number_at(0, 0), round_.number_at(1, 0), round_.number_at(1, -1)) == (0, 2, 5)
    assert round_.number_at(2, 2) is None


# ---------------------------------------------------------------------------------------------- T5


def test_t5_a_placement_scores_the_tiles_value() -> None:
    round_ = setup("pressman", position(B0, "0-2-5 1-1-1 / 5-5-5", "4-4-4"))
    round_.play("0-2-5 c0 r-1 down")
    assert round_.scores == (7, 0)
    assert reasons(round_, 0) == [(Reason.TILE, 7)]


def test_t5_hexagon_scores_50() -> None:
    round_ = setup("pressman", position(HEXAGON_GAP, "2-3-5 1-1-1 / 3-3-3", "4-4-4"))
    assert points_of(round_, "5-2-3 c2 r0 up") == 60  # 10 + 50
    round_.play("5-2-3 c2 r0 up")
    assert reasons(round_, 0) == [(Reason.TILE, 10), (Reason.HEXAGON, 50)]


def test_t5_double_hexagon_scores_60() -> None:
    round_ = setup("pressman", position(TWO_RINGS_GAP, "0-4-5 1-1-1 / 3-3-3", "2-2-2"))
    round_.play("0-4-5 c0 r0 up")
    assert reasons(round_, 0) == [(Reason.TILE, 9), (Reason.HEXAGON, 60)]


def test_t5_triple_hexagon_scores_70() -> None:
    round_ = setup("goliath", position(THREE_RINGS_GAP, "0-4-5 1-1-1 / 3-3-3", "2-2-2"))
    assert points_of(round_, "0-4-5 c0 r0 up") == 79
    round_.play("0-4-5 c0 r0 up")
    assert reasons(round_, 0) == [(Reason.TILE, 9), (Reason.HEXAGON, 70)]


@pytest.mark.parametrize(("board", "bonus"), [(HEXAGON_GAP, 50), (TWO_RINGS_GAP, 100), (THREE_RINGS_GAP, 150)])
def test_t5_option_multi_hexagon_per_ring_pays_50_each(board: str, bonus: int) -> None:
    gap = "5-2-3 c2 r0 up" if board == HEXAGON_GAP else "0-4-5 c0 r0 up"
    round_ = setup("pressman", position(board, "2-3-5 0-4-5 / 3-3-3", "2-2-2"), multi_hexagon="per_ring")
    tile = Move.parse(gap).tile
    assert tile is not None
    assert points_of(round_, gap) == tile.value + bonus


def test_t5_bridge_scores_40() -> None:
    round_ = setup("pressman", position(BRIDGE_GAP, "3-4-4 1-1-1 / 3-3-3", "2-2-2"))
    round_.play("3-4-4 c2 r1 down")
    assert reasons(round_, 0) == [(Reason.TILE, 11), (Reason.BRIDGE, 40)]


def test_t5_one_shared_edge_with_an_untouched_opposite_corner_is_not_a_bridge() -> None:
    # c4 r1 down shares only its left edge (with 4-4-4); its right corner (2,2) touches nothing.
    round_ = setup("pressman", position(BRIDGE_GAP, "3-4-4 1-1-1 / 3-3-3", "2-2-2"))
    assert points_of(round_, "4-3-4 c4 r1 down") == 11


def test_t5_two_shared_edges_are_not_a_bridge() -> None:
    # c-1 r0 down shares its left edge (3-3-3) and its right edge (3-5-5); the loop of eleven tiles
    # leaves c-1 r-1 up empty, so the corner both edges meet at, (0,0), is touched 4 times: no ring.
    board = (
        "1-4-5 c-3 r-2 down, 1-3-4 c-3 r-1 up, 5-4-4 c-2 r-2 up, 3-3-4 c-2 r-1 down, 3-3-3 c-2 r0 up, "
        "4-0-4 c-1 r-2 down, 4-0-0 c0 r-2 up, 3-5-0 c0 r-1 down, 3-5-5 c0 r0 up, 0-5-0 c1 r-2 down, 0-5-5 c1 r-1 up"
    )
    round_ = setup("pressman", position(board, "3-3-5 1-1-1 / 2-2-2", "1-2-2"))
    assert points_of(round_, "3-5-3 c-1 r0 down") == 11


def test_t5_a_hexagon_never_also_pays_a_bridge() -> None:
    round_ = setup("pressman", position(HEXAGON_GAP, "2-3-5 1-1-1 / 3-3-3", "4-4-4"))
    round_.play("5-2-3 c2 r0 up")
    assert Reason.BRIDGE not in {item.reason for item in round_.items}


def test_t5_bonuses_are_read_before_the_tile_is_inserted() -> None:
    # Four tiles around (1,0): the fifth (5-3-4 on c2 r-1 down) leaves the ring one short, shares one
    # edge, and its opposite corner (2,0) touches nothing. Counting the tile itself would wrongly see
    # a ring of five "touches" or a touched opposite corner.
    board = "0-1-5 c0 r0 up, 1-2-5 c1 r0 down, 5-5-4 c1 r-1 up, 0-5-5 c0 r-1 down"
    round_ = setup("pressman", position(board, "3-4-5 1-1-1 / 3-3-3", "4-4-4"))
    round_.play("5-3-4 c2 r-1 down")
    assert reasons(round_, 0) == [(Reason.TILE, 12)]


# ---------------------------------------------------------------------------------------------- T6


def test_t6_pressman_a_player_who_can_place_must_place() -> None:
    round_ = setup("pressman", position(B0, "0-0-1 3-3-3 / 5-5-5", "4-4-4"))
    assert DRAW not in round_.legal_moves() and PASS not in round_.legal_moves()
    with pytest.raises(IllegalMoveError, match="can place a tile and must"):
        round_.play(DRAW)


def test_t6_pressman_a_player_who_cannot_place_draws_for_minus_5_and_may_play_it_at_once() -> None:
    round_ = setup("pressman", position(B0, "3-3-3 / 5-5-5", "0-0-1 4-4-4"))
    assert round_.legal_moves() == (DRAW,)
    round_.play(DRAW)
    assert round_.scores == (-5, 0) and round_.to_move == 0
    assert [str(m) for m in round_.legal_moves()] == ["0-1-0 c-1 r0 down"]  # must play it now
    round_.play("0-1-0 c-1 r0 down")
    assert round_.scores == (-4, 0) and round_.to_move == 1


def test_t6_pressman_three_draws_at_most_then_minus_10_more_and_the_turn_passes() -> None:
    round_ = setup("pressman", position(B0, "3-3-3 / 5-5-5", "1-1-1 2-2-2 3-4-5 0-0-1"))
    for _ in range(3):
        assert round_.legal_moves() == (DRAW,)
        round_.play(DRAW)
    assert round_.legal_moves() == (PASS,)  # the cap: 0-0-1 stays in the pool
    round_.play(PASS)
    assert round_.scores == (-25, 0) and round_.to_move == 1
    assert reasons(round_, 0) == [(Reason.DRAW, -5)] * 3 + [(Reason.FAILED_DRAWS, -10)]
    assert round_.pool() == (Tile.parse("0-0-1"),)


def test_t6_goliath_may_buy_when_able_to_play() -> None:
    round_ = setup("goliath", position(B0, "0-0-1 3-3-3 / 5-5-5", "1-1-1 2-2-2 4-4-4 0-0-4"))
    assert set(map(str, round_.legal_moves())) == {"0-1-0 c-1 r0 down", "draw"}
    round_.play(DRAW)
    assert round_.scores == (-5, 0) and round_.to_move == 0


def test_t6_goliath_buying_stops_at_the_cap_and_the_player_must_then_place() -> None:
    round_ = setup("goliath", position(B0, "0-0-1 3-3-3 / 5-5-5", "1-1-1 2-2-2 4-4-4 0-0-4"))
    for _ in range(3):
        round_.play(DRAW)
    assert [str(m) for m in round_.legal_moves()] == ["0-1-0 c-1 r0 down"]


def test_t6_classic_draws_until_a_tile_can_be_placed_without_cap() -> None:
    round_ = setup("classic", position(B0, "3-3-3 / 5-5-5", "1-1-1 2-2-2 4-4-4 1-1-3 1-2-3 0-0-1 3-4-5"))
    for _ in range(5):
        assert round_.legal_moves() == (DRAW,)
        round_.play(DRAW)
    assert round_.legal_moves() == (DRAW,)
    round_.play(DRAW)  # the sixth draw brings 0-0-1
    assert round_.scores == (-30, 0)
    assert [str(m) for m in round_.legal_moves()] == ["0-1-0 c-1 r0 down"]


@pytest.mark.parametrize(("preset", "penalty"), [("pressman", 10), ("goliath", 0), ("classic", 0)])
def test_t6_empty_pool_pass_with_each_presets_penalty(preset: str, penalty: int) -> None:
    round_ = setup(preset, position(B0, "3-3-3 / 0-0-1 5-5-5"))
    assert round_.legal_moves() == (PASS,)
    round_.play(PASS)
    assert round_.scores == (-penalty, 0) and round_.to_move == 1
    assert not round_.is_over  # player 1 can still place


def test_t6_pass_is_illegal_while_a_draw_is_possible() -> None:
    round_ = setup("pressman", position(B0, "3-3-3 / 5-5-5", "4-4-4"))
    with pytest.raises(IllegalMoveError, match="must draw first"):
        round_.play(PASS)


def test_t6_draws_after_the_pool_runs_out_end_with_the_empty_pool_pass() -> None:
    # Two draws empty the pool before the cap: the pass that follows is the empty-pool pass (-10, pressman).
    round_ = setup("pressman", position(B0, "3-3-3 / 5-5-5", "1-1-1 2-2-2"))
    round_.play(DRAW)
    round_.play(DRAW)
    assert round_.legal_moves() == (PASS,)
    round_.play(PASS)
    assert reasons(round_, 0) == [(Reason.DRAW, -5), (Reason.DRAW, -5), (Reason.PASS, -10)]


# ---------------------------------------------------------------------------------------------- T7


def test_t7_going_out_scores_25_plus_the_others_tiles_never_the_winners_own() -> None:
    text = position(B0, "0-0-1 / 3-3-3 1-1-1 / 4-5-5", "2-2-2", scores="100 50 20", starter=2)
    round_ = setup("pressman", text)
    summary = round_.play("0-1-0 c-1 r0 down")
    assert summary is not None and summary.termination is Termination.GOING_OUT
    # 1 for the tile, 25, and 9 + 3 + 14 held by the others; the placed tile is not counted again.
    assert round_.scores == (100 + 1 + 25 + 26, 50, 20)
    assert summary.points == (52, 0, 0)
    assert [(i.player, i.reason, i.points) for i in summary.end_items] == [
        (0, Reason.GOING_OUT, 25),
        (0, Reason.TILES_COLLECTED, 26),
    ]
    assert summary.winner == 0 and summary.winners == frozenset({0})


def test_t7_pressman_going_out_ends_the_round_at_once() -> None:
    text = position(B0, "3-3-3 / 0-0-1 / 1-1-2 4-4-4 / 5-5-5", turn=1, starter=0)
    round_ = setup("pressman", text)
    summary = round_.play("0-1-0 c-1 r0 down")
    assert summary is not None
    assert round_.scores == (0, 1 + 25 + 9 + 16 + 15, 0, 0)


def test_t7_goliath_the_last_cycle_is_played_out() -> None:
    # Starter 0: player 1 goes out, players 2 and 3 still take their turns, then the round ends.
    text = position(B0, "3-3-3 / 0-0-1 / 1-1-2 4-4-4 / 5-5-5", turn=1, starter=0)
    round_ = setup("goliath", text)
    assert round_.play("0-1-0 c-1 r0 down") is None
    assert round_.to_move == 2 and round_.out == (1,)
    assert round_.play("1-1-2 c1 r0 down") is None  # scores as usual: 4
    assert round_.legal_moves() == (PASS,)
    summary = round_.play(PASS)  # player 3, the starter's right, ends the cycle
    assert summary is not None and summary.winner == 1
    # Player 1: 1 + 25 + the tiles then held: 9 (player 0) + 12 (player 2) + 15 (player 3).
    assert round_.scores == (0, 1 + 25 + 36, 4, 0)


def test_t7_goliath_a_player_who_also_goes_out_in_the_cycle_scores_the_same_way() -> None:
    text = position(B0, "3-3-3 / 0-0-1 / 1-1-2 / 5-5-5", turn=1, starter=0)
    round_ = setup("goliath", text)
    round_.play("0-1-0 c-1 r0 down")
    round_.play("1-1-2 c1 r0 down")
    summary = round_.play(PASS)
    assert summary is not None and summary.winners == frozenset({1, 2}) and summary.winner == 1
    # Both score 25 plus the tiles of the players not out: 9 + 15.
    assert round_.scores == (0, 1 + 25 + 24, 4 + 25 + 24, 0)


def test_t7_goliath_going_out_on_the_starters_right_ends_the_round_at_once() -> None:
    text = position(B0, "3-3-3 / 4-4-4 / 5-5-5 / 0-0-1", turn=3, starter=0)
    round_ = setup("goliath", text)
    summary = round_.play("0-1-0 c-1 r0 down")
    assert summary is not None
    assert round_.scores == (0, 0, 0, 1 + 25 + 9 + 12 + 15)


def blocked(preset: str, hands: str, **options: object) -> Round:
    """Everyone passes with the pool empty on B0 (no hand below fits it)."""
    round_ = setup(preset, position(B0, hands), **options)
    while not round_.is_over:
        assert round_.legal_moves() == (PASS,)
        round_.play(PASS)
    return round_


def test_t7_blocked_round_ends_only_when_every_player_passed_in_turn() -> None:
    round_ = setup("pressman", position(B0, "1-1-1 1-1-3 / 5-5-5 / 4-4-4"))
    round_.play(PASS)
    round_.play(PASS)
    assert not round_.is_over
    summary = round_.play(PASS)
    assert summary is not None and summary.termination is Termination.BLOCKED


def test_t7_blocked_once_the_pool_runs_out_after_everyone_passed_even_if_the_first_pass_left_a_tile() -> None:
    # Player 0 draws 1-1-1, 1-1-3, 5-5-5 (none fits B0) and passes with 3-4-5 still in the pool; player 1
    # draws that last tile, cannot place it and passes. The pool is empty and nobody can place: blocked at
    # once, player 0 does not pass a second time. Pressman: fewest tiles wins, player 1 (2 tiles against 4)
    # scores player 0's 9 + 3 + 5 + 15 = 32 minus its own 12 + 12 = 24: +8.
    round_ = setup("pressman", position(B0, "3-3-3 / 4-4-4", "1-1-1 1-1-3 5-5-5 3-4-5"))
    for _ in range(3):
        round_.play(DRAW)
    assert round_.legal_moves() == (PASS,)
    round_.play(PASS)  # -15 for the draws, -10 after the cap
    assert round_.pool_size == 1 and round_.to_move == 1
    resumed = Round.from_position(round_.rules, round_.position())  # the pass is kept in the position text
    for game in (round_, resumed):
        game.play(DRAW)
        assert game.legal_moves() == (PASS,)
        summary = game.play(PASS)  # -5 for the draw, -10 for passing with the pool empty
        assert summary is not None and summary.termination is Termination.BLOCKED and summary.winner == 1
        assert game.scores == (-25, -15 + 8)


def test_t7_blocked_pressman_fewest_tiles_wins_even_with_a_negative_score() -> None:
    # Player 1 holds one tile (15) against player 0's two (3 + 5): it wins 8 - 15 = -7.
    round_ = blocked("pressman", "1-1-1 1-1-3 / 5-5-5")
    summary = round_.summary
    assert summary is not None and summary.winner == 1
    assert summary.end_items[0].reason is Reason.BLOCKED and summary.end_items[0].points == -7
    assert round_.scores == (-10, -10 - 7)  # each empty-pool pass cost 10


@pytest.mark.parametrize("preset", ["goliath", "classic"])
def test_t7_blocked_lowest_total_wins(preset: str) -> None:
    round_ = blocked(preset, "1-1-1 1-1-3 / 5-5-5")
    summary = round_.summary
    assert summary is not None and summary.winner == 0
    assert round_.scores == (15 - 8, 0)


def test_t7_blocked_fewest_tiles_tie_goes_to_the_lower_total() -> None:
    round_ = blocked("pressman", "3-3-3 / 5-5-5")
    assert round_.summary is not None and round_.summary.winner == 0
    assert round_.scores == (-10 + 15 - 9, -10)


def test_t7_blocked_lowest_total_tie_goes_to_fewer_tiles() -> None:
    # Players 0 and 1 both hold 7 (two tiles against one): player 1 wins 7 + 15 - 7.
    round_ = blocked("goliath", "0-0-3 0-0-4 / 1-1-5 / 5-5-5")
    assert round_.summary is not None and round_.summary.winner == 1
    assert round_.scores == (0, 15, 0)


@pytest.mark.parametrize("preset", ["pressman", "goliath"])
def test_t7_blocked_full_tie_nobody_wins_and_nobody_scores(preset: str) -> None:
    round_ = blocked(preset, "1-1-3 / 0-0-5")  # one tile worth 5 each
    summary = round_.summary
    assert summary is not None and summary.winner is None and summary.winners == frozenset()
    assert summary.end_items == ()
    penalty = 10 if preset == "pressman" else 0
    assert round_.scores == (-penalty, -penalty)


# ---------------------------------------------------------------------------------------------- T8


def game_from(preset: str, text: str, **options: object) -> Game:
    return Game.from_round(setup(preset, text, **options), seed=3)


def test_t8_the_target_reached_mid_round_waits_for_the_round_end_and_the_most_points_win() -> None:
    text = position(B0, "0-2-5 3-3-3 / 1-2-2 4-4-4 / 0-0-1", scores="395 398 300")
    game = game_from("pressman", text)
    game.play("0-2-5 c0 r-1 down")
    assert game.scores[0] == 402 and not game.is_over  # past 400, the round goes on
    game.play("1-2-2 c1 r0 down")
    assert game.scores[1] == 403 and not game.is_over
    summary = game.play("0-1-0 c-1 r0 down")  # player 2 goes out: 1 + 25 + 9 + 12
    assert summary is not None and game.is_over
    assert game.scores == (402, 403, 347)
    assert game.winners == frozenset({1})
    assert game.outcome is not None and game.outcome.termination is Termination.TARGET_REACHED
    assert game.legal_moves() == () and game.to_move is None


def test_t8_a_tie_on_points_goes_to_the_rounds_winner() -> None:
    game = game_from("pressman", position(B0, "3-3-3 / 0-0-1", scores="420 385", turn=1, starter=0))
    game.play("0-1-0 c-1 r0 down")  # 385 + 1 + 25 + 9 = 420
    assert game.scores == (420, 420)
    assert game.winners == frozenset({1})


def test_t8_a_tie_that_the_round_does_not_break_is_a_shared_win() -> None:
    game = game_from("pressman", position(B0, "3-3-3 / 4-4-4 / 0-0-1", scores="420 420 0", turn=2, starter=0))
    game.play("0-1-0 c-1 r0 down")
    assert game.scores == (420, 420, 47)
    assert game.winners == frozenset({0, 1})
    assert game.outcome is not None and game.outcome.winner is None


def test_t8_below_the_target_a_new_round_is_dealt_with_all_56_tiles() -> None:
    game = game_from("pressman", position(B0, "3-3-3 / 0-0-1", scores="10 20", turn=1))
    summary = game.play("0-1-0 c-1 r0 down")
    assert summary is not None and not game.is_over
    assert game.round_number == 2 and game.hand_summaries == (summary,)
    round_ = game.round
    held = [t for p in range(2) for t in round_.tiles_of(p)]
    assert len(held) + round_.pool_size == 56 and not round_.board
    assert game.scores == (10, 20 + 1 + 25 + 9)


def test_t8_time_limit_the_turn_ends_as_if_the_player_could_not_play() -> None:
    # Player 0 could place 0-0-1, but time runs out: three draws (-15), the failed-draw -10, no placement.
    text = position(B0, "0-0-1 / 5-5-5", "1-1-1 2-2-2 3-3-3 4-4-4")
    game = game_from("pressman", text, turn_time_limit=30)
    assert game.turn_time_out() is None
    assert game.scores == (-25, 0) and game.to_move == 1
    assert game.round.tile_count(0) == 4 and game.round.pool_size == 1
    assert [str(m) for m in game.moves] == ["timeout"]
    assert [e.kind for e in game.round.events] == [EventKind.TIMEOUT] + [EventKind.DRAW] * 3 + [EventKind.PASS]


def test_t8_time_limit_without_a_cap_draws_until_a_tile_could_be_placed() -> None:
    round_ = setup("classic", position(B0, "3-3-3 / 5-5-5", "1-1-1 0-0-1 4-4-4"), turn_time_limit=10)
    round_.turn_time_out()
    assert round_.scores == (-10, 0) and round_.to_move == 1 and round_.pool_size == 1


def test_t8_no_time_out_without_a_time_limit() -> None:
    round_ = setup("pressman", position(B0, "0-0-1 / 5-5-5", "1-1-1"))
    with pytest.raises(IllegalMoveError, match="no turn time limit"):
        round_.turn_time_out()
    assert round_.scores == (0, 0)
