"""One hand of Dominoes (D2-D7): the layout, the hands, the boneyard, and the rules of play.

This is the engine's hot loop, so the state is kept as plain integers: each
hand is a bitmask over tile indices, the line of play is two open-end numbers,
and legal moves are found with one AND per end against a precomputed mask of
the tiles that show each number. Moves are interned, so checking that a move
is legal is an identity test against the cached tuple of legal moves.
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

_NO_DRAWING = 1 << 30
"""Stands in for the boneyard reserve when drawing is off: the boneyard never exceeds it."""

_SUIT: tuple[int, ...] = tuple(sum(1 << t.index for t in TILES if t.has(number)) for number in range(MAX_PIPS + 1))
"""For each number, the bitmask of the tiles that show it."""

_PIPS: tuple[int, ...] = tuple(t.pips for t in TILES)
_OPEN: tuple[Move, ...] = tuple(Move.play(t) for t in TILES)
_AT_LEFT: tuple[Move, ...] = tuple(Move.play(t, End.LEFT) for t in TILES)
_AT_RIGHT: tuple[Move, ...] = tuple(Move.play(t, End.RIGHT) for t in TILES)
_PLAY = MoveKind.PLAY
_DRAW = MoveKind.DRAW
_LEFT = End.LEFT

_E = TypeVar("_E", bound=BonepileError)

_ANY_TILE = -1
"""``Hand._opening`` value: the leader may open with any tile."""


_indices = bit_indices


def _tiles(mask: int) -> tuple[Tile, ...]:
    return tuple(TILES[i] for i in _indices(mask))


def _pips(mask: int) -> int:
    return sum(_PIPS[i] for i in _indices(mask))


class Termination(enum.Enum):
    """Why a hand or a game ended."""

    DOMINO = "domino"
    """A player played their last tile (D6)."""
    BLOCKED = "blocked"
    """Nobody could play and nobody could draw (D6)."""
    TARGET_REACHED = "target reached"
    """A side's score reached the target: the game is over (D8)."""


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """How a hand ended and who scored what (D6, D7). Everything here is public."""

    termination: Termination
    winner: int | None
    """The winning side, or None for a blocked hand with tied lightest hands."""
    winning_player: int | None
    """The player who went out, or the lightest hand of the winning side after a block."""
    points: tuple[int, ...]
    """Points each side gained in this hand."""
    pips: tuple[int, ...]
    """Pips left in each player's hand."""
    hands: tuple[tuple[Tile, ...], ...]
    """Each player's tiles at the end of the hand, revealed."""


@dataclass(frozen=True, slots=True)
class Event:
    """A public event of a hand: who did what. A draw never shows the drawn tile."""

    player: int
    move: Move

    def __str__(self) -> str:
        return f"{self.player}: {self.move}"


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
    """The line of play, left to right, each tile as (left half, right half)."""
    tile_counts: tuple[int, ...]
    boneyard_size: int
    events: tuple[Event, ...]
    """This hand's public events, oldest first."""
    legal_moves: tuple[Move, ...]
    """The player's legal moves; empty when it is not their turn."""
    past_hands: tuple[HandOutcome, ...]
    hand_over: HandOutcome | None = None
    """The outcome of this hand once it has ended."""

    @property
    def ends(self) -> tuple[int, int] | None:
        """The two open numbers (left, right), or None before the first tile."""
        if not self.line:
            return None
        return (self.line[0][0], self.line[-1][1])


