"""Tiles (T1), places and moves, as small interned immutable values with text that round-trips.

Notation:

* a **tile** is written by its numbers clockwise from the lowest, never
  decreasing: ``0-1-2``, ``3-3-5``, ``5-5-5``. Its mirror ``0-2-1`` is no tile
  (T1: tiles never flip); ``Tile.parse`` accepts any rotation (``2-0-1`` is the
  tile ``0-1-2`` read from another corner) and refuses mirrors.
* a **place** is a triangle of the grid, written ``c<column> r<row> up|down``,
  e.g. ``c0 r0 up`` (where the opening tile goes), ``c1 r0 down`` (its right
  neighbour), ``c0 r-1 down`` (below it). In a row, columns alternate up and
  down triangles; the orientation is redundant and checked, so a typo is caught.
* a **placement** is written as the numbers the tile puts on the place's
  corners, clockwise from the leftmost corner, then the place:
  ``2-0-1 c1 r0 down``. The tile (``0-1-2``) and its rotation (1) follow
  from the reading, so one string names exactly one placement.
* ``draw``, ``pass``, and ``timeout`` (T8: the turn's time ran out; recorded,
  never offered as a legal move).
"""

from __future__ import annotations

import enum
import re
from typing import Any, ClassVar

from bonepile.core.errors import T_, InvalidMoveError, Template
from bonepile.triominoes._grid import LIMIT, axial, corner_points, edges, is_up, tri_col, tri_id, tri_row

NUMBERS = 6
"""Numbers run from 0 to 5 (T1)."""


