"""The layout of a hand of Dominoes (D4, D7): the line, the spinner and its arms, their open ends, the count.

Why a module of its own: the hand (``_hand.Hand``) plays on a layout, and so
do the looks ahead that the AI and the front ends make (``Preview``,
``Observation.preview``) without any hand; both use this one statement of
where a tile goes, which ends a player chooses among, and what the count is.
``Hand`` inherits ``Layout``, so its hot loop calls these methods on itself
exactly as before (no extra call layer); ``preview`` and ``plays_on`` build a
bare ``Layout`` that nobody holds tiles against.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bonepile.core.errors import IllegalMoveError, InvalidPositionError
from bonepile.dominoes._rules import Rules
from bonepile.dominoes._tiles import TILES, End, Move, Tile

_OPEN: Final[tuple[Move, ...]] = tuple(Move.play(t) for t in TILES)
_AT: Final[dict[End, tuple[Move, ...]]] = {end: tuple(Move.play(t, end) for t in TILES) for end in End}
_LEFT: Final = End.LEFT
_RIGHT: Final = End.RIGHT
_NORTH: Final = End.NORTH
_SOUTH: Final = End.SOUTH
_KEEP_ORDER: Final = (End.RIGHT, End.LEFT, End.NORTH, End.SOUTH)
"""Of two ends where the choice does not matter, the one kept is the first here (the right end, as ever)."""


def _outer_value(near: int, far: int) -> int:
    """What an arm's outermost tile adds to the count: its free half, or both halves for a double (D7)."""
    return near + far if near == far else far


