"""The Tri-Ominos encoding: a fixed action space over the frontier, and observations of one player's view.

Actions. The board is unbounded, so a window of places would have to hold
every layout 56 tiles can make (thousands of places, hundreds of thousands
of actions). Every legal placement, though, lies on the *frontier*: the empty
triangles that share an edge with the layout (T4). So a placement is a slot
of the frontier, a tile and a rotation::

    action = (slot * 56 + tile) * 3 + rotation      (tile = Tile.index, rotation 0-2)
    draw   = SLOTS * 168,  pass = SLOTS * 168 + 1

with the frontier in place order (row, then column: ``Round.frontier()``'s
order), slot 0 the lowest. The bound: a layout of k tiles is edge-connected
(each tile shares an edge with an earlier one), so it has at least k - 1
shared edges, and of its 3k tile edges at most 3k - 2(k - 1) = k + 2 face an
empty triangle: the frontier has at most k + 2 places. A placement needs a
tile in hand, so at most 55 are on the board: **57 slots** (``SLOTS``) hold
every placement of every reachable position, 9,578 actions in all. Before the
first tile the frontier is the origin alone (slot 0). The observation lists
every slot's place and the numbers its corners must show, so an action id
always reads as one placement.

Coordinates. Every tile lies at most 55 edge steps from the origin (the
layout is connected), and a step changes the column or the row by one, so
columns and rows of tiles and frontier places stay within +-56.

The observation is a float32 vector of blocks, per-player blocks in seat
order counted from the observer:

=============  ============  ===================================================
block          size          meaning
=============  ============  ===================================================
hand           56            1 for each tile the observer holds
layout         56 x 7        per tile: on the board, column, row, up, rotation one-hot
played_by      P x 56        who placed each tile
slots          58 x 25       per frontier slot: present, column, row, up, and each
                             corner's number one-hot (0-5, or 6: no number yet)
tile_counts    P             tiles each player holds
pool           1             tiles in the pool
to_move        P             one-hot player to move (zeros once the round is over)
starter        P             one-hot player who opened the round
scores         P             game scores
draws_turn     1             draws the player to move has made this turn
draws          P             draws each player made this round (setup draws too)
passes         P             passes each player made this round
round_over     1             1 once the round has ended
=============  ============  ===================================================

The slots block has 58 rows, one more than the action slots: with all 56
tiles down the frontier can reach 58 places (nothing can be placed then).
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from bonepile.encoding import GameSpec, Vector, allows, relative
from bonepile.encoding._layout import Layout
from bonepile.triominoes import (
    DRAW,
    ORIGIN,
    PASS,
    TILES,
    Event,
    EventKind,
    Game,
    Move,
    MoveKind,
    Observation,
    Place,
    Rules,
)

NUM_TILES = len(TILES)
_PLACE_ORDER = operator.attrgetter("tid")
"""Place order (the order of ``Place.__lt__``) as a sort key: the same order, without a call per pair."""
ROTATIONS = 3
SLOTS = NUM_TILES + 1
"""Frontier slots an action can name: k + 2 places for k <= 55 tiles on the board (module docstring)."""
OBSERVED_SLOTS = NUM_TILES + 2
REACH = NUM_TILES
"""Columns and rows of tiles and frontier places stay within +-REACH of the origin."""
NO_NUMBER = 6

_EVENT_KINDS = (EventKind.PLACE, EventKind.DRAW, EventKind.PASS, EventKind.SETUP_DRAW, EventKind.TIMEOUT)


@functools.cache
def neighbours(place: Place) -> tuple[Place, Place, Place]:
    """The three places across a place's edges (the grid's documented coordinates: ``_grid``)."""
    col, row = place.col, place.row
    if place.up:
        return Place(col - 1, row), Place(col + 1, row), Place(col, row - 1)
    return Place(col, row + 1), Place(col + 1, row), Place(col - 1, row)


@functools.cache
def _corner_points(place: Place) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    return place.corner_points()


@functools.lru_cache(maxsize=1 << 16)
def _slot_row(place: Place, numbers: tuple[int, int, int]) -> Vector:
    """A frontier slot's block for ``place`` with ``numbers`` at its corners (``NO_NUMBER`` for none): made
    once per place and numbers, and never written to."""
    row = np.zeros(25, dtype=np.float32)
    row[:4] = (1, place.col, place.row, 1 if place.up else 0)
    for corner, number in enumerate(numbers):
        row[4 + corner * 7 + number] = 1
    row.flags.writeable = False
    return row


def frontier(board: Sequence[Move]) -> tuple[Place, ...]:
    """The empty places sharing an edge with the layout, in place order; the origin alone on an empty board."""
    if board is _last_board[0]:
        return _last_frontier[0]  # the engine hands out the same board tuple until a tile is placed
    found = _frontier(board)
    _last_board[0], _last_frontier[0] = board, found
    return found


_last_board: list[Sequence[Move]] = [()]
_last_frontier: list[tuple[Place, ...]] = [(ORIGIN,)]


def _frontier(board: Iterable[Move]) -> tuple[Place, ...]:
    placed = {move.place for move in board if move.place is not None}
    if not placed:
        return (ORIGIN,)
    empty = {n for place in placed for n in neighbours(place) if n not in placed}
    return tuple(sorted(empty, key=_PLACE_ORDER))


@functools.cache
def _corner_sharers(place: Place) -> tuple[Place, ...]:
    """The places that share a corner with ``place`` (its edge neighbours among them): the frontier places
    whose slot block a tile on ``place`` can change, or whose joining the frontier it can cause."""
    corners = set(_corner_points(place))
    return tuple(
        other
        for row in range(place.row - 1, place.row + 2)
        for col in range(place.col - 2, place.col + 3)
        if (other := Place(col, row)) != place and corners.intersection(_corner_points(other))
    )


class _Board:
    """The board the encoding last read (``TriominoesEncoding._board``), followed in place as tiles go down."""

    __slots__ = ("board", "empty", "free", "frontier", "move_ids", "numbers", "shown", "store", "taken", "vector")

    def __init__(self, size: int) -> None:
        self.board: tuple[Move, ...] | None = None
        """None before the first board is laid in."""
        self.vector: Vector = np.zeros(size, dtype=np.float32)
        """The layout and slots blocks (zeros elsewhere)."""
        self.move_ids: set[int] = set()
        """The ids of ``board``'s move objects."""
        self.taken: set[Place] = set()
        """The places of the board's tiles."""
        self.numbers: dict[tuple[int, int], int] = {}
        """The number on each grid point a tile touches."""
        self.empty: set[Place] = set()
        """The frontier (``frontier(board)``) as a set; empty on an empty board."""
        self.frontier: tuple[Place, ...] = (ORIGIN,)
        self.store: dict[Place, int] = {}
        """Each frontier place's row of ``TriominoesEncoding._slot_store``, which holds its slot block."""
        self.free: list[int] = list(range(_STORE_ROWS - 1, -1, -1))
        """The store's rows no frontier place holds."""
        self.shown = 0
        """How many slots the vector's slots block fills."""


