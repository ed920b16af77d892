"""One test per option of the rule sheet's table: changing it on a preset changes exactly that behaviour.

Board ``B0`` is 0-1-2 on c0 r0 up (see test_tri_rules): 0-0-1 fits it (as 0-1-0 c-1 r0 down), and
tiles such as 1-1-1, 2-2-2, 3-3-3, 4-4-4, 5-5-5, 1-1-3 fit nowhere.
"""

from __future__ import annotations

import random

import pytest
from triominoes_helpers import position, setup

from bonepile.triominoes import DRAW, PASS, EventKind, Game, IllegalMoveError, Reason, Round, Rules, RulesError

B0 = "0-1-2 c0 r0 up"


def test_option_start_draw_until_triple_on_pressman() -> None:
    text = "board: -; hands: 4-4-5 1-2-3 / 3-5-5 0-1-2; pool: 2-3-4 2-2-2 5-5-5"
    assert setup("pressman", text).to_move == 1  # pressman: 3-5-5, the highest value, opens
    round_ = setup("pressman", text, start="draw_until_triple")
    # Player 0 draws 2-3-4, player 1 draws 2-2-2 and opens with it, with pressman's triple bonus (+10).
    assert round_.to_move == 1 and round_.tile_count(0) == 3
    round_.play("2-2-2")
    assert round_.scores == (0, 16)


def test_option_start_draw_one_on_pressman() -> None:
    round_ = Round.deal(Rules.from_preset("pressman", 3, start="draw_one"), random.Random(4))
    assert [e.kind for e in round_.events][:3] == [EventKind.START_DRAW] * 3
    assert len(round_.legal_moves()) == 7  # the starter may open with any of their tiles


@pytest.mark.parametrize(("bonus", "points"), [(0, 15), (20, 35), ([5, 0, 0], 20)])
def test_option_start_bonus(bonus: object, points: int) -> None:
    round_ = setup("pressman", "board: -; hands: 5-5-5 1-2-3 / 0-1-2; pool: 4-4-4", start_bonus=bonus)
    round_.play("5-5-5")
    assert round_.scores == (points, 0)


def test_option_voluntary_draw() -> None:
    text = position(B0, "0-0-1 3-3-3 / 5-5-5", "4-4-4")
    assert DRAW in setup("pressman", text, voluntary_draw=True).legal_moves()
    assert DRAW not in setup("goliath", text, voluntary_draw=False).legal_moves()


def test_option_max_draws() -> None:
    round_ = setup("pressman", position(B0, "3-3-3 / 5-5-5", "1-1-1 2-2-2"), max_draws=1)
    round_.play(DRAW)
    assert round_.legal_moves() == (PASS,)
    round_.play(PASS)
    assert round_.scores == (-15, 0)
    capped = setup("classic", position(B0, "3-3-3 / 5-5-5", "1-1-1 2-2-2 4-4-4"), max_draws=2)
    capped.play(DRAW)
    capped.play(DRAW)
    assert capped.legal_moves() == (PASS,)


def test_option_draw_penalty() -> None:
    round_ = setup("goliath", position(B0, "3-3-3 / 5-5-5", "1-1-1"), draw_penalty=2)
    round_.play(DRAW)
    assert round_.scores == (-2, 0)


def test_option_failed_draw_penalty() -> None:
    round_ = setup("pressman", position(B0, "3-3-3 / 5-5-5", "1-1-1 2-2-2 4-4-4"), failed_draw_penalty=7)
    for _ in range(3):
        round_.play(DRAW)
    round_.play(PASS)
    assert round_.scores == (-22, 0)
    assert [i.reason for i in round_.items][-1] is Reason.FAILED_DRAWS


def test_option_empty_pool_pass_penalty() -> None:
    round_ = setup("goliath", position(B0, "3-3-3 / 0-0-1 5-5-5"), empty_pool_pass_penalty=3)
    round_.play(PASS)
    assert round_.scores == (-3, 0)


def test_option_multi_hexagon() -> None:
    two_rings = (
        "2-0-2 c-2 r-1 down, 2-4-0 c-2 r0 up, 2-0-0 c-1 r-1 up, 4-4-0 c-1 r0 down, 0-5-0 c0 r-1 down, "
        "0-5-5 c1 r-1 up, 4-4-5 c1 r0 down, 5-5-5 c2 r-1 down, 5-4-5 c2 r0 up"
    )
    text = position(two_rings, "0-4-5 1-1-1 / 3-3-3", "2-2-2")
    assert setup("classic", text).legal_points()[0] == 9 + 60
    assert setup("classic", text, multi_hexagon="per_ring").legal_points()[0] == 9 + 100


def test_option_bridge_is_strict_only() -> None:
    assert Rules.from_preset("goliath", bridge="strict").bridge == "strict"
    with pytest.raises(RulesError, match="the only bridge rule defined"):
        Rules.from_preset("pressman", bridge="adding")


def test_option_play_out_cycle_on_pressman() -> None:
    text = position(B0, "3-3-3 / 0-0-1 / 1-1-2 4-4-4 / 5-5-5", turn=1, starter=0)
    round_ = setup("pressman", text, play_out_cycle=True)
    assert round_.play("0-0-1") is None and round_.to_move == 2
    round_.play("1-1-2")
    assert round_.play(PASS) is not None  # player 3 (pressman's -10 pass) ends the cycle
    assert round_.scores == (0, 1 + 25 + 9 + 12 + 15, 4, -10)


def test_option_blocked_winner() -> None:
    for rule, winner in (("fewest_tiles", 1), ("lowest_total", 0)):
        round_ = setup("classic", position(B0, "1-1-1 1-1-3 / 5-5-5"), blocked_winner=rule)
        round_.play(PASS)
        summary = round_.play(PASS)
        assert summary is not None and summary.winner == winner


def test_option_going_out_bonus() -> None:
    round_ = setup("pressman", position(B0, "0-0-1 / 3-3-3"), going_out_bonus=10)
    round_.play("0-0-1")
    assert round_.scores == (1 + 10 + 9, 0)


def test_option_target() -> None:
    text = position(B0, "0-0-1 / 3-3-3", scores="20 0")
    low = Game.from_round(setup("pressman", text, target=50))
    low.play("0-0-1")  # 20 + 35 = 55
    assert low.is_over and low.winners == frozenset({0})
    default = Game.from_round(setup("pressman", text))
    default.play("0-0-1")
    assert not default.is_over and default.round_number == 2


def test_option_turn_time_limit() -> None:
    text = position(B0, "0-0-1 / 5-5-5", "1-1-1")
    with pytest.raises(IllegalMoveError, match="no turn time limit"):
        setup("goliath", text).turn_time_out()
    round_ = setup("goliath", text, turn_time_limit=45)
    round_.turn_time_out()  # one draw empties the pool; the empty-pool pass is free under goliath
    assert round_.scores == (-5, 0) and round_.to_move == 1
    with pytest.raises(RulesError, match="turn_time_limit"):
        Rules.from_preset("goliath", turn_time_limit=-1)
