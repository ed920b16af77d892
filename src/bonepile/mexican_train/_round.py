"""One round of Mexican Train (M2-M7, M9): the hub, the trains, the hands, the boneyard and the rules of play.

The state is kept as plain integers and small lists, as in the Dominoes
engine: each hand is a bitmask over tile indices, each train is its tiles as
(near half, far half) outward from the hub plus its open number, the markers
are a bitmask of seats, and the doubles that wait to be covered are a list of
trains, oldest first. Trains are numbered by seat, and the Mexican Train comes
after the last seat (index ``players``); moves name them as the player sees
them (``mine``, ``@3``, ``mexican``, M10).

A turn may hold several moves by one player: a double is followed by another
play (M6), a draw by the play of the drawn tile or a pass (M5), and with
``first_turn = "run"`` a first turn by more tiles on one's own train. The turn
in progress is three small facts: the train of the double just laid (the
player must play again), the tile just drawn (only it may be played), and
whether a first-turn run is going on.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

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
from bonepile.mexican_train._position_text import Reader, tile_list
from bonepile.mexican_train._rules import Rules
from bonepile.mexican_train._tiles import (
    DRAW,
    MAX_PIPS,
    MEXICAN,
    MINE,
    PASS,
    TILES,
    Move,
    MoveKind,
    Tile,
    Train,
    tile_index,
    train_text,
)
from bonepile.mexican_train._views import Event, Observation, RoundSummary, Termination, TrainView, Where

_SUIT: tuple[int, ...] = tuple(sum(1 << t.index for t in TILES if t.has(number)) for number in range(MAX_PIPS + 1))
"""For each number, the bitmask of the tiles that show it."""
_PIPS: tuple[int, ...] = tuple(t.pips for t in TILES)
_BLANK = tile_index(0, 0)
_PLAY = MoveKind.PLAY
_DRAW = MoveKind.DRAW

_E = TypeVar("_E", bound=BonepileError)

_MOVES: dict[tuple[int, Train, int | None], Move] = {}


def _move(index: int, train: Train, near: int | None = None) -> Move:
    """The (cached) move that plays tile ``index`` on ``train``, written ``near`` end first (M10) when given."""
    key = (index, train, near)
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = Move(_PLAY, TILES[index], train, near)
    return move


def _tiles(mask: int) -> tuple[Tile, ...]:
    return tuple(TILES[i] for i in bit_indices(mask))


def _as_tile(value: Tile | str) -> Tile:
    if isinstance(value, Tile):
        return value
    if isinstance(value, str):
        try:
            return Tile.parse(value)
        except InvalidMoveError as error:
            raise InvalidPositionError(str(error)) from None
    raise InvalidPositionError(f"not a tile: {value!r}")


@dataclass(slots=True)
class _Turn:
    """The turn in progress (see the module docstring); reset when the turn ends."""

    again: int = -1
    """The train of the double just laid: its player plays again (M6). -1: none."""
    drawn: int = -1
    """The tile just drawn this turn (M5): only it may be played. -1: none."""
    run: bool = False
    """A first-turn run on one's own train is going on (``first_turn = "run"``)."""


