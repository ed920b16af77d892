"""Live games on the server: each one rebuilt from its seed and moves, played, stored and broadcast.

Why games are rebuilt rather than saved: the seed and the moves are the whole
truth of a game (the engines replay them exactly), so the database holds only
those, and every restart, undo or cold read replays them through the engine.

Order of a move, so that nothing is ever shown that is not stored:
validate and apply it on the engine, commit the new move list, then push the
new views to every socket of the game. AI seats play on the server, one move
at a time, at a human pace (``ai_delay`` before each AI move); each AI move goes the
same way, and so does a move the turn timer makes when a human seat's clock
runs out.

Between hands: the engine deals the next hand as soon as one ends, but the
session holds the table still (``Pause``) so that the players can see how the
hand ended: its views show the ended hand's final position, no AI moves and no
clock runs, until a human continues (``continue_hand``) or the wait allowed
for this kind of table runs out (``HandWaits``).

Concurrency: each game has an ``asyncio.Lock`` held while its state changes
and while its views are queued; the AI thinks in a worker thread, outside the
lock, from an (immutable) observation, and its move is applied only if the
game has not changed meanwhile (``revision``). Between processes sharing the
database, every commit is conditional on the row version the session last
read; a process that loses the race catches up from the database (pushing the
views of the moves it missed) and checks the move again.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

import orjson

from bonepile.ai.base import make_agent
from bonepile.core.errors import IllegalMoveError
from bonepile.core.protocol import Deal, Game, Move, Observation
from bonepile.core.seeds import move_seed as agent_seed
from bonepile.games import GameKind
from bonepile.i18n import DEFAULT, N_, _, current, using
from bonepile.store.db import OVER, PLAYING, StoredGame
from bonepile.web import catalog
from bonepile.web.errors import ApiError, bad_seat
from bonepile.web.language import requested_language
from bonepile.web.times import iso as _iso
from bonepile.web.times import iso_ms
from bonepile.web.times import now as _now
from bonepile.web.views import (
    LastMove,
    SeatInfo,
    SharedParts,
    Table,
    move_words,
    shared,
    sharing,
    shown_name,
    sides_json,
    view,
)

log = logging.getLogger(__name__)

SeatSpec = int | Literal["turn"] | None
"""Whose view: a seat, the human seat to move (``"turn"``), or the public view (None)."""

TIMEOUT_AGENT = "random"
"""What plays for a seat whose clock ran out where the rules have no time-out move (docs: the turn timer)."""


ROOM_HAND_WAIT = 30.0
"""The longest an online room waits between hands for its players to continue (docs: between hands)."""

UNATTENDED_HAND_WAIT = 2.5
"""Between hands at a table with no human seat (the computer playing itself), so that it can be watched."""


@dataclass(frozen=True, slots=True)
class HandWaits:
    """How long a game waits between hands for its players to continue, by kind of table.

    ``local`` is for a game at one screen (None: until a person continues);
    a room must not stall when someone walks away, so its wait is bounded.
    0 turns the pause off (the next hand is dealt at once, as the engine does).
    """

    local: float | None = None
    room: float = ROOM_HAND_WAIT
    unattended: float = UNATTENDED_HAND_WAIT

    @classmethod
    def from_setting(cls, hand_pause: float | None, room_hand_wait: float = ROOM_HAND_WAIT) -> HandWaits:
        """The waits of a server whose ``hand_pause`` setting is given: a number caps every wait."""
        if hand_pause is None:
            return cls(room=room_hand_wait)
        return cls(
            local=hand_pause, room=min(hand_pause, room_hand_wait), unattended=min(hand_pause, UNATTENDED_HAND_WAIT)
        )

    def of(self, in_room: bool, humans: int) -> float | None:
        if humans == 0:
            return self.unattended
        return self.room if in_room else self.local


@dataclass(eq=False, slots=True)
class Pause:
    """The table held still between two hands: the ended hand (the engine's finished hand object, which no
    longer changes) and who has continued. ``deadline`` is when the next hand starts anyway (None: never)."""

    hand_number: int
    ended: Deal
    started_at: datetime
    deadline: datetime | None
    continued: set[int] = field(default_factory=set)


@dataclass(frozen=True, slots=True)
class Close:
    """Put on a socket's queue: send what is before it, then close the socket with ``code``."""

    code: int
    reason: str = ""


