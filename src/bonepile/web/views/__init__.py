"""Turning one seat's observation into the JSON view of docs/web-protocol.md: the part every game shares.

Why a view is built from an observation and not from the game: the engine's
observation of a seat holds exactly what that seat may know, so a view built
from it cannot leak another seat's tiles or the order of the stock, whatever
this module does. The only other inputs are the table's public facts
(``Table``: names, seat kinds, the move count) and the bonuses of the viewer's
own legal moves, which the engine reads from the board (public) on request.

Each game has a presenter, a module of its own (``bonepile.web.views.dominoes``,
named by the game's registry entry), that words its moves and lays out its
board and summaries (``Presenter``); this module builds the rest of the view
around what the presenter makes.

Nothing here applies a rule: legal moves, their points and bonuses, scores and
deal outcomes all come from the engine; this module only names and arranges
them for a browser.

Names go into sentences ("Ann wins, 104 to 67"), and a lone human is called
"You" by default: a sentence about a player called "You" is its own message
("You win", "You have the fewest pips"; ``by_player``), never "You wins", and
every text is said in the reader's language (``bonepile.i18n``) when the view
is made: a cache of texts keys on the language.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, cast

from bonepile.ai.reasons import Reason
from bonepile.core.protocol import Deal, Move, Observation, Rules
from bonepile.games import game_kind, load
from bonepile.i18n import N_, _, current

PROTOCOL = 1
"""The version of docs/web-protocol.md that this server speaks."""

BonusOf = Callable[[Move], object | None]
"""The engine's ``Game.move_bonus`` for the position the observation was taken in."""

EventT = TypeVar("EventT")
ValueT = TypeVar("ValueT")

_Made = dict[Hashable, tuple[tuple[object, ...], Any]]


@dataclass(slots=True)
class SharedParts:
    """What one game's views shared in its last publish, kept for the next (``sharing(kept)``).

    Why: a move changes a few parts of a view and leaves the rest (the past
    hands' summaries, the seats' names): what the next publish asks for again
    from the very same objects is taken from the last one instead of made
    again. Only what the last publish used is kept, so it never grows.
    """

    made: _Made = field(default_factory=dict)
    """What the publish under way has made or taken."""
    before: _Made = field(default_factory=dict)
    """What the last publish made or took."""


_shared: ContextVar[SharedParts | None] = ContextVar("shared_view_parts", default=None)


@contextlib.contextmanager
def sharing(kept: SharedParts | None = None) -> Iterator[None]:
    """Within it, the views being made share the parts they have in common (``shared``).

    Why: a change is pushed to every seat of a game at once, and most of a
    view (the board, the log, the hands' summaries, the names) is public and
    the same for each seat; made once instead of once a seat, a move costs the
    server a fraction of what it did. Used around the views of one state of one
    game (``GameSession.publish``). What is shared is keyed on the very objects
    it is made from (and on values that name every other input), so ``kept``,
    the same game's parts from its last publish, can serve this one too: what
    this block makes or takes is kept in it for the next.
    """
    parts = SharedParts() if kept is None else kept
    token = _shared.set(parts)
    try:
        yield
    finally:
        _shared.reset(token)
        parts.before, parts.made = parts.made, {}


def shared(kind: str, values: Hashable, objects: tuple[object, ...], make: Callable[[], ValueT]) -> ValueT:
    """``make()``, or what it made earlier within ``sharing()`` (or in the publish before) from the same
    inputs (outside, always made).

    The inputs of ``make`` are named by ``values`` (compared by value: names,
    the language) and ``objects`` (immutable objects such as an observation's
    events, compared by identity, which is cheap however long they are: they
    are kept with what was made, so no other object can take their place).
    Only public inputs go in, never a seat's own (its tiles, its legal moves):
    what is made is the same for every seat. Nobody changes it after.
    """
    parts = _shared.get()
    if parts is None:
        return make()
    # An id in a key is its object's as long as the entry keeps the object, so equal keys mean the same objects.
    key = (kind, values, *map(id, objects))
    found = parts.made.get(key)
    if found is None:
        found = parts.before.get(key)
        if found is None:
            found = (objects, make())
        parts.made[key] = found
    return cast(ValueT, found[1])