class Round:
    """The state of one round. Mutable: ``play`` changes it; ``copy`` is cheap.

    Build one with ``Round.from_deal`` (a literal deal), ``Round.deal`` (a
    random one) or ``Round.from_position`` (a position text).
    """

    __slots__ = (
        "_rules",
        "_players",
        "_engine",
        "_first",
        "_base",
        "_hands",
        "_boneyard",
        "_trains",
        "_ends",
        "_marked",
        "_doubles",
        "_waiting",
        "_to_move",
        "_turn",
        "_started",
        "_passes",
        "_events",
        "_summary",
        "_legal",
    )

    _rules: Rules
    _players: int
    _engine: int
    _first: int
    _base: tuple[int, ...]
    _hands: list[int]
    _boneyard: list[int]
    """The boneyard, drawn from the end of the list."""
    _trains: list[list[tuple[int, int]]]
    _ends: list[int]
    _marked: int
    _doubles: list[int]
    """Trains whose open end is an uncovered double, in the order the doubles were laid."""
    _waiting: int
    """How many of ``_doubles`` are unsatisfied (laid before this turn); the rest were laid this turn."""
    _to_move: int
    _turn: _Turn
    _started: int
    """Seats that have had a turn this round (bitmask): a first turn may be a run."""
    _passes: int
    """Turns in a row that ended without a play with the boneyard empty (M7: a full round of them blocks)."""
    _events: list[Event]
    _summary: RoundSummary | None
    _legal: tuple[Move, ...] | None

    # ----------------------------------------------------------------- building

    @classmethod
    def from_deal(
        cls,
        rules: Rules,
        hands: Sequence[Iterable[Tile | str]],
        boneyard: Iterable[Tile | str] = (),
        first: int = 0,
        engine: Tile | str | None = None,
        *,
        scores: Sequence[int] | None = None,
    ) -> Round:
        """A new round from a literal deal: ``hands`` in seat order, ``boneyard`` in drawing order (first drawn first).

        Any tiles of the set but the ``engine`` (the set's highest double if not
        given) may be dealt, each once; a tile dealt nowhere is simply out of
        play. ``first`` plays first; ``scores`` are the totals before the round.
        """
        engine_tile = Tile(rules.max_pips, rules.max_pips) if engine is None else _as_tile(engine)
        if not engine_tile.is_double or engine_tile.high > rules.max_pips:
            raise InvalidPositionError(f"the engine must be a double of the {rules.set} set, not {engine_tile}")
        hand_tiles = [[_as_tile(t) for t in hand] for hand in hands]
        drawn = [_as_tile(t) for t in boneyard]
        if len(hand_tiles) != rules.players:
            raise InvalidPositionError(f"{len(hand_tiles)} hands given for {rules.players} players")
        seen = {engine_tile.index}
        for tile in [t for hand in hand_tiles for t in hand] + drawn:
            if tile.index in seen or tile.high > rules.max_pips:
                raise InvalidPositionError(
                    f"tile {tile} is the engine, dealt twice or not in the set ({rules.set}, engine {engine_tile})"
                )
            seen.add(tile.index)
        if not (isinstance(first, int) and 0 <= first < rules.players):
            raise InvalidPositionError(f"first must be a seat 0-{rules.players - 1}, not {first!r}")
        masks = [sum(1 << t.index for t in hand) for hand in hand_tiles]
        round_ = cls._new(rules, engine_tile.high, first, masks, [t.index for t in reversed(drawn)], scores)
        if any(not mask for mask in masks):
            raise InvalidPositionError(f"a player has no tiles before the round starts: {round_.position()}")
        return round_

    @classmethod
    def deal(
        cls,
        rules: Rules,
        rng: random.Random,
        number: int = 1,
        *,
        first: int | None = None,
        scores: Sequence[int] | None = None,
    ) -> Round:
        """M2, M3: round ``number`` dealt at random: its engine out, ``hand_size`` tiles each, the rest the boneyard.

        The one place a deal is made, so a game (which deals every round from its
        seeded generator) and a simulation get the same deal from the same
        generator state. ``first`` plays first (M3's seat for the round if None).
        """
        engine = rules.engine_of(number)
        engine_index = tile_index(engine, engine)
        deck = [i for i in range(rules.num_tiles) if i != engine_index]
        rng.shuffle(deck)
        size = rules.hand_size
        hands = [sum(1 << i for i in deck[seat * size : (seat + 1) * size]) for seat in range(rules.players)]
        boneyard = deck[rules.players * size :]
        boneyard.reverse()  # the engine draws from the end of the list
        seat = rules.first_player(number) if first is None else first
        return cls._new(rules, engine, seat, hands, boneyard, scores)

    @classmethod
    def _new(
        cls,
        rules: Rules,
        engine: int,
        first: int,
        hands: list[int],
        boneyard_draw_last: list[int],
        scores: Sequence[int] | None,
    ) -> Round:
        round_ = object.__new__(cls)
        players = rules.players
        round_._rules = rules
        round_._players = players
        round_._engine = engine
        round_._first = first
        if scores is None:
            round_._base = (0,) * players
        else:
            base = tuple(scores)
            if len(base) != players or not all(isinstance(s, int) and not isinstance(s, bool) for s in base):
                raise InvalidPositionError(f"scores {list(base)!r} must be {players} whole numbers, one a player")
            round_._base = base
        round_._hands = hands
        round_._boneyard = boneyard_draw_last
        round_._trains = [[] for _ in range(players + 1)]
        round_._ends = [engine] * (players + 1)
        round_._marked = 0
        round_._doubles = []
        round_._waiting = 0
        round_._to_move = first
        round_._turn = _Turn()
        round_._started = 0
        round_._passes = 0
        round_._events = []
        round_._summary = None
        round_._legal = None
        return round_

    def copy(self) -> Round:
        """An independent copy (no list is shared)."""
        twin = object.__new__(Round)
        twin._rules = self._rules
        twin._players = self._players
        twin._engine = self._engine
        twin._first = self._first
        twin._base = self._base
        twin._hands = self._hands.copy()
        twin._boneyard = self._boneyard.copy()
        twin._trains = [train.copy() for train in self._trains]
        twin._ends = self._ends.copy()
        twin._marked = self._marked
        twin._doubles = self._doubles.copy()
        twin._waiting = self._waiting
        twin._to_move = self._to_move
        turn = self._turn
        twin._turn = _Turn(turn.again, turn.drawn, turn.run)
        twin._started = self._started
        twin._passes = self._passes
        twin._events = self._events.copy()
        twin._summary = self._summary
        twin._legal = self._legal
        return twin

    # ----------------------------------------------------------------- queries

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def engine(self) -> Tile:
        """M2: the round's engine, the double in the hub."""
        return Tile(self._engine, self._engine)

    @property
    def number(self) -> int:
        """Which round this is: 1 for the set's highest double (M2)."""
        return self._rules.round_of(self._engine)

    @property
    def first(self) -> int:
        """The seat that played first this round (M3)."""
        return self._first

    @property
    def to_move(self) -> int | None:
        """Whose turn it is, or None once the round is over."""
        return None if self._summary is not None else self._to_move

    @property
    def is_over(self) -> bool:
        return self._summary is not None

    @property
    def summary(self) -> RoundSummary | None:
        """How the round ended (M7), once it has."""
        return self._summary

    @property
    def outcome(self) -> RoundSummary | None:
        return self._summary

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's total: before this round, and with its pips once it is over."""
        if self._summary is not None:
            return self._summary.scores
        return self._base

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self._events)

    def tiles_of(self, player: int) -> tuple[Tile, ...]:
        """The tiles ``player`` holds (hidden information: not for the other players)."""
        return _tiles(self._hands[player])

    def tile_count(self, player: int) -> int:
        return self._hands[player].bit_count()

    def boneyard(self) -> tuple[Tile, ...]:
        """The boneyard in drawing order (hidden information)."""
        return tuple(TILES[i] for i in reversed(self._boneyard))

    @property
    def boneyard_size(self) -> int:
        return len(self._boneyard)

    def pips_of(self, player: int) -> int:
        """M7: what ``player``'s hand counts now (a 0-0 counts ``double_blank``)."""
        mask = self._hands[player]
        return sum(_PIPS[i] for i in bit_indices(mask)) + (self._rules.double_blank if mask >> _BLANK & 1 else 0)

    def pips_left(self) -> tuple[int, ...]:
        """M7: what each hand counts now, in seat order (a 0-0 counts ``double_blank``)."""
        return tuple(self.pips_of(player) for player in range(self._players))

    def marked(self) -> frozenset[int]:
        """M4, M5: the seats whose trains carry their owner's marker (open to everyone)."""
        return frozenset(seat for seat in range(self._players) if self._marked >> seat & 1)

    def waiting_doubles(self) -> tuple[Tile, ...]:
        """M6: the unsatisfied doubles, oldest first: the first must be covered before anything else."""
        return tuple(Tile(self._ends[t], self._ends[t]) for t in self._doubles[: self._waiting])

    def waiting_trains(self) -> tuple[Where, ...]:
        """M6: the trains the unsatisfied doubles lie on, oldest first (see ``waiting_doubles``)."""
        return tuple(self._where(t) for t in self._doubles[: self._waiting])

    def laid_doubles(self) -> tuple[tuple[Tile, Where], ...]:
        """The doubles laid this turn and not covered yet: unsatisfied once the turn ends (M6)."""
        return tuple((Tile(self._ends[t], self._ends[t]), self._where(t)) for t in self._doubles[self._waiting :])

    @property
    def plays_again(self) -> bool:
        """M6: the player to move has just laid a double and plays again."""
        return self._summary is None and self._turn.again >= 0

    @property
    def in_run(self) -> bool:
        """The player to move is playing a first-turn run (``first_turn = "run"``)."""
        return self._summary is None and self._turn.run

    @property
    def drawn(self) -> Tile | None:
        """The tile the player to move has just drawn (hidden from the others), if any."""
        return None if self._turn.drawn < 0 or self._summary is not None else TILES[self._turn.drawn]

    def train(self, where: Where) -> TrainView:
        """The train of seat ``where`` (0-based), or the Mexican Train (``"mexican"``)."""
        return self._view(self._index_of(where))

    @property
    def open_ends(self) -> tuple[int, ...]:
        """The number each train's next tile must match (M4), personal trains in seat order, then the Mexican
        Train: ``trains``' open ends without copying the trains (the research encodings read it every step)."""
        return tuple(self._ends)

    @property
    def trains(self) -> tuple[TrainView, ...]:
        """Every personal train in seat order, then the Mexican Train."""
        return tuple(self._view(t) for t in range(self._players + 1))

    def _view(self, t: int) -> TrainView:
        owner = None if t == self._players else t
        marked = owner is not None and bool(self._marked >> owner & 1)
        return TrainView(owner, tuple(self._trains[t]), self._ends[t], marked)

    def _where(self, t: int) -> Where:
        return MEXICAN if t == self._players else t

    def _index_of(self, where: Where) -> int:
        if where == MEXICAN:
            return self._players
        if isinstance(where, int) and not isinstance(where, bool) and 0 <= where < self._players:
            return where
        raise ValueError(f"no train {where!r}: seats run 0-{self._players - 1}, or 'mexican'")

    def _train_name(self, t: int) -> str:
        """A train's name for messages, as the notation writes it from the table: ``@3`` or ``mexican``."""
        return MEXICAN if t == self._players else train_text(t)

    # ----------------------------------------------------------------- legal moves

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves the player to move may make (M4-M6); empty once the round is over."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._generate()
        return legal

    def _free_trains(self, player: int) -> list[int]:
        """M4, M5: the trains ``player`` may play on when no double binds them: their own, open ones, the Mexican."""
        marked = self._marked
        return [
            player,
            *(seat for seat in range(self._players) if seat != player and marked >> seat & 1),
            self._players,
        ]

    def _targets(self, player: int, held: int) -> list[int]:
        """The trains the player to move may play on now (before looking at which tiles fit)."""
        if self._waiting:
            return [self._doubles[0]]  # M6: the oldest unsatisfied double, and nowhere else
        again = self._turn.again
        if again >= 0:
            if self._rules.after_double == "cover" and held & _SUIT[self._ends[again]]:
                return [again]  # M6 option cover: the tile after one's double goes on it when it can
            return self._free_trains(player)  # M6: anywhere it may go under M5
        if self._turn.run:
            return [player]  # M5 option run: the run is all on one's own train
        return self._free_trains(player)

    def _generate(self) -> tuple[Move, ...]:
        if self._summary is not None:
            return ()
        player = self._to_move
        turn = self._turn
        held = self._hands[player] if turn.drawn < 0 else 1 << turn.drawn  # M5: only the drawn tile may be played
        ends = self._ends
        moves: list[Move] = []
        for t in self._targets(player, held):
            fitting = held & _SUIT[ends[t]]
            if fitting:
                name: Train = MINE if t == player else MEXICAN if t == self._players else t
                end = ends[t]  # M10: each tile is written as it is laid, the end that touches the train first
                moves.extend(_move(i, name, end) for i in bit_indices(fitting))
        if turn.run and turn.again < 0:
            moves.append(PASS)  # the run may stop here (no marker: the player has played)
            return tuple(moves)
        if moves:
            return tuple(moves)  # M5: a player who can play must play
        if turn.drawn < 0 and self._boneyard:
            return (DRAW,)  # M5: who cannot play draws one tile
        return (PASS,)  # M5: the drawn tile does not fit, or the boneyard is empty

    def fits(self, tile: Tile) -> tuple[Move, ...]:
        """The plays of ``tile`` (held by the player to move) that are legal now."""
        return tuple(m for m in self.legal_moves() if m.tile is tile)

    # ----------------------------------------------------------------- moves

    def _normalised(self, move: Move) -> Move:
        """The legal move as the round names it (one name for each move): ``@N`` for the mover's own seat is
        ``mine``, and the tile is written the way it is laid (M10); a move that is not legal comes back as given
        (with ``mine``)."""
        if move.kind is _PLAY and move.train == self._to_move and self._summary is None:
            assert move.tile is not None
            move = _move(move.tile.index, MINE, move.near)
        if move.kind is _PLAY:
            legal = self.legal_moves()
            try:
                return legal[legal.index(move)]
            except ValueError:
                pass
        return move

    def play(self, move: Move | str, *, player: int | None = None) -> RoundSummary | None:
        """Apply ``move`` for the player to move; return the round's summary if it ends the round.

        Raises ``IllegalMoveError`` (naming the move, the reason and the
        position) and leaves the round unchanged when the move is not legal;
        a string is read with ``parse_move``. Front ends that act for a given
        seat pass ``player``, so that a move out of turn is refused.
        """
        if player is not None and player != self.to_move:
            raise self._error(
                IllegalMoveError, out_of_turn(move, player, None if self.is_over else self._to_move, "round")
            )
        if isinstance(move, str):
            move = self.parse_move(move)
        given = move
        if isinstance(move, Move):
            move = self._normalised(move)
        if move not in self.legal_moves():
            raise self._error(
                IllegalMoveError, T_("illegal move {move}: {why}", move=str(given), why=self._why_illegal(move))
            )
        self._apply(move)
        return self._summary

    def _apply(self, move: Move) -> None:
        player = self._to_move
        turn = self._turn
        self._legal = None
        if move.kind is _PLAY:
            tile = move.tile
            assert tile is not None and move.train is not None
            t = player if move.train == MINE else self._players if move.train == MEXICAN else int(move.train)
            # M5 option run: a first turn's plays on one's own train, from the hand (not after a draw).
            run_play = (
                self._rules.first_turn == "run"
                and not self._started >> player & 1
                and t == player
                and turn.drawn < 0
                and not self._waiting
                and (turn.run or turn.again < 0)
            )
            bit = 1 << tile.index
            self._hands[player] ^= bit
            near = self._ends[t]
            far = tile.pips - near
            self._trains[t].append((near, far))  # M4: the matching end touches the train
            self._ends[t] = far
            covered = t in self._doubles
            if covered:
                where = self._doubles.index(t)
                del self._doubles[where]
                if where < self._waiting:
                    self._waiting -= 1  # M6: the double is satisfied
            marker_off = t == player and bool(self._marked >> player & 1)
            if marker_off:
                self._marked ^= 1 << player  # M5: the owner's play closes the train again
            self._events.append(
                Event(player, move, self._where(t), covered, turn.drawn == tile.index, marker_off=marker_off)
            )
            turn.drawn = -1
            self._passes = 0
            if tile.is_double:
                self._doubles.append(t)
            if not self._hands[player]:
                self._finish(Termination.WENT_OUT, player)  # M7: out, on a double too
                return
            if tile.is_double:
                turn.again = t  # M6: its player plays again at once
                turn.run = run_play
                return
            turn.again = -1
            if run_play and self._hands[player] & _SUIT[far]:
                turn.run = True  # the run may go on
                return
            self._end_turn(played=True)
        elif move.kind is _DRAW:
            index = self._boneyard.pop()
            self._hands[player] |= 1 << index
            turn.drawn = index
            turn.run = False
            self._events.append(Event(player, move))
        else:
            if turn.run and turn.again < 0:
                self._events.append(Event(player, move, ended_run=True))  # the end of a run: the player has played
                self._end_turn(played=True)
                return
            marker_out = not self._marked >> player & 1
            self._marked |= 1 << player  # M5, M6: who cannot play puts out their marker
            self._events.append(Event(player, move, marker_out=marker_out))
            self._end_turn(played=turn.again >= 0)

    def _end_turn(self, *, played: bool) -> None:
        player = self._to_move
        self._waiting = len(self._doubles)  # M6: doubles left uncovered after their player's turn wait
        self._turn = _Turn()
        self._started |= 1 << player
        if played or self._boneyard:
            self._passes = 0
        else:
            self._passes += 1
            if self._passes >= self._players:
                self._finish(Termination.BLOCKED, None)  # M7: blocked
                return
        self._to_move = (player + 1) % self._players

    def _finish(self, termination: Termination, went_out: int | None) -> None:
        """M7: each player takes the pips left in their hand; the one who went out takes nothing."""
        points = self.pips_left()
        self._summary = RoundSummary(
            termination=termination,
            winner=went_out,
            points=points,
            hands=tuple(_tiles(mask) for mask in self._hands),
            engine=self.engine,
            number=self.number,
            first=self._first,
            scores=tuple(b + p for b, p in zip(self._base, points, strict=True)),
        )
        self._legal = ()
        self._turn = _Turn()
        self._waiting = len(self._doubles)  # a double the last tile went out on is left uncovered for good

    # ----------------------------------------------------------------- reading moves, and why not

    def parse_move(self, text: str) -> Move:
        """Read a move (M10), allowing ``@N`` for one's own train and the short form ``12-5`` when one train fits.

        Raises ``InvalidMoveError`` for text that is no move, ``AmbiguousMoveError``
        when a bare tile fits several trains, and ``IllegalMoveError`` when the
        move is not legal here.
        """
        try:
            move = self._normalised(Move.parse(text))
        except InvalidMoveError as error:
            try:
                tile = Tile.parse(text)
            except InvalidMoveError:
                raise self._error(InvalidMoveError, template_of(error)) from None
            return self._short_form(text, tile)
        if move in self.legal_moves():
            return move
        raise self._error(
            IllegalMoveError, T_("illegal move {move}: {why}", move=repr(text), why=self._why_illegal(move))
        )

    def _short_form(self, text: str, tile: Tile) -> Move:
        """The one legal play of ``tile`` (a bare tile, ``12-5``), or why there is none or several."""
        fitting = self.fits(tile)
        if len(fitting) == 1:
            return fitting[0]
        if len(fitting) > 1:
            choices = tuple(f"'{m}'" for m in fitting)
            # TRANSLATORS: {move} is the tile as typed; {choices} the full moves in notation, joined by "or".
            raise self._error(
                AmbiguousMoveError,
                T_("{move} fits {count} trains: say {choices}", move=repr(text), count=len(fitting), choices=choices),
            )
        reason = self._why_illegal(_move(tile.index, MINE))
        raise self._error(IllegalMoveError, T_("illegal move {move}: {why}", move=repr(text), why=reason))

    def _why_illegal(self, move: object) -> Template:
        """Why ``move`` is refused, as a template (its English is ``str()`` of it); built only on refusal."""
        if not isinstance(move, Move):
            return T_("expected a Move, got {type}", type=type(move).__name__)
        if self._summary is not None:
            return T_("the round is over")
        player = self._to_move
        legal = self.legal_moves()
        can_play = any(m.kind is _PLAY for m in legal)
        turn = self._turn
        if move.kind is _DRAW:
            if can_play:
                return T_("player {player} can play and must (M5: no drawing by choice)", player=player)
            if turn.drawn >= 0:
                return T_("player {player} has drawn this turn: play the drawn tile or pass", player=player)
            return T_("the boneyard is empty: pass")
        if move.kind is MoveKind.PASS:
            if can_play:
                return T_("player {player} can play and must (M5)", player=player)
            return T_("draw first: the boneyard is not empty (M5)")
        tile = move.tile
        assert tile is not None and move.train is not None
        if isinstance(move.train, int) and move.train >= self._players:
            return T_("there is no seat {seat} at a table of {players}", seat=move.train + 1, players=self._players)
        t = player if move.train == MINE else self._players if move.train == MEXICAN else int(move.train)
        name = self._train_name(t)
        if not self._hands[player] >> tile.index & 1:
            return T_("player {player} does not hold {tile}", player=player, tile=str(tile))
        if turn.drawn >= 0 and tile.index != turn.drawn:
            return T_("only the tile just drawn may be played now (M5), not {tile}", tile=str(tile))
        if self._waiting and t != self._doubles[0]:
            double = self._ends[self._doubles[0]]
            # TRANSLATORS: {double} is a double tile such as 6-6; {train} a train in notation (@2, mexican).
            return T_(
                "the {double} on {train} must be covered first (M6)",
                double=f"{double}-{double}",
                train=self._train_name(self._doubles[0]),
            )
        if t not in self._targets(player, self._hands[player] if turn.drawn < 0 else 1 << turn.drawn):
            if turn.again >= 0 and self._rules.after_double == "cover":
                double = self._ends[turn.again]
                where = self._train_name(turn.again)
                return T_(
                    "the tile after one's double must cover the {double} on {train} (after_double = cover)",
                    double=f"{double}-{double}",
                    train=where,
                )
            if turn.run and turn.again < 0:
                return T_("a first-turn run goes on one's own train only (first_turn = run)")
            return T_("{train} is closed: it carries no marker (M4)", train=name)
        end = self._ends[t]
        return T_("{tile} does not match the open end {end} of {train} (M4)", tile=str(tile), end=end, train=name)

    def _error(self, kind: type[_E], public: str | Template) -> _E:
        """An error whose message names the position, with ``public`` (no hidden tiles) for front ends."""
        return kind(f"{public} in {self.position()}", public=public)

    # ----------------------------------------------------------------- views

    def observation(
        self,
        player: int,
        *,
        scores: tuple[int, ...] | None = None,
        deal_number: int | None = None,
        past_deals: tuple[RoundSummary, ...] = (),
    ) -> Observation:
        """What ``player`` may know (M9): own tiles, the trains, markers, waiting doubles, counts, public events."""
        if not 0 <= player < self._players:
            raise ValueError(f"no player {player} among {self._players}")
        mine = self.to_move == player
        turn = self._turn
        return Observation(
            player=player,
            rules=self._rules,
            to_move=self.to_move,
            scores=scores if scores is not None else self.scores,
            hand=_tiles(self._hands[player]),
            tile_counts=tuple(mask.bit_count() for mask in self._hands),
            stock_size=len(self._boneyard),
            legal_moves=self.legal_moves() if mine else (),
            deal_number=deal_number if deal_number is not None else self.number,
            past_deals=past_deals,
            deal_over=self._summary,
            events=self.events,
            engine=self.engine,
            first=self._first,
            trains=self.trains,
            waiting_doubles=tuple(zip(self.waiting_doubles(), self.waiting_trains(), strict=True)),
            laid_doubles=self.laid_doubles(),
            plays_again=self.plays_again,
            in_run=self.in_run,
            drawn=self.drawn if mine else None,
            drew=turn.drawn >= 0 and self._summary is None,
        )

    # ----------------------------------------------------------------- position text

    def position(self) -> str:
        """The whole position as text (see ``bonepile.mexican_train._position``); ``from_position`` reads it back."""
        return write_position(self)

    @classmethod
    def from_position(cls, rules: Rules, text: str) -> Round:
        """Set up a position from ``position()`` text."""
        return read_position(rules, text)

    def __str__(self) -> str:
        return self.position()

    def __repr__(self) -> str:
        return f"<Round {self.position()}>"


