"""Rooms: online play with friends, server-authoritative (docs/web-protocol.md, "Rooms").

A room is a game whose human seats are bound to secret tokens, plus a lobby.
This module owns the rooms the server has in memory (``RoomHub``): who holds
which seat, who is connected, and the room's current game, which is an
ordinary ``GameSession`` of the ``SessionManager`` (so a room's moves are
checked, stored and pushed exactly like any other game's, and its sockets
are listeners of that session with their own seat as the view they get).

Who may do what is decided here and nowhere else: a credential (seat token,
host token or join code) is turned into a ``Role`` once, and every action
checks the role. Seat tokens and the host token are compared by their
SHA-256 only; the database never sees them.

Changes to a room are conditional writes on the room row's version, retried
after re-reading when another writer (another process) came first, so the
rooms behave the same with one server process or several.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bonepile.i18n import N_, _, n_, using
from bonepile.store.db import WAITING, GameStore, StaleWrite
from bonepile.store.rooms import StoredRoom
from bonepile.web import catalog
from bonepile.web.bus import LocalBus
from bonepile.web.errors import ApiError, bad_seat, unknown_game
from bonepile.web.errors import socket_error as _error
from bonepile.web.sessions import (
    Close,
    GameSession,
    Listener,
    SessionManager,
    checked_name,
    checked_rules,
    checked_seats,
    checked_time_limit,
    record_of,
)
from bonepile.web.times import iso as _iso
from bonepile.web.views import shown_name

log = logging.getLogger(__name__)

SEAT, HOST, GUEST = "seat", "host", "guest"
WAITING_STATE, PLAYING_STATE, FINISHED_STATE = "waiting", "playing", "finished"


def new_secret() -> str:
    """A seat token, host token or join code: 32 URL-safe characters, 192 random bits."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode("utf-8", "surrogatepass"), b.encode("utf-8", "surrogatepass"))


@dataclass(frozen=True, slots=True)
class Role:
    """What a credential allows in one room: ``role`` (seat, host, guest) and the seat it plays (or None)."""

    role: str
    seat: int | None
    credential_hash: str


@dataclass(eq=False)
class RoomListener(Listener):
    """A room's socket: a game listener (its spec is its seat) that also gets the room's messages."""

    role: Role | None = None
    hub: RoomHub | None = None


class RoomHub:
    """One room in memory: the stored room, its sockets, its current game, and who is connected."""

    def __init__(self, room: StoredRoom) -> None:
        self.room = room
        self.lock = asyncio.Lock()
        self.listeners: set[RoomListener] = set()
        self.session: GameSession | None = None
        self.connected: set[int] = set()
        """Human seats with a socket open on some server process."""
        self.presence_lock = asyncio.Lock()
        """One count of the presence at a time, so that an older count never overwrites a newer one."""
        self.shown_state: str | None = None
        self.touched = time.monotonic()

    def local_counts(self) -> dict[int, int]:
        counts = {seat: 0 for seat, info in enumerate(self.room.seats) if info["kind"] == "human"}
        for listener in self.listeners:
            if listener.role is not None and listener.role.seat is not None:
                counts[listener.role.seat] = counts.get(listener.role.seat, 0) + 1
        return counts


Change = Callable[[StoredRoom], dict[str, Any] | None]
"""Given the room as it is, the columns to change (None: nothing to do), or an ``ApiError``."""


