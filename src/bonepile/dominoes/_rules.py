"""The rule options of Dominoes and their presets (rule sheet, 'The options and each preset's values').

One frozen ``Rules`` value holds every option; a preset is only a set of
defaults. Variants are never copies of the engine.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from bonepile.core.errors import RulesError
from bonepile.dominoes._tiles import SET_MAX_PIPS, set_size

Leader = Literal["highest_double", "first_seat"]
NextHandLeader = Literal["rule", "winner"]
HandScore = Literal["opponents_minus_own", "opponents", "all", "all_fives"]

PRESETS: dict[str, str] = {
    "draw": "2-4 players, draw from the boneyard until you can play, lightest hand scores, 100 to win",
    "draw-reserve": "2 players, no drawing once the stock holds 2 tiles or fewer",
    "block": "no drawing at all: a player who cannot play passes",
    "partnership": "seats 1 & 3 against 2 & 4, the team's points pooled",
    "all-fives": "scores multiples of five at the open ends during play; first double is a spinner (four ends)",
}
"""The presets, with their one-line descriptions (rule sheet, the table of presets)."""

_PLAYER_RANGE: dict[str, tuple[int, int]] = {
    "draw": (2, 4),
    "draw-reserve": (2, 2),
    "block": (2, 4),
    "partnership": (4, 4),
    "all-fives": (2, 4),
}
_DEFAULT_PLAYERS = {"draw": 2, "draw-reserve": 2, "block": 2, "partnership": 4, "all-fives": 2}


CUSTOM = "custom"
"""``Rules.preset`` of rules whose options are no preset's (a preset with options changed)."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Every option of the rule sheet; build one with ``Rules.from_preset``."""

    preset: str = "draw"
    players: int = 2
    set: str = "double-six"
    hand_size: int = 7
    leader: Leader = "highest_double"
    next_hand_leader: NextHandLeader = "rule"
    drawing: bool = True
    boneyard_reserve: int = 0
    hand_score: HandScore = "opponents_minus_own"
    teams: bool = False
    spinner: bool = False
    target: int = 100

    def __post_init__(self) -> None:
        self._validate()
        self._refuse_contradictions()

    def _refuse_contradictions(self) -> None:
        """Options each valid alone that make no sense together (each option alone: ``_validate``)."""
        if self.boneyard_reserve and not self.drawing:
            raise RulesError(
                f"boneyard_reserve {self.boneyard_reserve} keeps tiles back from drawing, but drawing is off (D5)"
            )

    @classmethod
    def preset_names(cls) -> tuple[str, ...]:
        return tuple(PRESETS)

    @classmethod
    def from_preset(cls, name: str = "draw", players: int | None = None, **options: Any) -> Rules:
        """The rules of preset ``name`` for ``players`` players, with ``options`` overriding."""
        if name not in PRESETS:
            raise RulesError(f"unknown preset {name!r}; choose one of {', '.join(PRESETS)}")
        low, high = _PLAYER_RANGE[name]
        count = _DEFAULT_PLAYERS[name] if players is None else players
        if not low <= count <= high:
            allowed = str(low) if low == high else f"{low}-{high}"
            raise RulesError(f"preset {name!r} is for {allowed} players, not {count}")
        values: dict[str, Any] = {"preset": name, "players": count}
        if name == "draw":
            values["hand_size"] = 7 if count == 2 else 5
        elif name == "draw-reserve":
            values["boneyard_reserve"] = 2
        elif name == "block":
            values["drawing"] = False
        elif name == "partnership":
            values.update(drawing=False, hand_score="all", teams=True)
        elif name == "all-fives":
            values.update(hand_size=7 if count == 2 else 5, hand_score="all_fives", spinner=True, target=150)
        unknown = set(options) - {f.name for f in dataclasses.fields(cls)} | (set(options) & {"preset", "players"})
        if unknown:
            raise RulesError(f"unknown option(s): {', '.join(sorted(unknown))}")
        values.update(options)
        return cls(**values)._named() if options else cls(**values)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rebuild rules from ``to_dict`` output (as stored in a game record).

        Refuses options that contradict each other (a boneyard reserve without
        drawing); names the preset ``custom`` unless the options are that preset's.
        """
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise RulesError(f"unknown option(s): {', '.join(sorted(unknown))}")
        return cls(**data)._named()

    def _named(self) -> Rules:
        """These rules, named after their preset only when every option is that preset's (for the player count).

        Otherwise ``preset`` is ``custom``: a record or a screen that says ``block`` means block's rules, never
        block with a changed set or target.
        """
        if self.preset == CUSTOM:
            return self
        try:
            own = Rules.from_preset(self.preset, self.players)
        except RulesError:
            return dataclasses.replace(self, preset=CUSTOM)
        return self if own == self else dataclasses.replace(self, preset=CUSTOM)

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def with_options(self, **options: Any) -> Rules:
        """These rules with ``options`` changed; the preset name goes to ``custom`` once they leave the preset."""
        return dataclasses.replace(self, **options)._named()

    @property
    def max_pips(self) -> int:
        return SET_MAX_PIPS[self.set]

    @property
    def num_tiles(self) -> int:
        return set_size(self.max_pips)

    @property
    def num_sides(self) -> int:
        return 2 if self.teams else self.players

    @property
    def scores_during_play(self) -> bool:
        """Whether a play scores the count at the open ends when it is a multiple of five (D7, all-fives)."""
        return self.hand_score == "all_fives"

    def may_draw(self, boneyard_size: int) -> bool:
        """D5: whether a player with no play may draw from a boneyard of ``boneyard_size`` tiles.

        The one statement of the drawing rule: the engine's legal moves and its
        blocked-hand test ask it, and so does the AI, from what it observes.
        """
        return self.drawing and boneyard_size > self.boneyard_reserve

    def side_of(self, player: int) -> int:
        """The side (team in a partnership, else the player) that ``player`` scores for."""
        return player % 2 if self.teams else player

    def members(self, side: int) -> tuple[int, ...]:
        """The players who score for ``side``: one player, or both partners in a partnership (D7)."""
        return tuple(range(side, self.players, 2)) if self.teams else (side,)  # ``side_of`` the other way round

    def side_totals(self, per_player: Sequence[int]) -> tuple[int, ...]:
        """Add up a per-player count (pips, say) by side: partners' hands count together (D7)."""
        if not self.teams:
            return tuple(per_player)  # each player is a side (``side_of``)
        totals = [0, 0]
        for player, count in enumerate(per_player):
            totals[player % 2] += count
        return tuple(totals)

    def _validate(self) -> None:
        def fail(message: str) -> None:
            raise RulesError(message)

        if self.set not in SET_MAX_PIPS:
            fail(f"unknown set {self.set!r}; choose one of {', '.join(SET_MAX_PIPS)}")
        if not isinstance(self.players, int) or not 2 <= self.players <= 4:
            fail(f"dominoes is for 2-4 players, not {self.players!r}")
        if not isinstance(self.hand_size, int) or self.hand_size < 1:
            fail(f"hand_size must be a positive whole number, not {self.hand_size!r}")
        if self.hand_size * self.players > self.num_tiles:
            fail(
                f"{self.players} hands of {self.hand_size} need {self.hand_size * self.players} tiles; "
                f"a {self.set} set has {self.num_tiles} (hand_size {self.num_tiles // self.players} at most)"
            )
        if self.leader not in ("highest_double", "first_seat"):
            fail(f"leader must be 'highest_double' or 'first_seat', not {self.leader!r}")
        if self.next_hand_leader not in ("rule", "winner"):
            fail(f"next_hand_leader must be 'rule' or 'winner', not {self.next_hand_leader!r}")
        if not isinstance(self.drawing, bool):
            fail(f"drawing must be true or false, not {self.drawing!r}")
        if not isinstance(self.boneyard_reserve, int) or self.boneyard_reserve < 0:
            fail(f"boneyard_reserve must be a whole number >= 0, not {self.boneyard_reserve!r}")
        if self.hand_score not in ("opponents_minus_own", "opponents", "all", "all_fives"):
            fail(
                f"hand_score must be 'opponents_minus_own', 'opponents', 'all' or 'all_fives', not {self.hand_score!r}"
            )
        if self.teams and self.players != 4:
            fail(f"teams need exactly 4 players, not {self.players}")
        if not isinstance(self.spinner, bool):
            fail(f"spinner must be true or false, not {self.spinner!r}")
        if not isinstance(self.target, int) or self.target < 1:
            fail(f"target must be a positive whole number, not {self.target!r}")
