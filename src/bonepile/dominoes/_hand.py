"""One hand of Dominoes (D2-D7): the layout, the hands, the boneyard, and the rules of play.

This is the engine's hot loop, so the state is kept as plain integers: each
hand is a bitmask over tile indices, the layout is its open-end numbers (the
line's two, and with a spinner its two ends once both its sides are covered),
and legal moves are found with one AND per end against a precomputed mask of
the tiles that show each number. Moves are interned, so checking that a move
is legal is an identity test against the cached tuple of legal moves.

The plain line of the draw and block games keeps a fast path of its own; the
spinner and the all-fives count (D4, D7) go through ``_place`` and
``_generate_arms``, which handle any layout.
"""

from __future__ import annotations

import enum
import itertools
import random
import re
from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from bonepile.core.bits import bit_indices
from bonepile.core.errors import (
    AmbiguousMoveError,
    BonepileError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
)
from bonepile.dominoes._rules import Rules
from bonepile.dominoes._tiles import (
    DRAW,
    MAX_PIPS,
    PASS,
    TILES,
    End,
    Move,
    MoveKind,
    Tile,
)

_SUIT: tuple[int, ...] = tuple(sum(1 << t.index for t in TILES if t.has(number)) for number in range(MAX_PIPS + 1))
"""For each number, the bitmask of the tiles that show it."""

_PIPS: tuple[int, ...] = tuple(t.pips for t in TILES)
_OPEN: tuple[Move, ...] = tuple(Move.play(t) for t in TILES)
_AT_LEFT: tuple[Move, ...] = tuple(Move.play(t, End.LEFT) for t in TILES)
_AT_RIGHT: tuple[Move, ...] = tuple(Move.play(t, End.RIGHT) for t in TILES)
_AT: dict[End, tuple[Move, ...]] = {end: tuple(Move.play(t, end) for t in TILES) for end in End}
_PLAY = MoveKind.PLAY
_DRAW = MoveKind.DRAW
_LEFT = End.LEFT
_RIGHT = End.RIGHT
_NORTH = End.NORTH
_SOUTH = End.SOUTH
_END_ORDER = (End.LEFT, End.RIGHT, End.NORTH, End.SOUTH)
_KEEP_ORDER = (End.RIGHT, End.LEFT, End.NORTH, End.SOUTH)
"""Of two ends where the choice does not matter, the one kept is the first here (the right end, as ever)."""

_E = TypeVar("_E", bound=BonepileError)

_ANY_TILE = -1
"""``Hand._opening`` value: the leader may open with any tile."""


_indices = bit_indices


def _tiles(mask: int) -> tuple[Tile, ...]:
    return tuple(TILES[i] for i in _indices(mask))


def _pips(mask: int) -> int:
    return sum(_PIPS[i] for i in _indices(mask))


def round_to_five(points: int) -> int:
    """D7 (all-fives): end-of-hand points to the nearest 5, 1-2 down and 3-4 up (12 -> 10, 13 -> 15)."""
    return (points + 2) // 5 * 5


def _outer_value(near: int, far: int) -> int:
    """What an arm's outermost tile adds to the count: its free half, or both halves for a double (D7)."""
    return near + far if near == far else far


class Termination(enum.Enum):
    """Why a hand or a game ended."""

    DOMINO = "domino"
    """A player played their last tile (D6)."""
    BLOCKED = "blocked"
    """Nobody could play and nobody could draw (D6)."""
    TARGET_REACHED = "target reached"
    """A side's score reached the target: the game is over (D8), in all-fives mid-hand too."""


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """How a hand ended and who scored what (D6, D7). Everything here is public."""

    termination: Termination
    winner: int | None
    """The winning side, or None for a blocked hand with tied lightest hands."""
    winning_player: int | None
    """The player who went out, or the lightest hand of the winning side after a block."""
    points: tuple[int, ...]
    """Points each side gained in this hand (in all-fives: the counts scored during play and the end's)."""
    pips: tuple[int, ...]
    """Pips left in each player's hand."""
    hands: tuple[tuple[Tile, ...], ...]
    """Each player's tiles at the end of the hand, revealed."""
    play_points: tuple[int, ...] = ()
    """Of ``points``, what each side scored during play (all-fives counts; empty in other games)."""


@dataclass(frozen=True, slots=True)
class Event:
    """A public event of a hand: who did what, and what it scored. A draw never shows the drawn tile.

    ``ends`` are the open ends just before the move with their numbers, so
    that whoever reads the past (the AI) asks the engine what was open rather
    than laying the tiles again; ``points`` is what a play scored at once for
    the player's side (the all-fives count, D7), and ``count`` the count after it.
    """

    player: int
    move: Move
    ends: tuple[tuple[End, int], ...] = ()
    points: int = 0
    count: int = 0

    @property
    def open_numbers(self) -> frozenset[int]:
        """The numbers a tile could have been played on just before this event (D5: what a pass proves)."""
        return frozenset(number for _, number in self.ends)

    def __str__(self) -> str:
        scored = f" (+{self.points})" if self.points else ""
        return f"{self.player}: {self.move}{scored}"


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

    @property
    def open_numbers(self) -> frozenset[int]:
        return frozenset(number for _, number in self.open_ends)

    def then(self, move: Move) -> Preview:
        """The layout after ``move`` played on this one (any player's; no hand is checked)."""
        return Hand.preview(self.rules, self.line, self.spinner, self.north, self.south, move)

    def fits(self, tile: Tile) -> tuple[Move, ...]:
        """The plays of ``tile`` this layout allows, one per end where the choice matters (D4)."""
        return Hand.plays_on(self.rules, self.line, self.spinner, self.north, self.south, tile)


