"""Helpers for the Tri-Ominos tests: literal positions, and an obvious brute-force move generator.

The brute force is written from the rule sheet's coordinate notes alone (axial
points, UP/DOWN triangles, their neighbours) and the documented notation
(column = 2q + r, +1 for DOWN), not from the engine's grid code, so that it
can catch the engine's mistakes rather than repeat them.
"""

from __future__ import annotations

from collections.abc import Iterable

from bonepile.triominoes import TILES, Move, MoveKind, Round, Rules, Tile

Triangle = tuple[int, int, bool]
"""(q, r, up): the rule sheet's UP(q, r) or DOWN(q, r)."""


def tri_corners(tri: Triangle) -> tuple[tuple[int, int], ...]:
    """Rule sheet: UP(q, r) = [(q,r), (q,r+1), (q+1,r)], DOWN(q, r) = [(q,r+1), (q+1,r+1), (q+1,r)], clockwise."""
    q, r, up = tri
    if up:
        return ((q, r), (q, r + 1), (q + 1, r))
    return ((q, r + 1), (q + 1, r + 1), (q + 1, r))


def tri_neighbours(tri: Triangle) -> tuple[Triangle, ...]:
    """Rule sheet: across UP's edges lie DOWN(q-1,r), DOWN(q,r), DOWN(q,r-1);
    across DOWN's, UP(q,r+1), UP(q+1,r), UP(q,r)."""
    q, r, up = tri
    if up:
        return ((q - 1, r, False), (q, r, False), (q, r - 1, False))
    return ((q, r + 1, True), (q + 1, r, True), (q, r, True))


def tri_name(tri: Triangle) -> str:
    """The documented place notation: column 2q + r (+1 for DOWN), row r."""
    q, r, up = tri
    return f"c{2 * q + r + (0 if up else 1)} r{r} {'up' if up else 'down'}"


def tri_of_move(move: Move) -> Triangle:
    assert move.place is not None
    col, row = move.place.col, move.place.row
    up = (col - row) % 2 == 0
    return ((col - row - (0 if up else 1)) // 2, row, up)


def board_numbers(board: Iterable[Move]) -> dict[tuple[int, int], int]:
    """Every grid point's number, checking that no point carries two numbers."""
    numbers: dict[tuple[int, int], int] = {}
    for move in board:
        assert move.corners is not None
        for point, number in zip(tri_corners(tri_of_move(move)), move.corners, strict=True):
            assert numbers.setdefault(point, number) == number, f"{point} carries two numbers near {move}"
    return numbers


def brute_force_placements(board: Iterable[Move], hand: Iterable[Tile]) -> list[str]:
    """Every tile x rotation x empty triangle sharing an edge with the layout, kept when each corner agrees (T4)."""
    board = list(board)
    filled = {tri_of_move(m) for m in board}
    numbers = board_numbers(board)
    candidates = {n for t in filled for n in tri_neighbours(t) if n not in filled}
    found: set[str] = set()
    for tri in candidates:
        points = tri_corners(tri)
        for tile in hand:
            a, b, c = tile.numbers
            for reading in ((a, b, c), (b, c, a), (c, a, b)):  # rotations only: a tile never flips
                if all(numbers.get(p, n) == n for p, n in zip(points, reading, strict=True)):
                    found.add(f"{reading[0]}-{reading[1]}-{reading[2]} {tri_name(tri)}")
    return sorted(found)


def engine_placements(round_: Round) -> list[str]:
    return [str(m) for m in round_.legal_moves() if m.kind is MoveKind.PLACE]


def position(
    board: str,
    hands: str,
    pool: str = "-",
    *,
    scores: str | None = None,
    turn: int = 0,
    starter: int | None = None,
    extra: str = "",
) -> str:
    """Position text with the usual defaults (scores 0, the starter is the player to move's left neighbour)."""
    players = hands.count("/") + 1
    scores = scores if scores is not None else " ".join("0" for _ in range(players))
    starter = starter if starter is not None else turn
    text = f"board: {board}; hands: {hands}; pool: {pool}; scores: {scores}; turn: {turn}; starter: {starter}"
    return text + (f"; {extra}" if extra else "")


def setup(preset: str, text: str, **options: object) -> Round:
    players = text.split("hands:")[1].split(";")[0].count("/") + 1
    return Round.from_position(Rules.from_preset(preset, players, **options), text)


def all_tiles_except(*texts: str) -> str:
    """Every tile but the named ones, as hand text (for move-count positions)."""
    left_out = {Tile.parse(t) for t in texts}
    return " ".join(str(t) for t in TILES if t not in left_out)