# ----------------------------------------------------------------- the position text (M10)
# The text's fields and its reader are in ``_position_text.py``.


def write_position(round_: Round) -> str:
    """The position text of ``round_`` (see the module docstring)."""
    players = round_._players
    turn = round_._turn
    over = round_._summary is not None

    def name(t: int) -> str:
        return MEXICAN if t == players else train_text(t)

    def halves(train: list[tuple[int, int]]) -> str:
        return " ".join(f"{a}-{b}" for a, b in train) or "-"

    hands = " / ".join(tile_list(round_.tiles_of(seat)) for seat in range(players))
    parts = [
        f"engine: {round_.engine}",
        f"first: {round_._first}",
        f"turn: {'over' if over else round_._to_move}",
        f"hands: {hands}",
        f"boneyard: {tile_list(round_.boneyard())}",
        "trains: " + " / ".join(halves(train) for train in round_._trains[:players]),
        f"mexican: {halves(round_._trains[players])}",
        "marked: " + (" ".join(name(seat) for seat in sorted(round_.marked())) or "-"),
        "waiting: " + (" ".join(name(t) for t in round_._doubles[: round_._waiting]) or "-"),
    ]
    if round_._doubles[round_._waiting :]:
        parts.append("laid: " + " ".join(name(t) for t in round_._doubles[round_._waiting :]))
    if turn.again >= 0:
        parts.append(f"again: {name(turn.again)}")
    if turn.drawn >= 0:
        parts.append(f"drawn: {round_.drawn}")
    if turn.run:
        parts.append("run: yes")
    if round_._started:
        parts.append("started: " + " ".join(str(s) for s in range(players) if round_._started >> s & 1))
    if round_._passes:
        parts.append(f"passes: {round_._passes}")
    parts.append("scores: " + " ".join(str(s) for s in round_._base))
    return "; ".join(parts)


