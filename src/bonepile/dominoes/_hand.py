"""One hand of Dominoes (D2-D7): the layout, the hands, the boneyard, and the rules of play.

This is the engine's hot loop, so the state is kept as plain integers: each
hand is a bitmask over tile indices, the layout is its open-end numbers (the
line's two, and with a spinner its two ends once both its sides are covered),
and legal moves are found with one AND per end against a precomputed mask of
the tiles that show each number. Moves are interned, so checking that a move
is legal is an identity test against the cached tuple of legal moves.

The plain line of the draw and block games keeps a fast path of its own; the
spinner and the all-fives count (D4, D7) go through ``_place`` and
``_generate_arms``, which handle any layout. The layout itself (``Layout``,
which ``Hand`` extends), the values a hand hands out and the position text
live in ``_layout``, ``_values`` and ``_position``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, TypeVar

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
from bonepile.dominoes._layout import Layout, Preview, _outer_value
from bonepile.dominoes._layout import plays_on as layout_plays_on
from bonepile.dominoes._layout import preview as layout_preview
from bonepile.dominoes._masks import SAME_SHUFFLE, pips_of, shuffle, tiles_of
from bonepile.dominoes._position import read_halves, read_position, read_tiles, write_position
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
from bonepile.dominoes._values import Event, HandOutcome, Observation, Termination

__all__ = ["Event", "Hand", "HandOutcome", "Observation", "Preview", "Termination", "round_to_five"]
"""``Event``, ``HandOutcome``, ``Observation`` and ``Termination`` live in ``_values``, ``Preview`` in
``_layout``; they are named here too, where they were first, so that old imports keep working."""

_SUIT: Final[tuple[int, ...]] = tuple(
    sum(1 << t.index for t in TILES if t.has(number)) for number in range(MAX_PIPS + 1)
)
"""For each number, the bitmask of the tiles that show it."""

_PIPS: Final[tuple[int, ...]] = tuple(t.pips for t in TILES)
_BIT: Final[tuple[int, ...]] = tuple(1 << t.index for t in TILES)
_OPEN: Final[tuple[Move, ...]] = tuple(Move.play(t) for t in TILES)
_AT_LEFT: Final[tuple[Move, ...]] = tuple(Move.play(t, End.LEFT) for t in TILES)
_AT_RIGHT: Final[tuple[Move, ...]] = tuple(Move.play(t, End.RIGHT) for t in TILES)
_AT: Final[dict[End, tuple[Move, ...]]] = {end: tuple(Move.play(t, end) for t in TILES) for end in End}
_PLAY: Final = MoveKind.PLAY
_DRAW: Final = MoveKind.DRAW
_LEFT: Final = End.LEFT
_RIGHT: Final = End.RIGHT
_NORTH: Final = End.NORTH
_SOUTH: Final = End.SOUTH
_END_ORDER: Final = (End.LEFT, End.RIGHT, End.NORTH, End.SOUTH)

_E = TypeVar("_E", bound=BonepileError)

_BY_RANK: Final[tuple[int, ...]] = tuple(sorted(range(len(TILES)), key=lambda i: TILES[i].rank, reverse=True))
"""Tile indices from the highest D3 rank down (every tile's rank differs): the first one dealt leads."""


_ANY_TILE: Final = -1
"""``Hand._opening`` value: the leader may open with any tile."""


_LINE_PLAYS: Final[dict[tuple[int, int], tuple[Move, ...]]] = {}
"""The plain line's plays by (the held tiles that fit the left end, those that fit the right end), the left
``-1`` when both ends show one number; filled as met (a hand holds few tiles of a number), emptied if it grows big."""


def _line_plays(key: tuple[int, int]) -> tuple[Move, ...]:
    """D4 on the plain line: each tile that fits the left end played there, then each that fits the right end."""
    at_left, at_right = key
    moves = [] if at_left < 0 else [_AT_LEFT[i] for i in bit_indices(at_left)]
    moves += [_AT_RIGHT[i] for i in bit_indices(at_right)]
    if len(_LINE_PLAYS) >= 1 << 16:
        _LINE_PLAYS.clear()
    found = _LINE_PLAYS[key] = tuple(moves)
    return found


def round_to_five(points: int) -> int:
    """D7 (all-fives): end-of-hand points to the nearest 5, 1-2 down and 3-4 up (12 -> 10, 13 -> 15)."""
    return (points + 2) // 5 * 5


class Hand(Layout):
    """The state of one hand. Mutable: ``play`` changes it; ``copy`` is cheap.

    The layout's state and rules (the line, the spinner, the open ends, the
    count) are ``Layout``'s, which ``Hand`` extends with the hands, the
    boneyard, the turn and the score.
    """

    __slots__ = (
        "_players",
        "_hands",
        "_in_hands",
        "_boneyard",
        "_to_move",
        "_opening",
        "_events",
        "_made_events",
        "_outcome",
        "_legal",
        "_base",
        "_play_points",
    )

    _players: int
    _hands: list[int]
    _in_hands: int
    _boneyard: list[int]
    _to_move: int
    _opening: int
    _events: list[tuple[int, Move, int, int] | tuple[int, Move, int, int, int, int, int, int]]
    """(player, move, left, right, north, south: the ends before it, -1 if closed; points; count after);
    a play on the plain line keeps only the first four (the rest are -1, -1, 0, 0)."""
    _made_events: tuple[Event, ...]
    """``events``' values for the first entries of ``_events``: shared by copies (a copy's past is the same)."""
    _outcome: HandOutcome | None
    _legal: tuple[Move, ...] | None
    _base: tuple[int, ...]
    """Each side's game score when this hand (or position) began: with the play points, when the target falls."""
    _play_points: list[int]

    def __new__(cls, *args: Any, **kwargs: Any) -> Hand:
        """An instance not yet set up: ``dealt`` and ``copy`` fill it without ``__init__``'s checks.

        Written out because the compiled engine (mypyc) makes an instance without running ``__init__``
        only through a class's own ``__new__`` (``object.__new__(Hand)`` is refused there).
        """
        return object.__new__(cls)

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
        if SAME_SHUFFLE and type(rng) is random.Random:
            shuffle(deck, rng.getrandbits)  # rng.shuffle(deck), the same swaps without a method call per tile
        else:
            rng.shuffle(deck)
        return cls.dealt(rules, deck, leader, scores)

    @classmethod
    def dealt(
        cls, rules: Rules, deck: list[int], leader: int | None = None, scores: Sequence[int] | None = None
    ) -> Hand:
        """D2 from a shuffled set: ``deck`` holds the tile indices in the order the shuffle left them.

        The first ``hand_size`` go to player 0, the next to player 1, and so
        on; the rest is the boneyard, drawn in that order. ``deal`` shuffles
        and calls this; a caller that chose the deal itself (OpenSpiel's chance
        nodes) hands its order here. The deck is not checked (it is the
        engine's own, or one made from a whole set); ``Hand(...)`` checks.
        """
        size = rules.hand_size
        hands = [deck[seat * size : (seat + 1) * size] for seat in range(rules.players)]
        boneyard = deck[rules.players * size :]
        boneyard.reverse()  # the engine draws from the end of the list
        hand = cls.__new__(cls)
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
        self._clear_layout(rules)
        self._players = rules.players
        masks = []
        in_hands = 0
        for held in hands:
            mask = sum(map(_BIT.__getitem__, held))
            masks.append(mask)
            in_hands |= mask
        self._hands = masks
        self._in_hands = in_hands
        self._boneyard = boneyard_draw_last
        self._events = []
        self._made_events = ()
        self._outcome = None
        self._legal = None
        if leader is not None:
            if not 0 <= leader < self._players:
                raise InvalidPositionError(f"no player {leader} among {self._players}")
            self._to_move, self._opening = leader, _ANY_TILE
        elif rules.leader == "first_seat":
            self._to_move, self._opening = 0, _ANY_TILE
        else:
            self._to_move, self._opening = self._d3_leader(masks, in_hands)

    @staticmethod
    def _d3_leader(masks: list[int], in_hands: int) -> tuple[int, int]:
        """D3: the highest double leads; with no double, the highest-ranked tile (``Tile.rank``)."""
        for index in _BY_RANK:
            if in_hands >> index & 1:
                for player, mask in enumerate(masks):
                    if mask >> index & 1:
                        return player, index
        raise InvalidPositionError("nobody holds a tile: there is no one to lead")

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
    def north(self) -> tuple[tuple[int, int], ...]:
        """The spinner's north arm outward from it, each tile as (near half, far half)."""
        return tuple(self._north_arm)

    @property
    def south(self) -> tuple[tuple[int, int], ...]:
        """The spinner's south arm outward from it, each tile as (near half, far half)."""
        return tuple(self._south_arm)

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
        """The hand's public events, oldest first (each ``Event`` made once, when first asked for)."""
        made = self._made_events
        entries = self._events
        start = len(made)
        if start == len(entries):
            return made
        # Read by every observation, a move or two after the last read: one loop over the new entries (a plain
        # line's are 4 numbers long, a spinner's or a count's 8).
        ends_of = self._ends_of
        new: list[Event] = []
        for entry in entries[start:]:
            if len(entry) == 4:
                player, move, left, right = entry
                new.append(Event(player, move, ends_of(left, right, -1, -1)))
            else:
                player, move, left, right, north, south, points, count = entry
                new.append(Event(player, move, ends_of(left, right, north, south), points, count))
        made = self._made_events = (*made, *new)
        return made

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
        return tiles_of(self._hands[player])

    def tile_count(self, player: int) -> int:
        return self._hands[player].bit_count()

    def pips_of(self, player: int) -> int:
        return pips_of(self._hands[player])

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
            return tuple(_OPEN[i] for i in bit_indices(held))
        if self._arms:
            return self._generate_arms(held)
        right = self._right
        # D4: with both ends equal the choice of end does not matter: one move per tile (-1 says so).
        key = (-1, held & _SUIT[left]) if left == right else (held & _SUIT[left], held & _SUIT[right])
        moves = _LINE_PLAYS.get(key)
        if moves is None:
            moves = _line_plays(key)
        if moves:
            return moves  # D4: a player who can play must play
        if self._rules.may_draw(len(self._boneyard)):
            return (DRAW,)  # D5
        return (PASS,)

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

    def play(self, move: Move | str | object, *, player: int | None = None) -> HandOutcome | None:
        """Apply ``move`` for the player to move; return the outcome if it ends the hand.

        Raises ``IllegalMoveError`` (naming the move, the reason and the
        position) and leaves the hand unchanged when the move is not legal.
        A string is read with ``parse_move``. Front ends that act for a
        given seat pass ``player``, so that a move out of turn is refused.
        Anything else is refused the same way (``object`` in the signature: the compiled engine would
        otherwise refuse it with a ``TypeError`` at the call, before this method could name it).
        """
        if player is not None and player != self.to_move:
            raise self._error(
                IllegalMoveError, out_of_turn(move, player, None if self.is_over else self._to_move, "hand")
            )
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        if move not in legal:
            if isinstance(move, str):
                move = self.parse_move(move)
            else:
                raise self._error(
                    IllegalMoveError, T_("illegal move {move}: {why}", move=str(move), why=self._why_illegal(move))
                )
        if TYPE_CHECKING:  # it is one of ``legal`` (or was parsed): no check at run time
            assert isinstance(move, Move)
        # The move is legal: apply it (inline: this is the engine's hot loop).
        player = self._to_move
        self._legal = None
        if move.kind is _PLAY and not self._arms and self._left >= 0:
            # A tile at an end of the plain line (no spinner, no count): the common case, kept short.
            tile = move.tile
            assert tile is not None
            bit = 1 << tile.index
            hands = self._hands
            held = hands[player] ^ bit
            hands[player] = held
            in_hands = self._in_hands ^ bit
            self._in_hands = in_hands
            left, right = self._left, self._right
            self._events.append((player, move, left, right))
            if move.end is _LEFT:
                joined = left
                self._left = left = tile.pips - joined
                self._line.appendleft((left, joined))
            else:
                joined = right
                self._right = right = tile.pips - joined
                self._line.append((joined, right))
            if not held:
                self._finish(Termination.DOMINO, player)  # D6: domino
                return self._outcome
            player += 1
            if player == self._players:
                player = 0
            self._to_move = player
            if in_hands & (_SUIT[left] | _SUIT[right]):
                # Someone can play, so the hand goes on: the next player's moves (``_generate``) at once, as every
                # caller asks for them next (none: drawing or passing, which ``_generate`` works out when asked).
                held = hands[player]
                key = (-1, held & _SUIT[left]) if left == right else (held & _SUIT[left], held & _SUIT[right])
                moves = _LINE_PLAYS.get(key)
                if moves is None:
                    moves = _line_plays(key)
                if moves:
                    self._legal = moves
            elif self._is_blocked():  # D6
                self._finish(Termination.BLOCKED, None)
                return self._outcome
            return None
        left, right = self._left, self._right
        hands = self._hands
        if move.kind is _PLAY:
            tile = move.tile
            assert tile is not None
            bit = 1 << tile.index
            hands[player] ^= bit
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
                        return self._outcome
            else:
                self._events.append((player, move, left, right))
                if end is None:
                    self._left, self._right = tile.high, tile.low
                    self._line.append((tile.high, tile.low))
                elif end is _LEFT:
                    self._left = joined = tile.pips - left
                    self._line.appendleft((joined, left))
                else:
                    self._right = joined = tile.pips - right
                    self._line.append((right, joined))
            if not hands[player]:
                self._finish(Termination.DOMINO, player)  # D6: domino
                return self._outcome
            self._to_move = (player + 1) % self._players
        else:
            self._events.append((player, move, left, right, self._north, self._south, 0, 0))
            if move.kind is _DRAW:
                index = self._boneyard.pop()
                bit = 1 << index
                hands[player] |= bit
                self._in_hands |= bit
            else:
                self._to_move = (player + 1) % self._players
        left, right = self._left, self._right
        if not self._in_hands & (_SUIT[left] | _SUIT[right]):
            # D6 (``_is_blocked``), asked only when nobody holds a tile for the line's ends: else someone can play.
            if self._is_blocked():
                self._finish(Termination.BLOCKED, None)
                return self._outcome
        elif not self._arms:
            # The plain line: the next legal moves (``_generate``) at once, as every caller asks for them next.
            held = hands[self._to_move]
            key = (-1, held & _SUIT[left]) if left == right else (held & _SUIT[left], held & _SUIT[right])
            moves = _LINE_PLAYS.get(key)
            if moves is None:
                moves = _line_plays(key)
            if moves:
                self._legal = moves  # (no play: drawing or passing, which _generate works out when asked)
        return None

    def _why_illegal(self, move: object) -> Template:
        """Why ``move`` is refused, as a template (its English is ``str()`` of it); built only on refusal."""
        if not isinstance(move, Move):
            return T_("expected a Move, got {type}", type=type(move).__name__)
        if self._outcome is not None:
            return T_("the hand is over")
        player = self._to_move
        legal = self.legal_moves()
        if move.kind is MoveKind.DRAW:
            if not self._rules.drawing:
                return T_("there is no drawing in {preset}", preset=self._rules.preset)
            if legal[0].kind is MoveKind.PLAY:
                return T_("player {player} holds a playable tile and must play it", player=player)
            reserve = self._rules.boneyard_reserve
            return T_(
                "the boneyard holds {count} tiles and drawing stops at {reserve}",
                count=len(self._boneyard),
                reserve=reserve,
            )
        if move.kind is MoveKind.PASS:
            if legal[0].kind is MoveKind.PLAY:
                return T_("player {player} holds a playable tile and must play it", player=player)
            return T_("player must draw")
        tile = move.tile
        assert tile is not None
        if not self._hands[player] >> tile.index & 1:
            return T_("player {player} does not hold {tile}", player=player, tile=str(tile))
        if self._left < 0:
            if move.end is not None:
                return T_("the opening tile is played without an end")
            return T_("the hand must open with {tile}", tile=str(TILES[self._opening]))
        open_ends = dict(self.open_ends)
        if move.end is None:
            # TRANSLATORS: {ends} lists the ends in move notation (left, right, north, south), joined by "or".
            return T_("say which end: {ends}", ends=tuple(end.value for end in open_ends))
        end = str(move.end)
        if move.end not in open_ends:
            if self._spinner >= 0:
                return T_("the spinner's {end} end opens only once both its sides hold a tile", end=end)
            if self._spin:
                return T_("there is no {end} end: no spinner yet (the first double played is the spinner)", end=end)
            return T_("there is no {end} end without a spinner: play at the left or right end", end=end)
        number = open_ends[move.end]
        if not tile.has(number):
            return T_("{tile} does not match the {end} end ({number})", tile=str(tile), end=end, number=number)
        kind = self._end_kind(move.end)
        same = next(end for end, _ in self._choice_ends() if self._end_kind(end) == kind)
        if {move.end, same} == {_LEFT, _RIGHT}:
            return T_("both ends show {number}: play it at the {same} end", number=number, same=str(same))
        return T_(
            "the {end} end is like the {same} end ({number}): play it at the {same} end",
            end=end,
            same=str(same),
            number=number,
        )

    def parse_move(self, text: str) -> Move:
        """Read a move, allowing the short form ``6-4`` when only one end fits.

        Raises ``InvalidMoveError`` for text that is no move,
        ``AmbiguousMoveError`` when the tile fits both ends, and
        ``IllegalMoveError`` when the move is not legal here.
        """
        try:
            move = Move.parse(text)
        except InvalidMoveError as error:
            raise self._error(InvalidMoveError, template_of(error)) from None
        legal = self.legal_moves()
        if move in legal:
            return move
        if move.is_play and move.end is None:
            fitting = [m for m in legal if m.tile is move.tile]
            if len(fitting) == 1:
                return fitting[0]
            if len(fitting) > 1:
                choices = tuple(f"'{m}'" for m in fitting)
                if len(fitting) == 2:
                    # TRANSLATORS: {move} is the move as typed, {choices} the full moves in notation, joined by "or".
                    public = T_("{move} fits both ends: say {choices}", move=repr(text), choices=choices)
                else:
                    public = T_(
                        "{move} fits {count} ends: say {choices}", move=repr(text), count=len(fitting), choices=choices
                    )
                raise self._error(AmbiguousMoveError, public)
        raise self._error(
            IllegalMoveError, T_("illegal move {move}: {why}", move=repr(text), why=self._why_illegal(move))
        )

    def _error(self, kind: type[_E], public: str | Template) -> _E:
        """An error whose message names the position, with ``public`` (no hidden tiles) for front ends."""
        return kind(f"{public} in {self.position()}", public=public)

    def _finish(self, termination: Termination, went_out: int | None) -> None:
        """D7: score the hand (``went_out``: the player who dominoed, or who scored the target)."""
        rules = self._rules
        hands = self._hands
        pips = tuple(map(pips_of, hands))
        held = tuple(map(tiles_of, hands))
        scoring = self._scoring
        played = tuple(self._play_points)
        if termination is Termination.TARGET_REACHED:
            assert went_out is not None
            self._outcome = HandOutcome(
                termination=termination,
                winner=rules.side_of(went_out),
                winning_player=went_out,
                points=played,
                pips=pips,
                hands=held,
                play_points=played if scoring else (),
            )
            self._legal = ()
            return
        side_pips = rules.side_totals(pips)
        winning_player: int | None
        if went_out is not None:
            winner: int | None = rules.side_of(went_out)
            winning_player = went_out
        else:
            lightest = min(side_pips)
            winner = side_pips.index(lightest) if side_pips.count(lightest) == 1 else None
            winning_player = None
            if winner is not None:
                winning_player = min(rules.members(winner), key=lambda p: (pips[p], p))
        points = [0] * len(side_pips)
        if winner is not None:
            own = side_pips[winner]
            opponents = sum(side_pips) - own
            hand_score = rules.hand_score
            if hand_score == "opponents_minus_own":
                points[winner] = opponents - own
            elif hand_score == "opponents":
                points[winner] = opponents
            elif hand_score == "all_fives":
                # The side that went out scores the others' pips; after a block, the others' less its own.
                points[winner] = round_to_five(opponents if went_out is not None else opponents - own)
            else:
                points[winner] = opponents + own
        if scoring:
            points = [p + q for p, q in zip(points, played, strict=True)]
        self._outcome = HandOutcome(
            termination=termination,
            winner=winner,
            winning_player=winning_player,
            points=tuple(points),
            pips=pips,
            hands=held,
            play_points=played if scoring else (),
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
        to_move = None if self._outcome is not None else self._to_move
        return Observation(
            player=player,
            rules=self._rules,
            hand_number=hand_number,
            scores=scores if scores is not None else self.scores,
            to_move=to_move,
            hand=tiles_of(self._hands[player]),
            line=tuple(self._line),
            tile_counts=tuple(map(int.bit_count, self._hands)),
            boneyard_size=len(self._boneyard),
            events=self.events,
            legal_moves=self.legal_moves() if to_move == player else (),
            past_hands=past_hands,
            hand_over=self._outcome,
            spinner=self.spinner if self._spinner >= 0 else None,
            north=tuple(self._north_arm),
            south=tuple(self._south_arm),
            open_ends=self.open_ends,
            count=self.count,
        )

    def copy(self) -> Hand:
        """An independent copy (the event list and line are copied, not shared)."""
        twin = Hand.__new__(Hand)
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
        twin._made_events = self._made_events
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
        return layout_preview(rules, line, spinner, north, south, move)

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
        return layout_plays_on(rules, line, spinner, north, south, tile)

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
        gives the same position. The text itself is ``_position``'s.
        """
        lead: Tile | Literal["any"] | None = None
        if self._left < 0:
            lead = "any" if self._opening == _ANY_TILE else TILES[self._opening]
        return write_position(
            [tiles_of(mask) for mask in self._hands],
            self._line,
            self.spinner,
            (self._north_arm, self._south_arm) if self._north >= 0 else None,
            self.boneyard(),
            None if self._outcome is not None else self._to_move,
            self.scores if self._scoring else None,
            lead,
        )

    def __str__(self) -> str:
        return self.position()

    def __repr__(self) -> str:
        return f"<Hand {self.position()}>"

    @classmethod
    def from_position(cls, rules: Rules, text: str) -> Hand:
        """Set up a position from ``position()`` text (see there for the format)."""
        read = read_position(rules, text)
        fields, hands, boneyard, scores, spinner, turn = (
            read.fields,
            read.hands,
            read.boneyard,
            read.scores,
            read.spinner,
            read.turn,
        )
        hand = cls(rules, hands, boneyard, leader=0, scores=scores)
        if turn != "over":
            hand._to_move = int(turn)
        line = read_halves(fields["line"], text)
        arms = (read_halves(fields.get("north", ""), text), read_halves(fields.get("south", ""), text))
        arms_named = "north" in fields or "south" in fields
        try:
            hand._lay_out(line, spinner, arms, arms_named, hand._dealt())
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
                opening = read_tiles(lead, text)
                if len(opening) != 1 or opening[0] not in hands[hand._to_move]:
                    raise InvalidPositionError(f"lead {lead!r} is not a tile held by player {turn} in {text!r}")
                hand._opening = opening[0].index
            return hand
        if not hand._settle() and turn == "over":
            raise InvalidPositionError(f"the hand is not over: nobody is out and it is not blocked in {text!r}")
        return hand

    def _dealt(self) -> int:
        """The mask of the tiles in the hands and the boneyard (a layout set up in place must use none of them)."""
        seen = self._in_hands
        for index in self._boneyard:
            seen |= 1 << index
        return seen

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
        hand._lay_out(line, spinner, (north, south), seen=hand._dealt())
        if not line:
            if lead is not None:
                if not hand._hands[to_move] >> lead.index & 1:
                    raise InvalidPositionError(f"lead {lead} is not a tile held by player {to_move}")
                hand._opening = lead.index
            return hand
        hand._settle()
        return hand