@dataclass(frozen=True, slots=True)
class Observation:
    """What one player may know of a game, and nothing else.

    Two positions that differ only in what this player cannot see give equal
    observations; the tests check exactly that.
    """

    player: int
    rules: Rules
    hand_number: int
    scores: tuple[int, ...]
    to_move: int | None
    hand: tuple[Tile, ...]
    line: tuple[tuple[int, int], ...]
    """The line of play, left to right, each tile as (left half, right half); with a spinner, west to east."""
    tile_counts: tuple[int, ...]
    boneyard_size: int
    events: tuple[Event, ...]
    """This hand's public events, oldest first."""
    legal_moves: tuple[Move, ...]
    """The player's legal moves; empty when it is not their turn."""
    past_hands: tuple[HandOutcome, ...]
    hand_over: HandOutcome | None = None
    """The outcome of this hand once it has ended."""
    spinner: Tile | None = None
    """The spinner, once played (D4; only with the ``spinner`` option)."""
    north: tuple[tuple[int, int], ...] = ()
    """The spinner's north arm, outward from it, each tile as (near half, far half)."""
    south: tuple[tuple[int, int], ...] = ()
    """The spinner's south arm, the same way."""
    open_ends: tuple[tuple[End, int], ...] = ()
    """Every open end with its number: left and right, then north and south once the spinner's sides are covered."""
    count: int = 0
    """The count at the open ends (D7, all-fives): what the layout is worth now."""

    @property
    def ends(self) -> tuple[int, int] | None:
        """The line's two open numbers (left, right), or None before the first tile."""
        if not self.line:
            return None
        return (self.line[0][0], self.line[-1][1])

    @property
    def open_numbers(self) -> frozenset[int]:
        """The numbers a tile may be played on now (every arm's)."""
        return frozenset(number for _, number in self.open_ends)

    def preview(self, move: Move) -> Preview:
        """The layout ``move`` would leave, its count, and what it would score now (see ``Preview``)."""
        return Hand.preview(self.rules, self.line, self.spinner, self.north, self.south, move)

    def layout(self) -> Preview:
        """The layout as it lies now, as a ``Preview`` to look ahead from (``then``, ``fits``)."""
        return Preview(self.rules, self.line, self.spinner, self.north, self.south, self.open_ends, self.count, 0)


