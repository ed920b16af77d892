"""The words of a Mexican Train position text (M10): its fields, and a reader that names the text in every
error. ``Round.position`` writes the text and ``Round.from_position`` reads it back exactly (the writer and
the reader of the round's fields live with ``Round``, in ``_round.py``); this module knows only the text.

The text of a whole Mexican Train position (M10), written and read back exactly.

    engine: 12-12; first: 0; turn: 1; hands: 5-3 9-9 / 11-2; boneyard: 4-1 6-6;
    trains: 12-5 / -; mexican: 12-9 9-9; marked: @2; waiting: mexican; scores: 0 0

Fields are separated by ``;`` (one line; wrapped above). Seats (``first``,
``turn``, ``started``) are numbered from 0, like ``Round.to_move``; trains are
named as in the move notation (``@1`` is seat 0's personal train, ``mexican``
the Mexican Train). ``hands`` and ``trains`` are in seat order, separated by
``/``, ``-`` for none; each train's tiles go outward from the hub as near
half-far half; the boneyard is in drawing order. ``marked`` lists the trains
carrying their owner's marker, ``waiting`` the unsatisfied doubles' trains,
oldest first (M6). Only while a turn is in progress: ``laid`` (doubles the
player to move laid this turn and has not covered), ``again`` (the train of
the double just laid: its player plays again), ``drawn`` (the tile just drawn,
to be played or passed), ``run: yes`` (a first-turn run is going on). Then
``started`` (seats that have had a turn, when any), ``passes`` (turns in a row
without a play with the boneyard empty, when any), and ``scores`` (the totals
before the round). ``turn: over`` is a finished round.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NoReturn

from bonepile.core.errors import InvalidMoveError, InvalidPositionError
from bonepile.mexican_train._rules import Rules
from bonepile.mexican_train._tiles import MEXICAN, Tile, parse_train

FIELDS = (
    "engine",
    "first",
    "turn",
    "hands",
    "boneyard",
    "trains",
    "mexican",
    "marked",
    "waiting",
    "laid",
    "again",
    "drawn",
    "run",
    "started",
    "passes",
    "scores",
)
REQUIRED = ("engine", "turn", "hands", "trains")


def tile_list(tiles: Iterable[Tile]) -> str:
    return " ".join(str(t) for t in tiles) or "-"


class Reader:
    """Reads one position text, naming the text in every error."""

    def __init__(self, rules: Rules, text: str) -> None:
        self.rules = rules
        self.text = text
        self.fields: dict[str, str] = {}
        if not isinstance(text, str):
            raise InvalidPositionError(f"a position is text, not {type(text).__name__}")
        for part in text.split(";"):
            key, sep, value = part.partition(":")
            key = key.strip()
            if not sep or key not in FIELDS or key in self.fields:
                self.fail(f"cannot read {part.strip()!r}")
            self.fields[key] = value.strip()
        for required in REQUIRED:
            if required not in self.fields:
                self.fail(f"no {required!r}")

    def fail(self, message: str) -> NoReturn:
        raise InvalidPositionError(f"{message} in position {self.text!r}")

    def words(self, key: str) -> list[str]:
        value = self.fields.get(key, "-")
        return [] if value in ("", "-") else value.split()

    def tiles(self, words: list[str]) -> list[Tile]:
        try:
            return [Tile.parse(word) for word in words if word != "-"]
        except InvalidMoveError as error:
            self.fail(str(error))

    def seat(self, word: str, what: str) -> int:
        players = self.rules.players
        if not (word.isdigit() and int(word) < players):
            self.fail(f"{what} must be a seat 0-{players - 1}, not {word!r}")
        return int(word)

    def train(self, word: str, what: str) -> int:
        """A train's index (seats, then the Mexican Train) from its name."""
        try:
            train = parse_train(word)
        except InvalidMoveError:
            self.fail(f"{what}: {word!r} is not a train ('@1'-'@{self.rules.players}' or 'mexican')")
        if train == MEXICAN:
            return self.rules.players
        if not isinstance(train, int) or train >= self.rules.players:
            self.fail(f"{what}: no train {word!r} at a table of {self.rules.players}")
        return train

    def halves(self, words: list[str], engine: int) -> list[tuple[int, int]]:
        """A train's tiles outward from the hub, checking that each joins the one before (M4)."""
        placed: list[tuple[int, int]] = []
        end = engine
        for word in words:
            near, dash, far = word.partition("-")
            if not (dash and near.isdigit() and far.isdigit()):
                self.fail(f"cannot read train tile {word!r}")
            a, b = int(near), int(far)
            if a != end:
                self.fail(f"the train does not join: {word} after open end {end}")
            if b > self.rules.max_pips:
                self.fail(f"train tile {word} is not in the {self.rules.set} set")
            placed.append((a, b))
            end = b
        return placed
