"""The analysis API: questions a tool asks of a position without playing it (scores, fits, places, bonuses).

Each test starts from a literal position; the expected numbers are worked out
from the rule sheet in the comments. ``B0`` is the rule tests' board: 0-1-2 on
c0 r0 up, so (0,0) shows 0, (0,1) shows 1 and (1,0) shows 2.
"""

from __future__ import annotations

import pytest
from test_tri_rules import B0
from triominoes_helpers import position, setup

from bonepile.triominoes import (
    DRAW,
    EventKind,
    IllegalMoveError,
    InvalidPositionError,
    Move,
    Place,
    Reason,
    Round,
    Rules,
    Tile,
)


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(word) for word in text.split()]


def test_placements_never_list_a_tile_already_on_the_board() -> None:
    # 2-2-5 on c0 r0 up shows 2 at (0,0) and (0,1): its left neighbour c-1 r0 down reads (x, 2, 2), where
    # 2-2-5 itself would fit as 5-2-2 (a rotation of the same tile), and 2-2-2 fits as well.
    round_ = setup("pressman", position("2-2-5 c0 r0 up", "0-0-1 / 3-3-3", "4-4-4"))
    found = [str(m) for m in round_.placements(tiles("2-2-5 2-2-2"))]
    assert "5-2-2 c-1 r0 down" not in found and "2-2-2 c-1 r0 down" in found
    assert all(not m.startswith(("2-2-5", "2-5-2", "5-2-2")) for m in found)
    assert not round_.fits(Move.parse("5-2-2 c-1 r0 down"))
    with pytest.raises(IllegalMoveError, match="does not fit"):
        round_.placement_points(Move.parse("5-2-2 c-1 r0 down"))


def test_t3_placements_on_an_empty_board_are_the_openings_at_the_origin() -> None:
    # Pressman: 5-5-5 is the highest triple, so only it opens (its holder also holds 0-0-0, which may open too).
    pressman = Rules.from_preset("pressman", 2)
    round_ = Round(pressman, [tiles("5-5-5 0-0-0 1-2-3"), tiles("3-3-3 0-0-1")])
    assert [str(m) for m in round_.placements(tiles("5-5-5 3-3-3 0-0-1 0-0-0"))] == [
        "0-0-0 c0 r0 up",
        "5-5-5 c0 r0 up",
    ]
    # T3: 5-5-5 scores 15 + 10; 0-0-0 scores 0 + 10 + 30, and +10 more shown with the higher triple.
    assert round_.placement_points(Move.parse("5-5-5 c0 r0 up")) == 25
    assert round_.placement_points(Move.parse("0-0-0 c0 r0 up")) == 50
    assert not round_.fits(Move.parse("3-3-3 c0 r0 up"))  # not the opening tile
    assert not round_.fits(Move.parse("5-5-5 c1 r0 down"))  # the opening goes to the origin
    # A named starter (goliath's draw-one winner) opens with any tile.
    free = Round(Rules.from_preset("goliath", 2), [tiles("1-2-3 0-0-1"), tiles("3-3-3")], starter=0)
    assert [str(m) for m in free.placements(tiles("1-2-3"))] == ["1-2-3 c0 r0 up"]


def test_t4_t5_fit_and_points_of_any_tile_in_any_place_not_only_the_movers() -> None:
    # Player 0 (to move) holds 3-3-3; player 1 holds 1-2-2; 0-2-5 lies in the pool.
    round_ = setup("pressman", position(B0, "3-3-3 / 1-2-2", "0-2-5"))
    assert round_.fits(Move.parse("1-2-2 c1 r0 down")) and round_.placement_points(Move.parse("1-2-2 c1 r0 down")) == 5
    assert round_.placement_points(Move.parse("0-2-5 c0 r-1 down")) == 7
    with pytest.raises(IllegalMoveError):
        round_.move_points(Move.parse("1-2-2 c1 r0 down"))  # not the mover's move
    # c-1 r0 down reads (x, 1, 0): 1-1-2 has no rotation with 1 then 0.
    assert not round_.fits(Move.parse("2-1-1 c-1 r0 down"))
    assert not round_.fits(Move.parse("0-0-1 c5 r0 down"))  # shares no edge (T4)
    assert not round_.fits(DRAW)


