"""What the web app offers: the games, their presets and player counts, and the AI levels that play each.

Everything here is asked of the engines and the AI registry, never restated:
a preset's player range is found by asking the engine which counts it
accepts, and an AI level is offered for a game only if its agent can be built
for that game (some agents play Dominoes only).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from bonepile.ai.base import ALIASES, agent_names, make_agent
from bonepile.core.errors import BonepileError
from bonepile.games import GameKind, game_kind, game_names, kinds
from bonepile.i18n import N_, _
from bonepile.web.errors import ApiError
from bonepile.web.views import PROTOCOL, presenter

__all__ = ["PROTOCOL", "catalog", "default_level", "hint_level", "info", "levels", "resolve_level", "titles"]


def titles() -> dict[str, str]:
    """The games the web app offers (every game of the registry), with their titles in the reader's language."""
    return {kind.name: _(kind.title) for kind in kinds()}


LEVEL_LABELS = {
    # TRANSLATORS: a level of the computer player (the easiest).
    "easy": N_("Easy"),
    # TRANSLATORS: a level of the computer player.
    "medium": N_("Medium"),
    # TRANSLATORS: a level of the computer player.
    "hard": N_("Hard"),
    # TRANSLATORS: a level of the computer player (the strongest).
    "expert": N_("Expert"),
}
"""The friendly levels' labels, in English (``Level.to_json`` says them in the reader's language)."""


@dataclass(frozen=True, slots=True)
class Level:
    level: str
    agent: str
    label: str
    """In English, as the catalogs have it: ``to_json`` translates it (``levels`` is cached for every reader)."""

    def to_json(self) -> dict[str, str]:
        return {"level": self.level, "agent": self.agent, "label": _(self.label)}


def info(game: str) -> GameKind:
    """The registry entry of an offered game, or ``400 bad_rules``."""
    if game not in game_names():
        raise ApiError(
            400,
            "bad_rules",
            # TRANSLATORS: {game} is the name a client sent, in quotes; {games} lists the games' names.
            _("unknown game {game}; choose one of {games}", game=repr(game), games=", ".join(game_names())),
        )
    return game_kind(game)


def _plays(agent: str, game: str) -> bool:
    try:
        make_agent(agent, game, 0)
    except BonepileError:
        return False
    return True


@functools.cache
def levels(game: str) -> tuple[Level, ...]:
    """The friendly levels (easy, medium, hard, expert) whose agent plays ``game``, easiest first."""
    return tuple(
        Level(alias, agent, LEVEL_LABELS.get(alias, alias.capitalize()))
        for alias, agent in ALIASES.items()
        if _plays(alias, game)
    )


def default_level(game: str) -> str:
    """The level a new AI seat gets: medium where it plays the game, else the strongest below it (a game
    whose only agent is ``random`` has "easy" alone)."""
    offered = [level.level for level in levels(game)]
    if not offered:
        # TRANSLATORS: {game} is a game's title.
        raise ApiError(400, "bad_rules", _("no AI plays {game} yet", game=_(game_kind(game).title)))
    below = [level for level in offered if list(ALIASES).index(level) <= list(ALIASES).index("medium")]
    return "medium" if "medium" in offered else (below or offered)[-1]


def hint_level(game: str) -> str:
    """Hints come from the strongest level that plays the game."""
    return levels(game)[-1].level


def resolve_level(game: str, level: str | None) -> str:
    """An AI level for ``game`` as given (a level or an agent name), checked; the default when None."""
    if level is None:
        return default_level(game)
    if level not in agent_names() or not _plays(level, game):
        offered = ", ".join(entry.level for entry in levels(game))
        raise ApiError(
            400,
            "bad_rules",
            # TRANSLATORS: {level} is the level a client sent, in quotes; {game} a game's title; {levels} lists levels.
            _(
                "no AI level {level} for {game}; choose one of {levels}",
                level=repr(level),
                game=_(game_kind(game).title),
                levels=offered,
            ),
        )
    return level


@functools.cache
def preset_players(game: str, preset: str) -> tuple[int, int, int]:
    """(fewest, most, default) players of a preset, found by asking the engine which counts it accepts."""
    entry = game_kind(game)
    low, high = entry.players
    accepted = []
    for count in range(low, high + 1):
        try:
            entry.new_game(preset, count, 0)
        except BonepileError:
            continue
        accepted.append(count)
    default = entry.new_game(preset, None, 0).num_players
    return min(accepted), max(accepted), int(default)


def tile_sets(game: str) -> list[dict[str, Any]]:
    """The sets of tiles the table offers for a game, the default first (the game's presenter says)."""
    return presenter(game).tile_sets()


def catalog() -> dict[str, Any]:
    """The answer of ``GET /api/games/catalog``."""
    games = []
    for entry in kinds():
        name, title = entry.name, entry.title
        presets = []
        for preset, description in entry.presets.items():
            low, high, default = preset_players(name, preset)
            presets.append(
                {
                    "name": preset,
                    "description": _(description),
                    "players": {"min": low, "max": high, "default": default},
                }
            )
        face = presenter(name).face()
        games.append(
            {
                "name": name,
                "title": _(title),
                **face.to_json(),
                "goal_option": face.goal_option,
                "art": list(face.art),
                "default_preset": entry.default_preset,
                "players": {"min": entry.players[0], "max": entry.players[1]},
                "presets": presets,
                "sets": tile_sets(name),
                "ai_levels": [level.to_json() for level in levels(name)],
                "default_level": default_level(name),
                "hint_level": hint_level(name),
            }
        )
    return {"protocol": PROTOCOL, "games": games}