class RoomManager:
    """Every room: created, joined, set, started, replayed; their sockets and presence."""

    def __init__(self, store: GameStore, sessions: SessionManager, bus: LocalBus) -> None:
        self.store = store
        self.sessions = sessions
        self.bus = bus
        self.hubs: dict[str, RoomHub] = {}
        self._sweeper: asyncio.Task[None] | None = None
        sessions.watchers.append(self._game_changed)
        sessions.evictors.append(self.evict_idle)
        sessions.room_holds = self._holds

    async def open(self) -> None:
        """Start the background work (with several processes: the presence sweep)."""
        if self.bus.shared:
            self._sweeper = asyncio.create_task(self._sweep_presence(), name="presence-sweep")

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper

    def _holds(self, session: GameSession) -> bool:
        hub = self.hubs.get(session.room_id or "")
        return hub is not None and hub.session is session

    def evict_idle(self, idle: float) -> None:
        """Drop from memory the rooms with no socket, no request and no change for ``idle`` seconds whose
        game has nothing running; ``hub`` reads one again on demand (docs: limits)."""
        now = time.monotonic()
        for room_id, hub in list(self.hubs.items()):
            session = hub.session
            if hub.listeners or hub.lock.locked() or now - hub.touched < idle:
                continue
            if session is not None:
                running = (session.ai_task, session.timer_task)
                if any(task is not None and not task.done() for task in running):
                    continue
                if session.listeners or now - max(session.touched, session.changed_at) < idle:
                    continue
            del self.hubs[room_id]
            self.bus.forget(room_id)

    # ------------------------------------------------------------------------------ lookup and roles

    def hub(self, room_id: str) -> RoomHub:
        """The room ``room_id`` (read from the database the first time), or ``404 unknown_room``."""
        hub = self.hubs.get(room_id)
        if hub is not None:
            hub.touched = time.monotonic()
            return hub
        room = self.store.rooms.get(room_id) if 0 < len(room_id) <= 32 else None
        if room is None:
            # TRANSLATORS: {room} is a room's id as the client sent it, in quotes.
            raise ApiError(404, "unknown_room", _("no room {room}", room=repr(room_id[:32])))
        hub = RoomHub(room)
        self.hubs[room_id] = hub
        self._attach_game(hub)
        hub.shown_state = self.state(hub)
        return hub

    @staticmethod
    def authenticate(hub: RoomHub, credential: str) -> Role:
        """The role ``credential`` has in the room, or ``403 bad_token``."""
        digest = token_hash(credential)
        room = hub.room
        found: Role | None = None
        if _same(digest, room.host_token_hash):
            found = Role(HOST, room.host_seat, digest)
        for seat, info in enumerate(room.seats):
            stored = info.get("token_hash")
            if isinstance(stored, str) and _same(digest, stored):
                found = Role(SEAT, seat, digest)
        if _same(credential, room.join_code):
            found = Role(GUEST, None, digest)
        if found is None:
            raise ApiError(403, "bad_token", _("this link is not valid for this room (it may have been replaced)"))
        return found

    async def authenticate_fresh(self, hub: RoomHub, credential: str) -> Role:
        """As ``authenticate``; with several processes, a credential not known here yet (a seat taken on
        another process a moment ago) is checked again against the room as stored."""
        try:
            return self.authenticate(hub, credential)
        except ApiError:
            if not self.bus.shared:
                raise
        async with hub.lock:
            self._reload(hub)
        return self.authenticate(hub, credential)

    def still_valid(self, hub: RoomHub, role: Role) -> bool:
        """Whether a role found earlier still holds (the host may have reset the seat since)."""
        if role.role != SEAT or role.seat is None:
            return True
        seats = hub.room.seats
        if role.seat >= len(seats):
            return False
        stored = seats[role.seat].get("token_hash")
        return isinstance(stored, str) and _same(role.credential_hash, stored)

    def state(self, hub: RoomHub) -> str:
        if hub.room.state == WAITING:
            return WAITING_STATE
        return FINISHED_STATE if hub.session is not None and hub.session.over else PLAYING_STATE

    def room_json(self, hub: RoomHub, role: Role) -> dict[str, Any]:
        """The room as ``role`` sees it (docs: the room): public facts only, the join code for the host."""
        room = hub.room
        seats = []
        for seat, info in enumerate(room.seats):
            human = info["kind"] == "human"
            seats.append(
                {
                    "seat": seat,
                    "kind": info["kind"],
                    "level": info.get("level"),
                    "name": shown_name(info["name"]),
                    "taken": bool(info.get("taken")) if human else True,
                    "connected": seat in hub.connected if human else True,
                    "host": seat == room.host_seat,
                }
            )
        return {
            "protocol": catalog.PROTOCOL,
            "id": room.id,
            "game": room.game,
            "title": _(catalog.info(room.game).title),
            "preset": room.preset,
            "options": dict(room.options),
            "turn_time_limit": room.turn_time_limit,
            "hints": room.hints,
            "state": self.state(hub),
            "host_seat": room.host_seat,
            "seats": seats,
            "game_id": room.game_id,
            "games": list(room.games),
            "you": {"role": role.role, "seat": role.seat},
            "join_code": room.join_code if role.role == HOST else None,
            "created_at": _iso(room.created_at),
            "updated_at": _iso(room.updated_at),
        }

    # ------------------------------------------------------------------------------ changes

    def _attach_game(self, hub: RoomHub) -> bool:
        """Make the room's current game the hub's session, moving the sockets over; whether it changed."""
        game_id = hub.room.game_id
        if game_id is None or (hub.session is not None and hub.session.id == game_id):
            return False
        session = self.sessions.load(game_id)
        if hub.session is not None:
            for listener in hub.listeners:
                hub.session.listeners.discard(listener)
        for listener in hub.listeners:
            session.listeners.add(listener)
        hub.session = session
        return True

    def _take_room(self, hub: RoomHub, room: StoredRoom) -> None:
        """The one way a room changes in memory: revoke sockets of replaced tokens, follow a new game, push."""
        hub.room = room
        for listener in list(hub.listeners):
            if listener.role is not None and not self.still_valid(hub, listener.role):
                self._detach(hub, listener)
                listener.say(lambda: _error("revoked", _("the host gave this seat to someone else"), None))
                listener.offer(Close(4403, "revoked"))
        started = self._attach_game(hub)
        self._push_room(hub)
        if started and hub.session is not None:
            hub.session.publish("start", only=list(hub.listeners))

    def _push_room(self, hub: RoomHub) -> None:
        hub.shown_state = self.state(hub)
        for listener in hub.listeners:
            if listener.role is not None:
                with using(listener.language):  # each socket's room in its own reader's language
                    listener.offer({"type": "room", "room": self.room_json(hub, listener.role)})

    def _game_changed(self, session: GameSession, cause: str) -> None:
        """A game changed (its views are queued): if it ended a room's game, push the finished room."""
        if session.room_id is None:
            return
        hub = self.hubs.get(session.room_id)
        if hub is not None and hub.session is session and self.state(hub) != hub.shown_state:
            self._push_room(hub)

    async def _mutate(self, hub: RoomHub, change: Change) -> StoredRoom:
        """Apply ``change`` to the room as stored, again on the newest room if another writer came first."""
        async with hub.lock:
            for _attempt in range(10):
                values = change(hub.room)
                if values is None:
                    return hub.room
                try:
                    room = self.store.rooms.update(hub.room.id, hub.room.version, values)
                except StaleWrite:
                    self._reload(hub)
                    continue
                self._take_room(hub, room)
                self._announce(hub)
                return room
        raise ApiError(409, "busy", _("the room is changing too fast; try again"))

    def _reload(self, hub: RoomHub) -> None:
        fresh = self.store.rooms.get(hub.room.id)
        if fresh is not None and fresh.version != hub.room.version:
            self._take_room(hub, fresh)

    def _announce(self, hub: RoomHub) -> None:
        if self.bus.shared:
            self.sessions.spawn(self.bus.publish({"kind": "room", "id": hub.room.id}))

    async def refresh(self, room_id: str) -> None:
        """A bus event: the room changed on another process."""
        hub = self.hubs.get(room_id)
        if hub is not None:
            async with hub.lock:
                self._reload(hub)

    # ------------------------------------------------------------------------------ HTTP actions

    async def create(
        self,
        *,
        game: str,
        preset: str | None,
        players: int | None,
        seats: Sequence[dict[str, Any]] | None,
        host_seat: int | None,
        host_seat_given: bool,
        options: dict[str, Any],
        turn_time_limit: float | None,
        hints: bool = False,
    ) -> dict[str, Any]:
        entry = catalog.info(game)
        settings = self.sessions.settings
        limit, options = checked_time_limit(game, turn_time_limit, options, settings)
        preset, engine_game = checked_rules(entry, game, preset, players, seats, options, settings)
        count = engine_game.num_players
        if seats is None:
            seats = [{"kind": "human"} for _seat in range(count)]
        chosen = checked_seats(game, count, seats, lone_you=False)
        humans = [seat for seat, info in enumerate(chosen) if info["kind"] == "human"]
        if not host_seat_given:
            host_seat = humans[0] if humans else None
        elif host_seat is not None and host_seat not in humans:
            # TRANSLATORS: host_seat is a field's name; {seat} a seat's number (counted from 0).
            raise bad_seat(_("host_seat {seat} is not a human seat of this room", seat=host_seat))
        host_token, join_code = new_secret(), new_secret()
        seat_tokens = []
        stored_seats = []
        for seat, info in enumerate(chosen):
            token_digest = None
            if info["kind"] == "human" and seat != host_seat:
                token = new_secret()
                seat_tokens.append({"seat": seat, "token": token})
                token_digest = token_hash(token)
            taken = info["kind"] == "ai" or seat == host_seat
            stored_seats.append(info | {"token_hash": token_digest, "taken": taken})
        room = self.store.rooms.create(
            game=game,
            preset=preset,
            options=dict(engine_game.rules.to_dict()),
            turn_time_limit=limit,
            seats=stored_seats,
            host_token_hash=token_hash(host_token),
            host_seat=host_seat,
            join_code=join_code,
            hints=hints,
        )
        hub = RoomHub(room)
        hub.shown_state = self.state(hub)
        self.hubs[room.id] = hub
        role = Role(HOST, host_seat, token_hash(host_token))
        return {
            "room": self.room_json(hub, role),
            "host_token": host_token,
            "join_code": join_code,
            "seat_tokens": seat_tokens,
        }

    async def read(self, room_id: str, credential: str) -> tuple[RoomHub, Role]:
        hub = self.hub(room_id)
        await self.current(hub)
        return hub, await self.authenticate_fresh(hub, credential)

    async def current(self, hub: RoomHub) -> None:
        """With other processes on the database, make sure the room in memory is the stored one before it is
        shown: a lost bus event must never let a stale room pass for the current one (one primary-key read)."""
        if not self.bus.shared:
            return
        async with hub.lock:
            fresh = self.store.rooms.versions_of([hub.room.id]).get(hub.room.id)
            if fresh is not None and fresh != hub.room.version:
                self._reload(hub)

    async def join(self, room_id: str, credential: str, name: str | None, wanted: int | None) -> dict[str, Any]:
        hub, role = await self.read(room_id, credential)
        if role.role != GUEST:
            raise ApiError(403, "bad_token", _("joining takes the room's join code (the shared link)"))
        token = new_secret()
        taken: list[int] = []

        def change(room: StoredRoom) -> dict[str, Any]:
            if room.state != WAITING:
                raise ApiError(409, "room_started", _("the game has started: no seat is open"))
            seats = [dict(info) for info in room.seats]
            open_seats = [i for i, info in enumerate(seats) if info["kind"] == "human" and not info.get("taken")]
            if wanted is not None:
                if wanted not in open_seats:
                    raise ApiError(409, "seat_taken", _("seat {seat} is not an open seat", seat=wanted))
                seat = wanted
            elif open_seats:
                seat = open_seats[0]
            else:
                raise ApiError(409, "room_full", _("every seat of this room is taken"))
            seats[seat].update(
                name=checked_name(name, seats[seat]["name"], seat), token_hash=token_hash(token), taken=True
            )
            taken[:] = [seat]
            return {"seats": seats}

        await self._mutate(hub, change)
        seat = taken[0]
        return {"seat": seat, "token": token, "room": self.room_json(hub, Role(SEAT, seat, token_hash(token)))}

    async def claim(self, room_id: str, credential: str, name: str | None) -> dict[str, Any]:
        hub, role = await self.read(room_id, credential)
        await self._claim(hub, role, name)
        return {"room": self.room_json(hub, role)}

    async def _claim(self, hub: RoomHub, role: Role, name: str | None) -> None:
        """Mark the role's seat taken (and rename it, in the lobby)."""
        seat = role.seat
        if seat is None:
            raise ApiError(403, "not_a_seat", _("this link plays no seat"))

        def change(room: StoredRoom) -> dict[str, Any] | None:
            if not self.still_valid(hub, role):
                raise ApiError(403, "bad_token", _("this link is not valid for this room (it may have been replaced)"))
            seats = [dict(info) for info in room.seats]
            renamed = seats[seat]["name"]
            if name is not None:
                if room.state != WAITING:
                    raise ApiError(409, "room_started", _("names are set in the lobby, before the start"))
                renamed = checked_name(name, seats[seat]["name"], seat)
            if seats[seat].get("taken") and renamed == seats[seat]["name"]:
                return None
            seats[seat].update(taken=True, name=renamed)
            return {"seats": seats}

        await self._mutate(hub, change)

    async def set_seat(
        self, room_id: str, credential: str, seat: int, kind: str, level: str | None, name: str | None
    ) -> dict[str, Any]:
        hub, role = await self.read(room_id, credential)
        if role.role != HOST:
            raise ApiError(403, "not_host", _("only the host sets the seats"))
        token = new_secret() if kind == "human" else None
        if kind == "ai":
            level = catalog.resolve_level(hub.room.game, level)
        elif level is not None:
            raise ApiError(400, "bad_rules", _("seat {seat} is human: it has no AI level", seat=seat))

        def change(room: StoredRoom) -> dict[str, Any]:
            if room.state != WAITING:
                raise ApiError(409, "room_started", _("seats are set in the lobby, before the start"))
            if not 0 <= seat < len(room.seats):
                # TRANSLATORS: {seat} is the seat number a client sent; seats are counted from 0 to {last}.
                raise bad_seat(
                    _("no seat {seat}: this room has seats 0 to {last}", seat=seat, last=len(room.seats) - 1)
                )
            if seat == room.host_seat:
                raise bad_seat(_("the host's own seat cannot be changed"))
            seats = [dict(info) for info in room.seats]
            old = seats[seat]
            if kind == "ai":
                # Stored as data, in English (``checked_seats``).
                default = old["name"] if old["kind"] == "ai" else N_("Computer {number}").format(number=seat + 1)
                seats[seat] = {"kind": "ai", "level": level, "token_hash": None, "taken": True}
            else:
                assert token is not None
                default = old["name"] if old["kind"] == "human" else N_("Player {number}").format(number=seat + 1)
                seats[seat] = {"kind": "human", "level": None, "token_hash": token_hash(token), "taken": False}
            seats[seat]["name"] = checked_name(name, default, seat)
            return {"seats": seats}

        await self._mutate(hub, change)
        return {"room": self.room_json(hub, role), "token": token}

    async def start_room(self, room_id: str, credential: str) -> dict[str, Any]:
        hub, role = await self.read(room_id, credential)
        if role.role != HOST:
            raise ApiError(403, "not_host", _("only the host starts the game"))

        def check(room: StoredRoom) -> None:
            if room.state != WAITING:
                raise ApiError(409, "room_started", _("the game has already started"))
            open_seats = [i for i, info in enumerate(room.seats) if info["kind"] == "human" and not info.get("taken")]
            if open_seats:
                listed = ", ".join(str(seat) for seat in open_seats)
                # TRANSLATORS: {seats} lists the numbers of the seats nobody has taken (counted from 0).
                message = n_(
                    "nobody has taken seat {seats} yet: wait, or make it an AI seat",
                    "nobody has taken seat {seats} yet: wait, or make it an AI seat",
                    len(open_seats),
                    seats=listed,
                )
                raise ApiError(409, "seats_open", message)

        await self._start_game(hub, check)
        return {"room": self.room_json(hub, role)}

    async def rematch(self, room_id: str, credential: str, game_id: str) -> dict[str, Any]:
        hub, role = await self.read(room_id, credential)
        if role.role == GUEST:
            raise ApiError(403, "not_a_seat", _("a rematch is for the players"))

        def check(room: StoredRoom) -> None:
            if room.game_id != game_id:
                raise ApiError(409, "stale_rematch", _("that game is not the room's current game: the rematch is on"))
            if self.state(hub) != FINISHED_STATE:
                raise ApiError(409, "not_finished", _("the game is still on"))

        await self._start_game(hub, check)
        return {"room": self.room_json(hub, role)}

    async def _start_game(self, hub: RoomHub, check: Callable[[StoredRoom], None]) -> None:
        """Deal the room's next game from a fresh secure seed and make it current (start and rematch)."""
        async with hub.lock:
            for _attempt in range(10):
                room = hub.room
                check(room)
                seats = [{key: info.get(key) for key in ("kind", "name", "level")} for info in room.seats]
                try:
                    stored_room, _game = self.store.rooms.start_game(room, seats=seats, seed=secrets.randbits(63))
                except StaleWrite:
                    self._reload(hub)
                    continue
                self._take_room(hub, stored_room)
                self._announce(hub)
                return
        raise ApiError(409, "busy", _("the room is changing too fast; try again"))

    async def view(self, room_id: str, credential: str) -> dict[str, Any]:
        hub, role = await self.read(room_id, credential)
        session = hub.session
        if session is None:
            raise ApiError(409, "not_started", _("the game has not started yet"))
        async with session.lock:
            self.sessions.current(session)
            return session.view(role.seat)

    async def hint(self, room_id: str, credential: str) -> dict[str, Any]:
        """A hint for the seat of ``credential``, when the host allowed hints at the room's creation."""
        hub, role = await self.read(room_id, credential)
        if role.seat is None:
            raise ApiError(403, "not_a_seat", _("this link watches the table: it plays no seat"))
        if not hub.room.hints:
            raise ApiError(403, "hints_off", _("the host did not allow hints in this room"))
        if hub.session is None:
            raise ApiError(409, "not_started", _("the game has not started yet"))
        return await self.sessions.hint_in(hub.session, role.seat, None)

    async def record(self, room_id: str, credential: str, game_id: str | None) -> dict[str, Any]:
        session = await self.game(room_id, credential, game_id)
        async with session.lock:  # a move still being stored is not in it (``SessionManager._commit``)
            return record_of(session)

    async def game(self, room_id: str, credential: str, game_id: str | None) -> GameSession:
        """One of the room's games (the current one when ``game_id`` is None), for any credential of the room:
        its record once over, its finished hands' reviews (what each shows is the caller's to bound)."""
        hub, _role = await self.read(room_id, credential)
        wanted = game_id if game_id is not None else hub.room.game_id
        if wanted is None:
            raise ApiError(409, "not_started", _("the game has not started yet"))
        if wanted not in hub.room.games:
            raise unknown_game(wanted[:32])
        session = self.sessions.load(wanted)
        if self.bus.shared:
            async with session.lock:
                self.sessions.current(session)
        return session

    # ------------------------------------------------------------------------------ sockets and presence

    async def connect(self, hub: RoomHub, listener: RoomListener) -> None:
        """A socket said hello: claim its seat, send the welcome and the view, and count it present."""
        role = listener.role
        assert role is not None
        if role.seat is not None and not hub.room.seats[role.seat].get("taken"):
            await self._claim(hub, role, None)
        await self.current(hub)
        async with hub.lock:
            listener.hub = hub
            listener.spec = role.seat
            hub.listeners.add(listener)
            listener.say(
                lambda: {"type": "welcome", "role": role.role, "seat": role.seat, "room": self.room_json(hub, role)}
            )
            session = hub.session
            if session is not None:
                async with session.lock:
                    self.sessions.current(session)
                    session.listeners.add(listener)
                    session.publish("connect", only=[listener])
        await self.presence_changed(hub)

    def _detach(self, hub: RoomHub, listener: RoomListener) -> None:
        hub.listeners.discard(listener)
        if hub.session is not None:
            hub.session.listeners.discard(listener)

    async def disconnect(self, listener: RoomListener) -> None:
        hub = listener.hub
        if hub is None:
            return
        listener.hub = None
        self._detach(hub, listener)
        await self.presence_changed(hub)

    async def presence_changed(self, hub: RoomHub, *, tell: bool = True, force_tell: bool = False) -> None:
        """Count the room's connected seats again (over every process); push the room if that changed, and
        tell the other processes (with ``force_tell`` even if not: this process's presence was recorded
        again after Redis came back, and theirs may have counted it gone)."""
        async with hub.presence_lock:
            local = hub.local_counts()
            await self.bus.set_presence(hub.room.id, local)
            connected = await self.bus.connected(hub.room.id, local)
            changed = connected != hub.connected
            if changed:
                hub.connected = connected
                self._push_room(hub)
        if ((changed and tell) or force_tell) and self.bus.shared:
            await self.bus.publish({"kind": "presence", "id": hub.room.id})

    async def presence_event(self, room_id: str) -> None:
        """A bus event: a seat's presence changed on another process."""
        hub = self.hubs.get(room_id)
        if hub is not None:
            await self.presence_changed(hub, tell=False)

    async def _sweep_presence(self) -> None:
        """With several processes: notice the sockets of a process that died without saying goodbye."""
        while True:
            await asyncio.sleep(5)
            for hub in list(self.hubs.values()):
                if hub.listeners:
                    try:
                        await self.presence_changed(hub, tell=False)
                    except Exception:
                        log.exception("presence sweep of room %s failed", hub.room.id)
