"""``draw_next``: the engines' one addition for chance nodes that choose the drawn tile when it is drawn."""

from __future__ import annotations

import pytest

from bonepile.core.errors import InvalidPositionError
from bonepile.dominoes import DRAW, Game
from bonepile.triominoes import DRAW as TRI_DRAW
from bonepile.triominoes import Game as TriGame


def test_dominoes_draw_next_brings_the_named_tile_and_keeps_the_rest_in_order() -> None:
    game = Game.new("draw", 2, seed=3)
    hand = game.hand
    while hand.legal_moves() != (DRAW,):
        hand.play(hand.legal_moves()[0])
    player = hand.to_move
    assert player is not None
    boneyard = list(hand.boneyard())
    chosen = boneyard[-1]
    seen = hand.observation(player)
    hand.draw_next(chosen)
    assert hand.observation(player) == seen  # the order is hidden: nothing anyone sees changes
    assert list(hand.boneyard()) == [chosen, *boneyard[:-1]]
    hand.play(DRAW)
    assert chosen in hand.tiles_of(player) and list(hand.boneyard()) == boneyard[:-1]
    with pytest.raises(InvalidPositionError, match="not in the boneyard"):
        hand.draw_next(hand.tiles_of(player)[0])


def test_triominoes_draw_next_brings_the_named_tile_and_keeps_the_rest_in_order() -> None:
    game = TriGame.new("pressman", 2, seed=5)
    round_ = game.round
    while TRI_DRAW not in round_.legal_moves():
        round_.play(round_.legal_moves()[0])
    player = round_.to_move
    assert player is not None
    pool = list(round_.pool())
    chosen = pool[len(pool) // 2]
    seen = round_.observation(player)
    round_.draw_next(chosen)
    assert round_.observation(player) == seen
    assert list(round_.pool()) == [chosen, *(t for t in pool if t is not chosen)]
    round_.play(TRI_DRAW)
    assert chosen in round_.tiles_of(player)
    with pytest.raises(InvalidPositionError, match="not in the pool"):
        round_.draw_next(chosen)