Outgoing = dict[str, Any] | str | Close
"""A queued message: JSON to encode, JSON already encoded (shared by the sockets of one seat), or a close."""


MAX_PENDING = 256
"""Messages a socket may have waiting; past that its reader is too slow (or gone) and the socket is closed."""


def socket_language(scope: Mapping[str, Any]) -> str:
    """The language a socket's reader asked for: as the ``Language`` middleware found it (``scope["state"]``),
    else read from the socket's request again."""
    state = scope.get("state")
    found = state.get("language") if isinstance(state, Mapping) else None
    return found if isinstance(found, str) else requested_language(scope)  # type: ignore[arg-type]


@dataclass(eq=False)
class Listener:
    """One open WebSocket: its seat spec, its reader's language and the queue of messages waiting to be sent.

    Why the language is kept here: what a socket is sent is often made by
    another task (another player's move, the AI, the clock, the bus), whose
    language is not this reader's; everything made for the socket is made
    within ``using(listener.language)`` (``say``, ``GameSession.publish``).
    """

    spec: SeatSpec
    queue: asyncio.Queue[Outgoing] = field(default_factory=asyncio.Queue)
    overflowed: bool = False
    language: str = DEFAULT

    def say(self, make: Callable[[], Outgoing]) -> None:
        """Queue the message ``make`` makes, made in this socket's language."""
        with using(self.language):
            self.offer(make())

    def offer(self, item: Outgoing) -> None:
        """Queue a message, unless the socket has fallen too far behind: then drop what waits and close it
        (1013, "try again later"): a page that reconnects gets the current state at once."""
        if self.overflowed:
            return
        if self.queue.qsize() >= MAX_PENDING:
            self.overflowed = True
            while not self.queue.empty():
                self.queue.get_nowait()
            with using(self.language):
                error = {"code": "too_slow", "message": _("this connection fell too far behind: reconnect")}
            self.queue.put_nowait({"type": "error", "id": None, "error": error})
            self.queue.put_nowait(Close(1013, "too_slow"))
            return
        self.queue.put_nowait(item)


@dataclass(frozen=True, slots=True)
class Mark:
    """A session's state before a change, to go back to when the change cannot be stored."""

    texts: tuple[str, ...]
    turn_started_at: datetime
    timeouts: frozenset[int]


UNDO_RULE = N_(
    "Undo takes back your own moves as long as nothing hidden has been shown since: "
    "once another player has moved, or you have drawn, those moves stand."
)
"""What the table says of undo (docs: undo): why a move cannot always be taken back (in English: ``_(UNDO_RULE)``)."""


@dataclass(frozen=True, slots=True)
class Played:
    """A move just played, as its parts, not its words: the words (``LastMove.text``) are made when a view or an
    answer is built, in the language of whoever reads it (``last_move``)."""

    number: int
    seat: int
    move: str
    timed_out: bool
    played: Move
    deal: Deal
    """The deal in play just after the move (says what a placed tile was put beside)."""
    name: str
    game: str

    def last_move(self) -> LastMove:
        """The move with its words, in the current language."""
        text = move_words(shown_name(self.name), self.played, self.timed_out, self.deal, self.game)
        return LastMove(self.number, self.seat, self.move, text, self.timed_out)

    def to_json(self) -> dict[str, Any]:
        return self.last_move().to_json()


Watcher = Callable[["GameSession", str], None]
"""Called after a game changed and its views were queued (with the game's lock held): the rooms listen."""


