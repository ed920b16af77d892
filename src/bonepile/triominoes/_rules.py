"""The rule options of Tri-Ominos and their presets (rule sheet, 'The options and each preset's values').

One frozen ``Rules`` value holds every option; a preset is only a set of
defaults, and every difference between presets is an option, so a user can
mix them (``Rules.from_preset("pressman", 3, play_out_cycle=True)``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from bonepile.core.errors import RulesError

Start = Literal["highest_triple", "draw_one", "draw_until_triple"]
MultiHexagon = Literal["goliath", "per_ring"]
Bridge = Literal["strict"]
BlockedWinner = Literal["fewest_tiles", "lowest_total"]

PRESETS: dict[str, str] = {
    "pressman": "highest triple starts with a bonus, 3 draws at most, 400 to win",
    "goliath": "draw-one to choose who starts, voluntary buying, double hexagon 60, last turn cycle played out",
    "classic": "draw until you can play (no cap), draw until a triple shows to start",
}
"""Presets with their one-line descriptions (the rule sheet's table)."""

MIN_PLAYERS, MAX_PLAYERS = 2, 6


class StartBonus(NamedTuple):
    """T3's start bonuses, paid on the opening tile.

    ``opening`` when the opening tile is a triple; ``zero_triple`` more when
    it is 0-0-0; ``shown`` more when it is 0-0-0 and the opener shows (holds) a
    higher triple. Pressman: (10, 30, 10); goliath: (0, 0, 0); classic: (0, 30, 0).
    """

    opening: int = 0
    zero_triple: int = 0
    shown: int = 0

    def __str__(self) -> str:
        return f"{self.opening}/{self.zero_triple}/{self.shown}"


_PRESSMAN_START_BONUS = StartBonus(10, 30, 10)

_PRESET_VALUES: dict[str, dict[str, Any]] = {
    "pressman": {
        "start": "highest_triple",
        "start_bonus": _PRESSMAN_START_BONUS,
        "voluntary_draw": False,
        "max_draws": 3,
        "failed_draw_penalty": 10,
        "empty_pool_pass_penalty": 10,
        "play_out_cycle": False,
        "blocked_winner": "fewest_tiles",
    },
    "goliath": {
        "start": "draw_one",
        "start_bonus": StartBonus(0, 0, 0),
        "voluntary_draw": True,
        "max_draws": 3,
        "failed_draw_penalty": 10,
        "empty_pool_pass_penalty": 0,
        "play_out_cycle": True,
        "blocked_winner": "lowest_total",
    },
    "classic": {
        "start": "draw_until_triple",
        "start_bonus": StartBonus(0, 30, 0),
        "voluntary_draw": False,
        "max_draws": None,
        "failed_draw_penalty": 0,
        "empty_pool_pass_penalty": 0,
        "play_out_cycle": False,
        "blocked_winner": "lowest_total",
    },
}


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of the rule sheet; build one with ``Rules.from_preset``.

    Penalties are the points taken away (whole numbers >= 0). ``max_draws``
    None means no cap (draw until a tile can be placed); ``turn_time_limit``
    None means no time limit, else seconds (the engine measures no time: a
    front end calls ``turn_time_out`` when the clock runs out).
    """

    preset: str = "pressman"
    players: int = 2
    start: Start = "highest_triple"
    start_bonus: StartBonus = _PRESSMAN_START_BONUS
    voluntary_draw: bool = False
    max_draws: int | None = 3
    draw_penalty: int = 5
    failed_draw_penalty: int = 10
    empty_pool_pass_penalty: int = 10
    multi_hexagon: MultiHexagon = "goliath"
    bridge: Bridge = "strict"
    play_out_cycle: bool = False
    blocked_winner: BlockedWinner = "fewest_tiles"
    going_out_bonus: int = 25
    target: int = 400
    turn_time_limit: float | None = None

    def __post_init__(self) -> None:
        bonus = self.start_bonus
        if not isinstance(bonus, StartBonus):
            object.__setattr__(self, "start_bonus", _start_bonus(bonus))
        self._validate()

    @classmethod
    def preset_names(cls) -> tuple[str, ...]:
        return tuple(PRESETS)

    @classmethod
    def from_preset(cls, name: str = "pressman", players: int | None = None, **options: Any) -> Rules:
        """The rules of preset ``name`` for ``players`` players (default 2), with ``options`` overriding."""
        if name not in PRESETS:
            raise RulesError(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}")
        values: dict[str, Any] = {"preset": name, "players": 2 if players is None else players}
        values.update(_PRESET_VALUES[name])
        known = {f.name for f in dataclasses.fields(cls)} - {"preset", "players"}
        unknown = set(options) - known
        if unknown:
            raise RulesError(
                f"unknown option(s): {', '.join(sorted(unknown))}; the options are {', '.join(sorted(known))}"
            )
        values.update(options)
        return cls(**values)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rebuild rules from ``to_dict`` output (as stored in a game record)."""
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise RulesError(f"unknown option(s): {', '.join(sorted(unknown))}")
        return cls(**dict(data))

    def to_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready values (``start_bonus`` as a list of three numbers)."""
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        data["start_bonus"] = list(self.start_bonus)
        return data

    def with_options(self, **options: Any) -> Rules:
        return dataclasses.replace(self, **options)

    @property
    def hand_size(self) -> int:
        """T2: 9 tiles each for 2 players, 7 for 3-4, 6 for 5-6."""
        return 9 if self.players == 2 else 7 if self.players <= 4 else 6

    @property
    def num_sides(self) -> int:
        return self.players

    def side_of(self, player: int) -> int:
        """Every player scores for themself (there are no teams in Tri-Ominos)."""
        return player

    def _validate(self) -> None:
        def fail(message: str) -> None:
            raise RulesError(message)

        def whole(value: object) -> bool:
            return isinstance(value, int) and not isinstance(value, bool)

        if self.preset not in PRESETS:
            fail(f"unknown preset {self.preset!r}; choose one of {', '.join(PRESETS)}")
        if not whole(self.players) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            fail(f"Tri-Ominos is for {MIN_PLAYERS}-{MAX_PLAYERS} players (T2), not {self.players!r}")
        if self.start not in ("highest_triple", "draw_one", "draw_until_triple"):
            fail(f"start must be 'highest_triple', 'draw_one' or 'draw_until_triple', not {self.start!r}")
        if not all(whole(v) and v >= 0 for v in self.start_bonus):
            fail(f"start_bonus must be three whole numbers >= 0, not {tuple(self.start_bonus)!r}")
        if not isinstance(self.voluntary_draw, bool):
            fail(f"voluntary_draw must be true or false, not {self.voluntary_draw!r}")
        if self.max_draws is not None and (not whole(self.max_draws) or self.max_draws < 1):
            fail(f"max_draws must be a whole number >= 1 or None (no cap), not {self.max_draws!r}")
        for name in ("draw_penalty", "failed_draw_penalty", "empty_pool_pass_penalty", "going_out_bonus"):
            value = getattr(self, name)
            if not whole(value) or value < 0:
                fail(f"{name} must be a whole number >= 0 (points), not {value!r}")
        if self.multi_hexagon not in ("goliath", "per_ring"):
            fail(f"multi_hexagon must be 'goliath' (50/60/70) or 'per_ring' (50 each), not {self.multi_hexagon!r}")
        if self.bridge != "strict":
            fail(f"bridge must be 'strict' (the only bridge rule defined), not {self.bridge!r}")
        if not isinstance(self.play_out_cycle, bool):
            fail(f"play_out_cycle must be true or false, not {self.play_out_cycle!r}")
        if self.blocked_winner not in ("fewest_tiles", "lowest_total"):
            fail(f"blocked_winner must be 'fewest_tiles' or 'lowest_total', not {self.blocked_winner!r}")
        if not whole(self.target) or self.target < 1:
            fail(f"target must be a positive whole number, not {self.target!r}")
        limit = self.turn_time_limit
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int | float) or not limit > 0):
            fail(f"turn_time_limit must be a number of seconds > 0 or None, not {limit!r}")


def _start_bonus(value: object) -> StartBonus:
    """Accept ``10`` (opening only), ``[10, 30, 10]`` or ``{"opening": 10, ...}`` for ``start_bonus``."""
    if isinstance(value, int) and not isinstance(value, bool):
        return StartBonus(value, 0, 0)
    if isinstance(value, Mapping):
        unknown = set(value) - set(StartBonus._fields)
        if unknown:
            raise RulesError(f"start_bonus has no part(s) {', '.join(sorted(map(str, unknown)))}")
        return StartBonus(**value)
    if isinstance(value, Sequence) and not isinstance(value, str) and len(value) == 3:
        return StartBonus(*value)
    raise RulesError(f"start_bonus must be a number or three numbers (opening, zero_triple, shown), not {value!r}")