@dataclass(frozen=True, slots=True)
class SeatInfo:
    kind: str
    """``"human"`` or ``"ai"``."""
    name: str
    level: str | None

    def to_json(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "name": self.name, "kind": self.kind, "level": self.level}


@dataclass(frozen=True, slots=True)
class LastMove:
    number: int
    seat: int
    move: str
    text: str
    timed_out: bool = False
    """The server made this move because the seat's clock ran out."""

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seat": self.seat,
            "move": self.move,
            "text": self.text,
            "timed_out": self.timed_out,
        }


@dataclass(frozen=True, slots=True)
class Table:
    """The public facts about a game that its observations do not hold."""

    id: str
    game: str
    preset: str
    seats: tuple[SeatInfo, ...]
    move_number: int
    over: bool
    winner_sides: tuple[int, ...]
    last_move: LastMove | None
    room: str | None = None
    """The room whose game this is (None for a game of the solo API)."""
    clock: dict[str, Any] | None = None
    """The turn timer of the seat to move, as the view shows it (see ``GameSession.clock``)."""

    def name(self, seat: int) -> str:
        return self.seats[seat].name


_DEFAULT_NAMED = re.compile(r"(Player|Computer) ([1-9][0-9]?)")


def shown_name(name: str) -> str:
    """A seat's name as the reader sees it: the server's default names ("You", "Computer", "Player 2",
    "Computer 3", stored in English for every reader of a room) in the reader's language, any name a person
    chose as it is."""
    if name == "You":
        return _("You")
    if name == "Computer":
        return _("Computer")
    numbered = _DEFAULT_NAMED.fullmatch(name)
    if numbered is None:
        return name
    number = int(numbered.group(2))
    return (
        _("Player {number}", number=number) if numbered.group(1) == "Player" else _("Computer {number}", number=number)
    )


def is_you(name: str) -> bool:
    """A player called "You" (the default name of a lone human, in English or the reader's language) is
    spoken to, not about."""
    folded = name.strip().casefold()
    return folded == "you" or folded == _("You").strip().casefold()


def by_player(name: str, you: str, other: str, /, **values: object) -> str:
    """The sentence about the player called ``name`` in the current language: the message ``you`` for a
    player spoken to ("You drew a tile"), else ``other`` with ``{player}`` for the name ("{player} drew a
    tile"). Both are marked where they are written: ``by_player(name, N_("You passed"), N_("{player} passed"))``."""
    if is_you(name):
        return _(you, **values)
    return _(other, player=name, **values)


def joined(items: Sequence[object], pattern: str) -> str:
    """Items joined pairwise from the left with a translated ``pattern`` of ``{first}`` and ``{second}``
    (marked with ``N_`` where it is written): "Ann and Bob", "104 to 67 to 12"."""
    said = ""
    for index, item in enumerate(items):
        said = str(item) if not index else _(pattern, first=said, second=item)
    return said


def agree(subject: str, singular: str, plural: str, several: bool = False) -> str:
    """The verb form that goes with ``subject``: "Ann wins", "You win", "Ann & Cy win"."""
    return plural if several or is_you(subject) else singular


def possessive(name: str) -> str:
    """ "Ann's", and "your" for a player called "You"."""
    return "your" if is_you(name) else f"{name}'s"


@dataclass(frozen=True, slots=True)
class Parts:
    """What differs between the games' views: what a game's presenter makes."""

    hand_number: int
    stock: dict[str, Any]
    your_tiles: list[dict[str, Any]]
    legal_moves: list[dict[str, Any]]
    board: dict[str, Any]
    log: list[dict[str, Any]]
    statuses: list[str]
    summaries: list[dict[str, Any]]


