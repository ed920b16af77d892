"""Every value the engine hands out survives ``pickle`` and ``copy.deepcopy`` equal to itself.

Why: OpenSpiel clones and serializes states, the rooms' AI runs in a process pool, and the compiled engine
(tools/compiled.py, whose tests run this folder too) builds classes that ``pickle`` and ``copy`` treat
differently from Python's: a frozen dataclass that cannot be filled field by field, for one.
"""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

from bonepile.dominoes import Game


def values() -> list[tuple[str, Any]]:
    game = Game.new("all-fives", 2, seed=3)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    hand = game.hand
    mover = hand.to_move
    assert mover is not None
    move = hand.legal_moves()[0]
    observation = hand.observation(mover)
    return [
        ("tile", hand.tiles_of(mover)[0]),
        ("move", move),
        ("rules", hand.rules),
        ("event", hand.events[0]),
        ("observation", observation),
        ("preview", observation.preview(move)),
    ]


@pytest.mark.parametrize("name", [name for name, _ in values()])
@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_value_survives_a_copy_equal(name: str, how: str) -> None:
    value = dict(values())[name]
    again = pickle.loads(pickle.dumps(value)) if how == "pickle" else copy.deepcopy(value)
    assert type(again) is type(value)
    assert again == value


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_a_game_survives_a_copy_and_plays_on_alike(how: str) -> None:
    game = Game.new("draw", 2, seed=5)
    for _ in range(4):
        game.play(game.legal_moves()[-1])
    again = pickle.loads(pickle.dumps(game)) if how == "pickle" else copy.deepcopy(game)
    assert again.hand.position() == game.hand.position()
    assert again.to_record() == game.to_record()
    while not game.is_over:
        move = game.legal_moves()[0]
        assert again.legal_moves()[0] == move
        game.play(move)
        again.play(move)
    assert again.to_record() == game.to_record()
