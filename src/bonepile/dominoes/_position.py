"""Position text for Dominoes: ``hands: 6-6 5-4 / 2-1; line: 4-6 6-6; boneyard: 1-1; turn: 0``.

Why apart from the hand: reading and writing the text is a notation, not a rule
of play (python-chess keeps ``pgn`` apart from its board the same way). This
module reads the words and writes them; ``Hand.position`` and
``Hand.from_position`` (see there for the format) hand it their pieces and set
the hand up themselves, checking it against the rules. It imports no hand.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from bonepile.core.errors import InvalidMoveError, InvalidPositionError
from bonepile.dominoes._rules import Rules
from bonepile.dominoes._tiles import Tile

FIELDS = ("hands", "line", "spinner", "north", "south", "boneyard", "turn", "scores", "lead")
"""The fields of position text, in the order ``write_position`` writes them (``lead`` last)."""


def write_position(
    hands: Sequence[Sequence[Tile]],
    line: Sequence[tuple[int, int]],
    spinner: Tile | None,
    arms: tuple[Sequence[tuple[int, int]], Sequence[tuple[int, int]]] | None,
    boneyard: Sequence[Tile],
    turn: int | None,
    scores: Sequence[int] | None,
    lead: Tile | Literal["any"] | None,
) -> str:
    """The text of a position from its pieces (see ``Hand.position``).

    ``arms`` are the spinner's north and south arms once its ends are open
    (else None); ``turn`` None once the hand is over; ``scores`` only where
    plays score; ``lead`` only before the first tile.
    """
    hands_text = " / ".join(" ".join(str(t) for t in held) or "-" for held in hands)
    line_text = " ".join(f"{a}-{b}" for a, b in line) or "-"
    boneyard_text = " ".join(str(t) for t in boneyard) or "-"
    turn_text = "over" if turn is None else str(turn)
    text = f"hands: {hands_text}; line: {line_text}"
    if spinner is not None:
        text += f"; spinner: {spinner}"
        if arms is not None:
            for name, arm in (("north", arms[0]), ("south", arms[1])):
                text += f"; {name}: " + (" ".join(f"{a}-{b}" for a, b in arm) or "-")
    text += f"; boneyard: {boneyard_text}; turn: {turn_text}"
    if scores is not None:
        text += "; scores: " + " ".join(str(score) for score in scores)
    if lead is not None:
        text += f"; lead: {lead}"
    return text


@dataclass(frozen=True, slots=True)
class PositionText:
    """What ``read_position`` read; the layout's fields stay text, read after the hand is dealt."""

    fields: dict[str, str]
    hands: list[list[Tile]]
    boneyard: list[Tile]
    scores: list[int] | None
    spinner: Tile | None
    turn: str
    """A player's number, or ``over``."""


def read_position(rules: Rules, text: str) -> PositionText:
    """Read the fields of position text and the tiles dealt, checking the words (not yet the rules of play)."""
    fields: dict[str, str] = {}
    for part in text.split(";"):
        key, sep, value = part.partition(":")
        key = key.strip()
        if not sep or key not in FIELDS or key in fields:
            raise InvalidPositionError(f"cannot read {part.strip()!r} in position {text!r}")
        fields[key] = value.strip()
    for required in ("hands", "line", "turn"):
        if required not in fields:
            raise InvalidPositionError(f"position {text!r} has no {required!r}")
    hands = [read_tiles(part, text) for part in fields["hands"].split("/")]
    boneyard = read_tiles(fields.get("boneyard", "-"), text)
    scores: list[int] | None = None
    if "scores" in fields:
        words = fields["scores"].split()
        if not all(word.isdigit() for word in words):
            raise InvalidPositionError(f"scores must be whole numbers, not {fields['scores']!r} in {text!r}")
        scores = [int(word) for word in words]
    spinner: Tile | None = None
    if "spinner" in fields:
        named = read_tiles(fields["spinner"], text)
        if len(named) != 1:
            raise InvalidPositionError(f"spinner {fields['spinner']!r} is not one tile in {text!r}")
        spinner = named[0]
    turn = fields["turn"]
    if turn != "over" and not (turn.isdigit() and 0 <= int(turn) < rules.players):
        raise InvalidPositionError(f"turn must be a player 0-{rules.players - 1} or 'over', not {turn!r}")
    return PositionText(fields, hands, boneyard, scores, spinner, turn)


def read_tiles(words: str, text: str) -> list[Tile]:
    """Tiles named in a field (``-`` or nothing: none); ``text`` is the whole position, for the error."""
    words = words.strip()
    if words in ("", "-"):
        return []
    try:
        return [Tile.parse(word) for word in words.split()]
    except InvalidMoveError as error:
        raise InvalidPositionError(f"{error} in position {text!r}") from None


def read_halves(words: str, text: str) -> list[tuple[int, int]]:
    """Layout tiles as they lie, each as its two halves in order (``4-6 6-6``)."""
    placed: list[tuple[int, int]] = []
    for word in words.split():
        if word == "-":
            continue
        match = re.fullmatch(r"(\d{1,2})-(\d{1,2})", word)
        if match is None:
            raise InvalidPositionError(f"cannot read layout tile {word!r} in position {text!r}")
        placed.append((int(match.group(1)), int(match.group(2))))
    return placed