class Hand:
    """The state of one hand. Mutable: ``play`` changes it; ``copy`` is cheap."""

    __slots__ = (
        "_rules",
        "_players",
        "_hands",
        "_in_hands",
        "_boneyard",
        "_reserve",
        "_left",
        "_right",
        "_line",
        "_to_move",
        "_opening",
        "_events",
        "_outcome",
        "_legal",
    )

    _rules: Rules
    _players: int
    _hands: list[int]
    _in_hands: int
    _boneyard: list[int]
    _reserve: int
    _left: int
    _right: int
    _line: deque[tuple[int, int]]
    _to_move: int
    _opening: int
    _events: list[tuple[int, Move]]
    _outcome: HandOutcome | None
    _legal: tuple[Move, ...] | None

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Iterable[Tile]],
        boneyard: Sequence[Tile] = (),
        *,
        leader: int | None = None,
    ) -> None:
        """A new hand from a given deal.

        ``boneyard`` is in drawing order (first drawn first). ``leader=None``
        applies D3 (or ``first_seat``); a given ``leader`` opens with any tile,
        as the winner of the previous hand does under ``next_hand_leader="winner"``.
        """
        hand_indices = [[t.index for t in h] for h in hands]
        self._setup(rules, hand_indices, [t.index for t in reversed(boneyard)], leader)
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
    def deal(cls, rules: Rules, rng: random.Random, leader: int | None = None) -> Hand:
        """D2: a new hand dealt at random: shuffle the set with ``rng``, deal ``hand_size`` tiles each.

        The rest of the set is the boneyard. This is the one place a deal is
        made, so ``Game`` (which deals every hand from its seeded generator)
        and anyone who wants a single random hand (simulations, benchmarks)
        get the same deal from the same generator state, without the cost of
        the validating constructor. ``leader`` is as for ``Hand(...)``.
        """
        deck = list(range(rules.num_tiles))
        rng.shuffle(deck)
        size = rules.hand_size
        hands = [deck[seat * size : (seat + 1) * size] for seat in range(rules.players)]
        boneyard = deck[rules.players * size :]
        boneyard.reverse()  # the engine draws from the end of the list
        return cls._deal_indices(rules, hands, boneyard, leader)

    @classmethod
    def _deal_indices(
        cls, rules: Rules, hands: list[list[int]], boneyard_draw_last: list[int], leader: int | None
    ) -> Hand:
        """Fast constructor for the engine's own deals (no validation)."""
        hand = object.__new__(cls)
        hand._setup(rules, hands, boneyard_draw_last, leader)
        return hand

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
        self._reserve = rules.boneyard_reserve if rules.drawing else _NO_DRAWING
        self._left = -1
        self._right = -1
        self._line = deque()
        self._events = []
        self._outcome = None
        self._legal = None
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
        """The line of play left to right, each tile as (left half, right half)."""
        return tuple(self._line)

    @property
    def boneyard_size(self) -> int:
        return len(self._boneyard)

    @property
    def can_draw(self) -> bool:
        """Whether the rules let a player draw from the boneyard now (D5)."""
        return len(self._boneyard) > self._reserve

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(Event(p, m) for p, m in self._events)

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
        if len(self._boneyard) > self._reserve:
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
        self._events.append((player, move))
        if move.kind is _PLAY:
            tile = move.tile
            assert tile is not None
            bit = 1 << tile.index
            self._hands[player] ^= bit
            self._in_hands ^= bit
            end = move.end
            if end is None:
                self._left, self._right = tile.high, tile.low
                self._line.append((tile.high, tile.low))
            elif end is _LEFT:
                joined = self._left
                self._left = tile.pips - joined
                self._line.appendleft((self._left, joined))
            else:
                joined = self._right
                self._right = tile.pips - joined
                self._line.append((joined, self._right))
            if not self._hands[player]:
                self._finish(Termination.DOMINO, player)  # D6: domino
                return
            self._to_move = (player + 1) % self._players
        elif move.kind is _DRAW:
            index = self._boneyard.pop()
            bit = 1 << index
            self._hands[player] |= bit
            self._in_hands |= bit
        else:
            self._to_move = (player + 1) % self._players
        # D6: blocked when nobody can play and nobody can draw.
        if len(self._boneyard) <= self._reserve and not self._in_hands & (_SUIT[self._left] | _SUIT[self._right]):
            self._finish(Termination.BLOCKED, None)

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
            return f"the boneyard holds {len(self._boneyard)} tiles and drawing stops at {self._reserve}"
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
        if move.end is None:
            return "say which end: left or right"
        number = self._left if move.end is End.LEFT else self._right
        if not tile.has(number):
            return f"{tile} does not match the {move.end} end ({number})"
        return f"both ends show {number}: play it at the right end"

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
                raise self._error(
                    AmbiguousMoveError, f"{text!r} fits both ends: say '{move.tile} left' or '{move.tile} right'"
                )
        raise self._error(IllegalMoveError, f"illegal move {text!r}: {self._why_illegal(move)}")

    def _error(self, kind: type[_E], public: str) -> _E:
        """An error whose message names the position, with ``public`` (no hidden tiles) for front ends."""
        return kind(f"{public} in {self.position()}", public=public)

    def _finish(self, termination: Termination, went_out: int | None) -> None:
        """D7: score the hand."""
        rules = self._rules
        pips = tuple(_pips(mask) for mask in self._hands)
        sides = rules.num_sides
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
        points = [0] * sides
        if winner is not None:
            own = side_pips[winner]
            opponents = sum(side_pips) - own
            if rules.hand_score == "opponents_minus_own":
                points[winner] = opponents - own
            elif rules.hand_score == "opponents":
                points[winner] = opponents
            else:
                points[winner] = opponents + own
        self._outcome = HandOutcome(
            termination=termination,
            winner=winner,
            winning_player=winning_player,
            points=tuple(points),
            pips=pips,
            hands=tuple(_tiles(mask) for mask in self._hands),
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
            scores=scores if scores is not None else (0,) * self._rules.num_sides,
            to_move=self.to_move,
            hand=_tiles(self._hands[player]),
            line=tuple(self._line),
            tile_counts=tuple(mask.bit_count() for mask in self._hands),
            boneyard_size=len(self._boneyard),
            events=self.events,
            legal_moves=self.legal_moves() if self.to_move == player else (),
            past_hands=past_hands,
            hand_over=self._outcome,
        )

    def copy(self) -> Hand:
        """An independent copy (the event list and line are copied, not shared)."""
        twin = object.__new__(Hand)
        twin._rules = self._rules
        twin._players = self._players
        twin._hands = self._hands.copy()
        twin._in_hands = self._in_hands
        twin._boneyard = self._boneyard.copy()
        twin._reserve = self._reserve
        twin._left = self._left
        twin._right = self._right
        twin._line = self._line.copy()
        twin._to_move = self._to_move
        twin._opening = self._opening
        twin._events = self._events.copy()
        twin._outcome = self._outcome
        twin._legal = self._legal
        return twin

    # ----------------------------------------------------------- position text

    def position(self) -> str:
        """The position as text: ``hands: 6-6 5-4 / 2-1; line: 4-6 6-6; boneyard: 1-1; turn: 0``.

        Hands are in seat order; the line is left to right with each tile's
        halves in line order; the boneyard is in drawing order. Before the
        first tile, ``lead`` says which tile must open (or ``any``); read
        without a ``lead``, the leader and the opening tile are D3's.
        ``Hand.from_position(rules, hand.position())`` gives the same position.
        """
        hands = " / ".join(" ".join(str(t) for t in _tiles(mask)) or "-" for mask in self._hands)
        line = " ".join(f"{a}-{b}" for a, b in self._line) or "-"
        boneyard = " ".join(str(t) for t in self.boneyard()) or "-"
        turn = "over" if self._outcome is not None else str(self._to_move)
        text = f"hands: {hands}; line: {line}; boneyard: {boneyard}; turn: {turn}"
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
        for part in text.split(";"):
            key, sep, value = part.partition(":")
            key = key.strip()
            if not sep or key not in ("hands", "line", "boneyard", "turn", "lead") or key in fields:
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

        hands = [tiles(part) for part in fields["hands"].split("/")]
        boneyard = tiles(fields.get("boneyard", "-"))
        line: list[tuple[int, int]] = []
        for word in fields["line"].split():
            if word == "-":
                continue
            match = re.fullmatch(r"(\d{1,2})-(\d{1,2})", word)
            if match is None:
                raise InvalidPositionError(f"cannot read line tile {word!r} in position {text!r}")
            line.append((int(match.group(1)), int(match.group(2))))
        for (_, right), (left, _) in itertools.pairwise(line):
            if right != left:
                raise InvalidPositionError(f"the line does not join: {right} next to {left} in {text!r}")
        hand = cls(rules, hands, boneyard, leader=0)
        placed = [Tile(a, b) for a, b in line]
        held = {t for h in hands for t in h} | set(boneyard)
        if len(set(placed)) != len(placed) or held & set(placed):
            raise InvalidPositionError(f"a tile appears twice in position {text!r}")
        if any(t.index >= rules.num_tiles for t in placed):
            raise InvalidPositionError(f"a line tile is not in a {rules.set} set in {text!r}")
        turn = fields["turn"]
        if turn != "over" and not (turn.isdigit() and 0 <= int(turn) < rules.players):
            raise InvalidPositionError(f"turn must be a player 0-{rules.players - 1} or 'over', not {turn!r}")
        if line:
            hand._line = deque(line)
            hand._left, hand._right = line[0][0], line[-1][1]
        if turn != "over":
            hand._to_move = int(turn)
        if not line:
            if turn == "over":
                raise InvalidPositionError(f"a hand cannot be over before its first tile in {text!r}")
            lead = fields.get("lead")
            if lead is None:
                # D3 (or first_seat), as ``Hand(...)`` applies it; 'lead: any' or 'lead: <tile>' says otherwise.
                ruled = cls(rules, hands, boneyard)
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
        out = [player for player, mask in enumerate(hand._hands) if not mask]
        blocked = len(hand._boneyard) <= hand._reserve and not hand._in_hands & (_SUIT[hand._left] | _SUIT[hand._right])
        if len(out) > 1:
            raise InvalidPositionError(f"two players have no tiles in {text!r}")
        if out:
            hand._to_move = out[0]
            hand._finish(Termination.DOMINO, out[0])
        elif blocked:
            hand._finish(Termination.BLOCKED, None)
        elif turn == "over":
            raise InvalidPositionError(f"the hand is not over: nobody is out and it is not blocked in {text!r}")
        return hand

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
    ) -> Hand:
        """A hand in progress from its pieces, without going through position text.

        The AI builds one such hand for every world it imagines (a guess at the
        hidden tiles consistent with what it saw), thousands of times a move, so
        this skips the text but keeps the checks of ``from_position``: every tile
        once, a line that joins, a valid turn. ``boneyard`` is in drawing order;
        ``line`` is left to right as in ``Hand.line``; before the first tile,
        ``lead`` is the tile that must open (None: any tile). The past events are
        not part of the pieces, so the new hand's ``events`` start empty.
        """
        hand = cls(rules, hands, boneyard, leader=to_move)
        seen = hand._in_hands
        for index in hand._boneyard:
            seen |= 1 << index
        for (_, right), (left, _) in itertools.pairwise(line):
            if right != left:
                raise InvalidPositionError(f"the line does not join: {right} next to {left}")
        for a, b in line:
            tile = Tile(a, b)
            if tile.index >= rules.num_tiles or seen >> tile.index & 1:
                raise InvalidPositionError(f"line tile {tile} appears twice or is not in a {rules.set} set")
            seen |= 1 << tile.index
        if not line:
            if lead is not None:
                if not hand._hands[to_move] >> lead.index & 1:
                    raise InvalidPositionError(f"lead {lead} is not a tile held by player {to_move}")
                hand._opening = lead.index
            return hand
        hand._line = deque(line)
        hand._left, hand._right = line[0][0], line[-1][1]
        out = [player for player, mask in enumerate(hand._hands) if not mask]
        if len(out) > 1:
            raise InvalidPositionError("two players have no tiles")
        if out:
            hand._to_move = out[0]
            hand._finish(Termination.DOMINO, out[0])
        elif len(hand._boneyard) <= hand._reserve and not hand._in_hands & (_SUIT[hand._left] | _SUIT[hand._right]):
            hand._finish(Termination.BLOCKED, None)
        return hand
