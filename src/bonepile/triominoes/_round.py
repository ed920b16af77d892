"""One round of Tri-Ominos (T2-T7): the board, the hands, the pool, and the rules of play.

This is the engine's hot loop, so the state is kept as plain integers: each
hand is a bitmask over the 56 tile indices; the board is three dictionaries
keyed by integer ids (the number at each grid point, how many tiles touch each
point, the tile on each triangle); and the *frontier*, the empty triangles that
share an edge with the layout, is kept up to date as tiles go down. The board
and what fits where (``Layout``, which ``Round`` extends), the values a round
hands out and the position text live in ``_layout``, ``_values`` and
``_position``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from typing import TypeGuard, TypeVar

from bonepile.core.bits import bit_indices
from bonepile.core.errors import (
    T_,
    AmbiguousMoveError,
    BonepileError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Template,
    out_of_turn,
    template_of,
)
from bonepile.triominoes._grid import CORNER_NAMES_DOWN, CORNER_NAMES_UP, corners
from bonepile.triominoes._layout import (
    _ALL_TILES,
    _VALUE,
    BRIDGE_BONUS,
    HEXAGON_BONUS,
    HEXAGON_BONUS_GOLIATH,
    Layout,
)
from bonepile.triominoes._position import _PositionReader, write_position
from bonepile.triominoes._rules import Rules
from bonepile.triominoes._tiles import DRAW, ORIGIN, PASS, TILES, TIMEOUT, Move, MoveKind, Place, Tile, _read_numbers
from bonepile.triominoes._values import (
    Bonus,
    Event,
    EventKind,
    Observation,
    Reason,
    RoundSummary,
    ScoreItem,
    Termination,
)

__all__ = [
    "BRIDGE_BONUS",
    "HEXAGON_BONUS",
    "HEXAGON_BONUS_GOLIATH",
    "Bonus",
    "Event",
    "EventKind",
    "Observation",
    "Reason",
    "Round",
    "RoundSummary",
    "ScoreItem",
    "Termination",
]
"""The bonuses live in ``_layout``, the value types in ``_values``; they are named here too, where they were
first, so that old imports keep working."""

_E = TypeVar("_E", bound=BonepileError)

_ZERO_TRIPLE = Tile(0, 0, 0).index
_TRIPLES_ABOVE_ZERO = sum(1 << Tile(k, k, k).index for k in range(1, 6))
_TRIPLES_HIGH_FIRST: tuple[int, ...] = tuple(Tile(k, k, k).index for k in range(5, -1, -1))
_ORIGIN_TID = ORIGIN.tid


_indices = bit_indices


def _tiles(mask: int) -> tuple[Tile, ...]:
    return tuple(TILES[i] for i in _indices(mask))


def _value(mask: int) -> int:
    return sum(_VALUE[i] for i in _indices(mask))


_NOT_LEGAL_HERE = T_("not legal here")
"""The reason of last resort, which ``parse_move`` recognizes to say more."""


class Round(Layout):
    """The state of one round. Mutable: ``play`` changes it; ``copy`` is cheap enough for search.

    The board's state and what it allows (the numbers, the touch counts, the
    frontier, what fits where and what it earns) are ``Layout``'s, which
    ``Round`` extends with the hands, the pool, the turn and the score.
    """

    __slots__ = (
        "_n",
        "_hands",
        "_pool",
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

    _n: int
    _hands: list[int]
    _pool: list[int]
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
        self._clear_layout(rules)
        self._n = rules.players
        self._hands = [sum(1 << i for i in h) for h in hands]
        self._pool = pool_draw_last
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
        raise self._error(
            IllegalMoveError, T_("illegal move {move}: {why}", move=str(move), why=self._why_illegal(move))
        )

    def placement_bonus(self, move: Move) -> Bonus | None:
        """The bonus a legal placement would earn now (T3's start bonus, T5's hexagon or bridge), or None.

        ``move_points`` gives the total; this names the part beyond the tile's
        value, read like the score itself (before the tile goes down).
        Raises ``IllegalMoveError`` for anything but a legal placement.
        """
        if not isinstance(move, Move) or move.kind is not MoveKind.PLACE or move not in self.legal_moves():
            raise self._error(
                IllegalMoveError, T_("no bonus for {move}: it is not a legal placement now", move=str(move))
            )
        tile, place = move.tile, move.place
        assert tile is not None and place is not None
        if not self._filled:
            start = self._start_bonus(tile.index, self._hands[self._to_move])
            return Bonus(Reason.START_BONUS, start) if start else None
        return self.bonus_at(place)

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
            raise self._error(IllegalMoveError, T_("{move} does not fit the board now (T3, T4)", move=str(move)))
        tile, place = move.tile, move.place
        assert tile is not None and place is not None
        if not self._filled:
            holder = next((p for p in range(self._n) if self._hands[p] >> tile.index & 1), self._to_move)
            return tile.value + self._start_bonus(tile.index, self._hands[holder])
        return tile.value + self.place_bonus(place)

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
            raise self._error(
                IllegalMoveError,
                out_of_turn(move, player, None if self._summary is not None else self._to_move, "round"),
            )
        if not self._is_legal(move):
            if isinstance(move, str):
                move = self.parse_move(move)
                if move == TIMEOUT:
                    return self.turn_time_out()
            elif move == TIMEOUT:
                return self.turn_time_out()
            else:
                raise self._error(
                    IllegalMoveError, T_("illegal move {move}: {why}", move=str(move), why=self._why_illegal(move))
                )
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
            raise self._error(IllegalMoveError, T_("illegal move timeout: the round is over"))
        if self._rules.turn_time_limit is None:
            raise self._error(IllegalMoveError, T_("illegal move timeout: these rules set no turn time limit"))
        if not self._filled:
            raise self._error(
                IllegalMoveError, T_("illegal move timeout: the opening tile must be placed (T3), it cannot time out")
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

    def _close_blocked(self) -> None:
        """T7's blocked end with no points: for a position given as over (none were scored in it)."""
        winner = _blocked_winner(self._rules, self._hands)
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

    def _why_illegal(self, move: object) -> Template:
        """Why ``move`` is refused, as a template (its English is ``str()`` of it); built only on refusal."""
        if not isinstance(move, Move):
            return T_("expected a Move, got {type}", type=type(move).__name__)
        if self._summary is not None:
            return T_("the round is over")
        player = self._to_move
        rules = self._rules
        can_place = any(m.kind is MoveKind.PLACE for m in self.legal_moves())
        if move.kind is MoveKind.TIMEOUT:
            return T_("a timeout is applied with turn_time_out(), and only under a turn time limit (T8)")
        if move.kind is MoveKind.DRAW:
            if not self._filled:
                return T_("the opening tile must be placed first (T3)")
            if not self._pool:
                return T_("the pool is empty")
            if rules.max_draws is not None and self._draws >= rules.max_draws:
                return T_(
                    "player {player} already drew {count} tiles this turn, the most allowed (T6)",
                    player=player,
                    count=self._draws,
                )
            # TRANSLATORS: voluntary_draw is an option name of the goliath preset; keep it as it is.
            return T_(
                "player {player} can place a tile and must (T6; buying is goliath's voluntary_draw)", player=player
            )
        if move.kind is MoveKind.PASS:
            if can_place:
                return T_("player {player} can place a tile and must (T6)", player=player)
            return T_("player {player} must draw first (T6)", player=player)
        tile, place, numbers = move.tile, move.place, move.corners
        assert tile is not None and place is not None and numbers is not None
        if not self._hands[player] >> tile.index & 1:
            return T_("player {player} does not hold {tile}", player=player, tile=str(tile))
        if not self._filled:
            openings = tuple(str(t) for t in _tiles(self._openings & self._hands[player]))
            if not self._openings >> tile.index & 1:
                # TRANSLATORS: {tiles} lists the tiles that may open, joined by "or".
                return T_("the round opens with {tiles} (T3)", tiles=openings)
            return T_(
                "the opening tile goes on {place} unrotated: {move}",
                place=str(ORIGIN),
                move=f"'{Move.placement(tile, ORIGIN)}'",
            )
        tid = place.tid
        if tid in self._filled:
            return T_("{place} already holds {tile}", place=str(place), tile=str(self._filled[tid].tile))
        if tid not in self._frontier:
            return T_(
                "{place} shares no edge with the layout (touching at a point is not enough, T4)", place=str(place)
            )
        names = CORNER_NAMES_UP if place.up else CORNER_NAMES_DOWN
        for name, point, number in zip(names, corners(tid), numbers, strict=True):
            there = self._num.get(point)
            if there is not None and there != number:
                # TRANSLATORS: {corner} names a corner of the tile in notation (left, right, top, bottom...).
                return T_(
                    "its {corner} corner would show {number} where the layout shows {there} (T4)",
                    corner=name,
                    number=number,
                    there=there,
                )
        return _NOT_LEGAL_HERE

    def parse_move(self, text: str) -> Move:
        """Read a move leniently: the full notation, a tile alone (``0-1-2``), or a tile and a place.

        A tile alone means "wherever it fits"; a tile and a place (orientation
        optional) mean "the rotation as read, or else whichever rotation fits".
        Case, commas and the words ``at``/``on`` are ignored. Raises
        ``InvalidMoveError`` for text that is no move, ``AmbiguousMoveError``
        when several legal moves fit, ``IllegalMoveError`` when none does.
        """
        if not isinstance(text, str):
            raise self._error(InvalidMoveError, T_("not a move: {text} (expected text)", text=repr(text)))
        words = [w for w in text.strip().lower().replace(",", " ").split() if w not in ("at", "@", "on")]
        legal = self.legal_moves()
        try:
            if len(words) == 1 and not re.fullmatch(r"\d-\d-\d", words[0]):
                move = Move.parse(words[0])
                if move in legal or (move == TIMEOUT and self._can_time_out()):
                    return move
                raise self._error(
                    IllegalMoveError, T_("illegal move {move}: {why}", move=repr(text), why=self._why_illegal(move))
                )
            if not words:
                raise InvalidMoveError(f"not a move: {text!r}", public=T_("not a move: {text}", text=repr(text)))
            tile = Tile.parse(words[0])
            place = Place.parse(" ".join(words[1:])) if len(words) > 1 else None
        except InvalidMoveError as error:
            raise self._error(InvalidMoveError, template_of(error)) from None
        exact = Move.placement(tile, ORIGIN if place is None else place, tile.readings.index(_read_numbers(words[0])))
        if place is not None and exact in legal:
            return exact
        fitting = [m for m in legal if m.tile is tile and (place is None or m.place is place)]
        if len(fitting) == 1:
            return fitting[0]
        if len(fitting) > 1:
            options = ", ".join(f"'{m}'" for m in fitting[:6]) + (", ..." if len(fitting) > 6 else "")
            # TRANSLATORS: {move} is the move as typed; {options} a few full moves in notation.
            raise self._error(
                AmbiguousMoveError,
                T_(
                    "{move} fits {count} ways: say which, e.g. {options}",
                    move=repr(text),
                    count=len(fitting),
                    options=options,
                ),
            )
        reason = self._why_illegal(exact)
        if place is None and self._filled and self._summary is None and self._hands[self._to_move] >> tile.index & 1:
            reason = T_("{tile} fits nowhere on the board", tile=str(tile))
        elif place is not None and reason is _NOT_LEGAL_HERE:
            reason = T_("{tile} fits {place} in no rotation", tile=str(tile), place=str(place))
        raise self._error(IllegalMoveError, T_("illegal move {move}: {why}", move=repr(text), why=reason))

    def _can_time_out(self) -> bool:
        return self._summary is None and self._rules.turn_time_limit is not None and bool(self._filled)

    def _error(self, kind: type[_E], public: str | Template) -> _E:
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
        return write_position(self)

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
        return _PositionReader(rules, text).read(object.__new__(cls))


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
