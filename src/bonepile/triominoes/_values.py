"""The values a round of Tri-Ominos hands out: how it ended, its score items, its public events, and what one
player may know.

Plain frozen data, apart from the round (``_round``) that makes them: front
ends, records and the AI read these and never the round's own state. They
import no round, so the round and its layout (``_layout``) can import them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from bonepile.core.errors import IllegalMoveError
from bonepile.triominoes._rules import Rules
from bonepile.triominoes._tiles import Move, Tile


class Termination(enum.Enum):
    """Why a round or a game ended."""

    GOING_OUT = "going out"
    """A player placed their last tile (T7)."""
    BLOCKED = "blocked"
    """The pool is empty and every player passed in turn (T7)."""
    TARGET_REACHED = "target reached"
    """A player reached the target: the game is over (T8)."""


class Reason(enum.Enum):
    """What a score item is for; every point scored or lost has exactly one."""

    TILE = "tile"
    """T5: the placed tile's value."""
    START_BONUS = "start bonus"
    """T3: the opening tile's bonus."""
    HEXAGON = "hexagon"
    """T5: one, two or three rings completed."""
    BRIDGE = "bridge"
    """T5: a strict bridge."""
    DRAW = "draw"
    """T6: a tile drawn from the pool (negative)."""
    FAILED_DRAWS = "failed draws"
    """T6: the draw cap reached with no tile placed (negative)."""
    PASS = "pass"
    """T6: a pass with the pool empty (negative)."""
    GOING_OUT = "going out"
    """T7: the going-out bonus."""
    TILES_COLLECTED = "tiles collected"
    """T7: the value of the tiles still held by the players not out."""
    BLOCKED = "blocked"
    """T7: the blocked round's winner: the others' tiles minus their own."""


class EventKind(enum.Enum):
    PLACE = "place"
    DRAW = "draw"
    PASS = "pass"
    TIMEOUT = "timeout"
    START_DRAW = "start draw"
    """T3 goliath: a tile drawn, shown and put back to choose who starts."""
    SETUP_DRAW = "setup draw"
    """T3 classic: a tile drawn into the hand while nobody holds a triple (hidden, no penalty)."""
    GOING_OUT = "going out"
    BLOCKED = "blocked"


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scored amount, so that every score is the sum of its items."""

    player: int
    reason: Reason
    points: int

    def __str__(self) -> str:
        return f"player {self.player} {self.points:+d} {self.reason.value}"


@dataclass(frozen=True, slots=True)
class Event:
    """A public event of a round. A drawn tile is never named here (its drawer's observation has it in
    ``Observation.draws``), except T3's start draws, which are shown."""

    player: int
    kind: EventKind
    move: Move | None = None
    """The placement, for ``PLACE``."""
    tile: Tile | None = None
    """A tile everyone saw: the placed tile, or a start draw."""
    items: tuple[ScoreItem, ...] = ()

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)

    def __str__(self) -> str:
        what = str(self.move) if self.move is not None else self.kind.value
        if self.kind is EventKind.START_DRAW:
            what = f"start draw {self.tile}"
        scored = "".join(f", {item.points:+d} {item.reason.value}" for item in self.items)
        return f"{self.player}: {what}{scored}"