class Layout:
    """The tiles on the table and their open ends: the state ``Hand`` extends with the hands and the boneyard."""

    __slots__ = (
        "_rules",
        "_left",
        "_right",
        "_line",
        "_arms",
        "_spin",
        "_scoring",
        "_spinner",
        "_west_open",
        "_east_open",
        "_north",
        "_south",
        "_north_arm",
        "_south_arm",
        "_count",
    )

    _rules: Rules
    _left: int
    _right: int
    _line: deque[tuple[int, int]]
    _arms: bool
    """Whether plays go through the general layout (spinner or all-fives count) rather than the plain line."""
    _spin: bool
    _scoring: bool
    _spinner: int
    """The spinner's number, or -1 until the first double is played (with the ``spinner`` option)."""
    _west_open: bool
    _east_open: bool
    """Whether the spinner's west / east side still waits for a tile (D4: its ends open after both)."""
    _north: int
    _south: int
    """The open numbers of the spinner's ends, -1 until both its sides hold a tile."""
    _north_arm: list[tuple[int, int]]
    _south_arm: list[tuple[int, int]]
    _count: int
    """The count at the open ends (D7), kept up to date by ``_place`` and ``_lay_out``."""

    def _clear_layout(self, rules: Rules) -> None:
        """An empty table under ``rules``."""
        self._rules = rules
        self._left = -1
        self._right = -1
        self._line = deque()
        self._spin = rules.spinner
        self._scoring = rules.scores_during_play
        self._arms = self._spin or self._scoring
        self._spinner = -1
        self._west_open = self._east_open = False
        self._north = self._south = -1
        self._north_arm = []
        self._south_arm = []
        self._count = 0

    @property
    def spinner(self) -> Tile | None:
        """The spinner once played (D4): the first double of the hand, with the ``spinner`` option."""
        return None if self._spinner < 0 else Tile(self._spinner, self._spinner)

    @property
    def open_ends(self) -> tuple[tuple[End, int], ...]:
        """Every open end with its number (empty before the first tile)."""
        return self._ends_of(self._left, self._right, self._north, self._south)

    @staticmethod
    def _ends_of(left: int, right: int, north: int, south: int) -> tuple[tuple[End, int], ...]:
        if left < 0:
            return ()
        if north < 0:
            return ((_LEFT, left), (_RIGHT, right))
        return ((_LEFT, left), (_RIGHT, right), (_NORTH, north), (_SOUTH, south))

    @property
    def count(self) -> int:
        """D7 (all-fives): the count, the sum of every arm's outermost free number (see ``_count_now``)."""
        return self._count if self._arms else self._count_now()  # the plain line's fast path keeps no count

    def _count_now(self) -> int:
        """The count worked out from the layout: the one statement of D7's count.

        A double lying crossways at an arm's end counts both halves; the
        spinner alone, or with one side played, is such an end; once both its
        sides hold a tile it lies inside the line and its own ends count only
        when a tile lies on them. A lone first tile counts its two halves.
        """
        line = self._line
        if not line:
            return 0
        if len(line) == 1:
            near, far = line[0]
            total = near + far
        else:
            far, near = line[0]
            total = _outer_value(near, far)
            near, far = line[-1]
            total += _outer_value(near, far)
        for arm in (self._north_arm, self._south_arm):
            if arm:
                near, far = arm[-1]
                total += _outer_value(near, far)
        return total

    def _end_number(self, end: End) -> int:
        if end is _LEFT:
            return self._left
        if end is _RIGHT:
            return self._right
        return self._north if end is _NORTH else self._south

    def _end_kind(self, end: End) -> tuple[int, bool, bool, bool]:
        """What decides the future of a play at ``end``: two ends alike in this are one choice (D4).

        The number; whether it is the spinner's uncovered side (covering it
        opens the spinner's ends); and, when plays score, whether the arm's
        outer tile is a double (it counts both halves) and whether the arm is
        still empty (an empty spinner end counts nothing).
        """
        number = self._end_number(end)
        spinner_side = (end is _LEFT and self._west_open) or (end is _RIGHT and self._east_open)
        if not self._scoring:
            return (number, spinner_side, False, False)
        if end is _LEFT:
            far, near = self._line[0]
            return (number, spinner_side, far == near, False)
        if end is _RIGHT:
            near, far = self._line[-1]
            return (number, spinner_side, far == near, False)
        arm = self._north_arm if end is _NORTH else self._south_arm
        return (number, spinner_side, bool(arm) and arm[-1][0] == arm[-1][1], not arm)

    def _choice_ends(self) -> tuple[tuple[End, int], ...]:
        """The open ends a player chooses among, with their numbers: of ends alike (``_end_kind``), only one."""
        left, right, north = self._left, self._right, self._north
        if north < 0:
            if left != right:
                return ((_LEFT, left), (_RIGHT, right))  # different numbers are never alike
            if not self._arms or self._end_kind(_LEFT) == self._end_kind(_RIGHT):
                return ((_RIGHT, right),)
            return ((_LEFT, left), (_RIGHT, right))
        south = self._south
        ends = ((_LEFT, left), (_RIGHT, right), (_NORTH, north), (_SOUTH, south))
        numbers = (left, right, north, south)
        if len(set(numbers)) == 4:
            return ends
        dropped: set[End] = set()
        kinds: set[tuple[int, bool, bool, bool]] = set()
        for end in _KEEP_ORDER:
            if numbers.count(self._end_number(end)) > 1:  # only ends showing the same number can be alike
                kind = self._end_kind(end)
                if kind in kinds:
                    dropped.add(end)
                kinds.add(kind)
        return tuple(pair for pair in ends if pair[0] not in dropped)

    def _place(self, tile: Tile, end: End | None) -> int:
        """Lay ``tile`` at ``end`` of any layout (D4, the spinner) and return the count after it (D7)."""
        high = tile.high
        is_double = high == tile.low
        if end is None:
            self._left, self._right = high, tile.low
            self._line.append((high, tile.low))
            if self._spin and is_double:
                self._spinner = high
                self._west_open = self._east_open = True
        elif end is _LEFT:
            joined = self._left
            self._left = tile.pips - joined
            self._line.appendleft((self._left, joined))
            if self._west_open:
                self._west_open = False
                self._open_spinner_ends()
            elif self._spin and is_double and self._spinner < 0:
                self._spinner, self._west_open = high, True
        elif end is _RIGHT:
            joined = self._right
            self._right = tile.pips - joined
            self._line.append((joined, self._right))
            if self._east_open:
                self._east_open = False
                self._open_spinner_ends()
            elif self._spin and is_double and self._spinner < 0:
                self._spinner, self._east_open = high, True
        elif end is _NORTH:
            joined = self._north
            self._north = tile.pips - joined
            self._north_arm.append((joined, self._north))
        else:
            joined = self._south
            self._south = tile.pips - joined
            self._south_arm.append((joined, self._south))
        count = self._count = self._count_now()
        return count

    def _open_spinner_ends(self) -> None:
        """D4: once both sides of the spinner hold a tile, its two ends open."""
        if not self._west_open and not self._east_open:
            self._north = self._south = self._spinner

    def _lay_out(
        self,
        line: Sequence[tuple[int, int]],
        spinner: Tile | None,
        arms: tuple[Sequence[tuple[int, int]], Sequence[tuple[int, int]]] = ((), ()),
        arms_named: bool = False,
        seen: int = 0,
    ) -> None:
        """Put a layout on the table of a fresh hand, checking it could have been played (D4).

        ``seen`` is the mask of the tiles already dealt elsewhere (the hands, the boneyard).
        """
        rules = self._rules
        for (_, right), (left, _) in itertools.pairwise(line):
            if right != left:
                raise InvalidPositionError(f"the line does not join: {right} next to {left}")
        placed = list(line) + list(arms[0]) + list(arms[1])
        for a, b in placed:
            if not (0 <= a <= rules.max_pips and 0 <= b <= rules.max_pips):
                raise InvalidPositionError(f"layout tile {a}-{b} is not in a {rules.set} set")
            tile = Tile(a, b)
            if seen >> tile.index & 1:
                raise InvalidPositionError(f"tile {tile} appears twice")
            seen |= 1 << tile.index
        where = -1
        if spinner is not None:
            if not rules.spinner:
                raise InvalidPositionError(f"these rules have no spinner, yet {spinner} is named one")
            if not spinner.is_double:
                raise InvalidPositionError(f"the spinner must be a double, not {spinner}")
            where = next((i for i, (a, b) in enumerate(line) if a == b == spinner.high), -1)
            if where < 0:
                raise InvalidPositionError(f"the spinner {spinner} is not in the line")
        elif rules.spinner and any(a == b for a, b in line):
            raise InvalidPositionError("the line holds a double: say which one is the spinner (the first played)")
        both_sides = where > 0 and where < len(line) - 1
        if (arms[0] or arms[1] or arms_named) and not both_sides:
            raise InvalidPositionError("the spinner's north and south ends open only once both its sides hold a tile")
        if not line:
            return
        self._line = deque(line)
        self._left, self._right = line[0][0], line[-1][1]
        self._count = self._count_now()
        if spinner is None:
            return
        self._spinner = spinner.high
        self._west_open, self._east_open = where == 0, where == len(line) - 1
        if both_sides:
            ends = []
            for arm in arms:
                end = spinner.high
                for near, far in arm:
                    if near != end:
                        raise InvalidPositionError(f"the spinner's arm does not join: {end} next to {near}")
                    end = far
                ends.append(end)
            self._north_arm, self._south_arm = list(arms[0]), list(arms[1])
            self._north, self._south = ends
            self._count = self._count_now()