class GameSession:
    """One game in memory: the engine's game, rebuilt from the stored seed and moves, and its sockets."""

    def __init__(self, stored: StoredGame, waits: HandWaits | None = None) -> None:
        self.waits = waits if waits is not None else HandWaits()
        self.id = stored.id
        self.name = stored.game
        self.info: GameKind = catalog.info(stored.game)
        self.preset = stored.preset
        self.options = dict(stored.options)
        self.seed = stored.seed
        self.seats = tuple(
            SeatInfo(kind=str(seat["kind"]), name=str(seat["name"]), level=seat.get("level")) for seat in stored.seats
        )
        self.room_id = stored.room_id
        self.turn_time_limit = stored.turn_time_limit
        self.turn_started_at = stored.turn_started_at or stored.created_at
        self.timeouts: set[int] = set(stored.timeouts)
        self.version = stored.version
        self.created_at = stored.created_at
        self.updated_at = stored.updated_at
        self.lock = asyncio.Lock()
        self.listeners: set[Listener] = set()
        self.ai_task: asyncio.Task[None] | None = None
        self.timer_task: asyncio.Task[None] | None = None
        self.timer_for: tuple[int, datetime] | None = None
        self.revision = 0
        self.game: Game = self.new_game()
        self.texts: list[str] = []
        self.movers: list[int] = []
        self.hands_at: list[int] = []
        """For each move, how many hands had ended before it (a move may be undone only in the hand in play)."""
        self.ended_hand = False
        self.touched = time.monotonic()
        """When a client last asked for this game (the clock and eviction look)."""
        self.changed_at = self.touched
        self.clock_stopped = False
        """A game at one screen whose clock ran out with no client there: the turn waits for one."""
        self.pause: Pause | None = None
        self.pause_task: asyncio.Task[None] | None = None
        self.pause_for: Pause | None = None
        self.abandoned = False
        """The players abandoned the game: it is gone from the store, and every request for it is refused."""
        self.view_parts = SharedParts()
        """What the last publish's views shared, for the next one (``views.sharing``)."""
        self.rebuild(stored.moves)

    # ------------------------------------------------------------------------------ state

    def new_game(self) -> Game:
        overrides = {key: value for key, value in self.options.items() if key not in ("preset", "players")}
        return self.info.new_game(self.preset, len(self.seats), self.seed, **overrides)

    def rebuild(self, texts: Sequence[str]) -> None:
        """Replay the seed and ``texts`` through the engine (raises ``BonepileError`` if a move does not replay)."""
        game = self.new_game()
        movers: list[int] = []
        hands_at: list[int] = []
        ended = False
        deal = None
        for text in texts:
            seat = game.to_move
            if seat is None:
                raise IllegalMoveError(f"move {text!r} comes after the game's end")
            hands_at.append(len(game.hand_summaries))
            deal = game.deal
            ended = game.play(text) is not None
            movers.append(seat)
        self.game = game
        self.texts = [str(move) for move in game.moves]
        self.movers = movers
        self.hands_at = hands_at
        self.ended_hand = ended
        self.timeouts = {number for number in self.timeouts if number <= len(self.texts)}
        self.revision += 1
        self.pause = None
        if ended:
            self._hold(deal)

    def _hold(self, ended: Deal | None) -> None:
        """A hand just ended (``ended`` is its finished deal): hold the table still before the next one,
        unless the game is over (its last position stays on the table anyway) or this table waits for nobody."""
        wait = self.waits.of(self.room_id is not None, len(self.humans))
        if self.over or wait == 0 or ended is None:
            return
        now = _now()
        deadline = None if wait is None else now + timedelta(seconds=wait)
        self.pause = Pause(len(self.game.hand_summaries), ended, now, deadline)

    def end_pause(self) -> None:
        """Deal the next hand in front of the players: the clock of its first turn starts now."""
        self.pause = None
        self.turn_started_at = _now()
        self.revision += 1

    def mark(self) -> Mark:
        return Mark(tuple(self.texts), self.turn_started_at, frozenset(self.timeouts))

    def restore(self, mark: Mark) -> None:
        """Go back to ``mark`` (a change that could not be stored)."""
        self.timeouts = set(mark.timeouts)
        self.rebuild(mark.texts)
        self.turn_started_at = mark.turn_started_at

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last move now, as a sentence in English (``_`` it where it is
        shown); None: it may.

        An undo replays the game from its seed, so whatever the undone moves
        showed (another player's tile, the tile a draw brought) would still be
        where it was: a player could look and undo. So an undo never goes
        back past a move that showed something hidden (docs: undo).
        """
        mine = [i for i, mover in enumerate(self.movers) if mover == seat]
        if not mine:
            return N_("You have no move to take back")
        last = mine[-1]
        if self.hands_at[last] != len(self.game.hand_summaries):
            return N_("That hand is over: its tiles have been shown")
        for number in range(last, len(self.texts)):
            if self.movers[number] != seat:
                return N_("Another player has moved since: what that showed cannot be unseen")
            if self.game.moves[number].reveals_hidden:
                return N_("You drew since: the tile you saw cannot go back unseen")
        return None

    def _turn(self) -> tuple[int | None, int]:
        """Whose turn in which hand: the clock restarts when this changes (a draw keeps the turn)."""
        return self.game.to_move, len(self.game.hand_summaries)

    def apply(self, seat: int, move: Move | str, *, timed_out: bool = False) -> Played:
        """Play a legal move (or a stored move's text) of ``seat`` on the engine and note who made it."""
        before = self._turn()
        hands_before = len(self.game.hand_summaries)
        deal = self.game.deal
        self.pause = None  # a move of the next hand (from another process) means the table went on
        self.ended_hand = self.game.play(move, player=seat) is not None
        self.texts.append(str(self.game.moves[-1]))
        self.movers.append(seat)
        self.hands_at.append(hands_before)
        if timed_out:
            self.timeouts.add(len(self.texts))
        if self._turn() != before:
            self.turn_started_at = _now()
        self.revision += 1
        if self.ended_hand:
            self._hold(deal)
        return self.last_played()

    def last_played(self) -> Played:
        """The last move, as its parts: its words are made for each reader (``Played.last_move``)."""
        number = len(self.texts)
        seat = self.movers[-1]
        return Played(
            number=number,
            seat=seat,
            move=self.texts[-1],
            timed_out=number in self.timeouts,
            played=self.game.moves[-1],
            deal=self.game.deal,
            name=self.seats[seat].name,
            game=self.name,
        )

    def seat_to_move(self) -> int:
        """The seat to move; ``IllegalMoveError`` once the game is over (a stored move past the end)."""
        seat = self.game.to_move
        if seat is None:
            raise IllegalMoveError("the game is over: no seat is to move")
        return seat

    @property
    def move_number(self) -> int:
        return len(self.texts)

    @property
    def over(self) -> bool:
        return bool(self.game.is_over)

    @property
    def status(self) -> str:
        return OVER if self.over else PLAYING

    @property
    def humans(self) -> list[int]:
        return [seat for seat, info in enumerate(self.seats) if info.kind == "human"]

    def ai_to_move(self) -> int | None:
        if self.pause is not None:
            return None
        seat = self.game.to_move
        return seat if seat is not None and self.seats[seat].kind == "ai" else None

    # ------------------------------------------------------------------------------ the clock

    def deadline(self) -> datetime | None:
        """When the turn of the human seat to move runs out; None without a limit, for an AI, or once over."""
        if self.turn_time_limit is None or self.over or self.pause is not None:
            return None
        seat = self.game.to_move
        if seat is None or self.seats[seat].kind != "human":
            return None
        return self.turn_started_at + timedelta(seconds=self.turn_time_limit)

    def clock(self) -> dict[str, Any] | None:
        """The view's ``clock`` (docs/web-protocol.md, the turn timer)."""
        deadline = self.deadline()
        if deadline is None or self.turn_time_limit is None:
            return None
        if self.clock_stopped:
            # No client was there when the turn ran out: it waits, and starts afresh when one is back.
            return {
                "seat": self.game.to_move,
                "limit": self.turn_time_limit,
                "deadline": None,
                "remaining": self.turn_time_limit,
                "stopped": True,
            }
        remaining = max(0.0, (deadline - _now()).total_seconds())
        return {
            "seat": self.game.to_move,
            "limit": self.turn_time_limit,
            "deadline": iso_ms(deadline),
            "remaining": round(remaining, 3),
        }

    def timeout_move(self) -> Move:
        """What the server plays for the seat to move when its clock runs out (docs: the turn timer).

        The rules' own time-out move where they have one now (Tri-Ominos' T8
        ``timeout``, except on a round's opening tile, T3); elsewhere a random
        legal move, as the easy AI would choose it (seeded by the game, so a
        replay chooses the same).
        """
        seat = self.game.to_move
        assert seat is not None
        ruled = self.game.timeout_move()
        if ruled is not None:
            return ruled
        agent = make_agent(TIMEOUT_AGENT, self.name, agent_seed(self.seed, self.move_number, seat))
        chosen: Move = agent.choose(self.game.observation(seat))
        return chosen

    # ------------------------------------------------------------------------------ views

    def table(self) -> Table:
        last = None
        if self.texts:
            last = self.last_played().last_move()
        return Table(
            id=self.id,
            game=self.name,
            preset=self.preset,
            seats=shared("seats shown", current(), (self.seats,), lambda: tuple(map(_shown_seat, self.seats))),
            move_number=self.move_number,
            over=self.over,
            winner_sides=tuple(sorted(self.game.winners)),
            last_move=last,
            room=self.room_id,
            clock=self.clock(),
        )

    def human_seat(self, seat: int) -> int:
        """``seat`` if it is a human seat of this game, else ``400 bad_seat``."""
        if not 0 <= seat < len(self.seats):
            # TRANSLATORS: {seat} is the seat number a client sent; seats are counted from 0 to {last}.
            raise bad_seat(_("no seat {seat}: this game has seats 0 to {last}", seat=seat, last=len(self.seats) - 1))
        if self.seats[seat].kind != "human":
            # TRANSLATORS: {seat} is a seat's number (counted from 0).
            raise bad_seat(_("seat {seat} is an AI player: its tiles are hidden", seat=seat))
        return seat

    def resolve(self, spec: SeatSpec) -> int | None:
        """The seat whose view ``spec`` asks for now (None: the public view)."""
        if spec == "turn":
            seat = self.game.to_move
            return seat if seat is not None and self.seats[seat].kind == "human" else None
        return spec

    def view(self, spec: SeatSpec, table: Table | None = None) -> dict[str, Any]:
        """The view of ``spec``'s seat; ``table``: this state's ``table()`` in the current language, when the
        caller has it already (``publish`` makes it once for every seat)."""
        seat = self.resolve(spec)
        table = self.table() if table is None else table
        pause = self.pause
        if pause is not None:
            # Between hands every seat sees the ended hand's final position (the next one is not shown yet).
            answer = view(table, self._ended_observation(pause, 0 if seat is None else seat), seat)
            answer["between_hands"] = self.between_hands_json(pause)
            return answer
        observation = self.game.observation(0 if seat is None else seat)
        bonus_of = self.game.move_bonus if seat is not None and self.game.to_move == seat else None
        answer = view(table, observation, seat, bonus_of)
        answer["between_hands"] = None
        if seat is not None and len(self.humans) == 1:
            answer["can_undo"] = not self.over and self.undo_refusal(seat) is None
        return answer

    def _ended_observation(self, pause: Pause, seat: int) -> Observation:
        """The seat's observation of the ended hand, as the engine gives it at the end of a game."""
        return self.game.observation_of(pause.ended, seat, pause.hand_number)

    def between_hands_json(self, pause: Pause) -> dict[str, Any]:
        """The view's ``between_hands`` (docs/web-protocol.md, between hands)."""
        humans = self.humans
        room = self.room_id is not None
        waiting = (
            [seat for seat in humans if seat not in pause.continued] if room else ([] if pause.continued else humans)
        )
        return {
            "hand_number": pause.hand_number,
            "next_hand": pause.hand_number + 1,
            "continued": sorted(pause.continued),
            "waiting_for": waiting,
            "everyone": room,
            "deadline": None if pause.deadline is None else iso_ms(pause.deadline),
        }

    def summary(self) -> dict[str, Any]:
        game = self.game
        humans = self.humans
        return {
            "id": self.id,
            "game": self.name,
            "title": _(self.info.title),
            "preset": self.preset,
            "status": self.status,
            "seats": [
                dataclasses.replace(info, name=shown_name(info.name)).to_json(seat)
                for seat, info in enumerate(self.seats)
            ],
            "human_seats": humans,
            "hot_seat": len(humans) > 1,
            "undo": len(humans) == 1,
            "undo_rule": _(UNDO_RULE) if len(humans) == 1 else None,
            "turn": game.to_move,
            "move_number": self.move_number,
            "hand_number": len(game.hand_summaries) + (0 if self.over else 1),
            "hand_word": self.info.deal_word,
            "sides": sides_json(self.table(), game.rules, game.scores),
            "winner_sides": sorted(game.winners),
            "turn_time_limit": self.turn_time_limit,
            "created_at": _iso(self.created_at),
            "updated_at": _iso(self.updated_at),
        }

    def publish(self, cause: str, only: Sequence[Listener] | None = None) -> None:
        """Queue the new view on every socket of the game, or on ``only`` those (with the lock held, after
        the commit). Each distinct view is built and encoded once, however many sockets share it: a view is of
        a seat and in a language, each socket's own (the task publishing may be another reader's). What the
        seats' views have in common (the table, the board, the log) is made once for all of them (``sharing``).
        """
        cache: dict[tuple[int | None, str], str] = {}
        tables: dict[str, Table] = {}
        texts: dict[int, tuple[object, orjson.Fragment]] = {}
        """Each shared part's JSON by the part's id (the part is kept with it, so the id stays its own)."""
        with sharing(self.view_parts):
            for listener in self.listeners if only is None else only:
                seat = self.resolve(listener.spec)
                key = (seat, listener.language)
                if key not in cache:
                    with using(listener.language):
                        table = tables.get(listener.language)
                        if table is None:
                            table = tables[listener.language] = self.table()
                        answer = self.view(seat, table)
                    for name in _SHARED_PARTS:  # one object for every seat: encoded once
                        part = answer[name]
                        found = texts.get(id(part))
                        if found is None:
                            found = texts[id(part)] = (part, orjson.Fragment(_json(part)))
                        answer[name] = found[1]
                    cache[key] = encoded({"type": "view", "cause": cause, "view": answer})
                listener.offer(cache[key])


_SHARED_PARTS = ("log", "summaries", "board")
"""The parts of a view that the seats' views of one state usually share as one object (``views.shared``)."""


def _shown_seat(info: SeatInfo) -> SeatInfo:
    """A seat as the reader sees it: its default name in the reader's language (``shown_name``)."""
    return dataclasses.replace(info, name=shown_name(info.name))


def _json(value: object) -> bytes:
    """``value`` as JSON (UTF-8), as every message and part of one is encoded."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


def encoded(message: object) -> str:
    """A message as the JSON text a socket sends. orjson, since encoding every seat's view of every move
    was a large part of what a move cost the server (docs/performance.md); the text is JSON all the same."""
    return _json(message).decode()


def check_not_paused(session: GameSession) -> None:
    pause = session.pause
    if pause is not None:
        number, following = pause.hand_number, pause.hand_number + 1
        message = _("hand {number} has ended: continue to deal hand {next}", number=number, next=following)
        raise ApiError(409, "between_hands", message)


def record_of(session: GameSession) -> dict[str, Any]:
    """The record of a finished game (it holds the seed, which would show every hand of a game in play)."""
    if not session.over:
        raise ApiError(
            409, "record_unavailable", _("the record is available once the game is over (its seed shows every hand)")
        )
    record: dict[str, Any] = session.game.to_record([info.name for info in session.seats])
    return record
