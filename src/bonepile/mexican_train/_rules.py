"""The rule options of Mexican Train and its presets (rule sheet M1-M3, M5-M7 and the preset table).

One frozen ``Rules`` value holds every option; a preset is only a set of
defaults. The options that follow from others (the hand size from the table of
M3, the number of rounds from the set, M2) are worked out when not given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Literal

from bonepile.core.errors import RulesError
from bonepile.mexican_train._tiles import MAX_PLAYERS, SET_MAX_PIPS, set_size

FirstTurn = Literal["one", "run"]
AfterDouble = Literal["anywhere", "cover"]

PRESETS: dict[str, str] = {
    "mexican-train": "double-twelve, 2-8 players, 13 rounds from the 12-12 engine down to 0-0, lowest total wins",
    "mexican-train-short": "the same, double-nine, 2-6 players, 10 rounds from 9-9 down to 0-0",
}
"""The presets, with their one-line descriptions (the rule sheet's table)."""

_PRESET_SET = {"mexican-train": "double-twelve", "mexican-train-short": "double-nine"}
_DEFAULT_PLAYERS = 4

SETS: dict[str, tuple[int, int]] = {"double-twelve": (2, 8), "double-nine": (2, 6)}
"""M1, M3: the sets Mexican Train is played with, and the player counts each allows."""

_HAND_SIZES: dict[str, tuple[tuple[int, int], ...]] = {
    # M3: (most players, hand size) for each row of the table.
    "double-twelve": ((4, 15), (6, 12), (8, 10)),
    "double-nine": ((4, 10), (6, 8)),
}

CUSTOM = "custom"
"""``Rules.preset`` of rules whose options are no preset's (a preset with options changed)."""


def table_hand_size(set_name: str, players: int) -> int:
    """M3: the hand size the table gives ``players`` players with ``set_name``."""
    for most, size in _HAND_SIZES[set_name]:
        if players <= most:
            return size
    low, high = SETS[set_name]
    raise RulesError(f"{set_name} is for {low}-{high} players, not {players}")


class _RulesType(type):
    """``Rules.preset``, on the class: the constructor ``Rules.preset(name, players, **options)`` (a property of
    the class's type, so that on a rules value ``preset`` stays the name of its preset)."""

    @property
    def preset(cls) -> Callable[..., Rules]:
        from_preset: Callable[..., Rules] = getattr(cls, "from_preset")  # noqa: B009 - the class's own constructor
        return from_preset


class Rules(metaclass=_RulesType):
    """Every option of the rule sheet; build one with ``Rules.preset(name, players=N, **options)``.

    ``set`` (M1): ``"double-twelve"`` or ``"double-nine"``.
    ``rounds`` (M2): how many rounds, from the highest double down (all of them by default).
    ``hand_size`` (M3): one hand size for every table size (M3's table by default).
    ``first_turn`` (M5): ``"one"`` tile, or a ``"run"`` of tiles on one's own train on one's first turn.
    ``after_double`` (M6): the tile after one's own double goes ``"anywhere"``, or must ``"cover"`` it when it can.
    ``double_blank`` (M7): what a 0-0 left in hand counts (0, or 50 in the popular option).
    """

    __slots__ = ("_preset", "players", "set", "rounds", "hand_size", "first_turn", "after_double", "double_blank")

    FIELDS: ClassVar[tuple[str, ...]] = (
        "preset",
        "players",
        "set",
        "rounds",
        "hand_size",
        "first_turn",
        "after_double",
        "double_blank",
    )

    @property
    def preset(self) -> str:
        """The name of the preset these rules are (``"mexican-train"``), or ``"custom"`` once options leave it."""
        return self._preset

    _preset: str
    players: int
    set: str
    rounds: int
    hand_size: int
    first_turn: FirstTurn
    after_double: AfterDouble
    double_blank: int

    def __init__(
        self,
        *,
        preset: str = "mexican-train",
        players: int = _DEFAULT_PLAYERS,
        set: str = "double-twelve",
        rounds: int | None = None,
        hand_size: int | None = None,
        first_turn: FirstTurn = "one",
        after_double: AfterDouble = "anywhere",
        double_blank: int = 0,
    ) -> None:
        """Rules with these options; ``rounds`` and ``hand_size`` left out follow from the set (M2, M3)."""
        if set not in SETS:
            raise RulesError(f"unknown set {set!r}; choose one of {', '.join(SETS)}")
        low, high = SETS[set]
        if not _is_int(players) or not low <= players <= high:
            raise RulesError(f"mexican train with {set} is for {low}-{high} players, not {players!r}")
        values = {
            "_preset": preset,
            "players": players,
            "set": set,
            "rounds": SET_MAX_PIPS[set] + 1 if rounds is None else rounds,
            "hand_size": table_hand_size(set, players) if hand_size is None else hand_size,
            "first_turn": first_turn,
            "after_double": after_double,
            "double_blank": double_blank,
        }
        for name, value in values.items():
            object.__setattr__(self, name, value)
        self._validate()

    def _validate(self) -> None:
        def fail(message: str) -> None:
            raise RulesError(message)

        if not isinstance(self._preset, str) or self._preset not in (*PRESETS, CUSTOM):
            fail(f"unknown preset {self._preset!r}; choose one of {', '.join(PRESETS)}")
        most = self.max_pips + 1
        if not _is_int(self.rounds) or not 1 <= self.rounds <= most:
            fail(f"rounds must be a whole number from 1 to {most} with {self.set}, not {self.rounds!r}")
        if not _is_int(self.hand_size) or self.hand_size < 1:
            fail(f"hand_size must be a positive whole number, not {self.hand_size!r}")
        dealt = self.num_tiles - 1  # M2: the engine is out of the set before the deal
        if self.hand_size * self.players > dealt:
            fail(
                f"{self.players} hands of {self.hand_size} need {self.hand_size * self.players} tiles; "
                f"a {self.set} set has {dealt} without the engine (hand_size {dealt // self.players} at most)"
            )
        if self.first_turn not in ("one", "run"):
            fail(f"first_turn must be 'one' or 'run', not {self.first_turn!r}")
        if self.after_double not in ("anywhere", "cover"):
            fail(f"after_double must be 'anywhere' or 'cover', not {self.after_double!r}")
        if not _is_int(self.double_blank) or self.double_blank < 0:
            fail(f"double_blank must be a whole number >= 0, not {self.double_blank!r}")

    # ----------------------------------------------------------------- building

    @classmethod
    def preset_names(cls) -> tuple[str, ...]:
        return tuple(PRESETS)

    @classmethod
    def from_preset(cls, name: str = "mexican-train", players: int | None = None, **options: Any) -> Rules:
        """The rules of preset ``name`` for ``players`` players (4 if None), with ``options`` overriding.

        Also reached as ``Rules.preset(name, players=N, **options)``.
        """
        if name not in PRESETS:
            raise RulesError(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}")
        unknown = set(options) - set(cls.FIELDS) | (set(options) & {"preset", "players"})
        if unknown:
            raise RulesError(f"unknown option(s): {', '.join(sorted(unknown))}")
        values: dict[str, Any] = {"set": _PRESET_SET[name], **options}
        count = _DEFAULT_PLAYERS if players is None else players
        low, high = SETS.get(values["set"], (2, MAX_PLAYERS))
        if _is_int(count) and not low <= count <= high:
            raise RulesError(f"preset {name!r} is for {low}-{high} players, not {count}")
        rules = cls(preset=name, players=count, **values)
        return rules._named() if options else rules

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rebuild rules from ``to_dict`` output (as stored in a game record).

        Names the preset ``custom`` unless the options are that preset's.
        """
        unknown = set(data) - set(cls.FIELDS)
        if unknown:
            raise RulesError(f"unknown option(s): {', '.join(sorted(unknown))}")
        return cls(**data)._named()

    def _named(self) -> Rules:
        """These rules, named after their preset only when every option is that preset's (for the player count)."""
        if self._preset == CUSTOM:
            return self
        try:
            own = Rules.from_preset(self._preset, self.players)
        except RulesError:
            return self._replaced(preset=CUSTOM)
        return self if own == self else self._replaced(preset=CUSTOM)

    def _replaced(self, **options: Any) -> Rules:
        return Rules(**{**self.to_dict(), **options})

    def with_options(self, **options: Any) -> Rules:
        """These rules with ``options`` changed; the preset name goes to ``custom`` once they leave the preset."""
        unknown = set(options) - set(self.FIELDS)
        if unknown:
            raise RulesError(f"unknown option(s): {', '.join(sorted(unknown))}")
        return self._replaced(**options)._named()

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.FIELDS}

    # ----------------------------------------------------------------- value behaviour

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("rules are immutable: use with_options")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rules):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    def __hash__(self) -> int:
        return hash(tuple(self.to_dict().values()))

    def __repr__(self) -> str:
        return "Rules(" + ", ".join(f"{name}={value!r}" for name, value in self.to_dict().items()) + ")"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Rules.from_dict, (self.to_dict(),))

    # ----------------------------------------------------------------- what follows

    @property
    def max_pips(self) -> int:
        """The highest number of the set (12 for double-twelve)."""
        return SET_MAX_PIPS[self.set]

    @property
    def num_tiles(self) -> int:
        """M1: how many tiles the set has (91 for double-twelve, 55 for double-nine)."""
        return set_size(self.max_pips)

    @property
    def target(self) -> int:
        """How many rounds the game lasts (what ``core.match`` calls the target; M2, M8)."""
        return self.rounds

    @property
    def num_sides(self) -> int:
        """Every player plays for themself."""
        return self.players

    def side_of(self, player: int) -> int:
        return player

    def engine_of(self, number: int) -> int:
        """M2: the engine's number in round ``number`` (1 for the first): the highest double first."""
        if not 1 <= number <= self.rounds:
            raise RulesError(f"there is no round {number} in a game of {self.rounds}")
        return self.max_pips - (number - 1)

    def round_of(self, engine: int) -> int:
        """M2: which round has the double ``engine``-``engine`` for its engine (1 for the highest)."""
        return self.max_pips - engine + 1

    def first_player(self, number: int) -> int:
        """M3: who plays first in round ``number``: seat 0, then each round the seat to the left."""
        return (number - 1) % self.players


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
