"""The server's bounds: every limit on what a client can make it do, each with a sane default.

One dataclass, so that a bound is written down once: ``bonepile serve`` turns
every field into a flag (``--hint-timeout 10``) and reads the same name from
the environment (``BONEPILE_HINT_TIMEOUT=10``), a flag winning over the
environment; docs/web-protocol.md ("Settings") and the README list them.
The room socket's own limits stay in ``bonepile.web.room_socket.Limits``.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bonepile.i18n import N_, _

ENV_PREFIX = "BONEPILE_"

SQLITE_SYNCHRONOUS = ("full", "normal", "extra")
"""The values of ``sqlite_synchronous`` (``bonepile.store.db.SQLITE_SYNCHRONOUS``, which the web may not import
here: the settings import nothing of the server's)."""


@dataclass(frozen=True, slots=True)
class Settings:
    """What one server process allows (defaults fit one machine serving a few hundred players)."""

    min_turn_time: float = field(default=5.0, metadata={"help": N_("shortest turn time limit a game may set, seconds")})
    max_turn_time: float = field(default=86400.0, metadata={"help": N_("longest turn time limit, seconds")})
    max_target: int = field(default=1000, metadata={"help": N_("highest score target a game may set")})
    max_moves: int = field(
        default=5000, metadata={"help": N_("moves a game may reach; past that it is refused further moves and stops")}
    )
    create_burst: int = field(default=20, metadata={"help": N_("games and rooms one client may create at once")})
    create_rate: float = field(default=0.5, metadata={"help": N_("creations per second one client regains")})
    hint_workers: int = field(
        default=1, metadata={"help": N_("worker processes that compute hints (apart from the AI)")}
    )
    ai_workers: int = field(
        default=1,
        metadata={"help": N_("worker processes in which the AI seats' searches think (0: in the server's threads)")},
    )
    ai_timeout: float = field(
        default=30.0,
        metadata={
            "help": N_(
                "seconds an AI worker may take over one move; past that the workers are started anew and the move "
                "is chosen in the server"
            )
        },
    )
    hint_queue: int = field(default=4, metadata={"help": N_("hints that may wait for a worker; more are refused")})
    hint_timeout: float = field(default=20.0, metadata={"help": N_("seconds a hint may take before it is given up")})
    hint_burst: int = field(default=5, metadata={"help": N_("hints one client may ask for at once")})
    hint_rate: float = field(default=0.5, metadata={"help": N_("hints per second one client regains")})
    review_worlds: int = field(
        default=64, metadata={"help": N_("worlds each move of a hand's review is played in (its budget)")}
    )
    game_sockets: int = field(default=16, metadata={"help": N_("sockets open on one game (/ws/games)")})
    total_game_sockets: int = field(default=1000, metadata={"help": N_("sockets open on /ws/games in all")})
    socket_hello_timeout: float = field(
        default=10.0, metadata={"help": N_("seconds a /ws/games socket has to send its first message (hello or ping)")}
    )
    idle_timeout: float = field(default=5.0, metadata={"help": N_("seconds an idle keep-alive HTTP connection stays")})
    header_timeout: float = field(
        default=15.0, metadata={"help": N_("seconds a client has to send a whole request head; slower ones are closed")}
    )
    max_connections: int = field(
        default=500, metadata={"help": N_("connections and requests at once; more get 503 (uvicorn's limit)")}
    )
    client_grace: float = field(
        default=30.0,
        metadata={
            "help": N_(
                "seconds a game at one screen counts a client as there after its last request "
                "(its clock stops when no client is)"
            )
        },
    )
    evict_after: float = field(
        default=600.0, metadata={"help": N_("seconds a game with no socket and no change stays in memory")}
    )
    retention_days: float = field(
        default=90.0, metadata={"help": N_("days a finished or abandoned game (or room) is kept before it is deleted")}
    )
    page_size: int = field(
        default=50, metadata={"help": N_("games per page of GET /api/games (the most a page holds)")}
    )
    store_retry_max: float = field(
        default=10.0, metadata={"help": N_("longest pause, seconds, between retries of a failed database write")}
    )
    store_batch: int = field(
        default=64,
        metadata={
            "help": N_(
                "most moves written in one database transaction: the moves of many games that arrive while a "
                "commit waits for the disk share the next one"
            )
        },
    )
    sqlite_synchronous: str = field(
        default="full",
        metadata={
            "help": N_(
                "SQLite's synchronous level: full (a move a client saw survives a power cut), or normal "
                "(faster; survives a crash of the server, not of the machine), or extra"
            )
        },
    )
    bus_heartbeat: float = field(
        default=1.0,
        metadata={
            "help": N_(
                "with --redis: seconds between checks that Redis answers (from 0.1 to 10; a lost Redis is "
                "noticed within about this, or at once when a publish or the subscription fails)"
            )
        },
    )
    bus_poll: float = field(
        default=0.5,
        metadata={
            "help": N_(
                "with --redis, while Redis is lost: seconds between reads of the versions of the games and "
                "rooms with sockets here (from 0.1 to 1.5, so that every change shows within 2 s)"
            )
        },
    )
    allowed_hosts: str = field(
        default="",
        metadata={
            "help": N_(
                "comma-separated names the server answers to in the Host header, '*' for any "
                "(default: the names of the address it listens on)"
            )
        },
    )

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, /, **overrides: object) -> Settings:
        """The defaults, then ``BONEPILE_<NAME>`` from the environment, then ``overrides`` (not None)."""
        environ = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for spec in dataclasses.fields(cls):
            raw = environ.get(ENV_PREFIX + spec.name.upper())
            if raw is not None:
                values[spec.name] = parse(spec, raw)
        values |= {name: value for name, value in overrides.items() if value is not None}
        return cls(**values).checked()

    def checked(self) -> Settings:
        """These settings, or ``ValueError`` naming the first that makes no sense."""
        for spec in dataclasses.fields(self):
            value = getattr(self, spec.name)
            if isinstance(value, int | float) and not isinstance(value, bool) and value < 0:
                raise ValueError(_("{name} must not be negative, not {value}", name=spec.name, value=repr(value)))
        if self.min_turn_time > self.max_turn_time:
            raise ValueError(_("min_turn_time is over max_turn_time"))
        if self.hint_workers < 1 or self.page_size < 1 or self.max_moves < 1 or self.review_worlds < 1:
            raise ValueError(_("hint_workers, page_size, max_moves and review_worlds must be at least 1"))
        for name in ("store_batch", "ai_timeout"):
            if getattr(self, name) < 1:
                raise ValueError(_("{name} must be at least 1", name=name))
        if self.sqlite_synchronous not in SQLITE_SYNCHRONOUS:
            raise ValueError(_("sqlite_synchronous must be one of {values}", values=", ".join(SQLITE_SYNCHRONOUS)))
        if not 0.1 <= self.bus_heartbeat <= 10:
            raise ValueError(_("bus_heartbeat must be from 0.1 to 10 seconds"))
        if not 0.1 <= self.bus_poll <= 1.5:
            raise ValueError(_("bus_poll must be from 0.1 to 1.5 seconds (every change shows within 2 s)"))
        return self

    def host_names(self, bound_host: str) -> frozenset[str] | None:
        """The Host names to accept (None: any), given the address the server listens on."""
        if self.allowed_hosts.strip():
            names = {name.strip().lower() for name in self.allowed_hosts.split(",") if name.strip()}
            return None if "*" in names else frozenset(names)
        return default_hosts(bound_host)


LOOPBACK_NAMES = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})


def default_hosts(bound_host: str) -> frozenset[str] | None:
    """The names of the address the server listens on: the loopback names for a loopback address, the
    address itself otherwise; a wildcard address (0.0.0.0, ::) answers to any name (say which with
    ``--allowed-hosts`` to check them)."""
    host = bound_host.strip().lower().strip("[]")
    if host in ("", "0.0.0.0", "::"):
        return None
    if host in LOOPBACK_NAMES or host.startswith("127."):
        return LOOPBACK_NAMES | {host}
    return frozenset({host, f"[{host}]"})


def parse(spec: dataclasses.Field[object], raw: str) -> int | float | str:
    """A setting's text (from a flag or the environment) as its field's type."""
    kind = spec.type if isinstance(spec.type, str) else getattr(spec.type, "__name__", "str")
    try:
        if kind == "int":
            return int(raw)
        if kind == "float":
            return float(raw)
    except ValueError:
        raise ValueError(_("{name} must be a number, not {value}", name=spec.name, value=repr(raw))) from None
    return raw


def fields() -> tuple[dataclasses.Field[object], ...]:
    return dataclasses.fields(Settings)