@dataclass(frozen=True, slots=True)
class Preview:
    """The layout a play would leave, from the engine: its open ends, its count, and what the play scores.

    The AI weighs a move by what it leaves (``Observation.preview``) and may
    look one play further (``then``), without laying out tiles itself: the
    spinner's and the count's rules stay in the engine.
    """

    rules: Rules
    line: tuple[tuple[int, int], ...]
    spinner: Tile | None
    north: tuple[tuple[int, int], ...]
    south: tuple[tuple[int, int], ...]
    open_ends: tuple[tuple[End, int], ...]
    count: int
    points: int
    """What the play scores at once (the count, when plays score and it is a multiple of five; else 0)."""

    def __reduce__(self) -> tuple[type[Preview], tuple[object, ...]]:
        # Rebuilt through the constructor: a frozen dataclass compiled by mypyc (the optional compiled
        # engine) cannot be filled field by field, as ``pickle`` and ``copy`` otherwise do.
        fields = (self.line, self.spinner, self.north, self.south, self.open_ends, self.count, self.points)
        return (Preview, (self.rules, *fields))

    @property
    def open_numbers(self) -> frozenset[int]:
        return frozenset(number for _, number in self.open_ends)

    def then(self, move: Move) -> Preview:
        """The layout after ``move`` played on this one (any player's; no hand is checked)."""
        return preview(self.rules, self.line, self.spinner, self.north, self.south, move)

    def fits(self, tile: Tile) -> tuple[Move, ...]:
        """The plays of ``tile`` this layout allows, one per end where the choice matters (D4)."""
        return plays_on(self.rules, self.line, self.spinner, self.north, self.south, tile)


def _bare_layout(
    rules: Rules,
    line: Sequence[tuple[int, int]],
    spinner: Tile | None,
    north: Sequence[tuple[int, int]],
    south: Sequence[tuple[int, int]],
) -> Layout:
    """A layout alone (nobody holds a tile): the engine's own rules applied to it."""
    layout = Layout()  # no __init__: an empty instance, in the compiled engine too
    layout._clear_layout(rules)
    layout._lay_out(line, spinner, (north, south))
    layout._arms = True  # every layout goes through _place, the one statement of D4 and the count
    return layout


def preview(
    rules: Rules,
    line: Sequence[tuple[int, int]],
    spinner: Tile | None,
    north: Sequence[tuple[int, int]],
    south: Sequence[tuple[int, int]],
    move: Move,
) -> Preview:
    """The layout after ``move`` on the given one (see ``Preview``); ``move`` must fit an open end."""
    layout = _bare_layout(rules, line, spinner, north, south)
    tile = move.tile
    if tile is None:
        count = layout.count
        points = 0
    else:
        if move.end is None:
            if line:
                raise IllegalMoveError(f"say at which end {tile} goes")
        elif not tile.has(dict(layout.open_ends).get(move.end, -1)):
            raise IllegalMoveError(f"{tile} does not fit the {move.end} end of this layout")
        count = layout._place(tile, move.end)
        points = count if layout._scoring and count and not count % 5 else 0
    return Preview(
        rules,
        tuple(layout._line),
        layout.spinner,
        tuple(layout._north_arm),
        tuple(layout._south_arm),
        layout.open_ends,
        count,
        points,
    )


def plays_on(
    rules: Rules,
    line: Sequence[tuple[int, int]],
    spinner: Tile | None,
    north: Sequence[tuple[int, int]],
    south: Sequence[tuple[int, int]],
    tile: Tile,
) -> tuple[Move, ...]:
    """The plays of ``tile`` on the given layout, one per end where the choice matters (D4)."""
    if not line:
        return (_OPEN[tile.index],)
    layout = _bare_layout(rules, line, spinner, north, south)
    layout._arms = rules.spinner or rules.scores_during_play
    return tuple(_AT[end][tile.index] for end, number in layout._choice_ends() if tile.has(number))
