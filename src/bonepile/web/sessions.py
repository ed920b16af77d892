"""Live games on the server: each one rebuilt from its seed and moves, played, stored and broadcast.

Why games are rebuilt rather than saved: the seed and the moves are the whole
truth of a game (the engines replay them exactly), so the database holds only
those, and every restart, undo or cold read replays them through the engine.

Order of a move, so that nothing is ever shown that is not stored:
validate and apply it on the engine, commit the new move list, then push the
new views to every socket of the game. AI seats play on the server, one move
at a time, at a human pace (``ai_delay`` before each AI move, ``hand_pause``
after a move that ended a hand); each AI move goes the same way.

Concurrency: each game has an ``asyncio.Lock`` held while its state changes
and while its views are queued; the AI thinks in a worker thread, outside the
lock, from an (immutable) observation, and its move is applied only if the
game has not changed meanwhile (``revision``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from bonepile.ai.base import make_agent
from bonepile.core.errors import BonepileError
from bonepile.games import GameInfo
from bonepile.store.db import OVER, PLAYING, GameStore, StoredGame
from bonepile.web import catalog
from bonepile.web.errors import ApiError, bad_seat, move_error, unknown_game
from bonepile.web.views import LastMove, SeatInfo, Table, hint_reason, move_words, sides_json, view

log = logging.getLogger(__name__)

SeatSpec = int | Literal["turn"] | None
"""Whose view: a seat, the human seat to move (``"turn"``), or the public view (None)."""

MAX_SEED = 2**53 - 1
"""Seeds stay exact in a browser's numbers."""


def _iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def agent_seed(seed: int, move_number: int, seat: int) -> int:
    """The seed of the agent choosing move ``move_number``: fixed by the game, so a resumed game plays on the same."""
    return (seed * 1_000_003 + move_number * 8_191 + seat) % 2**63


@dataclass(eq=False)
class Listener:
    """One open WebSocket: its seat spec and the queue of messages waiting to be sent."""

    spec: SeatSpec
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)


