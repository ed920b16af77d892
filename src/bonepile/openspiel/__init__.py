"""OpenSpiel games for both bonepile games: ``import bonepile.openspiel`` registers them with ``pyspiel``.

    >>> import pyspiel, bonepile.openspiel
    >>> game = pyspiel.load_game("python_bonepile_dominoes(preset=block,players=2)")

``python_bonepile_dominoes`` takes ``preset`` and ``players`` and passes the
other rule options through (``set``, ``hand_size``, ``leader``,
``next_hand_leader``, ``boneyard_reserve``, ``hand_score``);
``python_bonepile_triominoes`` likewise (``start``, ``max_draws``, the
penalties, ...). ``utility=points`` gives the raw points instead of zero-sum
returns. One state is one hand (Dominoes) or one round (Tri-Ominos); see
``_game`` for the chance nodes and docs/research.md for the encodings.

Needs the ``peers`` extra (open_spiel) and numpy.
"""

from __future__ import annotations

try:
    import pyspiel
except ImportError as error:  # pragma: no cover - the peers extra is installed for the tests
    raise ImportError("bonepile.openspiel needs open_spiel: pip install 'bonepile[peers]'") from error

from bonepile.openspiel._game import BonepileState, game_classes
from bonepile.openspiel._tables import DOMINOES_PARAMETERS, TRIOMINOES_PARAMETERS, dominoes_table, triominoes_table

DOMINOES = "python_bonepile_dominoes"
TRIOMINOES = "python_bonepile_triominoes"

_dominoes_type, DominoesGame = game_classes(DOMINOES, "bonepile Dominoes", DOMINOES_PARAMETERS, dominoes_table, 4)
_triominoes_type, TriominoesGame = game_classes(
    TRIOMINOES, "bonepile Tri-Ominos", TRIOMINOES_PARAMETERS, triominoes_table, 6
)
for _type, _class in ((_dominoes_type, DominoesGame), (_triominoes_type, TriominoesGame)):
    if _type.short_name not in pyspiel.registered_names():
        pyspiel.register_game(_type, _class)

__all__ = ["DOMINOES", "TRIOMINOES", "BonepileState", "DominoesGame", "TriominoesGame"]
