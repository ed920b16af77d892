"""The values a hand of Dominoes hands out: how it ended, its public events, and what one player may know.

Plain frozen data, apart from the hand (``_hand``) that makes them: front
ends, records and the AI read these and never the hand's own state. They
import the layout (``_layout``) and not the hand, so the hand can import them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal

from bonepile.dominoes._layout import Preview
from bonepile.dominoes._layout import preview as layout_preview
from bonepile.dominoes._rules import Rules
from bonepile.dominoes._tiles import End, Move, Tile


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

    def __init__(
        self, player: int, move: Move, ends: tuple[tuple[End, int], ...] = (), points: int = 0, count: int = 0
    ) -> None:
        # The dataclass's own __init__, but with the slots' setters rather than the frozen object.__setattr__
        # (an event is made for every move a hand plays: 0.47 against 0.84 us). The dataclass keeps it.
        _set_player(self, player)
        _set_move(self, move)
        _set_ends(self, ends)
        _set_points(self, points)
        _set_count(self, count)

    @property
    def open_numbers(self) -> frozenset[int]:
        """The numbers a tile could have been played on just before this event (D5: what a pass proves)."""
        return frozenset(number for _, number in self.ends)

    def __str__(self) -> str:
        scored = f" (+{self.points})" if self.points else ""
        return f"{self.player}: {self.move}{scored}"


_set_player, _set_move, _set_ends, _set_points, _set_count = (
    Event.__dict__[name].__set__ for name in ("player", "move", "ends", "points", "count")
)


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

    # The names every game shares (``core``'s protocol), so that a front end asks any game the same way;
    # the fields above keep the game's own words.

    @property
    def deal_number(self) -> int:
        """Which deal of the game this is, from 1: the common name of ``hand_number``."""
        return self.hand_number

    @property
    def past_deals(self) -> tuple[HandOutcome, ...]:
        """The outcomes of the deals played before this one: the common name of ``past_hands``."""
        return self.past_hands

    @property
    def deal_over(self) -> HandOutcome | None:
        """The outcome of this deal once it has ended: the common name of ``hand_over``."""
        return self.hand_over

    @property
    def stock_size(self) -> int:
        """How many tiles are left to draw from: the common name of ``boneyard_size``."""
        return self.boneyard_size

    @property
    def stock_locked(self) -> Literal["never", "reserve"] | None:
        """Why the tiles left in the boneyard cannot be drawn, as a word, or None when they can (or none are left).

        ``"never"``: this game never draws (``rules.drawing`` is false); ``"reserve"``: what is left is the
        reserve that stays undrawn (``rules.boneyard_reserve``, D5). The engine says it so that a front end
        that explains the boneyard does not restate the drawing rule.
        """
        left = self.boneyard_size
        if not left:
            return None
        if not self.rules.drawing:
            return "never"
        if left <= self.rules.boneyard_reserve:
            return "reserve"
        return None

    @property
    def opening_index(self) -> int | None:
        """Where the opening tile lies in ``line`` (west to east, from 0), or None before the first tile.

        Every tile played at the left end went in front of it, so it is their number. A front end marks the
        opening tile with it, which the line alone (halves only) cannot tell. A hand set up from position
        text has no past events, so there the line's first tile counts as the opening (0).
        """
        if not self.line:
            return None
        return sum(1 for event in self.events if event.move.end is End.LEFT)

    @property
    def spinner_index(self) -> int | None:
        """Where the spinner lies in ``line`` (west to east, from 0), or None before one is played (D4).

        The spinner is the one double of its number, so it is the tile of ``line`` showing that number twice;
        a front end draws the spinner's arms from it.
        """
        if self.spinner is None:
            return None
        number = self.spinner.high
        return next(i for i, (left, right) in enumerate(self.line) if left == right == number)

    def preview(self, move: Move) -> Preview:
        """The layout ``move`` would leave, its count, and what it would score now (see ``Preview``)."""
        return layout_preview(self.rules, self.line, self.spinner, self.north, self.south, move)

    def layout(self) -> Preview:
        """The layout as it lies now, as a ``Preview`` to look ahead from (``then``, ``fits``)."""
        return Preview(self.rules, self.line, self.spinner, self.north, self.south, self.open_ends, self.count, 0)
