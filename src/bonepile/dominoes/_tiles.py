"""Tiles (D1) and moves, as small interned immutable values.

Every tile of the largest set (double-twelve) has a fixed index,
``high * (high + 1) // 2 + low``, so a double-six set is simply indices 0..27
and a hand can be a bitmask. Tiles and moves are interned: ``Tile(6, 4) is
Tile(4, 6)``, which makes equality an identity check in the engine's hot loop.
"""

from __future__ import annotations

import enum
import re
from typing import Any, ClassVar, Final

from bonepile.core.errors import T_, InvalidMoveError, Template, template_of

MAX_PIPS: Final = 12
"""The largest number on any supported set (double-twelve)."""

_NUMBER_NAMES: Final = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
SET_MAX_PIPS: Final[dict[str, int]] = {f"double-{name}": pips for pips, name in enumerate(_NUMBER_NAMES, start=2)}
"""D1: every set from double-two (6 tiles, for exact analysis of tiny games) to double-twelve (91)."""


def tile_index(a: int, b: int) -> int:
    """The fixed index of tile {a, b}, whatever the order of its ends."""
    high, low = (a, b) if a >= b else (b, a)
    return high * (high + 1) // 2 + low


def _invalid(public: Template) -> InvalidMoveError:
    """A text that is no move, its message a template (``bonepile.i18n.public_message`` translates it)."""
    return InvalidMoveError(str(public), public=public)


def set_size(max_pips: int) -> int:
    """How many tiles a double-``max_pips`` set has (28 for double-six)."""
    return (max_pips + 1) * (max_pips + 2) // 2


_TILE_TEXT: Final = re.compile(r"^\s*(\d{1,2})\s*[-|:]\s*(\d{1,2})\s*$")


