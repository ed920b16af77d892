"""T7 and the position text: a player who drew the pool's last tile after every player passed is still in
their turn (found by the heuristic, whose world sampler writes such positions and reads them back)."""

from __future__ import annotations

from bonepile.triominoes import Round, Rules

DREW_THE_LAST_TILE = (
    "board: 0-2-5 c-2 r-3 down, 5-2-3 c-1 r-3 up, 0-0-5 c3 r-3 up, 0-3-5 c4 r-3 down, 5-3-3 c5 r-3 up, "
    "3-1-3 c6 r-3 down, 0-2-2 c-2 r-2 up, 2-1-2 c-1 r-2 down, 1-0-1 c1 r-2 down, 1-0-0 c2 r-2 up, 0-3-0 "
    "c3 r-2 down, 0-3-3 c4 r-2 up, 2-3-2 c-3 r-1 up, 3-3-2 c-2 r-1 down, 2-3-1 c-1 r-1 up, 3-5-1 c0 r-1 "
    "down, 1-5-0 c1 r-1 up, 4-0-3 c4 r-1 down, 3-0-2 c5 r-1 up, 3-4-3 c-2 r0 up, 4-5-3 c-1 r0 down, 3-5-5"
    " c0 r0 up, 5-2-5 c1 r0 down, 5-2-4 c2 r0 up, 2-4-4 c3 r0 down, 4-4-0 c4 r0 up, 4-5-0 c5 r0 down, "
    "0-5-5 c6 r0 up, 5-4-5 c7 r0 down, 5-4-4 c8 r0 up, 4-3-4 c9 r0 down, 1-1-5 c0 r1 down, 5-1-2 c1 r1 "
    "up, 2-2-4 c3 r1 up, 2-3-4 c4 r1 down, 5-1-4 c7 r1 up, 1-1-4 c8 r1 down, 4-1-3 c9 r1 up, 1-1-3 c10 r1"
    " down, 1-1-1 c8 r2 up; hands: 0-0-0 0-0-4 0-1-2 0-1-3 0-1-4 0-2-4 1-4-4 2-2-5 4-4-4 / 0-0-2 1-1-2 "
    "1-2-4 1-5-5 2-2-2 3-3-3 5-5-5; pool: -; scores: 347 384; turn: 1; starter: 0; draws: 1; passes: 2"
)


def test_t7_a_player_who_drew_the_last_tile_after_everyone_passed_is_still_to_play() -> None:
    rules = Rules.from_preset("goliath", 2)
    round_ = Round.from_position(rules, DREW_THE_LAST_TILE)
    assert not round_.is_over and round_.to_move == 1 and round_.pool_size == 0
    assert round_.position() == DREW_THE_LAST_TILE
    assert round_.legal_moves(), "the tile just drawn may be placed, or the turn passed"


def test_t7_with_every_player_passed_the_pool_empty_and_no_draw_the_round_is_over() -> None:
    rules = Rules.from_preset("goliath", 2)
    over = DREW_THE_LAST_TILE.replace("draws: 1; ", "")
    try:
        Round.from_position(rules, over)
    except ValueError as error:
        assert "blocked" in str(error)
    else:
        raise AssertionError("a blocked round was read as going on")
