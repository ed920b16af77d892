"""What the front ends ask the Tri-Ominos engine instead of restating its rules (issue 24).

Each query from literal positions, with the values worked out by hand in the comments (the grid of the
rule sheet's engine notes: UP(q, r) has corners (q,r), (q,r+1), (q+1,r); DOWN(q, r) has (q,r+1),
(q+1,r+1), (q+1,r); column 2q + r, +1 for DOWN); then, over random games, agreement with the logic the
web view used before the engine said it.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import pytest

from bonepile.triominoes import (
    DRAW,
    PASS,
    TIMEOUT,
    Game,
    Move,
    Observation,
    Place,
    Round,
    Rules,
    Termination,
    Tile,
    placed_beside,
)


def rules(**options: Any) -> Rules:
    return Rules.from_preset("pressman", 2, **options)


# ----------------------------------------------------------------------------- Move.reveals_hidden


def test_a_draw_and_a_timeout_reveal_something_hidden() -> None:
    assert DRAW.reveals_hidden  # T6: the drawn tile is shown to its drawer
    assert TIMEOUT.reveals_hidden  # T8: the player draws up to the cap
    assert not PASS.reveals_hidden
    assert not Move.parse("0-0-0 c0 r0 up").reveals_hidden


def test_a_timeout_shows_the_tiles_it_draws() -> None:
    # 5-5-5 fits nowhere beside 0-0-0, and nor does any pool tile: the timeout draws the cap (3, pressman)
    # and passes; the three drawn tiles are now the player's to see.
    text = "board: 0-0-0 c0 r0 up; hands: 5-5-5 / 4-4-4; pool: 3-3-3 2-2-2 1-1-1 5-5-4; turn: 0; starter: 1"
    round_ = Round.from_position(rules(turn_time_limit=30), text)
    assert round_.observation(0).draws == ()
    round_.play(TIMEOUT)
    drawn = round_.observation(0).draws
    assert [tile for _, tile in drawn] == [Tile.parse(t) for t in ("3-3-3", "2-2-2", "1-1-1")]
    assert round_.observation(1).draws == ()  # the other player sees no drawn tile
    assert round_.observation(0).hand == tuple(sorted(Tile.parse(t) for t in ("5-5-5", "3-3-3", "2-2-2", "1-1-1")))


def test_a_timeout_with_an_empty_pool_draws_nothing() -> None:
    # reveals_hidden is a property of the move: a timeout may draw; with the pool empty it shows nothing.
    text = "board: 0-0-0 c0 r0 up; hands: 5-5-5 / 4-4-4; pool: -; turn: 0; starter: 1"
    round_ = Round.from_position(rules(turn_time_limit=30), text)
    round_.play(TIMEOUT)
    assert round_.observation(0).draws == ()


# ----------------------------------------------------------------------------- the common names


def test_the_common_names_are_the_round_words() -> None:
    text = "board: 0-0-0 c0 r0 up; hands: 5-5-5 0-0-1 / 4-4-4; pool: 3-3-3 2-2-2; turn: 1; starter: 0"
    round_ = Round.from_position(rules(), text)
    before = Round.score_end(rules(), [[], [Tile.parse("1-2-3")]])
    obs = round_.observation(0, round_number=3, past_rounds=(before,))
    assert obs.deal_number == obs.round_number == 3
    assert obs.past_deals == obs.past_rounds == (before,)
    assert obs.deal_over is obs.round_over is None
    assert obs.stock_size == obs.pool_size == 2
    assert obs == round_.observation(0, round_number=3, past_rounds=(before,))
    for name in ("deal_number", "past_deals", "deal_over", "stock_size"):
        assert name not in Observation.__dataclass_fields__


def test_a_round_summary_has_a_winner_and_each_players_points() -> None:
    # Player 0 went out: the going-out bonus (pressman 25) plus player 1's tiles, 1 + 2 + 3 = 6 (T7).
    summary = Round.score_end(rules(), [[], [Tile.parse("1-2-3")]])
    assert summary.termination is Termination.GOING_OUT
    assert summary.winner == 0
    assert summary.points == (25 + 6, 0)
    over = Round.from_position(rules(), "board: 0-0-0 c0 r0 up; hands: - / 1-2-3; pool: -; turn: over")
    assert over.observation(1).deal_over is over.summary


# ----------------------------------------------------------------------------- placed_beside

# Six tiles around grid point (1, 0), in the order of play, with the numbers on the points (0,0)=0,
# (0,1)=0, (1,0)=0, (1,1)=1, (2,0)=1, (1,-1)=2, (2,-1)=2; each placement reads clockwise from its leftmost.
PLAYED = (
    "0-0-0 c0 r0 up",  # UP(0,0): first, beside nothing
    "0-1-0 c1 r0 down",  # DOWN(0,0): across UP(0,0)'s edge 1
    "0-1-1 c2 r0 up",  # UP(1,0): across DOWN(0,0)'s edge 1; its other sides are still empty
    "0-0-2 c0 r-1 down",  # DOWN(0,-1): below UP(0,0) (its edge 0 is UP(0,0)'s edge 2)
    "0-1-2 c2 r-1 down",  # DOWN(1,-1): below UP(1,0)
    "2-0-2 c1 r-1 up",  # UP(1,-1): edge 0 is DOWN(0,-1), edge 1 DOWN(1,-1), edge 2 DOWN(1,-2) (empty)
)


def test_each_tile_is_beside_the_tiles_down_before_it_across_its_sides() -> None:
    board = [Move.parse(text) for text in PLAYED]
    beside = placed_beside(board)
    tile = {move.place: move.tile for move in board}
    place = [move.place for move in board]
    assert beside == {
        place[0]: (),
        place[1]: (tile[place[0]],),
        place[2]: (tile[place[1]],),
        place[3]: (tile[place[0]],),
        place[4]: (tile[place[2]],),
        place[5]: (tile[place[3]], tile[place[4]]),  # in the order of its sides
    }
    assert beside[Place.parse("c1 r-1 up")] == (Tile.parse("0-0-2"), Tile.parse("0-1-2"))
    # The board is a legal layout (edge-connected, one number a point), and the last tile closes the ring.
    round_ = Round.from_position(rules(), f"board: {', '.join(PLAYED)}; hands: 5-5-5 / 4-4-4; turn: 0")
    assert sorted(round_.board, key=str) == sorted(board, key=str)


def test_the_order_of_play_decides_who_was_beside_whom() -> None:
    board = [Move.parse(text) for text in reversed(PLAYED)]
    beside = placed_beside(board)
    # Played last, UP(0,0) was beside both tiles already across its sides: DOWN(0,0) (edge 1), DOWN(0,-1) (edge 2).
    assert beside[Place.parse("c0 r0 up")] == (Tile.parse("0-0-1"), Tile.parse("0-0-2"))
    assert beside[Place.parse("c1 r-1 up")] == ()


def test_moves_that_place_nothing_are_skipped() -> None:
    board = [Move.parse(PLAYED[0]), DRAW, PASS, Move.parse(PLAYED[1])]
    assert placed_beside(board) == {
        Place.parse("c0 r0 up"): (),
        Place.parse("c1 r0 down"): (Tile.parse("0-0-0"),),
    }
    assert placed_beside([]) == {}


# ----------------------------------------------------------------------------- agreement over random games


def _old_neighbours_of(board: Iterable[Move]) -> dict[Place, tuple[Tile, ...]]:
    """``web/views.py::neighbours_of`` as it was before the engine said it: sides as pairs of corner points."""

    def sides(place: Place) -> tuple[frozenset[tuple[int, int]], ...]:
        a, b, c = place.corner_points()
        return (frozenset((a, b)), frozenset((b, c)), frozenset((c, a)))

    by_edge: dict[frozenset[tuple[int, int]], Tile] = {}
    beside: dict[Place, tuple[Tile, ...]] = {}
    for move in board:
        if move.place is None or move.tile is None:
            continue
        edges = sides(move.place)
        beside[move.place] = tuple(by_edge[edge] for edge in edges if edge in by_edge)
        for edge in edges:
            by_edge[edge] = move.tile
    return beside


@pytest.mark.parametrize(("preset", "players"), [("pressman", 2), ("pressman", 4), ("goliath", 3), ("classic", 2)])
def test_the_engine_agrees_with_the_old_view_over_random_games(preset: str, players: int) -> None:
    for seed in range(4):
        game = Game.new(preset, players=players, seed=seed)
        rng = random.Random(seed)
        played: list[Move] = []
        for _ in range(300):
            if game.is_over:
                break
            obs = game.observation(game.to_move if game.to_move is not None else 0)
            assert obs.deal_number == obs.round_number
            assert obs.past_deals == obs.past_rounds
            assert obs.deal_over == obs.round_over
            assert obs.stock_size == obs.pool_size
            assert placed_beside(obs.board) == _old_neighbours_of(obs.board)  # place order
            assert placed_beside(played) == _old_neighbours_of(played)  # the order of play
            move = rng.choice(game.legal_moves())
            assert move.reveals_hidden == (move.kind.value in {"draw", "timeout"})
            if game.play(move) is not None:
                played = []  # a new round
            elif move.place is not None:
                played.append(move)
