"""Position text for Tri-Ominos: ``board: 5-5-5 c0 r0 up, 5-5-2 c1 r0 down; hands: 0-1-2 / 1-1-1; turn: 1``.

Why apart from the round: reading the text is a notation, not a rule of play
(python-chess keeps ``pgn`` apart from its board the same way). See
``Round.position`` for the format. ``Round.from_position`` hands the reader a
fresh round to set up (anything with the private set-up methods of
``_Unread``; ``Round`` is one), so this module imports no round.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar

from bonepile.core.bits import bit_indices
from bonepile.core.errors import InvalidMoveError, InvalidPositionError
from bonepile.triominoes._grid import corners, edges
from bonepile.triominoes._layout import _ALL_TILES
from bonepile.triominoes._rules import Rules
from bonepile.triominoes._tiles import TILES, Move, MoveKind, Tile
from bonepile.triominoes._values import Termination


class _Unread(Protocol):
    """What the reader sets up on the round it is given, fresh from ``object.__new__`` (``Round`` has it all)."""

    _hands: list[int]
    _pool: list[int]
    _num: dict[int, int]
    _starter: int
    _to_move: int
    _draws: int
    _passes: int
    _out: list[int]

    def _setup(
        self, rules: Rules, hands: list[list[int]], pool_draw_last: list[int], scores: Sequence[int] | None
    ) -> None: ...

    def _start(self, starter: int | None) -> None: ...

    def _set_opener(self, player: int, openings: int) -> None: ...

    def _insert(self, tid: int, move: Move, cs: tuple[int, int, int]) -> None: ...

    def _close(self, termination: Termination, winner: int | None, winners: frozenset[int]) -> None: ...

    def _close_blocked(self) -> None: ...


_R = TypeVar("_R", bound=_Unread)


_FIELDS = ("board", "hands", "pool", "scores", "turn", "starter", "open", "draws", "passes", "out")


class _PositionReader:
    """Reads and checks position text for ``Round.from_position``."""

    def __init__(self, rules: Rules, text: str) -> None:
        self.rules = rules
        self.text = text

    def fail(self, message: str) -> InvalidPositionError:
        return InvalidPositionError(f"{message} in position {self.text!r}")

    def read(self, round_: _R) -> _R:
        """Set ``round_`` (fresh from ``object.__new__``) up as the text says, checking it, and return it."""
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
        if round_._passes >= rules.players and not pool and not round_._draws:
            # T7 ends the round at the end of a turn; a player who has just drawn the pool's last tile (after
            # every player passed) is still in their turn and may place it.
            raise self.fail("every player passed with the pool empty: the round is over (blocked)")
        round_._out = out
        round_._to_move = self.player(turn, "turn")
        if round_._to_move in out:
            raise self.fail(f"player {round_._to_move} is out and has no turn")
        return round_

    def finished(self, round_: _R, out: list[int]) -> _R:
        """A round given as over: its end is recomputed from the tiles, with no points (none were made here).

        ``out`` lists the players with no tiles, in the order they went out when the text says so.
        """
        if out:
            round_._out = out
            round_._close(Termination.GOING_OUT, out[0], frozenset(out))
        elif round_._pool:
            raise self.fail("nobody is out and the pool holds tiles: the round is not over")
        else:
            round_._close_blocked()
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

    def build_board(self, round_: _Unread, placements: list[Move]) -> None:
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


class _Written(Protocol):
    """What the writer reads of a round (``Round`` has it all)."""

    _hands: list[int]
    _scores: list[int]
    _to_move: int
    _starter: int
    _openings: int
    _draws: int
    _passes: int
    _out: list[int]

    @property
    def board(self) -> tuple[Move, ...]: ...

    @property
    def _summary(self) -> object | None: ...

    @property
    def _filled(self) -> Mapping[int, object]: ...

    def pool(self) -> tuple[Tile, ...]: ...


def _tiles_of(mask: int) -> tuple[Tile, ...]:
    return tuple(TILES[i] for i in bit_indices(mask))


def write_position(round_: _Written) -> str:
    """The position text of ``round_`` (the format: ``Round.position``)."""
    board = ", ".join(str(m) for m in round_.board) or "-"
    hands = " / ".join(" ".join(str(t) for t in _tiles_of(mask)) or "-" for mask in round_._hands)
    pool = " ".join(str(t) for t in round_.pool()) or "-"
    scores = " ".join(str(s) for s in round_._scores)
    turn = "over" if round_._summary is not None else str(round_._to_move)
    parts = [f"board: {board}", f"hands: {hands}", f"pool: {pool}", f"scores: {scores}", f"turn: {turn}"]
    parts.append(f"starter: {round_._starter}")
    if not round_._filled:
        parts.append(
            "open: " + ("any" if round_._openings == _ALL_TILES else " ".join(map(str, _tiles_of(round_._openings))))
        )
    if round_._draws:
        parts.append(f"draws: {round_._draws}")
    if round_._passes:
        parts.append(f"passes: {round_._passes}")
    if round_._out:
        parts.append("out: " + " ".join(map(str, round_._out)))
    return "; ".join(parts)