def test_a_places_neighbours_and_the_edges_it_shares_with_the_layout() -> None:
    # Rule sheet: across UP(q, r)'s edges lie DOWN(q-1, r), DOWN(q, r), DOWN(q, r-1); across DOWN's UP(q, r+1),
    # UP(q+1, r), UP(q, r). Edge i joins corner i and corner i+1.
    up = Place.parse("c0 r0 up")
    assert [str(p) for p in up.neighbours()] == ["c-1 r0 down", "c1 r0 down", "c0 r-1 down"]
    assert [str(p) for p in Place.parse("c1 r0 down").neighbours()] == ["c1 r1 up", "c2 r0 up", "c0 r0 up"]
    round_ = setup("pressman", position(B0, "3-3-3 / 1-2-2", "0-2-5"))
    assert round_.shared_edges(Place.parse("c1 r0 down")) == (2,)  # its left edge, against 0-1-2
    assert round_.shared_edges(Place.parse("c1 r1 up")) == ()
    assert round_.tile_at(up) == Move.parse(B0) and round_.tile_at(Place.parse("c1 r0 down")) is None


def test_the_drawers_own_observation_names_the_tile_it_drew_and_nobody_elses_does() -> None:
    round_ = setup("pressman", position(B0, "3-3-3 / 4-4-4", "1-1-1 5-5-5"))
    round_.play(DRAW)
    round_.play(DRAW)
    mine, theirs = round_.observation(0), round_.observation(1)
    assert mine.draws == ((0, Tile.parse("1-1-1")), (1, Tile.parse("5-5-5")))  # the index of each draw event
    assert [mine.events[i].kind for i, _ in mine.draws] == [EventKind.DRAW, EventKind.DRAW]
    assert theirs.draws == ()
    assert mine.events == theirs.events and all(e.tile is None for e in mine.events)  # the events stay public
    assert round_.copy().observation(0).draws == mine.draws


def test_the_board_is_read_once_per_tile_placed() -> None:
    round_ = setup("pressman", position(B0, "0-2-5 3-3-3 / 4-4-4", "1-1-1"))
    before = round_.board
    assert round_.board is before and before == (Move.parse(B0),)
    round_.play("0-2-5 c0 r-1 down")
    assert round_.board is not before and [str(m) for m in round_.board] == ["0-2-5 c0 r-1 down", B0]


def test_t7_score_a_round_end_from_given_hands_without_playing_to_it() -> None:
    pressman = Rules.from_preset("pressman", 2)
    # Going out: +25 and the 15 + 6 player 1 still holds.
    out = Round.score_end(pressman, [[], tiles("5-5-5 1-2-3")])
    assert (out.winner, out.points) == (0, (46, 0))
    assert [(i.reason, i.points) for i in out.items] == [(Reason.GOING_OUT, 25), (Reason.TILES_COLLECTED, 21)]
    # Blocked, pressman: fewest tiles wins, player 1 scores 3 + 5 - 15 = -7.
    blocked = Round.score_end(pressman, [tiles("1-1-1 1-1-3"), tiles("5-5-5")])
    assert (blocked.winner, blocked.points) == (1, (0, -7))
    # Goliath plays out the cycle: two players out, each scores 25 + the 15 the third holds; the first out wins.
    goliath = Round.score_end(Rules.from_preset("goliath", 3), [[], [], tiles("5-5-5")], out=[1, 0])
    assert (goliath.winner, goliath.winners, goliath.points) == (1, frozenset({0, 1}), (40, 40, 0))
    with pytest.raises(InvalidPositionError, match="must be the players with no tiles"):
        Round.score_end(pressman, [[], tiles("5-5-5")], out=[1])
    with pytest.raises(InvalidPositionError, match="only a played-out cycle"):
        Round.score_end(Rules.from_preset("pressman", 3), [[], [], tiles("5-5-5")])
    with pytest.raises(InvalidPositionError, match="held twice"):
        Round.score_end(pressman, [tiles("5-5-5"), tiles("5-5-5")])
