"""The text of a whole Mexican Train position (M10), written and read back exactly.

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
from bonepile.mexican_train._round import Round, _Turn
from bonepile.mexican_train._rules import Rules
from bonepile.mexican_train._tiles import MEXICAN, Tile, parse_train, train_text
from bonepile.mexican_train._views import Termination

_FIELDS = (
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
_REQUIRED = ("engine", "turn", "hands", "trains")


def _tile_list(tiles: Iterable[Tile]) -> str:
    return " ".join(str(t) for t in tiles) or "-"


def write_position(round_: Round) -> str:
    """The position text of ``round_`` (see the module docstring)."""
    players = round_._players
    turn = round_._turn
    over = round_._summary is not None

    def name(t: int) -> str:
        return MEXICAN if t == players else train_text(t)

    def halves(train: list[tuple[int, int]]) -> str:
        return " ".join(f"{a}-{b}" for a, b in train) or "-"

    hands = " / ".join(_tile_list(round_.tiles_of(seat)) for seat in range(players))
    parts = [
        f"engine: {round_.engine}",
        f"first: {round_._first}",
        f"turn: {'over' if over else round_._to_move}",
        f"hands: {hands}",
        f"boneyard: {_tile_list(round_.boneyard())}",
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


class _Reader:
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
            if not sep or key not in _FIELDS or key in self.fields:
                self.fail(f"cannot read {part.strip()!r}")
            self.fields[key] = value.strip()
        for required in _REQUIRED:
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


def read_position(rules: Rules, text: str) -> Round:
    """The round in position ``text`` (see the module docstring); every tile once, trains that join."""
    reader = _Reader(rules, text)
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
