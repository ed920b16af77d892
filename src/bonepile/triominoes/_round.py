"""One round of Tri-Ominos (T2-T7): the board, the hands, the pool, and the rules of play.

This is the engine's hot loop, so the state is kept as plain integers: each
hand is a bitmask over the 56 tile indices; the board is three dictionaries
keyed by integer ids (the number at each grid point, how many tiles touch each
point, the tile on each triangle); and the *frontier*, the empty triangles that
share an edge with the layout, is kept up to date as tiles go down. To find
what fits a frontier triangle, the numbers already on its three corners (or
"unset") form a key into a table, built once, of every (tile, rotation) that
agrees with them: no tile is ever tried against a triangle it cannot fit.
Bonuses are read from the touch counts *before* a tile is inserted, so a tile
never counts itself (the rule sheet's first trap).
"""

from __future__ import annotations

import enum
import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeGuard, TypeVar

from bonepile.core.bits import bit_indices
from bonepile.core.errors import (
    AmbiguousMoveError,
    BonepileError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
)
from bonepile.triominoes._grid import CORNER_NAMES_DOWN, CORNER_NAMES_UP, around, corners, edges, point_id, point_qr
from bonepile.triominoes._rules import Rules
from bonepile.triominoes._tiles import DRAW, ORIGIN, PASS, TILES, TIMEOUT, Move, MoveKind, Place, Tile, _read_numbers

_E = TypeVar("_E", bound=BonepileError)

HEXAGON_BONUS = 50
"""T5: completing one ring of six tiles around a point."""
HEXAGON_BONUS_GOLIATH = {1: 50, 2: 60, 3: 70}
"""T5 (``multi_hexagon = "goliath"``): one, two or three rings completed at once."""
BRIDGE_BONUS = 40
"""T5: a strict bridge."""

_VALUE: tuple[int, ...] = tuple(t.value for t in TILES)
_ALL_TILES = (1 << len(TILES)) - 1
_ZERO_TRIPLE = Tile(0, 0, 0).index
_TRIPLES_ABOVE_ZERO = sum(1 << Tile(k, k, k).index for k in range(1, 6))
_TRIPLES_HIGH_FIRST: tuple[int, ...] = tuple(Tile(k, k, k).index for k in range(5, -1, -1))
_ORIGIN_TID = ORIGIN.tid


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


_indices = bit_indices


def _tiles(mask: int) -> tuple[Tile, ...]:
    return tuple(TILES[i] for i in _indices(mask))


def _value(mask: int) -> int:
    return sum(_VALUE[i] for i in _indices(mask))


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

    def __post_init__(self) -> None:
        self._points.update(zip(self.legal_moves, self.legal_points, strict=True))

    def move_points(self, move: Move) -> int:
        """The points a legal move would score now: the tile, its bonuses; a draw's or a pass's penalty."""
        points = self._points.get(move)
        if points is None:
            raise IllegalMoveError(f"{move} is not a legal move of player {self.player} now")
        return points