@dataclass(frozen=True, slots=True)
class Face:
    """What the page needs to know to draw a game without knowing which game it is (its presenter says).

    The page dispatches on these, never on the game's name: which board it lays out, which tile it draws,
    which way the scores go and what ends the game.
    """

    layout: str
    """The board the page draws: ``"line"`` (a line of play), ``"grid"`` (a triangular grid), ``"trains"``
    (a hub with a train for each player and a shared one)."""
    tile: str
    """The tile the page draws: ``"domino"`` or ``"triangle"``."""
    low_wins: bool = False
    """Whether the lowest total wins (else the highest)."""
    goal: str = "target"
    """What ends the game: ``"target"`` (a score, the view's ``target``) or ``"rounds"`` (that many deals)."""
    goal_option: str = "target"
    """The rules option that sets what ends the game (the start page's "play to" or "rounds" field)."""
    art: tuple[str, ...] = ()
    """A few tiles (their names) that picture the game on the start page."""

    def to_json(self) -> dict[str, Any]:
        return {"layout": self.layout, "tile": self.tile, "low_wins": self.low_wins, "goal": self.goal}


def signed(points: int) -> str:
    """``+43``, ``0``, and negative numbers with a true minus sign (U+2212), as players write them."""
    return f"+{points}" if points > 0 else f"\u2212{-points}" if points < 0 else "0"


class Presenter(Protocol):
    """What a game's presenter module offers (``bonepile.web.views.dominoes`` is one)."""

    def parts(self, table: Table, observation: Observation, viewer: int | None, bonus_of: BonusOf | None) -> Parts:
        """The game's own parts of the view of seat ``viewer`` (None: the public view)."""

    def move_words(self, name: str, move: Move, deal: Deal) -> str:
        """A move of the player called ``name`` in words ("Ann played 6-4 on the right"); ``deal``: the deal
        in play just after it (to say what a placed tile was put beside)."""

    def made_for(self, move: Move) -> str | None:
        """What the server did for a seat whose clock ran out, in the passive ("6-4 played on the right"),
        or None when the move says so itself (a time-out move: "Ann ran out of time")."""

    def plain_reason(self, observation: Observation, move: Move, entry: dict[str, Any]) -> str:
        """One plain reason for a hint whose agent gives none (``entry``: the move as the view shows it)."""

    def tile_sets(self) -> list[dict[str, Any]]:
        """The sets of tiles the start page offers for this game, the default first (none: the game has one)."""

    def face(self) -> Face:
        """What the page draws for this game (its board, its tile) and how its scores read."""


@functools.cache
def presenter(game: str) -> Presenter:
    """The presenter of ``game``, named by its registry entry (imported on first use)."""
    return cast(Presenter, load(game_kind(game).presenter))


def view(table: Table, observation: Observation, viewer: int | None, bonus_of: BonusOf | None = None) -> dict[str, Any]:
    """The view of seat ``viewer`` (None: the public view) from that seat's observation.

    For the public view any seat's observation will do: only its public
    parts are read.
    """
    parts = presenter(table.game).parts(table, observation, viewer, bonus_of)
    scores: tuple[int, ...] = observation.scores
    to_move: int | None = observation.to_move
    frame, rows = shared(
        "view frame",
        (scores, to_move, observation.tile_counts),
        (table, observation.rules),
        lambda: _frame(table, observation.rules, scores, to_move, observation.tile_counts),
    )
    answer = dict(frame)
    answer["seat"] = viewer
    answer["hand_number"] = parts.hand_number
    answer["stock"] = parts.stock
    answer["players"] = [
        {**row, "status": status, "you": seat == viewer}
        for seat, (row, status) in enumerate(zip(rows, parts.statuses, strict=True))
    ]
    answer["your_tiles"] = parts.your_tiles
    answer["legal_moves"] = parts.legal_moves
    answer["board"] = parts.board
    answer["log"] = parts.log
    answer["summaries"] = parts.summaries
    return answer