def read_position(rules: Rules, text: str) -> Round:
    """The round in position ``text`` (see the module docstring); every tile once, trains that join."""
    reader = Reader(rules, text)
    fail = reader.fail
    players = rules.players
    engines = reader.tiles(reader.words("engine"))
    if len(engines) != 1 or not engines[0].is_double or engines[0].high > rules.max_pips:
        fail(f"the engine must be one double of the {rules.set} set")
    engine = engines[0].high
    hand_parts = reader.fields["hands"].split("/")
    train_parts = reader.fields["trains"].split("/")
    if len(hand_parts) != players or len(train_parts) != players:
        fail(f"{players} players need {players} hands and {players} trains")
    hands = [reader.tiles(part.split()) for part in hand_parts]
    boneyard = reader.tiles(reader.words("boneyard"))
    trains = [reader.halves([w for w in part.split() if w != "-"], engine) for part in train_parts]
    trains.append(reader.halves(reader.words("mexican"), engine))
    seen = {engines[0].index}
    for tile in [t for hand in hands for t in hand] + boneyard + [Tile(a, b) for train in trains for a, b in train]:
        if tile.index in seen or tile.high > rules.max_pips:
            fail(f"tile {tile} is the engine, appears twice or is not in the {rules.set} set")
        seen.add(tile.index)
    first = reader.seat(reader.fields.get("first", "0"), "first")
    turn_word = reader.fields["turn"]
    over = turn_word == "over"
    to_move = first if over else reader.seat(turn_word, "turn")
    scores: list[int] | None = None
    if "scores" in reader.fields:
        words = reader.words("scores")
        if not all(word.isdigit() for word in words):
            fail("scores must be whole numbers")
        scores = [int(word) for word in words]
    round_ = Round._new(
        rules,
        engine,
        first,
        [sum(1 << t.index for t in hand) for hand in hands],
        [t.index for t in reversed(boneyard)],
        scores,
    )
    round_._to_move = to_move
    round_._trains = trains
    round_._ends = [train[-1][1] if train else engine for train in trains]
    for word in reader.words("marked"):
        t = reader.train(word, "marked")
        if t == players:
            fail("the Mexican Train carries no marker")
        round_._marked |= 1 << t
    waiting = [reader.train(word, "waiting") for word in reader.words("waiting")]
    laid = [reader.train(word, "laid") for word in reader.words("laid")]
    doubled = {t for t, train in enumerate(trains) if train and train[-1][0] == train[-1][1]}
    if len(set(waiting + laid)) != len(waiting + laid) or set(waiting + laid) != doubled:
        fail("'waiting' and 'laid' must name, once each, every train that ends in a double (M6)")
    round_._doubles = waiting + laid
    round_._waiting = len(waiting)
    turn = _Turn()
    if "again" in reader.fields:
        turn.again = reader.train(reader.fields["again"], "again")
        if not laid or turn.again != laid[-1]:
            fail("'again' must name the last double laid this turn")
    if "drawn" in reader.fields:
        drawn = reader.tiles(reader.words("drawn"))
        if len(drawn) != 1 or drawn[0] not in hands[to_move]:
            fail("'drawn' must be one tile in the hand of the player to move")
        turn.drawn = drawn[0].index
    if "run" in reader.fields:
        if reader.fields["run"] != "yes":
            fail("'run' is 'yes' or left out")
        if rules.first_turn != "run":
            fail("a run needs first_turn = 'run'")
        turn.run = True
    started = {reader.seat(word, "started") for word in reader.words("started")}
    round_._started = sum(1 << seat for seat in started)
    if turn.run and to_move in started:
        fail("a run is only on a player's first turn")
    if laid and turn.again < 0 and not turn.run:
        fail("doubles laid this turn need 'again' or a run going on")
    if waiting and (turn.again >= 0 or turn.run):
        fail("nobody lays a double while a double waits (M6)")
    if turn.drawn >= 0 and turn.run:
        fail("a run ends with a draw")
    passes = reader.fields.get("passes", "0")
    if not passes.isdigit() or (not over and not boneyard and int(passes) >= players):
        fail(f"passes must be a whole number (below {players} with the boneyard empty)")
    round_._passes = int(passes)
    round_._turn = turn
    out = [seat for seat, hand in enumerate(hands) if not hand]
    if over:
        if turn != _Turn():
            fail("a finished round has no turn in progress")
        if len(out) > 1:
            fail("two players have no tiles")
        if out:
            round_._to_move = out[0]
            round_._finish(Termination.WENT_OUT, out[0])
        elif boneyard:
            fail("the round is not over: nobody is out and the boneyard is not empty")
        else:
            round_._finish(Termination.BLOCKED, None)
    elif out:
        fail(f"player {out[0]} has no tiles: the round is over (M7)")
    return round_
