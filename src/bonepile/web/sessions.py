"""Every game the server knows: the manager that creates, loads, plays, stores and broadcasts them.

A game in memory is a ``GameSession`` (``bonepile.web.live``); the checks of
what a request asks for are ``bonepile.web.checks``. This module runs them:
the order of a move (validate, apply, commit the new move list, then push the
views), the AI seats and the turn timer as background tasks, the pause between
hands, the hint pool, the store's health and retries, and the bus that keeps
several processes on one database in step (see ``bonepile.web.live`` for why
games are rebuilt from their moves, and for the locking).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Coroutine, Sequence
from datetime import datetime, timedelta
from typing import Any

from bonepile.ai.base import make_agent
from bonepile.core.errors import BonepileError
from bonepile.core.protocol import Observation
from bonepile.core.seeds import move_seed as agent_seed
from bonepile.i18n import _, using
from bonepile.i18n import current as current_language
from bonepile.store.batch import GroupWriter
from bonepile.store.db import PLAYING, GameStore, Save, StaleWrite, StoredGame
from bonepile.web import catalog
from bonepile.web.bus import LocalBus
from bonepile.web.checks import (
    check_number,
    checked_move,
    checked_name,
    checked_rules,
    checked_seats,
    checked_time_limit,
    clean_name,
    read_cursor,
)
from bonepile.web.errors import ApiError, bad_seat, unknown_game
from bonepile.web.live import (
    ROOM_HAND_WAIT,
    TIMEOUT_AGENT,
    UNATTENDED_HAND_WAIT,
    UNDO_RULE,
    Close,
    GameSession,
    HandWaits,
    Listener,
    Mark,
    Outgoing,
    Pause,
    Played,
    SeatSpec,
    Watcher,
    record_of,
    socket_language,
)
from bonepile.web.live import check_not_paused as _check_not_paused
from bonepile.web.settings import Settings
from bonepile.web.times import iso_ms
from bonepile.web.times import now as _now
from bonepile.web.views import hint_reasons
from bonepile.web.workers import AiPool, HintPool

log = logging.getLogger(__name__)

OK, GONE, FAILING = "ok", "gone", "failing"
"""How a game is for the server's own work (``SessionManager._sync``)."""

MAX_SEED = 2**53 - 1
"""Seeds stay exact in a browser's numbers."""

