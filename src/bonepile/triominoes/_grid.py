"""The triangular grid: triangles by column and row, grid points, and what touches what.

Why columns and rows: a player has to name a triangle, and a row of the grid
reads left to right as alternating up and down triangles, so a (column, row)
pair is enough and the orientation follows from it. The engine itself works on
integer ids derived from these coordinates, with the neighbour tables memoised
in module dictionaries, so the hot loop does one dictionary lookup instead of
geometry.

Coordinates (see the rule sheet's engine notes). Grid points are axial
``(q, r)``: x = q + r/2, y = r * sqrt(3)/2, y pointing up. The rhombus with
lower-left point (q, r) holds UP(q, r), corners [(q, r), (q, r+1), (q+1, r)],
and DOWN(q, r), corners [(q, r+1), (q+1, r+1), (q+1, r)], each clockwise from
its leftmost corner. A triangle's *column* is ``2q + r`` for UP and
``2q + r + 1`` for DOWN, its *row* is ``r``; so in row r the triangle in
column c points up exactly when c - r is even, and the triangle above a DOWN
triangle (across its top edge) is the UP triangle in the same column, one row up.
"""

from __future__ import annotations

LIMIT = 400
"""Columns and rows run from -LIMIT to LIMIT; far more than 56 tiles can reach."""

_OFFSET = 512
_WIDTH = 1024

CORNER_NAMES_UP = ("left", "top", "right")
CORNER_NAMES_DOWN = ("left", "right", "bottom")


def tri_id(col: int, row: int) -> int:
    """The integer id of the triangle at ``col``, ``row``; ids sort by row, then column."""
    return (row + _OFFSET) * _WIDTH + col + _OFFSET


def tri_col(tid: int) -> int:
    return tid % _WIDTH - _OFFSET


def tri_row(tid: int) -> int:
    return tid // _WIDTH - _OFFSET


def is_up(col: int, row: int) -> bool:
    """Whether the triangle at ``col``, ``row`` points up (c - r even)."""
    return (col - row) % 2 == 0


def axial(col: int, row: int) -> tuple[int, int, bool]:
    """The rhombus ``(q, r)`` of a triangle and whether it is the UP one."""
    up = (col - row) % 2 == 0
    return (col - row - (0 if up else 1)) // 2, row, up


def point_id(q: int, r: int) -> int:
    """The integer id of grid point ``(q, r)``."""
    return (q + _OFFSET) * _WIDTH + r + _OFFSET


def point_qr(pid: int) -> tuple[int, int]:
    return pid // _WIDTH - _OFFSET, pid % _WIDTH - _OFFSET


def corner_points(col: int, row: int) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """The triangle's three grid points ``(q, r)``, clockwise from its leftmost corner."""
    q, r, up = axial(col, row)
    if up:
        return (q, r), (q, r + 1), (q + 1, r)
    return (q, r + 1), (q + 1, r + 1), (q + 1, r)


def triangles_around(q: int, r: int) -> tuple[tuple[int, int], ...]:
    """The six triangles ``(col, row)`` that meet at grid point ``(q, r)`` (a hexagon's ring)."""
    c = 2 * q + r
    return ((c - 2, r), (c - 1, r), (c, r), (c - 2, r - 1), (c - 1, r - 1), (c, r - 1))


_CORNERS: dict[int, tuple[int, int, int]] = {}
_EDGES: dict[int, tuple[int, int, int]] = {}
_AROUND: dict[int, tuple[int, ...]] = {}


def corners(tid: int) -> tuple[int, int, int]:
    """Point ids of a triangle's corners, clockwise from the leftmost (memoised)."""
    found = _CORNERS.get(tid)
    if found is None:
        a, b, c = corner_points(tri_col(tid), tri_row(tid))
        found = _CORNERS[tid] = (point_id(*a), point_id(*b), point_id(*c))
    return found


def edges(tid: int) -> tuple[int, int, int]:
    """Ids of the triangles across a triangle's edges; edge i joins corner i and corner i+1 (memoised).

    UP: left, right, below. DOWN: above, right, left.
    """
    found = _EDGES.get(tid)
    if found is None:
        if is_up(tri_col(tid), tri_row(tid)):
            found = (tid - 1, tid + 1, tid - _WIDTH)
        else:
            found = (tid + _WIDTH, tid + 1, tid - 1)
        _EDGES[tid] = found
    return found


def around(pid: int) -> tuple[int, ...]:
    """Ids of the six triangles that meet at a grid point (memoised)."""
    found = _AROUND.get(pid)
    if found is None:
        found = _AROUND[pid] = tuple(tri_id(c, r) for c, r in triangles_around(*point_qr(pid)))
    return found
