"""OpenSpiel games for every bonepile game that has one: ``import bonepile.openspiel`` registers them with ``pyspiel``.

    >>> import pyspiel, bonepile.openspiel
    >>> game = pyspiel.load_game("python_bonepile_dominoes(preset=block,players=2)")

Each game of the registry (``bonepile.games``) whose ``openspiel`` names a
module is registered from that module's ``SHORT_NAME``, ``LONG_NAME``,
``PARAMETERS``, ``table`` and ``MAX_PLAYERS``, and its short name and game
class are importable from here by the names its ``EXPORTS`` gives
(``DOMINOES`` and ``DominoesGame``, ``TRIOMINOES`` and ``TriominoesGame``,
``MEXICAN_TRAIN`` and ``MexicanTrainGame``).

``python_bonepile_dominoes`` takes ``preset`` and ``players`` and passes the
other rule options through (``set``, ``hand_size``, ``leader``,
``next_hand_leader``, ``boneyard_reserve``, ``hand_score``);
``python_bonepile_triominoes`` likewise (``start``, ``max_draws``, the
penalties, ...), and ``python_bonepile_mexican_train`` (``round``, ``set``,
``hand_size``, ``first_turn``, ``after_double``, ``double_blank``).
``utility=points`` gives the raw points instead of zero-sum returns. One state
is one hand (Dominoes) or one round (Tri-Ominos, Mexican Train); see
``_game`` for the chance nodes and docs/research.md for the encodings.

Needs the ``peers`` extra (open_spiel) and numpy.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, cast

try:
    import pyspiel
except ImportError as error:  # pragma: no cover - the peers extra is installed for the tests
    raise ImportError("bonepile.openspiel needs open_spiel: pip install 'bonepile[peers]'") from error

from bonepile.games import kinds, load
from bonepile.openspiel._game import BonepileState, game_classes
from bonepile.openspiel._table import Table


class GameModule(Protocol):
    """What a game's OpenSpiel module (its registry entry's ``openspiel``) gives."""

    SHORT_NAME: str
    LONG_NAME: str
    PARAMETERS: dict[str, Any]
    MAX_PLAYERS: int
    EXPORTS: Mapping[str, str]
    """The names this package gives the game's ``short_name`` and its ``game_class``."""

    @property
    def table(self) -> Callable[[dict[str, Any]], Table[Any, Any]]: ...


def _register(module: GameModule) -> dict[str, object]:
    """Register one game with ``pyspiel`` (once) and return the names this package exports for it."""
    game_type, game_class = game_classes(
        module.SHORT_NAME, module.LONG_NAME, module.PARAMETERS, module.table, module.MAX_PLAYERS
    )
    if game_type.short_name not in pyspiel.registered_names():
        pyspiel.register_game(game_type, game_class)
    return {module.EXPORTS["short_name"]: module.SHORT_NAME, module.EXPORTS["game_class"]: game_class}


_EXPORTS: dict[str, object] = {}
for _kind in kinds():
    if _kind.openspiel is not None:
        _EXPORTS.update(_register(cast(GameModule, load(_kind.openspiel))))
globals().update(_EXPORTS)

__all__ = ["BonepileState", "GameModule", *_EXPORTS]