class Round:
    """The state of one round. Mutable: ``play`` changes it; ``copy`` is cheap enough for search."""

    __slots__ = (
        "_rules",
        "_n",
        "_hands",
        "_pool",
        "_num",
        "_touch",
        "_filled",
        "_on_board",
        "_board",
        "_frontier",
        "_scores",
        "_start_scores",
        "_to_move",
        "_starter",
        "_openings",
        "_draws",
        "_passes",
        "_out",
        "_events",
        "_drawn",
        "_items",
        "_summary",
        "_legal",
        "_legal_points",
    )

    _rules: Rules
    _n: int
    _hands: list[int]
    _pool: list[int]
    _num: dict[int, int]
    _touch: dict[int, int]
    _filled: dict[int, Move]
    _on_board: int
    """The mask of the tiles on the board."""
    _board: tuple[Move, ...] | None
    """``board`` as last read, until the next tile goes down."""
    _frontier: dict[int, int]
    """The empty triangles sharing an edge with the layout, each with its corner-pattern key."""
    _scores: list[int]
    _start_scores: tuple[int, ...]
    _to_move: int
    _starter: int
    _openings: int
    _draws: int
    _passes: int
    _out: list[int]
    _events: list[Event]
    _drawn: dict[int, int]
    """For each draw event (its place in ``_events``), the tile drawn: told to the drawer only."""
    _items: list[ScoreItem]
    _summary: RoundSummary | None
    _legal: tuple[Move, ...] | None
    _legal_points: tuple[int, ...]

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Iterable[Tile]],
        pool: Sequence[Tile] = (),
        *,
        starter: int | None = None,
        scores: Sequence[int] | None = None,
    ) -> None:
        """A new round from a given deal; ``pool`` is in drawing order (first drawn first).

        ``starter=None`` applies T3 (``highest_triple``, ``draw_until_triple``);
        a given ``starter`` opens with any tile, as goliath's draw-one winner
        does (the draw-one itself is chance: see ``Round.deal``). ``scores``
        are the players' game scores when the round begins.
        """
        hand_indices = [[t.index for t in h] for h in hands]
        pool_indices = [t.index for t in pool]
        seen: set[int] = set()
        for index in [i for h in hand_indices for i in h] + pool_indices:
            if index in seen:
                raise InvalidPositionError(f"tile {TILES[index]} is dealt twice")
            seen.add(index)
        if starter is None and rules.start == "draw_one":
            raise InvalidPositionError("goliath's draw-one start is chance: name the starter or use Round.deal")
        self._setup(rules, hand_indices, pool_indices[::-1], scores)
        self._start(starter)

    @classmethod
    def deal(cls, rules: Rules, rng: random.Random, scores: Sequence[int] | None = None) -> Round:
        """T2, T3: a new round dealt at random from ``rng`` (the one place a deal is made).

        Shuffle the 56 tiles, deal each player ``rules.hand_size``; the rest is
        the pool. Goliath's draw-one also draws from ``rng``: the contenders
        each draw a tile from the pool, the highest value starts, ties draw
        again; the tiles go back and the pool is shuffled. The draws are
        public events of the round; a seed replays them exactly.
        """
        deck = list(range(len(TILES)))
        rng.shuffle(deck)
        size = rules.hand_size
        hands = [deck[seat * size : (seat + 1) * size] for seat in range(rules.players)]
        pool = deck[rules.players * size :]
        round_ = object.__new__(cls)
        round_._setup(rules, hands, pool, scores)
        starter: int | None = None
        if rules.start == "draw_one":
            contenders = list(range(rules.players))
            while True:
                drawn = rng.sample(pool, len(contenders))
                for player, index in zip(contenders, drawn, strict=True):
                    round_._events.append(Event(player, EventKind.START_DRAW, tile=TILES[index]))
                best = max(_VALUE[i] for i in drawn)
                contenders = [p for p, i in zip(contenders, drawn, strict=True) if _VALUE[i] == best]
                if len(contenders) == 1:
                    break
            starter = contenders[0]
            rng.shuffle(pool)
        round_._start(starter)
        return round_

    def _setup(
        self, rules: Rules, hands: list[list[int]], pool_draw_last: list[int], scores: Sequence[int] | None
    ) -> None:
        if len(hands) != rules.players:
            raise InvalidPositionError(f"{len(hands)} hands given for {rules.players} players")
        self._rules = rules
        self._n = rules.players
        self._hands = [sum(1 << i for i in h) for h in hands]
        self._pool = pool_draw_last
        self._num = {}
        self._touch = {}
        self._filled = {}
        self._on_board = 0
        self._board = None
        self._frontier = {}
        start = [0] * rules.players if scores is None else list(scores)
        if len(start) != rules.players or not all(isinstance(s, int) and not isinstance(s, bool) for s in start):
            raise InvalidPositionError(f"scores {start!r} must be {rules.players} whole numbers")
        self._scores = start
        self._start_scores = tuple(start)
        self._to_move = 0
        self._starter = 0
        self._openings = _ALL_TILES
        self._draws = 0
        self._passes = 0
        self._out = []
        self._events = []
        self._drawn = {}
        self._items = []
        self._summary = None
        self._legal = None
        self._legal_points = ()

    def _start(self, starter: int | None) -> None:
        """T3: who opens, and with which tiles."""
        if starter is not None:
            if not 0 <= starter < self._n:
                raise InvalidPositionError(f"no player {starter} among {self._n}")
            self._set_opener(starter, _ALL_TILES)
            return
        hands = self._hands
        for triple in _TRIPLES_HIGH_FIRST:
            bit = 1 << triple
            holder = next((p for p in range(self._n) if hands[p] & bit), None)
            if holder is None:
                continue
            openings = bit
            # T3 pressman: the holder of the highest triple may open with 0-0-0 instead.
            if self._rules.start == "highest_triple" and hands[holder] & 1 << _ZERO_TRIPLE:
                openings |= 1 << _ZERO_TRIPLE
            self._set_opener(holder, openings)
            return
        if self._rules.start == "draw_until_triple":
            # T3 classic: nobody holds a triple; draw in seat order until one shows (no penalty).
            player = 0
            while self._pool:
                index = self._pool.pop()
                self._hands[player] |= 1 << index
                self._drawn[len(self._events)] = index
                self._events.append(Event(player, EventKind.SETUP_DRAW))
                if TILES[index].is_triple:
                    self._set_opener(player, 1 << index)
                    return
                player = (player + 1) % self._n
            raise InvalidPositionError("nobody holds or can draw a triple to open with (T3)")
        # T3 pressman: no triple held; the tile of highest value opens, no bonus.
        best = max(
            ((TILES[i].rank, p, i) for p in range(self._n) for i in _indices(hands[p])),
            default=None,
        )
        if best is None:
            raise InvalidPositionError("nobody holds a tile: there is no one to open")
        self._set_opener(best[1], 1 << best[2])

    def _set_opener(self, player: int, openings: int) -> None:
        self._starter = player
        self._to_move = player
        self._openings = openings

    # ----------------------------------------------------------------- queries

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def num_players(self) -> int:
        return self._n

    @property
    def to_move(self) -> int | None:
        """Whose turn it is, or None once the round is over."""
        return None if self._summary is not None else self._to_move

    @property
    def is_over(self) -> bool:
        return self._summary is not None

    @property
    def summary(self) -> RoundSummary | None:
        return self._summary

    @property
    def starter(self) -> int:
        """Who opened (or opens) the round; T7's turn cycles start with them."""
        return self._starter

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's game score now, this round's points included."""
        return tuple(self._scores)

    @property
    def round_points(self) -> tuple[int, ...]:
        """Points each player gained in this round so far."""
        return tuple(s - s0 for s, s0 in zip(self._scores, self._start_scores, strict=True))

    @property
    def draws_this_turn(self) -> int:
        return self._draws

    @property
    def pool_size(self) -> int:
        return len(self._pool)

    @property
    def out(self) -> tuple[int, ...]:
        """Players who have gone out, while a goliath cycle is played out (T7)."""
        return tuple(self._out)

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    @property
    def items(self) -> tuple[ScoreItem, ...]:
        """Every score item of the round so far."""
        return tuple(self._items)

    @property
    def board(self) -> tuple[Move, ...]:
        """The placed tiles as placements, in place order (row, then column); read once per tile placed."""
        board = self._board
        if board is None:
            board = self._board = tuple(self._filled[t] for t in sorted(self._filled))
        return board

    @classmethod
    def score_end(
        cls, rules: Rules, hands: Sequence[Iterable[Tile]], *, out: Sequence[int] | None = None
    ) -> RoundSummary:
        """T7: how a round ending with these ``hands`` scores, without playing up to it.

        ``out`` lists the players who went out, in the order they did (several
        only where a goliath cycle is played out); by default the players with
        no tiles. With nobody out, the round is blocked (the pool empty, every
        player passed). The summary holds the end's items only: the going-out
        bonus and the tiles collected, or the blocked difference.
        """
        held = [tuple(hand) for hand in hands]
        round_ = object.__new__(cls)
        round_._setup(rules, [[t.index for t in hand] for hand in held], [], None)
        seen = 0
        for mask, hand in zip(round_._hands, held, strict=True):
            if mask & seen or mask.bit_count() != len(hand):
                raise InvalidPositionError(f"a tile is held twice in {' / '.join(' '.join(map(str, h)) for h in held)}")
            seen |= mask
        empty = [p for p, mask in enumerate(round_._hands) if not mask]
        order = list(empty if out is None else out)
        if sorted(order) != empty:
            raise InvalidPositionError(f"the players out ({order}) must be the players with no tiles ({empty})")
        if len(order) > 1 and not rules.play_out_cycle:
            raise InvalidPositionError(f"players {order} are all out, but only a played-out cycle lets a second go out")
        round_._out = order
        if order:
            round_._finish_going_out()
        else:
            round_._finish_blocked()
        assert round_._summary is not None
        return round_._summary

    def tiles_of(self, player: int) -> tuple[Tile, ...]:
        """The tiles ``player`` holds (hidden information: not for the other players)."""
        return _tiles(self._hands[player])

    def tile_count(self, player: int) -> int:
        return self._hands[player].bit_count()

    def tile_value(self, player: int) -> int:
        return _value(self._hands[player])

    def pool(self) -> tuple[Tile, ...]:
        """The pool in drawing order (hidden information)."""
        return tuple(TILES[i] for i in reversed(self._pool))

    def draw_next(self, tile: Tile) -> None:
        """Make ``tile`` (one in the pool) the next one drawn; the rest keep their order.

        The pool's order is hidden and no rule depends on it, so this changes
        nothing anyone sees: it is for models where the drawn tile is chosen
        when it is drawn (OpenSpiel's chance nodes) rather than by a shuffle
        made at the deal.
        """
        if tile.index not in self._pool:
            raise InvalidPositionError(f"{tile} is not in the pool")
        self._pool.remove(tile.index)
        self._pool.append(tile.index)  # the engine draws from the end of the list

    def number_at(self, q: int, r: int) -> int | None:
        """The number on grid point ``(q, r)``, or None when no tile touches it."""
        return self._num.get(point_id(q, r))

    def frontier(self) -> tuple[Place, ...]:
        """The empty places that share an edge with the layout (T4's candidates), in place order."""
        return tuple(Place._by_tid(t) for t in sorted(self._frontier))

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves the player to move may make (T3, T4, T6); empty once the round is over."""
        legal = self._legal
        if legal is None:
            legal = self._generate()
        return legal

    def legal_points(self) -> tuple[int, ...]:
        """The points of each legal move, aligned with ``legal_moves()``."""
        if self._legal is None:
            self._generate()
        return self._legal_points

    def move_points(self, move: Move) -> int:
        """The points a legal move would score now (a draw's or pass's penalty is negative)."""
        legal = self.legal_moves()
        for candidate, points in zip(legal, self._legal_points, strict=True):
            if candidate == move:
                return points
        raise self._error(IllegalMoveError, f"illegal move {move}: {self._why_illegal(move)}")

    def placement_bonus(self, move: Move) -> Bonus | None:
        """The bonus a legal placement would earn now (T3's start bonus, T5's hexagon or bridge), or None.

        ``move_points`` gives the total; this names the part beyond the tile's
        value, read like the score itself (before the tile goes down).
        Raises ``IllegalMoveError`` for anything but a legal placement.
        """
        if not isinstance(move, Move) or move.kind is not MoveKind.PLACE or move not in self.legal_moves():
            raise self._error(IllegalMoveError, f"no bonus for {move}: it is not a legal placement now")
        tile, place = move.tile, move.place
        assert tile is not None and place is not None
        if not self._filled:
            start = self._start_bonus(tile.index, self._hands[self._to_move])
            return Bonus(Reason.START_BONUS, start) if start else None
        return self.bonus_at(place)

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

    def placements(self, tiles: Iterable[Tile]) -> tuple[Move, ...]:
        """Every placement of any of ``tiles`` on the board now (T4), whoever holds them; in place order.

        For search and analysis (what could an opponent's possible hand play?).
        A tile already on the board has no placement. On an empty board, the
        opening (T3): each of ``tiles`` that may open, at the origin, unrotated.
        """
        mask = sum(1 << t.index for t in set(tiles)) & ~self._on_board
        if not self._filled:
            return tuple(Move._placement(_ORIGIN_TID, i, 0) for i in _indices(mask & self._openings))
        return tuple(self._placements(mask)[0])

    def fits(self, move: Move) -> bool:
        """Whether the placement ``move`` agrees with the board now (T3, T4), whoever holds its tile.

        False for a tile already on the board, and for anything but a placement.
        """
        if not isinstance(move, Move) or move.kind is not MoveKind.PLACE or self._summary is not None:
            return False
        tile, place, numbers = move.tile, move.place, move.corners
        assert tile is not None and place is not None and numbers is not None
        if self._on_board >> tile.index & 1:
            return False
        if not self._filled:
            return place == ORIGIN and move.rotation == 0 and bool(self._openings >> tile.index & 1)
        if place.tid not in self._frontier:
            return False
        num = self._num.get
        c0, c1, c2 = corners(place.tid)
        n0, n1, n2 = numbers
        return num(c0, n0) == n0 and num(c1, n1) == n1 and num(c2, n2) == n2

    def placement_points(self, move: Move) -> int:
        """The points the placement ``move`` would score now (T3, T5), whoever holds its tile.

        The tile's value plus its bonus. An opening's start bonus counts the
        tiles of the player who holds the opening tile (T3: 0-0-0 shown with a
        higher triple), else of the player to move. Raises
        ``IllegalMoveError`` when the placement does not fit (``fits``).
        """
        if not self.fits(move):
            raise self._error(IllegalMoveError, f"{move} does not fit the board now (T3, T4)")
        tile, place = move.tile, move.place
        assert tile is not None and place is not None
        if not self._filled:
            holder = next((p for p in range(self._n) if self._hands[p] >> tile.index & 1), self._to_move)
            return tile.value + self._start_bonus(tile.index, self._hands[holder])
        return tile.value + self.place_bonus(place)

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

    def can_place(self, player: int) -> bool:
        """Whether ``player`` holds a tile that fits somewhere now (T4)."""
        if not self._filled:
            return bool(self._hands[player] & self._openings) if player == self._to_move else False
        return bool(self._placements(self._hands[player], stop_at_first=True)[0])

    # ----------------------------------------------------------------- move generation

    def _generate(self) -> tuple[Move, ...]:
        if self._summary is not None:
            self._legal, self._legal_points = (), ()
            return ()
        rules = self._rules
        player = self._to_move
        held = self._hands[player]
        if not self._filled:
            # T3: the opening tile goes to the origin; every rotation is the same position.
            indices = _indices(held & self._openings)
            moves = [Move._placement(_ORIGIN_TID, i, 0) for i in indices]
            points = [_VALUE[i] + self._start_bonus(i, held) for i in indices]
        else:
            moves, points = self._placements(held)
            max_draws = rules.max_draws
            can_draw = bool(self._pool) and (max_draws is None or self._draws < max_draws)
            if moves:
                if can_draw and rules.voluntary_draw:
                    moves.append(DRAW)  # T6 goliath: buying while able to play
                    points.append(-rules.draw_penalty)
            elif can_draw:
                moves.append(DRAW)  # T6: cannot place, so draw
                points.append(-rules.draw_penalty)
            else:
                moves.append(PASS)  # T6: cannot place and cannot draw
                points.append(-self._pass_penalty())
        legal = self._legal = tuple(moves)
        self._legal_points = tuple(points)
        return legal

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

    def _start_bonus(self, index: int, held: int) -> int:
        """T3: the opening tile's bonus: a triple earns ``opening``; 0-0-0 more; 0-0-0 showing a higher triple more."""
        if not TILES[index].is_triple:
            return 0
        bonus = self._rules.start_bonus
        points = bonus.opening
        if index == _ZERO_TRIPLE:
            points += bonus.zero_triple
            if held & _TRIPLES_ABOVE_ZERO:
                points += bonus.shown
        return points

    def _pass_penalty(self) -> int:
        """T6: after the draw cap with no play, the failed-draw penalty; else (pool empty) the pass penalty."""
        rules = self._rules
        if rules.max_draws is not None and self._draws >= rules.max_draws:
            return rules.failed_draw_penalty
        return rules.empty_pool_pass_penalty if not self._pool else 0

    # ----------------------------------------------------------------- moves

    def play(self, move: Move | str, *, player: int | None = None) -> RoundSummary | None:
        """Apply ``move`` for the player to move; return the summary if it ends the round.

        Raises ``IllegalMoveError`` (naming the move, the reason and the
        position) and leaves the round unchanged when the move is not legal.
        A string is read with ``parse_move``. ``player``, when given, must be
        the player to move. ``timeout`` is applied as ``turn_time_out``.
        """
        if player is not None and player != self.to_move:
            whose = "the round is over" if self._summary is not None else f"player {self._to_move} is to move"
            raise self._error(IllegalMoveError, f"illegal move {move}: it is not player {player}'s turn ({whose})")
        if not self._is_legal(move):
            if isinstance(move, str):
                move = self.parse_move(move)
                if move == TIMEOUT:
                    return self.turn_time_out()
            elif move == TIMEOUT:
                return self.turn_time_out()
            else:
                raise self._error(IllegalMoveError, f"illegal move {move}: {self._why_illegal(move)}")
        self._apply(move)
        return self._summary

    def _is_legal(self, move: object) -> TypeGuard[Move]:
        """Whether ``move`` is among ``legal_moves()``, checked directly for a placement (no generation)."""
        if not isinstance(move, Move) or self._summary is not None:
            return False
        if move.kind is not MoveKind.PLACE:
            return move in self.legal_moves()
        tile, place, numbers = move.tile, move.place, move.corners
        assert tile is not None and place is not None and numbers is not None
        if not self._hands[self._to_move] >> tile.index & 1:
            return False
        if not self._filled:
            # T3: the opening goes to the origin, unrotated, and only with an allowed tile.
            return place == ORIGIN and move.rotation == 0 and bool(self._openings >> tile.index & 1)
        if place.tid not in self._frontier:
            return False  # T4: at least one full edge shared
        num = self._num.get
        c0, c1, c2 = corners(place.tid)
        n0, n1, n2 = numbers
        # T4: every corner that touches the layout agrees with it.
        return num(c0, n0) == n0 and num(c1, n1) == n1 and num(c2, n2) == n2

    def _apply(self, move: Move) -> None:
        player = self._to_move
        self._legal = None
        kind = move.kind
        if kind is MoveKind.PLACE:
            self._place(player, move)
        elif kind is MoveKind.DRAW:
            self._draw(player)
        else:
            self._pass(player, EventKind.PASS)

    def _score(self, player: int, reason: Reason, points: int, into: list[ScoreItem]) -> None:
        item = ScoreItem(player, reason, points)
        into.append(item)
        self._items.append(item)
        self._scores[player] += points

    def _place(self, player: int, move: Move) -> None:
        tile = move.tile
        place = move.place
        assert tile is not None and place is not None and move.corners is not None
        tid = place.tid
        index = tile.index
        items: list[ScoreItem] = []
        self._score(player, Reason.TILE, tile.value, items)  # T5: the tile's value
        c0, c1, c2 = cs = corners(tid)
        if not self._filled:
            bonus = self._start_bonus(index, self._hands[player])
            if bonus:
                self._score(player, Reason.START_BONUS, bonus, items)  # T3
        else:
            kind = self._bonus(tid, c0, c1, c2)  # T5: before the tile is inserted
            if kind < 0:
                self._score(player, Reason.BRIDGE, BRIDGE_BONUS, items)
            elif kind:
                if self._rules.multi_hexagon == "goliath":
                    self._score(player, Reason.HEXAGON, HEXAGON_BONUS_GOLIATH[kind], items)
                else:
                    self._score(player, Reason.HEXAGON, HEXAGON_BONUS * kind, items)
        self._hands[player] ^= 1 << index
        self._insert(tid, move, cs)
        self._passes = 0
        self._events.append(Event(player, EventKind.PLACE, move, tile, tuple(items)))
        if not self._hands[player]:
            self._out.append(player)  # T7: going out
        self._end_turn(player)

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

    def _draw(self, player: int) -> None:
        index = self._pool.pop()
        self._hands[player] |= 1 << index
        self._draws += 1
        self._drawn[len(self._events)] = index
        items: list[ScoreItem] = []
        penalty = self._rules.draw_penalty
        if penalty:
            self._score(player, Reason.DRAW, -penalty, items)  # T6: -5 a tile
        self._events.append(Event(player, EventKind.DRAW, items=tuple(items)))

    def _pass(self, player: int, kind: EventKind) -> None:
        items: list[ScoreItem] = []
        rules = self._rules
        penalty = self._pass_penalty()
        if penalty:
            failed = rules.max_draws is not None and self._draws >= rules.max_draws
            self._score(player, Reason.FAILED_DRAWS if failed else Reason.PASS, -penalty, items)
        # T7: every turn since the last placement that ended in a pass counts, whether the pool was empty
        # then or not: a player who passed still cannot place while the board and their hand stay as they
        # were. Counting only passes made with the pool empty would make the player who passed just before
        # the pool ran out pass (and pay) again before the round is seen to be blocked.
        self._passes = min(self._passes + 1, self._n)
        self._events.append(Event(player, kind, items=tuple(items)))
        self._end_turn(player)

    def _end_turn(self, player: int) -> None:
        self._draws = 0
        if self._out:
            # T7: the round ends at once, or (goliath) once the cycle reaches the starter's right.
            if not self._rules.play_out_cycle or player == (self._starter - 1) % self._n:
                self._finish_going_out()
                return
        elif self._passes >= self._n and not self._pool:
            self._finish_blocked()  # T7: the pool is empty and every player passed in turn
            return
        self._to_move = (player + 1) % self._n

    def turn_time_out(self) -> RoundSummary | None:
        """T8: the player's time ran out: the turn ends as if they could not play.

        They draw up to the cap (each draw with its penalty) while the pool
        lasts, place nothing, and pass with the penalty that applies (the
        failed-draw penalty once the cap is reached). With no cap (classic)
        they draw until a tile could be placed or the pool is empty. The
        engine measures no time: a front end calls this when the clock runs
        out. Recorded as the move ``timeout``.
        """
        if self._summary is not None:
            raise self._error(IllegalMoveError, "illegal move timeout: the round is over")
        if self._rules.turn_time_limit is None:
            raise self._error(IllegalMoveError, "illegal move timeout: these rules set no turn time limit")
        if not self._filled:
            raise self._error(
                IllegalMoveError, "illegal move timeout: the opening tile must be placed (T3), it cannot time out"
            )
        player = self._to_move
        self._legal = None
        self._events.append(Event(player, EventKind.TIMEOUT))
        max_draws = self._rules.max_draws
        while self._pool:
            if max_draws is None:
                if self.can_place(player):
                    break
            elif self._draws >= max_draws:
                break
            self._draw(player)
        self._pass(player, EventKind.PASS)
        return self._summary

    # ----------------------------------------------------------------- end of the round

    def _finish_going_out(self) -> None:
        """T7: each player out scores the bonus plus every tile still held by the players not out."""
        out = self._out
        collected = sum(_value(mask) for p, mask in enumerate(self._hands) if p not in out)
        for player in out:
            items: list[ScoreItem] = []
            self._score(player, Reason.GOING_OUT, self._rules.going_out_bonus, items)
            if collected:
                self._score(player, Reason.TILES_COLLECTED, collected, items)
            self._events.append(Event(player, EventKind.GOING_OUT, items=tuple(items)))
        self._close(Termination.GOING_OUT, out[0], frozenset(out))

    def _finish_blocked(self) -> None:
        """T7: the blocked round's winner scores the others' tiles minus their own; ties: nobody."""
        winner = _blocked_winner(self._rules, self._hands)
        if winner is not None:
            values = [_value(mask) for mask in self._hands]
            difference = sum(values) - 2 * values[winner]
            items: list[ScoreItem] = []
            self._score(winner, Reason.BLOCKED, difference, items)
            self._events.append(Event(winner, EventKind.BLOCKED, items=tuple(items)))
        self._close(Termination.BLOCKED, winner, frozenset(() if winner is None else (winner,)))

    def _close(self, termination: Termination, winner: int | None, winners: frozenset[int]) -> None:
        self._summary = RoundSummary(
            termination=termination,
            winner=winner,
            winners=winners,
            points=self.round_points,
            items=tuple(self._items),
            tile_counts=tuple(mask.bit_count() for mask in self._hands),
            tile_values=tuple(_value(mask) for mask in self._hands),
            hands=tuple(_tiles(mask) for mask in self._hands),
        )
        self._legal = ()
        self._legal_points = ()

    # ----------------------------------------------------------------- errors and lenient input

    def _why_illegal(self, move: object) -> str:
        if not isinstance(move, Move):
            return f"expected a Move, got {type(move).__name__}"
        if self._summary is not None:
            return "the round is over"
        player = self._to_move
        rules = self._rules
        can_place = any(m.kind is MoveKind.PLACE for m in self.legal_moves())
        if move.kind is MoveKind.TIMEOUT:
            return "a timeout is applied with turn_time_out(), and only under a turn time limit (T8)"
        if move.kind is MoveKind.DRAW:
            if not self._filled:
                return "the opening tile must be placed first (T3)"
            if not self._pool:
                return "the pool is empty"
            if rules.max_draws is not None and self._draws >= rules.max_draws:
                return f"player {player} already drew {self._draws} tiles this turn, the most allowed (T6)"
            return f"player {player} can place a tile and must (T6; buying is goliath's voluntary_draw)"
        if move.kind is MoveKind.PASS:
            if can_place:
                return f"player {player} can place a tile and must (T6)"
            return f"player {player} must draw first (T6)"
        tile, place, numbers = move.tile, move.place, move.corners
        assert tile is not None and place is not None and numbers is not None
        if not self._hands[player] >> tile.index & 1:
            return f"player {player} does not hold {tile}"
        if not self._filled:
            openings = " or ".join(str(t) for t in _tiles(self._openings & self._hands[player]))
            if not self._openings >> tile.index & 1:
                return f"the round opens with {openings} (T3)"
            return f"the opening tile goes on {ORIGIN} unrotated: '{Move.placement(tile, ORIGIN)}'"
        tid = place.tid
        if tid in self._filled:
            return f"{place} already holds {self._filled[tid].tile}"
        if tid not in self._frontier:
            return f"{place} shares no edge with the layout (touching at a point is not enough, T4)"
        names = CORNER_NAMES_UP if place.up else CORNER_NAMES_DOWN
        for name, point, number in zip(names, corners(tid), numbers, strict=True):
            there = self._num.get(point)
            if there is not None and there != number:
                return f"its {name} corner would show {number} where the layout shows {there} (T4)"
        return "not legal here"

    def parse_move(self, text: str) -> Move:
        """Read a move leniently: the full notation, a tile alone (``0-1-2``), or a tile and a place.

        A tile alone means "wherever it fits"; a tile and a place (orientation
        optional) mean "the rotation as read, or else whichever rotation fits".
        Case, commas and the words ``at``/``on`` are ignored. Raises
        ``InvalidMoveError`` for text that is no move, ``AmbiguousMoveError``
        when several legal moves fit, ``IllegalMoveError`` when none does.
        """
        if not isinstance(text, str):
            raise self._error(InvalidMoveError, f"not a move: {text!r} (expected text)")
        words = [w for w in text.strip().lower().replace(",", " ").split() if w not in ("at", "@", "on")]
        legal = self.legal_moves()
        try:
            if len(words) == 1 and not re.fullmatch(r"\d-\d-\d", words[0]):
                move = Move.parse(words[0])
                if move in legal or (move == TIMEOUT and self._can_time_out()):
                    return move
                raise self._error(IllegalMoveError, f"illegal move {text!r}: {self._why_illegal(move)}")
            if not words:
                raise InvalidMoveError(f"not a move: {text!r}")
            tile = Tile.parse(words[0])
            place = Place.parse(" ".join(words[1:])) if len(words) > 1 else None
        except InvalidMoveError as error:
            raise self._error(InvalidMoveError, f"{error}") from None
        exact = Move.placement(tile, ORIGIN if place is None else place, tile.readings.index(_read_numbers(words[0])))
        if place is not None and exact in legal:
            return exact
        fitting = [m for m in legal if m.tile is tile and (place is None or m.place is place)]
        if len(fitting) == 1:
            return fitting[0]
        if len(fitting) > 1:
            options = ", ".join(f"'{m}'" for m in fitting[:6]) + (", ..." if len(fitting) > 6 else "")
            raise self._error(AmbiguousMoveError, f"{text!r} fits {len(fitting)} ways: say which, e.g. {options}")
        reason = self._why_illegal(exact)
        if place is None and self._filled and self._summary is None and self._hands[self._to_move] >> tile.index & 1:
            reason = f"{tile} fits nowhere on the board"
        elif place is not None and reason == "not legal here":
            reason = f"{tile} fits {place} in no rotation"
        raise self._error(IllegalMoveError, f"illegal move {text!r}: {reason}")

    def _can_time_out(self) -> bool:
        return self._summary is None and self._rules.turn_time_limit is not None and bool(self._filled)

    def _error(self, kind: type[_E], public: str) -> _E:
        """An error whose message names the position, with ``public`` (no hidden tiles) for front ends."""
        return kind(f"{public} in {self.position()}", public=public)

    # ----------------------------------------------------------------- views

    def observation(
        self, player: int, *, round_number: int = 1, past_rounds: tuple[RoundSummary, ...] = ()
    ) -> Observation:
        """What ``player`` may know: own tiles, the board, counts, scores, and public events."""
        if not 0 <= player < self._n:
            raise ValueError(f"no player {player} among {self._n}")
        mine = self.to_move == player
        return Observation(
            player=player,
            rules=self._rules,
            round_number=round_number,
            scores=tuple(self._scores),
            to_move=self.to_move,
            hand=_tiles(self._hands[player]),
            board=self.board,
            tile_counts=tuple(mask.bit_count() for mask in self._hands),
            pool_size=len(self._pool),
            starter=self._starter,
            draws_this_turn=self._draws,
            events=tuple(self._events),
            legal_moves=self.legal_moves() if mine else (),
            legal_points=self.legal_points() if mine else (),
            past_rounds=past_rounds,
            round_over=self._summary,
            draws=self._draws_of(player),
        )

    def _draws_of(self, player: int) -> tuple[tuple[int, Tile], ...]:
        """What ``player`` drew this round: (the draw's index in the events, the tile), oldest first."""
        events = self._events
        return tuple((at, TILES[index]) for at, index in self._drawn.items() if events[at].player == player)

    def copy(self) -> Round:
        """An independent copy (for search: the containers are copied, the interned values shared)."""
        twin = object.__new__(Round)
        twin._rules = self._rules
        twin._n = self._n
        twin._hands = self._hands.copy()
        twin._pool = self._pool.copy()
        twin._num = self._num.copy()
        twin._touch = self._touch.copy()
        twin._filled = self._filled.copy()
        twin._on_board = self._on_board
        twin._board = self._board
        twin._frontier = self._frontier.copy()
        twin._scores = self._scores.copy()
        twin._start_scores = self._start_scores
        twin._to_move = self._to_move
        twin._starter = self._starter
        twin._openings = self._openings
        twin._draws = self._draws
        twin._passes = self._passes
        twin._out = self._out.copy()
        twin._events = self._events.copy()
        twin._drawn = self._drawn.copy()
        twin._items = self._items.copy()
        twin._summary = self._summary
        twin._legal = self._legal
        twin._legal_points = self._legal_points
        return twin

    # ----------------------------------------------------------- position text

    def position(self) -> str:
        """The position as one line of text; ``Round.from_position(rules, round.position())`` rebuilds it.

        ``board: 5-5-5 c0 r0 up, 5-5-2 c1 r0 down; hands: 0-1-2 3-3-4 / 1-1-1;
        pool: 2-2-3; scores: 25 0; turn: 1; starter: 0`` and, when they apply,
        ``open: 5-5-5 0-0-0`` (or ``any``: the tiles the opener may open with,
        before the first tile), ``draws: 2`` (draws this turn), ``passes: 1``
        (turns in a row ended in a pass since the last placement), ``out: 1`` (players out while a
        goliath cycle is played out). Board tiles are placements in place
        order; hands in seat order; the pool in drawing order; scores are
        game scores.
        """
        board = ", ".join(str(m) for m in self.board) or "-"
        hands = " / ".join(" ".join(str(t) for t in _tiles(mask)) or "-" for mask in self._hands)
        pool = " ".join(str(t) for t in self.pool()) or "-"
        scores = " ".join(str(s) for s in self._scores)
        turn = "over" if self._summary is not None else str(self._to_move)
        parts = [f"board: {board}", f"hands: {hands}", f"pool: {pool}", f"scores: {scores}", f"turn: {turn}"]
        parts.append(f"starter: {self._starter}")
        if not self._filled:
            parts.append(
                "open: " + ("any" if self._openings == _ALL_TILES else " ".join(map(str, _tiles(self._openings))))
            )
        if self._draws:
            parts.append(f"draws: {self._draws}")
        if self._passes:
            parts.append(f"passes: {self._passes}")
        if self._out:
            parts.append("out: " + " ".join(map(str, self._out)))
        return "; ".join(parts)

    def __str__(self) -> str:
        return self.position()

    def __repr__(self) -> str:
        return f"<Round {self.position()}>"

    @classmethod
    def from_position(cls, rules: Rules, text: str) -> Round:
        """Set up a position from ``position()`` text (see there for the format).

        Tiles named nowhere are out of play (convenient for small test
        positions). With an empty board and no ``open``, T3 decides who opens
        (``turn`` may then be left out). The board must be edge-connected and
        every grid point must carry one number.
        """
        return _PositionReader(rules, text).read()


def _blocked_winner(rules: Rules, hands: Sequence[int]) -> int | None:
    """T7: fewest tiles (ties: lower total) or lowest total (ties: fewer tiles); still tied: nobody."""
    counts = [mask.bit_count() for mask in hands]
    values = [_value(mask) for mask in hands]
    if rules.blocked_winner == "fewest_tiles":
        keys = list(zip(counts, values, strict=True))
    else:
        keys = list(zip(values, counts, strict=True))
    best = min(keys)
    return keys.index(best) if keys.count(best) == 1 else None


_FIELDS = ("board", "hands", "pool", "scores", "turn", "starter", "open", "draws", "passes", "out")


class _PositionReader:
    """Reads and checks position text for ``Round.from_position``."""

    def __init__(self, rules: Rules, text: str) -> None:
        self.rules = rules
        self.text = text

    def fail(self, message: str) -> InvalidPositionError:
        return InvalidPositionError(f"{message} in position {self.text!r}")

    def read(self) -> Round:
        rules, text = self.rules, self.text
        if not isinstance(text, str):
            raise InvalidPositionError(f"a position is text, not {type(text).__name__}")
        fields: dict[str, str] = {}
        for part in text.split(";"):
            key, sep, value = part.partition(":")
            key = key.strip()
            if not sep or key not in _FIELDS or key in fields:
                raise self.fail(f"cannot read {part.strip()!r}")
            fields[key] = value.strip()
        for required in ("board", "hands"):
            if required not in fields:
                raise self.fail(f"no {required!r}")
        hands = [self.tiles(part) for part in fields["hands"].split("/")]
        if len(hands) != rules.players:
            raise self.fail(f"{len(hands)} hands for {rules.players} players")
        pool = self.tiles(fields.get("pool", "-"))
        placements = self.placements(fields["board"])
        named = [m.tile for m in placements] + [t for h in hands for t in h] + pool
        if len(set(named)) != len(named):
            twice = next(t for t in named if named.count(t) > 1)
            raise self.fail(f"tile {twice} appears twice")
        scores = self.numbers(fields.get("scores"), "scores", rules.players) if "scores" in fields else None
        round_ = object.__new__(Round)
        round_._setup(rules, [[t.index for t in h] for h in hands], [t.index for t in reversed(pool)], scores)
        turn = fields.get("turn")
        if not placements:
            if turn == "over":
                raise self.fail("a round cannot be over before its first tile")
            opener = self.player(turn, "turn") if turn is not None else None
            openings = fields.get("open")
            if openings is None:
                if rules.start == "draw_one" and opener is None:
                    raise self.fail("goliath's draw-one start is chance: give 'turn' and 'open: any'")
                round_._start(opener if rules.start == "draw_one" else None)
                if opener is not None and opener != round_._starter:
                    raise self.fail(f"T3 makes player {round_._starter} open, not player {opener}")
            else:
                if opener is None:
                    raise self.fail("'open' needs 'turn' (the opener)")
                if openings == "any":
                    mask = _ALL_TILES
                else:
                    mask = sum(1 << t.index for t in self.tiles(openings))
                    if not mask or mask & ~round_._hands[opener]:
                        raise self.fail(f"open {openings!r} names a tile player {opener} does not hold")
                round_._set_opener(opener, mask)
            if "starter" in fields and self.player(fields["starter"], "starter") != round_._starter:
                raise self.fail("the starter of an unopened round is the opener ('turn')")
            for name in ("draws", "passes", "out"):
                if name in fields:
                    raise self.fail(f"{name!r} before the opening tile")
            return round_
        if "open" in fields:
            raise self.fail("'open' after the opening tile")
        if turn is None:
            raise self.fail("no 'turn'")
        round_._starter = self.player(fields.get("starter", "0"), "starter")
        self.build_board(round_, placements)
        round_._draws = self.count(fields.get("draws", "0"), "draws")
        max_draws = rules.max_draws
        if max_draws is not None and round_._draws > max_draws:
            raise self.fail(f"draws {round_._draws} exceed max_draws {max_draws}")
        round_._passes = self.count(fields.get("passes", "0"), "passes")
        if round_._passes > rules.players:
            raise self.fail(f"passes {round_._passes} exceed the {rules.players} players (a pass per player is enough)")
        out = [self.player(word, "out") for word in fields.get("out", "").split()]
        empty = [p for p in range(rules.players) if not round_._hands[p]]
        if turn == "over":
            return self.finished(round_, out if sorted(out) == empty else empty)
        if sorted(out) != empty or len(set(out)) != len(out):
            raise self.fail(f"the players with no tiles ({empty}) must be the players 'out' ({out})")
        if out and not rules.play_out_cycle:
            raise self.fail("a player is out but the round is not over (only a played-out cycle continues)")
        if round_._passes >= rules.players and not pool:
            raise self.fail("every player passed with the pool empty: the round is over (blocked)")
        round_._out = out
        round_._to_move = self.player(turn, "turn")
        if round_._to_move in out:
            raise self.fail(f"player {round_._to_move} is out and has no turn")
        return round_

    def finished(self, round_: Round, out: list[int]) -> Round:
        """A round given as over: its end is recomputed from the tiles, with no points (none were made here).

        ``out`` lists the players with no tiles, in the order they went out when the text says so.
        """
        if out:
            round_._out = out
            round_._close(Termination.GOING_OUT, out[0], frozenset(out))
        elif round_._pool:
            raise self.fail("nobody is out and the pool holds tiles: the round is not over")
        else:
            winner = _blocked_winner(self.rules, round_._hands)
            round_._close(Termination.BLOCKED, winner, frozenset(() if winner is None else (winner,)))
        return round_

    def tiles(self, words: str) -> list[Tile]:
        words = words.strip()
        if words in ("", "-"):
            return []
        try:
            return [Tile.parse(word) for word in words.split()]
        except InvalidMoveError as error:
            raise self.fail(str(error)) from None

    def placements(self, words: str) -> list[Move]:
        words = words.strip()
        if words in ("", "-"):
            return []
        moves = []
        for entry in words.split(","):
            try:
                move = Move.parse(entry)
            except InvalidMoveError as error:
                raise self.fail(f"board: {error}") from None
            if move.kind is not MoveKind.PLACE:
                raise self.fail(f"board: {entry.strip()!r} is not a placed tile")
            moves.append(move)
        return moves

    def build_board(self, round_: Round, placements: list[Move]) -> None:
        by_tid: dict[int, Move] = {}
        for move in placements:
            assert move.place is not None
            if move.place.tid in by_tid:
                raise self.fail(f"two tiles on {move.place}")
            by_tid[move.place.tid] = move
        # T4: the layout is one piece joined by edges; insert it from the first tile outwards.
        start = min(by_tid)
        queue = [start]
        seen = {start}
        while queue:
            tid = queue.pop()
            move = by_tid[tid]
            cs = corners(tid)
            assert move.corners is not None
            for point, number in zip(cs, move.corners, strict=True):
                there = round_._num.get(point)
                if there is not None and there != number:
                    raise self.fail(f"{move} puts {number} on a point that shows {there}")
            round_._insert(tid, move, cs)
            for neighbour in edges(tid):
                if neighbour in by_tid and neighbour not in seen:
                    seen.add(neighbour)
                    queue.append(neighbour)
        if len(seen) != len(by_tid):
            loose = next(m for t, m in by_tid.items() if t not in seen)
            raise self.fail(f"{loose} shares no edge with the rest of the layout")

    def player(self, word: str | None, name: str) -> int:
        if word is None or not word.strip().isdigit() or not 0 <= int(word) < self.rules.players:
            raise self.fail(f"{name} must be a player 0-{self.rules.players - 1}, not {word!r}")
        return int(word)

    def count(self, word: str, name: str) -> int:
        if not word.strip().isdigit():
            raise self.fail(f"{name} must be a whole number >= 0, not {word!r}")
        return int(word)

    def numbers(self, words: str | None, name: str, count: int) -> list[int]:
        parts = (words or "").split()
        if len(parts) != count or not all(re.fullmatch(r"-?\d+", p) for p in parts):
            raise self.fail(f"{name} must be {count} whole numbers, not {words!r}")
        return [int(p) for p in parts]
