"""Game records, shared by every engine: the format, and replaying a record with every check.

A record is the seed and the moves in text notation (plus the rules and the
claimed result), so replaying it through the engine is the proof that it is
genuine: the first move that does not replay, or a result that differs, is
named in a ``RecordError``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from bonepile.core.errors import IllegalMoveError, InvalidMoveError, RecordError, RulesError
from bonepile.core.protocol import Move

RECORD_FORMAT = "bonepile-record/1"


class Replayable(Protocol):
    """What replaying needs of a game."""

    @property
    def is_over(self) -> bool: ...

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def hand_summaries(self) -> Sequence[object]: ...

    def play(self, move: Move) -> object: ...

    def result_record(self) -> dict[str, Any] | None:
        """The record's ``result``: None until the game is over."""


GameT = TypeVar("GameT", bound=Replayable)
RulesT = TypeVar("RulesT")


def replay_record(
    record: object,
    *,
    game_name: str,
    unit: str,
    rules_from_dict: Callable[[dict[str, Any]], RulesT],
    new_game: Callable[[RulesT, int], GameT],
    parse_move: Callable[[str], Move],
) -> GameT:
    """Rebuild a game of ``game_name`` from ``record``, checking every move and the stored result.

    ``unit`` names a deal ("hand", "round") in messages and in the record's
    count field (``hands``, ``rounds``).
    """
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(f"unknown record format {record.get('format')!r}; expected {RECORD_FORMAT!r}")
    if record.get("game") != game_name:
        raise RecordError(f"not a {game_name} record: game is {record.get('game')!r}")
    options = record.get("options")
    if not isinstance(options, dict):
        raise RecordError("the record has no 'options' object")
    try:
        rules = rules_from_dict(options)
    except (RulesError, TypeError) as error:
        raise RecordError(f"bad options in record: {error}") from None
    preset = getattr(rules, "preset", None)
    # A record written before presets were named strictly may name the preset a custom game started from.
    if record.get("preset") != preset and preset != "custom":
        raise RecordError(f"preset {record.get('preset')!r} does not match the options' {preset!r}")
    seed = record.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(f"the record's seed must be a whole number, not {seed!r}")
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise RecordError("the record has no 'moves' list")
    game = new_game(rules, seed)
    for number, text in enumerate(moves, start=1):
        where = f"move {number} ({unit} {len(game.hand_summaries) + 1})"
        if not isinstance(text, str):
            raise RecordError(f"{where} is not text: {text!r}")
        if game.is_over:
            raise RecordError(f"{where} {text!r} comes after the end of the game")
        try:
            game.play(parse_move(text))
        except (InvalidMoveError, IllegalMoveError) as error:
            raise RecordError(f"{where} {text!r} does not replay: {error}") from None
    result, replayed = record.get("result"), game.result_record()
    if result is not None:
        if not game.is_over:
            raise RecordError(f"the record claims a result {result!r} but its moves do not finish the game")
        if result != replayed:
            raise RecordError(f"the record's result {result!r} does not match the replay's {replayed!r}")
    elif game.is_over:
        raise RecordError("the moves finish the game but the record has no result")
    if "scores" in record and record["scores"] != list(game.scores):
        raise RecordError(f"the record's scores {record['scores']} do not match the replay's {list(game.scores)}")
    count_key, played = f"{unit}s", len(game.hand_summaries)
    if count_key in record and record[count_key] != played:
        raise RecordError(f"the record counts {record[count_key]!r} {unit}s but its moves play {played}")
    return game