class Tile:
    """A Tri-Ominos tile: three numbers clockwise, canonical from the lowest, never decreasing."""

    __slots__ = ("numbers", "index", "value", "is_triple", "readings", "rank")
    _by_reading: ClassVar[dict[tuple[int, int, int], Tile]] = {}
    _table: ClassVar[list[Tile]] = []

    numbers: tuple[int, int, int]
    index: int
    value: int
    is_triple: bool
    readings: tuple[tuple[int, int, int], ...]
    """The corner numbers for rotation 0, 1, 2 (one reading only for a triple: its rotations look alike)."""
    rank: tuple[int, int, int, int]
    """T3 order of tiles: value, then the numbers from the highest down."""

    def __new__(cls, a: int, b: int, c: int) -> Tile:
        tile = cls._by_reading.get((a, b, c))
        if tile is None:
            raise ValueError(str(_no_tile_reason(a, b, c)))
        return tile

    @classmethod
    def _make(cls, a: int, b: int, c: int) -> Tile:
        tile = object.__new__(cls)
        numbers = (a, b, c)
        readings = ((a, b, c),) if a == b == c else ((a, b, c), (b, c, a), (c, a, b))
        high = sorted(numbers, reverse=True)
        for name, value in (
            ("numbers", numbers),
            ("index", len(cls._table)),
            ("value", a + b + c),
            ("is_triple", a == b == c),
            ("readings", readings),
            ("rank", (a + b + c, high[0], high[1], high[2])),
        ):
            object.__setattr__(tile, name, value)
        return tile

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("tiles are immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Tile, self.numbers)

    def __str__(self) -> str:
        a, b, c = self.numbers
        return f"{a}-{b}-{c}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    def reading(self, rotation: int) -> tuple[int, int, int]:
        """The numbers on corners 0, 1, 2 with ``rotation``: corner i gets ``numbers[(i + rotation) % 3]``."""
        n = self.numbers
        k = rotation % 3
        return (n[k], n[(k + 1) % 3], n[(k + 2) % 3])

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``a-b-c`` in any rotation (``2-0-1`` is ``0-1-2``); a mirror image is refused."""
        a, b, c = _read_numbers(text)
        tile = cls._by_reading.get((a, b, c))
        if tile is None:
            # TRANSLATORS: {text} is the tile as typed; {why} why no tile reads so.
            raise _invalid(T_("not a tile: {text} ({why})", text=repr(text), why=_no_tile_reason(a, b, c)))
        return tile


def _invalid(public: Template) -> InvalidMoveError:
    """A text that is no move, its message a template (``bonepile.i18n.public_message`` translates it)."""
    return InvalidMoveError(str(public), public=public)


def _no_tile_reason(a: int, b: int, c: int) -> Template:
    if not all(isinstance(n, int) and 0 <= n < NUMBERS for n in (a, b, c)):
        return T_("numbers run from 0 to {high}", high=NUMBERS - 1)
    mirror = "-".join(map(str, sorted((a, b, c))))
    # TRANSLATORS: {tile} and {mirror} are tiles in notation (0-2-1); T1 is the rule's number on the rule sheet.
    return T_(
        "no tile reads {tile} clockwise: tiles never flip (T1); its mirror {mirror} does",
        tile=f"{a}-{b}-{c}",
        mirror=mirror,
    )


_NUMBERS_TEXT = re.compile(r"^\s*(\d)\s*-\s*(\d)\s*-\s*(\d)\s*$")


def _read_numbers(text: str) -> tuple[int, int, int]:
    match = _NUMBERS_TEXT.match(text) if isinstance(text, str) else None
    if match is None:
        raise _invalid(T_("not a tile: {text} (expected three numbers 0-5 like '0-1-2')", text=repr(text)))
    a, b, c = (int(g) for g in match.groups())
    if max(a, b, c) >= NUMBERS:
        raise _invalid(T_("not a tile: {text} (numbers run from 0 to {high})", text=repr(text), high=NUMBERS - 1))
    return a, b, c


for _a in range(NUMBERS):
    for _b in range(_a, NUMBERS):
        for _c in range(_b, NUMBERS):
            _tile = Tile._make(_a, _b, _c)
            Tile._table.append(_tile)
            for _reading in ((_a, _b, _c), (_b, _c, _a), (_c, _a, _b)):
                Tile._by_reading[_reading] = _tile

TILES: tuple[Tile, ...] = tuple(Tile._table)
"""The 56 tiles (T1), by index: 0-0-0 first, 5-5-5 last."""
assert len(TILES) == 56


class Place:
    """A triangle of the grid, named by column and row (see the module docstring)."""

    __slots__ = ("col", "row", "up", "tid")
    _table: ClassVar[dict[tuple[int, int], Place]] = {}

    col: int
    row: int
    up: bool
    tid: int

    def __new__(cls, col: int, row: int) -> Place:
        place = cls._table.get((col, row))
        if place is None:
            if not (
                isinstance(col, int) and isinstance(row, int) and -LIMIT <= col <= LIMIT and -LIMIT <= row <= LIMIT
            ):
                raise ValueError(f"no place c{col} r{row}: columns and rows run from {-LIMIT} to {LIMIT}")
            place = object.__new__(cls)
            object.__setattr__(place, "col", col)
            object.__setattr__(place, "row", row)
            object.__setattr__(place, "up", is_up(col, row))
            object.__setattr__(place, "tid", tri_id(col, row))
            cls._table[(col, row)] = place
        return place

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("places are immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Place, (self.col, self.row))

    def __str__(self) -> str:
        return f"c{self.col} r{self.row} {'up' if self.up else 'down'}"

    def __repr__(self) -> str:
        return f"Place.parse({str(self)!r})"

    def __lt__(self, other: Place) -> bool:
        return self.tid < other.tid

    @property
    def axial(self) -> tuple[int, int, bool]:
        """``(q, r, up)``: the rule sheet's UP(q, r) / DOWN(q, r)."""
        return axial(self.col, self.row)

    def corner_points(self) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
        """The grid points ``(q, r)`` of the corners, clockwise from the leftmost."""
        return corner_points(self.col, self.row)

    def neighbours(self) -> tuple[Place, Place, Place]:
        """The places across each edge; edge i joins corner i and corner i+1.

        For an UP place: left, right, below; for a DOWN place: above, right, left.

        Two places that are neighbours share a whole edge (T4); a tile on a
        neighbour and the edge between them are what a bridge counts (T5).
        """
        a, b, c = edges(self.tid)
        return Place._by_tid(a), Place._by_tid(b), Place._by_tid(c)

    @classmethod
    def _by_tid(cls, tid: int) -> Place:
        return cls(tri_col(tid), tri_row(tid))

    @classmethod
    def from_axial(cls, q: int, r: int, up: bool) -> Place:
        return cls(2 * q + r + (0 if up else 1), r)

    @classmethod
    def parse(cls, text: str) -> Place:
        """Read ``c3 r-1 down``; the orientation may be left out, but if given it must be right."""
        words = text.strip().lower().split() if isinstance(text, str) else []
        return _place_from_words(words, text, strict=False)


ORIGIN = Place(0, 0)
"""Where the opening tile goes."""

_COL = re.compile(r"^c(-?\d+)$")
_ROW = re.compile(r"^r(-?\d+)$")


def _place_from_words(words: list[str], text: object, *, strict: bool) -> Place:
    # TRANSLATORS: 'c3 r-1 down' is a place in move notation (column, row, up or down), typed as it is.
    usage = T_("not a place: {text} (expected a place like 'c3 r-1 down')", text=repr(text))
    if len(words) not in (2, 3) or (strict and len(words) != 3):
        raise _invalid(usage)
    col_match, row_match = _COL.match(words[0]), _ROW.match(words[1])
    if col_match is None or row_match is None:
        raise _invalid(usage)
    col, row = int(col_match.group(1)), int(row_match.group(1))
    if not (-LIMIT <= col <= LIMIT and -LIMIT <= row <= LIMIT):
        # TRANSLATORS: {place} is a place in notation (c40 r0); {low} and {high} the first and last column and row.
        raise _invalid(
            T_(
                "not a place: {text} (no place {place}: columns and rows run from {low} to {high})",
                text=repr(text),
                place=f"c{col} r{row}",
                low=-LIMIT,
                high=LIMIT,
            )
        )
    place = Place(col, row)
    if len(words) == 3:
        if words[2] not in ("up", "down"):
            # TRANSLATORS: 'up' and 'down' are move notation, typed as they are.
            raise _invalid(T_("not a place: {text} (the orientation is 'up' or 'down')", text=repr(text)))
        if (words[2] == "up") != place.up:
            # TRANSLATORS: {place} is a place in notation (c1 r0); "up" here is the notation word of the place.
            points_up = T_("not a place: {text} ({place} points up)", text=repr(text), place=f"c{col} r{row}")
            # TRANSLATORS: {place} is a place in notation (c1 r0); "down" here is the notation word of the place.
            points_down = T_("not a place: {text} ({place} points down)", text=repr(text), place=f"c{col} r{row}")
            raise _invalid(points_up if place.up else points_down)
    return place


class MoveKind(enum.Enum):
    PLACE = "place"
    DRAW = "draw"
    PASS = "pass"
    TIMEOUT = "timeout"


class Move:
    """A move: place a tile (tile, place, rotation), ``draw``, ``pass``, or ``timeout`` (T8).

    A drawn tile is chance, so a draw never names it. Moves compare by value
    (one small integer key); placements are also interned, up to a cap that
    keeps a long-running process's memory bounded, so that the engine's moves
    are usually the very same objects and compare at identity speed.
    """

    __slots__ = ("kind", "tile", "place", "rotation", "corners", "key")
    _table: ClassVar[dict[int, Move]] = {}
    _TABLE_CAP: ClassVar[int] = 250_000

    kind: MoveKind
    tile: Tile | None
    place: Place | None
    rotation: int
    corners: tuple[int, int, int] | None
    """The numbers put on the place's corners 0, 1, 2 (clockwise from the leftmost)."""
    key: int
    """Equal moves have equal keys: ``(tid * 64 + tile index) * 4 + rotation``, negative for the others."""

    def __new__(cls, kind: MoveKind, tile: Tile | None = None, place: Place | None = None, rotation: int = 0) -> Move:
        if (kind is MoveKind.PLACE) != (tile is not None and place is not None):
            raise ValueError(f"inconsistent move: {kind.value} {tile} {place}")
        if tile is None or place is None:
            return _SIMPLE[kind]
        rotation = 0 if tile.is_triple else rotation % 3
        return cls._placement(place.tid, tile.index, rotation)

    @classmethod
    def _placement(cls, tid: int, tile_index: int, rotation: int) -> Move:
        """The interned placement (the engine's fast path: no validation)."""
        key = (tid * 64 + tile_index) * 4 + rotation
        move = cls._table.get(key)
        if move is None:
            move = cls._new(MoveKind.PLACE, TILES[tile_index], Place._by_tid(tid), rotation, key)
            if len(cls._table) < cls._TABLE_CAP:
                cls._table[key] = move
        return move

    @classmethod
    def _new(cls, kind: MoveKind, tile: Tile | None, place: Place | None, rotation: int, key: int) -> Move:
        move = object.__new__(cls)
        object.__setattr__(move, "key", key)
        object.__setattr__(move, "kind", kind)
        object.__setattr__(move, "tile", tile)
        object.__setattr__(move, "place", place)
        object.__setattr__(move, "rotation", rotation)
        object.__setattr__(move, "corners", tile.reading(rotation) if tile is not None else None)
        return move

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("moves are immutable")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if isinstance(other, Move):
            return self.key == other.key
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.key)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Move, (self.kind, self.tile, self.place, self.rotation))

    @classmethod
    def placement(cls, tile: Tile, place: Place, rotation: int = 0) -> Move:
        """Place ``tile`` on ``place`` so that corner i gets ``tile.numbers[(i + rotation) % 3]``."""
        return cls(MoveKind.PLACE, tile, place, rotation)

    @property
    def is_placement(self) -> bool:
        return self.kind is MoveKind.PLACE

    @property
    def reveals_hidden(self) -> bool:
        """Whether making this move may show its player something hidden: a tile drawn from the pool.

        A draw shows the drawn tile (T6). A timeout (T8) ends the turn as if
        the player could not place: they draw up to the cap while the pool
        lasts, so it shows the tiles drawn; it draws none when the pool is
        empty, the cap is already reached, or (no cap) a tile could already be
        placed, which the move alone cannot tell, so it counts as showing.
        Front ends ask this rather than listing move kinds, e.g. for undo: a
        move that showed a hidden tile cannot be taken back.
        """
        return self.kind is MoveKind.DRAW or self.kind is MoveKind.TIMEOUT

    def __str__(self) -> str:
        if self.corners is None:
            return self.kind.value
        a, b, c = self.corners
        return f"{a}-{b}-{c} {self.place}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read the full notation only: ``2-0-1 c1 r0 down``, ``draw``, ``pass``, ``timeout``.

        The numbers are the corners' clockwise from the leftmost one and must be
        a rotation of a real tile (never a mirror image, T1).
        """
        if not isinstance(text, str):
            raise _invalid(T_("not a move: {text} (expected text)", text=repr(text)))
        words = text.strip().lower().split()
        if len(words) == 1 and words[0] in _BY_NAME:
            return _BY_NAME[words[0]]
        if len(words) != 4:
            # TRANSLATORS: the quoted moves are move notation, typed as they are in every language.
            raise _invalid(
                T_(
                    "not a move: {text} (expected a placement like '2-0-1 c1 r0 down', 'draw', 'pass' or 'timeout')",
                    text=repr(text),
                )
            )
        a, b, c = _read_numbers(words[0])
        tile = Tile._by_reading.get((a, b, c))
        if tile is None:
            raise _invalid(T_("not a move: {text} ({why})", text=repr(text), why=_no_tile_reason(a, b, c)))
        place = _place_from_words(words[1:], text, strict=True)
        return cls.placement(tile, place, tile.readings.index((a, b, c)))


_SIMPLE: dict[MoveKind, Move] = {
    kind: Move._new(kind, None, None, 0, -1 - number)
    for number, kind in enumerate((MoveKind.DRAW, MoveKind.PASS, MoveKind.TIMEOUT))
}
DRAW = _SIMPLE[MoveKind.DRAW]
PASS = _SIMPLE[MoveKind.PASS]
TIMEOUT = _SIMPLE[MoveKind.TIMEOUT]
_BY_NAME = {"draw": DRAW, "pass": PASS, "timeout": TIMEOUT}