class GameSession:
    """One game in memory: the engine's game, rebuilt from the stored seed and moves, and its sockets."""

    def __init__(self, stored: StoredGame) -> None:
        self.id = stored.id
        self.name = stored.game
        self.info: GameInfo = catalog.info(stored.game)
        self.preset = stored.preset
        self.options = dict(stored.options)
        self.seed = stored.seed
        self.seats = tuple(
            SeatInfo(kind=str(seat["kind"]), name=str(seat["name"]), level=seat.get("level")) for seat in stored.seats
        )
        self.created_at = stored.created_at
        self.updated_at = stored.updated_at
        self.lock = asyncio.Lock()
        self.listeners: set[Listener] = set()
        self.ai_task: asyncio.Task[None] | None = None
        self.revision = 0
        self.game: Any = None
        self.texts: list[str] = []
        self.movers: list[int] = []
        self.hands_at: list[int] = []
        """For each move, how many hands had ended before it (a move may be undone only in the hand in play)."""
        self.ended_hand = False
        self.rebuild(stored.moves)

    # ------------------------------------------------------------------------------ state

    def new_game(self) -> Any:
        overrides = {key: value for key, value in self.options.items() if key not in ("preset", "players")}
        return self.info.new_game(self.preset, len(self.seats), self.seed, **overrides)

    def rebuild(self, texts: Sequence[str]) -> None:
        """Replay the seed and ``texts`` through the engine (raises ``BonepileError`` if a move does not replay)."""
        game = self.new_game()
        movers: list[int] = []
        hands_at: list[int] = []
        ended = False
        for text in texts:
            seat = game.to_move
            hands_at.append(len(game.hand_summaries))
            ended = game.play(text) is not None
            movers.append(seat)
        self.game = game
        self.texts = [str(move) for move in game.moves]
        self.movers = movers
        self.hands_at = hands_at
        self.ended_hand = ended
        self.revision += 1

    def apply(self, seat: int, move: Any) -> LastMove:
        """Play a legal move of ``seat`` on the engine and note who made it."""
        hands_before = len(self.game.hand_summaries)
        self.ended_hand = self.game.play(move, player=seat) is not None
        self.texts.append(str(move))
        self.movers.append(seat)
        self.hands_at.append(hands_before)
        self.revision += 1
        return self.last_move_of(move)

    def last_move_of(self, move: Any) -> LastMove:
        seat = self.movers[-1]
        return LastMove(len(self.texts), seat, self.texts[-1], move_words(self.seats[seat].name, move))

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
        seat = self.game.to_move
        return seat if seat is not None and self.seats[seat].kind == "ai" else None

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
        )

    def human_seat(self, seat: int) -> int:
        """``seat`` if it is a human seat of this game, else ``400 bad_seat``."""
        if not 0 <= seat < len(self.seats):
            raise bad_seat(f"no seat {seat}: this game has seats 0 to {len(self.seats) - 1}")
        if self.seats[seat].kind != "human":
            raise bad_seat(f"seat {seat} is played by the AI: its tiles are hidden")
        return seat

    def resolve(self, spec: SeatSpec) -> int | None:
        """The seat whose view ``spec`` asks for now (None: the public view)."""
        if spec == "turn":
            seat = self.game.to_move
            return seat if seat is not None and self.seats[seat].kind == "human" else None
        return spec

    def view(self, spec: SeatSpec) -> dict[str, Any]:
        seat = self.resolve(spec)
        observation = self.game.observation(0 if seat is None else seat)
        bonus_of = None
        if self.name == "triominoes" and seat is not None and self.game.to_move == seat:
            bonus_of = self.game.round.placement_bonus
        return view(self.table(), observation, seat, bonus_of)

    def summary(self) -> dict[str, Any]:
        game = self.game
        humans = self.humans
        return {
            "id": self.id,
            "game": self.name,
            "title": catalog.GAMES[self.name],
            "preset": self.preset,
            "status": self.status,
            "seats": [info.to_json(seat) for seat, info in enumerate(self.seats)],
            "human_seats": humans,
            "hot_seat": len(humans) > 1,
            "undo": len(humans) == 1,
            "turn": game.to_move,
            "move_number": self.move_number,
            "hand_number": len(game.hand_summaries) + (0 if self.over else 1),
            "hand_word": catalog.HAND_WORDS[self.name],
            "sides": sides_json(self.table(), game.rules, game.scores),
            "winner_sides": sorted(game.winners),
            "created_at": _iso(self.created_at),
            "updated_at": _iso(self.updated_at),
        }

    def publish(self, cause: str) -> None:
        """Queue the new view on every socket of the game (called with the lock held, after the commit)."""
        cache: dict[int | None, dict[str, Any]] = {}
        for listener in self.listeners:
            seat = self.resolve(listener.spec)
            if seat not in cache:
                cache[seat] = self.view(seat)
            listener.queue.put_nowait({"type": "view", "cause": cause, "view": cache[seat]})