class Tile:
    """A domino: two ends, normalised so that ``high >= low``."""

    __slots__ = ("high", "low", "index", "pips", "is_double")
    _table: ClassVar[list[Tile]] = []

    high: int
    low: int
    index: int
    pips: int
    is_double: bool

    def __new__(cls, a: int, b: int) -> Tile:
        if not (0 <= a <= MAX_PIPS and 0 <= b <= MAX_PIPS):
            raise ValueError(f"no tile {a}-{b}: ends run from 0 to {MAX_PIPS}")
        table = cls._table
        if table:
            return table[tile_index(a, b)]
        # Only while the module builds the table below, once a tile. The instance is made here, in
        # ``__new__``, because that is the one place the compiled engine (mypyc) can make one.
        tile = object.__new__(cls)
        high, low = (a, b) if a >= b else (b, a)
        # One call a field: in a loop over (name, value) pairs mypyc would type the values as ``int`` and
        # hand ``is_double`` a 1 or 0 rather than a bool.
        object.__setattr__(tile, "high", high)
        object.__setattr__(tile, "low", low)
        object.__setattr__(tile, "index", tile_index(high, low))
        object.__setattr__(tile, "pips", high + low)
        object.__setattr__(tile, "is_double", high == low)
        return tile

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("tiles are immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Tile, (self.high, self.low))

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"

    def __lt__(self, other: Tile) -> bool:
        return self.index < other.index

    def __hash__(self) -> int:
        # The identity hash, as without this method; written out because in the compiled engine (mypyc)
        # a class with a comparison and no ``__hash__`` is unhashable.
        return object.__hash__(self)

    def has(self, number: int) -> bool:
        """Whether either end shows ``number``."""
        return self.high == number or self.low == number

    def other_end(self, number: int) -> int:
        """The end left open when this tile is joined at ``number``."""
        return self.pips - number

    @property
    def rank(self) -> tuple[int, int, int]:
        """D3 ranking: doubles first (highest first), then pips, then the higher end."""
        return (1 if self.is_double else 0, self.pips, self.high)

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``6-4`` (or ``4-6``, ``6|4``, ``6:4``)."""
        match = _TILE_TEXT.match(text)
        if match is None:
            raise _invalid(T_("not a tile: {text} (expected two numbers like '6-4')", text=repr(text)))
        a, b = int(match.group(1)), int(match.group(2))
        if a > MAX_PIPS or b > MAX_PIPS:
            raise _invalid(T_("not a tile: {text} (ends run from 0 to {high})", text=repr(text), high=MAX_PIPS))
        return cls(a, b)


Tile._table = [Tile(h, lo) for h in range(MAX_PIPS + 1) for lo in range(h + 1)]
TILES: Final[tuple[Tile, ...]] = tuple(Tile._table)
"""Every tile, indexed by ``tile_index``."""


def tiles_of_set(max_pips: int) -> tuple[Tile, ...]:
    """The tiles of a double-``max_pips`` set, by index."""
    return TILES[: set_size(max_pips)]


class End(enum.StrEnum):
    """An open end of the layout: the line's two ends, and the spinner's two ends (D4).

    With a spinner the line runs west-east through it (``left`` is its west arm,
    ``right`` its east arm) and ``north`` and ``south`` are the arms that grow
    from its ends; ``west`` and ``east`` are read as ``left`` and ``right``.
    """

    LEFT = "left"
    RIGHT = "right"
    NORTH = "north"
    SOUTH = "south"

    @classmethod
    def parse(cls, word: str) -> End:
        """Read an end's name (or its compass name, or its first letter)."""
        end = _END_WORDS.get(word.strip().lower())
        if end is None:
            # TRANSLATORS: left, right, north and south are move notation (not translated when typed).
            raise _invalid(T_("not an end: {word} (expected left, right, north or south)", word=repr(word)))
        return end


_END_WORDS: Final[dict[str, End]] = {
    "left": End.LEFT,
    "l": End.LEFT,
    "west": End.LEFT,
    "w": End.LEFT,
    "right": End.RIGHT,
    "r": End.RIGHT,
    "east": End.RIGHT,
    "e": End.RIGHT,
    "north": End.NORTH,
    "n": End.NORTH,
    "south": End.SOUTH,
    "s": End.SOUTH,
}


class MoveKind(enum.StrEnum):
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"


class Move:
    """A player's move: play a tile (at an end, or as the opening tile), draw, or pass.

    Drawing is the player's decision; which tile comes is chance, so the
    move itself never names the drawn tile.
    """

    __slots__ = ("kind", "tile", "end")
    _table: ClassVar[dict[tuple[MoveKind, int, End | None], Move]] = {}

    kind: MoveKind
    tile: Tile | None
    end: End | None

    def __new__(cls, kind: MoveKind, tile: Tile | None = None, end: End | None = None) -> Move:
        if (kind is MoveKind.PLAY) != (tile is not None) or (end is not None and tile is None):
            raise ValueError(f"inconsistent move: {kind.value} {tile} {end}")
        key = (kind, tile.index if tile is not None else -1, end)
        move = cls._table.get(key)
        if move is None:
            move = object.__new__(cls)
            object.__setattr__(move, "kind", kind)
            object.__setattr__(move, "tile", tile)
            object.__setattr__(move, "end", end)
            cls._table[key] = move
        return move

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("moves are immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Move, (self.kind, self.tile, self.end))

    @classmethod
    def play(cls, tile: Tile, end: End | None = None) -> Move:
        """Play ``tile`` at ``end``; ``end=None`` is the opening tile of a hand."""
        return cls(MoveKind.PLAY, tile, end)

    @property
    def is_play(self) -> bool:
        return self.kind is MoveKind.PLAY

    @property
    def reveals_hidden(self) -> bool:
        """Whether making this move shows its player something hidden: a draw shows the drawn tile (D5).

        Front ends ask this rather than listing move kinds, e.g. for undo: a
        move that showed a hidden tile cannot be taken back. A play or a pass
        shows nothing that was not already known to the player.
        """
        return self.kind is MoveKind.DRAW

    def __str__(self) -> str:
        if self.kind is not MoveKind.PLAY:
            return self.kind.value
        return f"{self.tile}" if self.end is None else f"{self.tile} {self.end.value}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: object) -> Move:
        """Read the full notation: ``6-4 right``, ``6-4 left``, ``5-3 north``, ``6-6`` (opening), ``draw``, ``pass``.

        An end may also be named by its compass name or first letter (``5-3 n``, ``6-4 west``).
        Anything that is not text is an ``InvalidMoveError`` too (hence ``object``: the compiled engine
        would refuse it with a ``TypeError`` at the call).
        """
        if not isinstance(text, str):
            raise _invalid(T_("not a move: {text} (expected text)", text=repr(text)))
        words = text.strip().lower().split()
        if words == ["draw"]:
            return DRAW
        if words == ["pass"]:
            return PASS
        if len(words) == 1 or (len(words) == 2 and words[1] in _END_WORDS):
            try:
                tile = Tile.parse(words[0])
            except InvalidMoveError as error:
                # TRANSLATORS: {text} is the move as typed; {error} why its tile cannot be read.
                raise _invalid(T_("not a move: {text}: {error}", text=repr(text), error=template_of(error))) from None
            return cls.play(tile, _END_WORDS[words[1]] if len(words) == 2 else None)
        # TRANSLATORS: the quoted moves are move notation, typed as they are in every language.
        raise _invalid(
            T_(
                "not a move: {text} (expected '6-4 left', '6-4 right', '5-3 north', '6-6', 'draw' or 'pass')",
                text=repr(text),
            )
        )


DRAW: Final = Move(MoveKind.DRAW)
PASS: Final = Move(MoveKind.PASS)
