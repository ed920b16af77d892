"""``Round.placement_bonus``: the bonus of a legal placement, named for front ends (T3, T5).

The positions are the rule tests' (``test_tri_rules``); the playout test checks
that the named bonus is exactly what the placement then scores beyond the tile.
"""

from __future__ import annotations

import random

import pytest
from test_tri_rules import B0, BRIDGE_GAP, HEXAGON_GAP, THREE_RINGS_GAP, TWO_RINGS_GAP
from triominoes_helpers import position, setup

from bonepile.triominoes import DRAW, Bonus, Game, IllegalMoveError, Move, MoveKind, Place, Reason


def test_t5_bonus_names_a_hexagon() -> None:
    round_ = setup("pressman", position(HEXAGON_GAP, "2-3-5 1-1-1 / 3-3-3", "4-4-4"))
    # The gap c2 r0 up has corners (1,0), (1,1), (2,0): the ring it closes is the one around (1,0).
    expected = Bonus(Reason.HEXAGON, 50, rings=1, centres=((1, 0),))
    assert round_.placement_bonus(Move.parse("5-2-3 c2 r0 up")) == expected
    assert round_.bonus_at(Place.parse("c2 r0 up")) == expected  # the place's bonus, whatever tile goes there
    assert Bonus(Reason.HEXAGON, 50, rings=1).name == "hexagon"


def test_t5_bonus_names_a_double_and_a_triple_hexagon() -> None:
    double = setup("pressman", position(TWO_RINGS_GAP, "0-4-5 1-1-1 / 3-3-3", "2-2-2"))
    bonus = double.placement_bonus(Move.parse("0-4-5 c0 r0 up"))
    assert bonus is not None and (bonus.name, bonus.points) == ("double hexagon", 60)
    assert bonus.centres == ((0, 0), (1, 0))  # c0 r0 up's corners (0,0) and (1,0); (0,1) is not yet ringed
    triple = setup("goliath", position(THREE_RINGS_GAP, "0-4-5 1-1-1 / 3-3-3", "2-2-2"))
    bonus = triple.placement_bonus(Move.parse("0-4-5 c0 r0 up"))
    assert bonus is not None and (bonus.name, bonus.points) == ("triple hexagon", 70)
    assert bonus.centres == ((0, 0), (0, 1), (1, 0))


def test_t5_bonus_per_ring_option_pays_each_ring() -> None:
    round_ = setup("pressman", position(TWO_RINGS_GAP, "0-4-5 1-1-1 / 3-3-3", "2-2-2"), multi_hexagon="per_ring")
    assert round_.placement_bonus(Move.parse("0-4-5 c0 r0 up")) == Bonus(
        Reason.HEXAGON, 100, rings=2, centres=((0, 0), (1, 0))
    )


def test_t5_bonus_names_a_bridge() -> None:
    round_ = setup("pressman", position(BRIDGE_GAP, "3-4-4 1-1-1 / 3-3-3", "2-2-2"))
    bonus = round_.placement_bonus(Move.parse("3-4-4 c2 r1 down"))
    # c2 r1 down shares only its right edge (edge 1, from its right corner to its bottom one), with 4-4-4.
    assert bonus == Bonus(Reason.BRIDGE, 40, bridge_edge=1) and bonus.name == "bridge"
    assert round_.shared_edges(Place.parse("c2 r1 down")) == (1,)


def test_t5_a_plain_placement_has_no_bonus() -> None:
    round_ = setup("pressman", position(B0, "0-2-5 1-1-1 / 5-5-5", "4-4-4"))
    assert round_.placement_bonus(Move.parse("0-2-5 c0 r-1 down")) is None


def test_t3_the_opening_triple_names_its_start_bonus() -> None:
    game = Game.new("pressman", players=2, seed=3)
    opening = game.legal_moves()[0]
    assert opening.tile is not None
    bonus = game.round.placement_bonus(opening)
    expected = game.round.move_points(opening) - opening.tile.value
    assert (bonus.points if bonus else 0) == expected
    if bonus is not None:
        assert bonus.name == "start bonus"


def test_bonus_of_anything_but_a_legal_placement_is_refused_without_naming_hidden_tiles() -> None:
    round_ = setup("pressman", position(B0, "0-2-5 1-1-1 / 5-5-5", "4-4-4"))
    with pytest.raises(IllegalMoveError) as caught:
        round_.placement_bonus(Move.parse("1-1-1 c1 r0 down"))
    assert "5-5-5" not in caught.value.public
    with pytest.raises(IllegalMoveError):
        round_.placement_bonus(DRAW)


@pytest.mark.parametrize("preset", ["pressman", "goliath", "classic"])
def test_bonus_is_what_a_placement_scores_beyond_its_tile_over_random_games(preset: str) -> None:
    rng = random.Random(preset)
    game = Game.new(preset, players=3, seed=11)
    for _ in range(400):
        if game.is_over:
            break
        round_ = game.round
        legal = game.legal_moves()
        for move in legal:
            if move.kind is MoveKind.PLACE:
                assert move.tile is not None
                bonus = round_.placement_bonus(move)
                assert round_.move_points(move) == move.tile.value + (bonus.points if bonus else 0)
        move = rng.choice(legal)
        expected = round_.placement_bonus(move) if move.kind is MoveKind.PLACE else None
        events_before = len(round_.events)
        game.play(move)
        if move.kind is MoveKind.PLACE and game.round is round_:
            placed = round_.events[events_before]
            extra = [(item.reason, item.points) for item in placed.items if item.reason is not Reason.TILE]
            assert extra == ([] if expected is None else [(expected.reason, expected.points)])
