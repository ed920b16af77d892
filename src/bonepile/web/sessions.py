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
import contextlib
import json
import logging
import math
import secrets
import time
import unicodedata
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from bonepile.ai.base import make_agent
from bonepile.core.errors import BonepileError, IllegalMoveError
from bonepile.core.protocol import Deal, Game, Move, Observation
from bonepile.games import GameKind, game_kind
from bonepile.store.db import OVER, PLAYING, GameStore, StaleWrite, StoredGame
from bonepile.web import catalog
from bonepile.web.bus import LocalBus
from bonepile.web.errors import ApiError, bad_seat, move_error, unknown_game
from bonepile.web.guards import HintPool
from bonepile.web.settings import Settings
from bonepile.web.views import (
    LastMove,
    SeatInfo,
    Table,
    hint_reasons,
    move_words,
    possessive,
    sides_json,
    view,
)

log = logging.getLogger(__name__)

OK, GONE, FAILING = "ok", "gone", "failing"
"""How a game is for the server's own work (``SessionManager._sync``)."""

SeatSpec = int | Literal["turn"] | None
"""Whose view: a seat, the human seat to move (``"turn"``), or the public view (None)."""

MAX_SEED = 2**53 - 1
"""Seeds stay exact in a browser's numbers."""

TIMEOUT_AGENT = "random"
"""What plays for a seat whose clock ran out where the rules have no time-out move (docs: the turn timer)."""


