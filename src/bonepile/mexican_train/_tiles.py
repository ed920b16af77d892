"""Tiles (M1), trains and moves (M10) of Mexican Train.

The tiles are the Dominoes engine's own (``bonepile.dominoes._tiles.Tile``,
interned, with a fixed index over the double-twelve set): Mexican Train adds no
second tile type. What it adds is the name of a train and the move that names a
tile and a train:

    12-5 mine      on the mover's own personal train
    5-7 mexican    on the Mexican Train
    7-3 @3         on the personal train of seat 3 (seats counted from 1 in the notation)
    draw           draw one tile from the boneyard
    pass           end the turn without a play (and put out one's marker, M5)

A tile goes onto a train one way only (the end that matches touches the
train's open end), so the tile and the train name the move exactly. The
text writes the tile as it is laid, the end that touches the train first
(``5-7 mexican`` on a Mexican Train that ends in 5), as the rule sheet's
examples do; a move read from text keeps the order it was written in, so
every move reads back exactly. Either order names the same move.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from bonepile.core.errors import T_, InvalidMoveError, Template, template_of
from bonepile.dominoes._tiles import MAX_PIPS, SET_MAX_PIPS, TILES, Tile, set_size, tile_index, tiles_of_set

__all__ = [
    "DRAW",
    "MAX_PIPS",
    "MAX_PLAYERS",
    "MEXICAN",
    "MINE",
    "PASS",
    "SET_MAX_PIPS",
    "TILES",
    "Move",
    "MoveKind",
    "Tile",
    "Train",
    "parse_train",
    "set_size",
    "tile_index",
    "tiles_of_set",
    "train_text",
]

MAX_PLAYERS = 8
"""M3: at most eight players (with double-twelve)."""

MINE: Literal["mine"] = "mine"
"""The mover's own personal train, as a move names it."""
MEXICAN: Literal["mexican"] = "mexican"
"""The Mexican Train, open to everyone (M4)."""

Train: TypeAlias = int | Literal["mine", "mexican"]
"""A move's train: ``"mine"``, ``"mexican"``, or a seat (0-based) whose personal train it is."""

_SEAT_WORD = re.compile(r"^@(\d{1,2})$")


def _invalid(public: Template) -> InvalidMoveError:
    """A text that is no move, its message a template (``bonepile.i18n.public_message`` translates it)."""
    return InvalidMoveError(str(public), public=public)


def train_text(train: Train) -> str:
    """The notation of a train: ``mine``, ``mexican`` or ``@3`` (seat 2, counted from 1)."""
    if isinstance(train, int):
        return f"@{train + 1}"
    return train


def parse_train(word: str) -> Train:
    """Read a train's name: ``mine``, ``mexican`` or ``@N`` (the personal train of seat N, from 1)."""
    word = word.strip().lower()
    if word == MINE:
        return MINE
    if word == MEXICAN:
        return MEXICAN
    match = _SEAT_WORD.match(word)
    if match is not None and 1 <= int(match.group(1)) <= MAX_PLAYERS:
        return int(match.group(1)) - 1
    # TRANSLATORS: 'mine', 'mexican' and '@1' are move notation; {last} is the highest seat in notation (@8).
    raise _invalid(
        T_(
            "not a train: {word} (expected 'mine', 'mexican' or '@1' to '{last}')",
            word=repr(word),
            last=f"@{MAX_PLAYERS}",
        )
    )


class MoveKind(enum.StrEnum):
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"


@dataclass(frozen=True, slots=True)
class Move:
    """A player's move: play a tile on a train, draw, or pass. Immutable and hashable.

    Drawing is the player's decision; which tile comes is chance, so the move
    never names the drawn tile. A play on the mover's own train says ``mine``,
    whoever the mover is; ``Round.parse_move`` also reads ``@N`` for one's own seat
    and turns it into ``mine``.
    """

    kind: MoveKind
    tile: Tile | None = None
    train: Train | None = None
    near: int | None = field(default=None, compare=False)
    """The end of the tile written first (the one that touches the train, in the moves a round offers); only
    the text reads it: the tile and the train alone name the move (M10), so moves differing in it are equal."""

    def __post_init__(self) -> None:
        if not isinstance(self.kind, MoveKind):
            raise ValueError(f"not a move kind: {self.kind!r}")
        if self.kind is MoveKind.PLAY:
            if not isinstance(self.tile, Tile):
                raise ValueError(f"a play needs a tile, not {self.tile!r}")
            train = self.train
            if isinstance(train, bool) or not (
                train in (MINE, MEXICAN) or (isinstance(train, int) and 0 <= train < MAX_PLAYERS)
            ):
                raise ValueError(
                    f"a play needs a train ('mine', 'mexican' or a seat 0-{MAX_PLAYERS - 1}), not {train!r}"
                )
            if self.near is not None and (isinstance(self.near, bool) or not self.tile.has(self.near)):
                raise ValueError(f"{self.tile} has no end {self.near!r}")
        elif self.tile is not None or self.train is not None or self.near is not None:
            raise ValueError(f"{self.kind.value} names no tile and no train")

    @classmethod
    def play(cls, tile: Tile | str, train: Train | str) -> Move:
        """Play ``tile`` (a ``Tile`` or its text, kept in the order written) on ``train`` (``"mine"``,
        ``"mexican"``, a seat, or ``"@3"``)."""
        near = None
        if isinstance(tile, str):
            written = tile
            tile, near = Tile.parse(written), _first_end(written)
        if isinstance(train, str) and train not in (MINE, MEXICAN):
            train = parse_train(train)
        return cls(MoveKind.PLAY, tile, train, near)

    @property
    def is_play(self) -> bool:
        return self.kind is MoveKind.PLAY

    @property
    def reveals_hidden(self) -> bool:
        """Whether the move shows its player a hidden tile (a draw does; M9: only they see which)."""
        return self.kind is MoveKind.DRAW

    def __str__(self) -> str:
        if self.kind is not MoveKind.PLAY:
            return self.kind.value
        assert self.tile is not None and self.train is not None
        near = self.near
        tile = str(self.tile) if near is None else f"{near}-{self.tile.pips - near}"
        return f"{tile} {train_text(self.train)}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read the full notation (M10): ``12-5 mine``, ``5-7 mexican``, ``7-3 @3``, ``draw``, ``pass``."""
        if not isinstance(text, str):
            raise _invalid(T_("not a move: {text} (expected text)", text=repr(text)))
        words = text.strip().lower().split()
        if words == ["draw"]:
            return DRAW
        if words == ["pass"]:
            return PASS
        if len(words) == 2:
            try:
                return cls(MoveKind.PLAY, Tile.parse(words[0]), parse_train(words[1]), _first_end(words[0]))
            except InvalidMoveError as error:
                # TRANSLATORS: {text} is the move as typed; {error} why its tile or train cannot be read.
                raise _invalid(T_("not a move: {text}: {error}", text=repr(text), error=template_of(error))) from None
        # TRANSLATORS: the quoted moves are move notation, typed as they are in every language.
        raise _invalid(
            T_("not a move: {text} (expected '12-5 mine', '5-7 mexican', '7-3 @3', 'draw' or 'pass')", text=repr(text))
        )


def _first_end(text: str) -> int:
    """The end written first in a tile's text (``5`` in ``5-7``); the text is one ``Tile.parse`` has read."""
    match = _FIRST_END.match(text)
    assert match is not None
    return int(match.group(1))


_FIRST_END = re.compile(r"\s*(\d+)")

DRAW = Move(MoveKind.DRAW)
PASS = Move(MoveKind.PASS)