class Hand:
    """The state of one hand. Mutable: ``play`` changes it; ``copy`` is cheap."""

    __slots__ = (
        "_rules",
        "_players",
        "_hands",
        "_in_hands",
        "_boneyard",
        "_left",
        "_right",
        "_line",
        "_to_move",
        "_opening",
        "_events",
        "_outcome",
        "_legal",
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
        "_base",
        "_play_points",
        "_count",
    )

    _rules: Rules
    _players: int
    _hands: list[int]
    _in_hands: int
    _boneyard: list[int]
    _left: int
    _right: int
    _line: deque[tuple[int, int]]
    _to_move: int
    _opening: int
    _events: list[tuple[int, Move, int, int] | tuple[int, Move, int, int, int, int, int, int]]
    """(player, move, left, right, north, south: the ends before it, -1 if closed; points; count after);
    a play on the plain line keeps only the first four (the rest are -1, -1, 0, 0)."""
    _outcome: HandOutcome | None
    _legal: tuple[Move, ...] | None
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
    _base: tuple[int, ...]
    """Each side's game score when this hand (or position) began: with the play points, when the target falls."""
    _play_points: list[int]
    _count: int
    """The count at the open ends (D7), kept up to date by ``_place`` and ``_lay_out``."""

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Iterable[Tile]],
        boneyard: Sequence[Tile] = (),
        *,
        leader: int | None = None,
        scores: Sequence[int] | None = None,
    ) -> None:
        """A new hand from a given deal.

        ``boneyard`` is in drawing order (first drawn first). ``leader=None``
        applies D3 (or ``first_seat``); a given ``leader`` opens with any tile,
        as the winner of the previous hand does under ``next_hand_leader="winner"``.
        ``scores`` are the sides' game scores before the hand: in all-fives a
        count that takes a side to the target ends the hand and the game (D8).
        """
        hand_indices = [[t.index for t in h] for h in hands]
        self._setup(rules, hand_indices, [t.index for t in reversed(boneyard)], leader)
        self._set_scores(scores)
        seen: set[int] = set()
        for index in (i for h in hand_indices for i in h):
            if index in seen or index >= rules.num_tiles:
                raise InvalidPositionError(f"tile {TILES[index]} is dealt twice or is not in a {rules.set} set")
            seen.add(index)
        for index in self._boneyard:
            if index in seen or index >= rules.num_tiles:
                raise InvalidPositionError(f"tile {TILES[index]} is dealt twice or is not in a {rules.set} set")
            seen.add(index)

    @classmethod
    def deal(
        cls, rules: Rules, rng: random.Random, leader: int | None = None, scores: Sequence[int] | None = None
    ) -> Hand:
        """D2: a new hand dealt at random: shuffle the set with ``rng``, deal ``hand_size`` tiles each.

        The rest of the set is the boneyard. This is the one place a deal is
        made, so ``Game`` (which deals every hand from its seeded generator)
        and anyone who wants a single random hand (simulations, benchmarks)
        get the same deal from the same generator state, without the cost of
        the validating constructor. ``leader`` and ``scores`` are as for ``Hand(...)``.
        """
        deck = list(range(rules.num_tiles))
        rng.shuffle(deck)
        size = rules.hand_size
        hands = [deck[seat * size : (seat + 1) * size] for seat in range(rules.players)]
        boneyard = deck[rules.players * size :]
        boneyard.reverse()  # the engine draws from the end of the list
        hand = object.__new__(cls)
        hand._setup(rules, hands, boneyard, leader)
        hand._set_scores(scores)
        return hand

    def _set_scores(self, scores: Sequence[int] | None) -> None:
        sides = self._rules.num_sides
        if scores is None:
            self._base = (0,) * sides
        else:
            base = tuple(scores)
            if len(base) != sides or not all(isinstance(s, int) and not isinstance(s, bool) for s in base):
                raise InvalidPositionError(f"scores {list(base)!r} must be {sides} whole numbers, one a side")
            self._base = base
        self._play_points = [0] * sides

    def _setup(self, rules: Rules, hands: list[list[int]], boneyard_draw_last: list[int], leader: int | None) -> None:
        if len(hands) != rules.players:
            raise InvalidPositionError(f"{len(hands)} hands given for {rules.players} players")
        self._rules = rules
        self._players = rules.players
        masks = [sum(1 << i for i in h) for h in hands]
        self._hands = masks
        in_hands = 0
        for mask in masks:
            in_hands |= mask
        self._in_hands = in_hands
        self._boneyard = boneyard_draw_last
        self._left = -1
        self._right = -1
        self._line = deque()
        self._events = []
        self._outcome = None
        self._legal = None
        self._spin = rules.spinner
        self._scoring = rules.scores_during_play
        self._arms = self._spin or self._scoring
        self._spinner = -1
        self._west_open = self._east_open = False
        self._north = self._south = -1
        self._north_arm = []
        self._south_arm = []
        self._count = 0
        if leader is not None:
            if not 0 <= leader < self._players:
                raise InvalidPositionError(f"no player {leader} among {self._players}")
            self._to_move, self._opening = leader, _ANY_TILE
        elif rules.leader == "first_seat":
            self._to_move, self._opening = 0, _ANY_TILE
        else:
            self._to_move, self._opening = self._d3_leader(hands)

    @staticmethod
    def _d3_leader(hands: list[list[int]]) -> tuple[int, int]:
        """D3: the highest double leads; with no double, the highest-ranked tile."""
        best: tuple[tuple[int, int, int], int, int] | None = None
        for player, held in enumerate(hands):
            for index in held:
                candidate = (TILES[index].rank, player, index)
                if best is None or candidate[0] > best[0]:
                    best = candidate
        if best is None:
            raise InvalidPositionError("nobody holds a tile: there is no one to lead")
        return best[1], best[2]

    # ----------------------------------------------------------------- queries

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def to_move(self) -> int | None:
        """Whose turn it is, or None once the hand is over."""
        return None if self._outcome is not None else self._to_move

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self) -> HandOutcome | None:
        return self._outcome

    @property
    def ends(self) -> tuple[int, int] | None:
        """The open numbers (left, right), or None before the first tile."""
        return None if self._left < 0 else (self._left, self._right)

    @property
    def line(self) -> tuple[tuple[int, int], ...]:
        """The line of play left to right, each tile as (left half, right half); with a spinner, west to east."""
        return tuple(self._line)

    @property
    def spinner(self) -> Tile | None:
        """The spinner once played (D4): the first double of the hand, with the ``spinner`` option."""
        return None if self._spinner < 0 else Tile(self._spinner, self._spinner)

    @property
    def north(self) -> tuple[tuple[int, int], ...]:
        """The spinner's north arm outward from it, each tile as (near half, far half)."""
        return tuple(self._north_arm)

    @property
    def south(self) -> tuple[tuple[int, int], ...]:
        """The spinner's south arm outward from it, each tile as (near half, far half)."""
        return tuple(self._south_arm)

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

    def points_of(self, move: Move) -> int:
        """What ``move`` (a legal play) would score at once (D7, all-fives): 0 for other moves and other games.

        Cheap enough for every candidate of a search's rollout: the count after
        the play is the count now with the arm's outer value replaced, since a
        play changes only the end it is laid on (covering the spinner's last
        side opens two empty ends, which count nothing yet). The conformance
        tests check it against playing the move.
        """
        tile = move.tile
        if not self._scoring or tile is None:
            return 0
        end = move.end
        line = self._line
        if end is None:
            total = tile.pips
        else:
            joined = self._end_number(end)
            free = tile.pips - joined
            new = free + free if tile.is_double else free
            if end is _LEFT or end is _RIGHT:
                if len(line) == 1:
                    near, far = line[0]
                    # The lone first tile: its other end stays, counted as an arm's end now.
                    total = new + (_outer_value(far, near) if end is _RIGHT else _outer_value(near, far))
                    total += sum(_outer_value(*arm[-1]) for arm in (self._north_arm, self._south_arm) if arm)
                else:
                    far, near = line[0] if end is _LEFT else line[-1][::-1]
                    total = self.count - _outer_value(near, far) + new
            else:
                arm = self._north_arm if end is _NORTH else self._south_arm
                total = self.count - (_outer_value(*arm[-1]) if arm else 0) + new
        return total if total and not total % 5 else 0

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's game score now: the scores the hand began with, plus what was scored during play."""
        return tuple(b + p for b, p in zip(self._base, self._play_points, strict=True))

    @property
    def play_points(self) -> tuple[int, ...]:
        """What each side has scored during play in this hand (all-fives counts)."""
        return tuple(self._play_points)

    @property
    def boneyard_size(self) -> int:
        return len(self._boneyard)

    @property
    def can_draw(self) -> bool:
        """Whether the rules let a player draw from the boneyard now (D5; ``Rules.may_draw``)."""
        return self._rules.may_draw(len(self._boneyard))

    @property
    def events(self) -> tuple[Event, ...]:
        ends_of = self._ends_of
        full = [entry if len(entry) == 8 else (*entry, -1, -1, 0, 0) for entry in self._events]
        return tuple(
            Event(p, m, ends_of(left, right, north, south), points, count)
            for p, m, left, right, north, south, points, count in full
        )

    def _is_blocked(self) -> bool:
        """D6: nobody holds a tile for any open end and nobody may draw. The one statement of it."""
        left = self._left
        if left < 0:
            return False
        north = self._north
        if north < 0:
            if self._in_hands & (_SUIT[left] | _SUIT[self._right]):
                return False
        elif self._in_hands & (_SUIT[left] | _SUIT[self._right] | _SUIT[north] | _SUIT[self._south]):
            return False
        return not self._rules.may_draw(len(self._boneyard))

    def tiles_of(self, player: int) -> tuple[Tile, ...]:
        """The tiles ``player`` holds (hidden information: not for the other players)."""
        return _tiles(self._hands[player])

    def tile_count(self, player: int) -> int:
        return self._hands[player].bit_count()

    def pips_of(self, player: int) -> int:
        return _pips(self._hands[player])

    def boneyard(self) -> tuple[Tile, ...]:
        """The boneyard in drawing order (hidden information)."""
        return tuple(TILES[i] for i in reversed(self._boneyard))

    def draw_next(self, tile: Tile) -> None:
        """Make ``tile`` (one in the boneyard) the next one drawn; the rest keep their order.

        The boneyard's order is hidden and no rule depends on it, so this
        changes nothing anyone sees: it is for models where the drawn tile is
        chosen when it is drawn (OpenSpiel's chance nodes) rather than by a
        shuffle made at the deal.
        """
        if tile.index not in self._boneyard:
            raise InvalidPositionError(f"{tile} is not in the boneyard")
        self._boneyard.remove(tile.index)
        self._boneyard.append(tile.index)  # the engine draws from the end of the list

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves the player to move may make (D4, D5); empty once the hand is over."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal

    def _generate(self) -> tuple[Move, ...]:
        if self._outcome is not None:
            return ()
        held = self._hands[self._to_move]
        left = self._left
        if left < 0:
            if self._opening != _ANY_TILE:
                return (_OPEN[self._opening],)
            return tuple(_OPEN[i] for i in _indices(held))
        if self._arms:
            return self._generate_arms(held)
        right = self._right
        moves: list[Move] = []
        at_left = held & _SUIT[left]
        if left == right:
            # D4: with both ends equal the choice of end does not matter; one move.
            while at_left:
                low = at_left & -at_left
                moves.append(_AT_RIGHT[low.bit_length() - 1])
                at_left ^= low
        else:
            at_right = held & _SUIT[right]
            while at_left:
                low = at_left & -at_left
                moves.append(_AT_LEFT[low.bit_length() - 1])
                at_left ^= low
            while at_right:
                low = at_right & -at_right
                moves.append(_AT_RIGHT[low.bit_length() - 1])
                at_right ^= low
        if moves:
            return tuple(moves)  # D4: a player who can play must play
        if self._rules.may_draw(len(self._boneyard)):
            return (DRAW,)  # D5
        return (PASS,)

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

    def _generate_arms(self, held: int) -> tuple[Move, ...]:
        """D4 on any layout (a spinner's four arms, or a line whose doubles count): a move per tile and end."""
        moves: list[Move] = []
        for end, number in self._choice_ends():
            fitting = held & _SUIT[number]
            at = _AT[end]
            while fitting:
                low = fitting & -fitting
                moves.append(at[low.bit_length() - 1])
                fitting ^= low
        if moves:
            return tuple(moves)  # D4: a player who can play must play
        if self._rules.may_draw(len(self._boneyard)):
            return (DRAW,)  # D5
        return (PASS,)

    # ----------------------------------------------------------------- moves

    def play(self, move: Move | str, *, player: int | None = None) -> HandOutcome | None:
        """Apply ``move`` for the player to move; return the outcome if it ends the hand.

        Raises ``IllegalMoveError`` (naming the move, the reason and the
        position) and leaves the hand unchanged when the move is not legal.
        A string is read with ``parse_move``. Front ends that act for a
        given seat pass ``player``, so that a move out of turn is refused.
        """
        if player is not None and player != self.to_move:
            state = "the hand is over" if self.is_over else f"player {self._to_move} is to move"
            raise self._error(IllegalMoveError, f"illegal move {move}: it is not player {player}'s turn ({state})")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        if move not in legal:
            if isinstance(move, str):
                move = self.parse_move(move)
            else:
                raise self._error(IllegalMoveError, f"illegal move {move}: {self._why_illegal(move)}")
        self._apply(move)
        return self._outcome

    def _apply(self, move: Move) -> None:
        player = self._to_move
        self._legal = None
        left, right = self._left, self._right
        if move.kind is _PLAY:
            tile = move.tile
            assert tile is not None
            bit = 1 << tile.index
            self._hands[player] ^= bit
            self._in_hands ^= bit
            end = move.end
            if self._arms:
                north, south = self._north, self._south
                count = self._place(tile, end)
                points = count if self._scoring and count and not count % 5 else 0
                self._events.append((player, move, left, right, north, south, points, count))
                if points:  # D7 (all-fives): a multiple of five at the ends scores at once
                    side = self._rules.side_of(player)
                    self._play_points[side] += points
                    if self._base[side] + self._play_points[side] >= self._rules.target:
                        self._finish(Termination.TARGET_REACHED, player)  # D8: play stops at once
                        return
            else:
                self._events.append((player, move, left, right))
                if end is None:
                    self._left, self._right = tile.high, tile.low
                    self._line.append((tile.high, tile.low))
                elif end is _LEFT:
                    self._left = tile.pips - left
                    self._line.appendleft((self._left, left))
                else:
                    self._right = tile.pips - right
                    self._line.append((right, self._right))
            if not self._hands[player]:
                self._finish(Termination.DOMINO, player)  # D6: domino
                return
            self._to_move = (player + 1) % self._players
        else:
            self._events.append((player, move, left, right, self._north, self._south, 0, 0))
            if move.kind is _DRAW:
                index = self._boneyard.pop()
                bit = 1 << index
                self._hands[player] |= bit
                self._in_hands |= bit
            else:
                self._to_move = (player + 1) % self._players
        if self._is_blocked():
            self._finish(Termination.BLOCKED, None)

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

    def _why_illegal(self, move: object) -> str:
        if not isinstance(move, Move):
            return f"expected a Move, got {type(move).__name__}"
        if self._outcome is not None:
            return "the hand is over"
        player = self._to_move
        legal = self.legal_moves()
        if move.kind is MoveKind.DRAW:
            if not self._rules.drawing:
                return f"there is no drawing in {self._rules.preset}"
            if legal[0].kind is MoveKind.PLAY:
                return f"player {player} holds a playable tile and must play it"
            reserve = self._rules.boneyard_reserve
            return f"the boneyard holds {len(self._boneyard)} tiles and drawing stops at {reserve}"
        if move.kind is MoveKind.PASS:
            if legal[0].kind is MoveKind.PLAY:
                return f"player {player} holds a playable tile and must play it"
            return "player must draw"
        tile = move.tile
        assert tile is not None
        if not self._hands[player] >> tile.index & 1:
            return f"player {player} does not hold {tile}"
        if self._left < 0:
            if move.end is not None:
                return "the opening tile is played without an end"
            return f"the hand must open with {TILES[self._opening]}"
        open_ends = dict(self.open_ends)
        if move.end is None:
            return "say which end: " + " or ".join(end.value for end in open_ends)
        if move.end not in open_ends:
            if self._spinner >= 0:
                return f"the spinner's {move.end} end opens only once both its sides hold a tile"
            if self._spin:
                return f"there is no {move.end} end: no spinner yet (the first double played is the spinner)"
            return f"there is no {move.end} end without a spinner: play at the left or right end"
        number = open_ends[move.end]
        if not tile.has(number):
            return f"{tile} does not match the {move.end} end ({number})"
        kind = self._end_kind(move.end)
        same = next(end for end, _ in self._choice_ends() if self._end_kind(end) == kind)
        if {move.end, same} == {_LEFT, _RIGHT}:
            return f"both ends show {number}: play it at the {same} end"
        return f"the {move.end} end is like the {same} end ({number}): play it at the {same} end"

    def parse_move(self, text: str) -> Move:
        """Read a move, allowing the short form ``6-4`` when only one end fits.

        Raises ``InvalidMoveError`` for text that is no move,
        ``AmbiguousMoveError`` when the tile fits both ends, and
        ``IllegalMoveError`` when the move is not legal here.
        """
        try:
            move = Move.parse(text)
        except InvalidMoveError as error:
            raise self._error(InvalidMoveError, str(error)) from None
        legal = self.legal_moves()
        if move in legal:
            return move
        if move.is_play and move.end is None:
            fitting = [m for m in legal if m.tile is move.tile]
            if len(fitting) == 1:
                return fitting[0]
            if len(fitting) > 1:
                choices = " or ".join(f"'{m}'" for m in fitting)
                where = "both ends" if len(fitting) == 2 else f"{len(fitting)} ends"
                raise self._error(AmbiguousMoveError, f"{text!r} fits {where}: say {choices}")
        raise self._error(IllegalMoveError, f"illegal move {text!r}: {self._why_illegal(move)}")

    def _error(self, kind: type[_E], public: str) -> _E:
        """An error whose message names the position, with ``public`` (no hidden tiles) for front ends."""
        return kind(f"{public} in {self.position()}", public=public)

    def _finish(self, termination: Termination, went_out: int | None) -> None:
        """D7: score the hand (``went_out``: the player who dominoed, or who scored the target)."""
        rules = self._rules
        pips = tuple(_pips(mask) for mask in self._hands)
        sides = rules.num_sides
        side_pips = rules.side_totals(pips)
        winning_player: int | None
        played = tuple(self._play_points)
        if termination is Termination.TARGET_REACHED:
            assert went_out is not None
            self._outcome = HandOutcome(
                termination=termination,
                winner=rules.side_of(went_out),
                winning_player=went_out,
                points=played,
                pips=pips,
                hands=tuple(_tiles(mask) for mask in self._hands),
                play_points=played if self._scoring else (),
            )
            self._legal = ()
            return
        if went_out is not None:
            winner: int | None = rules.side_of(went_out)
            winning_player = went_out
        else:
            lightest = min(side_pips)
            winner = side_pips.index(lightest) if side_pips.count(lightest) == 1 else None
            winning_player = None
            if winner is not None:
                winning_player = min(rules.members(winner), key=lambda p: (pips[p], p))
        points = [0] * sides
        if winner is not None:
            own = side_pips[winner]
            opponents = sum(side_pips) - own
            if rules.hand_score == "opponents_minus_own":
                points[winner] = opponents - own
            elif rules.hand_score == "opponents":
                points[winner] = opponents
            elif rules.hand_score == "all_fives":
                # The side that went out scores the others' pips; after a block, the others' less its own.
                points[winner] = round_to_five(opponents if went_out is not None else opponents - own)
            else:
                points[winner] = opponents + own
        self._outcome = HandOutcome(
            termination=termination,
            winner=winner,
            winning_player=winning_player,
            points=tuple(p + q for p, q in zip(points, played, strict=True)),
            pips=pips,
            hands=tuple(_tiles(mask) for mask in self._hands),
            play_points=played if self._scoring else (),
        )
        self._legal = ()

    # ----------------------------------------------------------------- views

    def observation(
        self,
        player: int,
        *,
        scores: tuple[int, ...] | None = None,
        hand_number: int = 1,
        past_hands: tuple[HandOutcome, ...] = (),
    ) -> Observation:
        """What ``player`` may know: own tiles, the line, counts, and public events."""
        if not 0 <= player < self._players:
            raise ValueError(f"no player {player} among {self._players}")
        return Observation(
            player=player,
            rules=self._rules,
            hand_number=hand_number,
            scores=scores if scores is not None else self.scores,
            to_move=self.to_move,
            hand=_tiles(self._hands[player]),
            line=tuple(self._line),
            tile_counts=tuple(mask.bit_count() for mask in self._hands),
            boneyard_size=len(self._boneyard),
            events=self.events,
            legal_moves=self.legal_moves() if self.to_move == player else (),
            past_hands=past_hands,
            hand_over=self._outcome,
            spinner=self.spinner,
            north=tuple(self._north_arm),
            south=tuple(self._south_arm),
            open_ends=self.open_ends,
            count=self.count,
        )

    def copy(self) -> Hand:
        """An independent copy (the event list and line are copied, not shared)."""
        twin = object.__new__(Hand)
        twin._rules = self._rules
        twin._players = self._players
        twin._hands = self._hands.copy()
        twin._in_hands = self._in_hands
        twin._boneyard = self._boneyard.copy()
        twin._left = self._left
        twin._right = self._right
        twin._line = self._line.copy()
        twin._to_move = self._to_move
        twin._opening = self._opening
        twin._events = self._events.copy()
        twin._outcome = self._outcome
        twin._legal = self._legal
        twin._arms = self._arms
        twin._spin = self._spin
        twin._scoring = self._scoring
        twin._spinner = self._spinner
        twin._west_open = self._west_open
        twin._east_open = self._east_open
        twin._north = self._north
        twin._south = self._south
        twin._north_arm = self._north_arm.copy()
        twin._south_arm = self._south_arm.copy()
        twin._base = self._base
        twin._play_points = self._play_points.copy()
        twin._count = self._count
        return twin

    # ----------------------------------------------------------- looking ahead

    @classmethod
    def _bare_layout(
        cls,
        rules: Rules,
        line: Sequence[tuple[int, int]],
        spinner: Tile | None,
        north: Sequence[tuple[int, int]],
        south: Sequence[tuple[int, int]],
    ) -> Hand:
        """A hand holding only a layout (nobody holds a tile): the engine's own rules applied to it."""
        hand = object.__new__(cls)
        hand._setup(rules, [[] for _ in range(rules.players)], [], 0)
        hand._set_scores(None)
        hand._lay_out(line, spinner, (north, south))
        hand._arms = True  # every layout goes through _place, the one statement of D4 and the count
        return hand

    @classmethod
    def preview(
        cls,
        rules: Rules,
        line: Sequence[tuple[int, int]],
        spinner: Tile | None,
        north: Sequence[tuple[int, int]],
        south: Sequence[tuple[int, int]],
        move: Move,
    ) -> Preview:
        """The layout after ``move`` on the given one (see ``Preview``); ``move`` must fit an open end."""
        hand = cls._bare_layout(rules, line, spinner, north, south)
        tile = move.tile
        if tile is None:
            count = hand.count
            points = 0
        else:
            if move.end is None:
                if line:
                    raise IllegalMoveError(f"say at which end {tile} goes")
            elif not tile.has(dict(hand.open_ends).get(move.end, -1)):
                raise IllegalMoveError(f"{tile} does not fit the {move.end} end of this layout")
            count = hand._place(tile, move.end)
            points = count if hand._scoring and count and not count % 5 else 0
        return Preview(
            rules,
            tuple(hand._line),
            hand.spinner,
            tuple(hand._north_arm),
            tuple(hand._south_arm),
            hand.open_ends,
            count,
            points,
        )

    @classmethod
    def plays_on(
        cls,
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
        hand = cls._bare_layout(rules, line, spinner, north, south)
        hand._arms = rules.spinner or rules.scores_during_play
        return tuple(_AT[end][tile.index] for end, number in hand._choice_ends() if tile.has(number))

    # ----------------------------------------------------------- position text

    def position(self) -> str:
        """The position as text: ``hands: 6-6 5-4 / 2-1; line: 4-6 6-6; boneyard: 1-1; turn: 0``.

        Hands are in seat order; the line is left to right with each tile's
        halves in line order; the boneyard is in drawing order. Before the
        first tile, ``lead`` says which tile must open (or ``any``); read
        without a ``lead``, the leader and the opening tile are D3's. With a
        spinner in the line, ``spinner`` names it and ``north`` / ``south``
        list its arms outward from it (each tile near half first) once both its
        sides hold a tile; where plays score (all-fives), ``scores`` are the
        sides' game scores now. ``Hand.from_position(rules, hand.position())``
        gives the same position.
        """
        hands = " / ".join(" ".join(str(t) for t in _tiles(mask)) or "-" for mask in self._hands)
        line = " ".join(f"{a}-{b}" for a, b in self._line) or "-"
        boneyard = " ".join(str(t) for t in self.boneyard()) or "-"
        turn = "over" if self._outcome is not None else str(self._to_move)
        text = f"hands: {hands}; line: {line}"
        if self._spinner >= 0:
            text += f"; spinner: {self._spinner}-{self._spinner}"
            if self._north >= 0:
                for name, arm in (("north", self._north_arm), ("south", self._south_arm)):
                    text += f"; {name}: " + (" ".join(f"{a}-{b}" for a, b in arm) or "-")
        text += f"; boneyard: {boneyard}; turn: {turn}"
        if self._scoring:
            text += "; scores: " + " ".join(str(score) for score in self.scores)
        if self._left < 0:
            text += "; lead: " + ("any" if self._opening == _ANY_TILE else str(TILES[self._opening]))
        return text

    def __str__(self) -> str:
        return self.position()

    def __repr__(self) -> str:
        return f"<Hand {self.position()}>"

    @classmethod
    def from_position(cls, rules: Rules, text: str) -> Hand:
        """Set up a position from ``position()`` text (see there for the format)."""
        fields: dict[str, str] = {}
        known = ("hands", "line", "spinner", "north", "south", "boneyard", "turn", "scores", "lead")
        for part in text.split(";"):
            key, sep, value = part.partition(":")
            key = key.strip()
            if not sep or key not in known or key in fields:
                raise InvalidPositionError(f"cannot read {part.strip()!r} in position {text!r}")
            fields[key] = value.strip()
        for required in ("hands", "line", "turn"):
            if required not in fields:
                raise InvalidPositionError(f"position {text!r} has no {required!r}")

        def tiles(words: str) -> list[Tile]:
            words = words.strip()
            if words in ("", "-"):
                return []
            try:
                return [Tile.parse(word) for word in words.split()]
            except InvalidMoveError as error:
                raise InvalidPositionError(f"{error} in position {text!r}") from None

        def halves(words: str) -> list[tuple[int, int]]:
            placed: list[tuple[int, int]] = []
            for word in words.split():
                if word == "-":
                    continue
                match = re.fullmatch(r"(\d{1,2})-(\d{1,2})", word)
                if match is None:
                    raise InvalidPositionError(f"cannot read layout tile {word!r} in position {text!r}")
                placed.append((int(match.group(1)), int(match.group(2))))
            return placed

        hands = [tiles(part) for part in fields["hands"].split("/")]
        boneyard = tiles(fields.get("boneyard", "-"))
        scores: list[int] | None = None
        if "scores" in fields:
            words = fields["scores"].split()
            if not all(word.isdigit() for word in words):
                raise InvalidPositionError(f"scores must be whole numbers, not {fields['scores']!r} in {text!r}")
            scores = [int(word) for word in words]
        spinner: Tile | None = None
        if "spinner" in fields:
            named = tiles(fields["spinner"])
            if len(named) != 1:
                raise InvalidPositionError(f"spinner {fields['spinner']!r} is not one tile in {text!r}")
            spinner = named[0]
        turn = fields["turn"]
        if turn != "over" and not (turn.isdigit() and 0 <= int(turn) < rules.players):
            raise InvalidPositionError(f"turn must be a player 0-{rules.players - 1} or 'over', not {turn!r}")
        hand = cls(rules, hands, boneyard, leader=0, scores=scores)
        if turn != "over":
            hand._to_move = int(turn)
        line = halves(fields["line"])
        arms = (halves(fields.get("north", "")), halves(fields.get("south", "")))
        arms_named = "north" in fields or "south" in fields
        try:
            hand._lay_out(line, spinner, arms, arms_named)
        except InvalidPositionError as error:
            raise InvalidPositionError(f"{error} in {text!r}") from None
        if not line:
            if turn == "over":
                raise InvalidPositionError(f"a hand cannot be over before its first tile in {text!r}")
            lead = fields.get("lead")
            if lead is None:
                # D3 (or first_seat), as ``Hand(...)`` applies it; 'lead: any' or 'lead: <tile>' says otherwise.
                ruled = cls(rules, hands, boneyard, scores=scores)
                if ruled._to_move != hand._to_move:
                    raise InvalidPositionError(
                        f"D3 makes player {ruled._to_move} lead, not player {turn}, in {text!r} "
                        "(add 'lead: any' for a free lead)"
                    )
                return ruled
            if lead == "any":
                hand._opening = _ANY_TILE
            else:
                opening = tiles(lead)
                if len(opening) != 1 or opening[0] not in hands[hand._to_move]:
                    raise InvalidPositionError(f"lead {lead!r} is not a tile held by player {turn} in {text!r}")
                hand._opening = opening[0].index
            return hand
        if not hand._settle() and turn == "over":
            raise InvalidPositionError(f"the hand is not over: nobody is out and it is not blocked in {text!r}")
        return hand

    def _lay_out(
        self,
        line: Sequence[tuple[int, int]],
        spinner: Tile | None,
        arms: tuple[Sequence[tuple[int, int]], Sequence[tuple[int, int]]] = ((), ()),
        arms_named: bool = False,
    ) -> None:
        """Put a layout on the table of a fresh hand, checking it could have been played (D4)."""
        rules = self._rules
        seen = self._in_hands
        for index in self._boneyard:
            seen |= 1 << index
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

    def _settle(self) -> bool:
        """End a hand set up in place if it is already over: a side at the target (D8), someone out, or blocked (D6)."""
        out = [player for player, mask in enumerate(self._hands) if not mask]
        if len(out) > 1:
            raise InvalidPositionError(f"two players have no tiles in {self.position()}")
        scores = self.scores
        if self._scoring and max(scores) >= self._rules.target:
            side = scores.index(max(scores))
            self._to_move = self._rules.members(side)[0]
            self._finish(Termination.TARGET_REACHED, self._to_move)
        elif out:
            self._to_move = out[0]
            self._finish(Termination.DOMINO, out[0])
        elif self._is_blocked():
            self._finish(Termination.BLOCKED, None)
        else:
            return False
        return True

    @classmethod
    def from_pieces(
        cls,
        rules: Rules,
        hands: Sequence[Iterable[Tile]],
        boneyard: Sequence[Tile],
        line: Sequence[tuple[int, int]],
        to_move: int,
        *,
        lead: Tile | None = None,
        spinner: Tile | None = None,
        north: Sequence[tuple[int, int]] = (),
        south: Sequence[tuple[int, int]] = (),
        scores: Sequence[int] | None = None,
    ) -> Hand:
        """A hand in progress from its pieces, without going through position text.

        The AI builds one such hand for every world it imagines (a guess at the
        hidden tiles consistent with what it saw), thousands of times a move, so
        this skips the text but keeps the checks of ``from_position``: every tile
        once, a layout that joins, a valid turn. ``boneyard`` is in drawing order;
        ``line`` is left to right as in ``Hand.line``, ``spinner``, ``north`` and
        ``south`` as in ``Hand.spinner`` and its arms; ``scores`` the sides' game
        scores now. Before the first tile, ``lead`` is the tile that must open
        (None: any tile). The past events are not part of the pieces, so the new
        hand's ``events`` start empty.
        """
        hand = cls(rules, hands, boneyard, leader=to_move, scores=scores)
        hand._lay_out(line, spinner, (north, south))
        if not line:
            if lead is not None:
                if not hand._hands[to_move] >> lead.index & 1:
                    raise InvalidPositionError(f"lead {lead} is not a tile held by player {to_move}")
                hand._opening = lead.index
            return hand
        hand._settle()
        return hand