def _iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def iso_ms(moment: datetime) -> str:
    """A time with milliseconds, for a clock's deadline: ``2025-01-31T18:04:35.250Z``."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


def _now() -> datetime:
    return datetime.now(UTC)


def agent_seed(seed: int, move_number: int, seat: int) -> int:
    """The seed of the agent choosing move ``move_number``: fixed by the game, so a resumed game plays on the same."""
    return (seed * 1_000_003 + move_number * 8_191 + seat) % 2**63


def checked_time_limit(
    game: str, limit: float | None, options: dict[str, Any], settings: Settings
) -> tuple[float | None, dict[str, Any]]:
    """The checked turn time limit of a new game or room (within the settings' bounds), and its engine options.

    Where the rules have a clock of their own (the registry's ``clock_option``: Tri-Ominos' T8 makes the
    ``timeout`` move legal), the limit is that engine option, which may come in ``options`` instead;
    elsewhere the limit stays with the server only.
    """
    options = dict(options)
    option = game_kind(game).clock_option
    if option is not None and option in options:
        given = options[option]
        if limit is not None and given is not None and given != limit:
            raise ApiError(400, "bad_rules", "turn_time_limit is given twice, with two values")
        if limit is None and given is not None:
            limit = given
    if limit is not None:
        if isinstance(limit, bool) or not isinstance(limit, int | float):
            raise ApiError(400, "bad_rules", "turn_time_limit must be a number of seconds or null")
        low, high = settings.min_turn_time, settings.max_turn_time
        if not (math.isfinite(limit) and limit > 0 and low <= limit <= high):
            raise ApiError(400, "bad_rules", f"turn_time_limit must be from {low:g} to {high:g} s, or null (no clock)")
        limit = float(limit)
        if option is not None:
            options[option] = limit
    return limit, options


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


@dataclass(eq=False)
class Listener:
    """One open WebSocket: its seat spec and the queue of messages waiting to be sent."""

    spec: SeatSpec
    queue: asyncio.Queue[Outgoing] = field(default_factory=asyncio.Queue)
    overflowed: bool = False

    def offer(self, item: Outgoing) -> None:
        """Queue a message, unless the socket has fallen too far behind: then drop what waits and close it
        (1013, "try again later"): a page that reconnects gets the current state at once."""
        if self.overflowed:
            return
        if self.queue.qsize() >= MAX_PENDING:
            self.overflowed = True
            while not self.queue.empty():
                self.queue.get_nowait()
            error = {"code": "too_slow", "message": "this connection fell too far behind: reconnect"}
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


UNDO_RULE = (
    "Undo takes back your own moves as long as nothing hidden has been shown since: "
    "once another player has moved, or you have drawn, those moves stand."
)
"""What the table says of undo (docs: undo): why a move cannot always be taken back."""

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
        """Why ``seat`` may not take back its last move now (None: it may).

        An undo replays the game from its seed, so whatever the undone moves
        showed (another player's tile, the tile a draw brought) would still be
        where it was: a player could look and undo. So an undo never goes
        back past a move that showed something hidden (docs: undo).
        """
        mine = [i for i, mover in enumerate(self.movers) if mover == seat]
        if not mine:
            return "you have no move to take back"
        last = mine[-1]
        if self.hands_at[last] != len(self.game.hand_summaries):
            return "that hand is over: its tiles have been shown"
        for number in range(last, len(self.texts)):
            if self.movers[number] != seat:
                return "another player has moved since: what that showed cannot be unseen"
            if self.game.moves[number].reveals_hidden:
                return "you drew since: the tile you saw cannot go back unseen"
        return None

    def _turn(self) -> tuple[int | None, int]:
        """Whose turn in which hand: the clock restarts when this changes (a draw keeps the turn)."""
        return self.game.to_move, len(self.game.hand_summaries)

    def apply(self, seat: int, move: Move | str, *, timed_out: bool = False) -> LastMove:
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
        return self.last_move_of(self.game.moves[-1])

    def last_move_of(self, move: Move) -> LastMove:
        number = len(self.texts)
        seat = self.movers[-1]
        timed_out = number in self.timeouts
        text = move_words(self.seats[seat].name, move, timed_out, self.game.deal, self.name)
        return LastMove(number, seat, self.texts[-1], text, timed_out)

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
            last = self.last_move_of(self.game.moves[-1])
        return Table(
            id=self.id,
            game=self.name,
            preset=self.preset,
            seats=self.seats,
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
            raise bad_seat(f"no seat {seat}: this game has seats 0 to {len(self.seats) - 1}")
        if self.seats[seat].kind != "human":
            raise bad_seat(f"seat {seat} is an AI player: its tiles are hidden")
        return seat

    def resolve(self, spec: SeatSpec) -> int | None:
        """The seat whose view ``spec`` asks for now (None: the public view)."""
        if spec == "turn":
            seat = self.game.to_move
            return seat if seat is not None and self.seats[seat].kind == "human" else None
        return spec

    def view(self, spec: SeatSpec) -> dict[str, Any]:
        seat = self.resolve(spec)
        pause = self.pause
        if pause is not None:
            # Between hands every seat sees the ended hand's final position (the next one is not shown yet).
            answer = view(self.table(), self._ended_observation(pause, 0 if seat is None else seat), seat)
            answer["between_hands"] = self.between_hands_json(pause)
            return answer
        observation = self.game.observation(0 if seat is None else seat)
        bonus_of = self.game.move_bonus if seat is not None and self.game.to_move == seat else None
        answer = view(self.table(), observation, seat, bonus_of)
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
            "title": self.info.title,
            "preset": self.preset,
            "status": self.status,
            "seats": [info.to_json(seat) for seat, info in enumerate(self.seats)],
            "human_seats": humans,
            "hot_seat": len(humans) > 1,
            "undo": len(humans) == 1,
            "undo_rule": UNDO_RULE if len(humans) == 1 else None,
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
        the commit). Each distinct view is built and encoded once, however many sockets share it."""
        cache: dict[int | None, str] = {}
        for listener in self.listeners if only is None else only:
            seat = self.resolve(listener.spec)
            if seat not in cache:
                cache[seat] = json.dumps({"type": "view", "cause": cause, "view": self.view(seat)})
            listener.offer(cache[seat])


class SessionManager:
    """Every game the server knows: creates, loads, plays, stores and broadcasts them."""

    def __init__(
        self,
        store: GameStore,
        *,
        ai_delay: float = 0.8,
        hand_pause: float | None = None,
        room_hand_wait: float = ROOM_HAND_WAIT,
        bus: LocalBus | None = None,
        settings: Settings | None = None,
    ) -> None:
        self.store = store
        self.ai_delay = ai_delay
        self.waits = HandWaits.from_setting(hand_pause, room_hand_wait)
        self.bus = bus if bus is not None else LocalBus()
        self.settings = settings if settings is not None else Settings()
        self.sessions: dict[str, GameSession] = {}
        self.broken: dict[str, str] = {}
        self.watchers: list[Watcher] = []
        self._background: set[asyncio.Task[None]] = set()
        self.hints = HintPool(self.settings.hint_workers, self.settings.hint_queue, self.settings.hint_timeout)
        self.store_error: str | None = None
        """Why the last write failed, while writes fail (None: the store is fine); /health shows it."""
        self.store_failed_at: datetime | None = None
        self._failures = 0
        self._sweeper: asyncio.Task[None] | None = None
        self.room_holds: Callable[[GameSession], bool] | None = None
        """Whether a room in memory still holds this game (set by the rooms): such a game stays."""
        self.evictors: list[Callable[[float], None]] = []
        """Called by the sweep with the idle time after which things leave memory (the rooms listen)."""

    # ------------------------------------------------------------------------------ life

    async def start(self) -> None:
        """Resume the unfinished games (the rooms' too) that changed lately: rebuild each, let the AI play
        on where it is to move, and run the clock on where a human is (a deadline that passed meanwhile is
        applied now). Older games stay on disk until someone asks for one (``load``)."""
        since = _now() - timedelta(seconds=self.settings.evict_after)
        for stored in self.store.find([PLAYING], updated_since=since):
            session = self._load(stored)
            if session is not None:
                self.kick_ai(session)
                self.arm_timer(session)
        self._sweeper = asyncio.create_task(self._sweep(), name="game-sweep")

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
        self.hints.close()
        tasks = [
            task
            for session in self.sessions.values()
            for task in (session.ai_task, session.timer_task, session.pause_task)
            if task is not None and not task.done()
        ]
        tasks += list(self._background)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    def _load(self, stored: StoredGame) -> GameSession | None:
        try:
            session = GameSession(stored, self.waits)
        except (BonepileError, ApiError, TypeError, ValueError, KeyError) as error:
            log.error("stored game %s does not replay: %s", stored.id, error)
            self.broken[stored.id] = stored.game
            return None
        self.sessions[stored.id] = session
        return session

    def load(self, game_id: str) -> GameSession:
        """Any game by id, a room's included (for the rooms; the solo API uses ``get``)."""
        session = self.sessions.get(game_id)
        if session is not None:
            self.touch(session)
            return session
        if not 0 < len(game_id) <= 32:
            raise unknown_game(game_id[:32])
        if game_id not in self.broken:
            stored = self.store.get(game_id)
            if stored is None:
                raise unknown_game(game_id)
            session = self._load(stored)
            if session is not None:
                self.kick_ai(session)
                self.arm_timer(session)
                return session
        raise ApiError(409, "broken_game", "this stored game no longer replays with this version of the engine")

    def get(self, game_id: str) -> GameSession:
        """A game of the solo API. A room's game is unknown here: this API trusts the seat a request names."""
        session = self.load(game_id)
        if session.room_id is not None:
            raise unknown_game(game_id)
        return session

    def touch(self, session: GameSession) -> None:
        """A client asked for the game: it stays in memory, and a clock that stopped for want of a client
        starts its turn afresh (docs: the turn timer)."""
        session.touched = time.monotonic()
        if session.clock_stopped:
            session.clock_stopped = False
            session.turn_started_at = _now()
            self.arm_timer(session)

    def present(self, session: GameSession) -> bool:
        """Whether a client is at a game: a room's game always (its players wait for each other); a game at
        one screen while a socket is open on it or a request came within ``client_grace`` seconds."""
        if session.room_id is not None or session.listeners:
            return True
        return time.monotonic() - session.touched <= self.settings.client_grace

    def summaries(self, status: str, limit: int, cursor: str | None) -> tuple[list[dict[str, Any]], str | None]:
        """A page of the solo games, most recently played first, and the cursor of the next page (None: the
        last page). A game not in memory is rebuilt for its summary and not kept."""
        statuses = None if status == "all" else [status]
        after = None if cursor is None else read_cursor(cursor)
        rows = self.store.find(statuses, in_rooms=False, limit=limit + 1, after=after)
        summaries = []
        for stored in rows[:limit]:
            if stored.id in self.broken:
                continue
            session = self.sessions.get(stored.id)
            try:
                summaries.append((session or GameSession(stored)).summary())
            except (BonepileError, ApiError, TypeError, ValueError, KeyError):
                continue
        following = None
        if len(rows) > limit:
            last = rows[limit - 1]
            following = f"{last.updated_at.isoformat()}|{last.id}"
        return summaries, following

    # ------------------------------------------------------------------------------ creating

    async def create(
        self,
        *,
        game: str,
        preset: str | None,
        players: int | None,
        seats: Sequence[dict[str, Any]] | None,
        options: dict[str, Any],
        seed: int | None,
        turn_time_limit: float | None = None,
    ) -> GameSession:
        entry = catalog.info(game)
        if seed is None:
            seed = secrets.randbelow(MAX_SEED + 1)
        elif not 0 <= seed <= MAX_SEED:
            raise ApiError(400, "bad_rules", f"seed must be a whole number from 0 to {MAX_SEED}")
        limit, options = checked_time_limit(game, turn_time_limit, options, self.settings)
        preset, engine_game = checked_rules(entry, game, preset, players, seats, options, self.settings)
        chosen = checked_seats(game, engine_game.num_players, seats)
        stored = self.store.create(
            game=game,
            preset=preset,
            options=dict(engine_game.rules.to_dict()),
            seats=chosen,
            seed=seed,
            turn_time_limit=limit,
        )
        return self.adopt(stored)

    def adopt(self, stored: StoredGame) -> GameSession:
        """Take a freshly stored game into memory and set it going (AI, clock)."""
        session = self._load(stored)
        if session is None:  # pragma: no cover - a fresh game always replays
            raise ApiError(409, "broken_game", "the new game could not be rebuilt")
        self.kick_ai(session)
        self.arm_timer(session)
        return session

    # ------------------------------------------------------------------------------ playing

    def _commit(self, session: GameSession, published: Mark) -> None:
        """Store the session's moves, if the stored game is still the version this session read.

        ``published`` is the state whose views had gone out before this
        change. If another process wrote first (``StaleWrite``), the session
        goes back to it and catches up from the database (pushing what it
        missed), and the error goes up so the caller can check its move
        again. On any other failure (the database is down, the disk full) it
        goes back to ``published`` too, which is what is stored, and the
        store counts as failing until a write succeeds again.
        """
        try:
            stored = self.store.save(
                session.id,
                session.texts,
                session.status,
                version=session.version,
                turn_started_at=session.turn_started_at,
                timeouts=sorted(session.timeouts),
            )
        except StaleWrite:
            session.restore(published)
            self._refresh(session)
            raise
        except Exception as error:
            session.restore(published)
            self._store_failed(error)
            raise
        self._take_stored(session, stored)
        self._store_recovered()

    # ------------------------------------------------------------------------------ the store's health

    def _store_failed(self, error: Exception) -> None:
        """A write failed: say so once to every socket (``status``: saving failed, retrying) and log it."""
        first = self.store_error is None
        self.store_error = f"{type(error).__name__}: {str(error).splitlines()[0][:200] if str(error) else ''}"
        self._failures += 1
        if first:
            self.store_failed_at = _now()
            log.error("a database write failed; retrying: %s", self.store_error)
            self._tell_everyone({"type": "status", "store": "retrying", "message": "saving failed, retrying"})

    def _store_recovered(self) -> None:
        self._failures = 0
        if self.store_error is None:
            return
        log.warning("the database takes writes again")
        self.store_error = None
        self.store_failed_at = None
        self._tell_everyone({"type": "status", "store": "ok", "message": "saved"})

    def _tell_everyone(self, message: dict[str, Any]) -> None:
        for session in self.sessions.values():
            for listener in session.listeners:
                listener.offer(message)

    def retry_pause(self) -> float:
        """How long to wait before writing again after ``_failures`` failures in a row (doubling, capped)."""
        return float(min(self.settings.store_retry_max, 0.25 * 2 ** min(self._failures, 16)))

    def health(self) -> dict[str, Any]:
        """``GET /health``: whether the database answers and takes writes (docs: health)."""
        reachable = True
        try:
            self.store.ping()
        except Exception as error:
            reachable = False
            if self.store_error is None:
                self.store_error = f"{type(error).__name__}: {str(error).splitlines()[0][:200]}"
        ok = reachable and self.store_error is None
        return {
            "status": "ok" if ok else "degraded",
            "store": {
                "ok": ok,
                "reachable": reachable,
                "error": self.store_error,
                "failing_since": None if self.store_failed_at is None else iso_ms(self.store_failed_at),
            },
            "games_in_memory": len(self.sessions),
        }

    @staticmethod
    def _take_stored(session: GameSession, stored: StoredGame) -> None:
        session.version = stored.version
        session.updated_at = stored.updated_at
        session.turn_started_at = stored.turn_started_at or stored.created_at
        session.timeouts = set(stored.timeouts)

    def _changed(self, session: GameSession, cause: str) -> None:
        """After a commit (lock held): push the views here, tell the other processes, go on with AI and clock."""
        session.changed_at = time.monotonic()
        session.publish(cause)
        for watcher in self.watchers:
            watcher(session, cause)
        if self.bus.shared:
            self.spawn(self.bus.publish({"kind": "game", "id": session.id, "version": session.version}))
        self.kick_ai(session)
        self.arm_timer(session)

    def _catch_up(self, session: GameSession) -> None:
        """With other processes on the database, take in their moves before deciding on a new one (lock
        held): a move decided on an old state would only lose the race and be checked again."""
        if not self._caught_up(session):
            raise unknown_game(session.id)

    def _caught_up(self, session: GameSession) -> bool:
        """As ``_catch_up``, for the server's own work (AI, clock): whether the game is still there."""
        if not session.abandoned and self.bus.shared and self.store.version_of(session.id) != session.version:
            self._refresh(session)
        return not session.abandoned

    def spawn(self, work: Coroutine[object, object, None]) -> None:
        """Run a coroutine in the background, kept until done (and cancelled at stop)."""
        task: asyncio.Task[None] = asyncio.ensure_future(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    def _refresh(self, session: GameSession) -> bool:
        """Catch up with the stored game (another process moved): apply and push each new move in turn.

        Called with the lock held. Returns whether anything changed.
        """
        stored = self.store.get(session.id)
        if stored is None and session.room_id is None:
            self._drop(session)  # abandoned through another process
            return True
        if stored is None or stored.version == session.version:
            return False
        mine = tuple(session.texts)
        causes: list[str] = []
        if stored.moves[: len(mine)] == mine:
            session.timeouts = set(stored.timeouts)
            for text in stored.moves[len(mine) :]:
                number = session.move_number + 1
                session.apply(session.seat_to_move(), text, timed_out=number in session.timeouts)
                cause = "timeout" if number in session.timeouts else "move"
                session.publish(cause)
                causes.append(cause)
        else:
            session.timeouts = set(stored.timeouts)
            shorter = len(stored.moves) < len(mine)
            session.rebuild(stored.moves)
            causes.append("undo" if shorter else "move")
            session.publish(causes[-1])
        self._take_stored(session, stored)
        for cause in causes[-1:]:
            for watcher in self.watchers:
                watcher(session, cause)
        self.kick_ai(session)
        self.arm_timer(session)
        return True

    async def refresh(self, game_id: str) -> None:
        """A bus event: game ``game_id`` changed on another process; catch up if it is in memory here."""
        session = self.sessions.get(game_id)
        if session is None:
            return
        async with session.lock:
            try:
                self._refresh(session)
            except (BonepileError, ValueError) as error:
                log.error("game %s no longer replays after another process's change: %s", game_id, error)

    async def continue_solo(self, game_id: str, seat: int, hand_number: int | None) -> dict[str, Any]:
        """The solo API's continue (the seat is as the request says)."""
        return await self.continue_hand(self.get(game_id), seat, hand_number)

    async def move(self, game_id: str, seat: int, text: str, move_number: int) -> tuple[LastMove, dict[str, Any]]:
        """A move of the solo API (the seat is as the request says)."""
        session = self.get(game_id)
        async with session.lock:
            if session.over:
                raise ApiError(409, "game_over", "the game is over")
            session.human_seat(seat)
        played, view = await self.play(session, seat, text, move_number)
        assert view is not None
        return played, view

    async def play(
        self, session: GameSession, seat: int, text: str, move_number: int, *, answer: bool = True
    ) -> tuple[LastMove, dict[str, Any] | None]:
        """Check and play a human seat's move, commit it, push it; answer the move and (with ``answer``)
        the seat's new view."""
        for _ in range(3):
            async with session.lock:
                self._catch_up(session)
                if session.over:
                    raise ApiError(409, "game_over", "the game is over")
                self._check_number(session, move_number)
                self._check_length(session)
                _check_not_paused(session)
                to_move = session.seat_to_move()
                if to_move != seat:
                    name = session.seats[to_move].name
                    raise ApiError(409, "not_your_turn", f"it is {possessive(name)} turn, not seat {seat}'s")
                try:
                    move = session.game.parse_move(text)
                except BonepileError as error:
                    raise move_error(error) from None
                if move not in session.game.legal_moves():
                    raise ApiError(400, "illegal_move", f"illegal move {text!r}")
                published = session.mark()
                played = session.apply(seat, move)
                try:
                    self._commit(session, published)
                except StaleWrite:
                    continue  # another process moved first: check this move again against the new state
                self._changed(session, "move")
                return played, session.view(seat) if answer else None
        raise ApiError(409, "stale_move", "the game moved on while this move was being played")

    def _check_length(self, session: GameSession) -> None:
        if session.move_number >= self.settings.max_moves:
            raise ApiError(
                409, "move_limit", f"this game has reached {self.settings.max_moves} moves, the most a game may have"
            )

    @staticmethod
    def _check_number(session: GameSession, move_number: int | None) -> None:
        if move_number is not None and move_number != session.move_number:
            raise ApiError(
                409,
                "stale_move",
                f"the game is at move {session.move_number}, not {move_number}: it has moved on since that view",
            )

    async def undo(self, game_id: str, seat: int, move_number: int | None) -> tuple[int, dict[str, Any]]:
        session = self.get(game_id)
        async with session.lock:
            if session.abandoned:
                raise unknown_game(game_id)
            if session.over:
                raise ApiError(409, "game_over", "the game is over")
            session.human_seat(seat)
            if session.humans != [seat]:
                raise ApiError(409, "cannot_undo", "undo is only for a table with one human player")
            self._check_number(session, move_number)
            refusal = session.undo_refusal(seat)
            if refusal is not None:
                raise ApiError(409, "cannot_undo", f"{refusal[0].upper()}{refusal[1:]}. {UNDO_RULE}")
            last = [i for i, mover in enumerate(session.movers) if mover == seat][-1]
            undone = session.move_number - last
            if session.ai_task is not None:
                session.ai_task.cancel()
            published = session.mark()
            session.rebuild(session.texts[:last])
            session.turn_started_at = _now()
            try:
                self._commit(session, published)
            except StaleWrite:
                raise ApiError(409, "stale_move", "the game moved on while the undo was being made") from None
            self._changed(session, "undo")
            answer = session.view(seat)
        return undone, answer

    async def hint(self, game_id: str, seat: int, level: str | None) -> dict[str, Any]:
        return await self.hint_in(self.get(game_id), seat, level)

    async def hint_in(self, session: GameSession, seat: int, level: str | None) -> dict[str, Any]:
        """The move the AI would play for ``seat`` now and its reasons (solo games and rooms alike)."""
        async with session.lock:
            if session.abandoned:
                raise unknown_game(session.id)
            if session.over:
                raise ApiError(409, "game_over", "the game is over")
            session.human_seat(seat)
            _check_not_paused(session)
            if session.game.to_move != seat:
                raise ApiError(409, "not_your_turn", "a hint is for the player to move")
            chosen = catalog.hint_level(session.name) if level is None else catalog.resolve_level(session.name, level)
            observation = session.game.observation(seat)
            legal = {entry["text"]: entry for entry in session.view(seat)["legal_moves"]}
            seed = agent_seed(session.seed, session.move_number, seat)
            names = [info.name for info in session.seats]
        text, reasons = await self.hints.run(choose_hint, chosen, session.name, seed, observation, legal, names)
        reason = "; ".join(item["text"] for item in reasons)
        return {"level": chosen, "move": legal[text], "reason": reason, "reasons": reasons}

    async def abandon(self, game_id: str, seat: int | None) -> None:
        """Give up an unfinished game of the solo API: it is removed from the store and every open table of
        it is told (docs: abandon). Asked for by one of its human seats, as every other request of this
        API is; a game with no human seat (the computer against itself) is abandoned without one."""
        session = self.get(game_id)
        async with session.lock:
            if session.abandoned:
                raise unknown_game(game_id)
            if session.over:
                raise ApiError(409, "game_over", "the game is over: a finished game is kept, not abandoned")
            if seat is not None or session.humans:
                if seat is None:
                    raise bad_seat("name one of the game's human seats to abandon it")
                session.human_seat(seat)
            if not self.store.delete(game_id):
                raise unknown_game(game_id)
            self._drop(session)
        if self.bus.shared:
            self.spawn(self.bus.publish({"kind": "game", "id": game_id, "version": None}))

    def _drop(self, session: GameSession) -> None:
        """Forget an abandoned game (lock held): stop its AI and clock, and close its sockets with a reason."""
        session.abandoned = True
        current = asyncio.current_task()
        for task in (session.ai_task, session.timer_task, session.pause_task):
            if task is not None and not task.done() and task is not current:
                task.cancel()
        self.sessions.pop(session.id, None)
        error = {"code": "abandoned", "message": "this game was abandoned: it is no longer kept"}
        for listener in session.listeners:
            listener.offer({"type": "error", "error": error})
            listener.offer(Close(4410, "abandoned"))
        session.listeners.clear()

    def record(self, game_id: str) -> dict[str, Any]:
        return record_of(self.get(game_id))

    # ------------------------------------------------------------------------------ memory and disk

    async def _sweep(self) -> None:
        """Now and then: let idle games leave memory, and delete what is past the retention period."""
        period = max(1.0, min(60.0, self.settings.evict_after / 4))
        last_purge = 0.0
        while True:
            await asyncio.sleep(period)
            try:
                self.evict_idle()
                if time.monotonic() - last_purge > min(3600.0, self.settings.retention_days * 86400 / 4):
                    last_purge = time.monotonic()
                    await asyncio.to_thread(self.purge)
            except Exception:
                log.exception("the sweep of idle and old games failed")

    def evict_idle(self) -> int:
        """Drop from memory every game that has had no socket, no request and no change for ``evict_after``
        seconds and has nothing running (an AI to move, a clock); ``load`` reads it again on demand."""
        idle = self.settings.evict_after
        for evictor in self.evictors:
            evictor(idle)
        now = time.monotonic()
        gone = []
        for game_id, session in self.sessions.items():
            busy = any(task is not None and not task.done() for task in (session.ai_task, session.timer_task))
            if (
                session.listeners
                or busy
                or session.lock.locked()
                or now - max(session.touched, session.changed_at) < idle
            ):
                continue
            if session.room_id is not None and self.room_holds is not None and self.room_holds(session):
                continue
            gone.append(game_id)
        for game_id in gone:
            del self.sessions[game_id]
        return len(gone)

    def purge(self) -> int:
        """Delete the games (and rooms) nobody has touched for ``retention_days``; whether finished or
        abandoned, they are past keeping (docs: retention)."""
        cutoff = _now() - timedelta(days=self.settings.retention_days)
        deleted = self.store.purge(before=cutoff)
        for game_id in deleted:
            session = self.sessions.get(game_id)
            if session is not None and not session.listeners:
                del self.sessions[game_id]
        if deleted:
            log.info("deleted %d games older than %g days", len(deleted), self.settings.retention_days)
        return len(deleted)

    # ------------------------------------------------------------------------------ the AI

    def kick_ai(self, session: GameSession) -> None:
        """Start the game's AI player if an AI seat is to move and none is running."""
        if session.ai_to_move() is None or (session.ai_task is not None and not session.ai_task.done()):
            return
        if session.move_number >= self.settings.max_moves:
            return
        session.ai_task = asyncio.create_task(self._play_ai(session), name=f"ai-{session.id}")

    async def _play_ai(self, session: GameSession) -> None:
        """Play the AI seats while one is to move: think and wait at once, then apply, commit and publish.

        A move that cannot be stored (the database down, the disk full) is
        tried again after a pause that doubles up to ``store_retry_max``, for
        as long as it takes: the game goes on by itself once the store is back.
        """
        while True:
            async with session.lock:
                state = self._sync(session)
                if state == GONE:
                    return
                if state == FAILING:
                    seat = None
                else:
                    seat = session.ai_to_move()
                    if seat is None or session.move_number >= self.settings.max_moves:
                        return
                    revision = session.revision
                    observation = session.game.observation(seat)
                    level = session.seats[seat].level
                    assert level is not None
                    agent = make_agent(level, session.name, agent_seed(session.seed, session.move_number, seat))
                    pause = self.ai_delay
            if seat is None:
                await asyncio.sleep(self.retry_pause())
                continue
            try:
                if pause > 0:
                    _, move = await asyncio.gather(asyncio.sleep(pause), asyncio.to_thread(agent.choose, observation))
                else:
                    move = await asyncio.to_thread(agent.choose, observation)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the AI of seat %s in game %s failed", seat, session.id)
                return
            async with session.lock:
                state = self._sync(session)
                if state == GONE:
                    return
                if state == FAILING:
                    failed = True
                elif session.revision != revision:
                    continue  # an undo (or another process) changed the game while the AI was thinking
                else:
                    published = session.mark()
                    session.apply(seat, move)
                    try:
                        self._commit(session, published)
                    except StaleWrite:
                        continue
                    except Exception:
                        log.warning("could not store the AI's move in game %s; trying again", session.id)
                        failed = True
                    else:
                        failed = False
                        self._changed(session, "move")
            if failed:
                await asyncio.sleep(self.retry_pause())

    def _sync(self, session: GameSession) -> str:
        """``_caught_up`` for the AI and the clock (lock held): ``OK``, ``GONE`` (the game was abandoned)
        or ``FAILING`` (the store did not answer: try again later)."""
        try:
            return OK if self._caught_up(session) else GONE
        except Exception as error:
            self._store_failed(error)
            return FAILING

    # ------------------------------------------------------------------------------ the clock

    def arm_timer(self, session: GameSession) -> None:
        """Make the game's timer wait for the current deadline (if any); a timer of an older state goes.
        Between hands, the timer is the pause's: the next hand starts at its deadline (if it has one)."""
        self._arm_pause(session)
        deadline = session.deadline()
        key = None if deadline is None else (session.revision, deadline)
        task = session.timer_task
        if key == session.timer_for and task is not None and not task.done():
            return
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()
        session.timer_for = key
        session.timer_task = None
        if deadline is not None:
            session.timer_task = asyncio.create_task(
                self._run_timer(session, session.revision, deadline), name=f"clock-{session.id}"
            )

    def _arm_pause(self, session: GameSession) -> None:
        pause = session.pause
        task = session.pause_task
        if task is not None and not task.done() and task is not asyncio.current_task():
            if pause is not None and session.pause_for is pause:
                return
            task.cancel()
        session.pause_task = None
        session.pause_for = None
        if pause is not None and pause.deadline is not None:
            session.pause_task = asyncio.create_task(self._run_pause(session, pause), name=f"pause-{session.id}")
            session.pause_for = pause

    async def _run_pause(self, session: GameSession, pause: Pause) -> None:
        """At the pause's deadline, if the table is still waiting on it, deal the next hand."""
        assert pause.deadline is not None
        delay = (pause.deadline - _now()).total_seconds()
        if delay > 0:
            await asyncio.sleep(delay)
        async with session.lock:
            if session.pause is pause:
                self._go_on(session)

    def _go_on(self, session: GameSession) -> None:
        """End the pause (lock held): push the next hand's views, let the AI and the clock run."""
        session.end_pause()
        session.publish("next_hand")
        for watcher in self.watchers:
            watcher(session, "next_hand")
        self.kick_ai(session)
        self.arm_timer(session)

    async def continue_hand(self, session: GameSession, seat: int, hand_number: int | None) -> dict[str, Any]:
        """A human seat has seen how the hand ended and continues: at one screen the next hand is dealt at
        once; in a room it is once every human seat has continued (or the room's wait ran out). A continue
        for a hand already left behind changes nothing (a double click, a second tab). Answers the seat's view."""
        async with session.lock:
            if session.abandoned:
                raise unknown_game(session.id)
            session.human_seat(seat)
            pause = session.pause
            if pause is not None and (hand_number is None or hand_number == pause.hand_number):
                pause.continued.add(seat)
                if session.room_id is None or set(session.humans) <= pause.continued:
                    self._go_on(session)
                else:
                    session.publish("continued")
            elif pause is None and hand_number is not None and hand_number > len(session.game.hand_summaries):
                raise ApiError(409, "hand_in_play", f"hand {hand_number} has not ended: play on")
            return session.view(seat)

    async def _run_timer(self, session: GameSession, revision: int, deadline: datetime) -> None:
        """At the deadline, if the game has not moved meanwhile, make the seat's move for it and push it.

        A game at one screen with no client there does not time out: its
        clock stops until a client is back (``touch``), so a game nobody
        watches is never played on by the clock. A move that cannot be
        stored is tried again, as the AI's is.
        """
        delay = (deadline - _now()).total_seconds()
        if delay > 0:
            await asyncio.sleep(delay)
        while True:
            async with session.lock:
                state = self._sync(session)
                if state == GONE:
                    return
                if state == OK:
                    if session.revision != revision or session.over:
                        return
                    if not self.present(session):
                        session.clock_stopped = True
                        session.timer_for = None
                        return
                    if session.move_number >= self.settings.max_moves:
                        return
                    seat = session.seat_to_move()
                    try:
                        move = session.timeout_move()
                    except Exception:
                        log.exception("no time-out move for seat %s in game %s", seat, session.id)
                        return
                    published = session.mark()
                    session.apply(seat, move, timed_out=True)
                    try:
                        self._commit(session, published)
                    except StaleWrite:
                        return  # another process moved (or timed out) first; its state has been taken in
                    except Exception:
                        log.warning("could not store the time-out move in game %s; trying again", session.id)
                        revision = session.revision
                    else:
                        session.timer_for = None
                        self._changed(session, "timeout")
                        return
            await asyncio.sleep(self.retry_pause())


def choose_hint(
    level: str, game: str, seed: int, observation: Observation, legal: dict[str, dict[str, Any]], names: list[str]
) -> tuple[str, list[dict[str, Any]]]:
    """A hint, in a worker process: the move the agent ``level`` (seeded with ``seed``) chooses, as its
    text, and the agent's reasons for it (which may read what its search found)."""
    agent = make_agent(level, game, seed)
    move = agent.choose(observation)
    return str(move), hint_reasons(agent, observation, move, legal[str(move)], names, game)


def read_cursor(cursor: str) -> tuple[datetime, str]:
    """A page cursor of ``GET /api/games`` (the last game of the page before), or ``400 bad_cursor``."""
    moment, _, game_id = cursor.partition("|")
    try:
        when = datetime.fromisoformat(moment)
    except ValueError:
        raise ApiError(400, "bad_cursor", "cursor is not one this server gave") from None
    if not game_id or len(game_id) > 32 or len(cursor) > 80:
        raise ApiError(400, "bad_cursor", "cursor is not one this server gave")
    return (when if when.tzinfo else when.replace(tzinfo=UTC)), game_id


def _check_not_paused(session: GameSession) -> None:
    pause = session.pause
    if pause is not None:
        raise ApiError(
            409, "between_hands", f"hand {pause.hand_number} has ended: continue to deal hand {pause.hand_number + 1}"
        )


def record_of(session: GameSession) -> dict[str, Any]:
    """The record of a finished game (it holds the seed, which would show every hand of a game in play)."""
    if not session.over:
        raise ApiError(
            409, "record_unavailable", "the record is available once the game is over (its seed shows every hand)"
        )
    record: dict[str, Any] = session.game.to_record([info.name for info in session.seats])
    return record


def checked_rules(
    entry: GameKind,
    game: str,
    preset: str | None,
    players: int | None,
    seats: Sequence[dict[str, Any]] | None,
    options: dict[str, Any],
    settings: Settings,
) -> tuple[str, Game]:
    """The preset and an engine game built with these rules (seed 0), or ``400 bad_rules`` (a target
    over ``max_target`` too: a game must end in a time a player would sit through)."""
    preset = entry.default_preset if preset is None else preset
    if preset not in entry.presets:
        raise ApiError(400, "bad_rules", f"unknown preset {preset!r}; choose one of {', '.join(entry.presets)}")
    if players is not None and seats is not None and players != len(seats):
        raise ApiError(400, "bad_rules", f"{len(seats)} seats given for {players} players")
    count = len(seats) if seats is not None else players
    try:
        engine_game = entry.new_game(preset, count, 0, **options)
    except BonepileError as error:
        raise ApiError(400, "bad_rules", error.public) from None
    except (TypeError, ValueError, OverflowError, RecursionError):
        raise ApiError(400, "bad_rules", "bad options for this game") from None
    target = getattr(engine_game.rules, "target", None)
    if isinstance(target, int) and target > settings.max_target:
        raise ApiError(400, "bad_rules", f"target must be at most {settings.max_target}")
    return preset, engine_game


HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})
"""Unicode categories a name loses: control, format (direction overrides such as U+202E, zero-width
characters), private, unassigned and line characters, which could make one name pass for another."""


def clean_name(name: str) -> str:
    """A name as shown: the hidden and control characters dropped, every run of spaces made one."""
    kept = "".join(
        " " if unicodedata.category(c) == "Zs" else c for c in name if unicodedata.category(c) not in HIDDEN_CATEGORIES
    )
    return " ".join(kept.split())


def checked_name(name: str | None, default: str, seat: int) -> str:
    """A seat's name: cleaned (``clean_name``), 1-24 characters, else the default."""
    chosen = clean_name(name or "") or default
    if len(chosen) > 24:
        raise ApiError(400, "bad_rules", f"seat {seat}'s name is longer than 24 characters")
    return chosen


def checked_seats(
    game: str, count: int, seats: Sequence[dict[str, Any]] | None, *, lone_you: bool = True
) -> list[dict[str, Any]]:
    """The seats as stored, with the defaults filled in and every AI level checked.

    A lone human is "You" by default at one screen (``lone_you``); in a room
    every human is a different person, so each is "Player N". A lone AI is
    "Computer"; several are numbered by seat ("Computer 2", "Computer 3").
    """
    if seats is None:
        seats = [{"kind": "human"}] + [{"kind": "ai"} for _ in range(count - 1)]
    humans = sum(1 for seat in seats if seat["kind"] == "human")
    machines = len(seats) - humans
    chosen = []
    for number, seat in enumerate(seats, start=1):
        kind = seat["kind"]
        level = seat.get("level")
        if kind == "human":
            if level is not None:
                raise ApiError(400, "bad_rules", f"seat {number - 1} is human: it has no AI level")
            default = "You" if humans == 1 and lone_you else f"Player {number}"
        else:
            level = catalog.resolve_level(game, level)
            default = "Computer" if machines == 1 else f"Computer {number}"
        chosen.append({"kind": kind, "name": checked_name(seat.get("name"), default, number - 1), "level": level})
    return chosen