def _frame(
    table: Table, rules: Rules, scores: tuple[int, ...], to_move: int | None, tile_counts: Sequence[int]
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """What every seat's view of one state has alike, in the view's order of keys (the seat's own parts
    are None here, filled in by ``view``), and the players' rows without their status and ``you``."""
    kind = game_kind(table.game)
    face = presenter(table.game).face()
    rows = [
        {
            **info.to_json(seat),
            "side": rules.side_of(seat),
            "score": scores[rules.side_of(seat)],
            "tiles": tile_counts[seat],
            "status": None,
            "to_move": seat == to_move,
            "you": False,
        }
        for seat, info in enumerate(table.seats)
    ]
    frame = {
        "protocol": PROTOCOL,
        "id": table.id,
        "room": table.room,
        "game": table.game,
        "title": _(kind.title),
        **face.to_json(),
        "preset": table.preset,
        "preset_description": _(kind.presets[table.preset]) if table.preset in kind.presets else "",
        "rules": _rules_dict(rules),
        "status": "over" if table.over else "playing",
        "seat": None,
        "move_number": table.move_number,
        "turn": to_move,
        "hand_number": None,
        "hand_word": kind.deal_word,
        "target": getattr(rules, "target", None),
        "stock": None,
        "players": None,
        "sides": sides_json(table, rules, scores),
        "your_tiles": None,
        "legal_moves": None,
        "board": None,
        "log": None,
        "last_move": None if table.last_move is None else table.last_move.to_json(),
        "clock": table.clock,
        "summaries": None,
        "game_over": _game_over(table, rules, scores, face.low_wins) if table.over else None,
    }
    return frame, rows


@functools.lru_cache(maxsize=256)
def _rules_dict(rules: Rules) -> dict[str, Any]:
    """A game's rules as JSON, made once per rules (they are frozen; every view of a game repeats them)."""
    return dict(rules.to_dict())


def sides_json(table: Table, rules: Rules, scores: Sequence[int]) -> list[dict[str, Any]]:
    members: list[list[int]] = [[] for _side in scores]
    for seat in range(len(table.seats)):
        members[rules.side_of(seat)].append(seat)
    return [{"side": side, "seats": seats, "score": scores[side]} for side, seats in enumerate(members)]


def side_name(table: Table, rules: Rules, side: int) -> tuple[str, bool]:
    """The side's name ("Ann", or "Ann & Cy" for a team) and whether it is several people."""
    names = [info.name for seat, info in enumerate(table.seats) if rules.side_of(seat) == side]
    # TRANSLATORS: joins the names of a team's players ("Ann & Cy").
    return joined(names, N_("{first} & {second}")), len(names) > 1


def _game_over(table: Table, rules: Rules, scores: Sequence[int], low_wins: bool = False) -> dict[str, Any]:
    winners = sorted(table.winner_sides)
    seats = [seat for seat in range(len(table.seats)) if rules.side_of(seat) in winners]
    # The winning total first: the highest where the highest wins, the lowest where the lowest does.
    # TRANSLATORS: joins the final scores of the sides, the winner's first ("104 to 67").
    tally = joined(sorted(scores, reverse=not low_wins), N_("{first} to {second}"))
    if len(winners) == 1:
        who, several = side_name(table, rules, winners[0])
        if several:
            if low_wins:
                # TRANSLATORS: the end of a game; {players}: a team ("Ann & Cy"); {tally}: the scores ("104 to 67").
                text = _("{players} win with the lowest total, {tally}", players=who, tally=tally)
            else:
                # TRANSLATORS: the end of a game; {players}: a team ("Ann & Cy"); {tally}: the scores ("104 to 67").
                text = _("{players} win, {tally}", players=who, tally=tally)
        elif low_wins:
            # TRANSLATORS: the end of a game; {tally}: the scores, the winner's first ("104 to 67").
            text = by_player(
                who,
                N_("You win with the lowest total, {tally}"),
                N_("{player} wins with the lowest total, {tally}"),
                tally=tally,
            )
        else:
            # TRANSLATORS: the end of a game; {tally}: the scores, the winner's first ("104 to 67").
            text = by_player(who, N_("You win, {tally}"), N_("{player} wins, {tally}"), tally=tally)
    else:
        # TRANSLATORS: joins the sides that share a win ("Ann and Bob").
        who = joined([side_name(table, rules, side)[0] for side in winners], N_("{first} and {second}"))
        if low_wins:
            # TRANSLATORS: the end of a game; {players}: the winners ("Ann and Bob"); {tally}: the scores.
            text = _("{players} share the win with the lowest total, {tally}", players=who, tally=tally)
        else:
            # TRANSLATORS: the end of a game; {players}: the winners ("Ann and Bob"); {tally}: the scores.
            text = _("{players} share the win, {tally}", players=who, tally=tally)
    return {"winner_sides": winners, "winner_seats": seats, "scores": list(scores), "text": text}


def turn_runs(events: Iterable[tuple[int, EventT]]) -> dict[int, tuple[list[EventT], bool]]:
    """Each player's latest run of consecutive turn events, and whether it is the last run of all.

    A run is one turn (a Dominoes player's draws and then a play; a Tri-Ominos
    player's draws and then a placement or pass), which is what a status says.
    """
    runs: dict[int, tuple[list[EventT], bool]] = {}
    current: int | None = None
    for player, event in events:
        if player != current:
            for other, (run, _latest) in runs.items():
                runs[other] = (run, False)
            runs[player] = ([], True)
            current = player
        runs[player][0].append(event)
    return runs


def statuses(
    table: Table,
    viewer: int | None,
    to_move: int | None,
    runs: dict[int, tuple[list[EventT], bool]],
    describe: Callable[[list[EventT]], str],
) -> list[str]:
    """Each seat's status: its latest turn in words, or what it is doing now if it is to move."""
    described = shared(
        "turns described",
        current(),
        (runs,),
        lambda: {seat: describe(run) for seat, (run, _latest) in runs.items() if run},
    )
    statuses = []
    for seat, info in enumerate(table.seats):
        _run, latest = runs.get(seat, ([], False))
        done = described.get(seat, "")
        if seat != to_move:
            statuses.append(done)
            continue
        if latest and done:
            # TRANSLATORS: a seat's status while its turn goes on; {turn}: what it did so far ("drew 2").
            statuses.append(_("{turn}\u2026", turn=done))
        elif info.kind == "ai":
            # TRANSLATORS: the status of an AI seat whose turn it is.
            statuses.append(_("thinking\u2026"))
        elif seat == viewer:
            # TRANSLATORS: the status of the reader's own seat when it is their turn.
            statuses.append(_("your turn"))
        else:
            # TRANSLATORS: the status of another person's seat when it is their turn.
            statuses.append(_("to play"))
    return statuses


def move_words(name: str, move: Move, timed_out: bool, deal: Deal, game: str) -> str:
    """A move of any game in words (for ``last_move``); a move the clock made says so."""
    shown = presenter(game)
    words = shown.move_words(name, move, deal)
    made = shown.made_for(move) if timed_out else None
    if made is None:
        return words
    # TRANSLATORS: a move the server made for a player whose clock ran out; {move}: what it did ("6-4 played
    # on the right", "a tile drawn").
    return by_player(name, N_("You ran out of time: {move}"), N_("{player} ran out of time: {move}"), move=made)


def hint_reasons(
    agent: object, observation: Observation, move: Move, entry: dict[str, Any], names: Sequence[str], game: str
) -> list[dict[str, Any]]:
    """Why the hint, as facts of the position: the agent's own reasons when it gives them
    (``explain(observation, move)``, see ``bonepile.ai.reasons``), else one plain reason from what the
    engine says of the move (its points, or why it is a draw or a pass)."""
    explain = getattr(agent, "explain", None)
    if callable(explain):
        reasons: Sequence[Reason] = explain(observation, move)
        if reasons:
            return [reason.to_json(names) for reason in reasons]
    text = presenter(game).plain_reason(observation, move, entry)
    return [{"kind": "plain", "text": text, "seats": [], "facts": {}}]
