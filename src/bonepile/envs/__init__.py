"""Reinforcement-learning environments for both games (the ``rl`` extra: gymnasium, pettingzoo).

* ``aec_env(game, **rules)``: a PettingZoo AEC environment, ``game`` being
  ``"dominoes"`` or ``"triominoes"``, with any preset and player count
  (``aec_env("dominoes", preset="block", players=2)``);
* ``parallel_env(game, **rules)``: the same as a PettingZoo parallel env;
* Gymnasium ids ``bonepile/Dominoes-v0`` and ``bonepile/TriOminos-v0``
  (registered by importing this package): the learner plays one seat, the
  AI registry's agents the others.

See docs/research.md for the encodings and a worked example.
"""

from __future__ import annotations

from typing import Any

import gymnasium

from bonepile.envs._aec import BonepileAEC
from bonepile.envs._gym import BonepileGymEnv
from bonepile.envs._parallel import BonepileParallel

GYM_IDS = {"dominoes": "bonepile/Dominoes-v0", "triominoes": "bonepile/TriOminos-v0"}


def aec_env(game: str = "dominoes", **rules: Any) -> BonepileAEC:
    """A PettingZoo AEC environment for ``game`` with ``rules`` (preset, players, options; see ``BonepileAEC``)."""
    return BonepileAEC(game, **rules)


def parallel_env(game: str = "dominoes", **rules: Any) -> BonepileParallel:
    """The parallel view of ``aec_env`` (one step: one round of turns)."""
    return BonepileParallel(game, **rules)


for _game, _id in GYM_IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point="bonepile.envs._gym:BonepileGymEnv", kwargs={"game": _game})

__all__ = ["GYM_IDS", "BonepileAEC", "BonepileGymEnv", "BonepileParallel", "aec_env", "parallel_env"]
