"""The layout of a round of Tri-Ominos (T4, T5): the tiles on the board, the frontier, what fits where, bonuses.

Why a module of its own: the numbers at the grid points, how many tiles touch
each point and the frontier are the board's state, and what fits a triangle
and what it earns (T4, T5) are read from them alone; the round (``_round``)
adds the hands, the pool, the turn and the score. ``Round`` inherits
``Layout``, so its hot loop calls these methods on itself exactly as before
(no extra call layer). ``placed_beside`` reads which tiles a placed tile was
laid beside, from the placements alone, for the front ends' words.

To find what fits a frontier triangle, the numbers already on its three
corners (or "unset") form a key into a table, built once, of every
(tile, rotation) that agrees with them: no tile is ever tried against a
triangle it cannot fit. Bonuses are read from the touch counts *before* a tile
is inserted, so a tile never counts itself (the rule sheet's first trap).
"""

from __future__ import annotations

from collections.abc import Iterable

from bonepile.triominoes._grid import around, corners, edges, point_id, point_qr
from bonepile.triominoes._rules import Rules
from bonepile.triominoes._tiles import TILES, Move, Place, Tile
from bonepile.triominoes._values import Bonus, Reason

HEXAGON_BONUS = 50
"""T5: completing one ring of six tiles around a point."""
HEXAGON_BONUS_GOLIATH = {1: 50, 2: 60, 3: 70}
"""T5 (``multi_hexagon = "goliath"``): one, two or three rings completed at once."""
BRIDGE_BONUS = 40
"""T5: a strict bridge."""

_VALUE: tuple[int, ...] = tuple(t.value for t in TILES)
_ALL_TILES = (1 << len(TILES)) - 1


def _pattern_key(n0: int, n1: int, n2: int) -> int:
    """The key of a triangle's corner pattern: each corner's number, or -1 when unset."""
    return (n0 + 1) * 49 + (n1 + 1) * 7 + n2 + 1


def _build_fit_table() -> tuple[tuple[tuple[tuple[int, int, int], ...], ...], tuple[int, ...]]:
    """For every corner pattern: the (tile index, rotation, tile bit) that agree with it, and their mask.

    A triple appears once (its rotations look alike); any other tile once per
    rotation. Rotations only, never mirrors (T1).
    """
    fits: list[list[tuple[int, int, int]]] = [[] for _ in range(343)]
    for tile in TILES:
        for rotation, reading in enumerate(tile.readings):
            for known in range(8):
                pattern = [reading[i] if known >> i & 1 else -1 for i in range(3)]
                fits[_pattern_key(*pattern)].append((tile.index, rotation, 1 << tile.index))
    masks = tuple(sum({bit for _, _, bit in entries}) for entries in fits)
    return tuple(tuple(entries) for entries in fits), masks


_FIT, _FIT_MASK = _build_fit_table()


