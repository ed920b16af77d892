"""The registry of games: how front ends and tools find an engine by name.

Front ends ask here instead of importing an engine directly, so adding a game
means adding one entry.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bonepile.core.errors import RecordError, RulesError


@dataclass(frozen=True)
class GameInfo:
    name: str
    presets: dict[str, str]
    """Preset name -> one-line description."""
    default_preset: str
    players: tuple[int, int]
    new_game: Callable[..., Any]
    """``new_game(preset, players, seed, **options)`` -> a game object."""
    replay: Callable[[dict[str, Any]], Any]
    """Rebuild a game from its record, raising ``RecordError``."""


def _dominoes() -> GameInfo:
    from bonepile import dominoes

    return GameInfo(
        name="dominoes",
        presets=dict(dominoes.PRESETS),
        default_preset="draw",
        players=(2, 4),
        new_game=dominoes.Game.new,
        replay=dominoes.replay,
    )


def _triominoes() -> GameInfo:
    from bonepile import triominoes

    return GameInfo(
        name="triominoes",
        presets=dict(triominoes.PRESETS),
        default_preset="pressman",
        players=(2, 6),
        new_game=triominoes.Game.new,
        replay=triominoes.replay,
    )


_LOADERS: dict[str, Callable[[], GameInfo]] = {"dominoes": _dominoes, "triominoes": _triominoes}


def register(name: str, loader: Callable[[], GameInfo]) -> None:
    _LOADERS[name] = loader


def game_info(name: str) -> GameInfo:
    loader = _LOADERS.get(name)
    if loader is None:
        raise RulesError(f"unknown game {name!r}; choose one of {', '.join(_LOADERS)}")
    return loader()


def replay_record(record: dict[str, Any]) -> Any:
    """Replay a record of any game, dispatching on its ``game`` field."""
    name = record.get("game") if isinstance(record, dict) else None
    if not isinstance(name, str) or name not in _LOADERS:
        raise RecordError(f"unknown game in record: {name!r}; known games: {', '.join(_LOADERS)}")
    return game_info(name).replay(record)