class SessionManager:
    """Every game the server knows: creates, loads, plays, stores and broadcasts them."""

    def __init__(self, store: GameStore, *, ai_delay: float = 0.8, hand_pause: float = 2.5) -> None:
        self.store = store
        self.ai_delay = ai_delay
        self.hand_pause = hand_pause
        self.sessions: dict[str, GameSession] = {}
        self.broken: dict[str, str] = {}

    # ------------------------------------------------------------------------------ life

    async def start(self) -> None:
        """Resume every unfinished game: rebuild it, and let the AI play on where it is to move."""
        for stored in self.store.find([PLAYING]):
            session = self._load(stored)
            if session is not None:
                self.kick_ai(session)

    async def stop(self) -> None:
        tasks = [s.ai_task for s in self.sessions.values() if s.ai_task is not None and not s.ai_task.done()]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def _load(self, stored: StoredGame) -> GameSession | None:
        try:
            session = GameSession(stored)
        except (BonepileError, ApiError, TypeError, ValueError, KeyError) as error:
            log.error("stored game %s does not replay: %s", stored.id, error)
            self.broken[stored.id] = stored.game
            return None
        self.sessions[stored.id] = session
        return session

    def get(self, game_id: str) -> GameSession:
        session = self.sessions.get(game_id)
        if session is not None:
            return session
        if game_id not in self.broken:
            stored = self.store.get(game_id)
            if stored is None:
                raise unknown_game(game_id)
            session = self._load(stored)
            if session is not None:
                return session
        raise ApiError(409, "broken_game", "this stored game no longer replays with this version of the engine")

    def summaries(self, status: str) -> list[dict[str, Any]]:
        statuses = None if status == "all" else [status]
        summaries = []
        for stored in self.store.find(statuses):
            if stored.id in self.broken:
                continue
            try:
                summaries.append(self.get(stored.id).summary())
            except ApiError:
                continue
        return summaries

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
    ) -> GameSession:
        entry = catalog.info(game)
        preset = entry.default_preset if preset is None else preset
        if preset not in entry.presets:
            raise ApiError(400, "bad_rules", f"unknown preset {preset!r}; choose one of {', '.join(entry.presets)}")
        if players is not None and seats is not None and players != len(seats):
            raise ApiError(400, "bad_rules", f"{len(seats)} seats given for {players} players")
        if seed is None:
            seed = secrets.randbelow(MAX_SEED + 1)
        elif not 0 <= seed <= MAX_SEED:
            raise ApiError(400, "bad_rules", f"seed must be a whole number from 0 to {MAX_SEED}")
        count = len(seats) if seats is not None else players
        try:
            engine_game = entry.new_game(preset, count, seed, **options)
        except BonepileError as error:
            raise ApiError(400, "bad_rules", error.public) from None
        except (TypeError, ValueError):
            raise ApiError(400, "bad_rules", "bad options for this game") from None
        chosen = self._seats(game, engine_game.num_players, seats)
        stored = self.store.create(
            game=game,
            preset=preset,
            options=engine_game.rules.to_dict(),
            seats=chosen,
            seed=seed,
        )
        session = self._load(stored)
        if session is None:  # pragma: no cover - a fresh game always replays
            raise ApiError(409, "broken_game", "the new game could not be rebuilt")
        self.kick_ai(session)
        return session

    def _seats(self, game: str, count: int, seats: Sequence[dict[str, Any]] | None) -> list[dict[str, Any]]:
        """The seats as stored, with the defaults filled in and every AI level checked."""
        if seats is None:
            seats = [{"kind": "human"}] + [{"kind": "ai"} for _ in range(count - 1)]
        humans = sum(1 for seat in seats if seat["kind"] == "human")
        chosen = []
        for number, seat in enumerate(seats, start=1):
            kind = seat["kind"]
            level = seat.get("level")
            if kind == "human":
                if level is not None:
                    raise ApiError(400, "bad_rules", f"seat {number - 1} is human: it has no AI level")
                default = "You" if humans == 1 else f"Player {number}"
            else:
                level = catalog.resolve_level(game, level)
                default = f"Computer {number}"
            name = (seat.get("name") or "").strip() or default
            if len(name) > 24:
                raise ApiError(400, "bad_rules", f"seat {number - 1}'s name is longer than 24 characters")
            chosen.append({"kind": kind, "name": name, "level": level})
        return chosen

    # ------------------------------------------------------------------------------ playing

    def _commit(self, session: GameSession) -> None:
        """Store the session's moves; if that fails, put the session back as stored and re-raise."""
        try:
            stored = self.store.save(session.id, session.texts, session.status)
        except Exception:
            stored_now = self.store.get(session.id)
            session.rebuild(stored_now.moves if stored_now is not None else ())
            raise
        session.updated_at = stored.updated_at

    async def move(self, game_id: str, seat: int, text: str, move_number: int) -> tuple[LastMove, dict[str, Any]]:
        session = self.get(game_id)
        async with session.lock:
            if session.over:
                raise ApiError(409, "game_over", "the game is over")
            session.human_seat(seat)
            self._check_number(session, move_number)
            to_move = session.game.to_move
            if to_move != seat:
                raise ApiError(409, "not_your_turn", f"it is {possessive(session.seats[to_move].name)} turn, not seat {seat}'s")
            try:
                move = session.game.parse_move(text)
            except BonepileError as error:
                raise move_error(error) from None
            if move not in session.game.legal_moves():
                raise ApiError(400, "illegal_move", f"illegal move {text!r}")
            played = session.apply(seat, move)
            self._commit(session)
            session.publish("move")
            answer = session.view(seat)
        self.kick_ai(session)
        return played, answer

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
            if session.over:
                raise ApiError(409, "game_over", "the game is over")
            session.human_seat(seat)
            if session.humans != [seat]:
                raise ApiError(409, "cannot_undo", "undo is only for a table with one human player")
            self._check_number(session, move_number)
            mine = [i for i, mover in enumerate(session.movers) if mover == seat]
            if not mine:
                raise ApiError(409, "cannot_undo", "you have no move to take back")
            last = mine[-1]
            if session.hands_at[last] != len(session.game.hand_summaries):
                raise ApiError(409, "cannot_undo", "that hand is over: its tiles have been shown")
            undone = session.move_number - last
            if session.ai_task is not None:
                session.ai_task.cancel()
            session.rebuild(session.texts[:last])
            self._commit(session)
            session.publish("undo")
            answer = session.view(seat)
        self.kick_ai(session)
        return undone, answer

    async def hint(self, game_id: str, seat: int, level: str | None) -> dict[str, Any]:
        session = self.get(game_id)
        async with session.lock:
            if session.over:
                raise ApiError(409, "game_over", "the game is over")
            session.human_seat(seat)
            if session.game.to_move != seat:
                raise ApiError(409, "not_your_turn", "a hint is for the player to move")
            chosen = catalog.hint_level(session.name) if level is None else catalog.resolve_level(session.name, level)
            observation = session.game.observation(seat)
            legal = {entry["text"]: entry for entry in session.view(seat)["legal_moves"]}
            agent = make_agent(chosen, session.name, agent_seed(session.seed, session.move_number, seat))
        move = await asyncio.to_thread(agent.choose, observation)
        entry = legal[str(move)]
        return {"level": chosen, "move": entry, "reason": hint_reason(agent, observation, move, entry)}

    def record(self, game_id: str) -> dict[str, Any]:
        session = self.get(game_id)
        if not session.over:
            raise ApiError(
                409, "record_unavailable", "the record is available once the game is over (its seed shows every hand)"
            )
        record: dict[str, Any] = session.game.to_record([info.name for info in session.seats])
        return record

    # ------------------------------------------------------------------------------ the AI

    def kick_ai(self, session: GameSession) -> None:
        """Start the game's AI player if an AI seat is to move and none is running."""
        if session.ai_to_move() is None or (session.ai_task is not None and not session.ai_task.done()):
            return
        session.ai_task = asyncio.create_task(self._play_ai(session), name=f"ai-{session.id}")

    async def _play_ai(self, session: GameSession) -> None:
        """Play the AI seats while one is to move: think and wait at once, then apply, commit and publish."""
        while True:
            async with session.lock:
                seat = session.ai_to_move()
                if seat is None:
                    return
                revision = session.revision
                observation = session.game.observation(seat)
                level = session.seats[seat].level
                assert level is not None
                agent = make_agent(level, session.name, agent_seed(session.seed, session.move_number, seat))
                pause = self.hand_pause if session.ended_hand else self.ai_delay
            try:
                _, move = await asyncio.gather(asyncio.sleep(pause), asyncio.to_thread(agent.choose, observation))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the AI of seat %s in game %s failed", seat, session.id)
                return
            async with session.lock:
                if session.revision != revision:
                    continue  # an undo changed the game while the AI was thinking
                session.apply(seat, move)
                try:
                    self._commit(session)
                except Exception:
                    log.exception("could not store the AI's move in game %s", session.id)
                    return
                session.publish("move")