__all__ = [
    "FAILING",
    "GONE",
    "MAX_SEED",
    "OK",
    "ROOM_HAND_WAIT",
    "TIMEOUT_AGENT",
    "UNATTENDED_HAND_WAIT",
    "UNDO_RULE",
    "Close",
    "GameSession",
    "HandWaits",
    "Listener",
    "Mark",
    "Outgoing",
    "Pause",
    "SeatSpec",
    "SessionManager",
    "Watcher",
    "agent_seed",
    "checked_name",
    "checked_rules",
    "checked_seats",
    "checked_time_limit",
    "choose_hint",
    "clean_name",
    "iso_ms",
    "read_cursor",
    "record_of",
    "socket_language",
]


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
        self.writer = GroupWriter(store, batch=self.settings.store_batch)
        """Where the moves' saves go: one thread, many games' saves to a commit (``_commit``)."""
        self.sessions: dict[str, GameSession] = {}
        self.broken: dict[str, str] = {}
        self.watchers: list[Watcher] = []
        self._background: set[asyncio.Task[None]] = set()
        self.hints = HintPool(self.settings.hint_workers, self.settings.hint_queue, self.settings.hint_timeout)
        self.thinkers = AiPool(self.settings.ai_workers, self.settings.ai_timeout)
        """Where the AI seats choose: a search in a worker process, off the sockets' event loop."""
        self.store_error: str | None = None
        """Why the last write failed, while writes fail (None: the store is fine); /health shows it."""
        self.store_failed_at: datetime | None = None
        self.store_ok_since = _now()
        """Since when the store has been fine (while ``store_error`` is None)."""
        self.store_last_error: str | None = None
        """The last error the store met, kept after it is over (for /health), and when."""
        self.store_last_error_at: datetime | None = None
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
        self.thinkers.close()
        await asyncio.to_thread(self.writer.close)

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
        """A game by id, any room's included (for the rooms; the solo API uses ``get``)."""
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
        raise ApiError(409, "broken_game", _("this stored game no longer replays with this version of the engine"))

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
            raise ApiError(400, "bad_rules", _("seed must be a whole number from 0 to {most}", most=MAX_SEED))
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
            raise ApiError(409, "broken_game", _("the new game could not be rebuilt"))
        self.kick_ai(session)
        self.arm_timer(session)
        return session

    # ------------------------------------------------------------------------------ playing

    async def _commit(self, session: GameSession, published: Mark) -> None:
        """Store the session's moves, if the stored game is still the version this session read (lock held).

        ``published`` is the state whose views had gone out before this
        change. The save goes to the store's writer (``bonepile.store.batch``:
        many games' saves share one commit) and this waits for its own
        result, the game's lock held, so nothing of the change is shown
        before it is stored. If another process wrote first (``StaleWrite``),
        the session goes back to it and catches up from the database
        (pushing what it missed), and the error goes up so the caller can
        check its move again. On any other failure (the database is down,
        the disk full) it goes back to ``published`` too, which is what is
        stored, and the store counts as failing until a write succeeds again.
        Cancelled while waiting (the server stopping), it goes back to
        ``published`` as well: the write may still land, and a later save
        then finds it and catches up, so memory is never ahead of the store.
        """
        save = Save(
            session.id,
            tuple(session.texts),
            session.status,
            session.version,
            session.turn_started_at,
            tuple(sorted(session.timeouts)),
        )
        try:
            stored = await self.writer.save(save)
        except StaleWrite:
            session.restore(published)
            self._refresh(session)
            raise
        except KeyError:  # the stored game is gone: abandoned through another process
            session.restore(published)
            self._refresh(session)
            raise unknown_game(session.id) from None
        except asyncio.CancelledError:
            session.restore(published)
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
        self._note_store_error(self.store_error)
        self._failures += 1
        if first:
            self.store_failed_at = _now()
            log.error("a database write failed; retrying: %s", self.store_error)
            self._tell_everyone(retrying_status)

    def _store_recovered(self) -> None:
        self._failures = 0
        if self.store_error is None:
            return
        log.warning("the database takes writes again")
        self.store_error = None
        self.store_failed_at = None
        self.store_ok_since = _now()
        self._tell_everyone(saved_status)

    def _tell_everyone(self, make: Callable[[], dict[str, Any]]) -> None:
        """Queue the message ``make`` makes on every socket, made in each socket's language."""
        for session in self.sessions.values():
            for listener in session.listeners:
                listener.say(make)

    def retry_pause(self) -> float:
        """How long to wait before writing again after ``_failures`` failures in a row (doubling, capped)."""
        return float(min(self.settings.store_retry_max, 0.25 * 2 ** min(self._failures, 16)))

    def health(self) -> dict[str, Any]:
        """``GET /health``: whether the database answers and takes writes, and whether the bus carries events;
        each with ``ok``, ``since`` (when it became so) and its last error (docs/server.md: health)."""
        reachable = True
        try:
            self.store.ping()
        except Exception as error:
            reachable = False
            if self.store_error is None:
                self.store_error = f"{type(error).__name__}: {str(error).splitlines()[0][:200]}"
                self.store_failed_at = _now()
                self._note_store_error(self.store_error)
        if reachable and self.store_error is not None and self._failures == 0:
            self._store_recovered()  # only a read had failed (no write waits to be retried): fine again
        ok = reachable and self.store_error is None
        bus = self.bus.health()
        return {
            "status": "ok" if ok and bus["ok"] else "degraded",
            "store": {
                "ok": ok,
                "since": iso_ms(self.store_ok_since if self.store_failed_at is None else self.store_failed_at),
                "reachable": reachable,
                "error": self.store_error,
                "failing_since": None if self.store_failed_at is None else iso_ms(self.store_failed_at),
                "last_error": self.store_last_error,
                "last_error_at": None if self.store_last_error_at is None else iso_ms(self.store_last_error_at),
            },
            "bus": bus,
            "games_in_memory": len(self.sessions),
        }

    def _note_store_error(self, error: str) -> None:
        self.store_last_error = error
        self.store_last_error_at = _now()

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

    def current(self, session: GameSession) -> None:
        """Before a view is shown from memory (lock held): with other processes on the database, catch up if
        the stored game moved on (one primary-key read), so that a lost bus event never lets a stale view pass
        for the current one. A database that does not answer leaves the game as it is (and says so)."""
        if not self.bus.shared or session.abandoned:
            return
        try:
            self._caught_up(session)
        except (BonepileError, ValueError) as error:
            log.error("game %s no longer replays after another process's change: %s", session.id, error)
        except Exception as error:
            self._store_failed(error)

    async def fresh(self, game_id: str) -> GameSession:
        """``get``, caught up with the database first (``current``)."""
        session = self.get(game_id)
        # Taken even with one process: it waits for a move being stored (``_commit``) to be kept or undone.
        async with session.lock:
            if self.bus.shared:
                self.current(session)
        if session.abandoned:
            raise unknown_game(game_id)
        return session

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

    async def move(self, game_id: str, seat: int, text: str, move_number: int) -> tuple[Played, dict[str, Any]]:
        """A move of the solo API (the seat is as the request says)."""
        session = self.get(game_id)
        async with session.lock:
            if session.over:
                raise ApiError(409, "game_over", _("the game is over"))
            session.human_seat(seat)
        played, view = await self.play(session, seat, text, move_number)
        assert view is not None
        return played, view

    async def play(
        self, session: GameSession, seat: int, text: str, move_number: int, *, answer: bool = True
    ) -> tuple[Played, dict[str, Any] | None]:
        """Check and play a human seat's move, commit it, push it; answer the move and (with ``answer``)
        the seat's new view.

        With other processes on the database the move is checked against the game in memory first, without
        reading the database: its save is conditional on the version it was checked against, so a move
        checked on a state another process has moved past is never stored (``StaleWrite``: caught up, and
        checked again). Only a refusal is made sure of first: the game is read from the database, and if it
        had moved on the move is checked again against that. So no move costs a read, and every answer is of
        the stored game.
        """
        for _attempt in range(3):
            async with session.lock:
                if session.abandoned:
                    raise unknown_game(session.id)
                try:
                    move = checked_move(session, seat, text, move_number, self.settings.max_moves)
                except ApiError:
                    version = session.version
                    self._catch_up(session)
                    if session.version == version:
                        raise  # refused by the stored game itself
                    continue  # another process had moved: check it again against what it did
                published = session.mark()
                played = session.apply(seat, move)
                try:
                    await self._commit(session, published)
                except StaleWrite:
                    continue  # another process moved first: check this move again against the new state
                self._changed(session, "move")
                return played, session.view(seat) if answer else None
        raise ApiError(409, "stale_move", _("the game moved on while this move was being played"))

    async def undo(self, game_id: str, seat: int, move_number: int | None) -> tuple[int, dict[str, Any]]:
        session = self.get(game_id)
        async with session.lock:
            if session.abandoned:
                raise unknown_game(game_id)
            if session.over:
                raise ApiError(409, "game_over", _("the game is over"))
            session.human_seat(seat)
            if session.humans != [seat]:
                raise ApiError(409, "cannot_undo", _("undo is only for a table with one human player"))
            check_number(session, move_number)
            refusal = session.undo_refusal(seat)
            if refusal is not None:
                # TRANSLATORS: {reason} is why this undo cannot be made (a sentence), {rule} the rule of undo.
                message = _("{reason}. {rule}", reason=_(refusal), rule=_(UNDO_RULE))
                raise ApiError(409, "cannot_undo", message)
            last = [i for i, mover in enumerate(session.movers) if mover == seat][-1]
            undone = session.move_number - last
            if session.ai_task is not None:
                session.ai_task.cancel()
            published = session.mark()
            session.rebuild(session.texts[:last])
            session.turn_started_at = _now()
            try:
                await self._commit(session, published)
            except StaleWrite:
                raise ApiError(409, "stale_move", _("the game moved on while the undo was being made")) from None
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
                raise ApiError(409, "game_over", _("the game is over"))
            session.human_seat(seat)
            _check_not_paused(session)
            if session.game.to_move != seat:
                raise ApiError(409, "not_your_turn", _("a hint is for the player to move"))
            chosen = catalog.hint_level(session.name) if level is None else catalog.resolve_level(session.name, level)
            observation = session.game.observation(seat)
            legal = {entry["text"]: entry for entry in session.view(seat)["legal_moves"]}
            seed = agent_seed(session.seed, session.move_number, seat)
            names = [info.name for info in session.seats]
        text, reasons = await self.hints.run(
            choose_hint, chosen, session.name, seed, observation, legal, names, current_language()
        )
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
                raise ApiError(409, "game_over", _("the game is over: a finished game is kept, not abandoned"))
            if seat is not None or session.humans:
                if seat is None:
                    raise bad_seat(_("name one of the game's human seats to abandon it"))
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
        for listener in session.listeners:
            listener.say(abandoned_error)
            listener.offer(Close(4410, "abandoned"))
        session.listeners.clear()

    async def record(self, game_id: str) -> dict[str, Any]:
        """The game's record, read under its lock: a move still being stored is not in it (``_commit``)."""
        session = self.get(game_id)
        async with session.lock:
            return record_of(session)

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
                    assert level is not None  # an AI seat has one
                    seed = agent_seed(session.seed, session.move_number, seat)
                    agent = make_agent(level, session.name, seed)
                    pause = self.ai_delay
            if seat is None:
                await asyncio.sleep(self.retry_pause())
                continue
            assert level is not None  # an AI seat has one
            try:
                thinking = self.thinkers.choose(agent, level, session.name, seed, observation)
                if pause > 0:
                    _slept, move = await asyncio.gather(asyncio.sleep(pause), thinking)
                else:
                    move = await thinking
            except asyncio.CancelledError:
                raise
            except Exception:
                # A fault of the agent must not leave the game waiting for ever on a seat that never moves: the
                # seat plays the move a run-out clock would (a random legal one, the same seed), and it is logged.
                log.exception("the AI of seat %s in game %s failed; it plays a random legal move", seat, session.id)
                try:
                    move = await asyncio.to_thread(make_agent(TIMEOUT_AGENT, session.name, seed).choose, observation)
                except Exception:
                    log.exception("the fallback AI of seat %s in game %s failed too", seat, session.id)
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
                        await self._commit(session, published)
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
                raise ApiError(409, "hand_in_play", _("hand {number} has not ended: play on", number=hand_number))
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
                        await self._commit(session, published)
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
    level: str,
    game: str,
    seed: int,
    observation: Observation,
    legal: dict[str, dict[str, Any]],
    names: list[str],
    language: str = "en",
) -> tuple[str, list[dict[str, Any]]]:
    """A hint, in a worker process: the move the agent ``level`` (seeded with ``seed``) chooses, as its
    text, and the agent's reasons for it (which may read what its search found), in ``language`` (a worker
    process does not share the asking request's context)."""
    agent = make_agent(level, game, seed)
    move = agent.choose(observation)
    with using(language):
        return str(move), hint_reasons(agent, observation, move, legal[str(move)], names, game)


def retrying_status() -> dict[str, Any]:
    """What every socket is told while writes fail (in the current language)."""
    # TRANSLATORS: a status line shown while the server cannot save the game to its database.
    return {"type": "status", "store": "retrying", "message": _("saving failed, retrying")}


def saved_status() -> dict[str, Any]:
    """What every socket is told once writes work again."""
    # TRANSLATORS: a status line shown once the server saves games again after a failure.
    return {"type": "status", "store": "ok", "message": _("saved")}


def abandoned_error() -> dict[str, Any]:
    """What a socket of an abandoned game is told before it is closed."""
    return {
        "type": "error",
        "error": {"code": "abandoned", "message": _("this game was abandoned: it is no longer kept")},
    }