class Layout:
    """The board's state: the state ``Round`` extends with the hands, the pool, the turn and the score."""

    __slots__ = (
        "_rules",
        "_num",
        "_touch",
        "_filled",
        "_on_board",
        "_board",
        "_frontier",
    )

    _rules: Rules
    _num: dict[int, int]
    _touch: dict[int, int]
    _filled: dict[int, Move]
    _on_board: int
    """The mask of the tiles on the board."""
    _board: tuple[Move, ...] | None
    """``board`` as last read, until the next tile goes down."""
    _frontier: dict[int, int]
    """The empty triangles sharing an edge with the layout, each with its corner-pattern key."""

    def _clear_layout(self, rules: Rules) -> None:
        """An empty board under ``rules``."""
        self._rules = rules
        self._num = {}
        self._touch = {}
        self._filled = {}
        self._on_board = 0
        self._board = None
        self._frontier = {}

    @property
    def board(self) -> tuple[Move, ...]:
        """The placed tiles as placements, in place order (row, then column); read once per tile placed."""
        board = self._board
        if board is None:
            board = self._board = tuple(self._filled[t] for t in sorted(self._filled))
        return board

    def number_at(self, q: int, r: int) -> int | None:
        """The number on grid point ``(q, r)``, or None when no tile touches it."""
        return self._num.get(point_id(q, r))

    def frontier(self) -> tuple[Place, ...]:
        """The empty places that share an edge with the layout (T4's candidates), in place order."""
        return tuple(Place._by_tid(t) for t in sorted(self._frontier))

    def place_bonus(self, place: Place) -> int:
        """T5: the bonus points any tile placed on ``place`` would earn now (hexagon or bridge); 0 off the frontier.

        Read-only. The bonus depends on the place, not on the tile, so AI
        players use this to weigh the places a move opens for the next player
        without asking who holds what.
        """
        tid = place.tid
        if tid not in self._frontier:
            return 0
        c0, c1, c2 = corners(tid)
        return self._bonus_points(tid, c0, c1, c2)

    def bonus_at(self, place: Place) -> Bonus | None:
        """T5, itemised: the hexagon rings (their centres) or the bridge any tile on ``place`` would complete now.

        None off the frontier or when the place earns nothing. ``place_bonus`` gives the points alone.
        """
        tid = place.tid
        if tid not in self._frontier:
            return None
        cs = c0, c1, c2 = corners(tid)
        kind = self._bonus(tid, c0, c1, c2)
        if kind == 0:
            return None
        points = self._bonus_points(tid, c0, c1, c2)
        if kind < 0:
            shared = self.shared_edges(place)
            return Bonus(Reason.BRIDGE, points, bridge_edge=shared[0])
        touch = self._touch.get
        centres = tuple(point_qr(c) for c in cs if touch(c, 0) == 5)
        return Bonus(Reason.HEXAGON, points, rings=kind, centres=centres)

    def tile_at(self, place: Place) -> Move | None:
        """The placement on ``place``, or None when it is empty."""
        return self._filled.get(place.tid)

    def shared_edges(self, place: Place) -> tuple[int, ...]:
        """The edges of ``place`` (0-2; edge i joins corner i and i+1) across which a tile lies now (T4, T5)."""
        filled = self._filled
        return tuple(i for i, other in enumerate(edges(place.tid)) if other in filled)

    def _placements(self, held: int, stop_at_first: bool = False) -> tuple[list[Move], list[int]]:
        """T4: every placement of a tile in ``held`` on the frontier, in place order, with its points (T5)."""
        moves: list[Move] = []
        points: list[int] = []
        placement = Move._placement
        frontier = self._frontier
        fit_mask = _FIT_MASK
        for tid in sorted(frontier):
            key = frontier[tid]
            if not fit_mask[key] & held:
                continue
            c0, c1, c2 = corners(tid)
            bonus = self._bonus_points(tid, c0, c1, c2)
            for index, rotation, bit in _FIT[key]:
                if held & bit:
                    moves.append(placement(tid, index, rotation))
                    points.append(_VALUE[index] + bonus)
                    if stop_at_first:
                        return moves, points
        return moves, points

    def _bonus(self, tid: int, c0: int, c1: int, c2: int) -> int:
        """T5, read before the tile goes down: rings completed (1-3), -1 for a bridge, 0 for neither."""
        touch = self._touch.get
        # T5: a corner already touched by 5 tiles is the last gap of a ring of six.
        rings = (touch(c0, 0) == 5) + (touch(c1, 0) == 5) + (touch(c2, 0) == 5)
        if rings:
            return rings  # T5: a hexagon never also pays a bridge
        filled = self._filled
        e0, e1, e2 = edges(tid)
        f0, f1, f2 = e0 in filled, e1 in filled, e2 in filled
        # T5: a bridge shares exactly one edge, and the corner opposite it touches a tile at a point.
        if f0 + f1 + f2 == 1:
            opposite = c2 if f0 else c0 if f1 else c1
            if touch(opposite, 0):
                return -1
        return 0

    def _bonus_points(self, tid: int, c0: int, c1: int, c2: int) -> int:
        kind = self._bonus(tid, c0, c1, c2)
        if kind == 0:
            return 0
        if kind < 0:
            return BRIDGE_BONUS
        return HEXAGON_BONUS_GOLIATH[kind] if self._rules.multi_hexagon == "goliath" else HEXAGON_BONUS * kind

    def _insert(self, tid: int, move: Move, cs: tuple[int, int, int]) -> None:
        """Put a tile on the board: numbers and touch counts of its corners, and the frontier."""
        assert move.corners is not None
        num = self._num
        touch = self._touch
        new_points = []
        for point, number in zip(cs, move.corners, strict=True):
            if point not in num:
                num[point] = number
                new_points.append(point)
            touch[point] = touch.get(point, 0) + 1
        filled = self._filled
        filled[tid] = move
        assert move.tile is not None
        self._on_board |= 1 << move.tile.index
        self._board = None
        frontier = self._frontier
        frontier.pop(tid, None)
        for neighbour in edges(tid):
            if neighbour not in filled:
                frontier[neighbour] = self._pattern(neighbour)
        # A newly numbered point changes the pattern of every frontier triangle around it.
        for point in new_points:
            for other in around(point):
                if other in frontier:
                    frontier[other] = self._pattern(other)

    def _pattern(self, tid: int) -> int:
        """The key of a triangle's corner pattern (each corner's number or unset) into the fit table."""
        num = self._num.get
        c0, c1, c2 = corners(tid)
        return (num(c0, -1) + 1) * 49 + (num(c1, -1) + 1) * 7 + num(c2, -1) + 1


def placed_beside(board: Iterable[Move]) -> dict[Place, tuple[Tile, ...]]:
    """For each placed tile's place, the tiles already down that it was placed beside (sharing a side, T4).

    In the order of ``board`` (give it in the order of play: a tile is beside
    only the tiles placed before it), each place's sides in their order (side
    i joins corner i and i+1); moves that place nothing are skipped. These are
    the words a player uses ("placed 2-4-5 beside 4-5-5"); the engine says
    them so that a front end does not rebuild the grid's sides from its corners.
    """
    # Each side of the placed tiles, as the ids of the two triangles on it, and the last tile placed on it.
    by_side: dict[tuple[int, int], Tile] = {}
    beside: dict[Place, tuple[Tile, ...]] = {}
    for move in board:
        place, tile = move.place, move.tile
        if place is None or tile is None:
            continue
        tid = place.tid
        sides = tuple((tid, other) if tid < other else (other, tid) for other in edges(tid))
        beside[place] = tuple(by_side[side] for side in sides if side in by_side)
        for side in sides:
            by_side[side] = tile
    return beside