_STORE_ROWS = OBSERVED_SLOTS
"""Rows enough for every frontier place at once (at most k + 2, module docstring)."""


class TriominoesEncoding:
    """Action ids and observation vectors for one set of Tri-Ominos rules (see the module docstring)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        p = self.players = rules.players
        self.draw_action = SLOTS * NUM_TILES * ROTATIONS
        self.pass_action = self.draw_action + 1
        self.num_actions = self.draw_action + 2
        pool = NUM_TILES - p * rules.hand_size
        # Placements (56 at most), draws and setup draws (the pool each), passes: one after failed draws
        # (at most one per draw) or, with the pool empty, at most P in a row between placements (T7).
        self.max_events = NUM_TILES + 3 * pool + p * (NUM_TILES + 2)
        layout = self.layout = Layout()
        layout.add("hand", NUM_TILES, 0, 1)
        layout.add(
            "layout",
            NUM_TILES * 7,
            [0, -REACH, -REACH, 0, 0, 0, 0] * NUM_TILES,
            [1, REACH, REACH, 1, 1, 1, 1] * NUM_TILES,
        )
        layout.add("played_by", p * NUM_TILES, 0, 1)
        slot_low = [0, -REACH, -REACH, 0] + [0] * 21
        slot_high = [1, REACH, REACH, 1] + [1] * 21
        layout.add("slots", OBSERVED_SLOTS * 25, slot_low * OBSERVED_SLOTS, slot_high * OBSERVED_SLOTS)
        layout.add("tile_counts", p, 0, NUM_TILES)
        layout.add("pool", 1, 0, NUM_TILES)
        layout.add("to_move", p, 0, 1)
        layout.add("starter", p, 0, 1)
        layout.add("scores", p, -1e7, 1e7)
        layout.add("draws_turn", 1, 0, NUM_TILES)
        layout.add("draws", p, 0, NUM_TILES)
        layout.add("passes", p, 0, self.max_events)
        layout.add("round_over", 1, 0, 1)
        self.observation_size = layout.size
        self.observation_low, self.observation_high = layout.bounds()
        self.event_size = p + len(_EVENT_KINDS) + NUM_TILES + 3 + ROTATIONS + 1 + NUM_TILES
        self._at = {name: block.start for name, block in layout.blocks.items()}
        self._kept_board = _Board(self.observation_size)
        """The board last read (``_board``)."""
        self._slot_store = np.zeros((_STORE_ROWS, 25), dtype=np.float32)
        """The kept board's frontier places' slot blocks, a row each (``_Board.store``)."""
        self._events_memo: dict[int, tuple[tuple[Event, ...], Vector]] = {}
        """Per observer: the events last encoded and the blocks they filled (never changed once made)."""

    # ------------------------------------------------------------- actions

    def action_of(self, move: Move, slots: dict[Place, int]) -> int:
        """The id of ``move`` given the frontier's slots (place -> slot)."""
        if move.kind is MoveKind.DRAW:
            return self.draw_action
        if move.kind is MoveKind.PASS:
            return self.pass_action
        tile, place = move.tile, move.place
        if tile is None or place is None:
            raise ValueError(f"{move} has no action: only placements, draw and pass do")
        slot = slots[place]
        if slot >= SLOTS:
            raise ValueError(f"{place} is frontier slot {slot}, beyond the {SLOTS} an action can name")
        return (slot * NUM_TILES + tile.index) * ROTATIONS + move.rotation

    def legal_from(self, moves: Sequence[Move], places: Sequence[Place]) -> dict[int, Move]:
        """Each of ``moves`` by its action id, for the frontier ``places`` (in place order; none: the origin)."""
        slots = {place: slot for slot, place in enumerate(places or (ORIGIN,))}
        legal: dict[int, Move] = {}
        place_kind = MoveKind.PLACE
        for move in moves:
            place, tile = move.place, move.tile
            if move.kind is place_kind and place is not None and tile is not None and slots.get(place, SLOTS) < SLOTS:
                legal[(slots[place] * NUM_TILES + tile.index) * ROTATIONS + move.rotation] = move  # ``action_of``
            else:
                legal[self.action_of(move, slots)] = move
        return legal

    def legal_actions(self, observation: Observation) -> dict[int, Move]:
        return self.legal_from(observation.legal_moves, frontier(observation.board))

    def legal_actions_in(self, game: Any) -> dict[int, Move]:
        """As ``legal_actions`` for the player to move, from the round's legal moves and board (no observation
        built)."""
        round_ = game.round
        return self.legal_from(round_.legal_moves(), self._board(round_.board).frontier)

    def action_text(self, action: int) -> str:
        if action == self.draw_action:
            return str(DRAW)
        if action == self.pass_action:
            return str(PASS)
        if not 0 <= action < self.num_actions:
            raise ValueError(f"no action {action}: actions run from 0 to {self.num_actions - 1}")
        rest, rotation = divmod(action, ROTATIONS)
        slot, tile = divmod(rest, NUM_TILES)
        return f"{TILES[tile]} rotation {rotation} at frontier slot {slot}"

    # ------------------------------------------------------------- observations

    def encode(self, observation: Observation) -> Vector:
        return self._encode(
            observation.player,
            observation.hand,
            observation.board,
            observation.tile_counts,
            observation.pool_size,
            observation.to_move,
            observation.draws_this_turn,
            observation.starter,
            observation.scores,
            observation.events,
            observation.round_over is not None,
        )

    def encode_in(self, game: Any, player: int) -> Vector:
        """``encode(game.observation(player))``, read from the game without building the observation.

        It reads exactly the observation's fields the vector holds, from the
        same public accessors of the round the observation is made of (the
        player's own tiles, the board, the counts, the events, the scores);
        ``tests/envs`` checks that the two are equal.
        """
        round_ = game.round
        return self._encode(
            player,
            round_.tiles_of(player),
            round_.board,
            tuple(map(round_.tile_count, range(self.players))),
            round_.pool_size,
            round_.to_move,
            round_.draws_this_turn,
            round_.starter,
            round_.scores,
            round_.events,
            round_.is_over,
        )

    def _encode(
        self,
        me: int,
        hand: Sequence[Any],
        board: tuple[Move, ...],
        tile_counts: tuple[int, ...],
        pool_size: int,
        to_move: int | None,
        draws_this_turn: int,
        starter: int,
        scores: tuple[int, ...],
        events: tuple[Event, ...],
        over: bool,
    ) -> Vector:
        # The board's blocks (layout, slots) are the same for every observer until a tile is placed, and the
        # blocks the events fill (played_by, draws, passes) grow by the new events only: both are kept.
        out = self._board(board).vector + self._events_part(me, events)
        at = self._at
        p = self.players
        hand_at = at["hand"]
        for held in hand:
            out[hand_at + held.index] = 1.0
        for index, count in enumerate(tile_counts):
            out[at["tile_counts"] + relative(index, me, p)] = count
        out[at["pool"]] = pool_size
        if to_move is not None:
            out[at["to_move"] + relative(to_move, me, p)] = 1.0
            out[at["draws_turn"]] = draws_this_turn
        out[at["starter"] + relative(starter, me, p)] = 1.0
        for index, score in enumerate(scores):
            out[at["scores"] + relative(index, me, p)] = score
        if over:
            out[at["round_over"]] = 1.0
        return out

    def _board(self, board: tuple[Move, ...]) -> _Board:
        """What the encoding reads of ``board``: its layout and slots blocks and its frontier, kept.

        The engine hands out one board tuple until a tile is placed, so every
        observer of a position reads the same; after a placement only the new
        tiles are laid into the kept blocks and frontier, and only the slots
        that share a corner with a new tile are worked out again. Each
        frontier place keeps its slot block in a row of a store, so the slots
        block (whose order moves as places join) is one gather from it.
        """
        kept = self._kept_board
        if board is kept.board:
            return kept
        # The board is in place order, and the engine keeps its move objects: the tiles placed since the kept
        # board are the moves not among its objects (which the kept board holds, so their ids are theirs).
        new_ids = set(map(id, board))
        new_ids -= kept.move_ids
        if kept.board is None or len(board) - len(new_ids) != len(kept.move_ids):  # a new round, or a copy
            kept = self._kept_board = _Board(self.observation_size)
            added: Sequence[Move] = board
        else:
            by_id = dict(zip(map(id, board), board, strict=True))
            added = [by_id[new_id] for new_id in new_ids]
        vector, numbers, taken, empty, store = kept.vector, kept.numbers, kept.taken, kept.empty, kept.store
        slot_store = self._slot_store
        layout_at = self._at["layout"]
        changed: set[tuple[int, int]] = set()
        """The grid points the new tiles put the first number on."""
        for move in added:
            tile, place = move.tile, move.place
            assert tile is not None and place is not None
            row = layout_at + tile.index * 7
            vector[row : row + 4] = (1, place.col, place.row, 1 if place.up else 0)
            vector[row + 4 + move.rotation] = 1
            for point, number in zip(_corner_points(place), tile.reading(move.rotation), strict=True):
                if point not in numbers:
                    numbers[point] = number
                    changed.add(point)
            taken.add(place)
        number_at = numbers.get
        free = kept.free
        for move in added:
            place = move.place
            assert place is not None
            empty.discard(place)
            held = store.pop(place, None)
            if held is not None:
                free.append(held)
            edge_near = neighbours(place)
            for near in _corner_sharers(place):  # the slots the tile may have numbered a corner of, or opened
                if near in taken or (near not in empty and near not in edge_near):
                    continue
                empty.add(near)
                first, second, third = _corner_points(near)
                held = store.get(near)
                if held is None:
                    held = store[near] = free.pop()
                elif first not in changed and second not in changed and third not in changed:
                    continue
                slot_store[held] = _slot_row(
                    near, (number_at(first, NO_NUMBER), number_at(second, NO_NUMBER), number_at(third, NO_NUMBER))
                )
        slots = self._slots_of(vector)
        if empty:
            found = kept.frontier = tuple(sorted(empty, key=_PLACE_ORDER))
            shown = len(found[:OBSERVED_SLOTS])
            np.take(slot_store, [store[place] for place in found[:OBSERVED_SLOTS]], axis=0, out=slots[:shown])
        else:  # an empty board: the origin alone, no corner numbered
            shown = 1
            slots[0] = _slot_row(ORIGIN, (NO_NUMBER, NO_NUMBER, NO_NUMBER))
        if shown < kept.shown:
            slots[shown : kept.shown] = 0
        kept.shown = shown
        kept.move_ids.update(map(id, added))
        kept.board = board
        return kept

    def _slots_of(self, vector: Vector) -> Vector:
        """The slots block of ``vector`` as a view of one row per slot."""
        slots_at = self._at["slots"]
        return vector[slots_at : slots_at + OBSERVED_SLOTS * 25].reshape(OBSERVED_SLOTS, 25)

    def _events_part(self, me: int, events: tuple[Event, ...]) -> Vector:
        """The played_by, draws and passes blocks of ``events`` for observer ``me`` (zeros elsewhere).

        Kept per observer: the next call whose events begin with the same ones reads only the new events.
        """
        memo = self._events_memo.get(me)
        if memo is not None and len(memo[0]) <= len(events) and events[: len(memo[0])] == memo[0]:
            seen, part = memo
            if len(seen) == len(events):
                return part
            start, part = len(seen), part.copy()
        else:
            start, part = 0, np.zeros(self.observation_size, dtype=np.float32)
        at = self._at
        p = self.players
        played_at, draws_at, passes_at = at["played_by"], at["draws"], at["passes"]
        for event in events[start:]:
            seat = relative(event.player, me, p)
            kind = event.kind
            if kind is EventKind.PLACE and event.tile is not None:
                part[played_at + seat * NUM_TILES + event.tile.index] = 1.0
            elif kind is EventKind.DRAW or kind is EventKind.SETUP_DRAW:
                part[draws_at + seat] += 1.0
            elif kind is EventKind.PASS or kind is EventKind.TIMEOUT:
                part[passes_at + seat] += 1.0
        self._events_memo[me] = (events, part)
        return part

    def encode_event(self, observation: Observation, index: int, drawn: Any | None, into: Vector) -> None:
        event: Event = observation.events[index]
        p = self.players
        into[relative(event.player, observation.player, p)] = 1
        at = p
        if event.kind in _EVENT_KINDS:
            into[at + _EVENT_KINDS.index(event.kind)] = 1
        at += len(_EVENT_KINDS)
        move = event.move
        if event.kind is EventKind.PLACE and move is not None and move.tile is not None and move.place is not None:
            into[at + move.tile.index] = 1
            place = move.place
            into[at + NUM_TILES : at + NUM_TILES + 3] = (place.col, place.row, 1 if place.up else 0)
            into[at + NUM_TILES + 3 + move.rotation] = 1
        at += NUM_TILES + 3 + ROTATIONS
        into[at] = event.points
        if drawn is not None:
            into[at + 1 + drawn.index] = 1


def research_spec() -> GameSpec:
    """How the research interfaces build Tri-Ominos: its rules, matches and this encoding (the registry's
    ``research`` for the game)."""

    def counts(preset: str) -> tuple[int, ...]:
        return tuple(n for n in range(2, 7) if allows(Rules.from_preset, preset, n))

    return GameSpec("triominoes", Rules.from_preset, Game, TriominoesEncoding, Rules.preset_names, counts, DRAW)