@dataclass(frozen=True, slots=True)
class Bonus:
    """The bonus a placement earns (T3, T5), named, so that front ends show it without knowing the rules."""

    reason: Reason
    """``START_BONUS``, ``HEXAGON`` or ``BRIDGE``."""
    points: int
    rings: int = 0
    """For ``HEXAGON``: how many rings the tile completes at once (1-3)."""
    centres: tuple[tuple[int, int], ...] = ()
    """For ``HEXAGON``: the grid points ``(q, r)`` whose rings of six the tile completes, clockwise from its left."""
    bridge_edge: int | None = None
    """For ``BRIDGE``: the one edge (0-2, edge i joins corner i and i+1) shared with the layout."""

    @property
    def name(self) -> str:
        """'start bonus', 'bridge', 'hexagon', 'double hexagon' or 'triple hexagon'."""
        if self.reason is Reason.HEXAGON:
            return ("hexagon", "double hexagon", "triple hexagon")[self.rings - 1]
        return str(self.reason.value)


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """How a round ended and who scored what (T7). Everything here is public."""

    termination: Termination
    winner: int | None
    """The player who went out first, or the blocked round's winner; None when nobody won."""
    winners: frozenset[int]
    """Every player who went out (several only when a goliath cycle is played out), or the blocked winner."""
    points: tuple[int, ...]
    """Points each player gained (or lost) in the round: the sum of their items."""
    items: tuple[ScoreItem, ...]
    """Every score item of the round, in order: placements, bonuses, penalties, then the round's end."""
    tile_counts: tuple[int, ...]
    tile_values: tuple[int, ...]
    """The value of the tiles each player still held at the end."""
    hands: tuple[tuple[Tile, ...], ...]
    """Each player's tiles at the end, revealed."""

    @property
    def end_items(self) -> tuple[ScoreItem, ...]:
        """The items of the round's end: going-out bonus, tiles collected, blocked difference."""
        ending = (Reason.GOING_OUT, Reason.TILES_COLLECTED, Reason.BLOCKED)
        return tuple(item for item in self.items if item.reason in ending)

    def points_for(self, reason: Reason) -> tuple[int, ...]:
        """Per player, the points of one kind in this round."""
        totals = [0] * len(self.points)
        for item in self.items:
            if item.reason is reason:
                totals[item.player] += item.points
        return tuple(totals)


@dataclass(frozen=True, slots=True)
class Observation:
    """What one player may know of a game, and nothing else.

    Two positions that differ only in what this player cannot see (the other
    hands, the order of the pool) give equal observations; the tests check it.
    """

    player: int
    rules: Rules
    round_number: int
    scores: tuple[int, ...]
    to_move: int | None
    hand: tuple[Tile, ...]
    board: tuple[Move, ...]
    """The placed tiles as placements, in place order."""
    tile_counts: tuple[int, ...]
    pool_size: int
    starter: int
    draws_this_turn: int
    events: tuple[Event, ...]
    """This round's public events, oldest first."""
    legal_moves: tuple[Move, ...]
    """The player's legal moves; empty when it is not their turn."""
    legal_points: tuple[int, ...]
    """The points each legal move scores now (negative for a draw or a pass)."""
    past_rounds: tuple[RoundSummary, ...] = ()
    round_over: RoundSummary | None = None
    draws: tuple[tuple[int, Tile], ...] = ()
    """The tiles this player drew in the round (T3 setup draws and T6 draws), each with the index of its
    draw in ``events``: a player knows what it drew; ``events`` stay public, the same for everyone."""
    _points: dict[Move, int] = field(default_factory=dict, init=False, repr=False, compare=False)

    # The names every game shares (``core``'s protocol), so that a front end asks any game the same way;
    # the fields above keep the game's own words (a Tri-Ominos deal is a round).

    @property
    def deal_number(self) -> int:
        """Which deal of the game this is, from 1: the common name of ``round_number``."""
        return self.round_number

    @property
    def past_deals(self) -> tuple[RoundSummary, ...]:
        """The summaries of the deals played before this one: the common name of ``past_rounds``."""
        return self.past_rounds

    @property
    def deal_over(self) -> RoundSummary | None:
        """The summary of this deal once it has ended: the common name of ``round_over``."""
        return self.round_over

    @property
    def stock_size(self) -> int:
        """How many tiles are left to draw from: the common name of ``pool_size``."""
        return self.pool_size

    def __post_init__(self) -> None:
        self._points.update(zip(self.legal_moves, self.legal_points, strict=True))

    def move_points(self, move: Move) -> int:
        """The points a legal move would score now: the tile, its bonuses; a draw's or a pass's penalty."""
        points = self._points.get(move)
        if points is None:
            raise IllegalMoveError(f"{move} is not a legal move of player {self.player} now")
        return points
